"""What a Hospodský autobus seat can infer about the cards it cannot see.

Hidden from a seat: the other hands, every reserve below its top card, the stock and
the completed pile (the observation only counts them), and the deal's generator for
the completed pile's reshuffles.  Play proves nothing about where those cards lie, so
:func:`sample` deals them at random.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.games.autobus.observation import AutobusObservation, observed
from game.games.autobus.rules import Autobus
from game.rules import Rng


def unseen(obs: AutobusObservation) -> list[str]:
    """The cards the seat cannot see (two decks and jokers: a card may be seen once and
    hidden once), grouped by card in deck order."""
    seen = Counter(obs["hand"]) + Counter(t for t in obs["reserve_tops"] if t)
    seen += Counter(c for piles in obs["aux"] for p in piles for c in p)
    seen += Counter(c for r in obs["runs"] if r for c in r)
    return list((Counter(Autobus.full_deck()) - seen).elements())


def sample(observation: dict[str, Any], rng: Rng) -> Autobus:
    """A full state consistent with one seat's observation: the unseen cards shuffled
    and dealt to the other hands, the reserves below their tops, the stock and the
    completed pile, in that order; the reshuffles' generator drawn after them."""
    obs = observed(observation)
    seat = obs["seat"]
    pool = unseen(obs)
    rng.shuffle(pool)
    seed = rng.next64()

    def deal(k: int) -> list[str]:
        nonlocal pool
        out, pool = pool[:k], pool[k:]
        return out

    hands = [[] if s == seat else deal(obs["hand_sizes"][s]) for s in range(obs["players"])]
    under = [deal(size - 1) if top else []
             for top, size in zip(obs["reserve_tops"], obs["reserve_sizes"], strict=True)]
    stock = deal(obs["stock_size"])
    completed = deal(obs["completed_size"])
    return Autobus.from_observation(observation, hands, under, stock, completed, seed)
