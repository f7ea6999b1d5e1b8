"""Driving the real window from tests: frames, taps, drags (all real mouse events)."""
from __future__ import annotations

import arcade

from game.tools.drive import pump

LEFT = arcade.MOUSE_BUTTON_LEFT


def tap(window: arcade.Window, x: float, y: float, frames: int = 2) -> None:
    window.dispatch_event("on_mouse_press", x, y, LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, LEFT, 0)
    pump(window, frames)


def drag(window: arcade.Window, x0: float, y0: float, x1: float, y1: float,
         steps: int = 8) -> None:
    window.dispatch_event("on_mouse_press", x0, y0, LEFT, 0)
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        window.dispatch_event("on_mouse_drag", x, y, (x1 - x0) / steps, (y1 - y0) / steps,
                              LEFT, 0)
        pump(window, 1)
    window.dispatch_event("on_mouse_release", x1, y1, LEFT, 0)
    pump(window, 2)


def card_point(view, card: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """A point on the visible strip of a hand card (its left edge; the fan overlaps)."""
    sp = view.sprite_of(card)
    return sp.center_x - view.layout.card_w / 2 + 5, sp.center_y
