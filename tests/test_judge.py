"""One judge (issue 37): the hint, the review and their verdicts are one analysis.

The analysis of a position (game.review.analysis.Judge) is a function of the seat's
observation and the moves asked about alone: the hint at a position is the review's
best there, a second run agrees, the number of worker processes changes nothing.  The
settings here are small (the equality is structural: one seed rule, one function), so
the file stays fast.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.games import ORDER, spec
from game.review import analysis, tuning
from game.review.analysis import Judge, judge, play_deal, review_deal
from game.review.model import BEST, BLUNDER, GOOD, GRADES, INACCURACY, MISTAKE, Review
from game.review.seats import journal_levels
from game.review.tuning import grade
from game.rules import GAMES
from game.session import DealSession
from game.session import deal as deal_module

#: small settings: the hint's and the review's, the same
QUICK: dict[str, dict[str, Any]] = {
    key: {"samples": 4, "min_samples": 0, "iterations": 8, "candidates": 3,
          "rollout_moves": 60, "solve_nodes": 2000}
    for key in ORDER
}


def _players(key: str) -> dict[str, Any]:
    return {"players": 3} if 3 in spec(key).players_allowed and \
        len(spec(key).players_allowed) > 1 else {}


def random_position(key: str, seed: int) -> DealSession | None:
    """A deal of ``seed`` played on by random legal moves to a decision of the human's
    with two or more moves (None if the deal ended first)."""
    r = random.Random(seed)
    s = DealSession(key, level=r.choice(["easy", "normal", "hard"]), seed=seed,
                    options=_players(key), save=False, pace=lambda: 0.0)
    for _ in range(r.randrange(120)):
        if s.is_over:
            return None
        s.play(r.choice(s.game.legal_moves()))
    for _ in range(400):
        if s.is_over:
            return None
        if s.human_to_act and len(s.human_moves()) > 1:
            return s
        s.play(r.choice(s.game.legal_moves()))
    return None


@pytest.mark.parametrize("key", ORDER)
def test_the_hint_is_the_reviews_best_at_100_random_positions(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 100 random positions of each game the first Hint is the move the review's
    verdict calls best there (whatever was played), and the next press is another."""
    monkeypatch.setitem(deal_module.HINT_OVERRIDES, key, QUICK[key])
    s_review = analysis.settings(key, QUICK[key])
    positions = 0
    for seed in range(5000, 7000):
        s = random_position(key, seed)
        if s is None:
            continue
        hint = s.hint()
        legal = s.human_moves()
        assert hint is not None and hint in legal
        played = legal[random.Random(seed).randrange(len(legal))]
        v = judge(s.game.observation(s.human), legal, str(played), s.moves_played,
                  s.seed, "hard", s_review, levels=journal_levels(s.journal))
        assert v is not None
        assert analysis.same_move(key, v.best, str(hint)), (seed, v.best, hint)
        assert v.grade in GRADES
        if analysis.same_move(key, str(played), str(hint)):
            assert v.grade == BEST and not v.mistake
        positions += 1
        if positions == 100:
            break
    assert positions == 100


@pytest.mark.parametrize("key", ORDER)
def test_hint_equals_review_best_along_a_whole_deal(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal played by following the hint at every decision: its review (with the
    hint's settings) calls every decision best, never a loss."""
    monkeypatch.setitem(deal_module.HINT_OVERRIDES, key, QUICK[key])
    s = DealSession(key, level="normal", seed=4242, options=_players(key), save=False,
                    pace=lambda: 0.0)
    hints = 0
    for _ in range(2000):
        if s.is_over:
            break
        if s.human_to_act:
            move = s.hint()
            assert move is not None
            s.play(move)
            hints += 1
        else:
            s.advance(5.0)
    assert s.is_over and hints
    r = review_deal(s.journal, 0, overrides=QUICK[key])
    assert len(r.verdicts) == hints and r.complete
    for v in r.verdicts:
        assert v.forced or (v.agreed and v.grade == BEST and not v.mistake), v


def test_the_analysis_depends_on_the_position_only() -> None:
    """Two runs agree; the same observation reached in another deal (the seat's view
    the same) gives the same analysis; the candidates come best first."""
    j = play_deal("durak", 3, ["normal"])
    g = j.state_at(6)
    seat = g.current_player
    assert seat is not None
    s = analysis.settings("durak", QUICK["durak"] | {"samples": 12})
    a = Judge(g.observation(seat), g.legal_moves(), s).run()
    b = Judge(g.observation(seat), g.legal_moves(), s).run()
    assert a is not None and a == b
    values = [c.value for c in a.candidates]
    assert values == sorted(values, reverse=True) and a.candidates[0].se == 0.0


def test_the_anytime_judge_gives_what_the_whole_run_gives() -> None:
    """The table steps the judge a slice a frame: the same analysis as in one go."""
    j = play_deal("paodekuai", 7, ["normal"])
    g = j.state_at(5)
    seat = g.current_player
    assert seat is not None
    s = analysis.settings("paodekuai", QUICK["paodekuai"] | {"samples": 10})
    whole = Judge(g.observation(seat), g.legal_moves(), s).run()
    sliced = Judge(g.observation(seat), g.legal_moves(), s)
    steps = 0
    while not sliced.step(0.0):
        steps += 1
    assert steps > 1 and sliced.analysis == whole


def test_the_review_with_more_workers_gives_the_same_verdicts() -> None:
    j = play_deal("dudak", 5, ["easy", "normal"])
    one = review_deal(j, 0, overrides=QUICK["dudak"])
    two = review_deal(j, 0, overrides=QUICK["dudak"], workers=2)
    assert one.to_dict() == two.to_dict() and one.complete


def test_grades_follow_the_thresholds_and_the_noise() -> None:
    s = analysis.settings("durak", {"inaccuracy": 0.05, "threshold": 0.1, "blunder": 0.2,
                                    "z": 2.0})
    assert grade(0.0, 0.0, s) == BEST
    assert grade(0.06, 0.04, s) == BEST           # within two standard errors: as good
    assert grade(0.03, 0.01, s) == GOOD
    assert grade(0.07, 0.01, s) == INACCURACY
    assert grade(0.055, 0.01, s) == GOOD          # less one standard error: under 0.05
    assert grade(0.12, 0.01, s) == MISTAKE
    assert grade(0.3, 0.01, s) == BLUNDER
    assert grade(0.3, 0.2, s) == BEST
    assert grade(0.5, 0.0, s, certain=True) == BLUNDER


def test_a_review_knows_its_result_and_numbering() -> None:
    j = play_deal("durak", 9, ["easy", "normal"])
    r = review_deal(j, 0, overrides=QUICK["durak"])
    g = j.state_at(len(j.moves))
    result = g.result()
    assert result is not None and r.result == float(result[0]) and r.moves == len(j.moves)
    first, last = r.verdicts[0], r.verdicts[-1]
    assert r.number(first.index) == (1, len(r.verdicts), first.index + 1, len(j.moves))
    assert r.number(last.index)[:2] == (len(r.verdicts), len(r.verdicts))
    back = Review.from_dict(json.loads(json.dumps(r.to_dict())))
    assert back == r


def test_cli_review_json_has_one_object_per_decision(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    real = analysis.settings
    monkeypatch.setattr(analysis, "settings",
                        lambda key, overrides=None, players=None: real(
                            key, QUICK[key] | (overrides or {}), players))
    assert main(["review", "--game", "paodekuai", "--deal", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows, summary = data["decisions"], data["summary"]
    assert rows and summary["decisions"] == len(rows)
    assert summary["result"] is not None and summary["complete"]
    for k, row in enumerate(rows, 1):
        assert row["decision"] == k and row["decisions"] == len(rows)
        assert 1 <= row["move"] <= row["moves"] == summary["moves"]
        for field in ("played", "best", "candidates", "grade", "certain", "forced"):
            assert field in row
        if row["forced"]:
            assert row["value"] is None and row["candidates"] == [] and row["grade"] is None
        else:
            assert row["grade"] in GRADES and row["candidates"]
            assert row["candidates"][0]["move"] == row["best"] or \
                analysis.same_move("paodekuai", row["candidates"][0]["move"], row["best"])
            assert all({"move", "value", "se"} <= set(c) for c in row["candidates"])
    assert set(summary["grades"]) == set(GRADES)


def test_no_game_reads_the_seed_of_the_deal() -> None:
    """The same cards dealt under another deal number: the same analysis (the seed
    comes from the position, not the deal)."""
    cls = GAMES["durak"]
    g = cls.new(seed=12)
    d = g.to_dict()
    d["seed"] = 99
    other = cls.from_dict(d)
    seat = g.current_player
    assert seat is not None
    s = analysis.settings("durak", QUICK["durak"])
    if g.observation(seat) != other.observation(seat):
        pytest.skip("the observation carries the deal number")
    a = Judge(g.observation(seat), g.legal_moves(), s).run()
    b = Judge(other.observation(seat), other.legal_moves(), s).run()
    assert a == b


def test_a_level_may_decide_by_the_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """``final = "judge"``: the level's search thinks as it always did, then the judge
    values the search's top moves (the level's ``judge_*`` settings) and the search's
    choice stands unless the judge's best beats it beyond noise; ``judge_keep = false``:
    the judge's best whatever the margin.  (The level's search with fixed iterations
    here, so every decision is a function of the seeds.)"""
    from game.ai import levels, make_bot
    from game.review.analysis import _ranking

    table = levels("durak")
    small = {k: v for k, v in QUICK["durak"].items()}
    s = analysis.settings("durak", small)
    base = dict(table["hard"]) | {"iterations": 200} | {
        f"judge_{k}": v for k, v in small.items()}
    j = play_deal("durak", 6, ["normal"])
    kept = 0
    for i in (2, 5, 9, 13, 17):
        g = j.state_at(i)
        seat = g.current_player
        assert seat is not None
        obs, legal = g.observation(seat), g.legal_moves()
        search = make_bot("durak", "hard", seed=3, overrides={"iterations": 200, "final": ""})
        first = search.choose(obs, legal)
        want = Judge(obs, legal, s, order=_ranking(search, legal)).run()
        assert want is not None
        for keep in (True, False):
            monkeypatch.setitem(table, "hard", base | {"final": "judge", "judge_keep": keep})
            move = make_bot("durak", "hard", seed=3).choose(obs, legal)
            assert move in legal
            mine = want.find("durak", str(first))
            assert mine is not None                    # the search's choice is a candidate
            close = want.certain and str(first) == want.best or not want.certain and grade(
                want.candidates[0].value - mine.value, mine.se, s) == BEST
            if keep and close:
                assert move == first
                kept += 1
            else:
                assert str(move) == want.best or analysis.same_move("durak", str(move),
                                                                    want.best)
    assert kept >= 1


@pytest.mark.parametrize("key", ORDER)
def test_the_shipped_hard_level_decides_by_the_judge_in_slices(key: str) -> None:
    """Every game's hard level: its final choice by the judge, thought out a slice at a
    time as a table steps it (a legal move to play at every slice), and a decision that
    reaches ``judge_budget`` is final with the best known so far."""
    from game.ai import levels, make_bot
    from game.review.hard import JudgeBot

    assert levels(key)["hard"].get("final") == "judge"
    g = GAMES[key].new(seed=41, **_players(key))
    bot = make_bot(key, "hard", seed=5)
    assert isinstance(bot, JudgeBot)
    for _ in range(12):                         # a few decisions into the deal
        seat = g.current_player
        assert seat is not None
        obs, legal = g.observation(seat), g.legal_moves()
        bot.start(obs, legal)
        assert bot.best() in legal
        while not bot.step(0.005):
            assert bot.best() in legal
        move = bot.best()
        assert move in legal
        g.play(move)
    first = GAMES[key].new(seed=41, **_players(key))
    seat = first.current_player
    assert seat is not None
    tight = make_bot(key, "hard", seed=5, overrides={"judge_budget": 1e-9})
    legal = first.legal_moves()
    tight.start(first.observation(seat), legal)
    assert tight.step(10.0) and tight.best() in legal
    assert isinstance(tight, JudgeBot)
    assert tight.capped == (len(analysis.distinct(key, legal)) > 1)


def test_the_background_review_keeps_the_result_and_the_moves() -> None:
    from game.review.worker import start_review

    j = play_deal("paodekuai", 3, ["easy", "normal"])
    want = review_deal(j, 0, overrides=QUICK["paodekuai"])
    job = start_review(j.to_dict(), 0, mode="thread", overrides=QUICK["paodekuai"])
    assert job.review.moves == len(j.moves)
    job.wait(120)
    assert job.done and job.error is None
    assert job.review.result == want.result is not None
    assert job.review.to_dict() == want.to_dict()


def test_why_in_plain_words_names_the_patterns_of_each_game() -> None:
    """Each game's patterns (its spec's ``review_why``) in the player's language."""
    from game import i18n
    from game.review.analysis import why

    durak = {"seat": 0, "trump_suit": "S", "talon_size": 6, "hand": ["6S", "9H", "KD"]}
    # dropped on the calibration data (bench_review why): fired more on good moves (the
    # end of the deal, where the solver settles it, is in tests/test_why_patterns.py)
    assert why("durak", durak, "attack 6S", "attack 9H") == []
    assert why("durak", durak, "take", "defend 9H") == []
    assert why("durak", durak | {"hand": ["6S", "7S"]}, "attack 7S", "attack 6S") == []
    assert why("durak", durak, "attack 9H", "attack 9H") == []
    pdk = {"seat": 0, "hand": ["3S", "4H", "5D", "6C", "7S", "KD", "KH"]}
    assert why("paodekuai", pdk, "play 5D", "play KD KH") == [
        "This broke your straight of 5 cards."]
    dudak = {"seat": 0, "trumps": ["L", None, None, None], "hand": ["8L", "UH"]}
    assert why("dudak", dudak, "beat 8L", "beat UH") == []     # dropped on the data
    assert why("dudak", dudak, "take", "beat UH") == [
        "This took the cards though you could beat them."]
    assert why("autobus", {"seat": 0}, "end", "play 5S hand run1") == [
        "This ended the turn while a card could still be played."]
    try:
        i18n.set_language("cs")
        assert why("dudak", dudak, "take", "beat UH") == [
            "Tímto bereš karty, i když šly přebít."]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("key", ORDER)
def test_play_from_here_and_hint_gives_the_reviews_best(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's case: the review's best at a decision, then "Play from here" and Hint
    at that decision: the same move (the practice deal keeps the journal's levels)."""
    from game.session.replay import practice

    monkeypatch.setitem(deal_module.HINT_OVERRIDES, key, QUICK[key])
    j = play_deal(key, 42, ["easy", "normal", "random"], 3 if len(
        spec(key).players_allowed) > 1 else None)
    del j.moves[40:]                       # the first decisions are enough
    r = review_deal(j, 0, overrides=QUICK[key])
    checked = 0
    for v in r.verdicts:
        if v.forced:
            continue
        s = practice(j, v.index)
        hint = s.hint()
        assert hint is not None and analysis.same_move(key, str(hint), v.best), (v, hint)
        checked += 1
        if checked == 5:
            break
    assert checked


def test_the_chance_shown_is_stretched_then_shifted_and_its_error_follows() -> None:
    """Issue 37, a chance that means something: a game's ``stretch`` multiplies the
    play-outs' logit before its ``edge`` shifts it (Autobus: the play-outs were too
    timid about won and lost positions), and a standard error is carried through the
    curve's slope."""
    import math
    from dataclasses import replace

    from game.review.model import CHANCE

    base = analysis.Settings()
    s = replace(base, stretch=1.25, edge=0.2)
    assert analysis.shown(0.7, CHANCE, base) == 0.7                 # nothing set: as is
    want = 1 / (1 + math.exp(-(1.25 * math.log(0.7 / 0.3) + 0.2)))
    assert analysis.shown(0.7, CHANCE, s) == pytest.approx(want)
    assert analysis.shown(0.9, CHANCE, s) > 0.9 > analysis.shown(0.1, CHANCE, s) + 0.8
    h = 1e-6
    numeric = (analysis.shown(0.7 + h, CHANCE, s) - analysis.shown(0.7 - h, CHANCE, s)) / (2 * h)
    assert tuning.slope(0.7, CHANCE, s) == pytest.approx(numeric, rel=1e-4)
    shipped = analysis.settings("autobus")
    assert (shipped.stretch, shipped.edge) == (1.25, 0.2)


def test_a_curve_maps_the_play_outs_chance_to_the_chance_shown() -> None:
    """A game's ``curve`` (points fitted on the hard level's outcomes) replaces stretch
    and edge: it passes through its points, rises everywhere, carries a standard error
    through its slope; a damaged curve in the file is ignored; the hard level decides
    on the play-outs' own values whatever the curve."""
    from game.review.hard import JudgeBot
    from game.review.model import CHANCE

    pts = [[0.2, 0.3], [0.4, 0.65], [0.6, 0.9], [0.85, 0.97]]
    s = analysis.settings("durak", {"curve": pts, "edge": 3.0, "stretch": 2.0})
    assert s.curve == tuple(tuple(p) for p in pts)
    for raw, want in pts:
        assert analysis.shown(raw, CHANCE, s) == pytest.approx(want)
    grid = [k / 100 for k in range(1, 100)]
    values = [analysis.shown(q, CHANCE, s) for q in grid]
    assert all(b > a for a, b in zip(values, values[1:], strict=False))
    h = 1e-6
    for q in (0.1, 0.3, 0.5, 0.7, 0.95):          # off the points (the kinks)
        numeric = (analysis.shown(q + h, CHANCE, s) - analysis.shown(q - h, CHANCE, s)) / (2 * h)
        assert tuning.slope(q, CHANCE, s) == pytest.approx(numeric, rel=1e-4)
    for bad in ([[0.2, 0.3]], [[0.2, 0.3], [0.1, 0.5]], [[0.2, 0.5], [0.4, 0.4]],
                [[0.2, 1.0], [0.4, 0.5]], "up", [[0.2, "a"], [0.4, 0.5]]):
        assert analysis.settings("durak", {"curve": bad}).curve == \
            analysis.settings("durak").curve, bad
    bot = JudgeBot("durak", "hard", 1, {"judge_curve": pts, "iterations": 10})
    assert bot.s.curve == () and bot.s.edge == 0.0 and bot.s.stretch == 1.0


def test_the_fit_finds_the_map_the_outcomes_were_drawn_from() -> None:
    """``bench_review fit``: outcomes drawn from a known map of the raw chance are
    fitted back, by the logistic map and by the curve, and checked by halves."""
    import random

    from game.bench import bench_fit

    r = random.Random(5)
    true = bench_fit.logistic(2.0, 1.0)
    rows = []
    for d in range(300):
        raw = r.random()
        rows.append({"game": "durak", "level": "hard", "certain": False, "deal": d,
                     "played": raw, "result": float(r.random() < true(raw))})
    s, e = bench_fit.fit_logistic(rows)
    assert abs(s - 2.0) < 0.6 and abs(e - 1.0) < 0.6, (s, e)
    # Newton's answer, put on the settings' grid of 0.05, beats every point of a coarser
    # grid over the whole range (the search it replaced)
    assert round(s * 20, 6) % 1 == 0 and round(e * 20, 6) % 1 == 0
    fitted = bench_fit.log_loss(rows, bench_fit.logistic(s, e))
    assert all(fitted <= bench_fit.log_loss(rows, bench_fit.logistic(a / 4, b / 4)) + 1e-12
               for a in range(2, 13) for b in range(-12, 17))
    ys = bench_fit.fit_curve(rows)
    f = bench_fit.curve(bench_fit.KNOTS, ys)
    for q in (0.2, 0.5, 0.8):
        assert abs(f(q) - true(q)) < 0.12, q
    assert bench_fit.log_loss(rows, f) < bench_fit.log_loss(rows, lambda p: p)
    text = bench_fit.report("durak", rows[:120])
    assert "log-loss on the odd deals" in text and "curve = [[0.2, " in text
    assert bench_fit.report("dudak", rows) == "## dudak: no rows of the hard level"
    # a deal's decisions share its outcome: counted by deal, the interval is wider
    from game.tools.sim import wilson

    clustered = [{"deal": d, "result": float(d % 2), "played": 0.5}
                 for d in range(10) for _ in range(20)]
    lo, hi = bench_fit.by_deal(clustered)
    a, b = wilson(100, 200)
    assert lo < 0.5 < hi and hi - lo > 2 * (b - a)
    assert "[95%, by deal]" in text
    # K-fold by deal: every decision predicted by maps fitted without its deal
    folds = bench_fit.folds_report("durak", rows, 5)
    assert "5-fold check by deal (300 deals, 300 decisions)" in folds
    table = folds.split("\n")[2:5]
    got = {line.split(" | ")[0]: float(line.split(" | ")[1]) for line in table}
    assert set(got) == {"none", "logistic", "curve"}
    assert got["logistic"] < got["none"]           # the true map is not the identity
    assert "too few" in bench_fit.folds_report("durak", rows[:3], 5)


def test_a_table_size_may_have_settings_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """``[<key>.players.<n>]`` in levels/review.toml: two-player Autobus shows its
    chance by a map of its own (its play-outs are too sure where four players' are too
    timid); the review, the hint and the quiz all ask with the table's size."""
    from game.review import tuning

    two, four = analysis.settings("autobus", None, 2), analysis.settings("autobus", None, 4)
    assert (two.stretch, two.edge) == (0.6, 0.8)
    assert (four.stretch, four.edge) == (1.25, 0.2) == (
        analysis.settings("autobus").stretch, analysis.settings("autobus").edge)
    three = analysis.settings("autobus", None, 3)
    assert (three.stretch, three.edge) == (0.9, -0.4)                # its own
    assert analysis.settings("autobus", None, 5).stretch == 1.25     # none of its own
    assert two.samples == four.samples                                # the rest shared
    assert analysis.settings("autobus", {"edge": 0.0}, 2).edge == 0.0  # overrides last
    # a damaged table for a size is ignored
    monkeypatch.setattr(tuning, "_review_file", lambda: {
        "autobus": {"edge": 0.3, "players": {"2": "up", "3": {"edge": 0.1}}}})
    assert analysis.settings("autobus", None, 2).edge == 0.3
    assert analysis.settings("autobus", None, 3).edge == 0.1


def test_the_review_and_the_hint_judge_two_players_by_their_own_map() -> None:
    from game.review.model import CHANCE

    j = play_deal("autobus", 930400, ["easy", "normal"], players=2)
    over = QUICK["autobus"] | {"samples": 6}
    r = review_deal(j, 0, overrides=over)
    v = next(v for v in r.verdicts if not v.forced and v.candidates)
    g = j.state_at(v.index)
    a = Judge(g.observation(0), g.legal_moves(),
              analysis.settings("autobus", over, 2)).run()
    assert a is not None and a.candidates == v.candidates
    b = Judge(g.observation(0), g.legal_moves(), analysis.settings("autobus", over)).run()
    assert b is not None and b.best == a.best                 # the map never reorders
    assert [c.value for c in b.candidates] != [c.value for c in a.candidates]
    raw = 0.2
    assert analysis.shown(raw, CHANCE, analysis.settings("autobus", None, 2)) > raw
