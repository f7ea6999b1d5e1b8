"""Tools never touch the player's data folder (issue 14: ``--smoke`` and ``shots`` deleted
the saved deal).  Each tool runs as a subprocess with ``CARDCLUB_HOME`` pointing at a
folder of known files; afterwards every file is there with the same bytes and mtime."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import files, history, settings
from tests.store_helpers import play_moves

ROOT = Path(__file__).resolve().parent.parent


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _player_folder(home: Path) -> dict[str, tuple[bytes, int]]:
    """A data folder as a player leaves it: a deal in progress in every game, settings,
    a history, and a stale temp file that only the game itself may clean up."""
    for key in ("durak", "paodekuai", "dudak", "autobus"):
        play_moves(key, 5)
    settings.save(settings.Settings(volume=0.3, levels={"durak": "hard"}))
    history.record_deal("durak", "hard", 2, 40, "win", 1.0, deal_id="9" * 32)
    (home / "saves" / "durak.json.abc123.tmp").write_bytes(b"half a save")
    snap = _snapshot(home)
    assert {"saves/durak.json", "settings.json", "history.sqlite3"} <= set(snap)
    return snap


def _run_tool(args: list[str], home: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CARDCLUB_HOME": str(home), "ARCADE_SOUND_BACKENDS": "silent",
           "TMPDIR": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "game.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def test_temporary_home_points_elsewhere_and_cleans_up(_cardclub_home: Path) -> None:
    with files.temporary_home() as tmp:
        assert files.home() == tmp != _cardclub_home
        (tmp / "x").write_text("x")
    assert files.home() == _cardclub_home
    assert not tmp.exists()


@pytest.mark.ui
def test_smoke_leaves_the_players_data_folder_untouched(_cardclub_home: Path,
                                                        tmp_path: Path) -> None:
    before = _player_folder(_cardclub_home)
    r = _run_tool(["--smoke"], _cardclub_home, tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    assert "smoke:" in r.stdout
    assert _snapshot(_cardclub_home) == before


@pytest.mark.ui
def test_shots_leave_the_players_data_folder_untouched(_cardclub_home: Path,
                                                       tmp_path: Path) -> None:
    before = _player_folder(_cardclub_home)
    out = tmp_path / "shots"
    r = _run_tool(["shots", "--out", str(out), "--games", "durak", "--size", "960x600"],
                  _cardclub_home, tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    assert (out / "durak_result.png").exists()   # it played and surrendered a deal
    assert _snapshot(_cardclub_home) == before


def test_bench_engines_leaves_the_players_data_folder_untouched(_cardclub_home: Path,
                                                                tmp_path: Path) -> None:
    before = _player_folder(_cardclub_home)
    r = _run_tool(["bench", "engines", "--seconds", "0.05"], _cardclub_home, tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    assert _snapshot(_cardclub_home) == before
