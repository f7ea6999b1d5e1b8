"""Where things sit on the Pao De Kuai table: you at the bottom, the next player
(counter-clockwise) on the right, the other on the left, the current play in the middle."""
from __future__ import annotations

from game.ui.layout import Box, TableLayout


class PaoDeKuaiLayout(TableLayout):
    def __init__(self, width: float, height: float, card_scale: float = 1.0) -> None:
        super().__init__(width, height, card_scale)
        s = self.s
        self.seat_y = self.h * 0.60
        self.side_x = {1: self.w - 70 * s - self.card_w / 2, 2: 70 * s + self.card_w / 2}
        self.table_y = (self.h - self.bar_h + self.status_y) / 2 + 10 * s
        # the cards played lie face down in the middle, over the table (a pile in a
        # seat's column read as a fourth player)
        self.discard_xy = (self.w / 2, self.h - self.bar_h - 14 * s - self.card_w / 2)
        inner = self.side_x[2] + self.card_w * 1.3
        self.table_zone = Box(self.w / 2, self.table_y, self.w - 2 * inner,
                              self.card_h * 1.55)

    def banner_y(self) -> float:
        """Announcements show under the cards played (over the table's top edge), not
        over them."""
        return self.discard_xy[1] - self.card_w / 2 - 36 * self.s

    def seat_card(self, seat: int, i: int, n: int,
                  face_up: bool = False) -> tuple[float, float, float]:
        """A computer's face-down card: a short vertical stack beside its name.  Face up
        (a replay's "Show all hands") the cards stand upright, each lower than the one
        before by enough to show its corner: every card can be read."""
        if face_up:       # between the top bar and the seat's name
            top = self.h - self.bar_h - 8 * self.s - self.card_h / 2
            low = self.seat_label(seat)[1] + 18 * self.s + self.card_h / 2
            step = min(self.card_h * 0.3, max(top - low, 0.0) / max(n - 1, 1))
            mid = (top + low) / 2
            return (self.side_x[seat], mid + ((n - 1) / 2 - i) * step, 0.0)
        step = min(6 * self.s, 90 * self.s / max(n, 1))
        return (self.side_x[seat], self.seat_y + (i - (n - 1) / 2) * step, 90.0)

    def seat_label(self, seat: int) -> tuple[float, float]:
        return self.side_x[seat], self.seat_y - self.card_w / 2 - 70 * self.s

    def play(self, i: int, n: int) -> tuple[float, float]:
        step = min(self.card_w * 0.62, (self.table_zone.w - self.card_w) / max(n - 1, 1))
        return self.w / 2 + (i - (n - 1) / 2) * step, self.table_y + 10 * self.s

    def discard(self, i: int) -> tuple[float, float, float]:
        k = min(i, 20) * 0.25 * self.s
        x, y = self.discard_xy
        return x + k, y + k, 90.0

    def last_play_at(self, seat: int) -> tuple[float, float, int] | None:
        """Under the seat's name (until the round is won; a pass says "pass" there)."""
        if seat not in self.side_x:
            return None
        x, y = self.seat_label(seat)
        return x, y - 16 * self.s, -1
