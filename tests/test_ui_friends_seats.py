"""Seats at a shared table, as each player sees them (issue 49): the friends page remembers
the name, address and code typed last; a seat the window held when its program ended is
offered back ("Rejoin table …") and forgotten, in words, when the table no longer holds
it; seats carry the names the players gave, the same on every screen of every side
(unnamed friends by their seat's number); the status line says a friend is away; no pace
tip at a table of people; the log written again after a seat comes back; the pause
panel closes up where Undo was.  Every server on loopback, every wait on a condition."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.games import ORDER
from game.net.background import Background
from game.net.client import Connection
from game.net.remote import RemoteSession
from game.net.seatlog import seat_log
from game.net.tables import Table
from game.scenes.table import log as table_log
from game.scenes.tables import table_class
from game.store import friends
from game.tools.drive import pump

from .test_ui_net import button, frames_until, tap_first_move
from .test_ui_shared import until
from .ui_helpers import tap

pytestmark = pytest.mark.ui
TOKEN = "0123456789abcdef" * 2


def lines(view: Any) -> list[str]:
    return [lab.text.text for lab in view.lines]


def type_into(app: CardClubWindow, field: Any, text: str) -> None:
    tap(app, field.cx, field.cy)
    for _ in range(len(field.value)):
        app.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
    app.dispatch_event("on_text", text)


def hosted(srv: Background, game: str = "durak", name: str = "Ana", friend: str = "Bea",
           **host: Any) -> tuple[RemoteSession, RemoteSession]:
    """A table of two friends: the host (seat 0) and one who joined (seat 1), named."""
    h = RemoteSession(Connection(srv.url, {"type": "host", "game": game, "name": name,
                                           "seats": [{"kind": "friend"}] * 2, **host}))
    until(lambda: h.code is not None, "the code", h)
    f = RemoteSession(Connection(srv.url, {"type": "join", "code": h.code, "name": friend}))
    until(lambda: f.started and f.ready and h.ready, "the deal", h, f)
    return h, f


def shown(app: CardClubWindow, session: RemoteSession) -> Any:
    view: Any = table_class(session.key or "durak")(app, session=session)
    app.show_view(view)
    pump(app, 3)
    return view


# ----- the friends page ----------------------------------------------------------------
def test_the_page_remembers_the_name_address_and_code(app: CardClubWindow,
                                                      tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables")
    try:
        view: Any = app.open("friends", game="durak")
        pump(app, 1)
        assert view.form.name.value == "" and view.form.address.value == "ws://"
        b = button(view, "join")
        tap(app, b.cx, b.cy)
        type_into(app, view.form.address, f"127.0.0.1:{srv.port}")
        type_into(app, view.form.code, "k7qm2p")
        type_into(app, view.form.name, "  Bea")             # leading spaces are dropped
        app.dispatch_event("on_text", " Nová")              # a space inside is kept
        app.dispatch_event("on_text", "x" * 40)
        assert view.form.name.value == ("Bea Nová" + "x" * 40)[:24]
        app.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
        enter = button(view, "enter")
        tap(app, enter.cx, enter.cy)
        frames_until(app, lambda: any("No open table" in t for t in lines(view)),
                     "the refusal")
        kept = friends.form()
        assert kept == friends.Form(("Bea Nová" + "x" * 40)[:23],
                                    f"127.0.0.1:{srv.port}", "K7QM2P")
        view = app.open("friends", game="autobus")          # another day, another game
        pump(app, 1)
        assert (view.form.name.value, view.form.address.value, view.form.code.value) == (
            kept.name, kept.address, kept.code)
        # hosting sends the name: the host's seat carries it
        type_into(app, view.form.name, "Ana")
        start = button(view, "start")
        tap(app, start.cx, start.cy)
        frames_until(app, lambda: view.session is not None and bool(view.session.seats),
                     "the table's seats")
        assert view.session.seats[0]["name"] == "Ana"
        assert friends.form().name == "Ana" and friends.form().code == "K7QM2P"
        view.go_back()
    finally:
        srv.stop()


def rejoin_refused(app: CardClubWindow, held: friends.JoinedSeat, words: str) -> None:
    """The page offers the seat held; a tap on it is refused in ``words``, and the seat is
    forgotten."""
    assert friends.note_joined(held)
    view: Any = app.open("friends", game=held.game)
    pump(app, 1)
    assert view.mode == "join"                       # a seat to take back: join's page
    rejoin = button(view, "rejoin")
    assert rejoin.visible and held.code in rejoin.label.text.text
    tap(app, rejoin.cx, rejoin.cy)
    frames_until(app, lambda: words in lines(view), words)
    assert friends.joined() == [] and not button(view, "rejoin").visible
    assert view.session is None and app.current_view is view


def test_a_seat_the_table_no_longer_holds_is_said_and_forgotten(app: CardClubWindow,
                                                                tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables")
    try:
        rejoin_refused(app, friends.JoinedSeat("ABCDEF", TOKEN, srv.url, "durak", 1),
                       "Table ABCDEF is no longer open.")
        h, f = hosted(srv)
        assert h.code is not None
        rejoin_refused(app, friends.JoinedSeat(h.code, TOKEN, srv.url, "durak", 1),
                       f"Your seat at table {h.code} is no longer yours to take back.")
        assert f.link_state == "open"                # the friend's seat is theirs still
        f.link.close()
        h.link.close()
    finally:
        srv.stop()


def test_the_rejoin_button_fits_in_every_language(app: CardClubWindow) -> None:
    assert friends.note_joined(friends.JoinedSeat("K7QM2P", TOKEN, "ws://h:1", "durak", 1))
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for mode in ("join", "host"):
                view: Any = app.open("friends", game="durak")
                view.set_mode(mode)
                pump(app, 1)
                for b in (button(view, "rejoin"), button(view, "enter" if mode == "join"
                                                         else "start")):
                    assert b.visible and b.label.text.content_width <= b.w - 12, (lang, b.name)
                    back = button(view, "back").label.text.font_size   # words left whole
                    assert b.label.text.font_size == back, (lang, b.name)
                name_label = view.form.labels[-1].text
                assert name_label.x - name_label.content_width > 200, lang   # on the panel
                if os.environ.get("CARDCLUB_SHOTS") and mode == "join":
                    app.dispatch_event("on_draw")
                    arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"])
                                            / f"friends-rejoin-{lang}.png")
    finally:
        i18n.set_language("en")


# ----- names ---------------------------------------------------------------------------
@pytest.mark.skipif("paodekuai" not in ORDER, reason="a table of three friends")
def test_names_are_the_same_on_every_screen_of_every_side(app: CardClubWindow,
                                                          tmp_path: Path) -> None:
    """Pao De Kuai, three friends: the window hosts as Ana; Bea joins named, the third
    unnamed.  The page names Bea's seat; every table calls seat 0 "Ana", seat 1 "Bea"
    and seat 2 "Friend 3", on its labels, its status line and its log."""
    srv = Background(tmp_path / "tables", pace=0.0)
    sessions: list[RemoteSession] = []
    try:
        view: Any = app.open("friends", game="paodekuai")
        view.server = srv                           # (the page's own hosting is tested
        view.link = Connection(srv.url, {           # elsewhere: here its seat list)
            "type": "host", "game": "paodekuai", "name": "Ana",
            "seats": [{"kind": "friend"}] * 3})
        view.session = host = RemoteSession(view.link)
        frames_until(app, lambda: host.code is not None, "the code")
        bea = RemoteSession(Connection(srv.url, {"type": "join", "code": host.code,
                                                 "name": "Bea"}))
        sessions.append(bea)
        frames_until(app, lambda: "Seat 2: Bea is here" in lines(view), "Bea's seat named")
        assert "Seat 3: waiting for a friend…" in lines(view)
        third = RemoteSession(Connection(srv.url, {"type": "join", "code": host.code}))
        sessions.append(third)
        frames_until(app, lambda: app.current_view is not view, "the table opens")
        until(lambda: all(s.ready and s.started for s in sessions), "every seat", *sessions)
        views = [app.current_view, *(table_class("paodekuai")(app, session=s)
                                     for s in sessions)]
        want = ["Ana", "Bea", "Friend 3"]
        for v in views:
            for seat in range(3):
                assert v.who(seat) == ("You" if seat == v.human else want[seat])
            for seat in v.others():
                assert want[seat] in v.seat_label(seat).text.text
        # two moves; each side's log and status line say them with the same names
        for _ in range(2):
            s = next(s for s in [host, *sessions] if s.human_to_act)
            before = s.moves_played
            s.play(s.human_moves()[0])
            until(lambda b=before: all(x.moves_played > b for x in [host, *sessions]),
                  "the move told to all", host, *sessions)
        for v in views:
            v.refresh()
            turn = v.session.current_player
            if turn != v.human:
                assert v.hud.status.text.text == f"{want[turn]} is thinking…"
            assert len(v.log.book.lines) == 2
            for line in v.log.book.lines:
                if line.seat != v.human:                  # (your own: "You …")
                    assert line.seat is not None
                    assert line.text.startswith(f"{want[line.seat]}: "), line.text
        app.show_view(views[1])
        pump(app, 1)
    finally:
        for s in sessions:
            s.link.close()
        srv.stop()


# ----- away, the pace tip, the pause panel ----------------------------------------------
def bea_to_act(app: CardClubWindow, view: Any, h: RemoteSession, f: RemoteSession) -> None:
    """The host's moves with the mouse until it is Bea's turn."""
    while f.current_player != 1:
        assert not f.is_over
        if view.human_to_act and not view.animating:
            tap_first_move(app, view)
        f.advance(0)
        pump(app, 1)


def test_the_status_line_says_a_friend_is_away(app: CardClubWindow, tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables", pace=0.0, grace=60.0)
    h, f = hosted(srv)
    try:
        view = shown(app, h)
        bea_to_act(app, view, h, f)
        until(lambda: not view.animating, "the cards at rest", app=app)
        assert view.hud.status.text.text == "Bea is thinking…"
        f.link.close()                                   # Bea's program ends: away
        until(lambda: view.hud.status.text.text == "Bea is away…", "away on the status line",
              app=app)
        assert "Bea: away" in view.hud.level_text and view.shared.badges[1][0].text.text \
            == "away"
        assert view.opp_label.text.text.startswith("Bea · ")
        if os.environ.get("CARDCLUB_SHOTS"):             # to look at: CARDCLUB_SHOTS=DIR
            pump(app, 1)
            arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "friends-away.png")
    finally:
        h.link.close()
        srv.stop()


def test_the_status_line_says_the_computer_plays_for_a_friend_away(
        app: CardClubWindow, tmp_path: Path) -> None:
    """The grace period over, the stand-in decides for Bea (slowly: its think delay is
    long here) and the status line says so."""
    srv = Background(tmp_path / "tables", pace=1000.0, grace=0.2)
    h, f = hosted(srv)
    try:
        view = shown(app, h)
        bea_to_act(app, view, h, f)
        f.link.close()
        until(lambda: view.hud.status.text.text == "Bea is away: the computer plays for them",
              "the stand-in on the status line", app=app)
        assert view.shared.badges[1][0].text.text == "away: the computer plays"
    finally:
        h.link.close()
        srv.stop()


def test_no_pace_tip_at_a_table_of_people(app: CardClubWindow, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_log, "PACE_TOLD", set())
    tip = "Too fast or too slow? Set the opponents' pace in Settings."
    srv = Background(tmp_path / "tables", pace=0.0)
    h, f = hosted(srv)
    try:
        view = shown(app, h)                              # the first deal of Durak here
        assert tip not in [line.text for line in view.log.book.lines]
        computer: Any = table_class("durak")(app, seed=3)  # against the computer: told
        app.show_view(computer)
        pump(app, 2)
        assert tip in [line.text for line in computer.log.book.lines]
    finally:
        h.link.close()
        f.link.close()
        srv.stop()


def test_the_pause_panel_closes_up_where_undo_was(app: CardClubWindow,
                                                  tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables", pace=0.0)
    h, f = hosted(srv)
    try:
        view = shown(app, h)
        b = view.bar.by_name("menu")
        tap(app, b.cx, b.cy)
        pause = view.dialogs.pause_panel
        assert pause.visible
        buttons = pause.buttons.buttons
        assert [b.name for b in buttons] == ["resume", "rules", "menu"]
        assert all(b.visible for b in buttons)
        steps = {round(a.cy - b.cy) for a, b in zip(buttons, buttons[1:], strict=False)}
        assert len(steps) == 1                            # one step between the rows
        if os.environ.get("CARDCLUB_SHOTS"):
            arcade.get_image().save(Path(os.environ["CARDCLUB_SHOTS"]) / "friends-pause.png")
    finally:
        h.link.close()
        f.link.close()
        srv.stop()


# ----- the log after a seat comes back -----------------------------------------------------
def test_a_friend_coming_back_gets_the_log_from_the_server(app: CardClubWindow,
                                                           tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The window at seat 1 plays a few moves, drops (its program ends) and resumes with a
    new link: the server's ``state`` carries the moves so far (the ``log`` field, as the
    server is to send it: ``game.net.seatlog``), and the new table's log says the same
    lines as before."""
    real = Table.state_message

    def with_log(self: Table, seat: int) -> dict[str, Any]:
        msg = real(self, seat)
        msg.setdefault("log", seat_log(self, seat))
        return msg
    monkeypatch.setattr(Table, "state_message", with_log)
    srv = Background(tmp_path / "tables", pace=0.0, grace=60.0)
    h, f = hosted(srv)
    try:
        view = shown(app, f)
        while f.moves_played < 6:
            assert not f.is_over
            if view.human_to_act and not view.animating:
                tap_first_move(app, view)
            elif h.human_to_act:
                h.play(h.human_moves()[0])
            h.advance(0)
            pump(app, 1)
        until(lambda: h.moves_played == f.moves_played and not view.animating,
              "the table at rest", h, app=app)
        said = [line.text for line in view.log.book.lines]
        assert len(said) == f.moves_played
        f.link.close()                                    # the program ends
        assert f.code is not None and f.token is not None
        back = RemoteSession(Connection(srv.url, {"type": "resume", "code": f.code,
                                                  "token": f.token}))
        until(lambda: back.ready, "the seat again", back)
        again = shown(app, back)
        assert [line.text for line in again.log.book.lines] == said
        assert again.log.shown_text() and said[-1] in again.log.shown_text()
    finally:
        h.link.close()
        srv.stop()
