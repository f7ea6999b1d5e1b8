"""Grades a learner can trust: the move played is sampled against the best until its
grade is settled (its interval within one grade band), "close" where the samples run out
first, and at one decision a move that gave away more never reads better."""
from __future__ import annotations

from typing import Any

import pytest

from game.review.analysis import judge, play_deal, review_deal
from game.review.model import BEST, CLOSE, GOOD, GRADES, INACCURACY, MISTAKE, Candidate
from game.review.quiz import Quiz, positions
from game.review.tuning import Settings, band, decision_grade, graded, monotone, settings, settled
from game.rules import GAMES

S = Settings(inaccuracy=0.05, threshold=0.10, blunder=0.20, z=2.0)


def test_a_grade_is_settled_when_its_interval_lies_in_one_band() -> None:
    assert [band(x, S) for x in (0.0, 0.03, 0.07, 0.15, 0.3)] == [
        BEST, GOOD, INACCURACY, MISTAKE, "blunder"]
    assert settled(0.07, 0.005, S) and not settled(0.07, 0.02, S)   # 0.03 .. 0.11
    assert settled(0.3, 0.04, S) and settled(0.0, 0.0, S)
    assert settled(0.07, 0.5, S, certain=True)
    # within noise: "best" only where it cannot be worse, "close" where it may be
    assert graded(0.01, 0.02, S) == CLOSE
    assert graded(-0.05, 0.02, S) == BEST
    assert graded(0.03, 0.005, S) == GOOD
    assert graded(0.153, 0.085, S) == CLOSE        # the 74% against 83% at 32


def test_a_larger_loss_never_reads_better_at_one_decision() -> None:
    table = {"a": (0.0, BEST), "b": (0.06, INACCURACY), "c": (0.09, CLOSE),
             "d": (0.09, GOOD), "e": (0.15, GOOD), "f": (0.02, CLOSE)}
    got = monotone(table)
    rank = {g: i for i, g in enumerate(GRADES)}
    for m, (loss, _g) in table.items():
        for n, (other, _h) in table.items():
            if other > loss:
                assert rank[got[n]] >= rank[got[m]], (m, n, got)
    assert got["c"] == got["d"] == INACCURACY and got["a"] == BEST and got["f"] == CLOSE


def _declaration() -> tuple[dict[str, Any], list[Any]]:
    """The first decision of seat 0 in Dudák deal 143098 (every seat's first legal move
    before it): the trump declaration, bells best, acorns a close call at few samples."""
    g = GAMES["dudak"].new(seed=143098)
    while not (g.current_player == 0 and any(m.kind == "declare" for m in g.legal_moves())):
        g.play(g.legal_moves()[0])
    return g.observation(0), g.legal_moves()


def test_a_close_call_gets_more_samples_and_a_grade_that_holds() -> None:
    """Declaring acorns: with the review's first 32 samples it was within noise of the
    best (graded "best", a loss of 15 points at a standard error of 9); now it and the
    best are sampled on until its grade is settled or the budget ends, and never read
    "best"."""
    obs, legal = _declaration()
    s = settings("dudak", None, 4)
    grades: dict[str, tuple[float, str]] = {}
    for m in legal:
        v = judge(obs, legal, str(m), 0, 0, "hard", s, None, ["normal"] * 4)
        assert v is not None
        if v.played == v.best:
            assert v.grade == BEST and v.samples == s.min_samples
            continue
        assert v.grade != BEST
        if v.played == "declare A":
            assert v.samples > s.min_samples
            assert settled(v.loss, v.se, s) or v.samples == (s.grade_samples or s.samples)
        grades[v.played] = (v.loss, v.grade)
    rank = {g: i for i, g in enumerate(GRADES)}
    by_loss = sorted(grades.values())
    assert all(rank[a[1]] <= rank[b[1]] for a, b in zip(by_loss, by_loss[1:], strict=False))


@pytest.mark.parametrize("key", ["durak", "dudak", "paodekuai"])
def test_each_decision_grades_its_moves_monotone_in_the_loss(key: str) -> None:
    """Reviewed deals: at every decision the moves valued (candidates and the move
    played) graded as the review grades the move played never read better for a larger
    loss, and the verdict's grade is the one its table gives."""
    quick = {"samples": 24, "min_samples": 8, "iterations": 40, "candidates": 3}
    j = play_deal(key, 21, ["easy", "normal"])
    r = review_deal(j, 0, overrides=quick)
    s = settings(key, quick, j.start_state().num_players)
    rank = {g: i for i, g in enumerate(GRADES)}
    seen = 0
    for v in r.decisions:
        if not v.candidates:
            continue
        moves = list(v.candidates)
        if not any(c.move == v.played for c in moves):
            moves.append(Candidate(v.played, v.value_played, v.se))
        best = v.candidates[0].value
        rows = sorted((best - c.value, rank[decision_grade(moves, c, s, v.certain)])
                      for c in moves)
        assert all(x[1] <= y[1] for x, y in zip(rows, rows[1:], strict=False))
        mine = next(c for c in moves if c.move == v.played)
        assert v.grade == (BEST if v.played == v.best
                           else decision_grade(moves, mine, s, v.certain))
        seen += 1
    assert seen >= 2


def test_quiz_answers_at_one_decision_read_worse_for_a_larger_loss() -> None:
    quick = {"samples": 24, "min_samples": 8, "iterations": 40, "candidates": 4}
    for seed in range(30, 60):
        j = play_deal("durak", seed, ["easy", "normal"])
        r = review_deal(j, 0, overrides=quick)
        asked = positions(r)
        if asked and len(r.verdicts[asked[0]].candidates) >= 3:
            break
    else:
        raise AssertionError("no quiz with three candidates")
    v = r.verdicts[asked[0]]
    rank = {g: i for i, g in enumerate(GRADES)}
    got = []
    for c in v.candidates:
        quiz = Quiz(j, r)
        assert quiz.give(c.move)              # valued by the review: graded at once
        assert quiz.answer is not None
        got.append((v.candidates[0].value - c.value, rank[quiz.answer.grade]))
    got.sort()
    assert all(a[1] <= b[1] for a, b in zip(got, got[1:], strict=False))
    assert got[0][1] == rank[BEST] and MISTAKE in GRADES
