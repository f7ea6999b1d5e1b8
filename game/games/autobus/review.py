"""What the review (:mod:`game.review.analysis`) asks of Hospodský autobus beyond its
spec's numbers: what a play-out is worth to a seat."""
from __future__ import annotations

from typing import Any

from game.games.autobus.rollout import reward


def value(g: Any, seat: int) -> float:
    """A win 1, a loss 0, a drawn deal a share (1 / players); a play-out cut off before
    the end: the search's own estimate."""
    if not g.is_over:
        return float(reward(g)[seat])
    if g.winner is None:
        return 1.0 / int(g.num_players)
    return 1.0 if g.winner == seat else 0.0
