"""Hospodský autobus's ``greedy`` baseline ("naive"; hidden from the menu).

The reserve top when it fits, otherwise any run play, then end the turn with a discard,
onto a pile of its rank when one fits, else onto an empty space (jokers last), the bus
only when nothing fits.
"""
from __future__ import annotations

from typing import Any

from game.rules import Move, Rng


def autobus_naive(legal: list[Move], aux: list[list[str]], rng: Rng) -> Move:
    plays = [m for m in legal if m.kind == "play"]
    reserve = [m for m in plays if m.args[1] == "reserve"]
    if reserve:
        return reserve[0]
    pick = rng.below(1 << 30)
    if plays:
        return plays[pick % len(plays)]
    for m in legal:
        if m.kind == "end":
            return m
    discards = [m for m in legal if m.kind == "discard" and m.args[0] != "X"]
    stack = [m for m in discards if aux[int(m.args[1][3]) - 1]]    # onto its own rank
    options = stack or discards or [m for m in legal if m.kind == "discard"] or legal
    return options[pick % len(options)]


def decide(obs: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """The greedy level's move from a seat's observation (``SPEC.greedy``)."""
    return autobus_naive(legal, obs["aux"][obs["seat"]], rng)
