"""Where things sit on the Durak table."""
from __future__ import annotations

from game.ui.layout import Box, TableLayout


class DurakLayout(TableLayout):
    def __init__(self, width: float, height: float, card_scale: float = 1.0) -> None:
        super().__init__(width, height, card_scale)
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

    def log_box(self, lines: int = 4) -> Box:
        """Under the discard pile, right of the status line (the opponent's hand and its
        count take the top as they grow)."""
        box = super().log_box(lines)
        left, right = self.w / 2 + 320 * self.s, self.w - 12 * self.s
        w = min(box.w, right - left)
        top = min(self.table_y - self.card_h * 0.72 - 16 * self.s,
                  self.table_zone.cy - self.table_zone.h / 2 - 6 * self.s)
        return Box(right - w / 2, top - box.h / 2, w, box.h)

    def banner_y(self) -> float:
        """Announcements: in the gap between the opponent's hand and the bout, so they
        never cover the opponent's cards."""
        return (self.opp_y - self.card_h / 2 + self.table_y + self.card_h * 0.6) / 2

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
