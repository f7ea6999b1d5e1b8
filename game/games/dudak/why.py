"""Why a Dudák move was worse, in plain words (the review's "why"): patterns read from
the seat's observation and the two moves alone (the spec's ``review_why``), and what
the move led to in the judge's play-outs (:data:`TRAITS`, the spec's
``review_traits``): the cards the seat had to pick up."""
from __future__ import annotations

from typing import Any

from game.cards import CZECH_RANKS
from game.games import spec
from game.i18n import _
from game.i18n.words import average_cards, card_text
from game.review.model import Effect, Traits
from game.rules import Move


def why(obs: dict[str, Any], played: str, best: str,
        exact: tuple[float, float] | None = None) -> list[str]:
    """The patterns that tell ``played`` from ``best`` at ``obs`` (none: no words)."""
    p, b = Move.parse(played), Move.parse(best)
    out: list[str] = []
    # kept where the calibration data bear them out (``python -m game.bench.bench_review
    # why``; docs/review.md, "Why patterns against the data"): "spent a trump that
    # could have been kept" and "used a higher card than needed" fired more often on
    # moves graded best or good than on inaccuracies or worse (1 of 10, 0 of 4) and
    # were dropped
    if p.kind == "take" and b.kind == "beat":
        out.append(_("This took the cards though you could beat them."))
    if p.kind == "follow" and b.kind == "follow":
        out += _unbeatable(obs, str(p.args[0]), str(b.args[0]))
    return out


def _unbeatable(obs: dict[str, Any], mine: str, its: str) -> list[str]:
    """The best follow-up is a card the next player cannot beat and the one played is
    not: a card of that player's own trump suit (only a higher card of it beats it,
    DUD-5) whose higher cards are all in the seat's hand."""
    nxt = obs.get("next_player")
    trumps = obs.get("trumps", [])
    if not isinstance(nxt, int) or nxt >= len(trumps) or trumps[nxt] is None:
        return []
    suit = str(trumps[nxt])
    hand = {str(c) for c in obs.get("hand", [])}

    def safe(card: str) -> bool:
        higher = CZECH_RANKS[CZECH_RANKS.index(card[0]) + 1:]
        return card[1] == suit and all(r + suit in hand for r in higher)

    if not safe(its) or safe(mine):
        return []
    seat = int(obs.get("seat", 0))
    who = spec("dudak").seat_name(nxt, seat)
    card = card_text(its, "czech")
    if its[0] == "A":
        # TRANSLATORS: {card} is a Czech card by name ("acorn ace"); {who} is the next
        # seat ("Computer 2"), who must beat it; a player's own trump is the suit they
        # declared
        return [_("Its follow-up, {card}, was one {who} could not beat: nothing beats the "
                  "ace of {who}'s own trump.").format(card=card, who=who)]
    # TRANSLATORS: {card} is a Czech card by name ("acorn king"); {who} is the next seat
    # ("Computer 2"), who must beat it; a player's own trump is the suit they declared
    return [_("Its follow-up, {card}, was one {who} could not beat: only a higher card of "
              "{who}'s own trump beats it, and you hold them all.").format(card=card,
                                                                          who=who)]


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _note(g: Any, m: Move, notes: dict[str, float]) -> None:
    if m.kind == "collect":          # DUD-8: one card from the pile
        notes["picked"] = notes.get("picked", 0.0) + 1.0
    elif m.kind == "take":           # the whole pile, and what was collected, to the hand
        seat = g.current
        notes["picked"] = notes.get("picked", 0.0) + len(g.pile) + len(g.collected[seat])


def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    return {"picked": notes.get("picked", 0.0)}


def _worse(name: str) -> tuple[int, float] | None:
    return (1, 1.0) if name == "picked" else None      # a card more to pick up


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name != "picked":
        return None
    # the count starts with the move judged: the pile taken now is among the cards
    # TRANSLATORS: {a} and {b} are average counts of cards, "6.5 cards", "3.0 cards"
    # (each in the form a fraction takes); "this move" counts among them
    return _("Counting this move, after yours you picked up {a} on average by the end "
             "of the deal; after its, {b}.").format(a=average_cards(e.played),
                                                   b=average_cards(e.best))


TRAITS = Traits(end=_end, worse=_worse, words=_words, note=_note)
