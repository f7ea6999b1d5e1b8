"""Input at a table: one stack of layers (``game.ui.input_stack``), top first.

1. ``choice``: a table's choice in progress sees every press first (``before_press``)
   and Esc ends it (``cancel_choice``); it takes nothing else;
2. the dialogs, each an exclusive layer: ``confirm``, ``result`` (Enter in its first
   second does nothing: the player reads it), ``pause`` (Esc resumes);
3. ``log``: the whole log, exclusive (L or Esc closes it);
4. ``mode``: the replay's controls;
5. ``bar``: the top bar's buttons (usable over a picker);
6. a table's pickers, exclusive (Autobus's player count and joker rank: ``add_picker``);
7. ``table``: the action buttons, a tap on the log, the cards (tap, drag, drop, the sweep
   that chooses several cards), and the keys: Esc clears the keyboard focus, then the
   mode's keys, help's (Ctrl+Z, H, Enter plays the hint), L opens the whole log, the
   keyboard focus (Tab, arrows, Enter, Space, numbers), and Esc pauses.

Each layer answers whether it took the event; an exclusive layer takes every event
that reaches it; a press's drag and release go to the layer that took it.  Gestures
are matched against the legal moves (``match``): input never decides a rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.i18n import _
from game.ui.gestures import Pointer
from game.ui.input_stack import ButtonsLayer, InputStack, Layer, PanelLayer
from game.ui.panels import Panel
from game.ui.placement import Token

if TYPE_CHECKING:
    from game.scenes.table.host import Host


class ChoiceLayer(Layer):
    """A table's choice in progress (Autobus: which card goes under the bus): a press
    anywhere may end it, Esc ends it."""

    name = "choice"

    def __init__(self, view: Host) -> None:
        self.view = view

    def press(self, x: float, y: float) -> bool:
        self.view.before_press(x, y)
        return False

    def key(self, key: int, modifiers: int) -> bool:
        return key == arcade.key.ESCAPE and self.view.cancel_choice()


class ModeLayer(Layer):
    """The mode's own controls (a replay's)."""

    name = "mode"

    def __init__(self, view: Host) -> None:
        self.view = view

    def press(self, x: float, y: float) -> bool:
        return self.view.mode.press(x, y)

    def release(self, x: float, y: float) -> bool:
        return self.view.mode.release(x, y)


class TableLayer(Layer):
    """The table itself, under everything: it takes every event that reaches it."""

    name = "table"

    def __init__(self, owner: TableInput) -> None:
        self.owner = owner

    def press(self, x: float, y: float) -> bool:
        self.owner.press(x, y)
        return True

    def drag(self, x: float, y: float) -> bool:
        self.owner.drag(x, y)
        return True

    def release(self, x: float, y: float) -> bool:
        self.owner.release(x, y)
        return True

    def cancel(self) -> None:
        self.owner.pointer.cancel()

    def key(self, key: int, modifiers: int) -> bool:
        return self.owner.key(key, modifiers)


class TableInput:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.pointer = Pointer()
        self.sweep_adds = True
        self.drag_offset = (0.0, 0.0)
        self.stack = InputStack()

    def build(self) -> None:
        """The table's layers, top first (once the view's components exist)."""
        v = self.view
        d, keyboard = v.dialogs, v.keyboard
        self.stack = InputStack(
            ChoiceLayer(v),
            PanelLayer(d.confirm, "confirm", keys=keyboard.press),
            PanelLayer(d.result_panel, "result", keys=d.result_key),
            PanelLayer(d.pause_panel, "pause", on_escape=d.escape, keys=keyboard.press),
            PanelLayer(v.log.panel, "log", on_escape=v.log.close,
                       keys=lambda k, m: v.log.key(k) or keyboard.press(k, m)),
            ModeLayer(v),
            ButtonsLayer(lambda: v.bar.buttons, "bar"),
            TableLayer(self))

    def add_picker(self, panel: Panel) -> Panel:
        """A table's own question (a picker) under the bar: it takes every other event
        while it shows, and is drawn only while no dialog stands over it."""
        v = self.view
        self.stack.add(PanelLayer(panel, "picker", on_escape=v.dialogs.escape,
                                  keys=v.keyboard.press, hidden_under=True), above="table")
        return panel

    # ----- what the view forwards ------------------------------------------------------
    def on_press(self, x: float, y: float) -> None:
        self.view.cards.static.dirty = True         # buttons show their pressed state
        self.stack.press(x, y)

    def on_drag(self, x: float, y: float) -> None:
        self.stack.drag(x, y)

    def on_release(self, x: float, y: float) -> None:
        self.view.cards.static.dirty = True
        self.stack.release(x, y)

    def on_key(self, key: int, modifiers: int) -> None:
        self.view.cards.static.dirty = True          # the keyboard focus may move
        self.stack.key(key, modifiers)

    def dragged(self) -> Token | None:
        """The card that follows the pointer (none while a drag sweeps a selection)."""
        v = self.view
        item = self.pointer.item if self.pointer.dragging and not v.multi_select else None
        return item if isinstance(item, Token) else None

    # ----- the mouse (the table layer's) ------------------------------------------------
    def press(self, x: float, y: float) -> None:
        v = self.view
        if v.actions.press(x, y) or v.log.press(x, y):
            return
        tok = v.cards.token_at(x, y, v.own_places())
        if tok is not None and tok.up:
            sp = v.cards.sprites[tok.id]
            self.drag_offset = (sp.center_x - x, sp.center_y - y)
            self.pointer.press(x, y, tok)
            if v.multi_select:
                self.sweep_adds = tok not in v.selected
            return
        target = v.target_at(x, y)
        if target is None and tok is None:
            v.keyboard.focus = None                # a click on the felt clears the focus
        self.pointer.press(x, y, target)

    def drag(self, x: float, y: float) -> None:
        v = self.view
        g = self.pointer.move(x, y)
        if g is None or not isinstance(g.item, Token):
            return
        tok = g.item
        if v.multi_select:
            if g.kind == "drag_start":
                self.sweep(tok)
            over = v.cards.token_at(x, y, {f"hand{v.human}"})
            if over is not None:
                self.sweep(over)
            return
        if g.kind == "drag_start":
            # any of your own cards can be dragged: dropped where it cannot go, it
            # slides back and the status line says why
            v.selected = [tok]
            v.cards.go_live(tok.id)
        v.cards.follow(tok, x + self.drag_offset[0], y + self.drag_offset[1])

    def sweep(self, tok: Token) -> None:
        """A drag that began on an unchosen card chooses every card it crosses; one that
        began on a chosen card carries the choice (dropped on the table, it is played)."""
        v = self.view
        if self.sweep_adds and tok not in v.selected:
            v.selected.append(tok)
            v.after_select()

    def release(self, x: float, y: float) -> None:
        v = self.view
        if v.actions.release(x, y):
            self.pointer.cancel()
            return
        g = self.pointer.release(x, y)
        if g is None:
            return
        if isinstance(g.item, Token):
            tok = g.item
            if g.kind == "drop":
                target = v.target_at(x, y)
                if v.multi_select:       # the swept cards, dropped on the table: play
                    if target is not None and v.selected:
                        self.try_selection(target)
                    return
                if target is None or not self.try_selection(target):
                    self.unselect(0.25)
                return
            v.tap_card(tok)
            return
        target = g.item if g.kind == "tap" else None
        if target is not None and v.selected:
            self.try_selection(target)
        elif v.selected and not v.multi_select:
            self.unselect(0.15)

    def unselect(self, duration: float) -> None:
        v = self.view
        v.selected = []
        v.cards.arrange(duration)
        v.refresh()

    # ----- keys (the table layer's: no panel is open) ------------------------------------
    def key(self, key: int, modifiers: int) -> bool:
        v = self.view
        focused = v.keyboard.focus is not None
        if key == arcade.key.ESCAPE and focused:
            v.keyboard.focus = None                # Esc clears the focus, then pauses
            return True
        if (not focused or key != arcade.key.SPACE) and v.mode.key(key, modifiers):
            return True
        if v.help.key(key, modifiers):             # Enter plays a hint, whatever the focus
            return True
        if v.log.key(key):                         # L: the whole log
            return True
        if v.keyboard.press(key, modifiers):       # Tab, arrows, Enter, Space, 1-9
            return True
        if key == arcade.key.ESCAPE:
            v.dialogs.escape()
            return True
        return False

    # ----- gestures become moves -------------------------------------------------------
    def tap_card(self, tok: Token) -> None:
        v = self.view
        if v.multi_select:
            if tok in v.selected:
                v.selected.remove(tok)
            else:
                v.selected.append(tok)
            v.after_select()
            return
        if not v.human_to_act:
            v.hud.flash(_("Wait for your turn."))
            return
        if (tok.place, tok.card) in v.pickable():
            v.selected = [] if v.selected == [tok] else [tok]
            v.after_select()
            return
        v.hud.flash(v.explain(tok.place, tok.card or ""))
        v.cards.sprites[tok.id].shake()

    def after_select(self) -> None:
        v = self.view
        v.help.clear_hint()
        v.cards.arrange(0.12)
        v.refresh()

    def try_selection(self, target: str | None) -> bool:
        """Play the selected cards onto ``target`` if a legal move fits; else say why."""
        v = self.view
        sel = v.selection()
        if not sel or not v.human_to_act:
            if sel and not v.human_to_act:
                v.hud.flash(_("Wait for your turn."))
            return False
        moves = v.match(sel, target, v.human_moves())
        if moves:
            v.choose_among(moves, v.play)
            return True
        v.hud.flash(v.explain_drop(sel, target))
        for tok in v.selected:
            v.cards.sprites[tok.id].shake()
        v.selected = []
        v.cards.arrange(0.2)
        return False
