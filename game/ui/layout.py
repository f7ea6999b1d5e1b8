"""Where things sit on a table, scaled from a 1280x800 design to any window size.

Pure geometry (no arcade import), so tests can check positions without a window.
"""
from __future__ import annotations

from dataclasses import dataclass

BASE_W, BASE_H = 1280, 800
MIN_W, MIN_H = 960, 600


@dataclass(frozen=True)
class Box:
    cx: float
    cy: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return abs(x - self.cx) <= self.w / 2 and abs(y - self.cy) <= self.h / 2


class TableLayout:
    """What every table shares: scale, card size, top bar, status line, hand, buttons."""

    def __init__(self, width: float, height: float) -> None:
        self.w, self.h = float(width), float(height)
        self.s = max(0.45, min(self.w / BASE_W, self.h / BASE_H))
        self.card_w = 100 * self.s
        self.card_h = 140 * self.s
        self.bar_h = max(48.0, 52 * self.s)
        self.hand_y = 18 * self.s + self.card_h / 2 + 14 * self.s
        self.status_y = self.hand_y + self.card_h / 2 + 48 * self.s
        self.font = 16 * self.s

    def bar_button(self, index_from_right: int) -> Box:
        w = max(96.0, 110 * self.s)
        return Box(self.w - 12 - w / 2 - index_from_right * (w + 10), self.h - self.bar_h / 2,
                   w, self.bar_h - 6)

    def action_button(self, index: int) -> Box:
        """Buttons right of the hand, stacked upwards from the bottom."""
        w, h = max(120.0, 150 * self.s), max(52.0, 56 * self.s)
        return Box(self.w - 20 * self.s - w / 2, self.hand_y - 30 * self.s + index * (h + 12),
                   w, h)

    def hand_positions(self, n: int, right_margin: float | None = None) -> list[float]:
        left = 40 * self.s + self.card_w / 2
        right = self.w - (right_margin if right_margin is not None
                          else 200 * self.s) - self.card_w / 2
        if n <= 1:
            return [(left + right) / 2] * n
        step = min(self.card_w * 0.78, (right - left) / (n - 1))
        span = step * (n - 1)
        start = (left + right) / 2 - span / 2
        return [start + i * step for i in range(n)]


    def fan(self, n: int) -> list[tuple[float, float, float]]:
        """The player's hand as a gentle fan: (x, y, angle) per card, left to right."""
        xs = self.hand_positions(n)
        out = []
        for i, x in enumerate(xs):
            t = (i - (n - 1) / 2) / max((n - 1) / 2, 1)
            spread = min(1.0, n / 8)
            out.append((x, self.hand_y - t * t * 10 * self.s * spread, t * 6 * spread))
        return out


class DurakLayout(TableLayout):
    def __init__(self, width: float, height: float) -> None:
        super().__init__(width, height)
        s = self.s
        self.opp_y = self.h - self.bar_h - 14 * s - self.card_h / 2
        self.table_y = (self.opp_y - self.card_h / 2 + self.status_y + 18 * s) / 2
        self.talon_x = 50 * s + self.card_w / 2
        self.trump_x = self.talon_x + self.card_w * 0.42
        self.discard_x = self.w - 60 * s - self.card_w / 2
        left = self.trump_x + self.card_h / 2 + 30 * s
        right = self.discard_x - self.card_w / 2 - 30 * s
        self.table_zone = Box((left + right) / 2, self.table_y, right - left,
                              self.card_h * 1.75)

    def talon_card(self, i: int) -> tuple[float, float]:
        """The i-th card of the talon from the bottom (slightly stacked)."""
        k = min(i, 12) * 0.6 * self.s
        return self.talon_x - k, self.table_y + k

    def trump(self) -> tuple[float, float, float]:
        return self.trump_x, self.table_y, 90.0

    def attack(self, i: int, n: int) -> tuple[float, float]:
        slot = min(self.card_w * 1.32, self.table_zone.w / max(n, 1))
        x = self.table_zone.cx + (i - (n - 1) / 2) * slot - self.card_w * 0.1
        return x, self.table_y + self.card_h * 0.1

    def defence(self, i: int, n: int) -> tuple[float, float, float]:
        x, y = self.attack(i, n)
        return x + self.card_w * 0.24, y - self.card_h * 0.22, -8.0

    def discard(self, i: int) -> tuple[float, float, float]:
        k = min(i, 20) * 0.35 * self.s
        angle = ((i * 37) % 23) - 11.0
        return self.discard_x + k, self.table_y + k, angle

    def opponent(self, n: int) -> list[float]:
        step = min(self.card_w * 0.42, (self.w * 0.6) / max(n, 1))
        span = step * (n - 1)
        return [self.w / 2 - span / 2 + i * step for i in range(n)]
