"""The start-up probe: ``CARDCLUB_FIRST_FRAME=1`` makes a normal run print when its first
frame is on screen and quit (``cardclub bench startup``, ``.ci/check-exe``);
``CARDCLUB_FIRST_FRAME=stay`` prints the same line and plays on (a test that must wait
until a window is up, rather than for a time)."""
from __future__ import annotations

import time

import arcade


def exit_after_first_frame(window: arcade.Window, stay: bool = False) -> None:
    """Once the first frame is drawn and shown, print ``first-frame <epoch seconds>`` and
    quit (or, with ``stay``, play on)."""

    def report(_dt: float) -> None:
        print(f"first-frame {time.time():.3f}", flush=True)
        if not stay:
            arcade.exit()

    def on_draw() -> None:
        window.remove_handler("on_draw", on_draw)
        arcade.schedule_once(report, 0)   # the next tick comes after this frame's flip

    window.push_handlers(on_draw=on_draw)
