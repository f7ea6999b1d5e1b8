"""The ladder random < easy < normal < hard in every game, with small counts, and the
``cardclub sim`` tournament (seat rotations, Wilson intervals, decision times).

Fixed seeds and, for the search level, a fixed iteration count make every figure here
reproducible; the benchmark-sized runs are in the README's AI section.
"""
from __future__ import annotations

import json

import pytest

from game.cli import main
from game.rules import GAMES
from game.tools.sim import tournament, wilson

#: one seat of the stronger level against the weaker one in every other seat
PLAYERS = {"durak": None, "paodekuai": None, "dudak": None, "autobus": 2}
FAST_HARD = {"hard": {"iterations": 30}}
#: Autobus walks plan every own turn; two sampled deals a decision keep this test quick
#: (the planner's choice then stands, so this guards the planner and its search setup)
FAST_BUS = {"hard": {"iterations": 2}}
#: Dudák's search iterations are cheap (a lean simulator); a few more deals make the
#: small count meaningful.  With 60 iterations (the level runs about 1,300) the hard
#: level's tree over its own moves scored the fair share here, 36 of 48; with 200, 38
FAST_DUDAK = {"hard": {"iterations": 200}}


def _rate(game: str, strong: str, weak: str, deals: int) -> tuple[float, float]:
    """The stronger level's share of the deals (a draw shared by all) and its fair share;
    Autobus deals between weak levels mostly end drawn, so there: its share of the
    reserve cards left."""
    cls = GAMES[game]
    n = PLAYERS[game] or cls.players_allowed[0]
    r = tournament(game, deals, [strong] + [weak] * (n - 1), PLAYERS[game], seed=500,
                   overrides={"autobus": FAST_BUS, "dudak": FAST_DUDAK}.get(game, FAST_HARD))
    top, low = r.by_level()
    assert top.level == strong and top.games == deals * n
    if game == "autobus":
        return low.points / (top.points + low.points - 1e-9), r.fair
    return (top.wins + top.draws / n) / top.games, r.fair


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ladder_each_level_beats_the_one_below(game: str) -> None:
    slow = game in ("autobus", "dudak")           # random play drags these deals on
    for strong, weak, deals in (("easy", "random", 3 if slow else 12),
                                ("normal", "easy", 6 if slow else 24)):
        rate, fair = _rate(game, strong, weak, deals)
        assert rate > fair, (game, strong, weak, rate)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ladder_hard_beats_normal(game: str) -> None:
    # the hard level as shipped: its search (the fixed iterations above) and its final
    # choice by the judge (issue 37).  With the judge, Durak's 4 deals and Dudák's 12
    # scored exactly the fair share (4 of 8, 36 of 48: at these counts the search alone
    # had won by a game or two); 20 and 24 deals: 0.60 and 0.82 (alone: 0.73, 0.84)
    deals = {"autobus": 3, "dudak": 24, "durak": 20}.get(game, 5)
    rate, fair = _rate(game, "hard", "normal", deals)
    assert rate > fair, (game, rate)


def test_wilson_interval() -> None:
    lo, hi = wilson(80, 100)
    assert lo == pytest.approx(0.7112, abs=1e-3) and hi == pytest.approx(0.8666, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_tournament_rotates_every_deal_through_every_seat() -> None:
    r = tournament("paodekuai", 3, ["normal", "greedy"], seed=4)
    d = r.to_dict()
    assert d["games"] == 9 and [s["level"] for s in d["seats"]] == ["normal", "greedy",
                                                                    "normal"]
    levels = {s["level"]: s for s in d["levels"]}
    assert levels["normal"]["games"] == 18 and levels["greedy"]["games"] == 9
    # one player goes out first in every game
    assert sum(s["wins"] for s in d["seats"]) == 9
    # points are zero-sum in Pao De Kuai
    assert sum(s["mean_points"] * s["games"] for s in d["seats"]) == pytest.approx(0, abs=0.1)
    for s in d["levels"]:
        assert s["decisions"] > 0 and 0 <= s["ms_mean"] <= s["ms_p95"] <= s["ms_max"]
        lo, hi = s["win_ci95"]
        assert lo <= s["win_rate"] <= hi


def test_rotation_makes_a_level_against_itself_fair() -> None:
    d = tournament("durak", 6, ["greedy", "greedy"], seed=1).to_dict()
    a, b = d["seats"]
    # a deterministic level meets each deal from both seats: the two entries tie exactly
    assert a["wins"] == b["wins"] and a["draws"] == b["draws"] and a["games"] == 12


def test_cli_seats_json_reports_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "dudak", "--deals", "2", "--seats", "normal,greedy", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["game"] == "dudak" and d["games"] == 8 and d["loss_label"] == "dudák"
    assert {s["level"] for s in d["levels"]} == {"normal", "greedy"}
    assert sum(s["losses"] for s in d["levels"]) == 8            # one Dudák per game
    for s in d["levels"]:
        assert {"win_rate", "win_ci95", "loss_rate", "ms_mean", "ms_p95", "ms_max"} <= set(s)


def test_cli_text_names_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "autobus", "--deals", "1", "--players", "3",
                 "--seats", "naive,normal"]) == 0
    out = capsys.readouterr().out
    assert "win rate [95% CI]" in out and "p95" in out and "naive" in out
