"""Where things sit on the Dudák table: you at the bottom and the three computer players
around the table in turn order, clockwise as the rules go (seat 1, who plays after you,
on your left; seat 2 opposite; seat 3 on your right), the pile in the middle with its top
card on the right of a short fan, and beside it the place for collected cards waiting
(or, at the start of your turn, the "Declare trump" choice)."""
from __future__ import annotations

from game.ui.layout import Box, TableLayout

#: how many of the pile's last cards are fanned out (the rest lie stacked beneath)
PILE_FAN = 4


class DudakLayout(TableLayout):
    def __init__(self, width: float, height: float, card_scale: float = 1.0) -> None:
        super().__init__(width, height, card_scale)
        s = self.s
        self.top_y = self.h - self.bar_h - 12 * s - self.card_h / 2
        band_top = self.top_y - self.card_h / 2 - 10 * s
        band_bottom = self.status_y + 22 * s
        self.mid_y = (band_top + band_bottom) / 2
        self.side_x = {1: 36 * s + self.card_h / 2, 3: self.w - 36 * s - self.card_h / 2}
        self.side_y = self.mid_y + 42 * s
        self.pile_x = self.w / 2 - 30 * s
        self.pile_y = self.mid_y
        fan_left = self.pile_x - (PILE_FAN - 1) * self.fan_step - self.card_w / 2
        self.pile_zone = Box((fan_left + self.pile_x + self.card_w / 2) / 2, self.pile_y,
                             self.pile_x + self.card_w / 2 - fan_left + 24 * s,
                             self.card_h + 24 * s)
        # the aside region: collected cards waiting, or the declare choice
        self.aside_left = self.pile_x + self.card_w / 2 + 36 * s
        self.aside_right = self.side_x[3] - self.card_h / 2 - 22 * s
        self.aside = Box((self.aside_left + self.aside_right) / 2, self.pile_y,
                         self.aside_right - self.aside_left, self.card_h)
        self.out_xy = (30 * s + self.card_w / 2, self.top_y)
        self.action_w = max(150.0, 236 * s)

    @property
    def fan_step(self) -> float:
        return self.card_w * 0.24

    # ----- the human -----------------------------------------------------------------------
    def action_button(self, index: int) -> Box:
        """Wider than the default: the buttons say what they do ("Take the pile")."""
        h = max(52.0, 56 * self.s)
        return Box(self.w - 16 * self.s - self.action_w / 2,
                   self.hand_y - 30 * self.s + index * (h + 12), self.action_w, h)

    def hand(self, n: int) -> list[tuple[float, float, float]]:
        """The hand as a gentle fan clear of the action buttons: (x, y, angle)."""
        return self.fan(n, right_margin=self.action_w + 40 * self.s, dip=8, tilt=4)

    def banner_y(self) -> float:
        """Announcements: between the opposite seat and the pile."""
        return (self.top_y - self.card_h / 2 + self.pile_zone.cy + self.pile_zone.h / 2) / 2

    def own_plate(self) -> tuple[float, float]:
        """Your name, trump badge and dealer chip: left of the status line."""
        return 24 * self.s, self.status_y + 6 * self.s

    # ----- the computers -------------------------------------------------------------------
    def seat_card(self, seat: int, i: int, n: int, known: int = 0
                  ) -> tuple[float, float, float]:
        """A computer's card: a row on top, a vertical stack at the sides.  The last
        ``known`` cards lie face up (seen by all): in the top row like the others; at the
        sides upright, fanned from the stack towards the middle so each index shows."""
        s = self.s
        if seat == 2:
            step = min(self.card_w * 0.26, 330 * s / max(n - 1, 1))
            return self.w / 2 + (i - (n - 1) / 2) * step, self.top_y, 0.0
        hidden = n - known
        if i < hidden:
            step = min(6 * s, 96 * s / max(hidden - 1, 1))
            return self.side_x[seat], self.side_y + (i - (hidden - 1) / 2) * step, 90.0
        j = i - hidden
        if seat == 1:       # up to the pile's fan
            room = self.pile_zone.cx - self.pile_zone.w / 2 - self.card_w / 2 - self.side_x[1]
        else:               # over the waiting place, short of the pile
            room = self.side_x[3] - (self.aside_left + self.card_w / 2)
        step = min(self.card_w * 0.3, max(room, 0.0) / max(known - 1, 1))
        x = (self.side_x[1] + j * step if seat == 1
             else self.side_x[3] - (known - 1 - j) * step)
        return x, self.side_y, 0.0

    def seat_box(self, seat: int, n: int = 8) -> Box:
        """Around a computer's ``n`` cards (the turn marker)."""
        s = self.s
        if seat == 2:
            span = self.seat_card(2, n - 1, n)[0] - self.seat_card(2, 0, n)[0] if n else 0
            return Box(self.w / 2, self.top_y, span + self.card_w + 16 * s,
                       self.card_h + 16 * s)
        return Box(self.side_x[seat], self.side_y, self.card_h + 20 * s,
                   self.card_w + 96 * s + 20 * s)

    def plate(self, seat: int) -> tuple[float, float]:
        """The centre of a computer's name plate (name, cards, trump badge)."""
        s = self.s
        if seat == 2:
            return self.w / 2 + 165 * s + self.card_w / 2 + 110 * s, self.top_y
        box = self.seat_box(seat)
        return self.side_x[seat], box.cy - box.h / 2 - 34 * s

    def last_play_at(self, seat: int) -> tuple[float, float, int] | None:
        """Right of the left seat's name plate (its cards fan towards the pile above
        it), under the other computers' name plates."""
        if seat not in (1, 2, 3):
            return None
        x, y = self.plate(seat)
        if seat == 1:
            return self.side_x[1] + 130 * self.s, y, 0
        return x + (20 * self.s if seat == 2 else 0.0), y - 28 * self.s, -1

    def log_box(self, lines: int = 4) -> Box:
        """Top left, right of the cards out of the game, short of the seat opposite,
        just under the bar (clear of the announcements between that seat and the pile)."""
        box = super().log_box(lines)
        left = self.out_xy[0] + self.card_w / 2 + 14 * self.s
        right = self.w / 2 - 165 * self.s - self.card_w / 2 - 14 * self.s
        top = self.h - self.bar_h - 10 * self.s
        return Box((left + right) / 2, top - box.h / 2, right - left, box.h)

    def seat_centre(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards come from and go to (the deal starts at the dealer)."""
        if seat == 0:
            return self.w / 2, self.hand_y
        if seat == 2:
            return self.w / 2, self.top_y
        return self.side_x[seat], self.side_y

    # ----- the middle ----------------------------------------------------------------------
    def pile(self, i: int, n: int) -> tuple[float, float, float]:
        """The i-th card of the pile from the bottom: the last few fanned to the left of
        the top card (which lies straight, in full view), older ones stacked beneath."""
        back = n - 1 - i                          # 0 for the top card
        k = min(back, PILE_FAN - 1)
        x = self.pile_x - k * self.fan_step
        if back < PILE_FAN:
            return x, self.pile_y, 0.0 if back == 0 else -2.0 * k
        angle = ((i * 37) % 13) - 6.0
        return x - 2 * self.s, self.pile_y + ((i * 17) % 5 - 2) * self.s, angle

    def collected(self, i: int, n: int) -> tuple[float, float]:
        left = self.aside_left + self.card_w / 2
        room = self.aside_right - self.card_w / 2 - left
        step = min(self.card_w * 0.34, room / max(n - 1, 1))
        return left + i * step, self.pile_y

    def out(self, i: int) -> tuple[float, float, float]:
        k = min(i, 16) * 0.3 * self.s
        x, y = self.out_xy
        return x + k, y + k, ((i * 29) % 9) - 4.0

    def declare_button(self, i: int, n: int) -> Box:
        """The free suits as buttons in the aside region (two per row)."""
        s = self.s
        w, h = max(110.0, 150 * s), max(48.0, 52 * s)
        rows = (n + 1) // 2
        r, c = divmod(i, 2)
        in_row = min(2, n - 2 * r)
        cx = self.aside.cx + (c - (in_row - 1) / 2) * (w + 10 * s)
        top = self.pile_y + (rows - 1) * (h + 10 * s) / 2 - 4 * s
        return Box(cx, top - r * (h + 10 * s), w, h)
