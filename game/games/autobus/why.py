"""Why a Hospodský autobus move was worse, in plain words (the review's "why"):
patterns read from the two moves alone (the spec's ``review_why``), and what the move
led to in the judge's play-outs (:data:`TRAITS`, the spec's ``review_traits``): the
cards left in the seat's reserve and in the other players' smallest reserve when the
play-out stopped, and the cards the seat put on the runs meanwhile."""
from __future__ import annotations

from typing import Any

from game.games import spec
from game.i18n import _
from game.i18n.words import average_cards
from game.review.model import Effect, Traits
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str,
        exact: tuple[float, float] | None = None) -> list[str]:
    """The patterns that tell ``played`` from ``best`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    out: list[str] = []
    # kept where the calibration data bear them out (``python -m game.bench.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "gave up a card that could
    # go on a run" and "put a card under the bus where a side pile could take it" fired
    # more often on moves graded best or good than on inaccuracies or worse (13 of 51,
    # 0 of 3; the same card only: 3 of 10) and were dropped; so was "the top card of
    # your reserve could have gone on the same run" (3 against 2 on seeds 950000 onward,
    # then 2 against 8 on seeds 970000 and 980000)
    if p.kind == "end" and b.kind == "play":
        out.append(_("This ended the turn while a card could still be played."))
    return out


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _note(g: Any, m: Move, notes: dict[str, float]) -> None:
    if m.kind == "play":                          # the move judged counts too
        notes["played"] = notes.get("played", 0.0) + 1.0


def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    # the review's play-outs stop after a few turns (``rollout_moves``): the reserves then
    others = [len(r) for s, r in enumerate(g.reserves) if s != seat]
    return {"reserve": float(len(g.reserves[seat])), "played": notes.get("played", 0.0),
            "opp_reserve": float(min(others)) if others else 0.0}


#: (more is worse: +1, the smallest gap worth a sentence), on the rows of ``bench_review
#: why`` (docs/review.md, "Traits mined"; two players, seats 970000 and 980000, 145
#: inaccuracies or worse among 2,911 decisions): two cards more in your reserve (42
#: inaccuracies or worse against 30 moves graded best or good; at 0.3 it had fired on 64
#: good moves against 23), 1.67 fewer in the other players' smallest reserve (24 against
#: 12), 2.44 cards fewer put on the runs where the gap goes with the loss strongly (29
#: against 22; :data:`LEAST`).  Tried and not kept: the cards played from the reserve (it
#: words the same decisions as the reserve), put under the bus, the side piles' cards and
#: spaces taken, the reserve at the end of the turn judged, and "another seat emptied its
#: reserve first" (7 good moves against 1 inaccuracy)
WORSE = {"reserve": (1, 2.0), "opp_reserve": (-1, 1.67), "played": (-1, 2.44)}
#: the cards put on the runs: said where their gap goes with the loss at 0.55 or more (at
#: the default 0.25 the same gap fired on 51 good moves against 41 inaccuracies or worse)
LEAST = {"played": 0.55}


def _worse(name: str) -> tuple[int, float] | None:
    return WORSE.get(name)


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name == "reserve":
        # TRANSLATORS: {a} and {b} are average counts of cards, "7.4 cards", "6.9 cards"
        # (each in the form a fraction takes)
        return _("A few turns later, after yours {a} were left in your reserve on "
                 "average; after its, {b}.").format(a=average_cards(e.played),
                                                    b=average_cards(e.best))
    if e.name == "opp_reserve":
        a, b = average_cards(e.played), average_cards(e.best)
        if int(obs.get("players", 2)) == 2:
            seat = int(obs.get("seat", 0))
            # TRANSLATORS: {who} is the other player ("Computer"); {a} and {b} are average
            # counts of cards, "3.1 cards", "4.8 cards", left in that player's reserve
            return _("A few turns later, after yours {who} had {a} left in the reserve "
                     "on average; after its, {b}.").format(
                who=spec("autobus").seat_name(1 - seat, seat), a=a, b=b)
        # TRANSLATORS: {a} and {b} are average counts of cards, "3.1 cards", "4.8 cards":
        # the smallest reserve among the other players a few turns later
        return _("A few turns later, after yours the smallest reserve among the other "
                 "players held {a} on average; after its, {b}.").format(a=a, b=b)
    if e.name == "played":
        # the count starts with the move judged: a card it put on a run is one of them
        # TRANSLATORS: {a} and {b} are average counts of cards, "4.2 cards", "6.9 cards"
        return _("Counting this move, in the next few turns after yours you put {a} on "
                 "the runs on average; after its, {b}.").format(a=average_cards(e.played),
                                                                b=average_cards(e.best))
    return None


TRAITS = Traits(end=_end, worse=_worse, words=_words, note=_note, least=LEAST)
