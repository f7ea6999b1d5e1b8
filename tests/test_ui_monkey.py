"""A UI monkey: thousands of random taps, drags, wheel turns, keys and resizes across
every view in a real window.  Nothing may raise.  ``CARDCLUB_LONG=1`` runs ten times
as many."""
from __future__ import annotations

import os
import random

import arcade
import pytest

from game.app import CardClubWindow
from game.scenes import SCENES
from game.tools.drive import pump

pytestmark = pytest.mark.ui

EVENTS = 2400 * (10 if os.environ.get("CARDCLUB_LONG") else 1)
KEYS = [arcade.key.ESCAPE, arcade.key.TAB, arcade.key.ENTER, arcade.key.SPACE,
        arcade.key.LEFT, arcade.key.RIGHT, arcade.key.UP, arcade.key.DOWN, arcade.key.P,
        arcade.key.T, arcade.key.S, arcade.key.H, arcade.key.KEY_1, arcade.key.KEY_2,
        arcade.key.PAGEDOWN, arcade.key.HOME]
SIZES = [(1280, 800), (960, 600), (1600, 1000), (1024, 768), (960, 900), (1500, 620)]


def views() -> list[tuple[str, dict[str, object]]]:
    from game.scenes.menu import table_ready

    out: list[tuple[str, dict[str, object]]] = [("menu", {})]
    for game in ("durak", "paodekuai", "dudak", "autobus"):
        if table_ready(game):
            out.append(("table", {"game": game}))
    for name in ("rules", "history", "settings", "traditions"):
        if name in SCENES:
            out.append((name, {}))
    return out


def test_random_input_never_raises(app: CardClubWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "close", lambda: None)          # "Quit" must not end the run
    monkeypatch.setattr(app, "set_fullscreen", lambda *a, **k: None)
    rng = random.Random(20261201)
    targets = views()
    per_view = EVENTS // len(targets)
    seen = set()
    for name, kw in targets:
        app.open(name, **kw)
        pump(app, 2)
        for i in range(per_view):
            w, h = app.width, app.height
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            r = rng.random()
            if r < 0.55:
                app.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
                app.dispatch_event("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
            elif r < 0.75:
                x1, y1 = rng.uniform(0, w), rng.uniform(0, h)
                app.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
                for k in range(1, 5):
                    app.dispatch_event("on_mouse_drag", x + (x1 - x) * k / 4,
                                       y + (y1 - y) * k / 4, (x1 - x) / 4, (y1 - y) / 4,
                                       arcade.MOUSE_BUTTON_LEFT, 0)
                app.dispatch_event("on_mouse_release", x1, y1, arcade.MOUSE_BUTTON_LEFT, 0)
            elif r < 0.83:
                app.dispatch_event("on_mouse_scroll", x, y, 0, rng.choice([-3, -1, 1, 3]))
            elif r < 0.97:
                app.dispatch_event("on_key_press", rng.choice(KEYS), 0)
            else:
                size = rng.choice(SIZES)
                app.set_size(*size)
                app.dispatch_event("on_resize", *size)
            if i % 3 == 0:
                pump(app, 1)
            seen.add(type(app.current_view).__name__)
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)
    pump(app, 2)
    assert len(seen) >= len(targets)          # the monkey really went through every view
