"""What a Dudák seat can infer about the cards it cannot see.

Hidden from a seat: the cards of the other hands that it has not seen go there (cards
taken from the pile are known: ``known``).  The pile's order is public, and players who
beat with their cheapest card and shed their lowest one (as ``greedy`` and ``normal``
play) show by every card they play which cards they did not hold (:func:`evidence`);
:class:`Beliefs` remembers that from turn to turn within a deal, and :class:`Deals`
deals the unseen cards avoiding those cards where it can.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.cards import czech_deck
from game.games.dudak.fast import ABOVE, NAMES, PLAYERS, SUIT, SUIT_MASK, FastDudak, cid
from game.games.dudak.observation import DudakObservation, observed
from game.games.dudak.rules import Dudak
from game.rules import Rng


def unseen(obs: DudakObservation) -> list[int]:
    """The cards the observing seat cannot place (not in its hand, collected, known to be
    in a hand, on the pile or out), lowest first."""
    seen = set(obs["hand"]) | set(obs["pile"]) | set(obs["out"])
    seen |= {c for k in obs["collected"] for c in k} | {c for k in obs["known"] for c in k}
    return sorted(cid(c) for c in NAMES if c not in seen)


def evidence(obs: DudakObservation) -> list[int]:
    """Cards each seat is believed not to hold among its hidden cards, read from the pile
    on the table (its order is public): who led, beat and followed with what.  A player
    who beats beats with the cheapest card that does (non-trumps first) and leads or
    follows with its lowest card, non-trumps first, as ``greedy`` and ``normal`` do; a
    hidden card never joins a hand later (taken cards are known), so what a hand lacked
    then its hidden part lacks now.  Cards are credited going back from the seat to act,
    seat by seat; it stops where a seat that is out makes the order unsure."""
    me = int(obs["seat"])
    excl = [0] * PLAYERS
    pile = [cid(c) for c in obs["pile"]]
    if obs["phase"] == "collecting":
        return excl
    if obs["phase"] == "follow":
        pile = pile[:-1]                        # the top is this seat's own beat
    counts = obs["card_counts"]
    tm = [SUIT_MASK[SUIT[t]] if t is not None else 0 for t in obs["trumps"]]
    seat = me
    i = len(pile) - 1
    while i >= 0:
        prev = (seat - 1) % PLAYERS
        if counts[prev] == 0 or prev == me:
            break
        seat = prev
        low = (1 << pile[i]) - 1                # the cards below it (rank-major bits)
        card = 1 << pile[i]
        t = tm[seat]
        if card & t:                            # a trump: no non-trumps, no lower trump
            excl[seat] |= ~t | (low & t)
        else:                                   # no lower non-trump
            excl[seat] |= low & ~t
        if i == 0:
            break
        beat, top = pile[i - 1], pile[i - 2] if i >= 2 else -1
        if top >= 0:
            between = ABOVE[top] & ((1 << beat) - 1)
            if (1 << beat) & t and not (1 << top) & t:
                # a trump on another suit: nothing of that suit above it, no lower trump
                excl[seat] |= ABOVE[top] | (((1 << beat) - 1) & t)
            else:
                excl[seat] |= between
        i -= 2
    return [e & ((1 << 32) - 1) for e in excl]


class Beliefs:
    """The cards each seat is believed not to hold, gathered by :func:`evidence` over a
    deal's turns (``remember``) or from the pile as it lies now alone."""

    def __init__(self, remember: bool = True) -> None:
        self.remember = remember
        self.memory = [0] * PLAYERS
        self._last = (-1, -1)

    def update(self, observation: Mapping[str, Any]) -> list[int]:
        """Add what ``obs`` shows (a new deal or another seat starts afresh) and return
        the exclusion masks, one per seat."""
        obs = observed(observation)
        seat, moves = obs["seat"], obs["moves"]
        if not self.remember or seat != self._last[0] or moves <= self._last[1]:
            self.memory = [0] * PLAYERS
        self._last = (seat, moves)
        self.memory = [a | b for a, b in zip(self.memory, evidence(obs), strict=True)]
        return list(self.memory)


class Deals:
    """Deals of the unseen cards on the search's bit-mask states (:class:`FastDudak`)
    for one observation; ``exclude[s]`` is a mask of cards seat ``s`` is believed not to
    hold, kept when it can be.  What every deal shares is worked out once."""

    def __init__(self, observation: Mapping[str, Any], exclude: list[int] | None = None
                 ) -> None:
        obs = observed(observation)
        self.seat = obs["seat"]
        self.pool = unseen(obs)
        self.exclude = exclude
        #: the state the observation shows, the hidden cards not yet dealt
        self.template = FastDudak.from_observation(obs, [0] * PLAYERS)
        #: how many hidden cards each seat holds (0 for the observer)
        self.room = [0 if s == self.seat else obs["hand_sizes"][s] - len(obs["known"][s])
                     for s in range(PLAYERS)]
        self._weight: dict[int, int] = {}
        if exclude is not None:
            # the most constrained cards first, so they find a place
            self._weight = {c: sum(1 for s in range(PLAYERS)
                                   if self.room[s] and not (exclude[s] >> c) & 1)
                            for c in self.pool}

    def deal(self, rng: Rng) -> FastDudak:
        """The unseen cards shuffled and dealt to the other hands by size; with
        ``exclude`` each card (the most constrained first) goes to a seat with room that
        is not believed void of it, weighted by the room left, as a random deal would
        be (to any seat with room when every one excludes it)."""
        pool = list(self.pool)
        rng.shuffle(pool)
        f = self.template.clone()
        hands = f.hands     # the known cards already there
        if self.exclude is None:
            for s in range(PLAYERS):
                if s != self.seat:
                    n = self.room[s]
                    h = hands[s]
                    for c in pool[:n]:
                        h |= 1 << c
                    hands[s] = h
                    pool = pool[n:]
        else:
            exclude = self.exclude
            room = list(self.room)
            pool.sort(key=self._weight.__getitem__)
            for c in pool:
                ok = [s for s in range(PLAYERS) if room[s] and not (exclude[s] >> c) & 1]
                if not ok:
                    ok = [s for s in range(PLAYERS) if room[s]]
                total = sum(room[s] for s in ok)
                x = rng.below(total)
                for s in ok:
                    x -= room[s]
                    if x < 0:
                        break
                hands[s] |= 1 << c
                room[s] -= 1
        return f


def sample(observation: dict[str, Any], rng: Rng) -> Dudak:
    """A full engine state consistent with one seat's observation: the cards it has not
    seen (in deck order, shuffled) dealt to the other hands by size, seat by seat."""
    obs = observed(observation)
    seat = obs["seat"]
    seen = set(obs["hand"]) | set(obs["pile"]) | set(obs["out"])
    seen |= {c for k in obs["collected"] for c in k} | {c for k in obs["known"] for c in k}
    unknown = [c for c in czech_deck() if c not in seen]
    rng.shuffle(unknown)
    hidden: list[list[str]] = []
    for s in range(PLAYERS):
        n = 0 if s == seat else obs["hand_sizes"][s] - len(obs["known"][s])
        hidden.append(unknown[:n])
        unknown = unknown[n:]
    return Dudak.from_observation(observation, hidden)
