"""``cardclub bench rlcard``: our Pao De Kuai engine beside RLCard's Dou Di Zhu engine.

RLCard is an optional benchmark extra: these tests pass without it (they hide it when it
is installed) and check the RLCard side only where it is there (skipped otherwise).
"""
from __future__ import annotations

import sys

import pytest

from game.bench import bench_rlcard


@pytest.fixture
def no_rlcard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rlcard", None)     # import rlcard fails


def test_without_rlcard_the_section_says_so_and_measures_our_engine(no_rlcard: None) -> None:
    assert not bench_rlcard.rlcard_available()
    r = bench_rlcard.compare(seconds=0.05, rounds=1)
    assert r["rlcard"] is False and "ratio" not in r
    assert set(r["engines"]) == {"ours play", "ours _apply"}
    for e in r["engines"].values():
        assert e["games_per_s"] > 0 and e["moves_per_s"] > e["games_per_s"]
        assert 16 <= e["moves_per_game"] <= 400


def test_bench_rlcard_command_reports_rlcard_missing(no_rlcard: None,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from game.bench.bench import main

    assert main(["rlcard", "--seconds", "0.05", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "RLCard is not installed" in out
    assert "Pao De Kuai play()" in out and "games/s" in out and "ratio" not in out


def test_both_paths_of_our_engine_play_the_same_random_deal() -> None:
    """play() and _apply() take the same random moves: the same deal, the same length."""
    play, apply = bench_rlcard.ours("play"), bench_rlcard.ours("_apply")
    lengths = [play(seed) for seed in range(5)]
    assert lengths == [apply(seed) for seed in range(5)]
    assert all(16 <= n <= 400 for n in lengths)


def test_with_rlcard_the_ratio_is_reported() -> None:
    """With the ``bench`` extra (``.ci/test`` installs it) RLCard is there to compare
    with; a plain ``pip install -e '.[test]'`` skips this one."""
    pytest.importorskip("rlcard", reason="RLCard is optional: pip install -e '.[bench]'")
    r = bench_rlcard.compare(seconds=0.05, rounds=1, env=False)
    assert r["rlcard"] is True and r["engines"]["rlcard game"]["games_per_s"] > 0
    e = r["engines"]
    assert r["ratio"]["play / rlcard game"] == pytest.approx(
        e["ours play"]["games_per_s"] / e["rlcard game"]["games_per_s"])
