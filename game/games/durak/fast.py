"""A fast two-player Durak for search (rules: shared/rules/durak.md).

The engine (game/games/durak/rules.py) is the reference; this copy of its rules trades the
events and Move objects for small integers, so a search can play many deals a second.

- A card is an int ``rank * 4 + suit`` (ranks 6..A = 0..8, suits in ``FRENCH_SUITS``
  order), so the lowest set bit of a hand is its lowest card, lowest suit first: the
  order of the engine's sorted legal moves.
- A hand, the table and the discard are bitmasks of cards.
- A move is an int: 0..35 a card (attack or defence, by the state), ``TAKE`` or ``STOP``.

:class:`Fast` follows the engine move for move (tests/test_ai_durak_fast.py plays both
side by side); :mod:`game.games.durak.endgame` solves an endgame on it once the talon is
empty (then the deal is a game of perfect information between two players).
"""
from __future__ import annotations

from typing import Any

from game.cards import ATLASNYE_RANKS, FRENCH_SUITS
from game.games.durak.observation import DurakObservation

TAKE = 36
STOP = 37
HAND_SIZE = 6
MAX_ATTACKS = 6
FULL = (1 << 36) - 1

NAMES = [ATLASNYE_RANKS[i // 4] + FRENCH_SUITS[i % 4] for i in range(36)]
ID = {name: i for i, name in enumerate(NAMES)}
SUIT_MASK = [sum(1 << (r * 4 + s) for r in range(9)) for s in range(4)]
RANK_MASK = [0xF << (4 * r) for r in range(9)]
#: the cards of the same suit above each card (DUR-4)
HIGHER = [SUIT_MASK[c % 4] & ~((2 << c) - 1) for c in range(36)]
#: BEAT[trump][c]: the cards that beat c (DUR-4: higher of its suit, any trump on a plain)
BEAT = [[HIGHER[c] | (0 if c % 4 == t else SUIT_MASK[t]) for c in range(36)]
        for t in range(4)]
RANK_J, RANK_Q = ATLASNYE_RANKS.index("J"), ATLASNYE_RANKS.index("Q")
#: the cards below a jack (the heuristic's "cheap pile")
BELOW_J = (1 << (4 * RANK_J)) - 1


def low(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def cards(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def mask_of(names: Any) -> int:
    m = 0
    for n in names:
        m |= 1 << ID[n]
    return m


class Fast:
    """A Durak state.  ``talon`` is kept reversed: its last item is drawn next and its
    first is the trump indicator."""

    __slots__ = ("attacker", "discard", "hands", "limit", "nattack", "over", "ranks",
                 "taking", "talon", "tmask", "trump", "unbeaten", "winner")

    def __init__(self) -> None:
        self.hands = [0, 0]
        self.talon: list[int] = []
        self.trump = 0
        self.attacker = 0
        self.tmask = 0          # every card on the table
        self.ranks = 0          # every card of a rank on the table (DUR-5 throw-ins)
        self.nattack = 0
        self.unbeaten = -1      # the last attack card while it is unbeaten
        self.taking = False
        self.limit = 0
        self.discard = 0
        self.over = False
        self.winner = -1        # -1: draw (when over)

    def copy(self) -> Fast:
        g = Fast.__new__(Fast)
        g.hands = [self.hands[0], self.hands[1]]
        g.talon = list(self.talon)
        g.trump, g.attacker, g.tmask, g.ranks = self.trump, self.attacker, self.tmask, self.ranks
        g.nattack, g.unbeaten, g.taking = self.nattack, self.unbeaten, self.taking
        g.limit, g.discard, g.over, g.winner = self.limit, self.discard, self.over, self.winner
        return g

    # ----- building -------------------------------------------------------------------
    @classmethod
    def from_engine(cls, e: Any) -> Fast:
        """The state of an engine ``Durak``."""
        g = cls()
        g.hands = [mask_of(e.hands[0]), mask_of(e.hands[1])]
        g.talon = [ID[c] for c in reversed(e.talon)]
        g.trump = FRENCH_SUITS.index(e.trump_card[1])
        g.attacker = e.attacker
        g._set_table(e.table)
        g.taking, g.limit = e.taking, e.limit
        g.discard = mask_of(e.discard)
        g.over = e.over
        g.winner = -1 if e.winner is None else e.winner
        return g

    def _set_table(self, table: list[list[str | None]]) -> None:
        self.tmask = self.ranks = self.nattack = 0
        self.unbeaten = -1
        for a, d in table:
            assert a is not None
            self.nattack += 1
            for c in (a, d):
                if c is not None:
                    self.tmask |= 1 << ID[c]
                    self.ranks |= RANK_MASK[ID[c] // 4]
            if d is None:
                self.unbeaten = ID[a]

    @classmethod
    def from_observation(cls, obs: DurakObservation, opp_hand: int, talon: list[int]) -> Fast:
        """The state an observation shows, with the opponent's hand and the hidden talon
        (drawn order, without the indicator) filled in."""
        g = cls()
        seat = obs["seat"]
        g.hands[seat] = mask_of(obs["hand"])
        g.hands[1 - seat] = opp_hand
        g.trump = FRENCH_SUITS.index(obs["trump_suit"])
        g.talon = ([ID[obs["trump_card"]]] if obs["trump_in_talon"] else []) + talon[::-1]
        g.attacker = obs["attacker"]
        g._set_table(obs["table"])
        g.taking, g.limit = obs["taking"], obs["bout_limit"]
        g.discard = mask_of(obs["discard"])
        return g

    # ----- play -----------------------------------------------------------------------
    @property
    def current(self) -> int:
        if self.unbeaten >= 0 and not self.taking:
            return 1 - self.attacker
        return self.attacker

    @property
    def defending(self) -> bool:
        return self.unbeaten >= 0 and not self.taking

    def legal(self) -> list[int]:
        """The legal moves, cards lowest first, then take or stop."""
        if self.over:
            return []
        if self.unbeaten >= 0 and not self.taking:           # DUR-4: beat it or take
            out = cards(self.hands[1 - self.attacker] & BEAT[self.trump][self.unbeaten])
            out.append(TAKE)
            return out
        hand = self.hands[self.attacker]
        if not self.nattack:
            return cards(hand)
        out = cards(hand & self.ranks) if self.nattack < self.limit else []   # DUR-5
        out.append(STOP)
        return out

    def apply(self, m: int) -> None:
        if m < 36:
            bit = 1 << m
            self.tmask |= bit
            self.ranks |= RANK_MASK[m >> 2]
            if self.unbeaten >= 0 and not self.taking:
                self.hands[1 - self.attacker] ^= bit
                self.unbeaten = -1
            else:
                self.hands[self.attacker] ^= bit
                self.nattack += 1
                self.unbeaten = m
        elif m == TAKE:
            self.taking = True                                # DUR-6
        else:
            self.end_bout()

    def end_bout(self) -> None:
        att = self.attacker
        dfn = 1 - att
        hands = self.hands
        if self.taking:                                       # DUR-6
            hands[dfn] |= self.tmask
            nxt = att
        else:                                                 # DUR-7
            self.discard |= self.tmask
            nxt = dfn
        self.tmask = self.ranks = self.nattack = 0
        self.unbeaten = -1
        self.taking = False
        talon = self.talon
        if talon:                                             # DUR-8: attacker first
            for s in (att, dfn):
                h = hands[s]
                need = HAND_SIZE - h.bit_count()
                while need > 0 and talon:
                    h |= 1 << talon.pop()
                    need -= 1
                hands[s] = h
        self.attacker = nxt
        if not talon and (not hands[0] or not hands[1]):      # DUR-9
            self.over = True
            self.winner = -1 if not hands[0] and not hands[1] else (0 if not hands[0] else 1)
        else:
            self.limit = min(MAX_ATTACKS, hands[1 - nxt].bit_count())

    def result(self, seat: int) -> float:
        """DUR-10 for ``seat`` once the deal is over."""
        return 0.5 if self.winner < 0 else float(self.winner == seat)


# ----- rollout policies: the baselines' rules of thumb, in bits ---------------------------
def greedy_move(g: Fast) -> int:
    """The greedy baseline's rule (game/games/durak/greedy.py): the cheapest card that
    works, trumps last."""
    tm = SUIT_MASK[g.trump]
    if g.unbeaten >= 0 and not g.taking:
        beats = g.hands[1 - g.attacker] & BEAT[g.trump][g.unbeaten]
        if not beats:
            return TAKE
        plain = beats & ~tm
        return low(plain or beats)
    hand = g.hands[g.attacker]
    if not g.nattack:
        plain = hand & ~tm
        return low(plain or hand)
    if g.nattack >= g.limit:
        return STOP
    throw = hand & g.ranks
    plain = throw & ~tm
    if g.talon:
        throw = plain
    return low(plain or throw) if throw else STOP


def normal_move(g: Fast) -> int:
    """game/games/durak/heuristic.py's rules (the normal level) on a Fast state."""
    trump = g.trump
    tm = SUIT_MASK[trump]
    talon = len(g.talon)
    if g.unbeaten >= 0 and not g.taking:
        beats = g.hands[1 - g.attacker] & BEAT[trump][g.unbeaten]
        if not beats:
            return TAKE
        plain = beats & ~tm
        best = low(plain or beats)
        if (not plain and best >> 2 >= RANK_Q and talon >= 6
                and not g.tmask & ~BELOW_J and g.unbeaten % 4 != trump):
            return TAKE
        return best
    hand = g.hands[g.attacker]
    if not g.nattack:
        best, key = -1, 99
        h = hand
        while h:
            b = h & -h
            h ^= b
            c = b.bit_length() - 1
            k = (c >> 2) + (10 if c & 3 == trump else 0) - 2 * (
                (hand & RANK_MASK[c >> 2]).bit_count() - 1)
            if k < key:
                best, key = c, k
        return best
    if g.nattack >= g.limit:
        return STOP
    throw = hand & g.ranks
    cand = throw & ~tm
    if talon:
        cand &= (1 << (4 * RANK_J + 4)) - 1
    elif not cand:
        cand = throw
    return low(cand) if cand else STOP
