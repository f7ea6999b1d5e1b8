"""``cardclub bench lookahead``: the Hospodský autobus hidden-card measurement (the
README's evidence for the four-player target) shuffles exactly what it is not told."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from game.games.autobus.heuristic import AutobusHeuristic
from game.games.autobus.lookahead import HIDDEN, Lookahead, parse_know, reshuffle
from game.rules import GAMES, Rng


def _midgame(players: int = 4, seed: int = 11003, moves: int = 60) -> Any:
    g = GAMES["autobus"].new(seed=seed, players=players)
    bot = AutobusHeuristic("autobus", "normal", 0, {})
    for _ in range(moves):
        s = g.current_player
        g.play(bot.decide(g.observation(s), g.legal_moves()))
    assert not g.is_over
    return g


def _cards(g: Any) -> Counter[str]:
    c: Counter[str] = Counter()
    for group in (g.hands, g.reserves, g.runs, [g.stock, g.completed]):
        for cards in group:
            c.update(cards or [])
    for piles in g.aux:
        for p in piles:
            c.update(p)
    return c


def _groups(g: Any, seat: int) -> dict[str, Any]:
    return {"hands": [h for s, h in enumerate(g.hands) if s != seat],
            "stock": g.stock,
            "reserves": [r[:-1] for r in g.reserves]}


@pytest.mark.parametrize("know", ["none", "hands", "stock", "reserves", "hands,stock", "all"])
def test_reshuffle_keeps_the_seats_view_and_what_it_is_told(know: str) -> None:
    g = _midgame()
    seat = g.current_player                       # its legal moves are its view's
    told = parse_know(know)
    before = g.to_dict()
    changed = set()
    for k in range(4):
        w = reshuffle(g, seat, Rng(k), told)
        assert w.observation(seat) == g.observation(seat)
        assert _cards(w) == _cards(g)
        for name, cards in _groups(w, seat).items():
            if name in told:
                assert cards == _groups(g, seat)[name]
            elif cards != _groups(g, seat)[name]:
                changed.add(name)
        assert w.legal_moves() == g.legal_moves()
    assert g.to_dict() == before                  # the true deal is left alone
    assert changed == set(HIDDEN) - told          # every group not told was shuffled


def test_parse_know_names_the_groups_and_refuses_others() -> None:
    assert parse_know("all") == frozenset(HIDDEN)
    assert parse_know("none") == frozenset()
    assert parse_know("stock, hands") == {"stock", "hands"}
    with pytest.raises(ValueError, match="unknown card group trumps"):
        parse_know("hands,trumps")


def test_a_lookahead_of_one_candidate_plays_the_planners_choice() -> None:
    g = _midgame(players=2, seed=11001, moves=15)
    seat = g.current_player
    me = Lookahead(seat, frozenset(HIDDEN), samples=1, width=1, rng=Rng(1))
    plans = me._plans(g)
    assert len(plans) > 1
    assert me.decide(g) == max(plans, key=lambda m: plans[m][0])


def test_a_deeper_lookahead_plays_the_seats_next_turn_in_every_world(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Depth 2: each candidate's round is followed, in the same world, by a round for
    each of the planner's best plans at the seat's next turn, and the candidate scores
    the best of them; depth 1 scores the next turn itself."""
    g = _midgame(moves=46)                    # the seat has nine plans there
    seat = g.current_player
    scored: list[tuple[int, int]] = []        # (depth left, turn) of every scored world
    for depth in (1, 2):
        me = Lookahead(seat, frozenset(HIDDEN), samples=1, width=3, rng=Rng(1),
                       depth=depth)
        value = me._value

        def spy(w: Any, value: Any = value, depth: int = depth) -> float:
            scored.append((depth, w.turn))
            v: float = value(w)
            return v

        monkeypatch.setattr(me, "_value", spy)
        plans = me._plans(g)
        assert len(plans) >= 3
        me.decide(g)
    one = [t for d, t in scored if d == 1]
    two = [t for d, t in scored if d == 2]
    assert len(one) == 3                      # one world, three candidates
    assert len(two) > len(one)                # each candidate: several next-turn plans
    assert min(two) > max(one)                # scored a whole round later


def test_bench_lookahead_command_plays_every_seat_and_reports_the_rate(
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.bench.bench import main

    assert main(["lookahead", "--deals", "1", "--players", "2", "--know", "all",
                 "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 2 and r["wins"] + r["draws"] + r["losses"] == 2
    assert 0.0 <= r["interval"][0] <= r["win_rate"] <= r["interval"][1] <= 1.0
    assert main(["lookahead", "--deals", "1", "--players", "2", "--know", "hands",
                 "--samples", "2", "--width", "2"]) == 0
    out = capsys.readouterr().out
    assert "told hands, on 2 sampled deals" in out and "of 2 =" in out
    assert main(["lookahead", "--deals", "1", "--players", "2", "--know", "all",
                 "--depth", "2", "--width", "2"]) == 0
    assert "two-round lookahead (told every card" in capsys.readouterr().out


def test_bench_lookahead_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    from game.bench.bench import main

    for argv in (["--know", "trumps"], ["--players", "5"], ["--samples", "0"],
                 ["--depth", "0"]):
        with pytest.raises(SystemExit) as e:
            main(["lookahead", *argv])
        assert e.value.code == 2
    err = capsys.readouterr().err
    assert "unknown card group trumps" in err and "2 to 4 players" in err


def test_bench_main_runs_lookahead_and_ai_in_a_temporary_data_folder(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    from game.bench import bench
    from game.games.autobus import lookahead as bench_autobus

    outer = os.environ.get("CARDCLUB_HOME")
    seen: list[str] = []

    def fake(*args: Any, **kw: Any) -> dict[str, Any]:
        seen.append(os.environ["CARDCLUB_HOME"])
        raise SystemExit(0)

    monkeypatch.setattr(bench_autobus, "lookahead", fake)
    monkeypatch.setattr(bench, "ai_times", fake)
    for argv in (["lookahead"], ["ai"]):
        with pytest.raises(SystemExit):
            bench.main(argv)
    assert len(seen) == 2
    for home in seen:
        assert home != outer and "cardclub-tool-" in home
        assert not os.path.exists(home)           # removed afterwards
    assert os.environ.get("CARDCLUB_HOME") == outer
