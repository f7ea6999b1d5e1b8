"""Hint and Undo at every table, through real input: the hinted cards lift (or the
button glows), Enter plays the hint, Ctrl+Z and the Undo button take the deal back, an
assisted deal says so on the result panel, and the setting off hides both."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.scenes.table_view import HUMAN
from game.tools.drive import pump

from .ui_helpers import tap

pytestmark = pytest.mark.ui
K = arcade.key
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 2})]


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's hard level thinks a fixed, small number of iterations."""
    from game.ai import levels

    for key, _ in TABLES:
        table = levels(key)
        hard = {k: v for k, v in table["hard"].items() if k != "budget"}
        monkeypatch.setitem(table, "hard", hard | {"iterations": 30})


def open_at_human_turn(app: CardClubWindow, key: str, options: dict[str, Any]) -> Any:
    from game.scenes.tables import table_class

    app.think_scale = 0.0
    view = table_class(key)(app, seed=6, options=options)
    app.show_view(view)
    for _ in range(3000):
        pump(app)
        if view.human_to_act and not view.animating:
            break
    assert view.human_to_act
    app.think_scale = 1000.0          # the computers wait while the test looks
    return view


def wait_hint(app: CardClubWindow, view: Any) -> None:
    for _ in range(900):
        pump(app)
        if not view.session.hinting:
            break
    pump(app, 2)


def key(app: CardClubWindow, k: int, mod: int = 0) -> None:
    app.dispatch_event("on_key_press", k, mod)
    app.dispatch_event("on_key_release", k, mod)
    pump(app, 2)


@pytest.mark.parametrize("game, options", TABLES)
def test_hint_lifts_the_move_and_enter_plays_it(app: CardClubWindow, quick_hard: None,
                                                 game: str, options: dict[str, Any]) -> None:
    view = open_at_human_turn(app, game, options)
    hint = view.bar.by_name("hint")
    assert hint.visible
    tap(app, hint.cx, hint.cy)
    wait_hint(app, view)
    move = view.help.hinted
    assert move is not None and move in view.human_moves()
    picks = sorted(view.picks(move))
    if picks:
        assert sorted(view.selection()) == picks             # its cards are lifted
        for tok in view.selected:
            sp = view.sprites[tok.id]
            assert sp.center_y > view.slot(tok.place, tok.index, tok.count)[1]
    else:
        assert view.help.hinted_button is not None and view.help.hinted_button.visible
    assert view.hud.status.text.text.startswith("Hint: ")
    assert view.session.assists["hints"] == 1
    before = len(view.session.journal.moves)
    key(app, K.ENTER)                                        # Enter plays the hint
    assert view.session.journal.moves[before] == str(move)


@pytest.mark.parametrize("game, options", TABLES)
def test_ctrl_z_takes_the_deal_back_to_your_previous_decision(
        app: CardClubWindow, game: str, options: dict[str, Any]) -> None:
    view = open_at_human_turn(app, game, options)
    assert not view.bar.by_name("undo").visible              # nothing to undo yet
    state, moves = view.session.game.to_dict(), list(view.session.journal.moves)
    view.play(view.human_moves()[0])
    app.think_scale = 0.0
    for _ in range(3000):                                    # the computers answer
        pump(app)
        if (view.human_to_act and not view.animating) or view.session.is_over:
            break
    app.think_scale = 1000.0
    assert view.bar.by_name("undo").visible
    key(app, K.Z, K.MOD_CTRL)
    assert view.session.game.to_dict() == state and view.session.journal.moves == moves
    assert view.human_to_act and view.session.assists["undos"] == 1
    pump(app, 40)                                            # the cards fly back
    hand = sorted(t.card for t in view.tokens_at(f"hand{HUMAN}") if t.up)
    assert hand == sorted(view.obs["hand"])


def test_the_undo_button_and_the_pause_menu_undo(app: CardClubWindow) -> None:
    view = open_at_human_turn(app, "durak", {})
    view.play(view.human_moves()[0])
    app.think_scale = 0.0
    for _ in range(3000):
        pump(app)
        if view.human_to_act and not view.animating:
            break
    first = len(view.session.journal.moves)
    view.play(view.human_moves()[0])
    pump(app, 2)
    undo = view.bar.by_name("undo")
    tap(app, undo.cx, undo.cy)
    assert len(view.session.journal.moves) == first
    key(app, K.ESCAPE)
    assert view.paused
    b = view.dialogs.pause_panel.buttons.by_name("undo")
    assert b.visible
    tap(app, b.cx, b.cy)
    assert not view.paused and view.session.journal.moves == []
    assert view.session.assists["undos"] == 2


def test_an_assisted_deal_says_so_on_the_result_panel(app: CardClubWindow) -> None:
    view = open_at_human_turn(app, "durak", {})
    view.session.journal.meta.update(hints=2, undos=1)
    app.think_scale = 0.0
    for _ in range(20000):
        pump(app)
        if view.result_visible:
            break
        if view.human_to_act and not view.animating:
            view.play(view.human_moves()[0])
    assert view.result_visible
    text = view.result_panel.text.text.text
    assert "with 2 hints and 1 undo." in text
    assert "Assisted deals earn half the XP." in text


def test_the_setting_off_hides_hint_and_undo(app: CardClubWindow) -> None:
    app.settings.allow_assist = False
    try:
        view = open_at_human_turn(app, "paodekuai", {})
        assert not view.bar.by_name("hint").visible
        assert not view.bar.by_name("undo").visible
        key(app, K.H)
        assert not view.session.hinting and view.session.assists["hints"] == 0
        view.play(view.human_moves()[0])
        key(app, K.Z, K.MOD_CTRL)
        assert len(view.session.journal.moves) >= 1 and view.session.assists["undos"] == 0
    finally:
        app.settings.allow_assist = True


def test_the_deal_number_shows_and_replay_these_cards_deals_them_again(
        app: CardClubWindow) -> None:
    view = open_at_human_turn(app, "durak", {})
    number = view.session.number
    assert f"Deal {number:,}".replace(",", "\u00a0") in view.hud.level_label.text.text
    deck = list(view.session.journal.deck)
    view.surrender()
    pump(app, 2)
    assert view.result_visible
    assert f"Deal {number:,}".replace(",", "\u00a0") in view.result_panel.text.text.text
    b = view.result_panel.buttons.by_name("replay")
    tap(app, b.cx, b.cy)
    again = app.current_view
    assert again is not view and again.session.number == number
    assert list(again.session.journal.deck) == deck
    assert again.session.journal.deal_id != view.session.journal.deal_id   # a new deal
