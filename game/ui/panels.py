"""Modal panels over a table or the menu: pause, result, and "are you sure?".

A panel owns its title, lines of text and buttons; while it is open it takes every
press and release (nothing reaches the table beneath), and it lays itself out in the
middle of the window at any size.
"""
from __future__ import annotations

from collections.abc import Callable

import arcade

from game.ui.widgets import (
    MIN_TARGET,
    Button,
    ButtonGroup,
    ButtonStyle,
    Label,
    dim_screen,
    draw_panel,
)

INK = (40, 30, 20)
OPAQUE = 255      # a modal panel's body: nothing of the table shows through it


class Panel:
    def __init__(self, title: str = "", lines: list[str] | None = None,
                 buttons: list[Button] | None = None, columns: int = 1,
                 dim: int = 140) -> None:
        self.title = Label(title, 28, INK, bold=True)
        self.text = Label("\n".join(lines or []), 15, (60, 50, 40), multiline=True,
                          width=460, anchor_y="top", align="center")
        self.buttons = ButtonGroup(*(buttons or []))
        self.columns = columns
        self.dim = dim
        self.visible = False
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.size: tuple[float, float] | None = None    # the window size last placed in

    def set(self, title: str, lines: list[str]) -> None:
        self.title.set(title)
        self.text.set("\n".join(lines))
        if self.size is not None:        # new words: lay out again (they must fit)
            self.place(*self.size)

    def place(self, w: float, h: float) -> None:
        self.size = (w, h)
        s = max(0.75, min(w / 1280, h / 800))
        pw = max(1.0, min(w - 40, 560 * s))
        self.title.place(0, 0, 20 * s)          # a long title (Spanish, German) widens the
        pw = max(pw, min(w - 40, self.title.text.content_width + 30))   # panel it needs
        font = max(14.0, 18 * s)                # and so do long button words, at this size
        widest = 0.0
        for b in self.buttons.buttons:
            b.label.place(0, 0, font)
            widest = max(widest, float(b.label.text.content_width))
        pw = max(pw, min(w - 40, self.columns * (widest + 16) + 16 * (self.columns - 1) + 40))
        self.text.text.width = max(1, int(pw - 40))    # a tiny window: pyglet needs >= 1
        self.text.place(w / 2, 0, 15 * s)
        text_h = self.text.text.content_height if self.text.text.text else 0
        rows = -(-len(self.buttons.buttons) // self.columns)
        bh = max(float(MIN_TARGET), 54 * s)
        ph = max(1.0, min(h - 20, 90 * s + text_h + rows * (bh + 12) + 30 * s))
        cy = h / 2
        top = cy + ph / 2
        self.box = (w / 2, cy, pw, ph)
        # whole pixels: a thin stroke (a hyphen) at a half-pixel offset vanishes
        self.title.place(round(w / 2), round(top - 38 * s), 28 * s)
        size = 28 * s
        while self.title.text.content_width > pw - 30 and size > 14:   # long words
            size -= 1
            self.title.text.font_size = size
        self.text.place(round(w / 2), round(top - 70 * s))
        bw = min(max(260 * s, widest + 16), (pw - 40 - 16 * (self.columns - 1)) / self.columns)
        y0 = top - 80 * s - text_h - 12 - bh / 2
        for i, b in enumerate(self.buttons.buttons):
            r, c = divmod(i, self.columns)
            n_in_row = min(self.columns, len(self.buttons.buttons) - r * self.columns)
            x = w / 2 + (c - (n_in_row - 1) / 2) * (bw + 16)
            b.place(x, y0 - r * (bh + 12), bw, bh, max(14.0, 18 * s))
        # one size for all the labels: the longest words set it (no button's smaller)
        sizes = [b.label.text.font_size for b in self.buttons.buttons]
        for b in self.buttons.buttons:
            b.label.place(b.cx, b.cy, min(sizes))

    def draw(self, w: float, h: float) -> None:
        if not self.visible:
            return
        dim_screen(w, h, self.dim)        # the table stays visible, dimmed, around it
        cx, cy, pw, ph = self.box
        draw_panel(cx, cy, pw, ph, OPAQUE)  # its body hides the table: the text stays legible
        self.title.draw()
        self.text.draw()
        self.draw_body()
        self.buttons.draw()

    def draw_body(self) -> None:
        """What a kind of panel draws between its text and its buttons."""

    def press(self, x: float, y: float) -> bool:
        if not self.visible:
            return False
        self.buttons.press(x, y)
        return True

    def release(self, x: float, y: float) -> bool:
        if not self.visible:
            return False
        self.buttons.release(x, y)
        return True


class Confirm(Panel):
    """A yes/no question; ``ask`` opens it with its action."""

    def __init__(self) -> None:
        self.yes = Button("", self._yes, name="yes")
        self.no = Button("", self._no, name="no")
        super().__init__(buttons=[self.yes, self.no], columns=2, dim=160)
        self._on_yes: Callable[[], object] = lambda: None     # what they return is not used
        self._on_no: Callable[[], object] = lambda: None

    def ask(self, title: str, lines: list[str], yes: str, no: str,
            on_yes: Callable[[], object], on_no: Callable[[], object] = lambda: None,
            yes_style: ButtonStyle | None = None) -> None:
        self.set(title, lines)
        self.yes.label.set(yes)
        self.no.label.set(no)
        if yes_style is not None:
            self.yes.style = yes_style
            self.yes.label.text.color = yes_style[2]
        self._on_yes, self._on_no = on_yes, on_no
        if self.size is not None:
            self.place(*self.size)
        self.visible = True

    def _yes(self) -> None:
        self.visible = False
        self._on_yes()

    def _no(self) -> None:
        self.visible = False
        self._on_no()


def draw_glow(box: tuple[float, float, float, float], strong: bool) -> None:
    """A drop target: a soft outline, brighter while a card can go there."""
    cx, cy, w, h = box
    color = (255, 230, 120, 210) if strong else (255, 255, 255, 45)
    if strong:
        arcade.draw_rect_filled(arcade.XYWH(cx, cy, w, h), (255, 230, 120, 34))
    arcade.draw_rect_outline(arcade.XYWH(cx, cy, w, h), color, 4 if strong else 2)
