"""A shared table's own words (``game/scenes/table/shared.py``): a friend's name on their
seat, the table code in the top bar with a mark while a friend thinks, is away or has the
computer playing for them, and a band while the link is lost.  A table against the
computer shows none of it."""
from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.games.durak.table import DurakTable
from game.net.background import Background
from game.net.client import Connection
from game.net.remote import RemoteSession
from game.scenes.table.shared import SharedTable
from game.tools.drive import pump

pytestmark = pytest.mark.ui
HANG = 60.0


def until(cond: Any, what: str, *sessions: RemoteSession, app: Any = None,
          hang: float = HANG) -> None:
    """Advance the sessions (and pump the window) until ``cond``, at most ``hang`` s."""
    deadline = time.monotonic() + hang
    while not cond():
        assert time.monotonic() < deadline, f"never happened: {what}"
        for s in sessions:
            s.advance(0)
        if app is not None:
            pump(app, 1)
        time.sleep(0.005)


def join_at_seat_one(app: CardClubWindow, srv: Background,
                     host: RemoteSession) -> tuple[RemoteSession, DurakTable]:
    """The window joins the host's Durak table (seat 1) once it has a code, and shows it
    when the deal is under way."""
    until(lambda: host.code is not None, "the code", host)
    f = RemoteSession(Connection(srv.url, {"type": "join", "code": host.code}))
    until(lambda: f.started and f.ready and host.ready, "the deal", host, f)
    view = DurakTable(app, session=f)
    app.show_view(view)
    pump(app, 3)
    return f, view


def header(view: Any) -> str:
    return str(view.hud.level_text)


def test_a_friends_seat_has_a_name_and_a_mark_and_the_link_a_band(app: CardClubWindow,
                                                                   tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables", pace=0.0, grace=60.0)
    host = RemoteSession(Connection(srv.url, {"type": "host", "game": "durak",
                                              "seats": [{"kind": "friend"}] * 2}))
    friend: RemoteSession | None = None
    try:
        friend, view = join_at_seat_one(app, srv, host)
        f = friend
        assert view.human == 1 and view.who(0) == "Friend 1" and view.who(1) == "You"
        assert view.opp_label.text.text.startswith("Friend 1 · ")
        assert header(view).startswith(f"Table {host.code}")
        assert "Deal" not in header(view)               # the number would tell the cards
        thinking = "Friend 1: thinking…"
        assert (thinking in header(view)) == (f.current_player == 0)
        if f.current_player == 0:
            assert view.hud.status.text.text == "Friend 1 is thinking…"
        host.link.close()                               # the host drops out (no leave)
        until(lambda: "Friend 1: away" in header(view), "the away mark", f, app=app)
        assert thinking not in header(view)
        assert not view.shared.band.text.text
        srv.stop()                                      # the link itself goes
        until(lambda: "lost" in view.shared.band.text.text, "the band", f, app=app)
        assert view.shared.band.text.text == "The link to the table is lost: reconnecting…"
    finally:
        host.link.close()
        if friend is not None:
            friend.link.close()
        srv.stop()


class StubSession:
    code = "ABC123"
    link_state = "open"
    current_player: int | None = 2
    is_over = False
    human = 1
    players = 4

    def __init__(self) -> None:
        self.seats: list[dict[str, Any]] = [
            {"kind": "friend", "name": "Jana", "taken": True, "present": True},
            {"kind": "friend", "name": "", "taken": True, "present": True},
            {"kind": "friend", "name": "", "taken": True, "present": True},
            {"kind": "computer", "name": "", "level": "easy"}]

    @property
    def shared(self) -> StubSession:
        """Seated at a shared table (``Session.shared``)."""
        return self

    def away(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.get("kind") != "computer" and not s.get("present")

    def seat_name(self, seat: int) -> str:
        return str(self.seats[seat].get("name") or "")


def stub_view(session: Any) -> Any:
    return SimpleNamespace(session=session, human=session.human,
                           pos=lambda seat: (seat - session.human) % session.players)


def test_the_marks_say_thinking_away_and_the_computer_standing_in() -> None:
    s = StubSession()
    shared = SharedTable(stub_view(s))
    assert shared.name(0) == "Jana"                 # the name a friend gave
    assert shared.name(2) == "Friend 3"             # the seat's own number (seat 3)
    assert shared.name(3) is None                   # a computer: not a friend …
    assert shared.label(3) == "Computer 4"          # … named by its seat's number too
    assert shared.marks() == ["Friend 3: thinking…"]
    s.seats[0]["present"] = False
    assert shared.marks() == ["Jana: away", "Friend 3: thinking…"]
    s.seats[0]["standin"] = True
    s.current_player = 3
    assert shared.marks() == ["Jana: away, the computer plays for them"]
    assert shared.header() == "Table ABC123  ·  Jana: away, the computer plays for them"


def test_against_the_computer_the_table_says_nothing_of_friends(app: CardClubWindow) -> None:
    view = DurakTable(app, seed=4)
    app.show_view(view)
    pump(app, 2)
    assert view.shared.session is None and view.shared.header() is None
    assert view.shared.name(1) is None and view.who(1) == "Computer"   # (the one)
    assert view.shared.label(1) is None
    assert header(view).startswith("Level: ")
    assert view.opp_label.text.text.startswith("Computer · ")


def test_a_friends_marks_stand_beside_their_name_on_the_table(app: CardClubWindow,
                                                               tmp_path: Path) -> None:
    """The window at seat 1; the host (seat 0) thinks, then drops out: the mark beside
    "Friend 1 · 6 cards" says so, on the name's line, right of it."""
    srv = Background(tmp_path / "tables", pace=0.0, grace=60.0)
    host = RemoteSession(Connection(srv.url, {"type": "host", "game": "durak",
                                              "seats": [{"kind": "friend"}] * 2}))
    friend: RemoteSession | None = None
    try:
        friend, view = join_at_seat_one(app, srv, host)
        f = friend

        def beside(word: str) -> bool:
            if 0 not in view.shared.badges:
                return False
            badge, (x, y, w, _h) = view.shared.badges[0]
            name = view.opp_label.text
            return (badge.text.text == word and y == name.y
                    and x - w / 2 > name.x + name.content_width)
        if f.current_player == 0:
            assert beside("thinking…")
        else:
            assert 0 not in view.shared.badges          # no mark while waiting their turn
        host.link.close()                               # the host drops out (no leave)
        until(lambda: beside("away"), "the away mark beside the name", f, app=app)
        if os.environ.get("CARDCLUB_SHOTS"):            # to look at: CARDCLUB_SHOTS=DIR
            pump(app, 1)
            arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "net-away.png")
        assert 1 not in view.shared.badges              # never a mark on your own seat
    finally:
        host.link.close()
        if friend is not None:
            friend.link.close()
        srv.stop()


@pytest.mark.parametrize("key", ["durak", "paodekuai", "dudak", "autobus"])
def test_every_table_names_the_other_seats_with_a_label(app: CardClubWindow,
                                                       key: str) -> None:
    """The hook a shared table's marks stand beside: each other seat's name label."""
    from game.games import ORDER
    from game.scenes.tables import table_class

    if key not in ORDER:
        pytest.skip(f"{key} is not in this build")
    players = {"autobus": {"players": 3}}.get(key)      # (else the count is asked first)
    view: Any = table_class(key)(app, seed=3, options=players)
    app.show_view(view)
    pump(app, 3)
    for seat in view.others():
        label = view.seat_label(seat)
        assert label is not None
        assert view.who(seat).split()[0] in label.text.text   # ("Computer · 6 cards")
    assert view.seat_label(view.human) is None
