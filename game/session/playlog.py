"""What happened at a table, in plain words: the log a player reads at a glance and each
seat's last play.

Every line comes from the human's observation *before* a move and the move's events:
what any player at the table saw (a computer's hidden cards are never named).  A move is
told in the log's voice (``game.i18n.moves.move_told``), a deed and never the hint's
order: another seat's after its name ("Computer 1: plays the Q♣ onto run 1"), the
player's own in the second person ("You attack with the 7♦"); cards carried from the
table into a hand are counted ("Computer 2: takes the pile (29 cards)"); a seat that runs
out of cards gets a line of its own.  The same log is rebuilt from a journal (after an
undo, or a replay's jump).  Pure: no arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.i18n import _, ngettext
from game.i18n.moves import move_brief, move_told, told_line
from game.i18n.words import game_words
from game.rules import Event, Move
from game.session.journal import Journal

#: places cards are drawn from (not "taken" from the table)
DRAW_PLACES = ("deck", "stock", "talon", "hand", "collected")
#: the seat's last play keeps this many moves of one turn
TURN_PARTS = 2
#: announcements that end a round: the plays leave the table (Pao De Kuai, a Durak bout)
ROUND_ENDS = frozenset({"round_over", "bout_beaten", "bout_taken"})


@dataclass(frozen=True)
class Line:
    seat: int | None
    text: str


def taken(seat: int | None, events: list[Event]) -> int:
    """How many cards a move carried from the table into the mover's hand."""
    if seat is None:
        return 0
    return sum(1 for e in events if e.kind == "move" and e.dst == f"hand{seat}"
               and not (e.src or "").startswith(DRAW_PLACES))


class PlayLog:
    """The deal's lines, oldest first, and each seat's last play (its words)."""

    def __init__(self, key: str, human: int, name: Callable[[int], str],
                 style: str | None = None) -> None:
        self.key, self.human, self.name, self.style = key, human, name, style
        self.lines: list[Line] = []
        self.last: dict[int, str] = {}      # seat -> its last play in words
        self.newest: dict[int, str] = {}    # seat -> its newest move alone
        self._parts: dict[int, list[str]] = {}
        self._whole: list[str] = []         # the moves of the turn under way, told
        words = game_words(key)
        #: a turn of several plays is one line of the log (Autobus)
        self.whole_turns = words is not None and words.whole_turns
        self._turn: int | None = None       # the seat whose turn the last move was
        self.version = 0                    # raised by every change (redraw cue)

    def clear(self) -> None:
        self.lines, self.last, self._parts, self._turn = [], {}, {}, None
        self.newest, self._whole = {}, []
        self.version += 1

    def note(self, text: str) -> None:
        """A line of the table's own (the pace hint at the first deal)."""
        self.lines.append(Line(None, text))
        self.version += 1

    def said(self, seat: int, move: Move, before: dict[str, Any], events: list[Event]) -> str:
        """The move as the log tells it, as the other players saw it made."""
        text = move_told(self.key, move, before, self.style, own=seat == self.human)
        n = taken(seat, events)
        if n > 1:
            text += " " + ngettext("({n} card)", "({n} cards)", n).format(n=n)
        return text

    def record(self, seat: int | None, move: Move, before: dict[str, Any],
               events: list[Event]) -> None:
        """One move played by ``seat`` from the position ``before`` (the human's
        observation): its line, and the seat's last play."""
        self.version += 1
        if seat is None:
            return
        text = self.said(seat, move, before, events)
        own = seat == self.human
        if self.whole_turns and self._turn == seat and self.lines \
                and self.lines[-1].seat == seat:       # the same turn: its line grows
            self._whole.append(text)
            self.lines[-1] = Line(seat, told_line(self.name(seat), " · ".join(self._whole),
                                                  own))
        else:
            self._whole = [text]
            self.lines.append(Line(seat, told_line(self.name(seat), text, own)))
        self.newest[seat] = move_brief(self.key, move, before, self.style, own) or text
        parts = self._parts.get(seat, []) if self._turn == seat else []
        parts = [*parts, text][-TURN_PARTS:]
        self._parts[seat], self._turn = parts, seat
        self.last[seat] = " · ".join(parts)
        if any(e.kind == "announce" and e.text in ROUND_ENDS for e in events):
            self.last, self._parts, self._turn, self.newest = {}, {}, None, {}
        for e in events:
            if e.kind == "announce" and e.text == "out" and e.seat is not None:
                self.lines.append(Line(e.seat, _("You are out of cards!")
                                       if e.seat == self.human else
                                       _("{who} is out of cards").format(
                                           who=self.name(e.seat))))
                self.last[e.seat] = self.newest[e.seat] = _("out")

    def rebuild(self, journal: Journal, upto: int) -> None:
        """The log of the journal's first ``upto`` moves (after an undo or a jump),
        each said from the position it was made in; the table's own lines stay first."""
        notes = [line for line in self.lines if line.seat is None][:1]
        self.clear()
        self.lines = notes
        game = journal.start_state()
        for text in journal.moves[:upto]:
            seat = game.current_player
            before = game.observation(self.human)
            move = game.parse_move(text)
            self.record(seat, move, before, game.play(move))

    def tail(self, n: int) -> list[str]:
        return [line.text for line in self.lines[-n:]]
