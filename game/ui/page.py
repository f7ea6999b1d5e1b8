"""A scrolling page of text and card pictures, the base of the rules and deck screens.

The page is laid out once per size, language or choice, in page coordinates that equal
screen coordinates at scroll 0.  Scrolling only moves a camera (clipped to the content
box), so no text is rebuilt while the page scrolls.  Page text lives in pyglet Batches, one
per stretch of the page (``new_batch``), and only the stretches in view are drawn;
``texts`` keeps every text object with the width of the box it must fit in.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
import pyglet
from arcade.types import RGBOrA255

from game import i18n
from game.i18n.rules_content import rules_gettext
from game.ui import assets
from game.ui.input_stack import ButtonsLayer, InputStack, Layer
from game.ui.widgets import FONT, Button, ButtonGroup, Label, draw_panel
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.ui.window import Window

INK = (40, 36, 30)
ACCENT = (150, 70, 20)
MUTED = (95, 88, 75)
DRAG_SLOP = 8.0           # pixels a press may move and still count as a tap


def fit_font(text: arcade.Text, max_w: float, size: float, min_size: float = 10) -> None:
    """The largest font size from ``size`` down to ``min_size`` at which ``text`` fits
    (each size set lays the text out again: the one it has is not set twice)."""
    if text.font_size != size:
        text.font_size = size
    if text.content_width > max_w and size > min_size:   # first a guess by proportion:
        size = max(min_size, float(math.floor(size * max_w / text.content_width)))
        text.font_size = size                            # each size set costs a layout
    while text.content_width > max_w and size > min_size:
        size = max(min_size, size - 1)
        text.font_size = size


def open_scene(window: arcade.Window, name: str, **kw: Any) -> None:
    """Open a view by name through the window (``window.open``), or directly when the
    window has no ``open`` (a bare window in tests)."""
    opener = getattr(window, "open", None)
    if callable(opener):
        opener(name, **kw)
        return
    from game.scenes import scene_class

    made = scene_class(name)(window, **kw)
    if isinstance(made, arcade.View):
        window.show_view(made)


def back_action(window: Window,
                back: Callable[[], None] | arcade.View | None) -> Callable[[], None] | None:
    """What Back does: a callable as given, a view shown again, or None (the menu)."""
    if isinstance(back, arcade.View):
        view = back
        return lambda: window.show_view(view)
    return back


#: px (at 1280x800) left under the page's lowest line
PAGE_MARGIN = 14.0


class PageLayer(Layer):
    """The page under the header: a press on the content may become a drag that scrolls
    it or a tap (``on_page_tap``); its keys (``page_key``) and the wheel scroll it."""

    name = "page"

    def __init__(self, view: PageView) -> None:
        self.view = view

    def press(self, x: float, y: float) -> bool:
        v = self.view
        if v.content.point_in_rect((x, y)):
            v.held_at = (x, y, v.scroll)
            v.dragged = False
            return True
        return False

    def drag(self, x: float, y: float) -> bool:
        v = self.view
        if v.held_at is None:
            return False
        x0, y0, s0 = v.held_at
        if v.dragged or abs(y - y0) > DRAG_SLOP or abs(x - x0) > DRAG_SLOP:
            v.dragged = True
            v.scroll_to(s0 + (y - y0))
        return True

    def release(self, x: float, y: float) -> bool:
        v = self.view
        press, v.held_at = v.held_at, None
        if press is not None and not v.dragged:
            v.on_page_tap(*v.page_point(x, y))
        return press is not None

    def cancel(self) -> None:
        self.view.held_at = None

    def key(self, key: int, modifiers: int) -> bool:
        return self.view.page_key(key, modifiers)

    def scroll(self, x: float, y: float, dy: float) -> bool:
        v = self.view
        v.scroll_to(v.scroll - dy * 60 * v.scale)
        return True


class PageView(arcade.View):
    """Header buttons on top, a scrolling content box below: its input is a stack of
    layers (``game.ui.input_stack``), the header's buttons over the page; a screen adds
    its own (History's choice over the page, an exclusive layer)."""

    def __init__(self, window: Window, back: Callable[[], None] | arcade.View | None
                 = None) -> None:
        super().__init__(arcade_window(window))
        self.app = window
        self.back = back_action(window, back)
        self.buttons = ButtonGroup()
        self.scroll = 0.0
        self.max_scroll = 0.0
        self.camera = arcade.Camera2D()
        self.batch = pyglet.graphics.Batch()
        self.batches: list[tuple[float, float, pyglet.graphics.Batch]] = []   # top, bottom
        self.texts: list[tuple[arcade.Text, float]] = []   # page text and its box width
        self.cards: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.rects: list[tuple[arcade.Rect, RGBOrA255]] = []   # boxes behind content
        self.content = arcade.LBWH(0, 0, 1, 1)          # the scroll area on screen
        self.page_top = 0.0
        self.held_at: tuple[float, float, float] | None = None   # x, y, scroll at press
        self.dragged = False
        self._laid_out: tuple[int, int, str] | None = None
        self.scale = 1.0
        self.title = Label("", 24, (255, 245, 220), bold=True)   # the header's title
        self.title_box = 0.0                                     # the room it has
        self.stack = InputStack(ButtonsLayer(lambda: self.buttons.buttons, "header"),
                                PageLayer(self))

    # ---- text helpers ---------------------------------------------------------------

    @staticmethod
    def tr(msgid: str) -> str:
        return rules_gettext(msgid)

    def add_text(self, text: str, x: float, y: float, size: float, color: RGBOrA255 = INK,
                 width: float | None = None, bold: bool = False, anchor_x: str = "left",
                 anchor_y: str = "top", align: str = "left") -> arcade.Text:
        """A page text; with ``width`` it wraps inside that width."""
        t = arcade.Text(text, x, y, color, size, width=int(width) if width else None,
                        align=align, font_name=FONT, bold=bold, anchor_x=anchor_x,
                        anchor_y=anchor_y, multiline=width is not None, batch=self.batch)
        self.texts.append((t, float(width) if width else float(self.content.width)))
        return t

    def add_card(self, style: str, card: str, cx: float, cy: float, h: float) -> arcade.Sprite:
        sp = arcade.Sprite(assets.card_texture(style, card))
        sp.scale = h / assets.CARD_H
        sp.position = (cx, cy)
        self.cards.append(sp)
        return sp

    def fan(self, style: str, cards: tuple[str, ...], cx: float, y_bottom: float,
            h: float, spread: float = 9.0) -> None:
        """Cards spread like a hand, each turned a little further."""
        n = len(cards)
        cw = h * assets.CARD_W / assets.CARD_H
        step = cw * 0.55
        for i, card in enumerate(cards):
            k = i - (n - 1) / 2
            sp = self.add_card(style, card, cx + k * step, y_bottom + h / 2 - abs(k) * h * 0.03,
                               h)
            sp.angle = k * spread

    # ---- layout -----------------------------------------------------------------------

    def relayout(self) -> None:
        """Rebuild everything for the current size, language and choice."""
        w, h = self.window.width, self.window.height
        self.scale = max(0.75, min(w / 1280, h / 800))
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        self.cards = arcade.SpriteList()
        self.rects = []
        self.layout_header(w, h)
        self.measure_page(self.layout_page(w, h))
        self._laid_out = (w, h, i18n.language())

    def measure_page(self, bottom: float) -> None:
        """The page's stretches of text and how far it scrolls, for what is laid out
        (again as a page laid out over several frames grows)."""
        self.measure_batches()
        # the page ends below whatever reaches lowest (a text's descenders, a row's box,
        # a card), with a margin: the last line scrolls whole into view, clear of the frame
        lows = [bottom, *(low for _, low, _ in self.batches),
                *(r.bottom for r, _ in self.rects), *(sp.bottom for sp in self.cards)]
        bottom = min(lows) - PAGE_MARGIN * self.scale
        # scrolled to the end, that bottom stands on the content's lower edge (the page
        # may start below the content's top: measured from the top, a line fell short)
        self.max_scroll = max(0.0, self.content.bottom - bottom)
        self.scroll_to(self.scroll)

    def measure_batches(self) -> None:
        """Each stretch of the page's text, with its top and bottom (only those in view
        are drawn); again after words are added to a stretch laid out earlier."""
        extents: dict[pyglet.graphics.Batch, tuple[float, float]] = {}
        for t, _ in self.texts:
            batch = t.batch
            if batch is None:        # never: add_text puts every page text in a batch
                continue
            top, low = extents.get(batch, (t.top, t.bottom))
            extents[batch] = (max(top, t.top), min(low, t.bottom))
        self.batches = [(top, low, b) for b, (top, low) in extents.items()]

    def new_batch(self) -> None:
        """Later page text goes into a batch of its own (drawn only while in view)."""
        self.batch = pyglet.graphics.Batch()

    def layout_header(self, w: int, h: int) -> None:
        raise NotImplementedError

    def layout_page(self, w: int, h: int) -> float:
        """Lay the page out from ``self.page_top`` down; return the lowest y used."""
        raise NotImplementedError

    def header_metrics(self, h: float) -> tuple[float, float, float]:
        """The header row: button height, button font size, centre line."""
        s = self.scale
        bar = max(50.0, 56 * s)
        return bar, max(14.0, 17 * s), h - 10 - bar / 2

    def place_back(self, back: Button, w: float, cy: float, bar: float, font: float) -> None:
        """The Back button at the header's left, sized to its words."""
        self.place_row([back], 14, w / 2, cy, bar, font)
        back.place(14 + back.w / 2, cy, back.w, bar, back.label.text.font_size)

    def place_back_header(self, w: float, h: float,
                          back_text: str) -> tuple[float, float, float, float]:
        """The header line with its Back button: (button height, font size, centre line,
        the Back button's right edge)."""
        bar, font, cy = self.header_metrics(h)
        back = self.buttons.by_name("back")
        back.label.set(back_text)
        self.place_back(back, w, cy, bar, font)
        return bar, font, cy, back.cx + back.w / 2

    def place_title(self, text: str, left: float, right: float, cy: float) -> None:
        """The page's title centred between ``left`` and ``right``, shrunk to fit there."""
        self.title.set(text)
        self.title.place((left + right) / 2, cy)
        self.title_box = right - left - 24
        fit_font(self.title.text, self.title_box, max(18.0, 26 * self.scale), 12)

    def place_row(self, buttons: list[Button], left: float, right: float, cy: float,
                  bh: float, font: float, gap: float = 10.0, fill: bool = False) -> None:
        """Buttons side by side between ``left`` and ``right``, each as wide as its label
        (with ``fill``, the spare room shared out); labels shrink to fit if need be."""
        pad = 28 * self.scale
        for b in buttons:
            b.label.text.font_size = font
        natural = [b.label.text.content_width + pad for b in buttons]
        room = right - left - gap * (len(buttons) - 1)
        if sum(natural) > room:             # too little room: shrink in proportion
            widths = [room * n / sum(natural) for n in natural]
        elif fill:                          # share the spare room out evenly
            widths = [n + (room - sum(natural)) / len(buttons) for n in natural]
        else:
            widths = natural
        x = left
        for b, bw in zip(buttons, widths, strict=True):
            b.place(x + bw / 2, cy, bw, bh, font)
            fit_font(b.label.text, bw - 12, font, 9)
            x += bw + gap

    def scroll_to(self, value: float) -> None:
        self.scroll = min(max(0.0, value), self.max_scroll)
        w, h = self.window.width, self.window.height
        self.camera.match_window()
        self.camera.position = (w / 2, h / 2 - self.scroll)
        c = self.content      # never an empty box: OpenGL refuses a scissor of size < 0
        self.camera.scissor = arcade.LBWH(c.left, c.bottom, max(1.0, c.width),
                                          max(1.0, c.height))

    def page_point(self, x: float, y: float) -> tuple[float, float]:
        """Screen point to page coordinates."""
        return x, y - self.scroll

    # ---- arcade events ----------------------------------------------------------------

    def on_show_view(self) -> None:
        self.relayout()

    def on_resize(self, width: int, height: int) -> None:
        self.relayout()

    def on_update(self, delta_time: float) -> None:
        if self._laid_out != (self.window.width, self.window.height, i18n.language()):
            self.relayout()

    def on_draw(self) -> None:
        if self._laid_out != (self.window.width, self.window.height, i18n.language()):
            self.relayout()
        self.clear()
        w, h = self.window.width, self.window.height
        c = self.content
        # felt only above the page: software GL pays for every textured pixel
        band = c.top + 4
        arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, band, w, h - band))
        draw_panel(c.center_x, c.center_y, c.width + 8, c.height + 8, 255)
        view_top, view_bottom = c.top - self.scroll, c.bottom - self.scroll
        with self.camera.activate():
            for rect, color in self.rects:
                if rect.bottom <= view_top and rect.top >= view_bottom:
                    arcade.draw_rect_filled(rect, color)
            self.cards.draw()
            for top, bottom, batch in self.batches:
                if bottom <= view_top and top >= view_bottom:
                    batch.draw()
        self.window.ctx.scissor = None
        self.window.default_camera.use()
        self.draw_header()
        if self.max_scroll > 0:
            self.draw_scrollbar()

    def draw_header(self) -> None:
        self.buttons.draw()

    def draw_scrollbar(self) -> None:
        c = self.content
        track = c.height - 16
        knob = max(40.0, track * c.height / (c.height + self.max_scroll))
        y_top = c.top - 8 - (track - knob) * self.scroll / self.max_scroll
        arcade.draw_rect_filled(arcade.LRBT(c.right - 9, c.right - 3, y_top - knob, y_top),
                                (120, 100, 60, 150))

    # ----- input: through the stack -----------------------------------------------------
    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.stack.scroll(x, y, scroll_y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.press(x, y)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> None:
        self.stack.drag(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.release(x, y)

    def on_key_press(self, key: int, modifiers: int) -> None:
        self.stack.key(key, modifiers)

    def on_page_tap(self, x: float, y: float) -> None:
        """A tap (not a drag) on the page, in page coordinates."""

    def page_key(self, key: int, modifiers: int) -> bool:
        """A key the page takes (a screen adds its own, then calls this): Esc goes back;
        the arrows, J/K, Space and the page keys scroll."""
        step = 60 * self.scale
        if key == arcade.key.ESCAPE:
            self.go_back()
        elif key in (arcade.key.DOWN, arcade.key.J):
            self.scroll_to(self.scroll + step)
        elif key in (arcade.key.UP, arcade.key.K):
            self.scroll_to(self.scroll - step)
        elif key in (arcade.key.PAGEDOWN, arcade.key.SPACE):
            self.scroll_to(self.scroll + self.content.height * 0.9)
        elif key == arcade.key.PAGEUP:
            self.scroll_to(self.scroll - self.content.height * 0.9)
        elif key == arcade.key.HOME:
            self.scroll_to(0)
        elif key == arcade.key.END:
            self.scroll_to(self.max_scroll)
        else:
            return False
        return True

    def go_back(self) -> None:
        if self.back is not None:
            self.back()
        else:
            open_scene(self.window, "menu")

    def drawn_texts(self) -> list[str]:
        """Every text the page shows now (tests read it)."""
        return [t.text for t, _ in self.texts] + [b.label.text.text for b in
                                                   self.buttons.buttons if b.visible]
