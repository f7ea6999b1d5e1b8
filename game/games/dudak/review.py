"""What the review (:mod:`game.review.analysis`) asks of Dudák beyond its spec's numbers:
which positions are judged on a map of their own (levels/review.toml,
``[dudak.situations.<name>]``).

The last duel (``"duel"``): one other seat alone still holds cards, so every card is
known and the two play on until one of them is the Dudák (DUD-10).  Calibration rows
name it, so ``bench_review fit --folds K`` can tell whether it needs a map of its own;
held out, the game's one map predicts it as well, so none ships (docs/review.md,
"Dudák: a curve, and its last duel").
"""
from __future__ import annotations

from typing import Any

DUEL = "duel"


def situation(obs: dict[str, Any]) -> str | None:
    """``"duel"`` where the observing seat and one other alone hold cards (a hand or
    collected cards), else None (the game's own map)."""
    counts = obs.get("card_counts")
    seat = obs.get("seat")
    if not isinstance(counts, list) or not isinstance(seat, int):
        return None
    holding = [s for s, n in enumerate(counts) if isinstance(n, int) and n > 0]
    return DUEL if len(holding) == 2 and seat in holding else None
