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


#: the lines of the log a table shows at a glance
LOG_LINES = 4


class TableLayout:
    """What every table shares: scale, card size, top bar, status line, hand, buttons."""

    #: how much larger than the design the cards may get in a window of the design's shape
    #: (the four-player tables are full at 1.1); a taller window makes room for more
    ROOMY = 1.1

    def __init__(self, width: float, height: float, card_scale: float = 1.0) -> None:
        #: the player's card size (settings.card_scale, 0.85 .. 1.25)
        self.card_scale = card_scale
        self.w, self.h = float(width), float(height)
        self.s = max(0.45, min(self.w / BASE_W, self.h / BASE_H))
        spare = self.h / BASE_H / self.s              # 1 for 16:10, more for taller windows
        self.card_factor = min(self.card_scale, max(1.0, self.ROOMY * spare))
        self.card_w = 100 * self.s * self.card_factor
        self.card_h = 140 * self.s * self.card_factor
        self.bar_h = max(48.0, 52 * self.s)
        self.hand_y = 18 * self.s + self.card_h / 2 + 14 * self.s
        self.status_y = self.hand_y + self.card_h / 2 + 48 * self.s
        self.font = 16 * self.s

    def banner_x(self) -> float:
        """Where announcements are centred across (the banner keeps inside the window)."""
        return self.w / 2

    def banner_y(self) -> float:
        """Where announcements show: just under the top bar (a table moves it off the
        cards it would cover)."""
        return self.h - self.bar_h - 30 * self.s

    def banner_width(self) -> float:
        """How wide the banner's words may run before they wrap."""
        return self.w - 120 * self.s

    def banner_height(self) -> float:
        """How tall the banner's words may be before they shrink."""
        return self.h

    def log_box(self, lines: int = LOG_LINES) -> Box:
        """Where the log of what happened shows (``lines`` lines of text): the top right
        corner under the bar (a table's layout moves it off its cards)."""
        w, h = 300 * self.s, lines * max(14.0, 17 * self.s) + 12 * self.s
        return Box(self.w - 12 * self.s - w / 2, self.h - self.bar_h - 10 * self.s - h / 2,
                   w, h)

    def last_play_at(self, seat: int) -> tuple[float, float, int] | None:
        """Where a computer seat's last play is said, (x, y, grow): centred on x, its top
        edge at y growing down (grow -1), its bottom edge growing up (1), its left edge
        at x and its middle at y (0), or its right edge at x and its middle at y (2);
        None: the seat's cards on the table show it.  ``seat`` is its place round the
        table as the human sees it (0: the human)."""
        return None

    def last_play_room(self, seat: int) -> float | None:
        """The width a seat's last play has on one line (its newest move alone, smaller
        where needed), or None: its last plays wrap in a box of their own."""
        return None

    def bar_button(self, index_from_right: int, text_w: float = 0.0) -> Box:
        """A top-bar button, wide enough for a label ``text_w`` pixels wide."""
        w = max(96.0, 110 * self.s, text_w + 28)
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
        step = min(self.card_w * 0.78, (right - left) / max(n - 1, 1))
        span = step * max(n - 1, 0)
        # under the window's middle (a single card too), moved left only as far as the
        # buttons at the right need
        mid = min(self.w / 2, right - span / 2)
        start = max(left, mid - span / 2)
        return [start + i * step for i in range(n)]

    def fan(self, n: int, right_margin: float | None = None, dip: float = 10,
            tilt: float = 6) -> list[tuple[float, float, float]]:
        """The player's hand as a gentle fan: (x, y, angle) per card, left to right; the
        outer cards sit ``dip`` px lower and lean ``tilt`` degrees."""
        xs = self.hand_positions(n, right_margin)
        out = []
        for i, x in enumerate(xs):
            t = (i - (n - 1) / 2) / max((n - 1) / 2, 1)
            spread = min(1.0, n / 8)
            out.append((x, self.hand_y - t * t * dip * self.s * spread, t * tilt * spread))
        return out
