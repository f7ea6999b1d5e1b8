"""The review screen (issue 29): the summary, the graph of the player's chances (points
picked by tap and by Left/Right), the decision shown side by side with the computer's,
"Show on the table" and "Play from here"; a review made by a background job (progress,
Cancel, errors, the cache and the instant second opening); History's entry points
(Replay and Review on a past deal's row); and moves in plain words."""
from __future__ import annotations

import re
from typing import Any

import arcade
import pytest

from game.i18n.moves import capitalised, move_cards, move_told, move_words
from game.review.model import CHANCE, POINTS, Review, Verdict
from game.rules import GAMES
from game.store import files, history
from game.tools.drive import pump
from tests.ui_helpers import drag, tap, until_read

NOTATION = re.compile(r"\b([2-9TJQKA][SHDC]|[6-9TUOKA][LHBA])\b")


@pytest.fixture(autouse=True)
def _fresh_checks() -> None:
    history.forget_checks()
    files.reset_problems()


# ----- moves in plain words ------------------------------------------------------------------
@pytest.mark.parametrize("key,move,obs,expected", [
    ("durak", "attack TD", {}, "attack with the 10♦"),
    ("durak", "defend JS", {"table": [("7S", "8S"), ("9S", None)]}, "beat the 9♠ with the В♠"),
    ("durak", "take", {}, "take the cards"),
    ("durak", "stop", {}, "stop the attack"),
    ("dudak", "declare H", {}, "declare hearts as trump"),
    ("dudak", "beat OH", {"pile": ["9L", "7H"]}, "beat the 7 of hearts with the Ober of hearts"),
    ("dudak", "lead AL", {}, "lead the Ace of leaves"),
    ("dudak", "follow 7B", {}, "put the 7 of bells on the pile"),
    ("dudak", "collect", {}, "collect the top card"),
    ("dudak", "take", {}, "take the pile"),
    ("autobus", "play 7H hand run2", {}, "play the 7♥ onto run 2"),
    ("autobus", "play AS reserve new", {}, "start a new run with the A♠"),
    ("autobus", "discard 5C aux3", {}, "put the 5♣ on your side pile 3"),
    ("autobus", "bus 9D", {}, "put the 9♦ under the bus"),
    ("autobus", "end", {}, "end your turn"),
    ("paodekuai", "play 3H 3S", {}, "pair of threes"),
    ("paodekuai", "pass", {}, "pass"),
])
def test_moves_in_plain_words(key: str, move: str, obs: dict, expected: str) -> None:
    said = move_words(key, move, obs)
    assert said == expected
    assert not NOTATION.search(said), said
    from game.rules import Move

    assert move_words(key, Move.parse(move), obs) == said      # a Move or its notation


def test_move_cards_and_capitals() -> None:
    assert move_cards("durak", "defend JS") == ["JS"]
    assert move_cards("durak", "take") == []
    assert move_cards("dudak", "declare H") == []
    assert move_cards("autobus", "play 7H hand run2") == ["7H"]
    assert move_cards("paodekuai", "play 3H 3S 3D") == ["3H", "3S", "3D"]
    assert capitalised("beat the 9♠") == "Beat the 9♠" and capitalised("") == ""


# ----- the graph's layout, without a window ---------------------------------------------------
def test_chart_places_points_and_picks_them_by_tap() -> None:
    from game.ui.chart import Chart, nice_ceiling

    vs = [Verdict(i * 2, "take", "take", value, value) for i, value in
          enumerate((0.5, 0.0, 1.0, 0.25))]
    ch = Chart((100, 50, 400, 200), vs, CHANCE, pad=10)
    ys = [p.y for p in ch.points]
    assert ys[1] == 60 and ys[2] == 240 and ys[0] == 150       # 0% at the bottom, 50% middle
    xs = [p.x for p in ch.points]
    assert xs[0] == 110 and xs[-1] == 490 and xs[2] - xs[1] == pytest.approx(xs[1] - xs[0])
    assert ch.hit(ch.points[2].x + 20, ch.points[2].y - 10) == 2      # within 24 px
    assert ch.hit(ch.points[3].x - 30, 200) == 3          # inside: the nearest by x
    assert ch.hit(0, 0) is None
    assert [g[1] for g in ch.grid()] == ["0%", "50%", "100%"]
    pts = Chart((0, 0, 300, 100), [Verdict(0, "pass", "pass", -3.2, 7.5)], POINTS)
    assert (pts.lo, pts.hi) == (-10.0, 10.0) and [g[1] for g in pts.grid()] == ["-10", "0",
                                                                                "+10"]
    assert nice_ceiling(0.3) == 1 and nice_ceiling(3) == 5 and nice_ceiling(11) == 20
    room = Chart((0, 0, 300, 100), vs, CHANCE, total=10)   # room for the ones to come
    assert room.slots == 10 and room.points[-1].x < 150


def test_a_forced_move_keeps_the_level_of_the_decision_before_it() -> None:
    """A forced move is not searched (its verdict carries no value): its point stands
    at the previous decision's value, so the line does not dip to 0% where nothing was
    decided (and at the start, at the first decision's)."""
    from game.ui.chart import Chart

    forced = Verdict(0, "take", "take", 0.0, 0.0, forced=True)
    vs = [forced, Verdict(1, "a", "a", 0.7, 0.7), Verdict(2, "b", "b", 0.0, 0.0, forced=True),
          Verdict(3, "c", "c", 0.4, 0.4)]
    ch = Chart((0, 0, 400, 200), vs, CHANCE, pad=0)
    assert [round(p.y) for p in ch.points] == [140, 140, 140, 80]
    only = Chart((0, 0, 400, 200), [forced], CHANCE, pad=0)
    assert only.points[0].y == 100                       # nothing decided: the middle


# ----- a review to look at ---------------------------------------------------------------------
def durak_journal(seed: int = 5) -> dict[str, Any]:
    from game.session import DealSession

    s = DealSession("durak", level="random", ai_seats=(0, 1), seed=seed, pace=lambda: 0.0,
                    save=False)
    list(s.run())
    return s.journal.to_dict()


def durak_review(journal: dict[str, Any]) -> Review:
    """The seat's decisions with made-up values: the fifth real one a mistake, those
    after the talon ran out certain (won with best play, a chance of 63% against the
    opponent as it plays, the deal's next moves as the line of best play)."""
    g = GAMES["durak"].new(seed=journal["seed"], deck=list(journal["deck"]))
    vs: list[Verdict] = []
    real = 0
    for i, m in enumerate(journal["moves"]):
        if g.current_player == 0:
            legal = [str(x) for x in g.legal_moves()]
            forced = len(legal) == 1
            other = next((x for x in legal if x != m), m)
            mistake = not forced and real == 4
            certain = g.observation(0)["talon_size"] == 0 and not forced
            value = 0.3 if mistake else 1.0 if certain else 0.55
            chance = 0.63 if certain else None      # won with best play, 63% as it goes
            line = tuple(journal["moves"][i + 1:i + 5]) if certain else ()
            vs.append(Verdict(i, m, other if mistake else m, value,
                              value + (0.24 if mistake else 0.0), forced=forced,
                              certain=certain, mistake=mistake, legal=len(legal),
                              chance_played=chance, chance_best=chance,
                              line_played=line, line_best=line))
            real += not forced
        g.play(m)
    return Review("durak", 0, verdicts=vs, complete=True)


@pytest.fixture(scope="module")
def journal() -> dict[str, Any]:
    return durak_journal()


def _record(app: arcade.Window, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict]]:
    opened: list[tuple[str, dict]] = []
    monkeypatch.setattr(app, "open", lambda name, **kw: opened.append((name, kw)),
                        raising=False)
    return opened


def _show(app: arcade.Window, **kw: Any):  # type: ignore[no-untyped-def]
    from game.scenes.review_view import ReviewView

    view = ReviewView(app, **kw)
    app.show_view(view)
    pump(app, 2)
    return view


def _fits(view) -> None:  # type: ignore[no-untyped-def]
    c = view.content
    for t, box in view.texts:
        assert t.content_width <= box + 1, (t.text[:40], t.content_width, box)
        assert t.left >= c.left - 1 and t.left + t.content_width <= c.right + 1, t.text[:40]
    for b in view.buttons.buttons:
        if b.visible:
            assert b.label.text.content_width <= b.w - 6, (b.name, b.label.text.text)
            assert b.w >= 48 and b.h >= 48
            assert 0 <= b.cx - b.w / 2 and b.cx + b.w / 2 <= view.window.width + 0.5
    assert view.title.text.content_width <= view.title_box + 1


def _screen(view, x: float, y: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """A page point on screen, the page scrolled to show it."""
    c = view.content
    if not c.bottom + 10 <= y + view.scroll <= c.top - 10:
        view.scroll_to(c.center_y - y)
    return x, y + view.scroll


@pytest.mark.ui
def test_the_review_shows_its_summary_graph_and_decision(
        app, journal, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    review = durak_review(journal)
    opened = _record(app, monkeypatch)
    n, acc = len(review.verdicts), round(review.accuracy or 0)
    forced = n - len(review.decisions)
    said = f" ({forced} without a choice)" if forced else ""
    mistake = next(i for i, v in enumerate(review.verdicts) if v.mistake)
    for w, h in ((1280, 800), (960, 600)):
        app.set_size(w, h)
        app.dispatch_event("on_resize", w, h)
        view = _show(app, journal=journal, deal_id="a" * 32, review=review)
        _fits(view)
        texts = view.drawn_texts()
        # counted as the headings count ("Decision k of n"), forced decisions too
        assert f"{n} decisions{said} · 1 mistake · accuracy {acc}%" in texts
        assert any(t.endswith(f" of {n}") or f" of {n} · " in t for t in texts)
        assert "Review: Durak" in texts
        # the graph's axis counts decisions, as the headings do, and ends at the result
        assert "decision 1" in texts and not any(t.startswith("move ") for t in texts)
        assert ("the result" if view.chart.result is not None
                else f"decision {view.chart.slots}") in texts
        assert view.selected == mistake          # the first mistake is shown first
        assert "A mistake: the computer's move would have raised your chance by 24%." in texts
        assert "Your move" in texts and "The computer's move" in texts
        assert "30% chance to win" in texts and "54% chance to win" in texts
        # what the chances assume, where the player reads them
        assert ("Both chances assume that from here on you play as the hard level would."
                in texts)
        v = review.verdicts[mistake]           # the moves' cards, as pictures
        assert len(view.cards) == len(move_cards("durak", v.played) + move_cards("durak", v.best))
        assert len(view.cards) >= 1
    # a tap on a point picks that decision; the detail says its move in words
    target = next(i for i, v in enumerate(review.verdicts)
                  if v.played.startswith("defend") and i != mistake)
    p = view.chart.points[target]
    tap(app, *_screen(view, p.x + 2, p.y + 12))     # a finger lands a little off
    assert view.selected == target
    v = review.verdicts[target]
    # the move played as the log tells the player's own, the computer's as a suggestion
    words = capitalised(move_told("durak", v.played, view.observation_at(v.index), own=True))
    assert words.startswith("You beat the ") and words in view.drawn_texts()
    best = capitalised(move_words("durak", v.best, view.observation_at(v.index)))
    assert best != words and best in view.drawn_texts()
    assert not any(NOTATION.search(t) for t in view.drawn_texts())
    assert f"Move {target + 1} of {len(review.verdicts)}" in view.drawn_texts()
    # Left / Right: the previous and next decision
    app.dispatch_event("on_key_press", arcade.key.RIGHT, 0)
    assert view.selected == target + 1
    app.dispatch_event("on_key_press", arcade.key.LEFT, 0)
    app.dispatch_event("on_key_press", arcade.key.LEFT, 0)
    assert view.selected == target - 1
    # a certain verdict says how the deal ends with best play, and the chance against the
    # opponent as it plays (which the graph shows)
    certain = next(i for i, v in enumerate(review.verdicts) if v.certain)
    view.select(certain)
    texts = view.drawn_texts()
    assert texts.count("Won with best play") == 2
    assert texts.count("63% chance to win as your opponent plays") == 2
    assert "100% chance to win" not in texts
    assert any("the chance shown there is against your opponent" in t for t in texts)
    assert view.chart.shown()[certain] == pytest.approx(0.63)
    # ... and the line of best play after each move, as the log tells it
    lines = [t for t in texts if t.startswith("Then, with best play: ")]
    assert len(lines) == 2 and "Computer: " in lines[0] and lines[0].endswith(".")
    # Show on the table: the replay at that decision, back to this view
    show = view.buttons.by_name("show")
    tap(app, show.cx, show.cy)
    at = review.verdicts[certain].index
    assert opened[-1] == ("replay", {"journal": journal, "deal_id": "a" * 32, "at": at,
                                     "back": view})
    app.dispatch_event("on_key_press", arcade.key.ENTER, 0)       # Enter does the same
    assert opened[-1][0] == "replay" and opened[-1][1]["at"] == at
    # Play from here: a practice deal from that position, at its table
    asked: list[int] = []
    monkeypatch.setattr(view, "practice", lambda index: asked.append(index) or "session")
    practice = view.buttons.by_name("practice")
    tap(app, practice.cx, practice.cy)
    assert asked == [at] and opened[-1] == ("table", {"game": "durak", "session": "session"})
    # Esc goes back
    went: list[bool] = []
    view.back = lambda: went.append(True)
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert went == [True]


@pytest.mark.ui
def test_show_on_the_table_opens_the_real_replay_when_there_is_one(app, journal) -> None:  # type: ignore[no-untyped-def]
    import importlib.util

    if importlib.util.find_spec("game.scenes.replay_view") is None:
        pytest.skip("the replay view is not in this tree yet")
    review = durak_review(journal)
    view = _show(app, journal=journal, review=review)
    app.dispatch_event("on_key_press", arcade.key.ENTER, 0)
    pump(app, 3)
    assert app.current_view is not view
    back = getattr(app.current_view, "back", None)
    if callable(back):
        back()
        pump(app, 2)
        assert app.current_view is view


@pytest.mark.ui
def test_a_review_survives_a_tiny_window_and_an_empty_one(app, journal) -> None:  # type: ignore[no-untyped-def]
    review = durak_review(journal)
    try:
        for kw in ({"journal": journal, "review": review}, {},
                   {"review": Review("paodekuai", 0, unit=POINTS)}):
            view = _show(app, **kw)
            for w, h in ((1, 1), (300, 200), (1280, 800)):
                app.set_size(w, h)
                pump(app, 2)
            assert app.current_view is view
        assert any("no deal to review" in t for t in _show(app).drawn_texts())
    finally:
        app.set_size(1280, 800)
        app.dispatch_event("on_resize", 1280, 800)


def test_words_per_game_and_unit() -> None:
    from game.scenes.review_view import summary_text, value_text, verdict_sentence

    assert value_text("durak", CHANCE, 0.62) == "62% chance to win"
    assert value_text("dudak", CHANCE, 0.62) == "62% chance of not being the Dudák"
    assert value_text("paodekuai", POINTS, 3.24) == "+3.2 points expected"
    assert value_text("paodekuai", POINTS, -1.0) == "-1.0 points expected"
    v = Verdict(3, "play 3H", "pass", 1.0, 4.5, mistake=True)
    assert verdict_sentence(POINTS, v) == ("A mistake: the computer's move would have given "
                                           "you 3.5 points more.")
    assert verdict_sentence(CHANCE, Verdict(1, "take", "take", 0.4, 0.4)) == (
        "The computer agrees.")
    assert verdict_sentence(CHANCE, Verdict(1, "take", "take", 0.4, 0.4, forced=True)) == (
        "Only one move was possible here.")
    assert verdict_sentence(CHANCE, Verdict(1, "take", "stop", 0.4, 0.43)) == (
        "The computer prefers another move, but yours is about as good.")
    assert verdict_sentence(POINTS, Verdict(1, "pass", "play 4S", -1.0, -5.5)) == (
        "The computer would play another move, but yours looks at least as good.")
    one = Review("durak", 0, verdicts=[Verdict(0, "take", "stop", 0.5, 0.5, legal=2)])
    assert summary_text(one) == "1 decision · no mistakes · accuracy 100%"
    two = Review("durak", 0, verdicts=[*one.verdicts, Verdict(2, "take", "take", 0, 0,
                                                              forced=True)])
    assert summary_text(two) == "2 decisions (1 without a choice) · no mistakes · accuracy 100%"
    # each grade below good as the legend names it, worst first; "good" is not counted
    graded = Review("durak", 0, verdicts=[
        Verdict(0, "take", "stop", 0.5, 0.9, legal=2, grade="blunder", mistake=True),
        Verdict(1, "take", "stop", 0.5, 0.7, legal=2, grade="mistake", mistake=True),
        Verdict(2, "take", "stop", 0.5, 0.6, legal=2, grade="inaccuracy"),
        Verdict(3, "take", "stop", 0.5, 0.6, legal=2, grade="inaccuracy"),
        Verdict(4, "take", "stop", 0.5, 0.52, legal=2, grade="good"),
        Verdict(5, "take", "take", 0, 0, forced=True)])
    said = summary_text(graded)
    assert said.startswith("6 decisions (1 without a choice) · 1 blunder · 1 mistake · "
                           "2 inaccuracies · accuracy "), said


# ----- a review made while the page is open ---------------------------------------------------
class FakeJob:
    """The Job protocol: one more verdict at each poll (after ``wait`` polls)."""

    def __init__(self, review: Review, error_after: int | None = None) -> None:
        self.full = review
        self.made = Review(review.key, review.seat, unit=review.unit)
        self.polls = 0
        self.cancelled = False
        self.error_after = error_after
        self._error: str | None = None

    def poll(self) -> None:
        if self.done:
            return
        self.polls += 1
        if self.error_after is not None and len(self.made.verdicts) >= self.error_after:
            self._error = "the deal's journal is damaged at move 7"
            return
        self.made.verdicts.append(self.full.verdicts[len(self.made.verdicts)])
        if len(self.made.verdicts) == len(self.full.verdicts):
            self.made.complete = True

    @property
    def review(self) -> Review:
        return self.made

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.made.verdicts), len(self.full.verdicts)

    @property
    def done(self) -> bool:
        return self.made.complete or self.cancelled or self._error is not None

    @property
    def error(self) -> str | None:
        return self._error

    def cancel(self) -> None:
        self.cancelled = True


def _progress_text(view) -> str:  # type: ignore[no-untyped-def]
    return next(t for t in view.drawn_texts() if t.startswith("Reviewing your decisions"))


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The history's review cache (a dict, whether or not history has one yet)."""
    kept: dict[str, Any] = {}
    monkeypatch.setattr(history, "review_of", lambda deal_id: kept.get(deal_id),
                        raising=False)

    def store(deal_id: str, data: dict) -> bool:
        kept[deal_id] = data
        return True

    monkeypatch.setattr(history, "store_review", store, raising=False)
    return kept


@pytest.mark.ui
def test_a_job_fills_the_page_and_a_second_opening_is_instant(app, journal, cache) -> None:  # type: ignore[no-untyped-def]
    review = durak_review(journal)
    total = len(review.verdicts)
    job = FakeJob(review)
    view = _show(app, journal=journal, deal_id="b" * 32, job=job)
    first = _progress_text(view)
    assert view.buttons.by_name("cancel").visible
    pump(app, 2)
    second = _progress_text(view)
    assert first != second and second.endswith(f" of {total}")
    done = int(second.split("… ")[1].split(" of")[0])
    assert done == len(job.made.verdicts) and view.chart is not None
    assert len(view.chart.points) == done                # the points fill in as they come
    pump(app, total + 2)
    assert job.done and not view.running and not view.buttons.by_name("cancel").visible
    assert Review.from_dict(cache["b" * 32]).verdicts == review.verdicts
    assert any(t.startswith(f"{len(review.verdicts)} decisions") for t in view.drawn_texts())
    assert view.selected == next(i for i, v in enumerate(review.verdicts) if v.mistake)
    # the second opening: from the cache, no job
    started: list[bool] = []
    view2 = _show(app, journal=journal, deal_id="b" * 32, job=None)
    assert view2.job is None and not view2.running and not started
    assert view2.review is not None and view2.review.verdicts == review.verdicts
    assert not any(t.startswith("Reviewing") for t in view2.drawn_texts())
    # a cached review of another format is made again
    cache["b" * 32] = {**cache["b" * 32], "format": -1}
    job3 = FakeJob(review)
    view3 = _show(app, journal=journal, deal_id="b" * 32, job=job3)
    assert view3.job is job3 and job3.polls > 0


@pytest.mark.ui
def test_cancel_keeps_what_was_reviewed_and_an_error_is_a_sentence(  # type: ignore[no-untyped-def]
        app, journal, cache, monkeypatch) -> None:
    review = durak_review(journal)
    job = FakeJob(review)
    view = _show(app, journal=journal, deal_id="c" * 32, job=job)
    pump(app, 2)
    kept = len(job.made.verdicts)
    cancel = view.buttons.by_name("cancel")
    tap(app, cancel.cx, cancel.cy)
    assert job.cancelled and not view.running and view.stopped
    assert len(view.review.verdicts) == kept and len(view.chart.points) == kept
    assert any(f"(stopped: {kept} reviewed)" in t for t in view.drawn_texts())
    # an unfinished review is kept as such, and the next opening continues it
    part = Review.from_dict(cache["c" * 32])
    assert not part.complete and part.verdicts == job.made.verdicts
    asked: list[Any] = []

    def start(journal_: Any, seat: Any, level: str = "hard", cached: Any = None,
              **kw: Any) -> FakeJob:
        asked.append(cached)
        return FakeJob(review)
    import game.review.worker as worker
    monkeypatch.setattr(worker, "start_review", start)
    again = _show(app, journal=journal, deal_id="c" * 32)
    assert again.running and asked and asked[0].verdicts == part.verdicts
    bad = FakeJob(review, error_after=2)
    view = _show(app, journal=journal, deal_id="d" * 32, job=bad)
    pump(app, 4)
    assert ("The review stopped: the deal's journal is damaged at move 7"
            in view.drawn_texts())
    assert len(view.chart.points) == 2 and "d" * 32 not in cache
    # leaving a running review stops it
    job = FakeJob(review)
    view = _show(app, journal=journal, deal_id="e" * 32, job=job)
    view.back = lambda: None
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert job.cancelled
    assert not Review.from_dict(cache["e" * 32]).complete      # kept, to be continued


@pytest.mark.ui
def test_a_real_cache_when_history_has_one(app) -> None:  # type: ignore[no-untyped-def]
    if not hasattr(history, "store_review") or not hasattr(history, "review_of"):
        pytest.skip("history.store_review is not there yet")
    deal_id = _record_deal()
    journal = history.replay_of(deal_id)
    assert journal is not None
    review = durak_review(journal)
    job = FakeJob(review)
    _show(app, journal=journal, deal_id=deal_id, job=job)
    pump(app, len(review.verdicts) + 2)
    assert history.review_of(deal_id) is not None
    again = _show(app, journal=journal, deal_id=deal_id)
    assert again.job is None and again.review.verdicts == review.verdicts


# ----- History: Replay and Review on a past deal ------------------------------------------------
def _record_deal(seed: int = 5) -> str:
    from game.session import DealSession
    from game.store import outbox

    s = DealSession("durak", level="random", ai_seats=(0, 1), seed=seed, pace=lambda: 0.0)
    list(s.run())
    files.writer.flush()
    outbox.flush()
    return s.journal.deal_id


def _row_point(view, deal_id: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    top, low, _row = next(b for b in view.row_boxes if b[2].deal_id == deal_id)
    return _screen(view, view.content.center_x, (top + low) / 2)


@pytest.mark.ui
def test_history_opens_a_deal_as_replay_or_review(
        app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.history_view import HistoryView

    deal_id = _record_deal()
    history.record_deal("durak", "easy", 2, 30, "loss", 0.0, deal_id="0" * 32)  # no journal
    view = app.open("history", game="durak")
    pump(app, 2)
    until_read(app, view)
    assert isinstance(view, HistoryView)
    opened = _record(app, monkeypatch)
    assert "no replay" in view.drawn_texts() and "Open" in view.drawn_texts()
    # a drag over the row scrolls, it does not open the deal
    x, y = _row_point(view, deal_id)
    drag(app, x, y, x, y + 30)
    assert view.choice is None
    # a tap: the choice, then Replay
    x, y = _row_point(view, deal_id)
    tap(app, x, y)
    assert view.choice is not None and "Replay" in view.drawn_texts()
    replay = view.choice.buttons.by_name("replay")
    tap(app, replay.cx, replay.cy)
    name, kw = opened[-1]
    assert name == "replay" and kw["deal_id"] == deal_id and view.choice is None
    kw["back"]()                                   # back: History on the same tab
    assert opened[-1] == ("history", {"game": "durak", "back": None})
    # ... and Review, with the deal's journal
    tap(app, *_row_point(view, deal_id))
    review = view.choice.buttons.by_name("review")
    tap(app, review.cx, review.cy)
    name, kw = opened[-1]
    assert name == "review" and kw["deal_id"] == deal_id
    assert kw["journal"]["moves"] == history.replay_of(deal_id)["moves"]
    assert callable(kw["back"])
    # a deal kept from before replays says so
    tap(app, *_row_point(view, "0" * 32))
    assert any(t.startswith("There is no replay for this deal") for t in view.drawn_texts())
    n = len(opened)
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)     # Esc closes the choice
    assert view.choice is None and len(opened) == n
    # the other size fits too
    app.set_size(960, 600)
    app.dispatch_event("on_resize", 960, 600)
    until_read(app, view)                          # (laid out again a few rows a frame)
    tap(app, *_row_point(view, deal_id))
    for b in view.choice.buttons.buttons:
        assert b.w >= 48 and b.h >= 48 and b.label.text.content_width <= b.w - 6
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)


@pytest.mark.ui
def test_history_review_opens_the_real_review_view(app, cache) -> None:  # type: ignore[no-untyped-def]
    """Through the registry: the review view opens on the deal's journal (no worker in
    the way: the job is a fake one)."""
    from game.scenes import review_view

    deal_id = _record_deal(seed=7)
    journal = history.replay_of(deal_id)
    assert journal is not None
    cache[deal_id] = durak_review(journal).to_dict()
    view = app.open("history", game="durak")
    pump(app, 2)
    until_read(app, view)
    tap(app, *_row_point(view, deal_id))
    b = view.choice.buttons.by_name("review")
    tap(app, b.cx, b.cy)
    shown = app.current_view
    assert isinstance(shown, review_view.ReviewView) and shown.deal_id == deal_id
    assert shown.job is None and shown.review is not None
    shown.go_back()
    pump(app, 2)
    assert type(app.current_view).__name__ == "HistoryView" and app.current_view.game == "durak"


@pytest.mark.ui
def test_the_review_tells_what_most_often_followed_each_move(  # type: ignore[no-untyped-def]
        app, journal, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real review's sampled lines on the page, as the log tells them: the very lines
    ``cardclub review --json`` gives, replayed; another seat's cards never named.  Try
    the computer's move: a practice deal from the position after it, where its line
    starts."""
    from game.cli import review_json
    from game.review.analysis import review_deal
    from game.review.line import replayed, sentence
    from game.session.replay import journal_of
    from tests.test_review_line import LINE_QUICK

    review = review_deal(journal, overrides=LINE_QUICK)
    rows = review_json(review, 1)["decisions"]
    j = journal_of(journal)
    i = next(k for k, v in enumerate(review.verdicts)
             if not v.certain and not v.forced and v.line_played and v.line_best
             and v.played != v.best)
    v = review.verdicts[i]
    view = _show(app, journal=journal, deal_id="a" * 32, review=review)
    view.select(i)
    _fits(view)
    texts = view.drawn_texts()
    shown = [t for t in texts if t.startswith("Most often then: ")]
    expected = []
    for move, name in ((v.played, "line"), (v.best, "best_line")):
        got = replayed(j, review.seat, v.index, move, tuple(rows[i][name]))
        assert got is not None
        expected.append(sentence("durak", review.seat, got[0], got[1]))
    assert shown == expected
    assert all("Computer: " in t or "You " in t for t in shown)
    assert not any(NOTATION.search(t) for t in shown)
    # in another language, the same line in its words
    from game import i18n
    i18n.set_language("cs")
    try:
        view.relayout()
        assert sum(t.startswith("Nejčastěji pak: ") for t in view.drawn_texts()) == 2
    finally:
        i18n.set_language("en")
        view.relayout()
    opened = _record(app, monkeypatch)
    tried = view.buttons.by_name("try")
    assert tried.visible and tried.label.text.text == "Try the computer's move"
    tap(app, tried.cx, tried.cy)
    name, kw = opened[-1]
    assert name == "table" and kw["game"] == "durak"
    after = j.state_at(v.index)
    after.play(v.best)
    assert kw["session"].game.to_dict() == after.to_dict()
    assert kw["session"].practice
    # a decision where the move played was the computer's: nothing else to try
    same = next(k for k, w in enumerate(review.verdicts) if not w.forced and w.best == w.played)
    view.select(same)
    assert not view.buttons.by_name("try").visible
