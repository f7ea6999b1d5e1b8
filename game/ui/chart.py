"""The review's graph: the value of the player's position after each decision.

:class:`Chart` is the pure part (where each point lies, the axis, which point a tap
hits) and needs no window; :func:`draw_chart` draws it with Arcade primitives.  x is the
decision's number (1 at the left), y the value after the move played: a chance of
winning on 0..100% with a 50% line, or expected points on an axis around 0.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import arcade
from arcade.types import RGBOrA255

from game.i18n import percent, signed
from game.review.model import BLUNDER as BLUNDER_GRADE
from game.review.model import CHANCE, Verdict
from game.review.model import INACCURACY as INACCURACY_GRADE

HIT_RADIUS = 24.0          # px: a tap this near a point picks it (a finger's width)
LINE = (70, 90, 110)
GRID = (190, 180, 160)
MIDDLE = (150, 130, 100)
PLOT = (255, 252, 244)
MARK = (40, 95, 150)       # a decision
MISTAKE = (200, 40, 30)
INACCURACY = (215, 140, 20)   # an inaccuracy (the review's grades)
BLUNDER = (110, 15, 15)       # a blunder
RESULT = (40, 40, 40)         # where the deal ended: the line's last point
CERTAIN = (60, 40, 120)    # an exact value (Durak's solver)
FORCED = (160, 155, 145)   # only one legal move
SELECTED = (230, 160, 20)


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    verdict: Verdict


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50 … that is at least ``value`` (at least 1)."""
    if value <= 1:
        return 1.0
    base = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if step * base >= value - 1e-9:
            return float(step * base)
    return float(10 * base)


class Chart:
    """Where the points lie inside ``box`` (left, bottom, width, height; page or screen
    coordinates alike); ``total`` is how many decisions there will be (the graph keeps
    room for those not reviewed yet)."""

    def __init__(self, box: tuple[float, float, float, float], verdicts: Sequence[Verdict],
                 unit: str = CHANCE, total: int | None = None, pad: float = 14.0,
                 result: float | None = None) -> None:
        self.left, self.bottom, w, h = box
        self.width, self.height = max(1.0, w), max(1.0, h)
        self.unit = unit
        self.verdicts = list(verdicts)
        #: what the deal gave the seat: the line ends there, one step after the last
        #: decision (given once every decision is reviewed)
        self.result = result if result is not None and len(self.verdicts) >= (total or 0) \
            else None
        self.slots = max(len(self.verdicts), total or 0, 1) + (self.result is not None)
        self.pad = min(pad, self.width / 4, self.height / 4)
        if unit == CHANCE:
            self.lo, self.hi = 0.0, 1.0
        else:
            top = max([abs(v.value_played) for v in self.verdicts if not v.forced]
                      + [abs(v.value_best) for v in self.verdicts if not v.forced]
                      + [abs(self.result or 0.0), 1.0])
            self.hi = nice_ceiling(top)
            self.lo = -self.hi
        self.points = [Point(self.x_of(i), self.y_of(value), v)
                       for i, (v, value) in enumerate(zip(self.verdicts, self.shown(),
                                                          strict=True))]
        #: the result's point (not a decision: no tap picks it)
        self.end: tuple[float, float] | None = (
            None if self.result is None
            else (self.x_of(len(self.verdicts)), self.y_of(self.result)))

    def shown(self) -> list[float]:
        """The value each point stands at (where every card is known, the chance against
        the other seats as they play).  A forced move was not searched (its verdict
        carries no value): its point keeps the level of the decision before it (or the
        one after, at the start), so the line does not dip where nothing was decided."""
        middle = 0.5 if self.unit == CHANCE else 0.0
        values: list[float | None] = [None if v.forced else v.shown_played
                                      for v in self.verdicts]
        known = [x for x in values if x is not None]
        last = known[0] if known else middle
        out = []
        for x in values:
            if x is not None:
                last = x
            out.append(last)
        return out

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def step(self) -> float:
        """The distance between two neighbouring decisions."""
        return (self.width - 2 * self.pad) / max(1, self.slots - 1)

    def x_of(self, i: int) -> float:
        """The x of the ``i``-th decision (0-based)."""
        if self.slots == 1:
            return self.left + self.width / 2
        return self.left + self.pad + i * self.step

    def y_of(self, value: float) -> float:
        value = min(self.hi, max(self.lo, value))
        inner = self.height - 2 * self.pad
        return self.bottom + self.pad + inner * (value - self.lo) / (self.hi - self.lo)

    def grid(self) -> list[tuple[float, str, bool]]:
        """The axis lines: (y, label, whether it is the middle line: 50% or 0 points)."""
        if self.unit == CHANCE:
            return [(self.y_of(v), percent(v), v == 0.5) for v in (0.0, 0.5, 1.0)]
        return [(self.y_of(v), signed(v), v == 0)
                for v in (self.lo, 0.0, self.hi)]

    def hit(self, x: float, y: float, radius: float = HIT_RADIUS) -> int | None:
        """The point a tap at (x, y) picks: the nearest one within ``radius``; inside the
        graph, the decision nearest by x (within half a step, or ``radius``)."""
        if not self.points:
            return None
        best = min(range(len(self.points)),
                   key=lambda i: math.hypot(self.points[i].x - x, self.points[i].y - y))
        p = self.points[best]
        if math.hypot(p.x - x, p.y - y) <= radius:
            return best
        inside = (self.left - radius <= x <= self.right + radius
                  and self.bottom <= y <= self.top)
        if inside:
            near = min(range(len(self.points)), key=lambda i: abs(self.points[i].x - x))
            if abs(self.points[near].x - x) <= max(radius, self.step / 2):
                return near
        return None


def marker(v: Verdict, scale: float = 1.0) -> tuple[str, float, tuple[int, int, int]]:
    """How a point is drawn: (shape "circle" / "square", size, colour)."""
    if v.forced:
        return "circle", 3.0 * scale, FORCED
    color = (BLUNDER if v.grade == BLUNDER_GRADE else MISTAKE if v.mistake
             else INACCURACY if v.grade == INACCURACY_GRADE else CERTAIN if v.certain
             else MARK)
    if v.certain:
        return "square", 6.0 * scale, color
    return "circle", (6.5 if v.mistake else 5.0) * scale, color


def draw_marker(shape: str, x: float, y: float, size: float,
                color: RGBOrA255) -> None:
    if shape == "square":
        arcade.draw_lrbt_rectangle_filled(x - size, x + size, y - size, y + size, color)
    else:
        arcade.draw_circle_filled(x, y, size, color)


def draw_chart(chart: Chart, selected: int | None = None, scale: float = 1.0) -> None:
    """The plot area, its axis lines, the line through the points, each point's marker
    (a ring around each mistake) and the selected one highlighted."""
    arcade.draw_lrbt_rectangle_filled(chart.left, chart.right, chart.bottom, chart.top, PLOT)
    arcade.draw_lrbt_rectangle_outline(chart.left, chart.right, chart.bottom, chart.top,
                                       GRID, 1)
    for y, _label, middle in chart.grid():
        arcade.draw_line(chart.left, y, chart.right, y, MIDDLE if middle else GRID,
                         2 if middle else 1)
    pts = chart.points
    if selected is not None and 0 <= selected < len(pts):
        p = pts[selected]
        arcade.draw_line(p.x, chart.bottom, p.x, chart.top, (*SELECTED, 140), 3 * scale)
    line = [(p.x, p.y) for p in pts] + ([chart.end] if chart.end is not None else [])
    if len(line) > 1:
        arcade.draw_line_strip(line, LINE, max(1.5, 2 * scale))
    if chart.end is not None:
        ex, ey = chart.end
        arcade.draw_lrbt_rectangle_filled(ex - 5 * scale, ex + 5 * scale, ey - 5 * scale,
                                          ey + 5 * scale, RESULT)
    for p in pts:
        shape, size, color = marker(p.verdict, scale)
        if p.verdict.mistake:
            arcade.draw_circle_outline(p.x, p.y, size + 5 * scale, color, 2 * scale)
        draw_marker(shape, p.x, p.y, size, color)
    if selected is not None and 0 <= selected < len(pts):
        p = pts[selected]
        arcade.draw_circle_outline(p.x, p.y, 14 * scale, SELECTED, 3 * scale)
