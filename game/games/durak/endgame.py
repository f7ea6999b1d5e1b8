"""Exact play of a Durak endgame: once the talon is empty every card is known, and the
deal is a game of perfect information between two players (win / draw / loss).

:class:`Solver` answers "does seat 0 get at least ``t``?" (``t`` 1: a draw, 2: a win)
by depth-first search with a memo of settled bounds (an answer about a position is true
in any deal, so the memo may outlive a decision).  Moves are tried cheapest first (plain
cards low to high, then trumps; take and stop last), which settles most positions in a
few hundred nodes.

The work is counted in **positions settled** (answers added to the memo), not in nodes
visited: :class:`Solve` asks one decision's questions in a fixed order, and a memo that
already knows some answers (the hard level keeps one through an endgame) or a search
cut into slices (a table thinks a few milliseconds a frame) never needs more positions
settled than a fresh, uninterrupted solve of the same questions.  So the hard level,
asking a prefix of the review's questions with the same budget, settles every position
its review settles (tests/test_ai_durak_endgame.py).
"""
from __future__ import annotations

from collections.abc import Generator, Iterable
from time import thread_time

from game.games.durak.fast import (
    BEAT,
    FULL,
    MAX_ATTACKS,
    NAMES,
    RANK_MASK,
    STOP,
    SUIT_MASK,
    TAKE,
    Fast,
    normal_move,
)

State = tuple[int, int, int, int, int, int, int, bool, int]
# (hand0, hand1, attacker, table mask, throw-in ranks mask, attack count, unbeaten,
#  taking, limit); while the defender takes, ``unbeaten`` is -1 (it no longer matters)

#: a memo entry: the value's bounds for seat 0, ``lo | hi << 2``
_UNKNOWN = 0 | 2 << 2
#: positions settled between two looks at the clock
SLICE_NODES = 500


class Unsolved(Exception):
    """The budget of positions settled ran out."""


class _Paused(Exception):
    """The slice's expansions ran out (the work goes on at the next slice)."""


def state_of(g: Fast) -> State:
    unbeaten = -1 if g.taking else g.unbeaten
    return (g.hands[0], g.hands[1], g.attacker, g.tmask, g.ranks, g.nattack, unbeaten,
            g.taking, g.limit)


def live(s: State) -> int:
    """The cards still in play (the hands and the table)."""
    return s[0] | s[1] | s[3]


def child(s: State, m: int) -> State | int:
    """The position after ``m``, or the final value for seat 0 (0, 1, 2) when the bout
    ends the deal (DUR-9)."""
    h0, h1, att, tmask, ranks, nattack, unbeaten, taking, limit = s
    if m < 36:
        bit = 1 << m
        rm = ranks | RANK_MASK[m >> 2]
        if taking:                                            # a throw-in to the taker
            if att == 0:
                return (h0 ^ bit, h1, 0, tmask | bit, rm, nattack + 1, -1, True, limit)
            return (h0, h1 ^ bit, 1, tmask | bit, rm, nattack + 1, -1, True, limit)
        if unbeaten >= 0:                                     # a defence
            if att == 0:
                return (h0, h1 ^ bit, 0, tmask | bit, rm, nattack, -1, False, limit)
            return (h0 ^ bit, h1, 1, tmask | bit, rm, nattack, -1, False, limit)
        if att == 0:
            return (h0 ^ bit, h1, 0, tmask | bit, rm, nattack + 1, m, False, limit)
        return (h0, h1 ^ bit, 1, tmask | bit, rm, nattack + 1, m, False, limit)
    if m == TAKE:
        return (h0, h1, att, tmask, ranks, nattack, -1, True, limit)
    if taking:                                                # DUR-6
        if att == 0:
            h1 |= tmask
        else:
            h0 |= tmask
        nxt = att
    else:                                                     # DUR-7
        nxt = 1 - att
    if not h0 or not h1:                                      # DUR-9
        return 1 if not h0 and not h1 else (2 if not h0 else 0)
    dh = h1 if nxt == 0 else h0
    return (h0, h1, nxt, 0, 0, 0, -1, False, min(MAX_ATTACKS, dh.bit_count()))


def _cards(mask: int, out: list[int]) -> None:
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b


class Solver:
    """Exact values of Durak endgames of one trump suit, with a memo of settled bounds.

    ``budget``: positions the current work may settle before :class:`Unsolved`;
    ``slice``: the count of positions settled at which the work pauses (:class:`_Paused`;
    0: never): a slice always settles something new, so the work goes on."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.beat = BEAT[trump]
        self.trumps = SUIT_MASK[trump]
        self.plain = FULL & ~SUIT_MASK[trump]
        self.memo: dict[int, int] = {}
        #: positions settled since the budget was set, and the budget
        self.settled = 0
        self.budget = 0
        #: the count of positions settled that ends the slice (0: no slices)
        self.slice = 0

    def moves(self, s: State) -> list[int]:
        """The legal moves, in the order tried: the cheapest cards first (plain cards
        low to high, then trumps), take or stop last."""
        h0, h1, att, _tmask, ranks, nattack, unbeaten, taking, limit = s
        out: list[int] = []
        if unbeaten >= 0:                                     # defend (DUR-4) or take
            hand = (h1 if att == 0 else h0) & self.beat[unbeaten]
            _cards(hand & self.plain, out)
            _cards(hand & self.trumps, out)
            out.append(TAKE)
            return out
        hand = h0 if att == 0 else h1
        if nattack:
            hand = hand & ranks if nattack < limit else 0     # DUR-5 throw-ins
        _cards(hand & self.plain, out)
        _cards(hand & self.trumps, out)
        if nattack:
            out.append(STOP)
        return out

    def at_least(self, s: State, t: int) -> bool:
        """Whether seat 0 gets at least ``t`` (1 a draw, 2 a win) against any defence.
        The moves are tried in :meth:`moves`'s order, the positions after them made here
        as :func:`child` makes them (the hot loop of the solver)."""
        h0, h1, att, tmask, ranks, nattack, unbeaten, taking, limit = s
        key = h0 | h1 << 36 | tmask << 72 | (att | nattack << 1 | (unbeaten + 1) << 4
                                             | taking << 10 | limit << 11) << 108
        memo = self.memo
        code = memo.get(key, _UNKNOWN)
        if code & 3 >= t:
            return True
        if code >> 2 < t:
            return False
        at_least = self.at_least
        found = False
        if unbeaten >= 0:                                     # defend (DUR-4) or take
            want = att == 1                                   # seat 0 defends
            beats = (h1 if att == 0 else h0) & self.beat[unbeaten]
            for part in (beats & self.plain, beats & self.trumps):
                while part:
                    b = part & -part
                    part ^= b
                    rm = ranks | RANK_MASK[(b.bit_length() - 1) >> 2]
                    c = ((h0, h1 ^ b, 0, tmask | b, rm, nattack, -1, False, limit) if att == 0
                         else (h0 ^ b, h1, 1, tmask | b, rm, nattack, -1, False, limit))
                    if at_least(c, t) == want:
                        found = True
                        break
                if found:
                    break
            else:
                found = at_least((h0, h1, att, tmask, ranks, nattack, -1, True, limit),
                                 t) == want
        else:
            want = att == 0                                   # seat 0 attacks
            hand = h0 if att == 0 else h1
            end: State | int | None = None
            if nattack:                                       # stop: the bout ends
                end = child(s, STOP)
                if isinstance(end, int):
                    found = (end >= t) == want
                    end = None
                hand = hand & ranks if nattack < limit else 0   # DUR-5 throw-ins
            if not found:
                for part in (hand & self.plain, hand & self.trumps):
                    while part:
                        b = part & -part
                        part ^= b
                        m = b.bit_length() - 1
                        rm = ranks | RANK_MASK[m >> 2]
                        if att == 0:
                            c = (h0 ^ b, h1, 0, tmask | b, rm, nattack + 1,
                                 -1 if taking else m, taking, limit)
                        else:
                            c = (h0, h1 ^ b, 1, tmask | b, rm, nattack + 1,
                                 -1 if taking else m, taking, limit)
                        if at_least(c, t) == want:
                            found = True
                            break
                    if found:
                        break
                else:
                    if end is not None and not isinstance(end, int):
                        found = at_least(end, t) == want
        result = found == want
        lo, hi = code & 3, code >> 2
        memo[key] = (max(lo, t) | hi << 2) if result else (lo | min(hi, t - 1) << 2)
        self.settled += 1
        if self.settled > self.budget:
            raise Unsolved
        if self.settled == self.slice:
            raise _Paused
        return result

    def value(self, s: State, budget: int) -> int:
        """0, 1 or 2 for seat 0 (loss, draw, win) under best play by both, settling at
        most ``budget`` positions (:class:`Unsolved` past it)."""
        self.settled, self.budget, self.slice = 0, budget, 0
        if self.at_least(s, 2):
            return 2
        return 1 if self.at_least(s, 1) else 0

    def move_values(self, g: Fast, seat: int, budget: int) -> dict[int, int]:
        """Each legal move's value for ``seat`` (0 loss, 1 draw, 2 win), settling at most
        ``budget`` positions in all (:class:`Unsolved` past it)."""
        solve = Solve(self, g, seat, budget, everything=True)
        solve.run()
        if solve.values is None:
            raise Unsolved
        return solve.values


#: a question of a decision: the position, the value asked for the seat, and the seat
_Question = tuple[State, int]


class Solve:
    """One decision's exact solve, in a fixed order of questions, anytime.

    1. the position's value for ``seat`` (``best``) over every legal move;
    2. the moves that keep it (``kept``), ``first`` (the normal level's move) asked
       first, then the others cheapest first;
    3. with ``everything``: every other move's value (``values``: the review's).

    Without ``everything`` the questions stop as soon as the hard level knows its move:
    after 1 in a lost position, at the first move that keeps a win, after 2 where the
    best is a draw: a prefix of the review's questions.  Where ``moves`` leaves out some
    legal moves (a hint's next best), or ``seat`` is not the one to move, each move is
    valued instead and ``best`` is the best of them.  ``budget``: the positions it may
    settle in all; past it ``gave_up``."""

    def __init__(self, solver: Solver, g: Fast, seat: int, budget: int,
                 everything: bool = False, first: int | None = None,
                 moves: Iterable[int] | None = None) -> None:
        self.solver = solver
        self.root = state_of(g)
        self.seat = seat
        self.budget = budget
        self.everything = everything
        legal = solver.moves(self.root)
        wanted = set(legal if moves is None else moves)
        given = [m for m in legal if m in wanted]
        root = self.root
        mover = root[2] if root[6] < 0 else 1 - root[2]
        #: every legal move of the seat is given: the position's own value is asked first
        self.whole = len(given) == len(legal) and mover == seat
        if first is not None and first in given:
            given.remove(first)
            given.insert(0, first)
        self.order = given
        #: the best value for the seat (0 loss, 1 draw, 2 win), once known
        self.best: int | None = None
        #: the moves that keep it, in the order asked (without ``everything`` in a won
        #: position: the first one found)
        self.kept: list[int] = []
        #: with ``everything``: each move's value
        self.values: dict[int, int] | None = None
        self.gave_up = False
        self._settled = 0
        self._plan = self._questions()
        self._asked: _Question | None = next(self._plan, None)
        self.done = self._asked is None

    # ----- the questions, in order --------------------------------------------------------
    def _questions(self) -> Generator[_Question, bool, None]:
        """Each question (a position, the value asked for the seat); the answer is sent
        back.  The same order for the hard level and the review."""
        root, seat = self.root, self.seat
        kids = {m: child(root, m) for m in self.order}
        if self.whole:
            best = 2 if (yield root, 2) else (1 if (yield root, 1) else 0)
        else:
            best = 0
        for m in self.order if (self.whole and best) else ():
            c = kids[m]
            keeps = (_mine(c, seat) >= best) if isinstance(c, int) else (yield c, best)
            if keeps:
                self.kept.append(m)
                if best == 2 and not self.everything:
                    break
        if self.whole:
            self.best = best
            if not self.everything:
                if best == 0:
                    self.kept = list(self.order)
                return
        values: dict[int, int] = {}
        for m in self.order:
            c = kids[m]
            if isinstance(c, int):
                values[m] = _mine(c, seat)
            elif self.whole and m in self.kept:
                values[m] = best
            elif self.whole and best == 0:
                values[m] = 0
            else:
                top = best - 1 if self.whole else 2
                v = 0
                for t in range(top, 0, -1):
                    if (yield c, t):
                        v = t
                        break
                values[m] = v
        if not self.whole:
            self.best = max(values.values())
            self.kept = [m for m in self.order if values[m] == self.best]
        elif best == 0:
            self.kept = list(self.order)
        self.values = values

    # ----- the work -----------------------------------------------------------------------
    def run(self) -> None:
        """Work to the end (done: solved or given up)."""
        self._work(0, None)

    def step(self, seconds: float) -> bool:
        """Work for up to ``seconds`` of CPU time; True once done."""
        return self._work(SLICE_NODES, thread_time() + seconds)

    def _work(self, nodes: int, stop: float | None) -> bool:
        solver = self.solver
        while not self.done:
            asked = self._asked
            assert asked is not None
            state, t = asked
            solver.settled, solver.budget = self._settled, self.budget
            solver.slice = self._settled + nodes if nodes else 0
            try:
                answer = _ask(solver, state, t, self.seat)
            except _Paused:
                self._settled = solver.settled
                if stop is not None and thread_time() >= stop:
                    return False
                continue
            except Unsolved:
                self._settled = solver.settled
                self.done = self.gave_up = True
                break
            finally:
                solver.slice = 0
            self._settled = solver.settled
            try:
                self._asked = self._plan.send(answer)
            except StopIteration:
                self._asked = None
                self.done = True
        return True

    @property
    def settled(self) -> int:
        """Positions settled so far."""
        return self._settled


def _mine(v0: int, seat: int) -> int:
    """Seat 0's value as ``seat``'s."""
    return v0 if seat == 0 else 2 - v0


def _ask(solver: Solver, s: State, t: int, seat: int) -> bool:
    """Whether ``seat`` gets at least ``t``."""
    if t <= 0:
        return True
    return solver.at_least(s, t) if seat == 0 else not solver.at_least(s, 3 - t)


def best_line(solver: Solver, g: Fast, budget: int, plies: int) -> list[int]:
    """Up to ``plies`` moves of best play by both seats from ``g``, each keeping the
    position's value (the normal level's move where it does, else the cheapest); shorter
    where the deal ends or ``budget`` positions settled do not tell."""
    f = g.copy()
    out: list[int] = []
    solver.settled, solver.budget, solver.slice = 0, budget, 0
    try:
        s = state_of(f)
        v = 2 if solver.at_least(s, 2) else 1 if solver.at_least(s, 1) else 0
        while len(out) < plies and not f.over:
            s = state_of(f)
            zero = (s[2] if s[6] < 0 else 1 - s[2]) == 0       # seat 0 moves
            pick = normal_move(f)
            for m in [pick] + [x for x in solver.moves(s) if x != pick]:
                c = child(s, m)
                if isinstance(c, int):
                    keeps = c == v
                elif zero:
                    keeps = solver.at_least(c, v)
                else:
                    keeps = v == 2 or not solver.at_least(c, v + 1)
                if keeps:
                    break
            out.append(m)
            f.apply(m)
    except Unsolved:
        pass
    return out


def notation(g: Fast, m: int) -> str:
    """The engine's notation of the fast simulator's move ``m`` in ``g``."""
    if m == TAKE:
        return "take"
    if m == STOP:
        return "stop"
    return ("defend " if g.defending else "attack ") + NAMES[m]
