"""Where the review page's review comes from: given, the history's cache (a second opening
is instant), or a background job (``game.review.worker``) that the page polls once a
frame, never waiting; a complete review is stored in the cache for next time, one
stopped half-way is kept to be continued.

The half of :class:`~game.scenes.review_view.ReviewView` that gets the review, apart from
the half that shows it; no arcade here.
"""
from __future__ import annotations

import logging

from game.i18n import _
from game.review.model import Job, Review
from game.session.journal import Journal
from game.store import history

log = logging.getLogger("game.scenes.review_view")


class ReviewLoading:
    """Getting the review of one deal (mixed into the review page, whose state it keeps)."""

    deal_id: str | None
    journal: Journal | None
    key: str | None
    seat: int
    review: Review | None
    job: Job | None
    running: bool               # the job is still reviewing
    stopped: bool               # cancelled by the player
    stored: bool
    selected: int | None
    chosen: bool                # the player picked a decision (no more jumping)
    error: str | None
    progress: tuple[int, int]   # (decisions reviewed, decisions in all)
    _seen: tuple[int, int] | None

    def begin(self, job: Job | None) -> None:
        """The review to show: the cached one when it is whole (a given ``job`` is then
        cancelled), else a review stopped before continued by ``job`` or by a new one."""
        if self.review is None and self.key is not None:
            cached = self.cached(whole=False)
            if cached is not None and cached.complete:
                self.review = cached
                if job is not None:
                    job.cancel()
            elif job is not None or self.journal is not None:
                # a review stopped before is continued: its verdicts are not made again
                self.job = job if job is not None else self.start_job(cached)
                if self.job is not None:
                    self.running = True
                    self.take_in()

    @property
    def practice_deal(self) -> bool:
        """A practice deal (from a position of another deal): saved nowhere, so its review
        is neither read from the history's cache nor kept there (its deal id names no
        deal the history has, and the cards are another deal's)."""
        return self.journal is not None and bool(self.journal.meta.get("practice"))

    def cached(self, whole: bool = True) -> Review | None:
        """The history's review of this deal, if it is of the current format (and whole,
        unless ``whole`` is False: a review stopped half-way is continued); never for a
        practice deal."""
        review_of = getattr(history, "review_of", None)
        if not self.deal_id or not callable(review_of) or self.practice_deal:
            return None
        try:
            data = review_of(self.deal_id)
            review = (Review.from_dict(data, self.journal.moves if self.journal else None)
                      if data is not None else None)
        except ValueError as exc:  # damaged, or of another format: made again
            log.info("cached review of %s not used: %s", self.deal_id, exc)
            return None
        if review is None or (whole and not review.complete) or review.key != self.key \
                or (self.seat is not None and review.seat != self.seat):
            return None
        return review

    def start_job(self, cached: Review | None = None) -> Job | None:
        try:
            from game.review.worker import start_review

            assert self.journal is not None
            return start_review(self.journal.to_dict(), self.seat, cached=cached)
        except Exception as exc:  # no worker, or it could not start
            log.warning("the review could not start: %s", exc)
            self.error = _("The review could not start: {why}").format(why=str(exc) or
                                                                     type(exc).__name__)
            return None

    def take_in(self) -> bool:
        """Poll the job; True when something new came (verdicts, progress or the end)."""
        job = self.job
        if job is None or not self.running:
            return False
        review: Review | None
        try:
            job.poll()
            review, progress, done, error = job.review, job.progress, job.done, job.error
        except Exception as exc:  # a broken worker: say so, keep what came
            log.warning("the review failed: %s", exc)
            review, progress, done, error = self.review, (0, 0), True, str(exc)
        changed = False
        if review is not None:
            seen = (len(review.verdicts), int(progress[0]))
            if seen != self._seen or review is not self.review:
                self._seen = seen
                self.review = review
                changed = True
            self.progress = (int(progress[0]), int(progress[1]))
        if self.selected is None and self.review is not None and self.review.verdicts:
            self.selected = 0
        if done:
            self.running = False
            if error:
                self.error = _("The review stopped: {why}").format(why=error)
            changed = True
            if (self.review is not None and self.review.complete and not error
                    and not self.stopped):
                self.store()
                if not self.chosen and self.review.verdicts:
                    self.selected = self.first_choice()
        return changed

    def store(self) -> None:
        """Keep the review in the history: a whole one is shown at once next time, one
        stopped half-way is continued from where it stopped."""
        store_review = getattr(history, "store_review", None)
        if self.stored or not self.deal_id or not callable(store_review) or self.review is None \
                or not self.review.verdicts or self.practice_deal:
            return
        try:
            self.stored = bool(store_review(self.deal_id, self.review.to_dict()))
        except Exception as exc:  # the cache is a convenience: the page stays as it is
            log.warning("review of %s not kept: %s", self.deal_id, exc)

    def stop_job(self) -> bool:
        """Stop the job if it runs, keeping what it reviewed (in the history too, to be
        continued at the next opening); whether it was running."""
        if self.job is None or not self.running:
            return False
        try:
            self.job.cancel()
            self.job.poll()
            self.review = self.job.review
        except Exception as exc:
            log.warning("cancelling the review: %s", exc)
        self.running = False
        self.store()
        return True

    def first_choice(self) -> int:
        """The decision shown first: the first mistake, else the first decision."""
        vs = self.review.verdicts if self.review is not None else []
        return next((i for i, v in enumerate(vs) if v.mistake),
                    next((i for i, v in enumerate(vs) if not v.forced), 0))

