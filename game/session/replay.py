"""A finished deal played again from its journal, and practice from any of its positions.

A :class:`Replay` drives a read-only :class:`DealSession` through the journal's moves:
one step forward plays the next move (the table animates its events as at the time),
a step back or a jump lays the deal out at another position.  The session shows the
reviewed seat's observation, so the replay shows what that player saw then, no more.
Positions are counted in moves played: position ``i`` is the deal before the journal's
move ``i``; the player's *decisions* are the positions where that seat was to act.

States are rebuilt from the deck and the moves (the deal's own generator is in the
state, so Autobus's reshuffles come out the same); a snapshot every
:data:`SNAPSHOT_EVERY` moves keeps a step back short in a long deal.

:func:`practice` starts a practice deal from a position: the same cards, hidden ones
included, the computers at the deal's levels, saved nowhere and counted nowhere.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

from typing import Any

from game.rules import Game, Move
from game.session.deal import DealSession
from game.session.journal import Journal, journal_from_dict

#: moves between two kept states (a step back replays at most this many moves)
SNAPSHOT_EVERY = 24
#: seconds between two moves while the replay plays, at the normal animation speed
STEP_TIME = 1.1
#: the shortest pause between two moves (animations off)
MIN_STEP = 0.35


def journal_of(journal: Journal | dict[str, Any]) -> Journal:
    """A journal, from itself or its saved dict (ValueError, with the reason, when the
    dict is damaged or does not replay)."""
    if isinstance(journal, Journal):
        return journal
    return journal_from_dict(journal)


def start_state(journal: Journal) -> Game:
    """The deal as dealt, before any move (:meth:`Journal.start_state`)."""
    return journal.start_state()


def state_at(journal: Journal, index: int) -> Game:
    """The deal after the journal's first ``index`` moves (:meth:`Journal.state_at`)."""
    return journal.state_at(index)


class Replay:
    """The deal of ``journal`` watched again by ``seat`` (the human's, by default)."""

    def __init__(self, journal: Journal | dict[str, Any], seat: int | None = None,
                 pace: Any = None) -> None:
        j = journal_of(journal)
        self.journal = j
        self.key = j.game
        self.seat = j.human if seat is None else seat
        self.moves: list[str] = list(j.moves)
        start = j.start_state()
        # one walk over the deal: who made each move, a kept state now and then, and a
        # check that every move replays (a damaged journal fails here, not mid-replay)
        self.movers: list[int] = []
        self._snapshots: dict[int, Game] = {}
        for i, g in j.walk():
            if i < self.total:
                self.movers.append(-1 if g.current_player is None else g.current_player)
            if i % SNAPSHOT_EVERY == 0:
                self._snapshots[i] = g.clone()
        view = Journal(j.game, j.seed, list(j.deck), dict(j.options), [], dict(j.meta),
                       j.deal_id)
        kw: dict[str, Any] = {} if pace is None else {"pace": pace}
        self.session = DealSession(self.key, level=j.level, state=start, journal=view,
                                   save=False, ai_seats=(), human=self.seat,
                                   read_only=True, **kw)
        self.playing = False
        self._timer = 0.0

    # ----- where it stands --------------------------------------------------------------------
    @property
    def position(self) -> int:
        """Moves played so far (0: as dealt; ``total``: the end)."""
        return self.session.moves_played

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position >= self.total

    @property
    def game(self) -> Game:
        return self.session.game

    def observation(self) -> dict[str, Any]:
        """What the reviewed seat saw at this position."""
        return self.session.observation()

    def decisions(self) -> list[int]:
        """The positions where the reviewed seat was to act (its moves' indices)."""
        return [i for i, s in enumerate(self.movers) if s == self.seat]

    @property
    def at_decision(self) -> bool:
        """The reviewed seat is to act here (and the deal went on from here)."""
        return self.position < self.total and self.movers[self.position] == self.seat

    def last_move(self) -> tuple[int, Move, dict[str, Any]] | None:
        """The move that led here: its seat, the move, and what the reviewed seat saw
        just before it (a move is put in words from the position it was made in)."""
        i = self.position - 1
        if i < 0:
            return None
        before = self._state(i)
        return self.movers[i], before.parse_move(self.moves[i]), before.observation(self.seat)

    # ----- moving through it -----------------------------------------------------------------
    def _state(self, n: int) -> Game:
        """The deal after ``n`` moves (from the nearest kept state)."""
        base = max(k for k in self._snapshots if k <= n)
        g = self._snapshots[base].clone()
        for m in self.moves[base:n]:
            g.play(m)
        return g

    def step(self) -> bool:
        """One move forward, animated as it was played; False at the end."""
        if self.at_end:
            return False
        self.session.play(self.moves[self.position])
        return True

    def back(self) -> bool:
        """One move back; False at the start."""
        if self.at_start:
            return False
        self.jump(self.position - 1)
        return True

    def jump(self, n: int) -> None:
        """To the position after ``n`` moves (clamped to the deal): one step forward is
        played as a move, any other jump lays the deal out at once."""
        n = max(0, min(self.total, n))
        if n == self.position:
            return
        if n == self.position + 1:
            self.step()
            return
        self.session.jump(self._state(n), self.moves[:n])

    def to_start(self) -> None:
        self.pause()
        self.jump(0)

    def to_end(self) -> None:
        self.pause()
        self.jump(self.total)

    def next_decision(self) -> bool:
        """To the reviewed seat's next decision after this position; False if none."""
        later = [i for i in self.decisions() if i > self.position]
        if not later:
            return False
        self.pause()
        self.jump(later[0])
        return True

    def previous_decision(self) -> bool:
        """To the reviewed seat's last decision before this position; False if none."""
        earlier = [i for i in self.decisions() if i < self.position]
        if not earlier:
            return False
        self.pause()
        self.jump(earlier[-1])
        return True

    # ----- playing on by itself ----------------------------------------------------------------
    def play(self) -> None:
        """Play on, a move every :meth:`interval` (from the start again at the end)."""
        if self.at_end:
            self.jump(0)
        self.playing = True
        self._timer = 0.0

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    @staticmethod
    def interval(animation_scale: float) -> float:
        """Seconds between two moves at the animation speed setting (1: normal)."""
        return max(MIN_STEP, STEP_TIME * animation_scale)

    def advance(self, dt: float, animation_scale: float = 1.0) -> bool:
        """While playing, a move each interval; True when a move was played.  Stops at
        the end."""
        if not self.playing:
            return False
        self._timer += dt
        if self._timer < self.interval(animation_scale):
            return False
        self._timer = 0.0
        moved = self.step()
        if self.at_end:
            self.playing = False
        return moved

    # ----- practice ------------------------------------------------------------------------
    def practice(self, index: int | None = None) -> DealSession:
        """A practice deal from position ``index`` (this position by default)."""
        return practice(self.journal, self.position if index is None else index, self.seat)


def practice(journal: Journal | dict[str, Any], index: int,
             seat: int | None = None) -> DealSession:
    """A practice deal from the position after the journal's first ``index`` moves: the
    same cards, the hidden ones too, with the computers at the deal's level.  It is
    saved nowhere and goes into no statistics and earns no XP (the table says so)."""
    j = journal_of(journal)
    index = max(0, min(len(j.moves), index))
    g = j.state_at(index)
    seat = j.human if seat is None else seat
    meta = {k: v for k, v in j.meta.items() if k not in ("hints", "undos")}
    meta["practice"] = True
    copy = Journal(j.game, j.seed, list(j.deck), dict(j.options), list(j.moves[:index]), meta)
    return DealSession(j.game, level=j.level, state=g, journal=copy, human=seat,
                       practice=True)
