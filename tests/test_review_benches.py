"""The benchmarks of issue 37's hard level and why-patterns run and print their tables
(tiny settings: their figures are measured by hand, docs/review.md)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.bench import bench_hard, bench_review, bench_why

QUICK = {"samples": 4, "min_samples": 0, "iterations": 8, "candidates": 2,
         "rollout_moves": 60, "solve_nodes": 0}


def test_the_hard_duel_counts_every_seat_and_times_decisions() -> None:
    quick = {"judge_samples": 4, "judge_min_samples": 0, "judge_search_budget": 0.005,
             "judge_solve_nodes": 0, "iterations": 30}
    new = ("hard", "hard", quick)
    old = ("hard-old", "hard", {"final": "", "iterations": 30})
    got = bench_hard.duel("durak", 1, 910000, [new, old])
    st = got["stats"]
    assert st["hard"].games == st["hard-old"].games == 2           # both seats of the deal
    assert st["hard"].wins + st["hard"].draws + st["hard"].losses == 2
    assert st["hard"].times and st["hard-old"].times
    text = bench_hard.report("durak", got, 1, 910000)
    assert "hard-old" in text and "win rate [95% CI]" in text and "think budget" in text
    # a three-seat game: the seat left over plays the default level
    three = bench_hard.duel("paodekuai", 1, 910000, [new, old], players=None)
    assert set(three["stats"]) == {"hard", "hard-old", "normal"}


def test_the_why_bench_counts_patterns_on_bad_and_good_moves(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the bench points CARDCLUB_HOME at a folder of its own: put back after the test
    monkeypatch.setenv("CARDCLUB_HOME", os.environ.get("CARDCLUB_HOME", str(tmp_path)))
    rows = bench_why.deal_rows(("durak", 930000, "easy", None, QUICK))
    assert rows and all(r["played"] != r["best"] for r in rows)
    assert {"grade", "patterns", "obs", "effects"} <= set(rows[0])
    made = [dict(r, grade="mistake", patterns=["A"], effects=[]) for r in rows[:3]] + \
           [dict(r, grade="best", patterns=["A", "B"], effects=["took"]) for r in rows[3:4]]
    text = bench_why.table("durak", made)
    assert "     3       1    0.75" in text and "     0       1    0.00" in text
    # the effects measured in the play-outs are counted beside the patterns
    assert "     0       1    0.00 [0.00, 0.79]  after: took" in text
    out = tmp_path / "rows.json"
    out.write_text(json.dumps(rows), encoding="utf-8")
    assert bench_review.main(["why", "--games", "durak", "--rows", str(out)]) == 0
    assert "precision" in capsys.readouterr().out
    assert bench_why.pattern_of("still had 6 cards.") == "still had N cards."


def test_calibration_rows_hold_the_play_outs_own_values_whatever_the_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``calibrate`` fits the map of levels/review.toml: its rows must not already pass
    through one (a stretch in the file once went into two-player Autobus's rows)."""
    from game.review import tuning

    def run(table: dict[str, Any]) -> list[dict[str, Any]]:
        monkeypatch.setattr(tuning, "_review_file", lambda: table)
        return bench_review.calibrate("durak", 1, 930000, dict(QUICK), ("easy",), check=0)

    plain = run({})
    # the deals played can be kept, to look at a row's position again
    kept: dict[str, Any] = {}
    again = bench_review.calibrate("durak", 1, 930000, dict(QUICK), ("easy",), check=0,
                                   journals=kept)
    assert list(kept) == ["durak:easy:930000"] and again == plain
    from game.session.replay import journal_of

    j = journal_of(kept["durak:easy:930000"])
    assert j.state_at(plain[0]["index"]).current_player == 0
    mapped = run({"durak": {"stretch": 3.0, "edge": 2.0,
                            "curve": [[0.2, 0.1], [0.8, 0.9]]}})
    assert plain and [r["played"] for r in mapped] == [r["played"] for r in plain]
    assert [r["se"] for r in mapped] == [r["se"] for r in plain]
    # ... and shown by the map in use afterwards (regrade)
    monkeypatch.setattr(tuning, "_review_file", lambda: {})
    shown = bench_review.regrade(plain, tuning.settings("durak", {"edge": 2.0}),
                                 tuning.CHANCE)
    moved = [(a["played"], b["played"]) for a, b in zip(plain, shown, strict=True)
             if not a["certain"] and 0.01 < a["played"] < 0.99]
    assert moved and all(b > a for a, b in moved)          # an edge of +2 shows more
