"""Why a Durak move was worse, in plain words (the review's "why"): once the talon is
empty, what each of the two moves leaves with best play (every card is then known and
the review's solver settles it), each a sentence in the player's language (the spec's
``review_why``), and what the move led to in the judge's play-outs (:data:`TRAITS`, the
spec's ``review_traits``)."""
from __future__ import annotations

from typing import Any

from game.games import spec
from game.i18n import _, counted, ngettext, pgettext
from game.i18n.words import average_cards
from game.review.model import Effect, Traits
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words)."""
    # kept where the calibration data bear them out (``python -m game.bench.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "spent a trump", "spent
    # your last trump", "used a higher card than needed", "took the cards though you
    # could beat them", "kept attacking" and "stopped the attack" fired more often on
    # moves graded best or good than on inaccuracies or worse (0 of 8, 1 of 10, 0 of 4,
    # 2 of 8, 0 of 3, 2 of 25) and were dropped; the end of the deal, where every card
    # is known, is said as the solver settles it (6 of 6 on inaccuracies or worse)
    if int(obs.get("talon_size", 0)) != 0:
        return []
    return _endgame(obs, Move.parse(played), Move.parse(best))


def _endgame(obs: dict[str, Any], p: Move, b: Move) -> list[str]:
    """With the talon gone every card is known: what each move leaves with best play
    by both seats, where the solver settles it within the review's budget (none
    otherwise, and none where the two moves end alike)."""
    from game.games.durak.review import exact
    from game.review.tuning import settings

    got = exact(obs, [p, b], settings("durak").solve_nodes)
    if got is None:
        return []
    value = dict(got)
    mine, its = value.get(str(p)), value.get(str(b))
    if mine is None or its is None or mine >= its:
        return []
    seat = int(obs.get("seat", 0))
    who = spec("durak").seat_name(1 - seat, seat)
    if its == 1.0 and mine == 0.0:
        # TRANSLATORS: {who} is the other seat ("Computer"); every card is known once the
        # talon is empty, so the solver settles the end of the deal
        return [_("With the talon gone every card is known: after yours {who} wins "
                  "whatever you play; after its, you win whatever {who} plays.").format(
            who=who)]
    if its == 1.0:
        # TRANSLATORS: {who} is the other seat ("Computer")
        return [_("With the talon gone every card is known: after yours {who} can hold "
                  "you to a draw; after its, you win whatever {who} plays.").format(
            who=who)]
    # TRANSLATORS: {who} is the other seat ("Computer")
    return [_("With the talon gone every card is known: after yours {who} wins whatever "
              "you play; after its, you can hold {who} to a draw.").format(who=who)]


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _note(g: Any, m: Move, notes: dict[str, float]) -> None:
    if m.kind == "take":
        notes["took"] = notes.get("took", 0.0) + 1.0
    if "held" not in notes and not g.talon:       # the seat's first move with no talon
        notes.update(_hand(g, g.current_player))


def _hand(g: Any, seat: int) -> dict[str, float]:
    """The seat's cards in hand, and its trumps among them."""
    hand = g.hands[seat]
    return {"held": float(len(hand)),
            "trumps": float(sum(1 for c in hand if c[-1] == g.trump_suit))}


def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    # the hand as counted when the talon ran out (``_note`` counts both at once), else
    # as it is now (the talon never ran out)
    held: dict[str, float] = {k: notes[k] for k in ("held", "trumps") if k in notes}
    held = held or _hand(g, seat)
    return {"took": notes.get("took", 0.0), **held}


#: (more is worse: +1, the smallest gap worth a sentence): 0.7 of a take more in the
#: rest of the deal (at 0.2 it fired on 67 moves graded best or good against 31
#: inaccuracies or worse; at 0.7, 14 against 15: ``bench_review why``, docs/review.md);
#: a card more in hand once the talon is gone; a trump fewer in hand then (at half a
#: trump it fired on 20 good moves against 11 inaccuracies or worse)
WORSE = {"took": (1, 0.7), "held": (1, 1.0), "trumps": (-1, 1.0)}


def _worse(name: str) -> tuple[int, float] | None:
    return WORSE.get(name)


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name == "took":
        # the count starts with the move judged: a take played now is one of them
        # TRANSLATORS: {a} and {b} are average counts, "1.4 times", "0.6 times" (each in
        # the form a fraction takes); "this move" counts among them
        return _("Counting this move, after yours you took the cards {a} on average by "
                 "the end of the deal; after its, {b}.").format(a=average_times(e.played),
                                                                b=average_times(e.best))
    if e.name == "held":
        # TRANSLATORS: {a} and {b} are average counts of cards, "7.2 cards", "4.5 cards"
        return _("After yours you held {a} on average when the talon ran out; after its, "
                 "{b}.").format(a=average_cards(e.played), b=average_cards(e.best))
    if e.name == "trumps":
        # TRANSLATORS: {a} and {b} are average counts of trumps, "0.8 trumps", "1.9 trumps"
        return _("After yours you had {a} on average when the talon ran out; after its, "
                 "{b}.").format(a=average_trumps(e.played),
                                b=average_trumps(e.best))
    return None


def average_times(value: float) -> str:
    """An average count of times, one decimal ("1.4 times"; Polish "1,4 raza")."""
    return counted(value, 1, lambda n: ngettext("{n} time", "{n} times", n),
                   # TRANSLATORS: a count of times with a fraction ("1.4 times"): the form
                   # your language's plural rules give a fraction (Polish: "raza")
                   lambda: pgettext("a fraction", "{n} times"))


def average_trumps(value: float) -> str:
    """An average count of trumps, one decimal ("0.8 trumps"; Czech "0,8 trumfu")."""
    return counted(value, 1, lambda n: ngettext("{n} trump", "{n} trumps", n),
                   # TRANSLATORS: a count of trumps with a fraction ("1.9 trumps"): the form
                   # your language's plural rules give a fraction (Czech "trumfu")
                   lambda: pgettext("a fraction", "{n} trumps"))


TRAITS = Traits(end=_end, worse=_worse, words=_words, note=_note)
