"""One deal in progress, with no window: the engine, the seats, the journal, the pacing.

A ``DealSession`` is the model a table view draws, and what a replay, a hint, undo or a
tool drives: it holds the engine (``game``), who sits where (the human's seat and the
computers' levels and bots), the journal and its saving, the pacer that gives each
computer one decision per turn, thought out in slices, and the options of the next deal
(asked of the engine). Every change of state (a move, a surrender, pause and resume)
raises ``version`` and is told to the listeners, so a picture of the session can never
miss one, whatever called ``play``.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from game.ai import level_file, levels, make_bot
from game.rules import GAMES, Event, Game, IllegalMove, Move
from game.session.pacer import Pacer
from game.store import files, saves

HUMAN = 0
#: a computer's think delay (seconds) when its level names none
DEFAULT_THINK = (0.6, 1.0)


@dataclass(frozen=True)
class Change:
    """What changed: ``kind`` is ``"move"`` (with its seat, move and events),
    ``"surrender"``, ``"pause"`` or ``"resume"``."""

    kind: str
    seat: int | None = None
    move: Move | None = None
    events: list[Event] = field(default_factory=list)


Listener = Callable[[Change], None]


class DealSession:
    """A deal being played: give it moves (``play``) and time (``advance``)."""

    def __init__(self, key: str, *, level: str | None = None, state: Game | None = None,
                 journal: saves.Journal | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None,
                 ai_seats: tuple[int, ...] | None = None, human: int = HUMAN,
                 pace: Callable[[], float] = lambda: 1.0, save: bool = True) -> None:
        table = levels(key)
        self.key = key
        self.level = level if level in table else next(iter(table))
        self.human = human
        self.saving = save
        self.fresh = state is None
        self.game: Game = state if state is not None else GAMES[key].new(
            seed=seed, **(options or {}))
        if journal is None:
            journal = (saves.new_deal(self.game, self.level, human=human) if save
                       else saves.Journal.start(self.game, level=self.level, human=human))
        self.journal = journal
        n = self.game.num_players
        self.ai_seats = (tuple(s for s in range(n) if s != human) if ai_seats is None
                         else tuple(s for s in ai_seats if s < n))
        seed_of: int = self.game.seed  # type: ignore[attr-defined]
        bots = {s: make_bot(key, self.level, seed=seed_of * 8 + s)
                for s in self.ai_seats}
        delay = table[self.level].get("think_delay", DEFAULT_THINK)
        pacing = level_file(key).get("pacing", {})
        self.pacer = Pacer(bots, (float(delay[0]), float(delay[1])), seed_of + 17,
                           scale=pace, hand_over=float(pacing.get("hand_over", 0.0)))
        self.version = 0                  # raised by every change of state
        self.paused = False
        self.surrendered = False
        self.xp_gained: int | None = None  # set once the deal is in the history
        self._listeners: list[Listener] = []
        self._obs: dict[str, Any] | None = None
        self._legal: list[Move] | None = None

    # ----- listening -----------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change; returns the call that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners \
            else None

    def _changed(self, change: Change) -> None:
        self.version += 1
        self._obs, self._legal = None, None
        for listener in list(self._listeners):
            listener(change)

    # ----- the state, as the human sees it -------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.game.current_player

    @property
    def is_over(self) -> bool:
        """The deal has ended: played out, or given up."""
        return self.game.is_over or self.surrendered

    @property
    def players(self) -> int:
        return self.game.num_players

    @property
    def moves_played(self) -> int:
        return len(self.journal.moves)

    def observation(self) -> dict[str, Any]:
        """What the human's seat may see now (the same dict until the next change)."""
        if self._obs is None:
            self._obs = self.game.observation(self.human)
        return self._obs

    @property
    def human_to_act(self) -> bool:
        return (not self.is_over and self.game.current_player == self.human
                and self.human not in self.ai_seats)

    def human_moves(self) -> list[Move]:
        """The human's legal moves now (none while a computer is to act)."""
        if not self.human_to_act:
            return []
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return self._legal

    def check(self, move: Move | str) -> IllegalMove | None:
        """The refusal ``play(move)`` would raise now, or None; the state is untouched."""
        return self.game.check(move)

    @property
    def thinking(self) -> int | None:
        """The computer seat whose decision is under way, if any."""
        return self.pacer.thinking

    @property
    def waiting(self) -> bool:
        """A computer has decided and only waits out its think delay."""
        seat = self.game.current_player
        return self.pacer.seat == seat and self.pacer.done

    def full_deck(self) -> list[str]:
        """Every card this deal can show (the table loads their faces up front)."""
        return list(type(self.game).full_deck(**self.game.options()))

    def deal_events(self) -> list[Event]:
        """How the cards were dealt (the table flies them out of the deck)."""
        return list(self.game.deal_events())  # type: ignore[attr-defined]

    def result(self) -> list[float] | None:
        return self.game.result()

    def outcome(self, seat: int | None = None) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat`` (the human) once it is over."""
        seat = self.human if seat is None else seat
        if self.surrendered and seat == self.human:
            return "loss"
        outcomes = self.game.deal_outcomes()
        return outcomes[seat] if outcomes else "draw"

    # ----- changing it ---------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """Play a move for the seat to act (human or computer), save it, tell the
        listeners. An illegal move raises ``IllegalMove`` and changes nothing."""
        if self.is_over:
            raise IllegalMove("over", "the deal is over")
        seat = self.game.current_player
        m = self.game.parse_move(move) if isinstance(move, str) else move
        events = self.game.play(m)
        if self.saving:     # after every move, on the writer thread: no frame waits for it
            saves.add_move(self.journal, m, background=True)
        else:
            self.journal.moves.append(str(m))
        if self.game.is_over:
            self.record()
        self._changed(Change("move", seat, m, events))
        return events

    def advance(self, dt: float) -> Move | None:
        """Give the computer to act ``dt`` seconds of its think delay and a slice of
        thought; the move it played once ready, else None. Paused: nothing moves."""
        if self.paused or self.is_over:
            return None
        seat = self.game.current_player
        move = self.pacer.update(dt, seat if seat in self.ai_seats else None,
                                 self.moves_played,
                                 lambda: (self.game.observation(seat),  # type: ignore[arg-type]
                                          self.game.legal_moves()))
        if move is not None:
            self.play(move)
        return move

    def pause(self) -> None:
        if not self.paused:
            self.paused = True
            self._changed(Change("pause"))

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self._changed(Change("resume"))

    def surrender(self) -> None:
        """The human gives up: a loss without XP, recorded once."""
        if self.is_over:
            return
        self.surrendered = True
        self.paused = False
        self.record()
        self._changed(Change("surrender", self.human))

    def record(self) -> int:
        """The deal has ended (or was given up): into the history, once; its XP."""
        if self.xp_gained is None:
            if not self.saving:
                self.xp_gained = 0
            elif self.surrendered:
                self.xp_gained = saves.surrender(self.journal, self.game)
            else:
                self.xp_gained = saves.finish(self.journal, self.game)
        return self.xp_gained

    @staticmethod
    def take_save_problem() -> str | None:
        """A save that failed on the writer thread, told once (read-only or full disk)."""
        return files.take_write_problem()

    # ----- the next deal -------------------------------------------------------------------
    def next_options(self) -> dict[str, Any]:
        """``Game.new`` options of the following deal (who deals, how many play)."""
        return self.game.next_options(surrendered=self.surrendered)

    def next_deal(self, **kw: Any) -> DealSession:
        """The following deal: same game, level and seats, the engine's next options."""
        return DealSession(self.key, level=self.level, ai_seats=self.ai_seats,
                           human=self.human, options=self.next_options(),
                           pace=self.pacer.scale, save=self.saving, **kw)

    # ----- headless play -------------------------------------------------------------------
    def run(self, max_moves: int = 100_000, step: float = 1.0) -> Iterator[Change]:
        """Play on with no window until the deal ends or the human is to act, yielding
        each change (every seat a computer: the whole deal)."""
        seen: list[Change] = []
        stop = self.subscribe(seen.append)
        try:
            for _ in range(max_moves):
                if self.is_over or self.human_to_act or self.paused:
                    break
                if self.advance(step) is None and not self.pacer.bots:
                    break
                yield from seen
                seen.clear()
        finally:
            stop()
