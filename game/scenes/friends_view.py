"""Play with friends: host a table (seats friend or computer, the computers' level) and
show its code and address, or join one with an address and a code.

The network lives in ``game.net``: hosting starts a table server on a thread of its own
(``background.Background``) and sits at its seat 0 through a ``client.Connection``; the frame
only polls (``RemoteSession.advance``), so it never waits on the network.  When the deal
begins the game's own table opens on the ``RemoteSession``: the table does not know
where the moves come from.

The player's name (``friends_form.py``) goes with host and join, so the seats carry it.
A friend's seat is noted in the data folder once taken (``game.store.friends``,
``joined.json``) and dropped when its part is over; after a restart the page offers
*Rejoin table …* (a ``resume`` with the seat's code and token), as it offers the host
*Resume your table …* (``friends_resume.py``).
"""
from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game.ai import levels
from game.games import ORDER, spec
from game.i18n import _
from game.net.client import Connection
from game.net.remote import RemoteSession
from game.scenes.friends_form import FriendsForm
from game.scenes.friends_rejoin import hand_over, note_seat, refusal, seat_lines
from game.scenes.friends_resume import LeftTable, discard, left_table, note_hosted
from game.store import friends
from game.store.files import home
from game.ui.input_stack import ButtonsLayer, InputStack, Layer, PanelLayer
from game.ui.panels import Confirm
from game.ui.widgets import (
    DANGER,
    PRIMARY,
    SECONDARY,
    Button,
    ButtonGroup,
    Label,
    draw_panel,
)
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.net.background import Background
    from game.ui.window import Window

#: the port a hosted table listens on (the next free one when it is taken)
PORT = 8765
#: seconds the window waits, leaving a table it hosts, for its server to tell the friends
CLOSING_WAIT = 5.0
#: the computers' levels a host may choose
CHOICES = ("easy", "normal", "hard")
FRIEND = "friend"
INK = (255, 245, 220)


def local_address() -> str:
    """This computer's address on its network (what a friend types), or its name.  No
    packet is sent: a UDP socket is only pointed at an address to learn the route."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return socket.gethostname()


class FormLayer(Layer):
    """The page under its buttons: the form's fields while not connected, and the keys
    (Esc goes back, Enter hosts or joins)."""

    name = "form"

    def __init__(self, view: FriendsView) -> None:
        self.view = view

    def press(self, x: float, y: float) -> bool:
        if self.view.session is None:
            self.view.form.press(x, y)
        return True

    def text(self, text: str) -> bool:
        if self.view.session is None:
            self.view.form.text(text)
        return True

    def key(self, key: int, modifiers: int) -> bool:
        v = self.view
        if key == arcade.key.ESCAPE:
            v.go_back()
        elif key in (arcade.key.ENTER, arcade.key.RETURN):
            (v.start_hosting if v.mode == "host" else v.start_joining)()
        elif v.session is None:
            return v.form.key(key, modifiers, v.window)
        return True


class FriendsView(arcade.View):
    """Host or join a shared table of one game."""

    #: where a hosted server listens: every network, so friends can reach it; the tests
    #: (and anyone who wants) keep it on loopback with CARDCLUB_BIND=127.0.0.1
    bind = os.environ.get("CARDCLUB_BIND", "0.0.0.0")

    def __init__(self, window: Window, game: str | None = None,
                 back: Callable[[], None] | None = None, players: int | None = None,
                 kinds: list[str] | None = None, host_now: bool = False,
                 **_kw: Any) -> None:
        """``players`` and ``kinds`` (the seats after the host's: ``friend`` or a
        computer's level) preset the host's choices; ``host_now`` hosts at once (a
        shared table's "Host again")."""
        super().__init__(arcade_window(window))
        self.app = window
        self.key = game if game is not None else ORDER[0]
        self.spec = spec(self.key)
        self.back = back
        self.mode = "host"
        self.players = max(self.spec.players_allowed)
        self.kinds: list[str] = [FRIEND] + [self.spec.default_level] * (self.players - 2)
        if players in self.spec.players_allowed and kinds and len(kinds) == players - 1:
            self.players, self.kinds = int(players), list(kinds)
        self.server: Background | None = None
        self.session: RemoteSession | None = None
        self.link: Connection | None = None
        self.message = ""
        self.title = Label("", 26, INK, bold=True)
        self.lines: list[Label] = []
        self.buttons = ButtonGroup(
            Button(_("Back"), self.go_back, SECONDARY, name="back"),
            Button(_("Host a table"), lambda: self.set_mode("host"), SECONDARY, name="host"),
            Button(_("Join a table"), lambda: self.set_mode("join"), SECONDARY, name="join"),
            Button(_("Host"), self.start_hosting, PRIMARY, name="start"),
            Button(_("Join"), self.start_joining, PRIMARY, name="enter"),
            Button("", self.cycle_players, SECONDARY, name="players"),
            Button("", self.resume_table, PRIMARY, name="resume"),
            Button(_("Close that table"), self.ask_discard, SECONDARY, name="discard"),
            Button("", self.rejoin_table, PRIMARY, name="rejoin"),
        )
        # the table this computer hosted when its program ended (friends_resume.py)
        self.left: LeftTable | None = left_table(home() / "tables", self.key)
        # a seat this player held at a friend's table when the program ended
        self.joined: friends.JoinedSeat | None = friends.joined_seat(self.key)
        self.rejoining: friends.JoinedSeat | None = None     # the seat being taken back
        self.resumed: LeftTable | None = None                # the hosted table resumed
        self.joining: str | None = None                      # the address being joined
        if self.joined is not None and self.left is None and not host_now:
            self.mode = "join"
        self.confirm = Confirm()
        self.seat_buttons: list[Button] = []
        self.form = FriendsForm()
        # input, top first: the question takes everything while it shows; the page's
        # buttons and the seats'; the form (name, address, code) while not connected
        self.stack = InputStack(
            PanelLayer(self.confirm, "confirm", on_escape=lambda: self.confirm.no.on_click()),
            ButtonsLayer(lambda: [*self.buttons.buttons, *self.seat_buttons], "buttons"),
            FormLayer(self))
        self.relayout()
        if host_now:
            self.start_hosting()

    @staticmethod
    def address() -> str:
        """This computer's address as friends type it."""
        return local_address()

    # ----- choices -------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if self.session is None:
            self.mode = mode
            self.message = ""
            self.relayout()

    def cycle_players(self) -> None:
        allowed = list(self.spec.players_allowed)
        self.players = allowed[(allowed.index(self.players) + 1) % len(allowed)]
        self.kinds = (self.kinds + [self.kinds[-1]] * 8)[:self.players - 1]
        self.relayout()

    def cycle_seat(self, i: int) -> None:
        """Seat ``i + 1``: a friend, then each computer level in turn."""
        table = levels(self.key)
        order = [FRIEND, *[lv for lv in CHOICES if lv in table]]
        now = self.kinds[i]
        self.kinds[i] = order[(order.index(now) + 1) % len(order)] if now in order else FRIEND
        self.relayout()

    def _seat_action(self, i: int) -> Callable[[], None]:
        return lambda: self.cycle_seat(i)

    def seat_text(self, i: int) -> str:
        kind = self.kinds[i]
        if kind == FRIEND:
            return _("Seat {n}: a friend").format(n=i + 2)
        label = levels(self.key).get(kind, {}).get("label", kind)
        return _("Seat {n}: computer, {level}").format(n=i + 2, level=_(str(label)))

    # ----- hosting and joining -----------------------------------------------------------------
    def serve(self) -> str | None:
        """Start the embedded server (it loads the tables left in its folder): its url."""
        from game.net.background import Background

        try:
            try:
                self.server = Background(home() / "tables", host=self.bind, port=PORT)
            except OSError:           # the port is taken: any free one
                self.server = Background(home() / "tables", host=self.bind, port=0)
        except OSError as exc:
            self.message = _("The table could not be opened: {why}").format(
                why=exc.strerror or exc)
            self.relayout()
            return None
        host = "127.0.0.1" if self.bind in ("0.0.0.0", "") else self.bind
        return f"ws://{host}:{self.server.port}"

    def said(self, problem: str | None) -> bool:
        """Whether there is a ``problem`` with the fields (then said on the page)."""
        if problem:
            self.message = problem
            self.relayout()
        return bool(problem)

    def start_hosting(self) -> None:
        if self.session is not None or self.said(self.form.problem(join=False)):
            return
        if (url := self.serve()) is None:
            return
        self.form.remember(joining=False)
        named = self.form.named()
        seats = [{"kind": FRIEND}] + [{"kind": FRIEND} if k == FRIEND else
                                      {"kind": "computer", "level": k} for k in self.kinds]
        self.link = Connection(url, {"type": "host", "game": self.key,
                                     "players": self.players, "seats": seats, **named})
        self.session = RemoteSession(self.link)
        self.message = _("Opening the table…")
        self.relayout()

    def resume_table(self) -> None:
        """Seat 0 again at the table left unfinished: the server loads its file, the
        friends come back by themselves, the table opens at its position."""
        left = self.left
        if self.session is not None or left is None or (url := self.serve()) is None:
            return
        self.left = None
        self.link = Connection(url, {"type": "resume", "code": left.code, "token": left.token})
        self.session = RemoteSession(self.link)
        self.resumed = left
        self.message = _("Opening the table…")
        self.relayout()

    def rejoin_table(self) -> None:
        """The seat held at a friend's table when the program ended: a ``resume`` with
        its code and token; the table opens at its position."""
        seat = self.joined
        if self.session is not None or seat is None:
            return
        self.joined, self.rejoining = None, seat
        self.link = Connection(seat.address, {"type": "resume", "code": seat.code,
                                              "token": seat.token})
        self.session = RemoteSession(self.link)
        self.message = _("Joining the table…")
        self.relayout()

    def ask_discard(self) -> None:
        left = self.left
        if self.session is not None or left is None:
            return

        def yes() -> None:
            discard(left)
            self.left = None
            self.relayout()
        self.confirm.ask(_("Close table {code}?").format(code=left.code),
                         [_("Its deal ends for you and your friends; it cannot be resumed.")],
                         _("Close it"), _("Keep it"), yes, yes_style=DANGER)

    def start_joining(self) -> None:
        if self.session is not None or self.said(self.form.problem(join=True, port=PORT)):
            return
        self.form.remember(joining=True)
        self.joining = url = self.form.url(PORT)
        self.link = Connection(url, {"type": "join", "code": self.form.code.value.strip(),
                                     **self.form.named()})
        self.session = RemoteSession(self.link)
        self.message = _("Joining the table…")
        self.relayout()

    def stop(self) -> None:
        """Leave (the host's leaving closes the table) and stop serving once the friends
        who came are told."""
        code = self.session.code if self.session is not None else None
        if self.link is not None:
            self.link.close(leave=True)
        if self.server is not None:
            self.server.stop_after(code, wait=CLOSING_WAIT)
        self.link = self.session = self.server = None

    def may_close(self) -> bool:
        """The window closes: the table being hosted closes first."""
        self.stop()
        return True

    def on_hide_view(self) -> None:
        """Another view took the window before the table opened: leave, stop serving."""
        self.stop()

    def go_back(self) -> None:
        self.stop()
        if self.back is not None:
            self.back()
        else:
            self.app.open("menu")

    # ----- the frame -----------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        s = self.session
        if s is None:
            return
        before = (s.code, tuple(str(x) for x in s.seats), s.link_state, s.error, s.closed)
        s.advance(delta_time)
        if s.link_state == "gone" and s.code is None:
            self.message = _("The table could not be reached.")
            self.link, self.session = None, None
            self.joined, self.rejoining = self.joined or self.rejoining, None   # (kept)
            if self.server is not None:
                self.server.stop()
                self.server = None
            self.relayout()
            return
        if s.error_code and s.code is None:      # refused: no such table, full …
            self.refused(s.error_code)
            return
        if s.code is not None and before[0] is None:
            self.seated(s)
        if s.ready and s.started:
            self.open_table(s)
            return
        if before != (s.code, tuple(str(x) for x in s.seats), s.link_state, s.error,
                      s.closed):
            self.message = ""
            self.relayout()

    def refused(self, code: str) -> None:
        """The server would not seat us: say why (a seat taken back that the table no
        longer holds is forgotten)."""
        self.message = refusal(code, self.rejoining)
        self.rejoining = None
        self.stop()
        self.relayout()

    def seated(self, s: RemoteSession) -> None:
        """The server has seated us: noted, so that a restart offers the table again
        (the host's code beside its tables; a friend's seat with its token)."""
        if s.is_host and s.code is not None:
            note_hosted(home() / "tables", s.code)
        elif not s.is_host:
            note_seat(s, self.rejoining.address if self.rejoining is not None
                      else self.joining)

    def open_table(self, s: RemoteSession) -> None:
        from game.scenes.tables import table_class

        hand_over(s, self.resumed)    # the log so far; a friend's seat forgotten at the end
        s.keep = self.server          # the server lives as long as the table
        view = table_class(self.key)(self.app, session=s)
        self.session = self.link = self.server = None
        self.window.show_view(view)

    # ----- layout and drawing --------------------------------------------------------------
    def status_lines(self) -> list[str]:
        s = self.session
        if s is None or s.code is None:
            return [self.message] if self.message else []
        if self.server is not None:
            out = [_("Table code: {code}").format(code=s.code),
                   _("Address: {address}").format(
                       address=f"{self.address()}:{self.server.port}"),
                   _("Give your friends the address and the code.")]
        else:
            out = [_("At table {code}.").format(code=s.code)]
        out += seat_lines(s)
        if self.message:
            out.append(self.message)
        return out

    def relayout(self) -> None:
        w, h = self.window.width, self.window.height
        sc = max(0.7, min(w / 1280, h / 800))
        self.title.set(_("Play {game} with friends").format(game=self.spec.title))
        self.title.place(w / 2, h - 60 * sc, 28 * sc)
        b = self.buttons.by_name
        bh = max(48.0, 52 * sc)
        b("back").place(90 * sc, h - 60 * sc, 140 * sc, bh)
        b("host").place(w / 2 - 150 * sc, h - 140 * sc, 280 * sc, bh)
        b("join").place(w / 2 + 150 * sc, h - 140 * sc, 280 * sc, bh)
        b("host").style = PRIMARY if self.mode == "host" else SECONDARY
        b("join").style = PRIMARY if self.mode == "join" else SECONDARY
        busy = self.session is not None
        for name in ("host", "join"):
            b(name).enabled = not busy
        y = h - 230 * sc
        self.seat_buttons = []
        hosting = self.mode == "host"
        b("players").visible = hosting and len(self.spec.players_allowed) > 1
        if b("players").visible:
            b("players").label.set(_("Players: {n}").format(n=self.players))
            b("players").place(w / 2, y, 360 * sc, bh)
            b("players").enabled = not busy
            y -= bh + 12 * sc
        if hosting:
            for i in range(self.players - 1):
                btn = Button(self.seat_text(i), self._seat_action(i), SECONDARY,
                             name=f"seat{i + 1}")
                btn.place(w / 2, y, 420 * sc, bh)
                btn.enabled = not busy
                self.seat_buttons.append(btn)
                y -= bh + 10 * sc
        y = self.form.place(not hosting, w, y, sc, bh)      # the name beside Host / Join
        b("start").visible = hosting
        b("enter").visible = not hosting
        b("start").enabled = b("enter").enabled = not busy
        bx, bw = self.form.button
        b("start" if hosting else "enter").place(bx, y, bw, bh)
        y -= bh + 30 * sc
        b("resume").visible = b("discard").visible = (hosting and self.left is not None
                                                      and not busy)
        if self.left is not None and b("resume").visible:
            b("resume").label.set(_("Resume your table {code}").format(code=self.left.code))
            b("resume").place(w / 2 - 170 * sc, y, 420 * sc, bh)
            b("discard").place(w / 2 + 230 * sc, y, 320 * sc, bh)
            y -= bh + 30 * sc
        b("rejoin").visible = self.joined is not None and not busy     # in either mode
        if self.joined is not None and b("rejoin").visible:
            b("rejoin").label.set(_("Rejoin table {code}").format(code=self.joined.code))
            b("rejoin").place(w / 2, y, 460 * sc, bh)
            y -= bh + 30 * sc
        self.lines = []
        for text in self.status_lines():
            lab = Label(text, 17 * sc, INK, width=max(1, int(w - 120)), multiline=True,
                        align="center")
            lab.place(w / 2, y)
            self.lines.append(lab)
            y -= max(26.0, lab.text.content_height + 8 * sc)
        self.confirm.place(w, h)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.relayout()

    def on_draw(self) -> None:
        self.clear(color=(28, 70, 50))
        w, h = self.window.width, self.window.height
        sc = max(0.7, min(w / 1280, h / 800))
        top, bottom = h - 180 * sc, 30.0
        draw_panel(w / 2, (top + bottom) / 2, max(1, min(w - 40, 900)), max(1, top - bottom),
                   alpha=40)
        self.title.draw()
        self.buttons.draw()
        for btn in self.seat_buttons:
            btn.draw()
        self.form.draw()
        for lab in self.lines:
            lab.draw()
        self.confirm.draw(w, h)

    # ----- input ----------------------------------------------------------------------------
    # ----- input: through the stack ---------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.press(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.release(x, y)

    def on_text(self, text: str) -> None:
        self.stack.text(text)

    def on_key_press(self, key: int, modifiers: int) -> None:
        self.stack.key(key, modifiers)
