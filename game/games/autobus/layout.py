"""Where things sit on the Hospodský autobus table (pure geometry, no arcade import).

You are at the bottom: your reserve, your four auxiliary spaces and your hand in one row,
the buttons at the right, the status line above.  The computers sit at the top in zones
(one row for one or two of them, two rows for three), each zone showing the hand as a
small stack of backs, the reserve and the four auxiliary piles fanned downwards.  The
shared runs fill the band in between, left to right, wrapping into more rows when many
are open; the stock and the completed pile sit in a free corner.

Every size follows one card width, chosen so that the tightest case (four players, the
smallest window) still fits: ``boxes()`` lists every region and the tests check that no
two of them overlap.
"""
from __future__ import annotations

import math

from game.ui.layout import Box, TableLayout

RATIO = 1.4           # card height / width
FAN = 0.32            # your auxiliary pile's fan, at most, in card heights
FAN_OPP = 0.16        # a computer's (their cards are smaller in count, and public)
RUN_DEPTH = 0.08      # a run's stack thickness, in card heights
MAX_RUNS = 12         # eight aces and four jokers: never more runs open at once
HAND_STEP = 0.14      # an opponent's hand: backs overlapped, in card widths
AUX_GAP = 0.12        # between auxiliary spaces, in card widths
ZONE_UNITS = (1 + 3 * HAND_STEP) + 0.18 + 1.06 + 0.25 + (4 + 3 * AUX_GAP)
HUMAN_UNITS = 1.06 + 0.3 + (4 + 3 * AUX_GAP) + 0.5 + 4 * 1.08
LINE = 1.9            # a label's row, in font points: its line box (DejaVu Sans: 1.6-1.7)
                      # lies up to 0.92 of a point below a centre-anchored label's y
#: the share of a computer's title row its newest play is said in, at the right
PLAY_SHARE = 0.44
MARK = 7.0            # px: the outline TableView draws round a computer's last cards (5 px
                      # out, a 3 px line) stays clear of the computers' panels


class AutobusLayout(TableLayout):
    def __init__(self, width: float, height: float, players: int = 4,
                 card_scale: float = 1.0) -> None:
        super().__init__(width, height, card_scale)
        s = self.s
        self.players = players
        n_opp = players - 1
        self.opp_rows = 2 if n_opp >= 3 else 1
        self.cols = 1 if n_opp == 1 else 2
        self.m = 12 * s                              # window margin
        self.gap = 6 * s
        self.lab = max(14.0, 17 * s)                 # one line of small text
        self.font = max(11.0, 13 * s)
        # a computer's title (and your "You"): its row as tall as its line box, so the
        # words sit inside the panel's border at every size
        self.name_font = max(12.0, 14 * s)
        self.name_h = max(self.lab, LINE * self.name_font)
        # your counts are the lowest words of the window: their row is as tall as their
        # line box, so no letter is cut by the bottom edge
        self.count_h = max(self.lab, LINE * self.font)
        self.status_h = max(34.0, 36 * s)
        # the status line may wrap to two lines (TableView shrinks it to fit 1.9 x its box)
        self.status_room = 1.9 * self.status_h + 10
        self.button_w = max(120.0, 150 * s)
        self.button_h = max(52.0, 56 * s)
        bar, lab, gap = self.bar_h, self.lab, self.gap
        zone_fixed = self.name_h + lab + 3 * gap
        fixed = (bar + gap + self.opp_rows * (zone_fixed + gap) + MARK + (lab + 2 * gap)
                 + self.status_room + 2 * gap + (self.count_h + 2 * gap))
        units_h = self.opp_rows * (1 + FAN_OPP) + (1 + RUN_DEPTH) + (1 + FAN)
        cw_h = (self.h - fixed) / units_h / RATIO
        cell_w = (self.w - 2 * self.m - (self.cols - 1) * 2 * gap) / self.cols
        cw_zone = (cell_w - 4 * gap) / ZONE_UNITS
        cw_row = (self.w - 2 * self.m - self.button_w - 30 * s) / HUMAN_UNITS
        # the card-size setting: smaller as asked; larger only as far as everything fits
        k = self.card_scale
        cw = max(24.0, min(cw_h, cw_zone, cw_row, 84 * s * k) * min(1.0, k))
        while True:   # smaller cards until every run that can be open fits the band
            self._build(cw)
            rows = math.ceil((MAX_RUNS + 1) / self.runs_per_row())
            if rows * self.run_h <= self.band.h or cw <= 24:
                break
            cw = max(24.0, cw * 0.97)

    def _build(self, cw: float) -> None:
        s, n_opp = self.s, self.players - 1
        bar, lab, gap = self.bar_h, self.lab, self.gap
        zone_fixed = self.name_h + lab + 3 * gap
        cell_w = (self.w - 2 * self.m - (self.cols - 1) * 2 * gap) / self.cols
        self.card_w, self.card_h = cw, cw * RATIO
        ch = self.card_h
        self.zone_h = zone_fixed + ch * (1 + FAN_OPP)
        self.cell_w = cell_w
        # ----- you, at the bottom
        self.count_y = gap + self.count_h / 2         # the counts under your piles
        self.row_y = gap + self.count_h + gap + ch / 2    # your cards (the top ones)
        self.human_top = self.row_y + ch / 2 + FAN * ch
        self.reserve_x = self.m + 2 * gap + cw / 2
        x = self.reserve_x + cw * (0.53 + 0.3 + 0.5)
        self.aux_x = [x + k * cw * (1 + AUX_GAP) for k in range(4)]
        hand_left = self.aux_x[3] + cw * (0.5 + 0.5)
        hand_right = self.w - self.m - self.button_w - 20 * s
        self.hand_cx = (hand_left + hand_right) / 2
        self.hand_step = min(cw * 1.08, (hand_right - hand_left - cw) / 3)
        self.hand_y = self.row_y
        self.status_y = self.human_top + gap + self.status_room / 2
        # ----- the computers, at the top
        top = self.h - bar - gap
        self.zone_boxes: dict[int, Box] = {}
        piles_w = cw * 3.2
        for i in range(n_opp):
            seat = i + 1
            row, col = divmod(i, 2) if n_opp > 1 else (0, 0)
            zone_w = min(cell_w, ZONE_UNITS * cw + 4 * gap)
            if n_opp == 1:   # one computer: its zone in the middle, the piles at the right
                free = self.w - 2 * self.m - piles_w - 2 * gap
                cx = self.m + free / 2
            else:
                cx = self.m + cell_w * (col + 0.5) + col * 2 * gap
            cy = top - row * (self.zone_h + gap) - self.zone_h / 2
            self.zone_boxes[seat] = Box(cx, cy, zone_w, self.zone_h)
        opp_bottom = top - self.opp_rows * (self.zone_h + gap)
        # ----- stock and completed pile
        pile_y_lab: float
        if n_opp == 1:
            px = self.w - self.m - piles_w
            py = top - lab - gap - ch / 2
        elif n_opp == 3:
            cell_left = self.m + cell_w + 2 * gap
            px = cell_left + (cell_w - piles_w) / 2
            py = top - (self.zone_h + gap) - lab - gap - ch / 2
        else:
            px = self.w - self.m - piles_w
            py = 0.0   # set with the runs' band below
        self.piles_left = px
        # ----- the runs' band
        self.band = Box(0, 0, 0, 0)
        band_lo = self.status_y + self.status_room / 2 + gap
        band_hi = opp_bottom - MARK      # a run's card, outlined, never meets a panel
        band_l, band_r = self.m, self.w - self.m
        if n_opp == 2:
            band_r = px - 2 * gap
            py = (band_lo + band_hi) / 2 + lab / 2
        self.band = Box((band_l + band_r) / 2, (band_lo + band_hi) / 2, band_r - band_l,
                        band_hi - band_lo)
        self.stock_xy = (px + cw * 0.6, py)
        self.completed_xy = (px + cw * 2.6, py)
        pile_y_lab = py - ch / 2 - RUN_DEPTH * ch - lab / 2
        self.pile_label_y = pile_y_lab
        self.run_h = ch * (1 + RUN_DEPTH) + lab + gap
        self.run_step = max(cw * 1.3, 70 * max(s, 0.85))  # room for "next: 10" under it
        self.num_w = max(9.0, 11 * s)   # left of the first run: room for its number

    def banner_box(self) -> Box:
        """Where announcements show: right of the status line, between your row and the
        runs' band, so they never cover a run, a computer's panel or your cards."""
        left = self.status_box().cx + self.status_box().w / 2 + self.gap
        right = self.w - self.m
        lo = max(self.action_button(1).cy + self.button_h / 2,
                 self.hand_box().cy + self.hand_box().h / 2) + self.gap
        hi = self.band.cy - self.band.h / 2
        return Box((left + right) / 2, (lo + hi) / 2, right - left, hi - lo)

    def banner_x(self) -> float:
        return self.banner_box().cx

    def banner_y(self) -> float:
        return self.banner_box().cy

    def banner_width(self) -> float:
        """The banner's text wraps within its box (its backing is 40 px wider)."""
        return max(60.0, self.banner_box().w - 44)

    def banner_height(self) -> float:
        """... and shrinks until it is as tall as its box (its backing: 14 px more)."""
        return max(20.0, self.banner_box().h - 16)

    def you_xy(self) -> tuple[float, float]:
        """Your title ("You"), left-aligned over your reserve."""
        return self.reserve_x - self.card_w / 2, self.human_top + self.gap + self.name_h / 2

    def log_box(self, lines: int = 8) -> Box:
        """The log of what happened: under the stock and the completed runs, right,
        above the banner (it shows over the runs' right half)."""
        box = super().log_box(lines)
        w = min(box.w, self.w - self.m - self.piles_left)
        top = self.pile_label_y - self.lab / 2 - self.gap
        h = max(min(box.h, top - self.banner_y() - 34 * self.s), 2.2 * self.lab)
        return Box(self.w - self.m - w / 2, top - h / 2, w, h)

    # ----- the computers' zones --------------------------------------------------------------
    def zone(self, seat: int) -> Box:
        return self.zone_boxes[seat]

    def last_play_at(self, seat: int) -> tuple[float, float, int] | None:
        """A computer's newest play: in its zone's title row, at the right (its name and
        count keep the left: ``name_room``)."""
        if seat not in self.zone_boxes:
            return None
        z = self.zone_boxes[seat]
        return z.cx + z.w / 2 - 2 * self.gap, self.name_xy(seat)[1], 2

    def last_play_room(self, seat: int) -> float | None:
        return self.zone_boxes[seat].w * PLAY_SHARE - 2 * self.gap if seat in \
            self.zone_boxes else None

    def name_room(self, seat: int) -> float:
        """The width a computer's title (name and cards in hand) may take: up to the
        newest play's room, a gap before it."""
        z = self.zone_boxes[seat]
        play_left = z.cx + z.w / 2 - 2 * self.gap - z.w * PLAY_SHARE + 2 * self.gap
        return play_left - 2 * self.gap - self.name_xy(seat)[0]

    def _zone_left(self, seat: int) -> float:
        z = self.zone_boxes[seat]
        inner = ZONE_UNITS * self.card_w
        return z.cx - inner / 2

    def name_xy(self, seat: int) -> tuple[float, float]:
        z = self.zone_boxes[seat]
        return self._zone_left(seat), z.cy + z.h / 2 - self.gap / 2 - self.name_h / 2

    def opp_cards_y(self, seat: int) -> float:
        z = self.zone_boxes[seat]
        return z.cy + z.h / 2 - self.name_h - self.gap - self.card_h / 2

    def opp_count_y(self, seat: int) -> float:
        z = self.zone_boxes[seat]
        return z.cy - z.h / 2 + self.gap + self.lab / 2

    def opp_hand(self, seat: int, i: int) -> tuple[float, float]:
        x = self._zone_left(seat) + self.card_w / 2 + i * HAND_STEP * self.card_w
        return x, self.opp_cards_y(seat)

    def opp_hand_center(self, seat: int) -> float:
        return self._zone_left(seat) + self.card_w * (1 + 3 * HAND_STEP) / 2

    def reserve_xy(self, seat: int) -> tuple[float, float]:
        if seat == 0:
            return self.reserve_x, self.row_y
        x = self._zone_left(seat) + self.card_w * (1 + 3 * HAND_STEP + 0.18 + 0.5)
        return x, self.opp_cards_y(seat)

    def reserve_card(self, seat: int, i: int, n: int) -> tuple[float, float]:
        """The i-th reserve card from the bottom: a low stack, thicker as it holds more."""
        x, y = self.reserve_xy(seat)
        k = (min(n, 12) * i / max(n - 1, 1)) * 0.35 * self.s if n > 1 else 0.0
        return x - k, y + k

    def aux_x_of(self, seat: int, k: int) -> float:
        """The x of auxiliary space k (1..4)."""
        if seat == 0:
            return self.aux_x[k - 1]
        left = self._zone_left(seat) + self.card_w * (1 + 3 * HAND_STEP + 0.18 + 1.06 + 0.25)
        return left + self.card_w / 2 + (k - 1) * self.card_w * (1 + AUX_GAP)

    def aux_step(self, n: int, seat: int = 0) -> float:
        if n <= 1:
            return 0.0
        fan = FAN if seat == 0 else FAN_OPP
        return min(0.2 * self.card_h, fan * self.card_h / (n - 1))

    def aux_card(self, seat: int, k: int, i: int, n: int) -> tuple[float, float]:
        """Card i (0 = the first laid) of a pile of n: the pile fans downwards, its top card
        lowest and whole."""
        x = self.aux_x_of(seat, k)
        step = self.aux_step(n, seat)
        if seat == 0:
            return x, self.row_y + (n - 1 - i) * step
        return x, self.opp_cards_y(seat) - i * step

    def aux_box(self, seat: int, k: int) -> Box:
        """The whole auxiliary space (its fan included): the drop target of your piles."""
        x = self.aux_x_of(seat, k)
        ch = self.card_h
        if seat == 0:
            lo = self.row_y - ch / 2
        else:
            lo = self.opp_cards_y(seat) - ch / 2 - FAN_OPP * ch
        fan = FAN if seat == 0 else FAN_OPP
        return Box(x, lo + ch * (1 + fan) / 2, self.card_w + 6 * self.s, ch * (1 + fan))

    def reserve_box(self, seat: int = 0) -> Box:
        """The reserve's stack: your drop target for a card put under the bus."""
        x, y = self.reserve_xy(seat)
        s = self.s
        return Box(x - 2 * s, y + 2 * s, self.card_w + 8 * s, self.card_h + 8 * s)

    def count_y_of(self, seat: int) -> float:
        return self.count_y if seat == 0 else self.opp_count_y(seat)

    def aux_label_y(self, seat: int, k: int, n: int) -> float:
        """The count under a pile: under its top card (your piles: on the bottom line)."""
        if seat == 0:
            return self.count_y
        return self.aux_card(seat, k, n - 1, n)[1] - self.card_h / 2 - self.lab / 2

    def reserve_label_y(self, seat: int) -> float:
        if seat == 0:
            return self.count_y
        return self.opp_cards_y(seat) - self.card_h / 2 - self.lab / 2

    def status_box(self) -> Box:
        """The status line (as ``TableView.status_box`` places it): over your row, just
        right of your title, so the announcements have room right of it."""
        right = self.w - max(120.0, 150 * self.s) - 40 * self.s
        left = self.reserve_x + self.card_w / 2 + 2 * self.gap + 30 * self.s
        w = min(560 * self.s, right - left)
        return Box(left + w / 2, self.status_y, w, self.status_h)

    def status_extent(self) -> Box:
        """The status line's box at its tallest (two lines)."""
        b = self.status_box()
        return Box(b.cx, b.cy, b.w, self.status_room)

    # ----- your hand ---------------------------------------------------------------------------
    def hand_card(self, i: int, n: int) -> tuple[float, float]:
        return self.hand_cx + (i - (n - 1) / 2) * self.hand_step, self.hand_y

    def hand_box(self) -> Box:
        """The hand, a chosen card lifted (TableView lifts it by 2.2 x 14 px) included."""
        w = 3 * self.hand_step + self.card_w
        lift = 2.2 * 14 * self.s
        return Box(self.hand_cx, self.hand_y + lift / 2, w, self.card_h + lift)

    def action_button(self, index: int) -> Box:
        """Buttons right of the hand, stacked upwards from the bottom edge."""
        w, h = self.button_w, self.button_h
        return Box(self.w - self.m - w / 2, self.gap + h / 2 + index * (h + 8 * self.s), w, h)

    # ----- runs --------------------------------------------------------------------------------
    def runs_per_row(self) -> int:
        b = self.band
        return max(1, int((b.w - self.card_w - 8 * self.s - self.num_w) // self.run_step) + 1)

    def run_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres (x, card y) of n run slots (the open runs, then the new-run space),
        left to right, wrapping into rows; rows squeeze together when the band is short."""
        per = self.runs_per_row()
        rows = max(1, math.ceil(n / per))
        b = self.band
        pitch = self.run_h if rows * self.run_h <= b.h else (b.h - self.run_h) / max(rows - 1, 1)
        block = self.run_h + (rows - 1) * pitch
        top = b.cy + block / 2
        left = b.cx - b.w / 2 + 4 * self.s + self.num_w + self.card_w / 2
        out = []
        for i in range(n):
            r, c = divmod(i, per)
            y = top - r * pitch - self.card_h / 2
            out.append((left + c * self.run_step, y))
        return out

    def run_card(self, slot: tuple[float, float], i: int) -> tuple[float, float]:
        x, y = slot
        k = i * RUN_DEPTH * self.card_h / 12
        return x + k * 0.3, y - k

    def run_box(self, slot: tuple[float, float]) -> Box:
        x, y = slot
        h = self.card_h * (1 + RUN_DEPTH)
        return Box(x, y + self.card_h / 2 - h / 2, self.card_w + 8 * self.s, h)

    def run_label_y(self, slot: tuple[float, float]) -> float:
        return slot[1] - self.card_h / 2 - RUN_DEPTH * self.card_h - self.lab / 2

    def run_number_at(self, slot: tuple[float, float]) -> tuple[float, float, float]:
        """A run's number: (its right edge, its top, the room it has), left of the run's
        first card, level with its top, in the gap before it (clear of the cards of the
        run to its left, their stack shifted right included; the first of a row: up to
        half the window's margin)."""
        x, y = slot
        right = x - self.card_w / 2 - 2 * self.s
        left = self.band.cx - self.band.w / 2 + 4 * self.s + self.card_w / 2 + self.num_w
        if x - left < self.run_step / 2:            # the first of its row
            room = right - self.m / 2
        else:                                       # the previous run's deepest card
            room = right - (x - self.run_step + self.card_w / 2 + RUN_DEPTH * self.card_h
                            * 0.3) - 1
        return right, y + self.card_h / 2, room

    # ----- stock and completed pile ------------------------------------------------------------
    def stock_card(self, i: int) -> tuple[float, float]:
        k = min(i, 40) * 0.12 * self.s
        return self.stock_xy[0] - k, self.stock_xy[1] + k

    def completed_card(self, i: int) -> tuple[float, float]:
        k = min(i, 40) * 0.12 * self.s
        return self.completed_xy[0] - k, self.completed_xy[1] + k

    def piles_box(self) -> Box:
        x0 = self.stock_xy[0] - self.card_w / 2 - 6 * self.s
        x1 = self.completed_xy[0] + self.card_w / 2 + 2 * self.s
        top = self.stock_xy[1] + self.card_h / 2 + 6 * self.s
        bottom = self.pile_label_y - self.lab / 2
        return Box((x0 + x1) / 2, (top + bottom) / 2, x1 - x0, top - bottom)

    # ----- what must never overlap -------------------------------------------------------------
    def boxes(self, runs: int = MAX_RUNS) -> dict[str, Box]:
        """Every region of the table with ``runs`` runs open (plus the new-run space)."""
        out: dict[str, Box] = {"bar": Box(self.w / 2, self.h - self.bar_h / 2, self.w,
                                          self.bar_h)}
        for seat, z in self.zone_boxes.items():
            out[f"zone{seat}"] = z
        out["reserve0"] = self.reserve_box(0)
        for k in range(1, 5):
            out[f"aux0.{k}"] = self.aux_box(0, k)
        out["hand"] = self.hand_box()
        for i in range(2):
            out[f"button{i}"] = self.action_button(i)
        out["status"] = self.status_extent()
        out["piles"] = self.piles_box()
        for i, slot in enumerate(self.run_slots(runs + 1)):
            box = self.run_box(slot)
            label_bottom = self.run_label_y(slot) - self.lab / 2
            out[f"run{i}"] = Box(box.cx, (box.cy + box.h / 2 + label_bottom) / 2, box.w,
                                 box.cy + box.h / 2 - label_bottom)
        return out

    def fits(self) -> bool:
        return all(0 <= b.cx - b.w / 2 and b.cx + b.w / 2 <= self.w and 0 <= b.cy - b.h / 2
                   and b.cy + b.h / 2 <= self.h for b in self.boxes().values())
