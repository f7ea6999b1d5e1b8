"""Dudák's ``greedy`` baseline (hidden from the menu; tournaments measure against it).

Declare at the first chance the free suit it holds most of; lead and follow with the
lowest card (non-trumps first), beat with the lowest card that beats, collect before
taking.  The search's ``greedy`` rollouts play it too (:mod:`game.games.dudak.rollout`),
and ``FastDudak.greedy`` is the same rule on the fast simulator.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import CZECH_RANKS
from game.rules import Move, Rng

RANK = {r: i for i, r in enumerate(CZECH_RANKS)}


def dudak_greedy(legal: list[Move], hand: list[str], trump: str | None) -> Move:
    def cost(m: Move) -> int:
        c = m.args[0]
        return RANK[c[0]] + (100 if c[1] == trump else 0)

    by_kind: dict[str, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m.kind, []).append(m)
    if "declare" in by_kind:
        held = Counter(c[1] for c in hand)
        return max(by_kind["declare"], key=lambda m: held[m.args[0]])
    for kind in ("follow", "lead", "beat"):
        if kind in by_kind:
            return min(by_kind[kind], key=cost)
    if "collect" in by_kind:
        return by_kind["collect"][0]
    return by_kind.get("take", legal)[0]


def decide(obs: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """The greedy level's move from a seat's observation (``SPEC.greedy``)."""
    return dudak_greedy(legal, obs["hand"], obs["trumps"][obs["seat"]])
