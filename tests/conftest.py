"""Shared test set-up: a private data folder and silent sound for every test."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
# Belt and braces: even a test that undoes its CARDCLUB_HOME never reaches the player's
# real data folder (platformdirs follows XDG_DATA_HOME).
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="cardclub-tests-xdg-")
os.environ["CARDCLUB_BIND"] = "127.0.0.1"   # a table hosted from the window: loopback only
os.environ["LANGUAGE"] = "en"    # the UI tests read English; i18n tests switch it themselves


@pytest.fixture(autouse=True)
def _cardclub_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARDCLUB_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def window():  # type: ignore[no-untyped-def]
    """One real window for the whole session (Xvfb through pytest-xvfb)."""
    from game.app import CardClubWindow

    w = CardClubWindow(1280, 800, vsync=False, antialiasing=False)
    w._enable_event_queue = False
    yield w
    w.close()


@pytest.fixture
def app(window):  # type: ignore[no-untyped-def]
    """The window reset for a test: 1280x800, instant motion, computers move at once."""
    import arcade

    arcade.set_window(window)      # a test that opened and closed a window of its own
    if (window.width, window.height) != (1280, 800):
        window.set_size(1280, 800)
        window.dispatch_event("on_resize", 1280, 800)
    window.settings.animation_scale = 0.0
    window.settings.dim_illegal = True
    window.think_scale = 0.0
    window.sounds.played.clear()
    return window
