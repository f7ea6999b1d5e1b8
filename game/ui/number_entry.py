"""A modal panel to type a whole number: a title, a line of explanation, the field with
its caret, an error line, a keypad (1-9, 0 and a delete key) and Play / Cancel.

Keys: digits type (``on_text``, so the number row, the numeric keypad and every layout
work alike; anything else typed is ignored), Backspace deletes the last digit, Enter
plays, Esc cancels and Ctrl+V pastes the digits of the clipboard's text ("Deal 48 213"
pastes 48213).  A finger or a mouse needs no keyboard: the keypad types too.  While it
is open the panel takes every press and release (it is a :class:`game.ui.panels.Panel`),
and it lays itself out in the middle of the window at any size.

The field keeps one digit more than the largest number has, so a number too long
(pasted, say) is shown and refused with the error line rather than cut silently.
"""
from __future__ import annotations

import string
from collections.abc import Callable
from functools import partial

import arcade

from game.i18n import _, grouped
from game.ui.panels import INK, Panel
from game.ui.widgets import MIN_TARGET, PRIMARY, SECONDARY, Button, Label

ERROR = (170, 40, 30)
FIELD = (255, 255, 255)
CARET = (40, 30, 20)
EDGE = (90, 200, 255)          # the field takes the keys: the keyboard focus colour
ENTER = {arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER}
ACCEL = arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND
#: the keypad, row by row from the top (a phone's order); None leaves the slot empty
KEYPAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", None, "0", "backspace"]


def digits_of(text: str) -> str:
    """The ASCII digits of ``text``, in order ("Deal 48 213" -> "48213")."""
    return "".join(ch for ch in text if ch in string.digits)


class DeleteKey(Button):
    """The keypad's delete key: a key-shaped arrow with a cross, drawn (no glyph that a
    font might lack)."""

    def draw(self) -> None:
        super().draw()
        if not self.visible:
            return
        s = min(self.w, self.h) / 48
        cx, cy = self.cx, self.cy
        hw, hh, tip = 15 * s, 10 * s, 9 * s
        left = cx - hw
        points = [(left, cy), (left + tip, cy + hh), (cx + hw, cy + hh), (cx + hw, cy - hh),
                  (left + tip, cy - hh)]
        ink = self.style[2]
        arcade.draw_polygon_outline(points, ink, max(2.0, 2.5 * s))
        mx, r = cx + tip / 2, 4.5 * s
        arcade.draw_line(mx - r, cy - r, mx + r, cy + r, ink, max(2.0, 2.5 * s))
        arcade.draw_line(mx - r, cy + r, mx + r, cy - r, ink, max(2.0, 2.5 * s))


class NumberEntry(Panel):
    """Type a number from ``low`` to ``high``; Play calls ``on_play`` with it (the panel
    closes first), Cancel and Esc close it.  ``paste`` gives the clipboard's text."""

    def __init__(self, on_play: Callable[[int], None], low: int = 1, high: int = 999_999,
                 title: str = "", note: str = "",
                 paste: Callable[[], str] = lambda: "",
                 on_cancel: Callable[[], object] = lambda: None) -> None:
        self.on_play = on_play
        self.on_cancel = on_cancel
        self.paste = paste
        self.low, self.high = low, high
        self.max_digits = len(str(high)) + 1
        self.digits = ""
        self.note = Label(note, 15, (60, 50, 40), multiline=True, width=400,
                          anchor_y="top", align="center")
        self.field = Label("", 30, INK, bold=True)
        self.error = Label("", 14, ERROR, multiline=True, width=400, anchor_y="top",
                           align="center", bold=True)
        self.keys: list[Button] = []
        for k in KEYPAD:
            if k == "backspace":
                self.keys.append(DeleteKey("", self.backspace, SECONDARY, name="backspace"))
            elif k is not None:
                self.keys.append(Button(k, partial(self.type_digits, k), SECONDARY,
                                        name=f"digit{k}"))
        self.play = Button(_("Play"), self.submit, PRIMARY, name="play")
        self.cancel = Button(_("Cancel"), self.close, SECONDARY, name="cancel")
        super().__init__(title, None, [*self.keys, self.play, self.cancel], dim=160)
        self.field_box = (0.0, 0.0, 0.0, 0.0)

    # ----- the number ------------------------------------------------------------------------
    @property
    def value(self) -> int | None:
        return int(self.digits) if self.digits else None

    def range_text(self) -> str:
        return _("Type a number from {low} to {high}.").format(low=grouped(self.low),
                                                               high=grouped(self.high))

    def type_digits(self, text: str) -> None:
        """Add the digits of ``text`` (other characters are ignored)."""
        new = digits_of(text)
        if not new:
            return
        digits = (self.digits + new).lstrip("0") or "0"    # 007 is 7; 0 stays 0
        self.digits = digits[:self.max_digits]
        self.error.set("")
        self.refresh()

    def backspace(self) -> None:
        self.digits = self.digits[:-1]
        self.error.set("")
        self.refresh()

    def paste_clipboard(self) -> None:
        self.type_digits(self.paste())

    def submit(self) -> None:
        n = self.value
        if n is None or not self.low <= n <= self.high:
            self.error.set(self.range_text())
            return
        self.visible = False
        self.on_play(n)

    def open(self, title: str | None = None, note: str | None = None) -> None:
        """Show the panel, empty."""
        if title is not None:
            self.title.set(title)
        if note is not None:
            self.note.set(note)
        self.digits = ""
        self.error.set("")
        self.refresh()
        self.visible = True
        if self.size is not None:
            self.place(*self.size)

    def close(self) -> None:
        if self.visible:
            self.visible = False
            self.on_cancel()

    def refresh(self) -> None:
        self.field.set(grouped(int(self.digits)) if self.digits else "")

    # ----- layout ----------------------------------------------------------------------------
    def place(self, w: float, h: float) -> None:
        self.size = (w, h)
        s = max(0.75, min(w / 1280, h / 800))
        pw = max(1.0, min(w - 40, 460 * s))
        inner = max(1, int(pw - 40))          # a tiny window: pyglet needs a width >= 1
        key_h = max(float(MIN_TARGET), 52 * s)
        btn_h = max(float(MIN_TARGET), 54 * s)
        field_h = max(float(MIN_TARGET), 62 * s)
        gap = 8 * s
        self.note.text.width = inner
        self.note.place(0, 0, 15 * s)
        note_h = self.note.text.content_height + 10 * s if self.note.text.text else 0.0
        # room for the error line as it would read, so nothing moves when it shows
        self.error.text.width = inner
        shown = self.error.text.text
        self.error.place(0, 0, 14 * s)
        self.error.set(self.range_text())
        error_h = self.error.text.content_height + 8 * s
        self.error.set(shown)
        ph = (22 * s + 34 * s + 8 * s + note_h + field_h + 8 * s + error_h
              + 4 * key_h + 3 * gap + 18 * s + btn_h + 22 * s)
        ph = max(1.0, min(ph, h - 20)) if h > 40 else max(1.0, ph)
        cx, cy = w / 2, h / 2
        top = cy + ph / 2
        self.box = (cx, cy, pw, ph)
        y = top - 22 * s
        size = 28 * s
        self.title.place(round(cx), round(y - 17 * s), size)
        while self.title.text.content_width > pw - 30 and size > 11:    # long words
            size -= 1
            self.title.text.font_size = size
        y -= 34 * s + 8 * s
        self.note.place(round(cx), round(y))
        y -= note_h
        fw = min(pw - 40, 300 * s)
        self.field_box = (cx, y - field_h / 2, max(1.0, fw), field_h)
        self.field.place(round(cx), round(y - field_h / 2), 30 * s)
        y -= field_h + 8 * s
        self.error.place(round(cx), round(y))
        y -= error_h
        kw = max(float(MIN_TARGET), min(110 * s, (pw - 40 - 2 * gap) / 3))
        slot = 0
        for k in KEYPAD:
            r, c = divmod(slot, 3)
            slot += 1
            if k is None:
                continue
            b = self.buttons.by_name("backspace" if k == "backspace" else f"digit{k}")
            b.place(cx + (c - 1) * (kw + gap), y - key_h / 2 - r * (key_h + gap), kw, key_h,
                    max(16.0, 22 * s))
        y -= 4 * key_h + 3 * gap + 18 * s
        bw = max(float(MIN_TARGET), min(200 * s, (pw - 40 - 16) / 2))
        for i, b in enumerate((self.play, self.cancel)):
            b.place(cx + (i - 0.5) * (bw + 16), y - btn_h / 2, bw, btn_h, max(14.0, 18 * s))

    # ----- drawing and input -----------------------------------------------------------------
    def draw_body(self) -> None:
        """The explanation, the field with its caret, the error line (the keypad and Play
        / Cancel are the panel's buttons)."""
        self.note.draw()
        fx, fy, fw, fh = self.field_box
        arcade.draw_rect_filled(arcade.XYWH(fx, fy, fw, fh), FIELD)
        arcade.draw_rect_outline(arcade.XYWH(fx, fy, fw, fh), EDGE, 3)
        self.field.draw()
        t = self.field.text
        x = fx + t.content_width / 2 + 4 if t.text else fx
        arcade.draw_line(x, fy - fh * 0.3, x, fy + fh * 0.3, CARET, 2)
        self.error.draw()

    def on_text(self, text: str) -> bool:
        """Typed text (``on_text``): its digits go into the field."""
        if not self.visible:
            return False
        self.type_digits(text)
        return True

    def key(self, key: int, modifiers: int) -> bool:
        """A key press: Enter, Esc, Backspace and Ctrl+V; whether the panel used it
        (digits come through :meth:`on_text`)."""
        if not self.visible:
            return False
        if key in ENTER:
            self.submit()
        elif key == arcade.key.ESCAPE:
            self.close()
        elif key == arcade.key.BACKSPACE:
            self.backspace()
        elif key == arcade.key.V and modifiers & ACCEL:
            self.paste_clipboard()
        else:
            return False
        return True
