"""Why a Dudák move was worse, in plain words (the review's "why"): patterns read from
the seat's observation and the two moves alone.  Named by the spec's ``review_why``."""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    out: list[str] = []
    # kept where the calibration data bear them out (``python -m game.tools.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "spent a trump that
    # could have been kept" and "used a higher card than needed" fired more often on
    # moves graded best or good than on inaccuracies or worse (1 of 10, 0 of 4) and
    # were dropped
    if p.kind == "take" and b.kind == "beat":
        out.append(_("This took the cards though you could beat them."))
    return out
