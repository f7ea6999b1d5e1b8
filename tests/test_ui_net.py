"""A shared table in the real window: the host's Durak table, drawn from a RemoteSession
(the server on a thread, the friend a headless seat), played with real mouse input; the
table does not know the moves come over the network."""
from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.games import ORDER
from game.net.client import Connection, SeatPlay, play_seat
from game.net.remote import RemoteSession
from game.net.server import Background
from game.scenes.tables import table_class
from game.store import history, outbox
from game.tools.drive import pump

from .ui_helpers import card_point, tap

pytestmark = pytest.mark.ui
HANG = 120.0


def tap_card_then_table(app: CardClubWindow, view: Any, move: Any) -> None:
    if move.args:
        tap(app, *card_point(view, move.args[0]), frames=0)
        zone = view.layout.table_zone
        tap(app, zone.cx, zone.cy, frames=1)
    else:
        b = view.actions.by_name(move.kind)
        assert b.visible
        tap(app, b.cx, b.cy, frames=1)


def test_the_hosts_table_plays_a_shared_deal_with_the_mouse(app: CardClubWindow,
                                                            tmp_path: Path) -> None:
    game = "durak" if "durak" in ORDER else ORDER[0]
    srv = Background(tmp_path / "tables", pace=0.0)
    link = Connection(srv.url, {"type": "host", "game": game,
                                "seats": [{"kind": "friend"}, {"kind": "friend"}]})
    session = RemoteSession(link)
    friend_result: list[dict[str, Any]] = []
    try:
        deadline = time.monotonic() + HANG
        while session.code is None:
            assert time.monotonic() < deadline
            session.advance(0)
            time.sleep(0.005)
        friend = SeatPlay(srv.url, code=session.code, level="easy", seed=2)
        t = threading.Thread(target=lambda: friend_result.append(
            asyncio.run(play_seat(friend))), daemon=True)
        t.start()
        while not (session.started and session.ready):
            assert time.monotonic() < deadline
            session.advance(0)
            time.sleep(0.005)
        view = table_class(game)(app, session=session)  # type: ignore[call-arg]
        app.show_view(view)
        pump(app, 3)
        made = 0
        while not view.result_visible:
            assert time.monotonic() < deadline, f"hung after {session.moves_played} moves"
            if view.human_to_act and not view.animating:
                moves = session.human_moves()
                before = session.moves_played
                tap_card_then_table(app, view, moves[0])
                made += 1
                while session.moves_played == before and not session.is_over:
                    assert time.monotonic() < deadline, "the move never came back"
                    pump(app, 1)
            pump(app, 1)
        t.join(HANG)
        assert made > 0 and friend_result
        assert friend_result[0]["result"] == session.result()
        assert friend_result[0]["journal"]["moves"] == session.finished["journal"]["moves"]
        pump(app, 2)
        app.dispatch_event("on_draw")
        shot = tmp_path / "host-result.png"
        arcade.get_image().save(shot)
        if os.environ.get("CARDCLUB_SHOTS"):          # to look at: CARDCLUB_SHOTS=DIR
            arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "net-host.png")
        # the host's own history keeps the deal, from seat 0
        assert outbox.flush(HANG)
        (row,) = history.deals(game)
        assert row.outcome == session.outcome()
    finally:
        link.close()
        srv.stop()
