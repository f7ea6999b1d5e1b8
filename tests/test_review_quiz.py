"""Learn from your mistakes, the pure part (``game.review.quiz``, issue 37): which
positions are asked, and an answer graded by the review's own rules: at once where the
review valued the move, else by its judge, stepped a slice at a time."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.review.model import BEST, BLUNDER, INACCURACY, MISTAKE
from game.review.quiz import Quiz, positions
from game.review.tuning import grade, settings
from game.session.journal import journal_from_dict
from tests.test_review_grades_ui import _journal_with_a_take, graded_review


@pytest.fixture
def small_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.review.analysis as analysis
    import game.review.tuning as tuning

    real = tuning.settings
    for where in (analysis, tuning):     # the judge's and the quiz's own reference
        monkeypatch.setattr(where, "settings", lambda key, overrides=None, players=None: real(
            key, {"samples": 8, "min_samples": 0, "iterations": 20} | (overrides or {}),
            players))


def test_the_positions_asked_are_the_inaccuracies_and_worse_of_a_finished_review() -> None:
    review, take_at = graded_review(_journal_with_a_take())
    asked = positions(review)
    assert asked == [i for i, v in enumerate(review.verdicts)
                     if v.grade in (INACCURACY, MISTAKE, BLUNDER)]
    assert take_at in asked and len(asked) == 3
    assert not any(review.verdicts[i].forced for i in asked)
    assert positions(replace(review, complete=False)) == []       # still reviewing
    assert positions(None) == []
    clean = replace(review, verdicts=[replace(v, grade=BEST, mistake=False)
                                      for v in review.verdicts])
    with pytest.raises(ValueError, match="no inaccuracy"):
        Quiz(journal_from_dict(_journal_with_a_take()), clean)


def test_an_answer_the_review_valued_is_graded_at_once() -> None:
    journal = _journal_with_a_take()
    review, take_at = graded_review(journal)
    quiz = Quiz(journal_from_dict(journal), review)
    while quiz.asked[quiz.at] != take_at:
        assert quiz.next()
    v = quiz.verdict
    # the defence the review preferred: best, the computer agrees
    assert quiz.give(v.best) is True and not quiz.thinking
    a = quiz.answer
    assert a is not None and a.grade == BEST and a.played == a.best == v.best
    assert quiz.give("take") is False                   # one answer a position
    # the move played again: the review's own grade of it
    quiz.answer = None
    assert quiz.give("take") is True
    a = quiz.answer
    assert a is not None and a.best == v.best and a.se == v.se
    assert a.grade == grade(v.value_best - v.value_played, v.se, settings("durak"))
    assert a.mistake == (a.grade in (MISTAKE, BLUNDER))
    assert (a.value_played, a.value_best) == (v.value_played, v.value_best)


@pytest.mark.usefixtures("small_judge")
def test_another_answer_is_judged_a_slice_at_a_time() -> None:
    journal = _journal_with_a_take()
    review, take_at = graded_review(journal)
    quiz = Quiz(journal_from_dict(journal), review)
    assert quiz.asked[0] != take_at                    # no candidates there: the judge
    v = quiz.verdict
    g = quiz.journal.state_at(v.index)
    other = next(str(m) for m in g.legal_moves() if str(m) != v.played)
    assert quiz.give(other) is False and quiz.thinking and quiz.answer is None
    steps = 0
    while not quiz.step(1e-9):                         # one piece of work a call
        steps += 1
        assert steps < 100_000
    assert steps > 1 and not quiz.thinking
    a = quiz.answer
    assert a is not None and a.played == other and a.index == v.index
    assert a.grade in (BEST, "good", INACCURACY, MISTAKE, BLUNDER)
    assert a.value_best >= a.value_played or a.grade == BEST
    # on through the positions; after the last, no more
    k, n, m, total = quiz.number()
    assert (k, m) == (review.number(v.index)[0], v.index + 1)
    while not quiz.last:
        assert quiz.next() and quiz.answer is None and not quiz.thinking
    assert quiz.next() is False and quiz.at == len(quiz.asked) - 1
