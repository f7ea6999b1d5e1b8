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
    if p.kind in ("discard", "bus") and b.kind == "play":
        out.append(_("This gave up a card that could go on a run."))
    if p.kind == "end" and b.kind == "play":
        out.append(_("This ended the turn while a card could still be played."))
    if p.kind == "bus" and b.kind == "discard":
        out.append(_("This put a card under the bus where a side pile could take it."))
    return out
