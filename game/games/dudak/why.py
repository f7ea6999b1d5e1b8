"""Why a Dudák move was worse, in plain words (the review's "why"): patterns read from
the seat's observation and the two moves alone.  Named by the spec's ``review_why``."""
from __future__ import annotations

from typing import Any

from game.cards import CZECH_RANKS
from game.i18n import _
from game.rules import Move

RANK = {r: i for i, r in enumerate(CZECH_RANKS)}


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    seat = int(obs.get("seat", 0))
    trumps = obs.get("trumps") or []
    trump = trumps[seat] if seat < len(trumps) else None
    out: list[str] = []

    def card(m: Move) -> str | None:
        return str(m.args[0]) if m.kind in ("lead", "beat", "follow") and m.args else None

    pc, bc = card(p), card(b)
    if trump and pc is not None and pc[-1] == trump and (bc is None or bc[-1] != trump):
        out.append(_("This spent a trump that could have been kept for later."))
    if p.kind == "take" and b.kind == "beat":
        out.append(_("This took the cards though you could beat them."))
    if (pc is not None and bc is not None and p.kind == b.kind and pc[-1] == bc[-1]
            and RANK[pc[0]] > RANK[bc[0]]):
        out.append(_("This used a higher card than needed."))
    return out
