"""Shared test set-up: a private data folder and silent sound for every test."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")


@pytest.fixture(autouse=True)
def _cardclub_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARDCLUB_HOME", str(home))
    return home
