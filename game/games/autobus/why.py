"""Why a Hospodský autobus move was worse, in plain words (the review's "why"):
patterns read from the two moves alone (the spec's ``review_why``), and what the move
led to in the judge's play-outs (:data:`TRAITS`, the spec's ``review_traits``): the
cards left in the seat's reserve when the play-out stopped, or another seat emptying
its reserve first."""
from __future__ import annotations

from typing import Any

from game.games import spec
from game.i18n import _
from game.i18n.numbers import number, percent
from game.review.model import Effect, Traits
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


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    # the review's play-outs stop after a few turns (``rollout_moves``): the reserve then
    out = {"reserve": float(len(g.reserves[seat]))}
    w = g.winner
    if w is not None and w != seat:
        out[f"out{w}"] = 1.0
    return out


def _worse(name: str) -> tuple[int, float] | None:
    if name == "reserve":
        return (1, 0.3)
    if name.startswith("out") and name[3:].isdigit():
        return (1, 0.1)
    return None


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name == "reserve":
        # TRANSLATORS: {a} and {b} are averages with one decimal ("7.4", "6.9")
        return _("A few turns later, after yours {a} cards were left in your reserve "
                 "on average; after its, {b}.").format(a=number(e.played, 1),
                                                       b=number(e.best, 1))
    if e.name.startswith("out") and e.name[3:].isdigit():
        who = spec("autobus").seat_name(int(e.name[3:]), int(obs.get("seat", 0)))
        # TRANSLATORS: {who} is a seat ("Computer 2"); {a} and {b} are per cents ("45%")
        return _("After yours {who} emptied their reserve first in {a} of them; after "
                 "its, in {b}.").format(who=who, a=percent(e.played), b=percent(e.best))
    return None


TRAITS = Traits(end=_end, worse=_worse, words=_words)
