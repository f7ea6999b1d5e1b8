"""What a Pao De Kuai seat can infer about the cards it cannot see.

Hidden from a seat: the other two hands.  A pass proves something (PDK-8: a player who
can beat must play): the passer held no play that beat the one it passed on, in any
shape, bombs included.  It held then the cards it still holds and the ones it played
since, so :func:`sample` deals the unseen cards such that no pass is broken.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.games.paodekuai.observation import PaoDeKuaiObservation, observed
from game.games.paodekuai.rules import (
    AAA_BOMB,
    ACE,
    PLAYERS,
    RANK,
    PaoDeKuai,
    Shape,
    classify,
)
from game.rules import Rng

_RANK_OF = {c: RANK[c[0]] for c in PaoDeKuai.full_deck()}
_KINDS = {"single": 0, "pair": 1, "triple": 2, "straight": 3, "pairs": 4, "bomb": 5}

#: one pass as the sampler checks it: the rank counts of the hand the passer had then
#: (so far in the deal being dealt), and the kind number, size and top of the play it
#: passed on
Pass = tuple[dict[int, int], int, int, int]


def rank_counts(cards: list[str]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        r = RANK[c[0]]
        counts[r] = counts.get(r, 0) + 1
    return counts


def adds_beat(counts: dict[int, int], r: int, shape: Shape) -> bool:
    """Would one more card of rank ``r`` let a hand with these rank ``counts`` (which
    cannot beat ``shape``) beat it?  Only plays holding rank ``r`` can be new.  (The
    plain statement of what :func:`breaks` checks, unrolled, for every pass.)"""
    n = counts.get(r, 0) + 1
    if n == 4 and Shape("bomb", 4, r).beats(shape):
        return True
    if r == ACE and n == 3 and Shape("bomb", 3, AAA_BOMB).beats(shape):
        return True
    if shape.is_bomb or r <= shape.top - (0 if shape.kind in ("single", "pair", "triple")
                                          else shape.size):
        return False
    kind = shape.kind
    if kind in ("single", "pair", "triple"):
        return r > shape.top and n >= shape.size and not (kind == "triple" and r == ACE)
    need = 1 if kind == "straight" else 2
    if n < need or r > ACE:
        return False
    length = shape.size // need
    for t in range(max(r, shape.top + 1), min(r + length - 1, ACE) + 1):
        if all(counts.get(x, 0) + (x == r) >= need for x in range(t - length + 1, t + 1)):
            return True
    return False


def pass_evidence(history: list[list[Any]], seats: list[int]
                  ) -> dict[int, list[tuple[list[str], Shape]]]:
    """Per seat, for each of its passes: the cards it played after that pass (they were in
    its hand then) and the shape of the play it could not beat."""
    out: dict[int, list[tuple[list[str], Shape]]] = {s: [] for s in seats}
    table: Shape | None = None
    passes = 0
    first = True
    for i, h in enumerate(history):
        if len(h) == 2:
            table = classify(list(h[1]), first)
            first, passes = False, 0
            continue
        s = h[0]
        if s in out and table is not None:
            later = [c for e in history[i + 1:] if len(e) == 2 and e[0] == s for c in e[1]]
            out[s].append((later, table))
        passes += 1
        if passes == PLAYERS - 1:
            table, passes = None, 0
    return out


def breaks(then: list[Pass], r: int) -> bool:
    """Would one more card of rank ``r`` break any of a seat's passes (``then``)?
    :func:`adds_beat` for each pass, unrolled (the sampler asks it for every card)."""
    for counts, kind, size, top in then:
        n = counts.get(r, 0) + 1
        if n == 4 and (kind != 5 or r > top):
            return True
        if r == ACE and n == 3 and (kind != 5 or AAA_BOMB > top):
            return True
        if kind == 5:
            continue
        if kind <= 2:
            if r > top and n >= size and not (kind == 2 and r == ACE):
                return True
            continue
        if r <= top - size:
            continue
        need = 1 if kind == 3 else 2
        if n < need or r > ACE:
            continue
        length = size // need
        for t in range(max(r, top + 1), min(r + length - 1, ACE) + 1):
            for x in range(t - length + 1, t + 1):
                if counts.get(x, 0) + (x == r) < need:
                    break
            else:
                return True
    return False


@dataclass
class Facts:
    """What :func:`sample` derives from an observation before dealing (the same for every
    sample of one decision, so it is kept for the last observation seen)."""

    unknown: list[str]          # the unseen cards, in deck order
    others: list[int]
    passes: dict[int, list[Pass]]
    constrained: bool


_LAST: list[Any] = [None]      # (seat, hand, history, table, Facts) of the last observation


def facts(obs: PaoDeKuaiObservation) -> Facts:
    """The :class:`Facts` of ``obs`` (those of the last observation when it is the same)."""
    seat, hand, history, table = obs["seat"], obs["hand"], obs["history"], obs["table"]
    memo = _LAST[0]
    if (memo is not None and memo[0] == seat and memo[1] == hand and memo[2] == history
            and memo[3] == table):
        kept: Facts = memo[4]
        return kept
    played = [c for h in history if len(h) == 2 for c in h[1]]
    gone = Counter(hand) + Counter(played)
    unknown = list((Counter(PaoDeKuai.full_deck()) - gone).elements())
    others = [s for s in range(PLAYERS) if s != seat]
    evidence = pass_evidence(history, others)
    passes = {s: [(rank_counts(later), _KINDS[shape.kind], shape.size, shape.top)
                  for later, shape in evidence[s]] for s in others}
    found = Facts(unknown, others, passes, any(evidence.values()))
    _LAST[0] = (seat, list(hand), [[h[0], list(h[1])] if len(h) == 2 else list(h)
                                   for h in history], list(table), found)
    return found


def forget() -> None:
    """Drop the kept facts (tests compare a sample from kept facts with a fresh one)."""
    _LAST[0] = None


def _high_first(card: str) -> int:
    return -_RANK_OF[card]


def sample(observation: dict[str, Any], rng: Rng) -> PaoDeKuai:
    """A full state consistent with one seat's observation: the cards not yet played
    and not in the seat's hand are dealt at random to the others by hand size, such
    that no one who passed held a play that beat the play they passed on (PDK-8: a
    pass proves it, in every shape, bombs included).  The cards are dealt highest
    first, each to a seat that can take it without breaking a pass, chosen in
    proportion to the room left (uniform when no pass constrains anything)."""
    obs = observed(observation)
    known = facts(obs)
    unknown = list(known.unknown)
    rng.shuffle(unknown)
    others = known.others
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    if known.constrained:
        unknown.sort(key=_high_first)    # stable: random among equals
        rank_of = _RANK_OF
        held: dict[int, list[str]] = {}
        for _attempt in range(4):  # a dead end (rare) starts again in a new order
            room = {s: obs["hand_sizes"][s] for s in others}
            held = {s: [] for s in others}
            # per seat and pass: rank counts of the hand it had then, so far
            then = {s: [(dict(counts), kind, size, top)
                        for counts, kind, size, top in known.passes[s]] for s in others}
            stuck = False
            for c in unknown:
                r = rank_of[c]
                fits = [s for s in others if room[s] > 0 and not breaks(then[s], r)]
                if not fits:
                    stuck = True
                    fits = [s for s in others if room[s] > 0]
                if len(fits) == 1:
                    to = fits[0]
                else:
                    x = rng.below(sum(room[s] for s in fits))
                    to = fits[0] if x < room[fits[0]] else fits[1]
                held[to].append(c)
                room[to] -= 1
                for evidence in then[to]:
                    counts = evidence[0]
                    counts[r] = counts.get(r, 0) + 1
            if not stuck:
                break
            rng.shuffle(unknown)
        for s in others:
            hands[s] = held[s]
    else:
        for s in others:
            n = obs["hand_sizes"][s]
            hands[s], unknown = unknown[:n], unknown[n:]
    return PaoDeKuai.from_observation(observation, hands)
