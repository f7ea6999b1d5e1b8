"""What the conformance suite and the soak (tests/) need of this game: how many deals
each check plays, the moves to ask ``check()`` about, and its score invariants."""
from __future__ import annotations

from typing import Any

from game.games.contract import Checks
from game.rules.base import Game


def _deck(g: Game) -> list[str]:
    return sorted(set(g.full_deck(**g.options())))


def candidates(g: Game) -> list[str]:
    """Attack and defend with every card, take, stop."""
    return [f"{v} {c}" for v in ("attack", "defend") for c in _deck(g)] + ["take", "stop"]


def invariants(g: Game, before: dict[str, Any] | None) -> None:
    """DUR-10: one loser, or a draw exactly when both hands are empty."""
    result, state = g.result(), g.to_dict()
    if result is not None:
        assert sorted(result) in ([0.0, 1.0], [0.5, 0.5])
        assert (result == [0.5, 0.5]) == (not state["hands"][0] and not state["hands"][1])


CHECKS = Checks(deals=(600, 3000), deep=(15, 40), check_positions=(6, 4),
                candidates=candidates, invariants=invariants)
