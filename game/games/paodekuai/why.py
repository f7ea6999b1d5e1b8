"""Why a Pao De Kuai move was worse, in plain words (the review's "why"): patterns read
from the seat's observation and the two moves alone (the spec's ``review_why``), and
what the move led to in the judge's play-outs (:data:`TRAITS`, the spec's
``review_traits``): another seat went out first more often, or the seat was left
holding more cards."""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.games import spec
from game.i18n import _, ngettext
from game.i18n.numbers import percent
from game.i18n.words import average_cards
from game.review.model import Effect, Traits
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


def _breaks(straight: list[str], counts: Counter[str], play: Counter[str]) -> bool:
    """Whether ``play`` (cards by rank) breaks ``straight`` (ranks, five or more): it
    plays every card of one of its ranks, and what is left of the straight is split in
    two or under five cards.  Playing an end of a longer straight only shortens it (a
    straight of 10 cards leaves one of 9): not broken."""
    if len(straight) < 5 or len(play) != 1:
        return False
    r = next(iter(play))
    if r not in straight or counts[r] != play[r]:
        return False
    return r not in (straight[0], straight[-1]) or len(straight) - 1 < 5


def why(obs: dict[str, Any], played: str, best: str,
        exact: tuple[float, float] | None = None) -> list[str]:
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
    if _breaks(straight, counts, mine) and not _breaks(straight, counts, theirs):
        n = len(straight)
        out.append(ngettext("This broke your straight of {n} card.",
                            "This broke your straight of {n} cards.", n).format(n=n))
    split = [r for r, k in mine.items() if len(mine) == 1 and counts[r] > k >= 1]
    if split and not any(counts[r] > k for r, k in theirs.items()):
        out.append(_("This broke up cards of one rank that played better together."))
    return out


# ----- what a move led to in the judge's play-outs (the spec's ``review_traits``) ----------
def _end(g: Any, seat: int, notes: dict[str, float]) -> dict[str, float]:
    out = {"left": float(len(g.hands[seat]))}
    w = g.winner
    if w is not None and w != seat:
        out[f"out{w}"] = 1.0
    return out


def _out_seat(name: str) -> int | None:
    """The seat of an "another seat went out first" trait (``out2``), else None."""
    return int(name[3:]) if name.startswith("out") and name[3:].isdigit() else None


def _worse(name: str) -> tuple[int, float] | None:
    if name == "left":
        return (1, 0.5)            # half a card more at the end
    if _out_seat(name) is not None:
        return (1, 0.1)            # another seat out first, 10 points more often
    return None


def _words(e: Effect, obs: dict[str, Any]) -> str | None:
    if e.name == "left":
        # TRANSLATORS: {a} and {b} are average counts of cards, "4.2 cards", "2.5 cards"
        # (each in the form a fraction takes)
        return _("After yours you were left holding {a} at the end on average; after "
                 "its, {b}.").format(a=average_cards(e.played), b=average_cards(e.best))
    seat = _out_seat(e.name)
    if seat is not None:
        who = spec("paodekuai").seat_name(seat, int(obs.get("seat", 0)))
        # TRANSLATORS: {who} is a seat ("Computer 2"); {a} and {b} are per cents ("45%")
        return _("After yours {who} went out first in {a} of them; after its, in "
                 "{b}.").format(who=who, a=percent(e.played), b=percent(e.best))
    return None


TRAITS = Traits(end=_end, worse=_worse, words=_words)
