"""The host's program ends mid-deal (killed, a crash) and starts again: the friends view
offers "Resume your table", which serves the table's file again, takes seat 0 back with
its stored token and opens the table at its position, its log written again; the friend
comes back by itself and the deal plays on to its end.  "Close that table" asks first.
Everything on loopback, on a port fixed for the test (the friend reconnects to the same
address), with bounded waits on conditions."""
from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.games import ORDER
from game.net.background import Background
from game.net.client import Connection, SeatPlay, play_seat
from game.net.remote import RemoteSession
from game.store.files import home
from game.tools.drive import pump

from .test_ui_net import button, frames_until, tap_first_move
from .ui_helpers import tap

pytestmark = pytest.mark.ui
HANG = 120.0
GAME = "durak" if "durak" in ORDER else ORDER[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def fixed_port(monkeypatch: pytest.MonkeyPatch) -> int:
    """Hosted tables listen on 127.0.0.1, on one port for the whole test (a restarted
    host serves where its friends knew it)."""
    from game.scenes import friends_view

    port = free_port()
    monkeypatch.setattr(friends_view.FriendsView, "bind", "127.0.0.1")
    monkeypatch.setattr(friends_view, "PORT", port)
    monkeypatch.setattr(friends_view.FriendsView, "address", staticmethod(lambda: "127.0.0.1"))
    return port


def play_host_turns(app: CardClubWindow, table: Any, turns: int) -> None:
    """The host's moves with the mouse until ``turns`` are made and it is the host's
    turn again (nothing moving: the moment the program is killed)."""
    deadline = time.monotonic() + HANG
    made = 0
    while True:
        assert time.monotonic() < deadline, "the deal hung"
        assert not table.result_visible, "the deal ended before the host's program did"
        if table.human_to_act and not table.animating:
            if made == turns:
                return
            tap_first_move(app, table)
            made += 1
        pump(app, 1)


def test_a_host_restart_resumes_the_table(app: CardClubWindow, fixed_port: int) -> None:
    from game.scenes.friends_view import FriendsView

    view: Any = app.open("friends", game=GAME)
    pump(app, 1)
    assert not button(view, "resume").visible and not button(view, "discard").visible
    start = button(view, "start")
    tap(app, start.cx, start.cy)
    frames_until(app, lambda: view.session is not None and view.session.code is not None,
                 "the table's code")
    code = view.session.code
    friend_result: list[dict[str, Any]] = []
    friend = SeatPlay(f"ws://127.0.0.1:{fixed_port}", code=code, level="easy", seed=2)
    t = threading.Thread(target=lambda: friend_result.append(asyncio.run(play_seat(friend))),
                         daemon=True)
    t.start()
    frames_until(app, lambda: app.current_view is not view, "the table opens")
    table: Any = app.current_view
    play_host_turns(app, table, 2)
    s = table.session
    moves, hand = s.moves_played, sorted(table.obs["hand"])
    said = [line.text for line in table.log.book.lines]     # the log so far
    assert len(said) == moves
    # the program ends without a word: no `leave`, the server gone, the table file kept
    s.link.close()
    s.keep.stop()
    assert (home() / "tables" / f"{code}.json").is_file()
    # started again: the friends view of that game offers the table
    view = app.open("friends", game=GAME)
    assert isinstance(view, FriendsView)
    pump(app, 1)
    resume = button(view, "resume")
    assert resume.visible and button(view, "discard").visible
    assert code in resume.label.text.text
    tap(app, resume.cx, resume.cy)
    frames_until(app, lambda: app.current_view is not view, "the table opens again")
    table = app.current_view
    s = table.session
    assert isinstance(s, RemoteSession) and s.is_host and s.code == code and s.human == 0
    assert s.moves_played == moves and sorted(table.obs["hand"]) == hand
    assert all(table.sprite_of(c, "hand0").face_up for c in hand)
    # the log is written again (from the table's file: the server tells the position)
    assert [line.text for line in table.log.book.lines] == said
    assert said[-1] in table.log.shown_text()
    # the friend comes back by itself; the deal goes on to its end
    deadline = time.monotonic() + HANG
    while not table.result_visible:
        assert time.monotonic() < deadline, f"the deal hung after {s.moves_played} moves"
        if table.human_to_act and not table.animating:
            tap_first_move(app, table)
        pump(app, 1)
    t.join(HANG)
    assert friend_result and friend_result[0]["result"] == s.result()
    assert friend_result[0]["moves"] == s.moves_played > moves
    s.keep.stop()


def test_close_that_table_asks_first(app: CardClubWindow, fixed_port: int,
                                     tmp_path: Path) -> None:
    """A table left by a killed host: a table the window did not host (a `cardclub
    serve` in the same folder, its host elsewhere) is not offered; one it hosted is:
    "Close that table" asks; "Keep it" keeps the file, "Close it" removes it and the
    offer goes."""
    from game.scenes.friends_resume import note_hosted

    srv = Background(home() / "tables")
    link = Connection(srv.url, {"type": "host", "game": GAME,
                                "seats": [{"kind": "friend"}, {"kind": "friend"}]})
    session = RemoteSession(link)
    deadline = time.monotonic() + HANG
    while session.code is None:
        assert time.monotonic() < deadline, "no table"
        session.advance(0)
        time.sleep(0.005)
    link.close()
    srv.stop()
    path = home() / "tables" / f"{session.code}.json"
    assert path.is_file()
    view: Any = app.open("friends", game=GAME)
    assert not button(view, "resume").visible         # not the window's table
    assert note_hosted(home() / "tables", session.code)
    other = next((k for k in ORDER if k != GAME), None)
    if other is not None:                    # another game's view does not offer it
        view = app.open("friends", game=other)
        assert not button(view, "resume").visible
    try:                                   # the offer's words fit in every language
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            view = app.open("friends", game=GAME)
            pump(app, 1)
            for name in ("resume", "discard"):
                b = button(view, name)
                assert b.visible and b.label.text.content_width <= b.w - 12, (lang, name)
                assert b.label.text.font_size >= 12, (lang, name)
            if os.environ.get("CARDCLUB_SHOTS"):          # to look at: CARDCLUB_SHOTS=DIR
                app.dispatch_event("on_draw")
                arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"])
                                        / f"net-resume-{lang}.png")
    finally:
        i18n.set_language("en")
    view = app.open("friends", game=GAME)
    pump(app, 1)
    for answer in ("no", "yes"):
        discard = button(view, "discard")
        assert discard.visible
        tap(app, discard.cx, discard.cy)
        assert view.confirm.visible and session.code in view.confirm.title.text.text
        b = getattr(view.confirm, answer)
        tap(app, b.cx, b.cy)
        assert not view.confirm.visible
        assert path.is_file() == (answer == "no")
    assert not button(view, "resume").visible and not button(view, "discard").visible
