"""Play with friends: host a table (seats friend or computer, the computers' level) and
show its code and address, or join one with an address and a code.

The network lives in ``game.net``: hosting starts a table server on a thread of its own
(``server.Background``) and sits at its seat 0 through a ``client.Connection``; the frame
only polls (``RemoteSession.advance``), so it never waits on the network.  When the deal
begins the game's own table opens on the ``RemoteSession``: the table does not know
where the moves come from.
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
from game.net.client import Connection, check_url
from game.net.remote import RemoteSession
from game.scenes.friends_resume import LeftTable, discard, left_table, note_hosted
from game.store.files import home
from game.ui.clipboard import paste_text
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
    from game.net.server import Background
    from game.ui.window import Window

#: the port a hosted table listens on (the next free one when it is taken)
PORT = 8765
#: seconds the window waits, leaving a table it hosts, for its server to tell the friends
CLOSING_WAIT = 5.0
#: the computers' levels a host may choose
CHOICES = ("easy", "normal", "hard")
FRIEND = "friend"
INK = (255, 245, 220)
SOFT = (225, 215, 190)


def local_address() -> str:
    """This computer's address on its network (what a friend types), or its name.  No
    packet is sent: a UDP socket is only pointed at an address to learn the route."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return socket.gethostname()


class Field:
    """A line of text to type or paste into (the address, the code)."""

    def __init__(self, text: str = "", upper: bool = False, longest: int = 200) -> None:
        self.value, self.upper, self.longest = text, upper, longest
        self.focused = False
        self.label = Label("", 18, (30, 30, 30))
        self.cx = self.cy = 0.0
        self.w, self.h = 300.0, 48.0

    def place(self, cx: float, cy: float, w: float, h: float) -> None:
        self.cx, self.cy, self.w, self.h = cx, cy, w, h
        self.label.place(cx, cy, max(14.0, h * 0.38))

    def hit(self, x: float, y: float) -> bool:
        return abs(x - self.cx) <= self.w / 2 and abs(y - self.cy) <= self.h / 2

    def type(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable()).strip()
        if self.upper:
            text = text.upper()
        self.value = (self.value + text)[:self.longest]

    def draw(self) -> None:
        rect = arcade.XYWH(self.cx, self.cy, self.w, self.h)
        arcade.draw_rect_filled(rect, (250, 246, 235))
        arcade.draw_rect_outline(rect, (200, 160, 60) if self.focused else (0, 0, 0, 90),
                                 3 if self.focused else 2)
        self.label.set(self.value + ("|" if self.focused else ""))
        self.label.draw()


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
        )
        # the table this computer hosted when its program ended (friends_resume.py)
        self.left: LeftTable | None = left_table(home() / "tables", self.key)
        self.confirm = Confirm()
        self.seat_buttons: list[Button] = []
        self.address_field = Field("ws://")
        self.code_field = Field("", upper=True, longest=6)
        self.fields = [self.address_field, self.code_field]
        self.field_labels: list[Label] = []
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
        from game.net.server import Background

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

    def start_hosting(self) -> None:
        if self.session is not None or (url := self.serve()) is None:
            return
        seats = [{"kind": FRIEND}] + [{"kind": FRIEND} if k == FRIEND else
                                      {"kind": "computer", "level": k} for k in self.kinds]
        self.link = Connection(url, {"type": "host", "game": self.key,
                                     "players": self.players, "seats": seats})
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
        self.message = _("Opening the table…")
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
        if self.session is not None:
            return
        url = self.address_field.value.strip()
        if "://" not in url:
            url = "ws://" + url
        if url.count(":") < 2:                   # no port: the usual one
            url += f":{PORT}"
        try:
            check_url(url)
        except ValueError:
            self.message = _("That is not a table's address (e.g. 192.168.1.20:8765).")
            self.relayout()
            return
        code = self.code_field.value.strip()
        if len(code) != 6:
            self.message = _("A table code has six letters and digits.")
            self.relayout()
            return
        self.link = Connection(url, {"type": "join", "code": code})
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
            if self.server is not None:
                self.server.stop()
                self.server = None
            self.relayout()
            return
        if s.error_code and s.code is None:      # refused: no such table, full …
            self.message = {"no_table": _("No open table has that code."),
                            "table_full": _("Every friend's seat at that table is taken.")
                            }.get(s.error_code, _("The table would not seat you."))
            self.stop()
            self.relayout()
            return
        if s.code is not None and before[0] is None and s.is_host:
            note_hosted(home() / "tables", s.code)       # offered again after a restart
        if s.ready and s.started:
            self.open_table(s)
            return
        if before != (s.code, tuple(str(x) for x in s.seats), s.link_state, s.error,
                      s.closed):
            self.message = ""
            self.relayout()

    def open_table(self, s: RemoteSession) -> None:
        from game.scenes.tables import table_class

        s.keep = self.server          # the server lives as long as the table
        # the table asks its session only what a RemoteSession answers (game/net/remote.py)
        view = table_class(self.key)(self.app, session=s)  # type: ignore[arg-type]
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
        for i, seat in enumerate(s.seats):
            if i == s.human:
                continue
            if seat.get("kind") == "computer":
                out.append(_("Seat {n}: the computer").format(n=i + 1))
            elif seat.get("taken"):
                out.append(_("Seat {n}: a friend is here").format(n=i + 1))
            else:
                out.append(_("Seat {n}: waiting for a friend…").format(n=i + 1))
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
        else:
            self.address_field.place(w / 2 + 70 * sc, y, 420 * sc, bh)
            self.code_field.place(w / 2 + 70 * sc, y - bh - 14 * sc, 420 * sc, bh)
            y -= 2 * (bh + 14 * sc)
        b("start").visible = hosting
        b("enter").visible = not hosting
        b("start").enabled = b("enter").enabled = not busy
        b("start" if hosting else "enter").place(w / 2, y - 10 * sc, 240 * sc, bh)
        y -= bh + 40 * sc
        b("resume").visible = b("discard").visible = (hosting and self.left is not None
                                                      and not busy)
        if self.left is not None and b("resume").visible:
            b("resume").label.set(_("Resume your table {code}").format(code=self.left.code))
            b("resume").place(w / 2 - 170 * sc, y, 420 * sc, bh)
            b("discard").place(w / 2 + 230 * sc, y, 320 * sc, bh)
            y -= bh + 30 * sc
        self.lines = []
        for text in self.status_lines():
            lab = Label(text, 17 * sc, INK, width=max(1, int(w - 120)), multiline=True,
                        align="center")
            lab.place(w / 2, y)
            self.lines.append(lab)
            y -= max(26.0, lab.text.content_height + 8 * sc)
        self.field_labels = [Label(_("Address"), 17 * sc, SOFT, bold=True),
                             Label(_("Code"), 17 * sc, SOFT, bold=True)]
        for lab, f in zip(self.field_labels, self.fields, strict=True):
            lab.place(f.cx - f.w / 2 - 80 * sc, f.cy)
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
        if self.mode == "join":
            for lab in self.field_labels:
                lab.draw()
            for f in self.fields:
                f.draw()
        for lab in self.lines:
            lab.draw()
        self.confirm.draw(w, h)

    # ----- input ----------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.confirm.press(x, y) or self.buttons.press(x, y):
            return
        for btn in self.seat_buttons:
            if btn.hit(x, y):
                btn.pressed = True
                return
        if self.mode == "join" and self.session is None:
            for f in self.fields:
                f.focused = f.hit(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.confirm.release(x, y) or self.buttons.release(x, y):
            return
        for btn in self.seat_buttons:
            was, btn.pressed = btn.pressed, False
            if was and btn.hit(x, y):
                btn.on_click()
                return

    def focused(self) -> Field | None:
        return next((f for f in self.fields if f.focused), None)

    def on_text(self, text: str) -> None:
        f = self.focused()
        if f is not None and self.mode == "join" and self.session is None:
            f.type(text)

    def on_key_press(self, key: int, modifiers: int) -> None:
        f = self.focused()
        if self.confirm.visible:
            if key == arcade.key.ESCAPE:
                self.confirm.no.on_click()
        elif key == arcade.key.ESCAPE:
            self.go_back()
        elif key in (arcade.key.ENTER, arcade.key.RETURN):
            (self.start_hosting if self.mode == "host" else self.start_joining)()
        elif f is not None and key == arcade.key.BACKSPACE:
            f.value = f.value[:-1]
        elif f is not None and key == arcade.key.TAB:
            i = self.fields.index(f)
            f.focused = False
            self.fields[(i + 1) % len(self.fields)].focused = True
        elif f is not None and key == arcade.key.V and modifiers & arcade.key.MOD_CTRL:
            f.type(paste_text(self.window))
