"""Two parts of the History page drawn by plain functions: a table of rows on alternating
shades, and the chart of the last deals (won, drawn, lost, with help; the XP they brought).
They draw into a :class:`~game.ui.page.PageView`'s texts and rectangles."""
from __future__ import annotations

from collections.abc import Generator

import arcade
from arcade.types import RGBOrA255

from game.i18n import _, ngettext, number
from game.store import history
from game.ui.page import ACCENT, INK, MUTED, PageView, fit_font

ROWS_PER_BATCH = 25
BAD = (160, 40, 30)
WIN_COLOR = (30, 110, 50)
ROW_SHADE = (236, 228, 208)
#: the chart's colours: a deal won, drawn, lost; the mark of a deal played with help
CHART = {"win": WIN_COLOR, "draw": (150, 140, 120), "loss": BAD}
HELP_MARK = (225, 170, 40)
CHART_DEALS = 30


def table(page: PageView, left: float, y: float, col_w: float, body: float,
          widths: list[float], header: list[str], rows: list[list[str]],
          colors: list[RGBOrA255] | None = None,
          boxes: list[tuple[float, float]] | None = None) -> Generator[float, None, float]:
    """A table: a bold header row, then rows on alternating shades (``boxes`` gets
    each row's top and bottom, all with the header).  A generator: it yields the height
    reached after the header and after each row's words (a page lays itself out a few
    rows a frame), and returns the table's bottom."""
    s = page.scale
    xs = [left + sum(widths[:i]) * col_w for i in range(len(widths))]
    row_h = body * 2.0
    pad = 8 * s
    tallest = 0.0
    for x, wf, text in zip(xs, widths, header, strict=True):   # long words wrap
        t = page.add_text(text, x + pad, round(y - pad / 2), body * 0.9, MUTED,
                          width=wf * col_w - 2 * pad, bold=True)
        tallest = max(tallest, t.content_height)
        yield y - tallest
    y -= max(row_h, tallest + pad)
    page.rects.append((arcade.LRBT(left, left + col_w, y - 1.5 * s, y), (150, 110, 30)))
    for i in range(len(rows)):             # every row's place and shade at once: the
        top = y - i * row_h                # page's length and its taps do not wait
        if i % 2 == 0:
            page.rects.append((arcade.LRBT(left, left + col_w, top - row_h, top), ROW_SHADE))
        if boxes is not None:
            boxes.append((top, top - row_h))
    yield y
    for i, row in enumerate(rows):
        if i and i % ROWS_PER_BATCH == 0:
            page.new_batch()
        color = colors[i] if colors else INK
        for x, wf, text in zip(xs, widths, row, strict=True):
            t = page.add_text(text, x + pad, round(y - row_h / 2), body, color,
                              anchor_y="center")
            fit_font(t, wf * col_w - 2 * pad, body, 9)
            page.texts[-1] = (t, wf * col_w - 2 * pad)
        y -= row_h
        yield y
    return y


def chart(page: PageView, rows: list[history.DealRow], left: float, y: float, col_w: float,
          body: float, head: float) -> float:
    """The last deals at a glance, oldest first: one square each (won, drawn, lost;
    a gold band on top when played with help), and under them the XP they brought,
    added up deal by deal, as bars."""
    if not rows:
        return y
    s = page.scale
    t = page.add_text(ngettext("The last deal", "The last {n} deals", len(rows)).format(
        n=len(rows)), left, y, head * 0.85, ACCENT, width=col_w, bold=True)
    y -= t.content_height + 10 * s
    step = min(col_w / CHART_DEALS, 34 * s)
    side = step * 0.8
    for i, r in enumerate(rows):
        x = left + i * step
        outcome = "loss" if r.surrendered else r.outcome
        page.rects.append((arcade.LBWH(x, y - side, side, side),
                           CHART.get(outcome, CHART["draw"])))
        if r.assisted:
            page.rects.append((arcade.LBWH(x, y - side * 0.28, side, side * 0.28),
                               HELP_MARK))
    y -= side + 8 * s
    legend = "   ".join([_("green: won"), _("grey: drawn"), _("red: lost"),
                         _("gold band: with help")])
    t = page.add_text(legend, left, y, body * 0.85, MUTED, width=col_w)
    y -= t.content_height + 12 * s
    t = page.add_text(_("XP from these deals, added up"), left, y, body * 0.85, MUTED,
                      width=col_w)
    y -= t.content_height + 6 * s
    total, sums = 0, []
    for r in rows:
        total += r.xp
        sums.append(total)
    tallest = 70 * s
    top = max(sums) or 1
    for i, v in enumerate(sums):
        h = max(1.0, tallest * v / top)
        page.rects.append((arcade.LBWH(left + i * step, y - tallest, side, h),
                           HELP_MARK if rows[i].assisted else ACCENT))
    page.add_text(_("{n} XP").format(n=number(total)), left + len(sums) * step + 8 * s,
                  y - tallest / 2, body * 0.85, MUTED, anchor_y="center")
    return y - tallest
