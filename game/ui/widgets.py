"""Buttons, labels and panels drawn with Arcade primitives (touch-sized: 48 px or more)."""
from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade.types import RGB255, RGBOrA255

#: a button's colours: its face, its face while pressed, its label
ButtonStyle = tuple[RGB255, RGB255, RGB255]

FONT = ("DejaVu Sans", "Arial", "Helvetica")
MIN_TARGET = 48

PRIMARY: ButtonStyle = ((232, 184, 66), (250, 210, 110), (40, 30, 10))
SECONDARY: ButtonStyle = ((245, 240, 228), (255, 255, 255), (30, 40, 35))
DANGER: ButtonStyle = ((200, 70, 60), (225, 100, 90), (255, 255, 255))
PAPER = (250, 246, 235)          # the body of a panel or a tile


class Label:
    """An ``arcade.Text`` whose text is only rebuilt when it changes."""

    def __init__(self, text: str = "", size: float = 16, color: RGBOrA255 = (255, 255, 255),
                 anchor_x: str = "center", anchor_y: str = "center", bold: bool = False,
                 width: int | None = None, multiline: bool = False,
                 align: str = "left") -> None:
        self.text = arcade.Text(text, 0, 0, color, size, font_name=FONT, anchor_x=anchor_x,
                                anchor_y=anchor_y, bold=bold, width=width,
                                multiline=multiline, align=align)

    def set(self, text: str) -> None:
        if self.text.text != text:
            self.text.text = text

    def place(self, x: float, y: float, size: float | None = None) -> None:
        if (self.text.x, self.text.y) != (x, y):
            self.text.position = (x, y)
        if size is not None and self.text.font_size != size:
            self.text.font_size = size

    def draw(self) -> None:
        if self.text.text:
            self.text.draw()


class Button:
    """A rectangle with a label that calls ``on_click`` when pressed and released on it."""

    #: other words the label may show (a bar button is made wide enough for each)
    alt_texts: tuple[str, ...] = ()

    def __init__(self, text: str, on_click: Callable[[], object], style: ButtonStyle = SECONDARY,
                 name: str | None = None) -> None:
        self.name = name or text.lower()
        self.on_click = on_click
        self.style = style
        self.visible = True
        self.enabled = True
        self.pressed = False
        self.cx = self.cy = 0.0
        self.w, self.h = 160.0, 52.0
        self.label = Label(text, 18, style[2], bold=True)

    def place(self, cx: float, cy: float, w: float, h: float, font: float | None = None) -> None:
        self.cx, self.cy = cx, cy
        self.w, self.h = max(w, MIN_TARGET), max(h, MIN_TARGET)
        size = font or max(12.0, min(22.0, self.h * 0.36))
        self.label.place(cx, cy, size)
        t = self.label.text
        while t.content_width > self.w - 12 and size > 9:    # a long word in some language
            size = max(9.0, size - 1)
            t.font_size = size

    @property
    def rect(self) -> arcade.Rect:
        return arcade.XYWH(self.cx, self.cy, self.w, self.h)

    def hit(self, x: float, y: float) -> bool:
        return (self.visible and self.enabled and abs(x - self.cx) <= self.w / 2
                and abs(y - self.cy) <= self.h / 2)

    def draw(self) -> None:
        if not self.visible:
            return
        base, light, _ = self.style
        fill = light if self.pressed else base
        if not self.enabled:
            fill = (150, 150, 150)
        arcade.draw_rect_filled(arcade.XYWH(self.cx + 2, self.cy - 3, self.w, self.h),
                                (0, 0, 0, 70))
        arcade.draw_rect_filled(self.rect, fill)
        arcade.draw_rect_outline(self.rect, (0, 0, 0, 90), 2)
        self.label.draw()


class ButtonGroup:
    """Routes press/release to the buttons it holds."""

    def __init__(self, *buttons: Button) -> None:
        self.buttons = list(buttons)

    def add(self, b: Button) -> Button:
        self.buttons.append(b)
        return b

    def by_name(self, name: str) -> Button:
        return next(b for b in self.buttons if b.name == name)

    def press(self, x: float, y: float) -> bool:
        for b in self.buttons:
            if b.hit(x, y):
                b.pressed = True
                return True
        return False

    def release(self, x: float, y: float) -> bool:
        clicked = None
        for b in self.buttons:
            if b.pressed and b.hit(x, y):
                clicked = b
            b.pressed = False
        if clicked is not None:
            clicked.on_click()
            return True
        return False

    def draw(self) -> None:
        for b in self.buttons:
            b.draw()


def draw_panel(cx: float, cy: float, w: float, h: float, alpha: int = 235) -> None:
    arcade.draw_rect_filled(arcade.XYWH(cx + 4, cy - 6, w, h), (0, 0, 0, 90))
    arcade.draw_rect_filled(arcade.XYWH(cx, cy, w, h), (*PAPER, alpha))
    arcade.draw_rect_outline(arcade.XYWH(cx, cy, w, h), (200, 160, 60), 3)


def dim_screen(width: float, height: float, alpha: int = 140) -> None:
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, (0, 0, 0, alpha))
