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
from game.net.background import Background
from game.net.client import Connection, SeatPlay, play_seat
from game.net.remote import RemoteSession
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


# ----- the friends view: host a table, join one ------------------------------------------------
def frames_until(app: CardClubWindow, cond: Any, what: str) -> None:
    deadline = time.monotonic() + HANG
    while not cond():
        assert time.monotonic() < deadline, f"never happened: {what}"
        pump(app, 1)
        time.sleep(0.002)


def tap_first_move(app: CardClubWindow, table: Any) -> None:
    """The human's first legal move by the mouse, then frames until the server has sent
    it back (or the deal is over)."""
    s = table.session
    before = s.moves_played
    tap_card_then_table(app, table, s.human_moves()[0])
    frames_until(app, lambda: s.moves_played != before or s.is_over, "the move came back")


def button(view: Any, name: str) -> Any:
    for b in [*view.buttons.buttons, *view.seat_buttons]:
        if b.name == name:
            return b
    raise AssertionError(f"no button {name}")


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosted tables listen on 127.0.0.1 only, on a free port, in these tests."""
    from game.scenes import friends_view

    monkeypatch.setattr(friends_view.FriendsView, "bind", "127.0.0.1")
    monkeypatch.setattr(friends_view, "PORT", 0)
    monkeypatch.setattr(friends_view.FriendsView, "address", staticmethod(lambda: "127.0.0.1"))


def test_host_a_table_from_the_window_and_play_it(app: CardClubWindow, loopback: None,
                                                 tmp_path: Path) -> None:
    """Play with friends → seats (a friend) → Host: the code and the address show; a
    friend joins (headless); the game's table opens and the deal is played with the
    mouse to its end."""
    from game.scenes.friends_view import FriendsView

    game = "durak" if "durak" in ORDER else ORDER[0]
    view = app.open("friends", game=game)
    assert isinstance(view, FriendsView)
    pump(app, 2)
    seat = button(view, "seat1")
    assert "friend" in seat.label.text.text
    tap(app, seat.cx, seat.cy)                                   # a computer …
    assert "computer" in button(view, "seat1").label.text.text
    for _ in range(3):                                           # … and round to a friend
        b = button(view, "seat1")
        tap(app, b.cx, b.cy)
    assert "friend" in button(view, "seat1").label.text.text
    start = button(view, "start")
    tap(app, start.cx, start.cy)
    frames_until(app, lambda: view.session is not None and view.session.code is not None,
                 "the table's code")
    assert view.session is not None and view.server is not None
    code, port = view.session.code, view.server.port
    frames_until(app, lambda: any(code in lab.text.text for lab in view.lines), "the code")
    shown = [lab.text.text for lab in view.lines]
    assert any(code in t for t in shown) and any(f"127.0.0.1:{port}" in t for t in shown)
    if os.environ.get("CARDCLUB_SHOTS"):
        arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "net-hosting.png")
    friend_result: list[dict[str, Any]] = []
    friend = SeatPlay(f"ws://127.0.0.1:{port}", code=code, level="easy", seed=2)
    t = threading.Thread(target=lambda: friend_result.append(asyncio.run(play_seat(friend))),
                         daemon=True)
    t.start()
    frames_until(app, lambda: app.current_view is not view, "the table opens")
    table = app.current_view
    assert isinstance(table.session, RemoteSession)  # type: ignore[union-attr]
    deadline = time.monotonic() + HANG
    while not table.result_visible:  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the deal hung"
        if table.human_to_act and not table.animating:  # type: ignore[union-attr]
            tap_first_move(app, table)
        pump(app, 1)
    t.join(HANG)
    assert friend_result and friend_result[0]["result"] == table.session.result()  # type: ignore[union-attr]
    table.session.keep.stop()  # type: ignore[union-attr]


def test_join_a_table_from_the_window(app: CardClubWindow, loopback: None,
                                      tmp_path: Path) -> None:
    """Join: a wrong code is refused in plain words; the right address and code seat the
    player (seat 2 of a table hosted headless), whose table opens drawn from that seat
    (its own hand at the bottom) and is played with the mouse to the end."""
    game = "durak" if "durak" in ORDER else ORDER[0]
    srv = Background(tmp_path / "tables", pace=0.0)
    try:
        code: list[str] = []
        host = SeatPlay(srv.url, host={"game": game, "seats": [{"kind": "friend"}] * 2},
                        level="easy", on_code=code.append)
        host_result: list[dict[str, Any]] = []
        t = threading.Thread(target=lambda: host_result.append(asyncio.run(play_seat(host))),
                             daemon=True)
        t.start()
        view = app.open("friends", game=game)
        pump(app, 1)
        b = button(view, "join")
        tap(app, b.cx, b.cy)
        assert view.mode == "join"  # type: ignore[union-attr]
        address, code_field = view.form.address, view.form.code  # type: ignore[union-attr]
        tap(app, address.cx, address.cy)
        for _ in range(5):
            app.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
        app.dispatch_event("on_text", f"127.0.0.1:{srv.port}")
        tap(app, code_field.cx, code_field.cy)
        app.dispatch_event("on_text", "zzzzzz")
        assert code_field.value == "ZZZZZZ"
        enter = button(view, "enter")
        tap(app, enter.cx, enter.cy)
        frames_until(app, lambda: any("No open table" in lab.text.text
                                      for lab in view.lines), "the refusal")  # type: ignore[union-attr]
        frames_until(app, lambda: bool(code), "the hosted table")
        tap(app, code_field.cx, code_field.cy)
        for _ in range(6):
            app.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
        app.dispatch_event("on_text", code[0].lower())
        tap(app, enter.cx, enter.cy)
        frames_until(app, lambda: app.current_view is not view, "the table opens")
        table: Any = app.current_view
        assert isinstance(table.session, RemoteSession) and table.human == 1
        mine = table.obs["hand"]
        assert mine and all(table.sprite_of(c, "hand1").face_up for c in mine)
        assert all(table.sprite_of(c, "hand1").center_y < app.height / 3 for c in mine)
        deadline = time.monotonic() + HANG
        made = 0
        while not table.result_visible:
            assert time.monotonic() < deadline, "the deal hung"
            if table.human_to_act and not table.animating:
                tap_first_move(app, table)
                made += 1
            pump(app, 1)
        t.join(HANG)
        assert made > 0 and host_result
        assert host_result[0]["result"] == table.session.result()
        # a friend's result: no deal against the computer, no "Host again"
        assert [b.name for b in table.result_panel.buttons.buttons if b.visible] == [
            "review", "copy", "menu"]
    finally:
        srv.stop()


def test_each_tile_offers_play_with_friends(app: CardClubWindow) -> None:
    """The menu's tiles: "Play with friends…" beside "Play a numbered deal…" opens the
    friends view of that tile's game."""
    from game.scenes.friends_view import FriendsView

    menu = app.open("menu")
    pump(app, 2)
    if os.environ.get("CARDCLUB_SHOTS"):
        arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "net-menu.png")
    for key in ORDER:
        tile = next(t for t in menu.tiles if t.key == key)  # type: ignore[union-attr]
        if not tile.ready:
            continue
        assert tile.friends.visible and not tile.friends.rect.intersection(
            tile.numbered.rect)
        tap(app, tile.friends.cx, tile.friends.cy)
        view = app.current_view
        assert isinstance(view, FriendsView) and view.key == key
        if os.environ.get("CARDCLUB_SHOTS"):
            pump(app, 1)
            arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / f"net-{key}.png")
        back = view.buttons.by_name("back")
        tap(app, back.cx, back.cy)
        menu = app.current_view


@pytest.mark.parametrize("game", ["paodekuai", "dudak", "autobus"])
def test_a_friend_at_seat_2_plays_every_game_with_the_mouse(app: CardClubWindow,
                                                           tmp_path: Path, game: str) -> None:
    """The window joins a table hosted headless (the host a friend, the other seats
    computers) and plays seat 2 with taps on its own cards, the table and the buttons, to
    the end: the table is drawn from that seat and the results agree."""
    from game.tools.friend_window import act

    if game not in ORDER:
        pytest.skip(f"{game} is not in this build")
    srv = Background(tmp_path / "tables", pace=0.0, allow_seed=True)   # one deal, always
    code: list[str] = []
    players = {"autobus": 3}.get(game)
    seats = [{"kind": "friend"}, {"kind": "friend"}, {"kind": "computer", "level": "easy"}]
    host = SeatPlay(srv.url, host={"game": game, "seats": seats, "seed": 20261204,
                                   **({"players": players} if players else {})},
                    level="easy", on_code=code.append, seed=5)
    host_result: list[dict[str, Any]] = []
    t = threading.Thread(target=lambda: host_result.append(asyncio.run(play_seat(host))),
                         daemon=True)
    t.start()
    link: Connection | None = None
    try:
        deadline = time.monotonic() + HANG
        while not code:
            assert time.monotonic() < deadline, "no table"
            time.sleep(0.01)
        link = Connection(srv.url, {"type": "join", "code": code[0]})
        session = RemoteSession(link)
        while not (session.started and session.ready):
            assert time.monotonic() < deadline, "the deal never started"
            session.advance(0)
            time.sleep(0.005)
        view: Any = table_class(game)(app, session=session)
        app.show_view(view)
        pump(app, 3)
        assert view.human == 1
        made = 0
        while not view.result_visible:
            assert time.monotonic() < deadline, f"hung after {session.moves_played} moves"
            if view.human_to_act and not view.animating and not view.modal_open:
                before = session.moves_played
                move = session.human_moves()[0]
                act(app, view, move)
                assert not session.human_to_act or session.moves_played != before, \
                    f"the taps for {move} made no move ({view.message!r})"
                made += 1
                frames_until(app, lambda before=before: session.moves_played != before
                             or session.is_over, "the move came back")
            pump(app, 1)
        t.join(HANG)
        assert made > 0 and host_result
        assert host_result[0]["result"] == session.result()
    finally:
        if link is not None:
            link.close()
        srv.stop()
