"""Keyboard play at a table: a visible focus, Enter to play, Space to select, keys for buttons.

- Tab / Shift+Tab and the arrow keys move the focus between the human's playable cards,
  the glowing drop targets and the visible buttons (or, while a panel is open, between
  the panel's buttons).
- Enter activates: on a card it selects the card and moves the focus to the first target
  that glows for it; on a target it drops the selection there; on a button it presses it.
- Space toggles the focused card's selection (several cards at Pao De Kuai).
- Number keys press buttons directly: each visible button shows its number in a corner.
- Esc (handled by the table) pauses and resumes.

The focus and the buttons' numbers are only drawn once a key has been used, so pointer
players never see them.  The
module keeps its state on the table view (``keyboard.of(view)``); the table calls
``handle(view, key, modifiers)`` from ``on_key_press`` and ``draw(view)`` after drawing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import arcade

from game.ui.widgets import FONT, Button

if TYPE_CHECKING:
    from game.scenes.table_view import TableView
    from game.ui.placement import Token

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


class Keyboard:
    def __init__(self, view: TableView) -> None:
        self.view = view
        self.focus: Item | None = None
        self.shown = False               # the focus ring appears after the first key
        self._hint = arcade.Text("", 0, 0, (20, 20, 20), 11, font_name=FONT, bold=True,
                                 anchor_x="center", anchor_y="center")

    # ----- what can take the focus --------------------------------------------------------
    def panel_buttons(self) -> list[Button] | None:
        """The open panel's buttons (a panel takes every key), or None."""
        v = self.view
        for panel in (v.confirm, v.result_panel, v.pause_panel, *v.modal_panels()):
            if panel.visible:
                return [b for b in panel.buttons.buttons if b.visible and b.enabled]
        return None

    def buttons(self) -> list[Button]:
        """The buttons number keys reach, in the order their numbers are shown."""
        panel = self.panel_buttons()
        if panel is not None:
            return panel
        v = self.view
        return ([b for b in v.actions.buttons if b.visible and b.enabled]
                + [b for b in v.bar.buttons if b.visible and b.enabled])

    def cards(self) -> list[Token]:
        """The human's cards that may be picked now (every hand card where several are
        chosen), left to right."""
        v = self.view
        if not v.human_to_act:
            return []
        if v.multi_select:
            toks = [t for t in v.tokens_at("hand0") if t.up and t.card]
        else:
            pickable = v.pickable()
            toks = [t for t in v.board.tokens() if t.up and (t.place, t.card) in pickable]
        toks = [t for t in toks if t.id in v.sprites and v.sprites[t.id].visible]
        return sorted(toks, key=lambda t: (t.place, v.sprites[t.id].home[0]))

    def items(self) -> list[Item]:
        panel = self.panel_buttons()
        if panel is not None:
            return [Item("button", b) for b in panel]
        v = self.view
        out = [Item("card", t.id) for t in self.cards()]
        if v.selected:
            live = v.live_targets()
            out += [Item("target", name) for name in v.targets() if name in live]
        out += [Item("button", b) for b in self.buttons()]
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
            if n < len(buttons):
                self.shown = True
                self.activate(Item("button", buttons[n]))
            return True
        if key in ENTER or key == arcade.key.SPACE:
            self.shown = True
            if self.focus not in items:
                self.focus = items[0] if items else None
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
        if self.focus in items:
            i = items.index(self.focus)                 # type: ignore[arg-type]
            self.focus = items[(i + step) % len(items)]
        else:
            self.focus = items[0] if step > 0 else items[-1]

    def token(self, tid: int) -> Token | None:
        return next((t for t in self.view.board.tokens() if t.id == tid), None)

    def toggle(self, tid: int) -> None:
        v = self.view
        tok = self.token(tid)
        if tok is None:
            return
        if v.multi_select:
            v.tap_card(tok)
            return
        v.selected = [] if tok in v.selected else [tok]
        v.after_select()

    def activate(self, item: Item) -> None:
        v = self.view
        if item.kind == "button":
            b: Button = item.key
            v.app.sounds.play("click")
            b.on_click()
            self.after_action()
            return
        if item.kind == "target":
            v.try_selection(item.key)
            self.after_action()
            return
        tok = self.token(item.key)
        if tok is None:
            return
        if v.multi_select:
            v.tap_card(tok)
            return
        if tok not in v.selected:
            v.tap_card(tok)
        live = [n for n in v.targets() if n in v.live_targets()] if v.selected else []
        if live:
            self.focus = Item("target", live[0])

    def after_action(self) -> None:
        """After a move or a button: keep the focus on something that is still there."""
        items = self.items()
        if self.focus not in items:
            cards = [i for i in items if i.kind == "card"]
            self.focus = cards[0] if cards else (items[0] if items else None)

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self) -> None:
        v = self.view
        s = v.layout.s
        if not self.shown:          # pointer players see no key hints
            return
        for n, b in enumerate(self.buttons()[:9]):
            r = max(9.0, 11 * s)
            # on the button's corner, half outside it (clear of the label)
            x = b.cx + b.w / 2 - r * 0.4
            y = b.cy - b.h / 2 + r * 0.4 if b.cy > v.layout.h / 2 else b.cy + b.h / 2 - r * 0.4
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
        elif item.kind == "target":
            box = v.targets()[item.key]
            arcade.draw_rect_outline(arcade.XYWH(box.cx, box.cy, box.w + 8, box.h + 8),
                                     FOCUS, 4)
        else:
            sp = v.sprites.get(item.key)
            if sp is not None:
                L = v.layout
                arcade.draw_rect_outline(arcade.XYWH(sp.center_x, sp.center_y, L.card_w + 10,
                                                     L.card_h + 10), FOCUS, 4, sp.angle)


def of(view: TableView) -> Keyboard:
    kb = getattr(view, "_keyboard", None)
    if kb is None:
        kb = Keyboard(view)
        view._keyboard = kb    # type: ignore[attr-defined]
    return kb


def handle(view: TableView, key: int, modifiers: int) -> bool:
    return of(view).press(key, modifiers)


def draw(view: TableView) -> None:
    of(view).draw()
