"""Kinds of position judged on a map of their own (issue 37: "the chance on the graph
is the chance they really had"): a game names them (Dudák: its last duel, where one
other seat alone still holds cards), ``[<key>.situations.<name>]`` of
levels/review.toml gives their settings; the review, the hint, the quiz and the
calibration all ask where the position is, and ``bench_review fit`` tells whether a
kind needs a map of its own.  (None ships one: held out, Dudák's duel is predicted
better by the game's one map; docs/review.md.)"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.bench import bench_review
from game.games import spec
from game.games.dudak.review import DUEL, situation
from game.review import analysis, tuning
from game.review.analysis import Judge, judge, play_deal
from game.review.model import CHANCE
from game.session.journal import Journal

QUICK: dict[str, Any] = {"samples": 6, "min_samples": 0, "iterations": 8, "candidates": 3,
                         "rollout_moves": 60}
#: a deal (easy seat 0, normal others) whose seat 0 decides 8 times in the last duel
DEAL = 930013


@pytest.fixture
def duel_map(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """levels/review.toml as shipped, with a map of its own for Dudák's duel."""
    shipped = tuning._review_file()
    own = {"stretch": 1.4, "edge": -0.3}
    table = shipped | {"dudak": shipped.get("dudak", {}) | {"situations": {DUEL: own}}}
    monkeypatch.setattr(tuning, "_review_file", lambda: table)
    return own


def _duel(seed: int = DEAL) -> tuple[Journal, int]:
    """The journal of ``seed`` and the first decision of seat 0 in the last duel."""
    j = play_deal("dudak", seed, ["easy", "normal"])
    for index, g in j.walk():
        if index == len(j.moves):
            break
        if g.current_player == 0 and len(g.legal_moves()) > 1 \
                and situation(g.observation(0)) == DUEL:
            return j, index
    raise AssertionError(f"deal {seed} has no decision of seat 0 in a duel")


def test_dudak_names_its_last_duel() -> None:
    assert spec("dudak").review_situation is not None
    assert situation({"seat": 0, "card_counts": [3, 0, 0, 5]}) == DUEL
    assert situation({"seat": 3, "card_counts": [3, 0, 0, 5]}) == DUEL
    assert situation({"seat": 0, "card_counts": [3, 2, 0, 5]}) is None     # three hold
    assert situation({"seat": 1, "card_counts": [3, 0, 0, 5]}) is None     # not this seat
    assert situation({"seat": 0, "card_counts": [8, 8, 8, 8]}) is None
    assert situation({"seat": 0}) is None                                   # damaged
    j, index = _duel()
    before = j.state_at(index - 1).observation(0)
    assert sum(1 for n in before["card_counts"] if n) >= 2
    assert tuning.situation_of("dudak", j.state_at(index).observation(0)) == DUEL
    assert tuning.situation_of("dudak", j.state_at(0).observation(0)) is None
    assert tuning.situation_of("durak", {"seat": 0, "card_counts": [3, 5]}) is None


def test_a_kind_of_position_may_have_settings_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert analysis.settings("dudak").situations == ()         # none shipped (see above)
    monkeypatch.setattr(tuning, "_review_file", lambda: {"dudak": {
        "stretch": 0.5, "edge": 0.7, "samples": 96, "situations": {"duel": {"edge": 0.2}}}})
    shipped = analysis.settings("dudak")
    duel = tuning.under(shipped, DUEL)
    assert (duel.stretch, duel.edge) == (0.5, 0.2)              # its own map
    assert duel.samples == shipped.samples and duel.situations == shipped.situations
    assert tuning.under(shipped, None) is shipped
    assert tuning.under(shipped, "nothing") is shipped
    assert analysis.settings("durak").situations == ()
    monkeypatch.setattr(tuning, "_review_file", lambda: {"dudak": {
        "stretch": 0.5, "edge": 0.7, "curve": [[0.2, 0.3], [0.8, 0.9]], "threshold": 0.1,
        "situations": {"duel": {"stretch": 1.4, "edge": -0.2, "threshold": 0.2,
                                "samples": "many"},
                       "broken": "x"}}})
    s = analysis.settings("dudak")
    assert [n for n, _ in s.situations] == ["duel"]             # a damaged table: none
    d = tuning.under(s, "duel")
    assert (d.stretch, d.edge, d.threshold, d.curve) == (1.4, -0.2, 0.2, ())
    assert d.samples == s.samples                     # a damaged value: the game's
    assert s.curve and s.threshold == 0.1             # the game's own kind keeps its own
    # overrides win in every kind (calibrate's rows keep the play-outs' own values)
    plain = tuning.under(analysis.settings("dudak", {"edge": 0.0, "stretch": 1.0,
                                                      "curve": []}), "duel")
    assert (plain.stretch, plain.edge, plain.curve, plain.threshold) == (1.0, 0.0, (), 0.2)
    assert analysis.shown(0.3, CHANCE, plain) == 0.3


def test_the_judge_shows_a_duel_by_its_own_map(monkeypatch: pytest.MonkeyPatch,
                                              duel_map: dict[str, Any]) -> None:
    j, index = _duel()
    g = j.state_at(index)
    obs, legal = g.observation(0), g.legal_moves()
    s = analysis.settings("dudak", QUICK)
    duel = tuning.under(s, DUEL)
    values = []
    for settings in (s, tuning.replace(s, situations=())):
        judged = Judge(obs, legal, settings)
        a = judged.run()
        assert a is not None and judged.partial is not None
        asked, vals, _n = judged.partial
        raw = {m: sum(v) / len(v) for m, v in zip(asked, vals, strict=True)}
        shown_by = duel if settings.situations else s
        for c in a.candidates:
            assert c.value == pytest.approx(analysis.shown(raw[c.move], CHANCE, shown_by))
        values.append(a)
    own, flat = values
    assert own.best == flat.best                                  # the map never reorders
    assert [c.value for c in own.candidates] != [c.value for c in flat.candidates]
    # the verdict of the review grades there by the duel's thresholds too
    worst = own.candidates[-1]
    assert worst.value < own.candidates[0].value
    tiny = {"inaccuracy": -3.0, "threshold": -2.0, "blunder": -1.0, "z": 0.0}  # any loss
    grades = []
    for name in (DUEL, "another"):
        monkeypatch.setattr(tuning, "_review_file", lambda n=name: {"dudak": {
            "situations": {n: tiny}}})
        v = judge(obs, legal, worst.move, index, 0, "hard", analysis.settings("dudak", QUICK))
        assert v is not None
        grades.append(v.grade)
    assert grades[0] == "blunder" and grades[1] != "blunder"


def test_calibration_rows_name_their_kind_of_position(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], duel_map: dict[str, Any]) -> None:
    rows = bench_review.calibrate("dudak", 1, DEAL, dict(QUICK), ("easy",), check=0)
    kinds = [r["situation"] for r in rows]
    assert DUEL in kinds and None in kinds
    j, index = _duel()
    assert next(r for r in rows if r["situation"] == DUEL)["index"] == index
    # fit --situation: the rows of that kind only (rows without the field: neither)
    fake = [r | {"level": "hard"} for r in rows] + [
        {**rows[0], "level": "hard", "deal": 1} | {"situation": DUEL}]
    del fake[-1]["situation"]
    out = tmp_path / "rows.json"
    out.write_text(json.dumps(fake), encoding="utf-8")
    for name, want in ((DUEL, kinds.count(DUEL)), ("none", kinds.count(None))):
        assert bench_review.main(["fit", "--games", "dudak", "--rows", str(out),
                                  "--situation", name]) == 0
        assert f"## dudak: {want} decisions" in capsys.readouterr().out
    # regrade shows a row by its kind's map
    s = analysis.settings("dudak")
    row = {**rows[0], "played": 0.3, "best": 0.3, "certain": False, "big_loss": None}
    a = bench_review.regrade([row | {"situation": DUEL}], s, CHANCE)[0]["played"]
    b = bench_review.regrade([row | {"situation": None}], s, CHANCE)[0]["played"]
    assert a == pytest.approx(analysis.shown(0.3, CHANCE, tuning.under(s, DUEL)))
    assert b == pytest.approx(analysis.shown(0.3, CHANCE, s)) and a != b


def test_the_fit_tells_whether_a_kind_needs_a_map_of_its_own() -> None:
    """``bench_review fit --folds K`` on rows that name their kind: one map for all
    against a map per kind, both held out by deal; where the kinds' outcomes were drawn
    from different maps, a map per kind predicts better."""
    import random

    from game.bench import bench_fit

    r = random.Random(8)
    truth = {None: bench_fit.logistic(2.0, 1.0), DUEL: bench_fit.logistic(0.5, -1.0)}
    rows = []
    for d in range(400):
        kind = DUEL if d % 2 else None
        raw = r.random()
        rows.append({"game": "dudak", "level": "hard", "certain": False, "deal": d,
                     "played": raw, "result": float(r.random() < truth[kind](raw)),
                     "situation": kind})
    odd = {k: v for k, v in rows[0].items() if k != "situation"} | {"deal": 999}
    text = bench_fit.kinds_report("dudak", [*rows, odd], 5)
    assert "(400 deals, 400 decisions)" in text          # a row without a kind: left out
    lines = {ln.split(" | ")[0]: ln.split(" | ")[1:] for ln in text.split("\n")[2:]}
    assert set(lines) == {"logistic, one", "logistic, per kind", "curve, one",
                          "curve, per kind"}
    assert float(lines["logistic, per kind"][0]) < float(lines["logistic, one"][0])
    assert "nothing to split" in bench_fit.kinds_report(
        "dudak", [x for x in rows if x["situation"] is None], 5)


def test_a_gap_is_shown_through_the_maps_bends() -> None:
    """A standard error of a gap between two moves is carried by the map's secant
    between their values, not by its slope at one of them: across a curve's bend (the
    Dudák curve is nearly flat between two steep pieces) the slope at one end says
    little about the gap."""
    from game.review.traits import paired_se as _paired_se

    pts = [[0.05, 0.3], [0.15, 0.5], [0.6, 0.55], [0.9, 0.85]]
    s = analysis.settings("dudak", {"curve": pts})
    a, b = 0.5, 0.1
    k = tuning.secant(a, b, CHANCE, s)
    assert k == pytest.approx((analysis.shown(a, CHANCE, s) - analysis.shown(b, CHANCE, s))
                              / (a - b))
    assert tuning.slope(a, CHANCE, s) < k < tuning.slope(b, CHANCE, s)
    assert tuning.secant(0.3, 0.3, CHANCE, s) == tuning.slope(0.3, CHANCE, s)
    # the judge's candidates carry their error so
    j, index = _duel()
    g = j.state_at(index)
    judged = Judge(g.observation(0), g.legal_moves(), tuning.replace(s, **QUICK))
    got = judged.run()
    assert got is not None and judged.partial is not None
    asked, vals, _n = judged.partial
    raw = {m: sum(v) / len(v) for m, v in zip(asked, vals, strict=True)}
    top = got.candidates[0].move
    for c in got.candidates[1:]:
        i, t = asked.index(c.move), asked.index(top)
        want = _paired_se(vals[t], vals[i]) * tuning.secant(raw[top], raw[c.move],
                                                             CHANCE, judged.s)
        assert c.se == pytest.approx(want, abs=1e-8)
    # ... and regrade shows a re-counted gap from the best's value down
    row = {"game": "dudak", "level": "easy", "deal": 1, "index": 0, "played": 0.1,
           "best": 0.5, "loss": 0.4, "se": 0.05, "grade": "mistake", "certain": False,
           "result": 0.0, "big_loss": 0.3, "big_se": 0.02, "situation": None}
    out = bench_review.regrade([row], s, CHANCE)[0]
    assert out["loss"] == pytest.approx(analysis.shown(0.5, CHANCE, s)
                                        - analysis.shown(0.1, CHANCE, s))
    assert out["big_loss"] == pytest.approx(analysis.shown(0.5, CHANCE, s)
                                            - analysis.shown(0.2, CHANCE, s))

