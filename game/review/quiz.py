"""Learn from your mistakes: the review's inaccuracies and worse asked again,
one position at a time, and the player's answer graded.

A :class:`Quiz` holds the positions asked (the verdicts of a finished review graded
inaccuracy, mistake or blunder; never a forced move), the one asked now, and grading an
answer there: at once where the review already valued that move (one of its candidates,
or the move played), else by a :class:`~game.review.analysis.Judge` of the position that
the caller steps a slice at a time (a frame never waits).  The grade follows the review's
own rules (``tuning.grade`` and ``same_move`` with the game's ``settings``), so an
answer reads like a verdict of the review.

Plain data and plain calls: no arcade or pyglet here; the table's ``QuizMode``
(``game.scenes.table.quiz``) shows it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.review.model import BEST, BLUNDER, INACCURACY, MISTAKE, Candidate, Review, Verdict

if TYPE_CHECKING:
    from game.review.analysis import Analysis, Judge
    from game.review.tuning import Settings
    from game.session.journal import Journal

#: the grades a quiz asks about again
ASKED = (INACCURACY, MISTAKE, BLUNDER)


def positions(review: Review | None) -> list[int]:
    """The decisions a quiz asks (positions in ``review.verdicts``): the inaccuracies and
    worse of a finished review, in the order played."""
    if review is None or not review.complete:
        return []
    return [i for i, v in enumerate(review.verdicts) if not v.forced and v.grade in ASKED]


class Quiz:
    """The positions asked, the one asked now (``verdict``) and the answer given there."""

    def __init__(self, journal: Journal, review: Review) -> None:
        self.journal = journal
        self.review = review
        self.key = review.key
        self.seat = review.seat
        #: the players at the table (the review's settings may differ by it)
        self.players = journal.start_state().num_players
        #: positions in ``review.verdicts``, in the order asked
        self.asked = positions(review)
        if not self.asked:
            raise ValueError("the review has no inaccuracy, mistake or blunder to ask")
        self.at = 0
        #: the answer graded (a verdict: the move given, the computer's, their values)
        self.answer: Verdict | None = None
        #: the move given while its judge works
        self.given: str | None = None
        self._judge: Judge | None = None

    # ----- where the quiz stands ---------------------------------------------------------
    @property
    def verdict(self) -> Verdict:
        """The review's verdict on the decision asked now."""
        return self.review.verdicts[self.asked[self.at]]

    @property
    def index(self) -> int:
        """The journal index of the decision asked now (the position before that move)."""
        return self.verdict.index

    @property
    def last(self) -> bool:
        return self.at + 1 >= len(self.asked)

    @property
    def thinking(self) -> bool:
        """An answer the review did not value is being judged."""
        return self._judge is not None

    def number(self) -> tuple[int, int, int, int]:
        """(decision, of decisions, move, of moves) of the decision asked now, as the
        review numbers it everywhere."""
        return self.review.number(self.index)

    def next(self) -> bool:
        """On to the next position (the answer forgotten); False after the last (the quiz
        stays at its last position)."""
        if self.last:
            return False
        self.at += 1
        self.answer, self.given, self._judge = None, None, None
        return True

    # ----- an answer ---------------------------------------------------------------------
    def give(self, move: str) -> bool:
        """The player's answer ``move`` (notation) at the position asked now: graded at
        once where the review valued it (True), else its judge starts (``step`` it).
        A second answer, or one while the first is judged, is ignored (False)."""
        if self.answer is not None or self._judge is not None:
            return False
        from game.review import analysis, seats, tuning

        v = self.verdict
        self.given = move
        known = [c for c in v.candidates if analysis.same_move(self.key, c.move, move)]
        if analysis.same_move(self.key, v.played, move):
            known = [Candidate(v.played, v.value_played, v.se)]
        if known and v.candidates:
            best = v.candidates[0]
            # the thresholds where the position is (a kind of position may have its own)
            s = tuning.situated(tuning.settings(self.key, None, self.players),
                                  self.journal.state_at(v.index).observation(self.seat))
            self._grade(move, known[0].value, known[0].se, best.move, best.value,
                        v.certain, s)
            return True
        g = self.journal.state_at(v.index)
        self._judge = analysis.Judge(g.observation(self.seat), g.legal_moves(),
                                     tuning.settings(self.key, None, self.players),
                                     seats.journal_levels(self.journal), move,
                                     settle=True)
        return False

    def step(self, seconds: float) -> bool:
        """Work on the answer's judge for up to ``seconds`` of CPU time; True once the
        answer is graded by it (then ``answer`` holds it)."""
        judge = self._judge
        if judge is None or not judge.step(seconds):
            return False
        self._judge = None
        return self._graded(judge.analysis, judge.s)

    def _graded(self, a: Analysis | None, s: Settings) -> bool:
        if a is None or self.given is None:
            return False
        mine = a.find(self.key, self.given)
        if mine is None:                  # the judge valued the move given: never here
            self.given = None
            return False
        best = a.candidates[0]
        self._grade(self.given, mine.value, mine.se, best.move, best.value, a.certain, s,
                    a.candidates)
        return True

    def _grade(self, move: str, value: float, se: float, best: str, best_value: float,
               certain: bool, s: Settings, others: tuple[Candidate, ...] = ()) -> None:
        """The answer as a verdict: ``best`` when it is the computer's move, ``close``
        within noise of it, else graded by the thresholds ``s`` (the position's) on the
        gap; never better than a move of the decision that gave away less (``others``:
        the moves valued there, the review's by default)."""
        from game.review.analysis import same_move
        from game.review.tuning import decision_grade

        v = self.verdict
        same = same_move(self.key, move, best)
        valued = others or (*v.candidates, Candidate(v.played, v.value_played, v.se))
        moves = [Candidate(best, best_value, 0.0)] + [
            c for c in valued if not same_move(self.key, c.move, best)
            and not same_move(self.key, c.move, move)]
        g = BEST if same else decision_grade(moves, Candidate(move, value, se), s, certain)
        self.answer = Verdict(v.index, move, move if same else best, value, best_value,
                              certain=certain, mistake=g in (MISTAKE, BLUNDER),
                              legal=v.legal, grade=g, se=se)
