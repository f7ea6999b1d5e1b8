"""What a Durak seat can infer about the cards it cannot see.

Hidden from a seat: the opponent's hand, except the cards it picked up in a take (the
seat saw them go: ``opponent_known``), and the talon above the trump card (DUR-2: the
trump card lies face up under it).  Nothing in Durak's play narrows where the rest lie,
so every unseen card is as likely in the opponent's hand as in the talon.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.cards import atlasnye_deck
from game.games.durak.fast import Fast, mask_of
from game.games.durak.observation import DurakObservation, observed
from game.games.durak.rules import Durak
from game.rules import Rng


def seen(obs: DurakObservation) -> set[str]:
    """The cards the seat has seen where they are: its hand, the cards the opponent is
    known to hold, the discard pile, the table and the trump card while it lies under
    the talon."""
    out = set(obs["hand"]) | set(obs["opponent_known"]) | set(obs["discard"])
    out |= {c for pair in obs["table"] for c in pair if c}
    if obs["trump_in_talon"]:
        out.add(obs["trump_card"])
    return out


def hidden_in_hand(obs: DurakObservation) -> int:
    """How many of the opponent's cards the seat has not seen."""
    return obs["opponent_hand_size"] - len(obs["opponent_known"])


def sample(obs: dict[str, Any], rng: Rng) -> Durak:
    """A full state consistent with one seat's observation: the unseen cards (in deck
    order, shuffled) dealt to the opponent's hand first, the rest to the talon."""
    known = seen(observed(obs))
    unknown = [c for c in atlasnye_deck() if c not in known]
    rng.shuffle(unknown)
    n = hidden_in_hand(observed(obs))
    return Durak.from_observation(obs, unknown[:n], unknown[n:])


class Deals:
    """The same deals on the search's bit-mask states (:class:`Fast`), for one
    observation: what every deal shares is worked out once."""

    def __init__(self, observation: Mapping[str, Any]) -> None:
        obs = observed(observation)
        self.seat = obs["seat"]
        known = mask_of(obs["opponent_known"])
        marks = mask_of(seen(obs))
        #: the unseen cards, lowest id first
        self.unknown = [c for c in range(36) if not marks >> c & 1]
        self.hidden = hidden_in_hand(obs)
        self.template = Fast.from_observation(obs, known, [])

    def deal(self, rng: random.Random) -> Fast:
        """A full state consistent with the observation: the unseen cards shuffled, the
        first ones to the opponent's hand, the rest to the talon (the trump card stays
        last, cards the opponent picked up stay in its hand)."""
        g = self.template.copy()
        pool = list(self.unknown)
        rng.shuffle(pool)
        n = self.hidden
        opp = 1 - self.seat
        h = g.hands[opp]
        for c in pool[:n]:
            h |= 1 << c
        g.hands[opp] = h
        g.talon.extend(pool[n:])         # reversed order: the last is drawn first
        return g

    def everything(self) -> Fast:
        """The state once the talon is empty: every unseen card is in the opponent's
        hand (what the endgame solver plays on)."""
        g = self.template.copy()
        for c in self.unknown:
            g.hands[1 - self.seat] |= 1 << c
        return g

