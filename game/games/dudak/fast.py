"""A lean Dudák simulator for search (rules: shared/rules/dudak.md; the engine is
game/games/dudak/rules.py, and tests/test_ai_dudak_fast.py plays both side by side).

Cards are bits of an int: bit ``rank * 4 + suit`` (ranks 7..A as 0..7, suits in
``CZECH_SUITS`` order), so the lowest set bit of a hand is its lowest card, ties going to
the first suit: the order in which the ``greedy`` baseline breaks ties.  A move is an int:
a card 0..31 (lead, beat or follow, as the position says), ``COLLECT``, ``TAKE`` or
``DECLARE + suit``.  The simulator keeps what play needs (hands, the collecting seat's
collected cards, trumps, the pile, whose turn, the phase, the move count, the Dudák) and
nothing for the views (no events, no ``known`` lists, no abštych pile).
"""
from __future__ import annotations

from typing import Any

from game.cards import CZECH_RANKS, CZECH_SUITS
from game.games.dudak.observation import DudakObservation
from game.rules import Move

PLAYERS = 4
MOVE_LIMIT = 2000                       # DUD-12
RANK = {r: i for i, r in enumerate(CZECH_RANKS)}
SUIT = {s: i for i, s in enumerate(CZECH_SUITS)}
NAMES = [CZECH_RANKS[i // 4] + CZECH_SUITS[i % 4] for i in range(32)]
SUIT_MASK = [sum(1 << (r * 4 + s) for r in range(8)) for s in range(4)]
#: the cards of the same suit above each card
ABOVE = [sum(1 << (r * 4 + c % 4) for r in range(c // 4 + 1, 8)) for c in range(32)]
#: the Ober, King and Ace of every suit (the heuristic's "high cards")
HIGH = sum(1 << (r * 4 + s) for r in range(RANK["O"], 8) for s in range(4))
ALL = (1 << 32) - 1
COLLECT, TAKE, DECLARE = 32, 33, 34
START, COLLECTING, FOLLOW = 0, 1, 2
PHASES = {"start": START, "collecting": COLLECTING, "follow": FOLLOW}


def cid(card: str) -> int:
    return RANK[card[0]] * 4 + SUIT[card[1]]


def mask_of(cards: list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << cid(c)
    return m


def bits(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class FastDudak:
    __slots__ = ("coll", "current", "dudak", "hands", "moves", "phase", "pile", "tmask",
                 "trumps")

    def __init__(self) -> None:
        self.hands = [0] * PLAYERS
        self.coll = 0                   # collected cards of the seat to act (DUD-7)
        self.trumps = [-1] * PLAYERS
        self.tmask = [0] * PLAYERS      # each seat's trump suit as a mask
        self.pile: list[int] = []
        self.current = 0
        self.phase = START
        self.moves = 0
        self.dudak = -1

    # ----- construction ---------------------------------------------------------------------
    @classmethod
    def from_engine(cls, g: Any) -> FastDudak:
        f = cls()
        f.hands = [mask_of(h) for h in g.hands]
        f.coll = mask_of([c for k in g.collected for c in k])
        f._set_trumps([SUIT[t] if t is not None else -1 for t in g.trumps])
        f.pile = [cid(c) for c in g.pile]
        f.current = g.current
        f.phase = PHASES[g.phase]
        f.moves = g.moves
        f.dudak = -1 if g.dudak is None else g.dudak
        return f

    @classmethod
    def from_observation(cls, obs: DudakObservation, hidden: list[int]) -> FastDudak:
        """The state one seat's observation shows, with ``hidden[s]`` (a mask) the cards
        of seat ``s``'s hand that the seat cannot see, beside those it knows are there
        (what to put there is inference: game/games/dudak/infer.py)."""
        seat = obs["seat"]
        known = obs["known"]
        f = cls()
        f.hands = [mask_of(obs["hand"]) if s == seat else mask_of(known[s]) | hidden[s]
                   for s in range(PLAYERS)]
        f.coll = mask_of([c for k in obs["collected"] for c in k])
        f._set_trumps([SUIT[t] if t is not None else -1 for t in obs["trumps"]])
        f.pile = [cid(c) for c in obs["pile"]]
        current = obs["current_player"]       # None only once the deal is over
        f.current = current if current is not None else 0
        f.phase = PHASES[obs["phase"]]
        f.moves = obs["moves"]
        return f

    def _set_trumps(self, trumps: list[int]) -> None:
        self.trumps = trumps
        self.tmask = [SUIT_MASK[t] if t >= 0 else 0 for t in trumps]

    def clone(self) -> FastDudak:
        cls = type(self)                # a subclass's copies stay of its class
        f = cls.__new__(cls)
        f.hands = list(self.hands)
        f.coll = self.coll
        f.trumps = list(self.trumps)
        f.tmask = list(self.tmask)
        f.pile = list(self.pile)
        f.current, f.phase, f.moves, f.dudak = self.current, self.phase, self.moves, self.dudak
        return f

    # ----- play -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.dudak >= 0

    def count(self, seat: int) -> int:
        n = self.hands[seat].bit_count()
        return n + self.coll.bit_count() if seat == self.current else n

    def legal(self) -> list[int]:
        if self.dudak >= 0:
            return []
        seat = self.current
        hand = self.hands[seat]
        if self.phase == FOLLOW:
            return bits(hand)
        moves: list[int] = []
        if self.phase == START and self.trumps[seat] < 0:
            moves = [DECLARE + s for s in range(4) if s not in self.trumps]
        if not self.pile:
            return moves + bits(hand)
        top = self.pile[-1]
        tm = self.tmask[seat]
        moves += bits(hand & (ABOVE[top] | (0 if (tm >> top) & 1 else tm)))
        if self.trumps[seat] < 0:
            moves.append(COLLECT)
        moves.append(TAKE)
        return moves

    def apply(self, m: int) -> None:
        self.moves += 1
        seat = self.current
        if m < 32:
            self.hands[seat] ^= 1 << m
            self.pile.append(m)
            if self.phase == FOLLOW or len(self.pile) == 1:      # follow-up or lead
                self._after(True)
                return
            if self.coll:                                        # beat (DUD-7, DUD-9)
                self.hands[seat] |= self.coll
                self.coll = 0
            if not self.hands[seat]:
                self.pile = []
                self._after(True)
                return
            self.phase = FOLLOW
            self._after(False)
            return
        if m == COLLECT:
            self.coll |= 1 << self.pile.pop()
            if self.pile:
                self.phase = COLLECTING
                self._after(False)
                return
            self.hands[seat] |= self.coll
            self.coll = 0
            self._after(True)
            return
        if m == TAKE:
            h = self.hands[seat] | self.coll
            for c in self.pile:
                h |= 1 << c
            self.hands[seat] = h
            self.pile = []
            self.coll = 0
            self._after(True)
            return
        s = m - DECLARE                                          # DUD-3
        trumps = self.trumps
        trumps[seat] = s
        self.tmask[seat] = SUIT_MASK[s]
        if trumps.count(-1) == 1:
            last = trumps.index(-1)
            rest = next(t for t in range(4) if t not in trumps)
            trumps[last] = rest
            self.tmask[last] = SUIT_MASK[rest]
        self._after(False)

    def _after(self, end_turn: bool) -> None:
        hands = self.hands
        if end_turn:
            self.phase = START
            cur = self.current
            for i in range(1, PLAYERS + 1):
                s = (cur + i) % PLAYERS
                if hands[s]:
                    self.current = s
                    break
        cur = self.current
        coll = self.coll
        holders = [s for s in range(PLAYERS) if hands[s] or (coll and s == cur)]
        if len(holders) <= 1:                                    # DUD-10
            self.dudak = holders[0] if holders else cur
        elif self.moves >= MOVE_LIMIT:                           # DUD-12
            order = [(cur + i) % PLAYERS for i in range(PLAYERS)]
            most = max(self.count(s) for s in order)
            self.dudak = next(s for s in order if self.count(s) == most)

    # ----- the policies ---------------------------------------------------------------------
    def _cheapest(self, seat: int, hand: int) -> int | None:
        """The cheapest card to lead, follow or beat with (non-trumps first), as greedy and
        normal play it; None when no card beats the pile's top."""
        tm = self.tmask[seat]
        if self.phase == FOLLOW or not self.pile:
            m = hand & ~tm or hand
            return (m & -m).bit_length() - 1
        top = self.pile[-1]
        beat = hand & (ABOVE[top] | (0 if (tm >> top) & 1 else tm))
        if beat:
            m = beat & ~tm or beat
            return (m & -m).bit_length() - 1
        return None

    def greedy(self) -> int:
        """The move ``greedy.dudak_greedy`` makes here (declare at the first chance the
        free suit held most; the lowest card, non-trumps first; collect before taking)."""
        seat = self.current
        hand = self.hands[seat]
        trumps = self.trumps
        if self.phase == START and trumps[seat] < 0:
            best, most = -1, -1
            for s in range(4):
                if s not in trumps:
                    n = (hand & SUIT_MASK[s]).bit_count()
                    if n > most:
                        best, most = s, n
            return DECLARE + best
        card = self._cheapest(seat, hand)
        if card is not None:
            return card
        return COLLECT if trumps[seat] < 0 else TAKE

    def normal(self, declare_at: int = 4, collect_max: int = 2) -> int:
        """The move the ``normal`` heuristic (game/games/dudak/heuristic.py, no noise)
        makes here: declare when the free suit's weight (high cards double) reaches
        ``declare_at``; cheapest card; collect a little, else take."""
        seat = self.current
        hand = self.hands[seat]
        trumps = self.trumps
        if self.phase == START and trumps[seat] < 0:
            best, most = -1, -1
            for s in range(4):
                if s not in trumps:
                    sm = hand & SUIT_MASK[s]
                    n = sm.bit_count() + (sm & HIGH).bit_count()
                    if n > most:
                        best, most = s, n
            if most >= declare_at:
                return DECLARE + best
        card = self._cheapest(seat, hand)
        if card is not None:
            return card
        if trumps[seat] < 0 and self.coll.bit_count() < collect_max and len(self.pile) > 1:
            return COLLECT
        return TAKE


def to_move(code: int, phase: str, pile: bool) -> Move:
    """The engine's move for a code, in a position with this phase and pile."""
    if code >= DECLARE:
        return Move("declare", (CZECH_SUITS[code - DECLARE],))
    if code == COLLECT:
        return Move("collect")
    if code == TAKE:
        return Move("take")
    kind = "follow" if phase == "follow" else "beat" if pile else "lead"
    return Move(kind, (NAMES[code],))


def to_code(move: Move) -> int:
    if move.kind == "declare":
        return DECLARE + SUIT[move.args[0]]
    if move.kind == "collect":
        return COLLECT
    if move.kind == "take":
        return TAKE
    return cid(move.args[0])
