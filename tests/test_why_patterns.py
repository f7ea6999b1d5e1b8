"""The review's "why" sentences say only what is so (issue 52, "a reason for most
mistakes"): each game's patterns (game/games/<key>/why.py) fire on the positions they
describe and stay silent where the description would not be true.

The patterns were chosen on the calibration rows (``python -m game.tools.bench_review
why``; docs/review.md, "Why patterns against the data"); these tests pin what each
sentence claims.
"""
from __future__ import annotations

from game.review.analysis import why
from game.review.model import Effect

LEAD = "The computer played on from here many times, after your move and after its own."


# ----- Pao De Kuai: a straight is broken, not shortened --------------------------------------
PDK_TEN = {"seat": 0, "hand": ["3S", "4H", "5D", "6C", "7S", "8S", "9D", "TC", "JH", "QS",
                               "2D"]}


def test_pdk_an_end_of_a_long_straight_only_shortens_it() -> None:
    """Deal 948112, decision 1: playing the 3 of a straight of 10 cards leaves one of 9;
    the straight was not broken."""
    assert why("paodekuai", PDK_TEN, "play 3S", "play 2D") == []
    assert why("paodekuai", PDK_TEN, "play QS", "play 2D") == []


def test_pdk_a_straight_split_in_two_or_left_under_five_is_broken() -> None:
    assert why("paodekuai", PDK_TEN, "play 7S", "play 2D") == [
        "This broke your straight of 10 cards."]
    five = {"seat": 0, "hand": ["3S", "4H", "5D", "6C", "7S", "KD", "KH"]}
    assert why("paodekuai", five, "play 3S", "play KD KH") == [
        "This broke your straight of 5 cards."]
    # the best breaks it too: no difference to tell
    assert why("paodekuai", PDK_TEN, "play 7S", "play 8S") == []
    # the best only shortens it where the move played breaks it
    assert why("paodekuai", PDK_TEN, "play 7S", "play 3S") == [
        "This broke your straight of 10 cards."]


# ----- Durak and Dudák: a count that starts with the move judged says so ---------------------
def test_durak_takes_counted_from_the_move_judged_say_so() -> None:
    """The play-outs count the move judged among the takes (a take now is one): the
    sentence says the count starts with this move, not "in the rest of the deal"."""
    said = why("durak", {"seat": 0}, "take", "defend 9H", [Effect("took", 1.2, 0.3, 0.1)])
    assert said[0] == LEAD
    assert said[1] == ("Counting this move, after yours you took the cards 1.2 times on "
                       "average by the end of the deal; after its, 0.3 times.")
    assert "rest of the deal" not in " ".join(said)


def test_dudak_cards_picked_up_counted_from_the_move_judged_say_so() -> None:
    said = why("dudak", {"seat": 0}, "take", "beat UH", [Effect("picked", 6.0, 1.5, 0.5)])
    assert "rest of the deal" not in " ".join(said)
    assert said[-1] == ("Counting this move, after yours you picked up 6.0 cards on average "
                        "by the end of the deal; after its, 1.5 cards.")
