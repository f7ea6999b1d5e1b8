"""`cardclub sim`: bot tournaments report per-seat figures."""
from __future__ import annotations

import json
import subprocess
import sys

from game.cli import main
from game.tools.sim import simulate


def test_sim_reports_every_deal() -> None:
    r = simulate("durak", deals=50, seed=3)
    d = r.to_dict()
    assert d["deals"] == 50
    for s in d["seats"]:
        assert s["wins"] + s["losses"] + s["draws"] == 50
    assert d["seats"][0]["wins"] == d["seats"][1]["losses"]
    assert d["deals_per_second"] > 0


def test_sim_is_reproducible_from_seed() -> None:
    a = simulate("durak", deals=20, seed=9).to_dict()
    b = simulate("durak", deals=20, seed=9).to_dict()
    assert a["seats"] == b["seats"] and a["moves"] == b["moves"]


def test_heuristic_beats_random_clearly() -> None:
    d = simulate("durak", deals=200, seed=1, levels=["normal", "random"]).to_dict()
    share = d["seats"][0]["win_share"]
    assert share - d["seats"][0]["win_share_ci95"] > 0.8


def test_cli_json_output(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["sim", "durak", "--deals", "10", "--seed", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["game"] == "durak" and len(d["seats"]) == 2


def test_cli_text_output_as_a_process() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "sim", "durak", "--deals", "5"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "deals/s" in out.stdout and "wins" in out.stdout


def test_cli_rejects_bad_arguments() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "sim", "durak", "--levels", "nope"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unknown level" in out.stderr


def test_a_missing_levels_file_falls_back_to_built_in_levels(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game import resources
    from game.ai import level_file, make_bot

    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    level_file.cache_clear()
    try:
        bot = make_bot("durak", "normal", seed=1)
        assert bot.level == "normal" and type(bot).__name__ == "DurakHeuristic"
    finally:
        level_file.cache_clear()


def test_dudak_report_counts_how_often_each_seat_was_the_dudak() -> None:
    r = simulate("dudak", deals=6, seed=1)
    d = r.to_dict()
    assert d["loss_label"] == "dudák" and "dudák" in r.text()
    assert sum(s["losses"] for s in d["seats"]) == 6      # exactly one Dudák per deal


def test_jobs_split_the_deals_and_give_the_same_counts(capsys) -> None:  # type: ignore[no-untyped-def]
    """``--jobs`` shares the deals among processes; the summed report equals one run's."""
    args = ["sim", "paodekuai", "--deals", "5", "--seed", "40", "--seats", "normal,greedy",
            "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert two["games"] == one["games"] == 15 and two["moves"] == one["moves"]
    for key in ("seats", "levels"):
        for a, b in zip(one[key], two[key], strict=True):
            for field in ("level", "games", "wins", "draws", "losses", "mean_points",
                          "decisions"):
                assert a[field] == b[field], (key, field)
