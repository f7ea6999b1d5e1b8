"""Why a Hospodský autobus move was worse, in plain words (the review's "why"):
patterns read from the two moves alone.  Named by the spec's ``review_why``."""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    out: list[str] = []
    # kept where the calibration data bear them out (``python -m game.tools.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "gave up a card that could
    # go on a run" and "put a card under the bus where a side pile could take it" fired
    # more often on moves graded best or good than on inaccuracies or worse (13 of 51,
    # 0 of 3; the same card only: 3 of 10) and were dropped
    if p.kind == "end" and b.kind == "play":
        out.append(_("This ended the turn while a card could still be played."))
    return out
