"""The tables and the store together: every deal ends up in the history once, with its XP
on the result panel; a surrender is a loss without XP; a full disk never stops play."""
from __future__ import annotations

import errno

import pytest

from game.app import CardClubWindow
from game.games.durak.table import DurakTable
from game.scenes.menu import MenuView
from game.store import files, history, saves
from game.tools.drive import pump

from .ui_helpers import tap

pytestmark = pytest.mark.ui


def play_out(app: CardClubWindow, view: DurakTable) -> None:
    g = view.session.game
    for _ in range(4000):
        if view.result_visible:
            return
        if g.current_player == 0 and view.human_to_act and not view.animating:
            view.play(g.legal_moves()[0])
        pump(app)


def test_a_finished_deal_is_recorded_once_with_its_xp(app: CardClubWindow) -> None:
    view = DurakTable(app, seed=4)
    app.show_view(view)
    play_out(app, view)
    assert view.result_visible
    rows = history.deals("durak")
    assert len(rows) == 1
    row = rows[0]
    outcome = view.session.game.outcomes(view.session.game.result() or [])[0]
    assert row.outcome == outcome and row.xp == view.xp_gained and row.xp > 0
    assert f"{view.xp_gained} XP" in view.result_panel.text.text.text
    view.dialogs.show_result()                                  # shown again: not counted again
    assert history.count_deals("durak") == 1
    assert history.profile().xp == row.xp
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    assert f"{row.xp} XP" in menu.profile_label.text.text


def test_surrender_is_a_loss_without_xp(app: CardClubWindow) -> None:
    view = DurakTable(app, seed=5)
    app.show_view(view)
    pump(app, 3)
    view.pause()
    tap(app, *(lambda b: (b.cx, b.cy))(view.dialogs.pause_panel.buttons.by_name("surrender")))
    yes = view.dialogs.confirm.buttons.by_name("yes")
    tap(app, yes.cx, yes.cy)
    assert view.session.surrendered and view.result_visible
    rows = history.deals("durak")
    assert len(rows) == 1 and rows[0].outcome == "loss" and rows[0].xp == 0
    assert rows[0].surrendered
    assert not saves.exists("durak")


def test_a_full_disk_is_told_once_and_play_goes_on(app: CardClubWindow,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app.think_scale = 1000.0
    view = DurakTable(app, seed=next(s for s in range(200)
                                     if DurakTable(app, seed=s).session.game.attacker == 0))
    app.show_view(view)
    pump(app, 3)

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    g = view.session.game
    view.play(g.legal_moves()[0])
    assert len(view.session.journal.moves) == 1                  # the move was played
    files.writer.flush()                                 # the save failed on its thread
    pump(app, 2)
    shown = view.hud.status.text.text
    assert shown and "Traceback" not in shown and view.hud.message_left > 0
    view.hud.message_left = 0
    view.message = ""
    view.refresh()
    if g.current_player == 0 and not g.is_over:
        view.play(g.legal_moves()[0])
        files.writer.flush()
        pump(app, 2)
        assert view.message == ""                       # told once, not at every move
    files.reset_problems()
