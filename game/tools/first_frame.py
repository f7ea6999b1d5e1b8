"""The start-up probe: ``CARDCLUB_FIRST_FRAME=1`` makes a normal run print when its first
frame is on screen and quit (``cardclub bench startup``, ``.ci/check-exe``)."""
from __future__ import annotations

import time

import arcade


def exit_after_first_frame(window: arcade.Window) -> None:
    """Once the first frame is drawn and shown, print ``first-frame <epoch seconds>`` and
    quit."""

    def report(_dt: float) -> None:
        print(f"first-frame {time.time():.3f}", flush=True)
        arcade.exit()

    def on_draw() -> None:
        window.remove_handler("on_draw", on_draw)
        arcade.schedule_once(report, 0)   # the next tick comes after this frame's flip

    window.push_handlers(on_draw=on_draw)


def time_to_first_frame(runs: int = 3) -> float:
    """Seconds from process start to the first drawn menu frame, the median of ``runs``
    starts of ``python -m game`` in this data folder (``cardclub bench startup``,
    ``cardclub bench history``)."""
    import os
    import statistics
    import subprocess
    import sys

    took = []
    for _ in range(runs):
        env = dict(os.environ, CARDCLUB_FIRST_FRAME="1")
        t0 = time.time()
        out = subprocess.run([sys.executable, "-m", "game"], capture_output=True, text=True,
                             env=env, timeout=300)
        line = next((ln for ln in out.stdout.splitlines() if ln.startswith("first-frame")),
                    None)
        if line is None:
            raise RuntimeError(f"no first frame reported: {out.stderr[-500:]}")
        took.append(float(line.split()[1]) - t0)
    return statistics.median(took)
