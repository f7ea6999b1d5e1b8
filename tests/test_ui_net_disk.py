"""A shared table whose server cannot save: the window says so in words on its status
line (not "your turn", not a refusal), nothing moves, and once the server's writes work
again the deal goes on and the line speaks of the game again."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.app import CardClubWindow
from game.net.background import Background
from game.tools.drive import pump

from .test_net_hostile import FlakyDisk
from .test_ui_friends_seats import hosted, shown
from .test_ui_shared import until

pytestmark = pytest.mark.ui

WAITS = "The server cannot save right now; the table waits."


def test_a_table_whose_server_cannot_save_says_so(app: CardClubWindow, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    disk = FlakyDisk()
    srv = Background(tmp_path / "tables", pace=0.0, writer=disk)
    h, f = hosted(srv)
    try:
        view = shown(app, h)
        if not h.human_to_act:                # the friend moves first: one move each way
            f.play(f.human_moves()[0])
            until(lambda: h.human_to_act, "the host's turn", h, f, app=app)
        n = h.moves_played
        disk.broken = True
        h.play(h.human_moves()[0])
        until(lambda: h.halted is not None and f.halted is not None, "both told", h, f,
              app=app)
        pump(app, 2)
        assert view.hud.status.text.text == WAITS
        assert h.moves_played == f.moves_played == n, "nothing played past the disk"
        assert not h.human_to_act and not h.human_moves(), "no move offered meanwhile"
        disk.broken = False
        until(lambda: h.halted is None and f.halted is None, "the writes work again", h, f,
              app=app)
        pump(app, 2)
        assert view.hud.status.text.text != WAITS
        # the deal goes on: the seat to act moves and both hear it
        mover = h if h.human_to_act else f
        mover.play(mover.human_moves()[0])
        until(lambda: h.moves_played == f.moves_played == n + 1, "a move kept again", h, f,
              app=app)
    finally:
        for s in (h, f):
            s.link.close()
        srv.stop()
