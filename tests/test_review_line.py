"""The line: what most often followed a move in the review's play-outs, with only the
cards the reviewed seat could know (game.review.line)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game import i18n
from game.games import ORDER
from game.i18n.words import card_text
from game.review.analysis import judge, play_deal, review_deal
from game.review.line import (
    HIDDEN,
    LINE_PLIES,
    is_card,
    mask,
    principal,
    replayed,
    seen_cards,
    sentence,
    witness,
)
from game.review.model import Review
from game.review.tuning import settings
from game.rules import Move

#: small but real settings: enough play-outs for a line to stand out
LINE_QUICK: dict[str, Any] = {"samples": 16, "min_samples": 0, "iterations": 8,
                              "candidates": 3, "rollout_moves": 60, "solve_nodes": 2000,
                              "grade_samples": 16}
#: deals per game, and decisions judged per deal (spread over the deal)
DEALS, PER_DEAL = 20, 3


@pytest.fixture(autouse=True)
def _english() -> Any:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_seats_own_cards_show_and_every_other_is_hidden() -> None:
    seen = Counter({"7H": 1, "9S": 1})
    assert mask("attack 7H", True, seen) == "attack 7H" and seen["7H"] == 0
    assert mask("attack 7H", True, seen) == "attack ?"        # one copy, used up
    assert mask("defend 9S", False, seen) == "defend ?"       # another seat's: hidden
    assert mask("take", False, seen) == "take"
    assert mask("play 3H 3S", True, Counter({"3H": 1})) == "play 3H ?"
    # a hidden joker's rank would name it: dropped with the card
    assert mask("discard X aux3=7", False, Counter()) == "discard ? aux3"
    assert mask("discard X aux3=7", True, Counter({"X": 1})) == "discard X aux3=7"
    assert not is_card("aux1") and not is_card("H") and is_card("UH") and is_card("X")
    obs = {"game": "durak", "seat": 0, "hand": ["7H", "7H"], "table": [["6S", None]],
           "trump_suit": "H", "talon_size": 3}
    assert seen_cards(obs) == Counter({"7H": 2, "6S": 1})


def test_the_principal_line_follows_the_most_play_outs() -> None:
    obs = {"game": "durak", "seat": 0, "hand": ["7H", "8H"]}
    a = [(1, "defend 9H"), (0, "attack 8H"), (1, "take")]
    b = [(1, "defend TH"), (0, "attack 8H"), (1, "defend JH")]   # the same as shown ...
    c = [(1, "take"), (0, "attack 8H")]
    d = [(1, "defend 9H"), (0, "stop")]
    line, n = principal(obs, [a, b, c, d])
    # ... "defend ?" three times, then "attack 8H" twice: the third ply splits 1 to 1
    assert line == ("defend ?", "attack 8H") and n == 2
    assert principal(obs, [a, b, c, d]) == (line, n)          # the same, every time
    assert principal(obs, [a]) == ((), 0)                      # one play-out is no line
    assert principal(obs, []) == ((), 0)


def _positions(key: str, seed: int) -> list[tuple[int, Any]]:
    """Up to :data:`PER_DEAL` decisions of seat 0 with a choice, spread over a deal."""
    j = play_deal(key, seed, ["easy", "normal"])
    found = []
    for index, g in j.walk():
        if index == len(j.moves):
            break
        if g.current_player == 0 and len(g.legal_moves()) > 1:
            found.append((index, g.clone()))
    step = max(1, len(found) // PER_DEAL)
    return [(i, g) for i, g in found[::step][:PER_DEAL]] if found else []


@pytest.mark.slow
@pytest.mark.parametrize("key", ORDER)
def test_each_line_is_legal_and_names_only_cards_the_seat_could_know(key: str) -> None:
    """On 20 deals a game (three decisions each), each line shown after the move played
    and after the best is legal from the position (on a deal consistent with what the
    seat saw) and names a card only in the seat's own moves, one it had in sight."""
    s = settings(key, LINE_QUICK)
    lines = 0
    for seed in range(83000, 83000 + DEALS):
        for index, g in _positions(key, seed):
            obs, legal = g.observation(0), g.legal_moves()
            played = str(legal[-1])           # not always the best: two lines to check
            v = judge(obs, legal, played, index, 0, "hard", s)
            assert v is not None
            for move, line in ((v.played, v.line_played), (v.best, v.line_best)):
                if not line:
                    continue
                lines += 1
                assert len(line) <= LINE_PLIES or v.certain
                steps = witness(obs, legal, move, line)
                assert steps is not None, (seed, index, move, line)
                assert [shown for _g, _m, shown in steps] == list(line)
                seen = seen_cards(obs)
                for before, m, shown in steps:
                    cards = [t for t in shown.split() if is_card(t)]
                    if before.current_player != 0:
                        assert not cards, (seed, index, line)
                    for c in cards:
                        assert seen[c] > 0, (seed, index, line, c)
                        seen[c] -= 1
                    assert m in before.legal_moves()
                # the words name no hidden card's face, and tell a hidden move's kind
                words = sentence(key, 0, obs, steps)
                assert words.startswith("Most often then: ")
                known = seen_cards(obs)
                for _before, m, shown in steps:
                    if HIDDEN in shown:
                        for c in (t for t in str(m).split() if is_card(t)):
                            assert c in known or str(card_text(c)) not in words, (words, c)
                assert words.count(";") == len(line) - 1
    assert lines >= DEALS, f"{key}: only {lines} lines"


@pytest.mark.parametrize("key", ORDER)
def test_the_same_review_twice_is_byte_identical_with_its_lines(key: str) -> None:
    j = play_deal(key, 83100, ["easy", "normal"], players=2 if key == "autobus" else None)
    quick = dict(LINE_QUICK, samples=8, grade_samples=8)
    a, b = review_deal(j, overrides=quick), review_deal(j, overrides=quick)
    assert a.to_dict() == b.to_dict()
    assert any(v.line_played or v.line_best for v in a.verdicts)
    back = Review.from_dict(a.to_dict())
    assert [v.line_best for v in back.verdicts] == [v.line_best for v in a.verdicts]


def test_the_json_tells_the_lines_the_screen_replays() -> None:
    """``cardclub review --json`` gives each verdict's lines as the review holds them;
    the page's words come from those very lines (replayed)."""
    from game.cli import review_json

    j = play_deal("durak", 83200, ["easy", "normal"])
    review = review_deal(j, overrides=LINE_QUICK)
    out = review_json(review, 1)
    rows = out["decisions"]
    told = 0
    for v, row in zip(review.verdicts, rows, strict=True):
        assert row["line"] == list(v.line_played) and row["best_line"] == list(v.line_best)
        if v.certain or not v.line_best:
            continue
        got = replayed(j, review.seat, v.index, v.best, tuple(row["best_line"]))
        assert got is not None
        assert sentence("durak", review.seat, got[0], got[1]).count(";") == len(
            v.line_best) - 1
        told += 1
    assert told


def test_a_line_that_is_not_legal_has_no_witness() -> None:
    j = play_deal("durak", 83300, ["easy", "normal"])
    g = j.state_at(0)
    obs, legal = g.observation(g.current_player or 0), g.legal_moves()
    move = str(legal[0])
    assert witness(obs, legal, move, ("take", "take", "take")) is None
    assert HIDDEN == "?" and Move.parse(move)


def test_a_line_replays_after_the_move_played_in_other_suits() -> None:
    """Pao De Kuai: the judge plays one move of each set of ranks; the player's pair in
    other suits gets the line of that move, and it replays after the player's own."""
    from game.review.analysis import same_move

    s = settings("paodekuai", LINE_QUICK)
    for seed in range(83400, 83460):
        j = play_deal("paodekuai", seed, ["easy", "normal"])
        for index, g in j.walk():
            if index == len(j.moves) or g.current_player != 0:
                continue
            obs, legal = g.observation(0), g.legal_moves()
            hand = list(obs["hand"])
            for m in legal:
                cards = m.args
                if len(cards) != 2 or cards[0][0] != cards[1][0]:
                    continue
                other = next((c for c in hand if c[0] == cards[0][0] and c not in cards),
                             None)
                if other is None:
                    continue
                played = f"play {cards[0]} {other}"
                if g.check(played) is not None or played == str(m):
                    continue
                assert same_move("paodekuai", played, str(m))
                v = judge(obs, legal, played, index, 0, "hard", s)
                assert v is not None and v.played == played
                if not v.line_played:
                    continue
                steps = witness(obs, legal, played, v.line_played)
                assert steps is not None
                assert [shown for _g, _m, shown in steps] == list(v.line_played)
                return
    pytest.fail("no pair in other suits with a line found")
