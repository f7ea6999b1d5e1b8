"""The words around the cards: the top bar (the game's name, the level, the bar's
buttons), the status line with its flash messages, and the banner of announcements."""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.ui.panels import Panel
from game.ui.widgets import ButtonGroup, Label

if TYPE_CHECKING:
    from game.scenes.table.host import Host

BANNER_TIME = 2.2
BANNER_LINES = 2          # announcements shown together in the banner's box
BANNER_QUEUE = 3          # turns of them for one move, at most


def text_width(text: str, size: float) -> float:
    """How wide ``text`` is in a bold button label of ``size``."""
    return float(Label(text, size, bold=True).text.content_width)


class Hud:
    def __init__(self, view: Host, title: str) -> None:
        self.view = view
        self.title = Label(title, 20, (255, 255, 255), anchor_x="left", bold=True)
        self.level_label = Label("", 14, (220, 235, 220), anchor_x="left")
        self.level_text = ""
        self.status = Label("", 18, (255, 250, 220), bold=True, multiline=True, width=500,
                            align="center")
        self.banner = Label("", 22, (255, 240, 170), bold=True, multiline=True,
                            width=800, align="center")
        self.banner_queue: list[str] = []        # announcements waiting their turn
        self.banner_left = 0.0
        self.message = ""
        self.message_left = 0.0

    @property
    def busy(self) -> bool:
        return self.message_left > 0 or self.banner_left > 0

    # ----- layout ------------------------------------------------------------------------
    def place(self, bar: ButtonGroup) -> None:
        """The bar's buttons from the right, each as wide as its word, the title left of
        them, the status line's width and the banner."""
        L = self.view.layout
        right = L.w - 12
        for b in reversed(bar.buttons):
            b.label.place(0, 0, 16)
            box = L.bar_button(0, max(text_width(t, 16) for t in (b.label.text.text,
                                                                   *b.alt_texts)))
            b.place(right - box.w / 2, box.cy, box.w, box.h, 16)
            right -= box.w + 10
        self.place_title(right - 4)
        self.status.text.width = int(self.view.status_box().w - 16)
        self.fit_banner()

    def place_title(self, limit: float) -> None:
        """The game's name and the level, left of the bar buttons: smaller where the
        words are long (the level's name drops out only when nothing else helps)."""
        L = self.view.layout
        y = L.h - L.bar_h / 2
        title, level = 20 * max(L.s, 0.8), 14 * max(L.s, 0.8)
        self.level_label.set(self.level_text)
        while True:
            self.title.place(16, y, title)
            gap = title
            self.level_label.place(16 + self.title.text.content_width + gap, y, level)
            end = self.level_label.text.x + self.level_label.text.content_width
            if end <= limit:
                return
            if level > 10:
                level -= 1
            elif title > 13:
                title -= 1
            else:
                self.level_label.set("")
                return

    def set_status(self, text: str) -> None:
        """The status line, shrunk to fit its box."""
        v = self.view
        self.status.set(text)
        sb = v.status_box()
        size = max(12.0, 18 * v.layout.s)
        self.status.place(sb.cx, sb.cy, size)
        while self.status.text.content_height > sb.h * 1.9 and size > 11:
            size -= 1
            self.status.place(sb.cx, sb.cy, size)

    # ----- messages and banners ------------------------------------------------------------
    def flash(self, text: str, seconds: float = 3.5) -> None:
        self.message = text
        self.message_left = seconds
        self.view.refresh()

    def show_banners(self, lines: list[str]) -> None:
        """The announcements of one move, one under the other in the banner's box (two
        at a time; more take turns) instead of running off the window's edges side by
        side; a later move's announcements replace them."""
        lines = [line for i, line in enumerate(lines) if line and line not in lines[:i]]
        if not lines:
            return
        self.banner_queue = lines[BANNER_LINES:BANNER_LINES * BANNER_QUEUE]
        self.banner.set("\n".join(lines[:BANNER_LINES]))
        self.fit_banner()
        self.banner_left = self.view.mode.banner_time(BANNER_TIME * max(self.view.scale, 0.3))

    def fit_banner(self) -> None:
        """The banner wraps inside the window and shrinks until it fits its box (three
        lines of text at the size it started from)."""
        L = self.view.layout
        t = self.banner.text
        t.width = max(1, int(L.banner_width()))
        size = start = max(16.0, 22 * L.s)
        self.banner.place(L.w / 2, L.banner_y(), size)
        tall = min(4.2 * start, L.banner_height())
        while t.text and t.content_height > tall and size > 11:
            size -= 1
            t.font_size = size
        self.place_banner()

    def place_banner(self) -> None:
        """Where the banner as laid out shows (moving it lays nothing out again)."""
        L = self.view.layout
        t = self.banner.text
        half = t.content_width / 2 + 24         # the layout's place, whole in the window
        top = L.h - L.bar_h - 4 * L.s - t.content_height / 2 - 8    # ... and under the bar
        x, y = L.banner_x(), min(L.banner_y(), top)
        log = getattr(self.view, "log", None)   # (none yet while the table is being set up)
        for left, bottom, right, up in log.boxes() if log else []:   # ... beside the log and
            if bottom < y + t.content_height / 2 + 7 and up > y - t.content_height / 2 - 7:
                if (left + right) / 2 > x:                    # the last plays it meets
                    x = min(x, left - 4 - half)
                else:
                    x = max(x, right + 4 + half)
        self.banner.place(round(max(half, min(x, L.w - half))), round(y))

    def update(self, dt: float) -> None:
        """The flash message and the banner run out (the next banner lines follow)."""
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
                self.view.refresh()
        if self.banner_left > 0:
            self.banner_left -= dt
            if self.banner_left <= 0:
                self.banner.set("")
                if self.banner_queue:
                    self.show_banners(self.banner_queue)

    # ----- drawing -------------------------------------------------------------------------
    def draw_top(self, bar: ButtonGroup) -> None:
        L = self.view.layout
        arcade.draw_lrbt_rectangle_filled(0, L.w, L.h - L.bar_h, L.h, (10, 40, 25, 230))
        self.title.draw()
        self.level_label.draw()
        bar.draw()

    def status_height(self) -> float:
        """The status line's box as drawn: its text (two lines for a long hint) and its
        margins."""
        return float(self.status.text.content_height + 10) if self.status.text.text else 0.0

    def draw_status(self) -> None:
        sb = self.view.status_box()
        h = max(sb.h, self.status_height())
        arcade.draw_rect_filled(arcade.XYWH(sb.cx, sb.cy, sb.w, h), (0, 0, 0, 100))
        self.status.draw()

    def draw_over_panel(self, panel: Panel | None) -> None:
        """Over an open panel's dimming, the game's name and the level line again at full
        strength: dimmed, then spread by a high contrast setting, they could not be read
        (unless the panel reaches up over the bar)."""
        L = self.view.layout
        if panel is not None and panel.visible:
            _cx, cy, _pw, ph = panel.box
            if cy + ph / 2 < L.h - L.bar_h:
                self.title.draw()
                self.level_label.draw()

    def draw_banner(self) -> None:
        L = self.view.layout
        t = self.banner.text
        if t.text:
            w = min(t.content_width + 40, L.w - 20)
            arcade.draw_rect_filled(arcade.XYWH(t.x, t.y, w, t.content_height + 14),
                                    (0, 0, 0, 140))
            self.banner.draw()
