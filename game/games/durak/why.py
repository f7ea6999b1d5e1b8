"""Why a Durak move was worse, in plain words (the review's "why"): once the talon is
empty, what each of the two moves leaves with best play (every card is then known and
the review's solver settles it), each a sentence in the player's language (the spec's
``review_why``), and what the move led to in the judge's play-outs (:data:`TRAITS`, the
spec's ``review_traits``)."""
from __future__ import annotations

from typing import Any

from game.games import spec
from game.i18n import _, counted, ngettext, percent, pgettext
from game.i18n.moves import deck_style
from game.i18n.words import average_cards, card_text
from game.review.model import Effect, Traits
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str,
        exact: tuple[float, float] | None = None) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words);
    ``exact``: the two moves' values as the review's solver settled them, where it did
    (else the end of the deal is solved here)."""
    # kept where the calibration data bear them out (``python -m game.bench.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "spent a trump", "spent
    # your last trump", "used a higher card than needed", "took the cards though you
    # could beat them", "kept attacking" and "stopped the attack" fired more often on
    # moves graded best or good than on inaccuracies or worse (0 of 8, 1 of 10, 0 of 4,
    # 2 of 8, 0 of 3, 2 of 25) and were dropped; the end of the deal, where every card
    # is known, is said as the solver settles it (6 of 6 on inaccuracies or worse)
    if int(obs.get("talon_size", 0)) != 0:
        return []
    return _endgame(obs, Move.parse(played), Move.parse(best), exact)


def _endgame(obs: dict[str, Any], p: Move, b: Move,
             known: tuple[float, float] | None = None) -> list[str]:
    """With the talon gone every card is known: what each move leaves with best play
    by both seats (``known``: as the review settled it; else the solver settles it here
    within the review's budget), none where it does not and none where the two moves end
    alike."""
    mine: float | None
    its: float | None
    if known is not None:
        mine, its = known
    else:
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
    """The seat's cards in hand and the other seat's, the other's trumps among them, and
    whether the seat holds the face-up trump card (the last one drawn)."""
    hand, other = g.hands[seat], g.hands[1 - seat]
    return {"held": float(len(hand)), "opp_held": float(len(other)),
            "opp_trumps": float(sum(1 for c in other if c[-1] == g.trump_suit)),
            "trump_card": 1.0 if g.trump_card in hand else 0.0}


def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    # the hands as they were when the talon ran out (``_note`` counts them at once), else
    # as they are now (the talon never ran out)
    held = {k: v for k, v in notes.items() if k != "took"} or _hand(g, seat)
    return {"took": notes.get("took", 0.0), **held}


#: (more is worse: +1, the smallest gap worth a sentence), mined from the play-outs'
#: traits (``bench_review why``, docs/review.md, "Traits mined"; seeds 970000 and 980000,
#: 175 inaccuracies or worse among 974 decisions): a take more by 0.135 where its gap
#: goes with the loss strongly (:data:`LEAST`); the face-up trump card in your hand
#: 17 points less often (at 11 points: 43 against 35, and 15 against 15 on fresh seeds);
#: once the talon ran out, 0.35 of a card more in your hand, 0.27 fewer in the other's
#: or 0.55 of a trump more in the other's.  Each fires on more inaccuracies or worse
#: than on moves graded best or good (precision 0.54 to 0.67).  "trumps" is no longer
#: measured, and a review kept before it was dropped is made again (format 8): its words
#: below are reached only by a caller that passes that effect itself.
WORSE = {"took": (1, 0.135), "trump_card": (-1, 0.17), "held": (1, 0.35),
         "opp_held": (-1, 0.27), "opp_trumps": (1, 0.555)}
#: a take's gap goes with the loss at 0.65 or more: at the default 0.25 a gap this small
#: fired on 167 good moves against 99 inaccuracies or worse, and the earlier gap of 0.7
#: on 23 against 17 ("trumps in your hand when the talon ran out", one fewer, 8 against 5:
#: dropped)
LEAST = {"took": 0.65}


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
    seat = int(obs.get("seat", 0))
    who = spec("durak").seat_name(1 - seat, seat)
    if e.name == "opp_held":
        # TRANSLATORS: {who} is the other seat ("Computer"); {a} and {b} are average counts
        # of cards, "2.1 cards", "3.4 cards"
        return _("After yours {who} held {a} on average when the talon ran out; after "
                 "its, {b}.").format(who=who, a=average_cards(e.played),
                                     b=average_cards(e.best))
    if e.name == "opp_trumps":
        # TRANSLATORS: {who} is the other seat ("Computer"); {a} and {b} are average counts
        # of trumps, "1.6 trumps", "0.9 trumps"
        return _("After yours {who} had {a} on average when the talon ran out; after "
                 "its, {b}.").format(who=who, a=average_trumps(e.played),
                                     b=average_trumps(e.best))
    if e.name == "trump_card":
        card = str(obs.get("trump_card") or "")
        face = card_text(card, deck_style("durak")) if card else ""
        # TRANSLATORS: {card} is the face-up card under the talon as its face shows it
        # ("9♠"), the last card drawn; {a} and {b} are per cents ("45%") of the play-outs
        return _("After yours the face-up trump, {card}, came to your hand in {a} of "
                 "them; after its, in {b}.").format(card=face,
                                                    a=percent(e.played), b=percent(e.best))
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


TRAITS = Traits(end=_end, worse=_worse, words=_words, note=_note, least=LEAST)
