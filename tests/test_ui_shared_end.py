"""How a shared table ends, in the real window (``game/scenes/table/shared_end.py``, and the
refused move and the hidden card in ``shared.py``): the result offers the menu and, to the
host, *Host again*, never a deal against the computer; a table its host closed says so
with the way back; leaving asks first, sends ``leave`` and stops the host's server; a
move the server refuses is said and undone on the table; a card this seat may not see
flies face down.  Everything on loopback (a server on a thread, bounded waits on
conditions)."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.net.background import Background
from game.net.client import Connection
from game.net.remote import RemoteSession
from game.scenes.friends_view import FriendsView
from game.scenes.tables import table_class
from game.tools.drive import pump

from . import test_ui_shared as shared
from .ui_helpers import card_point, tap

pytestmark = pytest.mark.ui
HANG = 90.0
GAME = "durak"


def until(cond: Any, what: str, *sessions: RemoteSession, app: Any = None) -> None:
    shared.until(cond, what, *sessions, app=app, hang=HANG)


def shot(name: str, tmp_path: Path) -> None:
    """The window as it is now, saved (CARDCLUB_SHOTS=DIR keeps a copy to look at)."""
    pump(arcade.get_window(), 1)
    arcade.get_window().dispatch_event("on_draw")
    image = arcade.get_image()
    image.save(tmp_path / name)
    if os.environ.get("CARDCLUB_SHOTS"):
        image.save(Path(os.environ["CARDCLUB_SHOTS"]) / name)


def press(app: CardClubWindow, button: Any) -> None:
    assert button.visible, f"{button.name} is hidden"
    tap(app, button.cx, button.cy)


def names(panel: Any) -> list[str]:
    return [b.name for b in panel.buttons.buttons if b.visible]


def act(app: CardClubWindow, view: Any, move: Any) -> None:
    """A move with the mouse: its card, then the table; or its button."""
    if move.args:
        tap(app, *card_point(view, move.args[0]), frames=0)
        zone = view.layout.table_zone
        tap(app, zone.cx, zone.cy, frames=1)
    else:
        press(app, view.actions.by_name(move.kind))


def leave_by_the_menu(app: CardClubWindow, view: Any) -> None:
    """The bar's Menu (the pause), then its Menu: the question to leave."""
    press(app, view.bar.by_name("menu"))
    assert view.dialogs.pause_panel.visible
    press(app, view.dialogs.pause_panel.buttons.by_name("menu"))


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosted tables listen on 127.0.0.1 only, on a free port, in these tests."""
    from game.scenes import friends_view

    monkeypatch.setattr(friends_view.FriendsView, "bind", "127.0.0.1")
    monkeypatch.setattr(friends_view, "PORT", 0)
    monkeypatch.setattr(friends_view.FriendsView, "address", staticmethod(lambda: "127.0.0.1"))


def hosted_from_the_window(app: CardClubWindow) -> tuple[Any, RemoteSession, Background]:
    """The window hosts a Durak table for two friends from the friends view; the test's
    RemoteSession joins as the friend; the host's table opens."""
    friends = app.open("friends", game=GAME)
    assert isinstance(friends, FriendsView)
    pump(app, 2)
    start = friends.buttons.by_name("start")
    press(app, start)
    until(lambda: friends.session is not None
          and friends.session.code is not None, "the code", app=app)
    server, hosted = friends.server, friends.session
    assert server is not None and hosted is not None
    friend = RemoteSession(Connection(server.url, {"type": "join", "code": hosted.code}))
    until(lambda: app.current_view is not friends and friend.ready, "the table opens",
          friend, app=app)
    view: Any = app.current_view
    assert isinstance(view.session, RemoteSession) and view.session.keep is server
    return view, friend, server


def joined_in_the_window(app: CardClubWindow, srv: Background,
                         **link: Any) -> tuple[Any, RemoteSession]:
    """A table hosted by the test's RemoteSession; the window sits at seat 1."""
    host = RemoteSession(Connection(srv.url, {"type": "host", "game": GAME,
                                              "seats": [{"kind": "friend"}] * 2}))
    until(lambda: host.code is not None, "the code", host)
    me = RemoteSession(Connection(srv.url, {"type": "join", "code": host.code}, **link))
    until(lambda: me.started and me.ready and host.ready, "the deal", host, me)
    view: Any = table_class(GAME)(app, session=me)
    app.show_view(view)
    pump(app, 3)
    return view, host


# ----- the host leaves -----------------------------------------------------------------
def test_the_host_leaving_asks_first_then_closes_the_table_and_stops_the_server(
        app: CardClubWindow, loopback: None) -> None:
    view, friend, server = hosted_from_the_window(app)
    try:
        assert not view.help.undo_button.visible                  # no undo at a shared table
        leave_by_the_menu(app, view)
        names = [b.name for b in view.dialogs.pause_panel.buttons.buttons]
        assert "undo" not in names and "surrender" not in names
        ask = view.dialogs.confirm
        assert ask.visible and ask.title.text.text == "Leave the table?"
        assert view.dialogs.confirm.text.text.text == "It closes for your friends."
        press(app, view.dialogs.confirm.no)                          # Stay: nothing happens
        still = app.current_view is view
        assert still and not view.dialogs.confirm.visible
        until(lambda: not view.paused, "the table goes on", app=app)
        assert friend.closed is None and not server.stopped
        leave_by_the_menu(app, view)
        press(app, view.dialogs.confirm.yes)                         # Leave
        assert type(app.current_view).__name__ == "MenuView"
        until(lambda: friend.closed is not None, "the friend hears of it", friend)
        assert friend.closed_reason == "host_left"
        until(lambda: server.stopped, "the host's server stops")
    finally:
        friend.link.close()
        server.stop()


def test_closing_the_window_as_host_asks_then_leaves(app: CardClubWindow, loopback: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    view, friend, server = hosted_from_the_window(app)
    closed: list[bool] = []
    monkeypatch.setattr(app, "close", lambda: closed.append(True))   # the shared window
    try:
        app.dispatch_event("on_close")
        pump(app, 1)
        assert view.dialogs.confirm.visible and not closed           # asked, not closed
        assert view.dialogs.confirm.text.text.text == "It closes for your friends."
        press(app, view.dialogs.confirm.yes)
        assert closed == [True]
        until(lambda: friend.closed is not None, "the friend hears of it", friend)
        until(lambda: server.stopped, "the host's server stops")
    finally:
        friend.link.close()
        server.stop()


# ----- a friend's side: closed, leaving --------------------------------------------------
def test_a_closed_table_says_so_with_the_way_back(app: CardClubWindow,
                                                  tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables", pace=0.0)
    view, host = joined_in_the_window(app, srv)
    try:
        host.leave()                                          # the host leaves (headless)
        until(lambda: view.result_visible, "the notice", view.session, app=app)
        panel = view.result_panel
        assert panel.title.text.text == "The table is closed"
        assert panel.text.text.text == "The host has left; the table is closed."
        assert view.hud.status.text.text == "The table is closed"     # not whose turn
        view.refresh()
        assert view.hud.status.text.text == "The table is closed"
        assert names(panel) == ["menu"]
        assert panel.buttons.by_name("menu").label.text.text == "Back to the menu"
        shot("net-closed.png", tmp_path)
        press(app, panel.buttons.by_name("menu"))             # no question: it is over
        assert type(app.current_view).__name__ == "MenuView"
    finally:
        host.link.close()
        srv.stop()


def test_a_table_that_cannot_be_reached_any_more_ends_with_the_way_back(
        app: CardClubWindow, tmp_path: Path) -> None:
    """The server goes away and stays away (the window's link gives up after 0.2 s here,
    120 s in play): the band, then the result panel says so, with only the way back."""
    srv = Background(tmp_path / "tables", pace=0.0)
    view, host = joined_in_the_window(app, srv, reconnect_for=0.2)
    try:
        srv.stop()
        until(lambda: view.result_visible, "the notice", view.session, app=app)
        panel = view.result_panel
        assert panel.title.text.text == "The table cannot be reached"
        assert panel.text.text.text == "The table cannot be reached any more."
        assert names(panel) == ["menu"] and not view.shared.band.text.text
        press(app, panel.buttons.by_name("menu"))
        assert type(app.current_view).__name__ == "MenuView"
    finally:
        host.link.close()
        srv.stop()


def test_a_friend_leaving_asks_and_the_computer_takes_the_seat(app: CardClubWindow,
                                                              tmp_path: Path) -> None:
    srv = Background(tmp_path / "tables", pace=0.0, grace=600.0)
    view, host = joined_in_the_window(app, srv)
    try:
        leave_by_the_menu(app, view)
        assert view.dialogs.confirm.text.text.text == "The computer takes your seat."
        press(app, view.dialogs.confirm.yes)
        assert type(app.current_view).__name__ == "MenuView"
        # at once, not after the grace period (600 s here)
        until(lambda: bool(host.seats[1].get("standin")), "the computer sits down", host)
        assert host.closed is None
    finally:
        host.link.close()
        srv.stop()


# ----- the result at a shared table ------------------------------------------------------
def test_the_hosts_result_offers_host_again_and_the_menu(app: CardClubWindow,
                                                         loopback: None,
                                                         tmp_path: Path) -> None:
    """A whole shared deal (the window the host, the friend the test's session); the
    result offers no deal against the computer; Host again hosts the same seats anew."""
    view, friend, server = hosted_from_the_window(app)
    try:
        deadline = time.monotonic() + HANG
        s = view.session
        while not view.result_visible:
            assert time.monotonic() < deadline, f"hung after {s.moves_played} moves"
            if friend.human_to_act:
                friend.play(friend.human_moves()[0])
            elif view.human_to_act and not view.animating:
                before = s.moves_played
                act(app, view, s.human_moves()[0])
                until(lambda before=before: s.moves_played != before or s.is_over,
                      "the move came back", friend, app=app)
            friend.advance(0)
            pump(app, 1)
        panel = view.result_panel
        assert names(panel) == ["again", "review", "copy", "menu"]
        assert panel.buttons.by_name("menu").label.text.text == "Back to the menu"
        assert panel.buttons.by_name("again").label.text.text == "Host again"
        shot("net-result-host.png", tmp_path)
        press(app, panel.buttons.by_name("again"))
        again = app.current_view
        assert isinstance(again, FriendsView) and again.key == GAME
        until(lambda: server.stopped, "the old table's server stops")
        until(lambda: again.session is not None and again.session.code is not None,
              "the new table's code", app=app)
        assert again.session is not None              # (the wait above saw it)
        assert again.kinds == ["friend"] and again.session.code != s.code
        press(app, again.buttons.by_name("back"))
    finally:
        friend.link.close()
        server.stop()


# ----- a refused move; a hidden card moving ---------------------------------------------
def test_a_refused_move_is_said_and_the_card_goes_back(app: CardClubWindow,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's first card reaches the server as made for a later position (the
    server refuses it: ``stale``): the table says so on its status line, as it says an
    illegal move, and the card is back in the hand; the same move then goes through."""
    srv = Background(tmp_path / "tables", pace=0.0)
    link = Connection(srv.url, {"type": "host", "game": GAME,
                                "seats": [{"kind": "friend"}] * 2})
    sent = link.send
    spoilt: list[dict[str, Any]] = []

    def spoil_first_move(msg: dict[str, Any]) -> None:
        if msg.get("type") == "move" and " " in msg["move"] and not spoilt:
            msg = {**msg, "n": msg["n"] + 1}
            spoilt.append(msg)
        sent(msg)

    monkeypatch.setattr(link, "send", spoil_first_move)
    me = RemoteSession(link)
    friend: RemoteSession | None = None
    try:
        until(lambda: me.code is not None, "the code", me)
        friend = RemoteSession(Connection(srv.url, {"type": "join", "code": me.code}))
        f = friend
        until(lambda: me.started and me.ready and f.ready, "the deal", me, f)
        view: Any = table_class(GAME)(app, session=me)
        app.show_view(view)
        pump(app, 3)
        # the friend plays, and the window takes, until the window may play a card
        while not (view.human_to_act and me.human_moves()[0].args):
            if f.human_to_act:
                f.play(f.human_moves()[0])
            elif view.human_to_act:
                act(app, view, me.human_moves()[0])
            until(lambda: (view.human_to_act and not view.animating) or f.human_to_act,
                  "a turn", f, app=app)
        move = me.human_moves()[0]
        card = move.args[0]
        n = me.moves_played
        tap(app, *card_point(view, card), frames=0)
        zone = view.layout.table_zone
        tap(app, zone.cx, zone.cy, frames=1)
        assert spoilt                                      # sent (the server will refuse)
        until(lambda: me.refusals == 1, "the refusal", app=app)
        pump(app, 2)
        assert me.error_code == "stale" and me.moves_played == n
        assert view.message == "The deal moved on before your move arrived: choose again."
        assert view.hud.status.text.text == view.message
        assert view.human_to_act and view.selected == []
        tok = view.token_of(card)
        assert tok.place == "hand0"
        sp = view.sprites[tok.id]
        slot = view.slot(tok.place, tok.index, tok.count)
        assert slot is not None and sp.home[0] == pytest.approx(slot[0])   # in its place
        assert slot[1] <= sp.home[1] <= slot[1] + 14 * view.layout.s + 0.5  # (raised: playable)
        until(lambda: not view.animating, "the card settles (it shook)", app=app)
        assert (sp.center_x, sp.center_y) == pytest.approx(sp.home[:2])
        tap(app, *card_point(view, card), frames=0)       # again: now it is played
        tap(app, zone.cx, zone.cy, frames=1)
        until(lambda: me.moves_played == n + 1, "the move", app=app)
    finally:
        link.close()
        if friend is not None:
            friend.link.close()
        srv.stop()


def test_a_card_this_seat_may_not_see_flies_face_down(app: CardClubWindow,
                                                      tmp_path: Path) -> None:
    """The friend draws from the talon at the end of a bout: the host's table is told the
    moves without their cards, and draws a card back flying to the friend's hand."""
    app.settings.animation_scale = 1.0
    srv = Background(tmp_path / "tables", pace=0.0)
    me = RemoteSession(Connection(srv.url, {"type": "host", "game": GAME,
                                            "seats": [{"kind": "friend"}] * 2}))
    friend: RemoteSession | None = None
    seen: list[tuple[str, bool, bool, bool]] = []
    landed: list[int] = []                                # the last hidden draw's tokens
    try:
        until(lambda: me.code is not None, "the code", me)
        friend = RemoteSession(Connection(srv.url, {"type": "join", "code": me.code}))
        f = friend
        until(lambda: me.started and me.ready and f.ready, "the deal", me, f)
        view: Any = table_class(GAME)(app, session=me)
        app.show_view(view)
        until(lambda: not view.animating, "the deal lands", app=app)

        talon = {t.id for t in view.tokens_at("talon")}   # before each move

        def hidden_moves(change: Any) -> None:            # after the table has drawn it
            nonlocal talon
            hidden = [e for e in change.events if e.kind == "move" and e.card is None
                      and e.dst == "hand1"] if change.kind == "move" else []
            if hidden:
                ids = [t.id for t in view.tokens_at("hand1") if t.id in talon]
                landed[:] = ids
                drawn = [view.sprites[i] for i in ids]
                seen.append((hidden[0].src, len(drawn) == len(hidden),
                             all(sp.is_moving for sp in drawn),
                             all(not sp.face_up for sp in drawn)))
            talon = {t.id for t in view.tokens_at("talon")}
        me.subscribe(hidden_moves)
        deadline = time.monotonic() + HANG
        while not seen:
            assert time.monotonic() < deadline and not me.is_over, "no hidden draw"
            if f.human_to_act:
                f.play(f.human_moves()[0])
            elif view.human_to_act and not view.animating:
                before = me.moves_played                  # "take" / "stop" end bouts soon
                act(app, view, me.human_moves()[-1])
                until(lambda before=before: me.moves_played != before, "the move", f,
                      app=app)
            f.advance(0)
            pump(app, 1)
        # each card drawn: a token from the talon, flying, a card back
        assert all(src == "talon" and each and flying and backs
                   for src, each, flying, backs in seen), seen
        until(lambda: not view.animating, "the cards land", app=app)
        # (the friend may have played one of them meanwhile: those still in the hand)
        assert landed and all(not view.sprites[t.id].face_up
                              for t in view.tokens_at("hand1") if t.id in landed)
        assert len(view.tokens_at("hand1")) == me.observation()["opponent_hand_size"]
    finally:
        me.link.close()
        if friend is not None:
            friend.link.close()
        srv.stop()
