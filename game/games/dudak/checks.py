"""What the conformance suite and the soak (tests/) need of this game: how many deals
each check plays, the moves to ask ``check()`` about, and its score invariants."""
from __future__ import annotations

from typing import Any

from game.games.contract import Checks
from game.rules.base import Game


def _deck(g: Game) -> list[str]:
    return sorted(set(g.full_deck(**g.options())))


def candidates(g: Game) -> list[str]:
    """Lead, beat and follow with every card, declare every suit, collect, take."""
    deck = _deck(g)
    return ([f"{v} {c}" for v in ("lead", "beat", "follow") for c in deck]
            + [f"declare {s}" for s in "LHBA"] + ["collect", "take"])


def invariants(g: Game, before: dict[str, Any] | None) -> None:
    """Every card in a hand, a collected heap, the pile or out; one Dudák at the end."""
    result, state = g.result(), g.to_dict()
    counts = [len(h) + len(c) for h, c in zip(state["hands"], state["collected"],
                                               strict=True)]
    total = len(g.full_deck(**g.options()))
    assert sum(counts) + len(state["pile"]) + len(state["out"]) == total
    if result is not None:
        assert sorted(result) == [0.0, 1.0, 1.0, 1.0]
        assert result[state["dudak"]] == 0.0


CHECKS = Checks(deals=(80, 400), deep=(4, 12), check_positions=(4, 60),
                candidates=candidates, invariants=invariants)
