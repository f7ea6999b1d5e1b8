"""Driving a real window frame by frame, without ``arcade.run()``: what the tests, the smoke
run and the screenshot tool do instead of waiting for the event loop."""
from __future__ import annotations

import arcade


def pump(window: arcade.Window, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run frames by hand (tests and the smoke run): events, update, draw, flip."""
    for _ in range(frames):
        window.dispatch_events()
        window.dispatch_event("on_update", dt)
        window.dispatch_event("on_draw")
        window.flip()


def click(window: arcade.Window, x: float, y: float) -> None:
    """A real left-button press and release at (x, y)."""
    window.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
