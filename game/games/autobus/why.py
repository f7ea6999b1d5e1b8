"""Why a Hospodský autobus move was worse, in plain words (the review's "why"):
patterns read from the two moves alone (the spec's ``review_why``), and what the move
led to in the judge's play-outs (:data:`TRAITS`, the spec's ``review_traits``): the
cards left in the seat's reserve when the play-out stopped."""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.i18n.words import average_cards, card_text
from game.review.model import Effect, Traits
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    out: list[str] = []
    # kept where the calibration data bear them out (``python -m game.bench.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "gave up a card that could
    # go on a run" and "put a card under the bus where a side pile could take it" fired
    # more often on moves graded best or good than on inaccuracies or worse (13 of 51,
    # 0 of 3; the same card only: 3 of 10) and were dropped
    if p.kind == "end" and b.kind == "play":
        out.append(_("This ended the turn while a card could still be played."))
    # the reserve's top card where the move played put another card on the same run
    # (3 inaccuracies or worse against 2 good moves on the calibration rows, seeds
    # 950000 onward: the rows that tell the reserve's card from another are few)
    if (p.kind == "play" and b.kind == "play" and b.args[1] == "reserve"
            and p.args[1] != "reserve" and p.args[2] == b.args[2]):
        # TRANSLATORS: {card} is a card as its face shows it ("6♥"); the reserve is the
        # pile a player must empty to win
        out.append(_("The top card of your reserve, {card}, could have gone there "
                     "instead: emptying your reserve is what wins.").format(
            card=card_text(str(b.args[0]))))
    return out


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    # the review's play-outs stop after a few turns (``rollout_moves``): the reserve then
    return {"reserve": float(len(g.reserves[seat]))}


def _worse(name: str) -> tuple[int, float] | None:
    # two cards more: at 0.3 it fired on 64 moves graded best or good against 23
    # inaccuracies or worse, at 2, 10 against 10 (``bench_review why``, docs/review.md).
    # "another seat emptied its reserve first" was dropped: within the play-outs' 40
    # moves it fired on 7 good moves against 1 inaccuracy
    return (1, 2.0) if name == "reserve" else None


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name == "reserve":
        # TRANSLATORS: {a} and {b} are average counts of cards, "7.4 cards", "6.9 cards"
        # (each in the form a fraction takes)
        return _("A few turns later, after yours {a} were left in your reserve on "
                 "average; after its, {b}.").format(a=average_cards(e.played),
                                                    b=average_cards(e.best))
    return None


TRAITS = Traits(end=_end, worse=_worse, words=_words)
