"""A shared table's own words: the friends' names on their seats, a mark while a
friend is thinking, is away, or has the computer playing for them, the table's code in
the top bar, and a band across the table while the link to the server is lost.

The session says whether the table is shared (``Session.shared``: a ``RemoteSession``
seated at a table, ``game.net.remote``); against the computer it is None, and then this
component says and draws nothing (the table looks exactly as before).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from game.i18n import _
from game.net.protocol import COMPUTER
from game.scenes.table.choreography import MOVE_TIME
from game.ui.widgets import Label

if TYPE_CHECKING:
    from game.scenes.table.host import Host
    from game.session import SharedSession

BAND = (120, 30, 20, 225)
BADGE, BADGE_INK = (20, 30, 25, 200), (255, 225, 140)


class SharedTable:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.session: SharedSession | None = view.session.shared
        self.link = "open"
        self.refusals = 0                      # the session's refused moves already said
        self.band = Label("", 20, (255, 245, 230), bold=True, multiline=True, width=700,
                          align="center")
        #: the marks beside the seats' names: seat -> its label and the box behind it
        self.badges: dict[int, tuple[Label, tuple[float, float, float, float]]] = {}

    # ----- names and marks -------------------------------------------------------------
    def seat(self, seat: int) -> dict[str, Any]:
        seats = self.session.seats if self.session is not None else []
        return seats[seat] if 0 <= seat < len(seats) else {}

    def name(self, seat: int) -> str | None:
        """A friend's seat: the name they gave, or "Friend 2" (the seat's number, the
        host's being 1: the same seat is called the same on every friend's screen and on
        the friends page, "Seat 2"); None for a computer's seat or against the computer
        (the table's usual names)."""
        s = self.session
        if s is None or self.seat(seat).get("kind", COMPUTER) == COMPUTER:
            return None
        return s.seat_name(seat) or _("Friend {n}").format(n=seat + 1)

    def label(self, seat: int) -> str | None:
        """Another seat's name at a shared table: a friend's (:meth:`name`), or a
        computer's by its seat's number ("Computer 3"), the same on every screen; None
        against the computer, or for the one computer of a table of two (the table's
        usual names)."""
        s = self.session
        if s is None:
            return None
        if len(s.seats) <= 2 and self.name(seat) is None:
            return None
        return self.name(seat) or _("Computer {n}").format(n=seat + 1)

    def state(self, seat: int) -> str | None:
        """Another friend's seat: "standin" (away, the computer plays for them), "away",
        "thinking", or None (a computer's seat, yours, or a friend waiting their turn)."""
        s = self.session
        if s is None or seat == self.view.human or self.name(seat) is None:
            return None
        if self.seat(seat).get("standin"):
            return "standin"
        if s.away(seat):
            return "away"
        if s.current_player == seat and not s.is_over:
            return "thinking"
        return None

    def status(self) -> str | None:
        """The status line while the server cannot keep moves ("… the table waits"), or
        while the seat to act is a friend who is away: "Jana is away…", or "Jana is
        away: the computer plays for them" (None: the game's own words, "… is
        thinking")."""
        s = self.session
        seat = s.current_player if s is not None else None
        if s is not None and s.halted is not None and not s.is_over:
            return _("The server cannot save right now; the table waits.")
        if s is None or seat is None or s.is_over:
            return None
        state = self.state(seat)
        if state == "standin":
            return _("{who} is away: the computer plays for them").format(who=self.name(seat))
        if state == "away":
            return _("{who} is away…").format(who=self.name(seat))
        return None

    def marks(self) -> list[str]:
        """A line for each friend who is thinking, away, or whose seat the computer plays."""
        s = self.session
        if s is None:
            return []
        out: list[str] = []
        for seat in range(len(s.seats)):
            state, name = self.state(seat), self.name(seat)
            if state == "standin":
                out.append(_("{who}: away, the computer plays for them").format(who=name))
            elif state == "away":
                out.append(_("{who}: away").format(who=name))
            elif state == "thinking":
                out.append(_("{who}: thinking…").format(who=name))
        return out

    def seat_marks(self) -> dict[int, str]:
        """The short mark written beside each such friend's name on the table."""
        s = self.session
        words = {"standin": _("away: the computer plays"), "away": _("away"),
                 "thinking": _("thinking…")}
        seats = range(len(s.seats)) if s is not None else range(0)
        return {seat: words[st] for seat in seats if (st := self.state(seat)) is not None}

    def header(self) -> str | None:
        """The top bar's line at a shared table: its code, then the friends' marks."""
        s = self.session
        if s is None:
            return None
        return "  ·  ".join([_("Table {code}").format(code=s.code), *self.marks()])

    # ----- keeping up ------------------------------------------------------------------
    def refresh(self) -> None:
        """After a change of the session (a move, a seat's news) and the game's labels:
        the top bar's line, and the marks beside the seats' names."""
        text = self.header()
        v = self.view
        if text is not None and text != v.hud.level_text:
            v.hud.level_text = text
            v.place_widgets()
        self.place_badges()

    def place_badges(self) -> None:
        """Each mark just right of its seat's name (left of it where the window ends),
        on the name's line."""
        v = self.view
        L = v.layout
        old, self.badges = self.badges, {}
        for seat, word in self.seat_marks().items():
            name = v.seat_label(seat)
            if name is None or not name.text.text:
                continue
            t = name.text
            width = t.content_width
            left = t.x - {"center": width / 2, "right": width}.get(t.anchor_x, 0.0)
            badge = old[seat][0] if seat in old else Label("", 12, BADGE_INK, bold=True)
            badge.set(word)
            badge.place(0, 0, max(10.0, 12 * L.s))
            w, h = badge.text.content_width + 14 * L.s, badge.text.content_height + 6 * L.s
            x = left + width + 10 * L.s + w / 2
            if x + w / 2 > L.w - 4:
                x = left - 10 * L.s - w / 2
            badge.place(round(x), round(t.y))
            self.badges[seat] = (badge, (x, t.y, w, h))

    def update(self) -> None:
        """Each frame: a move the server refused, said as the table says an illegal one;
        the link's state, said in a band while it is not open."""
        s = self.session
        if s is None:
            return
        if s.refusals != self.refusals:
            self.refusals = s.refusals
            self.refused(s.error_code)
        if s.link_state == self.link:
            return
        self.link = s.link_state
        if s.is_over:          # (a table that cannot be reached: the result panel says so)
            self.band.set("")
            return
        self.band.set({"lost": _("The link to the table is lost: reconnecting…"),
                       "gone": _("The table cannot be reached any more.")}.get(self.link, ""))
        self.view.cards.static.dirty = True      # a frame to draw

    def refused(self, code: str | None) -> None:
        """The server refused this seat's move (the deal had moved on, or it was not
        allowed there): say so, shake the chosen cards, and put every card back where
        the position says (the move was never played)."""
        v = self.view
        words = {"stale": _("The deal moved on before your move arrived: choose again."),
                 "not_your_turn": _("It is not your turn any more."),
                 "over": _("The deal is over.")}
        for tok in v.selected:
            sprite = v.cards.sprites.get(tok.id)
            if sprite is not None:
                sprite.shake()
        v.selected = []
        v.hud.flash(words.get(code or "", _("The table refused that move: choose again.")))
        v.relayout(MOVE_TIME)

    def draw(self) -> None:
        for badge, (x, y, w, h) in self.badges.values():
            arcade.draw_rect_filled(arcade.XYWH(x, y, w, h), BADGE)
            badge.draw()
        t = self.band.text
        if t.text:
            L = self.view.layout
            if t.width != max(1, int(min(700 * L.s, L.w - 40))):
                t.width = max(1, int(min(700 * L.s, L.w - 40)))
            self.band.place(L.w / 2, L.h / 2, max(14.0, 20 * L.s))
            arcade.draw_rect_filled(arcade.XYWH(L.w / 2, L.h / 2, min(L.w, t.content_width
                                                                      + 60),
                                                t.content_height + 24), BAND)
            self.band.draw()
