"""Issue 37, item 4 (the smaller findings): while a review is made its bar and its "k of n"
agree at every frame, and a practice deal's review is neither read from the history's
review cache nor kept there (the deal is saved nowhere; its cards are another deal's).
Through real taps: History's row, Review, Play from here, the practice deal played by
taps, the result's Review.  The reviews are real ones, made quickly (few samples) in a
thread."""
from __future__ import annotations

from typing import Any

import pytest

from game.app import CardClubWindow
from game.review import worker
from game.review.model import Review
from game.scenes.review_view import BAR_BACK, BAR_FILL, ReviewView
from game.scenes.table_view import TableView
from game.store import files, history
from game.tools.drive import pump
from tests.test_review_view import _record_deal, _row_point
from tests.test_ui_durak import tap_card_then_table
from tests.ui_helpers import play_deal, tap, until_read

pytestmark = pytest.mark.ui

#: a real review, quick: few samples, a short search, no exact solver
QUICK = {"samples": 4, "min_samples": 0, "candidates": 2, "iterations": 20,
         "solve_nodes": 0}


@pytest.fixture(autouse=True)
def _quick_reviews(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    history.forget_checks()
    files.reset_problems()
    started: list[dict[str, Any]] = []
    real = worker.start_review

    def start(journal: dict[str, Any], seat: int, level: str = "hard", cached: Any = None,
              **kw: Any) -> worker.ReviewJob:
        started.append(journal)
        job = real(journal, seat, level, cached, mode=worker.THREAD, overrides=QUICK)
        real_poll = job.poll
        # one message a frame: however fast the quick review runs in its thread, the page
        # takes its verdicts over as many frames as there are, so the bar is seen filling
        # (the tap that opens the page pumps a few frames of its own)
        job.poll = lambda: real_poll(most=1)      # type: ignore[method-assign]  # a stub
        return job
    monkeypatch.setattr(worker, "start_review", start)
    return started


def _bar(view: ReviewView) -> tuple[int, int, float]:
    """What the page shows of the progress: (k, n) of its text, the bar's filled part."""
    text = next(t for t in view.drawn_texts() if t.startswith("Reviewing your decisions"))
    k, n = (int(x) for x in text.split("… ")[1].split(" of "))
    back = [r for r, c in view.rects if c == BAR_BACK]
    fill = [r for r, c in view.rects if c == BAR_FILL]
    assert len(back) == 1 and len(fill) <= 1
    return k, n, (fill[0].width / back[0].width if fill else 0.0)


def _review_from_history(app: CardClubWindow, deal_id: str) -> ReviewView:
    view = app.open("history", game="durak")
    pump(app, 2)
    until_read(app, view)
    tap(app, *_row_point(view, deal_id))
    b = view.choice.buttons.by_name("review")
    tap(app, b.cx, b.cy)
    shown = app.current_view
    assert isinstance(shown, ReviewView)
    return shown


def _until_reviewed(app: CardClubWindow, view: ReviewView,
                    seen: list[tuple[int, int, float]] | None = None) -> None:
    for _ in range(100_000):
        if not view.running:
            return
        if seen is not None:
            seen.append(_bar(view))
        pump(app, 1)
    raise AssertionError("the review never ended")


def test_the_bar_and_the_count_agree_at_every_frame(app: CardClubWindow) -> None:
    deal_id = _record_deal(seed=9)
    view = _review_from_history(app, deal_id)
    assert view.running
    seen: list[tuple[int, int, float]] = []
    _until_reviewed(app, view, seen)
    assert view.review is not None and view.review.complete
    n = len(view.review.verdicts)
    assert seen and {s[1] for s in seen} == {n}           # one total, the decisions'
    for k, total, part in seen:
        assert 0 <= k <= total and part == pytest.approx(k / total), (k, total, part)
    assert seen[0][0] < n                                 # it was seen filling


def test_a_practice_deal_s_review_is_not_cached(
        app: CardClubWindow, _quick_reviews: list[dict[str, Any]]) -> None:
    deal_id = _record_deal(seed=9)
    view = _review_from_history(app, deal_id)
    _until_reviewed(app, view)
    kept = history.review_of(deal_id)
    assert kept is not None and Review.from_dict(kept).complete    # the deal's own: cached
    # Play from here, at the first decision that is not forced
    view.selected = next(i for i, v in enumerate(view.review.verdicts) if not v.forced)
    view.chosen = True
    view.relayout()
    b = view.buttons.by_name("practice")
    tap(app, b.cx, b.cy)
    table = app.current_view
    assert isinstance(table, TableView) and table.session.practice
    practice_id = table.session.journal.deal_id
    play_deal(app, table, tap_card_then_table, frames=6000)
    r = table.result_panel.buttons.by_name("review")
    assert r.visible
    asked = len(_quick_reviews)
    tap(app, r.cx, r.cy)
    shown = app.current_view
    assert isinstance(shown, ReviewView) and shown.journal is not None \
        and shown.journal.meta.get("practice")
    assert shown.job is not None and len(_quick_reviews) == asked + 1   # made, not read
    assert _quick_reviews[-1]["id"] == practice_id
    _until_reviewed(app, shown)
    assert shown.review is not None and shown.review.complete
    assert history.review_of(practice_id) is None           # and not kept
    assert history.review_of(deal_id) == kept               # the deal's own untouched
    # a practice journal that names the deal it came from is not served the deal's review
    again = ReviewView(app, journal=table.session.journal.to_dict(), deal_id=deal_id)
    app.show_view(again)
    pump(app, 2)
    assert again.job is not None and len(_quick_reviews) == asked + 2
    again.go_back()
    assert history.review_of(deal_id) == kept
