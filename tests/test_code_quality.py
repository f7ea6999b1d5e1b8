"""House rules that are cheap to check: lint clean, strict types over the whole package."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "game", "tests"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_on_the_whole_game_package() -> None:
    """``mypy --strict`` over every module of ``game`` (``[tool.mypy] files`` in
    pyproject.toml), the views and tools as much as the rules and the AI."""
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _core_files() -> list[Path]:
    """The rules and the AI: the shared packages and every game module but its table."""
    files = [f for folder in ("game/rules", "game/ai") for f in (ROOT / folder).rglob("*.py")]
    games = [f for f in (ROOT / "game/games").rglob("*.py") if f.name != "table.py"]
    assert len(games) >= 4 * 5, games                    # rules, infer, layout, bots, spec
    return files + games


def test_rules_and_ai_never_import_arcade_or_pyglet() -> None:
    for f in _core_files():
        for line in f.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                assert words[1].split(".")[0] not in ("arcade", "pyglet"), (f, line)
