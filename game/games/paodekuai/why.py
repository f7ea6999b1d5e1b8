"""Why a Pao De Kuai move was worse, in plain words (the review's "why"): patterns read
from the seat's observation and the two moves alone.  Named by the spec's
``review_why``."""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.i18n import _, ngettext
from game.rules import Move

ORDER = "3456789TJQKA"          # a straight runs 3 to A (the 2 is no part of one)


def _longest_straight(ranks: set[str]) -> list[str]:
    best: list[str] = []
    run: list[str] = []
    for r in ORDER:
        run = run + [r] if r in ranks else []
        if len(run) > len(best):
            best = list(run)
    return best


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    hand = [str(c) for c in obs.get("hand", [])]
    out: list[str] = []
    if p.kind == "pass" and b.kind == "play":
        out.append(_("This passed where a play was better."))
    if p.kind != "play":
        return out
    counts = Counter(c[0] for c in hand)
    mine = Counter(c[0] for c in p.args)
    theirs = Counter(c[0] for c in b.args) if b.kind == "play" else Counter()
    straight = _longest_straight(set(counts))
    if len(straight) >= 5 and len(mine) == 1:
        r = next(iter(mine))
        if r in straight and counts[r] == mine[r] and not (
                len(theirs) == 1 and next(iter(theirs)) in straight
                and counts[next(iter(theirs))] == theirs[next(iter(theirs))]):
            n = len(straight)
            out.append(ngettext("This broke your straight of {n} card.",
                                "This broke your straight of {n} cards.", n).format(n=n))
    split = [r for r, k in mine.items() if len(mine) == 1 and counts[r] > k >= 1]
    if split and not any(counts[r] > k for r, k in theirs.items()):
        out.append(_("This broke up cards of one rank that played better together."))
    return out
