"""What the review (:mod:`game.review.analysis`) asks of Pao De Kuai beyond its spec's
numbers: its values are the deal's signed points, and a play is its ranks."""
from __future__ import annotations

from typing import Any

from game.rules import Move


def value(g: Any, seat: int) -> float:
    """The points of the deal for ``seat``; a play-out cut off before the end: 0."""
    if not g.is_over:
        return 0.0
    return float(g.result()[seat])


def same_move(a: str, b: str) -> bool:
    """The same ranks played in other suits are one move (the engine's choice of suits
    beside the player's)."""
    ma, mb = Move.parse(a), Move.parse(b)
    return (ma.kind == mb.kind == "play"
            and sorted(c[:-1] for c in ma.args) == sorted(c[:-1] for c in mb.args))
