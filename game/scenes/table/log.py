"""What happened at the table: the last few actions in words at a glance, the
whole log in a panel (a tap on it, or L), and each computer seat's last play said in
front of it (where its cards do not already show it: ``TableLayout.last_play_at``).

The words come from ``game.session.playlog.PlayLog`` (the human's observation before
each move and the move's events: never a hidden card).  The text is laid out once per
change (``refresh``, with the table's other words) and drawn with them into the static
layer: a frame that changes nothing costs nothing more.  Each line of the log is a label
of its own, kept while it may show, so a move lays out its new line and the seat's new
words only (laying text out is the dearest step of a refresh on software GL).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.i18n import _
from game.session import Change
from game.session.playlog import PlayLog
from game.ui.layout import Box, TableLayout
from game.ui.panels import Panel
from game.ui.widgets import PRIMARY, Button, Label

if TYPE_CHECKING:
    from game.scenes.table.host import Host

LOG_KEY = arcade.key.L
#: the most lines the log shows at a glance (as many as fit its box)
SHOWN = 5
#: lines on one page of the whole log
PAGE = 14
INK = (235, 240, 225)
PLAY_INK = (255, 236, 170)
#: the width a seat's last play wraps at (before the layout's scale)
PLAY_W = 230
#: the games whose first deal has told where the pace is set (once a run)
PACE_TOLD: set[str] = set()


class TableLog:
    def __init__(self, view: Host) -> None:
        self.view = view
        s = view.session
        self.book = PlayLog(view.key, s.human, view.who,
                            view.style)
        self.retold = 0                         # a shared table's moves told again (retell)
        if s.moves_played and s.journal.deck:
            self.book.rebuild(s.journal, s.moves_played)
        elif s.moves_played:                    # a shared table come back to: the moves
            self.retell()                       # as they were told to this seat
        self.before = s.observation()           # the position the next move is made in
        #: a label per line of the log laid out (its index in the book), kept while it
        #: may show: a new line lays out only itself, the others move up
        self.rows: dict[int, Label] = {}
        self.spare: list[Label] = []            # labels of lines gone, to be used again
        self.shown: list[int] = []              # the lines in the box, oldest first
        self.plays: dict[int, Label] = {}       # seat -> its last play
        self.box = Box(0, 0, 0, 0)
        self.page = 0                           # pages back from the newest
        #: the log's version and the layout the words were laid out for
        self.laid: tuple[int, TableLayout] | None = None
        self.panel = Panel(_("What happened"), [], [
            Button(_("Earlier"), lambda: self.turn(1), name="earlier"),
            Button(_("Later"), lambda: self.turn(-1), name="later"),
            Button(_("Close"), self.close, PRIMARY, name="close")], columns=3)
        self.panel.text = Label("", 15, (60, 50, 40), multiline=True, width=460,
                                anchor_y="top", align="left")

    def tell_pace(self) -> None:
        """The first deal of a game says once where the computers' pace is set."""
        key = self.view.key
        if self.view.session.shared is not None:
            return                              # a table of people: the server's pace
        if key not in PACE_TOLD:
            PACE_TOLD.add(key)
            self.book.note(_("Too fast or too slow? Set the opponents' pace in Settings."))

    # ----- the session -------------------------------------------------------------------
    def changed(self, change: Change) -> None:
        s = self.view.session
        if change.kind == "move" and change.move is not None:
            self.book.record(change.seat, change.move, self.before, change.events)
        elif change.kind in ("undo", "jump") and s.journal.deck:
            self.book.rebuild(s.journal, s.moves_played)
        elif (change.kind == "jump" and s.shared is not None
              and s.shared.retold != self.retold):
            self.retell()                       # the server told the moves again
        self.before = s.observation()

    def retell(self) -> None:
        """A shared table's log from the moves told to this seat (``RemoteSession.told``:
        the server's account of the deal when the seat comes back, else what was heard
        since joining); the table's own lines stay first."""
        s = self.view.session.shared
        if s is None:
            return
        self.retold = s.retold
        book = self.book
        notes = [line for line in book.lines if line.seat is None][:1]
        book.clear()
        book.lines = notes
        for seat, move, before, events in s.told():
            book.record(seat, move, before, events)

    # ----- the picture -------------------------------------------------------------------
    def refresh(self) -> None:
        """Lay the words out (after a change: the static layer is drawn anew): the
        newest lines that fit the log's box, each wrapped whole; each seat's last play
        wrapped at ``PLAY_W`` where its layout says (``last_play_at``).  Laying text out
        is the dearest step on software GL, so only what changed is laid out again: a
        new line's label, a seat's new words (``Label.set`` skips the same words)."""
        v = self.view
        L = v.layout
        if self.panel.visible:
            self.show_page()
        if self.laid is not None and self.laid[0] == self.book.version \
                and self.laid[1] is L:           # nothing new: the words stand as laid
            return
        self.laid = (self.book.version, L)
        self.box = b = L.log_box()
        self.fit(max(1, int(b.w - 16 * L.s)), max(11.0, 12 * L.s), b.h - 8 * L.s)
        left, top = round(b.cx - b.w / 2 + 8 * L.s), float(round(b.cy + b.h / 2 - 5 * L.s))
        for i in self.shown:                     # oldest first, each under the one before
            row = self.rows[i]
            row.place(left, top)
            top -= row.text.content_height
        for seat in range(v.session.players):
            at = L.last_play_at(v.pos(seat)) if seat != v.human else None   # by its place
            lab = self.plays.get(seat)
            if lab is None:
                lab = self.plays[seat] = Label("", 13, PLAY_INK, bold=True, multiline=True,
                                               width=200, align="center")
            room = L.last_play_room(v.pos(seat)) if at is not None else None
            if room is not None:               # one line in its room: the newest move
                one_line(lab, self.book.newest.get(seat, ""), room, max(10.0, 13 * L.s))
                if at is not None and lab.text.text:
                    x, y, _grow = at
                    lab.place(round(x - lab.text.content_width / 2), round(y))
                continue
            words = self.book.last.get(seat, "") if at is not None else ""
            if words:
                formed(lab, int(PLAY_W * L.s), max(10.0, 13 * L.s))
            lab.set(words)
            if at is None or not words:
                continue
            x, edge, grow = at
            half_w, half_h = PLAY_W * L.s / 2 + 6, lab.text.content_height / 2
            if grow == 0:                      # x is its left edge, y its middle
                x += lab.text.content_width / 2
            lab.place(round(min(max(x, half_w), L.w - half_w)), round(edge + grow * half_h))
        if v.hud.banner.text.text:              # an announcement showing keeps beside them
            v.hud.place_banner()

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """What the log shows, as (left, bottom, right, top): its box and each seat's
        last play (an announcement keeps beside them)."""
        b = self.box
        out = [(b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2)]
        for lab in self.plays.values():
            t = lab.text
            if t.text:
                w = min(t.content_width, t.width or t.content_width) / 2 + 7
                out.append((t.x - w, t.y - t.content_height / 2 - 3, t.x + w,
                            t.y + t.content_height / 2 + 3))
        return out

    def fit(self, width: int, size: float, room: float) -> None:
        """Show the newest lines whose heights together fit ``room`` (at most
        :data:`SHOWN`, at least one), each line a label of its own wrapped at ``width``:
        the labels of lines already laid out at this width and size are used as they
        are, and those of lines too old to show again go back to ``spare``."""
        lines = self.book.lines
        self.shown, used = [], 0.0
        for i in range(len(lines) - 1, max(-1, len(lines) - 1 - SHOWN), -1):
            row = self.rows.get(i)
            if row is None:
                row = self.rows[i] = self.spare.pop() if self.spare else Label(
                    "", 12, INK, anchor_x="left", anchor_y="top", multiline=True,
                    width=width)
            formed(row, width, size)
            row.set(lines[i].text)
            h = row.text.content_height
            if self.shown and used + h > room:
                break                            # (kept: tried again at the next move)
            self.shown.insert(0, i)
            used += h
        oldest = self.shown[0] - 1 if self.shown else len(lines)
        for i in [i for i in self.rows if i < oldest or i >= len(lines)]:
            row = self.rows.pop(i)
            row.set("")
            self.spare.append(row)

    def shown_text(self) -> str:
        """The lines in the box, as drawn."""
        return "\n".join(self.rows[i].text.text for i in self.shown)

    def draw(self) -> None:
        """Into the static layer, with the table's words."""
        b = self.box
        if self.shown:
            arcade.draw_rect_filled(arcade.XYWH(b.cx, b.cy, b.w, b.h), (0, 0, 0, 90))
            for i in self.shown:
                self.rows[i].draw()
        for lab in self.plays.values():
            t = lab.text
            if t.text:
                w = min(t.content_width, t.width or t.content_width) + 14
                arcade.draw_rect_filled(arcade.XYWH(t.x, t.y, w, t.content_height + 6),
                                        (0, 0, 0, 110))
                lab.draw()

    # ----- the whole log -----------------------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        """A tap on the log opens it whole."""
        b = self.box
        if self.book.lines and abs(x - b.cx) <= b.w / 2 and abs(y - b.cy) <= b.h / 2:
            self.open()
            return True
        return False

    def key(self, key: int) -> bool:
        """L opens and closes the whole log; Esc closes it."""
        if key == LOG_KEY:
            if self.panel.visible:
                self.close()
            else:
                self.open()
            return True
        if key == arcade.key.ESCAPE and self.panel.visible:
            self.close()
            return True
        return False

    def open(self) -> None:
        self.page = 0
        self.panel.visible = True
        self.show_page()

    def close(self) -> None:
        self.panel.visible = False
        self.view.cards.static.dirty = True

    def turn(self, pages: int) -> None:
        self.page = max(0, self.page + pages)
        self.show_page()

    def show_page(self) -> None:
        lines = [line.text for line in self.book.lines]
        pages = max(1, -(-len(lines) // PAGE))
        self.page = min(self.page, pages - 1)
        end = len(lines) - self.page * PAGE
        shown = lines[max(0, end - PAGE):end] or [_("Nothing has been played yet.")]
        by_name = self.panel.buttons.by_name
        by_name("earlier").enabled = end - PAGE > 0
        by_name("later").enabled = self.page > 0
        self.panel.set(_("What happened"), shown)


def one_line(lab: Label, words: str, room: float, size: float) -> None:
    """``words`` on one line no wider than ``room``: smaller as needed (to 9 points),
    then cut at a word with an ellipsis."""
    t = lab.text
    if t.multiline:                          # (once: the label is one line from now on)
        lab.set("")
        t.multiline = False
        t.label.width = None                 # its box as wide as its words (arcade's own
                                             # setter is typed int: pyglet takes None)
    if t.font_size != size:
        lab.set("")
        t.font_size = size
    lab.set(words)
    while t.content_width > room and t.font_size > 9:
        t.font_size = max(9.0, t.font_size - 1)
    cut = words.split(" ")
    while t.content_width > room and len(cut) > 1:
        cut.pop()
        lab.set(" ".join(cut) + "…")


def formed(lab: Label, width: int, size: float) -> None:
    """Wrap ``lab`` at ``width`` in ``size`` points; when either changes its words go
    first, so that the text is laid out once (by the next ``set``), not once a change."""
    t = lab.text
    if t.width != width or t.font_size != size:
        lab.set("")
        t.width = width
        t.font_size = size
