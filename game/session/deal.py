"""One deal in progress, with no window: the engine, the seats, the journal, the pacing.

A ``DealSession`` is the model a table view draws, and what a replay, a hint, undo or a
tool drives: it holds the engine (``game``), who sits where (the human's seat and the
computers' levels and bots), the journal and its saving, the pacer that gives each
computer one decision per turn, thought out in slices, and the options of the next deal
(asked of the engine). Every change of state (a move, an undo, a surrender, pause and
resume) raises ``version`` and is told to the listeners, so a picture of the session can
never miss one, whatever called ``play``.

Help for the human: ``undo`` takes the deal back to the human's previous decision (the
computers' replies with it) by replaying the journal's first moves: the deck order and
the deal's own generator are in the journal, so every hidden draw after an undo is the
one it would have been. ``start_hint`` / ``hint_step`` ask the hard level, from the
human's observation alone, what it would play; each further hint at the same decision
is the next best, a legal move not shown yet, until every distinct one has been shown
and the hints start again from the best. Both are counted in the journal
(``assists``), so an assisted deal can never pass for an unassisted one.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from game.ai import level_file, levels, make_bot
from game.ai.bots import Bot
from game.rules import GAMES, Event, Game, IllegalMove, Move
from game.session.journal import Journal
from game.session.pacer import Pacer
from game.session.protocol import Change, HintCycle, Listener, Listening, SharedSession
from game.store import files, saves

if TYPE_CHECKING:
    from game.review.analysis import Judge

HUMAN = 0
#: a computer's think delay (seconds) when its level names none
DEFAULT_THINK = (0.6, 1.0)
#: the level that gives hints (the strongest the menu offers)
HINT_LEVEL = "hard"
#: the hint's analysis settings per game, over the review's (tests make it quick); the
#: same settings as the review's make the hint the review's best
HINT_OVERRIDES: dict[str, dict[str, Any]] = {}


class DealSession(Listening):
    """A deal being played: give it moves (``play``) and time (``advance``)."""

    def __init__(self, key: str, *, level: str | None = None, state: Game | None = None,
                 journal: Journal | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None,
                 ai_seats: tuple[int, ...] | None = None, human: int = HUMAN,
                 pace: Callable[[], float] = lambda: 1.0, save: bool = True,
                 read_only: bool = False, practice: bool = False) -> None:
        table = levels(key)
        self.key = key
        self.level = level if level in table else next(iter(table))
        self.human = human
        #: a replay drives this session: the human's seat never acts through the table
        self.read_only = read_only
        #: a practice deal (from a replay's position): saved nowhere, no statistics, no XP
        self.practice = practice
        self.saving = save and not practice
        self.fresh = state is None
        self.game: Game = state if state is not None else GAMES[key].new(
            seed=seed, **(options or {}))
        if journal is None:
            journal = (saves.new_deal(self.game, self.level, human=human) if self.saving
                       else Journal.start(self.game, level=self.level, human=human))
        self.journal = journal
        n = self.game.num_players
        self.ai_seats = (tuple(s for s in range(n) if s != human) if ai_seats is None
                         else tuple(s for s in ai_seats if s < n))
        self.seed: int = self.game.seed
        bots = self.make_bots()
        delay = table[self.level].get("think_delay", DEFAULT_THINK)
        pacing = level_file(key).get("pacing", {})
        self.pacer = Pacer(bots, (float(delay[0]), float(delay[1])), self.seed + 17,
                           scale=pace, hand_over=float(pacing.get("hand_over", 0.0)))
        self.version = 0                  # raised by every change of state
        self.paused = False
        self.surrendered = False
        self.xp_gained: int | None = None  # set once the deal is in the history
        self._listeners: list[Listener] = []
        self._obs: dict[str, Any] | None = None
        self._legal: list[Move] | None = None
        self._movers: list[int] | None = None      # the seat of each journal move
        self._hints = HintCycle(remember=True)

    def make_bots(self) -> dict[int, Bot]:
        """The computers' bots, as new (each seeded from the deal's seed and its seat)."""
        return {s: make_bot(self.key, self.level, seed=self.seed * 8 + s)
                for s in self.ai_seats}

    # ----- listening (``Listening``: ``subscribe``, ``version``) ---------------------------
    def _forget(self) -> None:
        self._obs, self._legal = None, None

    @property
    def shared(self) -> SharedSession | None:
        """Against the computer: no shared table."""
        return None

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
        return (not self.is_over and not self.read_only
                and self.game.current_player == self.human and self.human not in self.ai_seats)

    def human_moves(self) -> list[Move]:
        """The human's legal moves now (none while a computer is to act)."""
        if not self.human_to_act:
            return []
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return self._legal

    def check(self, move: Move | str) -> IllegalMove | None:
        """The refusal ``play(move)`` would raise now, or None; the state is untouched."""
        if self.surrendered:     # given up: the engine's deal goes on, the session's not
            self.game.parse_move(move)           # text that is no move: NotationError
            return IllegalMove(self.game.end_rule, "the deal was given up; no more moves",
                               key="deal_over")
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
        return list(self.game.deal_events())

    def result(self) -> list[float] | None:
        return self.game.result()

    def outcome(self, seat: int | None = None) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat`` (the human) once it is over."""
        seat = self.human if seat is None else seat
        if self.surrendered and seat == self.human:
            return "loss"
        outcomes = self.game.deal_outcomes()
        return outcomes[seat] if outcomes else "draw"

    def revealed(self) -> dict[int, list[str]]:
        """Once the deal is over, the hand each seat still holds (the table shows them
        face up: the loser's cards are no secret any more); before that, none."""
        if not self.is_over:
            return {}
        return {seat: list(self.game.observation(seat)["hand"])
                for seat in range(self.game.num_players)}

    # ----- changing it ---------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """Play a move for the seat to act (human or computer), save it, tell the
        listeners. An illegal move raises ``IllegalMove`` and changes nothing."""
        if self.is_over:         # the refusal check names (the rule that ended the deal)
            refusal = self.check(move)
            if refusal is not None:
                raise refusal
        seat = self.game.current_player
        m = self.game.parse_move(move) if isinstance(move, str) else move
        events = self.game.play(m)
        if self._movers is not None and seat is not None:
            self._movers.append(seat)
        if seat in self.ai_seats:
            self.pacer.landed(events)            # the gap rule: a heavy move holds longer
        self._new_decision()
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
        ai = seat if seat is not None and seat in self.ai_seats else None
        move = self.pacer.update(dt, ai, self.moves_played,
                                 lambda: (self.game.observation(ai) if ai is not None else {},
                                          self.game.legal_moves()))
        if move is not None:
            self.play(move)
        return move

    # ----- help: undo and hints ------------------------------------------------------------
    @property
    def assists(self) -> dict[str, int]:
        """How often the human used help in this deal (kept in the journal's meta as
        ``hints`` and ``undos``)."""
        out = {}
        for kind in ("hints", "undos"):
            n = self.journal.meta.get(kind, 0)
            out[kind] = n if type(n) is int and n > 0 else 0
        return out

    @property
    def assisted(self) -> bool:
        return any(self.assists.values())

    def _count(self, kind: str) -> None:
        self.journal.meta[kind] = self.assists[kind] + 1

    def movers(self) -> list[int]:
        """The seat that made each move of the journal (replayed once, then kept)."""
        if self._movers is None:
            self._movers = self.journal.movers()
        return self._movers

    @property
    def can_undo(self) -> bool:
        """There is a decision of the human's to go back to."""
        return (not self.is_over and not self.read_only and self.human not in self.ai_seats
                and self.human in self.movers())

    def undo(self) -> bool:
        """Back to the human's previous decision (the computers' replies undone with it);
        False when there is none. The hidden cards stay where they were."""
        if not self.can_undo:
            return False
        movers = self.movers()
        last = max(i for i, s in enumerate(movers) if s == self.human)
        self.game = self.journal.state_at(last)   # rebuilt from the deck and the moves
        del self.journal.moves[last:]
        del movers[last:]
        self._count("undos")
        self.pacer.reset(self.make_bots())   # decisions begin anew, with no memory
        self._new_decision()
        if self.saving:
            files.writer.submit(saves.path_for(self.journal.game), self.journal.to_dict())
        self._changed(Change("undo", self.human))
        return True

    def jump(self, state: Game, moves: list[str]) -> None:
        """Put the deal at ``state``, reached by the journal's ``moves`` (a replay moving
        more than one move at a time, or back): the picture lays itself out anew."""
        self.game = state
        self.journal.moves[:] = list(moves)
        self._movers = None
        self._new_decision()
        self.pacer.reset(self.make_bots())
        self._changed(Change("jump"))

    def _new_decision(self) -> None:
        """The position changed: no hint under way, none shown."""
        self._hints.new_decision()

    def _judge(self, legal: list[Move]) -> Judge:
        """The judge of the human's position among ``legal``: the review's own analysis
        (game.review.analysis), with the journal's levels for the other seats."""
        from game.review.analysis import Judge
        from game.review.seats import journal_levels
        from game.review.tuning import settings

        return Judge(self.game.observation(self.human), legal,
                     settings(self.key, HINT_OVERRIDES.get(self.key), self.game.num_players),
                     journal_levels(self.journal))

    def start_hint(self, exclude: list[Move] | None = None) -> bool:
        """Ask the judge (the review's analysis: the hard level's candidates valued on
        the same sampled deals) what to play now, from the human's observation only,
        among the legal moves not shown yet at this decision: the best (the review's
        best at this position), then the next best; once every distinct legal move has
        been shown, the best again (``HintCycle``).  ``exclude``: these moves left out
        instead of those shown, with no starting again.  False if it is not the human's
        turn or nothing is left to suggest."""
        if not self._hints.start(self.human_moves(), self.moves_played, self._judge, exclude):
            return False
        self._count("hints")
        return True

    @property
    def hinting(self) -> bool:
        return self._hints.hinting

    def hint_step(self, seconds: float) -> Move | None:
        """Think ``seconds`` more about the hint; the move once the analysis is done."""
        return self._hints.step(seconds, self.moves_played)

    def hint(self, exclude: list[Move] | None = None, seconds: float = 60.0) -> Move | None:
        """The hint at once (tools and tests): start, think to the end, answer."""
        if not self.start_hint(exclude):
            return None
        move = None
        while move is None and self.hinting:
            move = self.hint_step(seconds)
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
        """The deal has ended (or was given up): into the history, once; its XP.  Returns
        at once: the store's outbox carries the deal to the history on its own threads."""
        if self.xp_gained is None:
            if not self.saving:
                self.xp_gained = 0
            elif self.surrendered:
                with saves.in_background():
                    self.xp_gained = saves.surrender(self.journal, self.game)
            else:
                with saves.in_background():
                    self.xp_gained = saves.finish(self.journal, self.game)
        return self.xp_gained

    # ----- keeping the deal (a table asks a question before it) ------------------
    def withhold(self) -> None:
        """Keep nothing of this deal until :meth:`keep_deal` (its table asks a question
        before the deal starts: the save this deal replaced is gone, as for any new deal)."""
        if self.saving:
            saves.delete(self.key)

    def keep_deal(self) -> None:
        """The deal starts after all: its journal is written at once."""
        if self.saving:
            saves.save(self.journal)

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
                           pace=self.pacer.scale, save=self.saving or self.practice, **kw)

    @property
    def number(self) -> int:
        """The deal's number (its seed): the same number deals the same cards."""
        return self.journal.seed

    def same_cards(self, **kw: Any) -> DealSession:
        """A new deal of the same number (the same cards), same game, level and seats."""
        return DealSession(self.key, level=self.level, ai_seats=self.ai_seats,
                           human=self.human, seed=self.journal.seed,
                           options=dict(self.journal.options), pace=self.pacer.scale,
                           save=self.saving or self.practice, **kw)

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
