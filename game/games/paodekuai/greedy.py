"""Pao De Kuai's ``greedy`` baseline (hidden from the menu; tournaments measure against it).

Go out when a play empties the hand; otherwise the lowest play that beats (leading: the
lowest rank, as many cards of it as one play holds); bombs only when nothing else beats.
The search's ``greedy`` rollouts play it too (:mod:`game.games.paodekuai.rollout`).
"""
from __future__ import annotations

from typing import Any

from game.games.paodekuai.rules import RANK
from game.rules import Move, Rng


def is_bomb(cards: tuple[str, ...]) -> bool:
    ranks = {c[0] for c in cards}
    return len(ranks) == 1 and (len(cards) == 4 or (len(cards) == 3 and "A" in ranks))


def pdk_greedy(legal: list[Move], hand_size: int, leading: bool) -> Move:
    plays = [m for m in legal if m.kind == "play"]
    if not plays:
        return legal[0]
    for m in plays:
        if len(m.args) == hand_size:
            return m

    def top(m: Move) -> int:
        return max(RANK[c[0]] for c in m.args)

    plain = [m for m in plays if not is_bomb(m.args)]
    if plain:
        if leading:
            return min(plain, key=lambda m: (min(RANK[c[0]] for c in m.args), top(m),
                                             -len(m.args)))
        return min(plain, key=top)
    return min(plays, key=lambda m: (len(m.args), top(m)))


def decide(obs: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """The greedy level's move from a seat's observation (``SPEC.greedy``)."""
    return pdk_greedy(legal, len(obs["hand"]), obs["leading"])
