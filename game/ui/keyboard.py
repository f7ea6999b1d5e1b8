"""Keyboard play at a table: a visible focus, Enter to play, Space to select, keys for buttons.

- Tab / Shift+Tab and the arrow keys move the focus between the human's playable cards,
  the glowing drop targets and the visible buttons (or, while a panel is open, between
  the panel's buttons).
- Enter activates: on a card it selects the card and moves the focus to the first target
  that glows for it; on a target it drops the selection there; on a button it presses it.
- Space toggles the focused card's selection (several cards at Pao De Kuai).
- Number keys press buttons directly: each button shown has a number in its corner; a
  button that is greyed out keeps its number (the key does nothing then), so a key does
  not pass to its neighbour while one is off (Pao De Kuai's 1 stayed Play, not Hint).
- A focus whose control goes away (Stop pressed, the card played) falls to the first
  playable card, else an action button, else nowhere; never to the top bar (Undo): an
  Enter pressed twice never takes the move back.
- Esc (handled by the table) pauses and resumes.

The focus and the buttons' numbers are only drawn once a key has been used, so pointer
players never see them. The keyboard knows a table only through the small ``Focusable``
interface below; the table owns its ``Keyboard`` and calls ``press`` and ``draw``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import arcade

from game.ui.widgets import FONT, Button

FOCUS = (90, 200, 255)
DIGITS = [getattr(arcade.key, f"KEY_{n}") for n in range(1, 10)]
NUMPAD = [getattr(arcade.key, f"NUM_{n}") for n in range(1, 10)]
NEXT = {arcade.key.TAB, arcade.key.RIGHT, arcade.key.DOWN}
PREV = {arcade.key.LEFT, arcade.key.UP}
ENTER = {arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER}


@dataclass(frozen=True)
class Item:
    kind: str            # "card", "target" or "button"
    key: Any             # token id, target name, or the Button itself

    def __repr__(self) -> str:
        name = self.key.name if isinstance(self.key, Button) else self.key
        return f"Item({self.kind}, {name})"


Rect = tuple[float, float, float, float, float]      # centre x, y, width, height, angle


class Focusable(Protocol):
    """What the keyboard needs of a table."""

    @property
    def key_scale(self) -> float:
        """The layout's scale (the size of the key badges)."""

    @property
    def key_height(self) -> float:
        """The window's height (badges go below buttons in the upper half)."""

    def modal_buttons(self) -> list[Button] | None:
        """The open panel's usable buttons (a panel takes every key), or None."""

    def table_buttons(self) -> list[Button]:
        """The table's buttons shown now, in their numbering (greyed ones included)."""

    def bar_buttons(self) -> list[Button]:
        """The top bar's buttons (Undo, Hint, Rules, Menu): reached by Tab or a number,
        never by a focus that falls by itself."""

    def focus_cards(self) -> list[int]:
        """The cards (token ids) that may take the focus now, left to right."""

    def focus_targets(self) -> list[str]:
        """The drop targets that glow for the selection now (none without one)."""

    def card_rect(self, tid: int) -> Rect | None: ...

    def target_rect(self, name: str) -> Rect: ...

    def toggle_card(self, tid: int) -> None:
        """Space on a card: select it, or unselect it."""

    def choose_card(self, tid: int) -> None:
        """Enter on a card: select it (as a tap does)."""

    def drop_on(self, target: str) -> None:
        """Enter on a target: play the selection there."""

    def press_button(self, button: Button) -> None: ...


class Keyboard:
    def __init__(self, view: Focusable) -> None:
        self.view = view
        self.focus: Item | None = None
        self.shown = False               # the focus ring appears after the first key
        self._hint = arcade.Text("", 0, 0, (20, 20, 20), 11, font_name=FONT, bold=True,
                                 anchor_x="center", anchor_y="center")

    # ----- what can take the focus --------------------------------------------------------
    def buttons(self) -> list[Button]:
        """The buttons number keys reach, in the order of their numbers: the open
        panel's, else the table's (a greyed one keeps its number, unused)."""
        panel = self.view.modal_buttons()
        return panel if panel is not None else self.view.table_buttons()

    @staticmethod
    def usable(b: Button) -> bool:
        return b.visible and b.enabled

    def items(self) -> list[Item]:
        panel = self.view.modal_buttons()
        if panel is not None:
            return [Item("button", b) for b in panel]
        v = self.view
        out = [Item("card", tid) for tid in v.focus_cards()]
        out += [Item("target", name) for name in v.focus_targets()]
        out += [Item("button", b) for b in self.buttons() if self.usable(b)]
        return out

    # ----- keys -------------------------------------------------------------------------------
    def press(self, key: int, modifiers: int) -> bool:
        """Handle a key; False when it is not a keyboard-play key (Esc is the table's)."""
        if key == arcade.key.ESCAPE:
            return False
        items = self.items()
        if key in NEXT or key in PREV:
            self.shown = True
            back = key in PREV or (key == arcade.key.TAB and modifiers & arcade.key.MOD_SHIFT)
            self.move(items, -1 if back else 1)
            return True
        if key in DIGITS or key in NUMPAD:
            n = (DIGITS.index(key) if key in DIGITS else NUMPAD.index(key))
            buttons = self.buttons()
            if n < len(buttons) and self.usable(buttons[n]):
                self.shown = True
                self.activate(Item("button", buttons[n]))
            return True
        if key in ENTER or key == arcade.key.SPACE:
            self.shown = True
            if self.focus not in items:
                self.focus = self.fallback(items)
                if key == arcade.key.SPACE or self.focus is None:
                    return True
            if key == arcade.key.SPACE and self.focus.kind == "card":
                self.toggle(self.focus.key)
            elif key == arcade.key.SPACE:
                self.activate(self.focus)
            else:
                self.activate(self.focus)
            return True
        return False

    def move(self, items: list[Item], step: int) -> None:
        if not items:
            self.focus = None
            return
        if self.focus is not None and self.focus in items:
            i = items.index(self.focus)
            self.focus = items[(i + step) % len(items)]
        else:
            self.focus = items[0] if step > 0 else items[-1]

    def toggle(self, tid: int) -> None:
        self.view.toggle_card(tid)

    def activate(self, item: Item) -> None:
        v = self.view
        if item.kind == "button":
            v.press_button(item.key)
            self.after_action()
            return
        if item.kind == "target":
            v.drop_on(item.key)
            self.after_action()
            return
        v.choose_card(item.key)
        live = v.focus_targets()
        if live:
            self.focus = Item("target", live[0])

    def after_action(self) -> None:
        """After a move or a button: keep the focus on something that is still there."""
        items = self.items()
        if self.focus not in items:
            self.focus = self.fallback(items)

    def fallback(self, items: list[Item]) -> Item | None:
        """Where a focus that has none (or whose control went away) falls: an open
        panel's first button; at the table the first playable card, else a glowing
        target, else an action (Take, Stop, Play …), else nowhere: never a bar button,
        so that an Enter after Stop does not land on Undo."""
        if self.view.modal_buttons() is not None:
            return items[0] if items else None
        bar = self.view.bar_buttons()
        return next((i for i in items if i.kind != "button"
                     or all(i.key is not b for b in bar)), None)

    # ----- drawing -----------------------------------------------------------------------------
    def badge_at(self, b: Button, r: float) -> tuple[float, float]:
        """Where a button's number badge sits: on its corner, half outside it (clear of
        the label).  A panel's buttons all carry theirs on the same corner, the top right;
        the table's go below a button in the window's upper half."""
        v = self.view
        below = v.modal_buttons() is None and b.cy > v.key_height / 2
        return (b.cx + b.w / 2 - r * 0.4,
                b.cy - b.h / 2 + r * 0.4 if below else b.cy + b.h / 2 - r * 0.4)

    def draw(self) -> None:
        v = self.view
        s = v.key_scale
        if not self.shown:          # pointer players see no key hints
            return
        for n, b in enumerate(self.buttons()[:9]):
            if not self.usable(b):
                continue
            r = max(9.0, 11 * s)
            x, y = self.badge_at(b, r)
            arcade.draw_circle_filled(x, y, r, (255, 255, 255, 215))
            arcade.draw_circle_outline(x, y, r, (40, 40, 40, 160), 1)
            self._hint.text = str(n + 1)
            self._hint.font_size = max(8.0, 10 * s)
            self._hint.position = (x, y)
            self._hint.draw()
        if self.focus is None or self.focus not in self.items():
            return
        item = self.focus
        if item.kind == "button":
            b = item.key
            arcade.draw_rect_outline(arcade.XYWH(b.cx, b.cy, b.w + 10, b.h + 10), FOCUS, 4)
        else:
            rect = (v.target_rect(item.key) if item.kind == "target"
                    else v.card_rect(item.key))
            if rect is not None:
                x, y, w, h, angle = rect
                arcade.draw_rect_outline(arcade.XYWH(x, y, w + 10, h + 10), FOCUS, 4, angle)
