"""Input at a table, routed in one order (``docs/table-components.md``).

A press (and its release) goes to the first that takes it: the table's ``before_press``
hook sees it, then an open dialog, the mode (replay controls), the top bar, an open
picker, the action buttons, and last the cards: tap, drag, drop, and the sweep that
chooses several cards (Pao De Kuai).  Keys: Esc ends a table's choice, then the mode's
keys, help's keys, the keyboard focus, and Esc pauses or resumes.  Gestures are matched
against the legal moves (``match``): input never decides a rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.i18n import _
from game.ui.gestures import Pointer
from game.ui.placement import Token

if TYPE_CHECKING:
    from game.scenes.table.host import Host


class TableInput:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.pointer = Pointer()
        self.sweep_adds = True
        self.drag_offset = (0.0, 0.0)

    def dragged(self) -> Token | None:
        """The card that follows the pointer (none while a drag sweeps a selection)."""
        v = self.view
        item = self.pointer.item if self.pointer.dragging and not v.multi_select else None
        return item if isinstance(item, Token) else None

    # ----- the mouse ---------------------------------------------------------------------
    def press(self, x: float, y: float) -> None:
        v = self.view
        v.cards.static.dirty = True                # buttons show their pressed state
        if v.modals.picker() is None:
            v.before_press(x, y)
        dialog = v.modals.dialog()
        if dialog is not None:
            dialog.press(x, y)
            return
        picker = v.modals.picker()
        if v.mode.press(x, y) or v.bar.press(x, y):
            return
        if picker is not None:
            picker.press(x, y)                     # an open picker takes every press
            return
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
        if v.modal_open:
            return
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
        v.cards.static.dirty = True
        dialog, picker = v.modals.dialog(), v.modals.picker()
        if (dialog is not None and dialog.release(x, y)) or v.mode.release(x, y) \
                or v.bar.release(x, y) or (picker is not None and picker.release(x, y)) \
                or v.actions.release(x, y):
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

    # ----- keys --------------------------------------------------------------------------
    def key(self, key: int, modifiers: int) -> None:
        v = self.view
        v.cards.static.dirty = True                # the keyboard focus may move
        if key == arcade.key.ESCAPE and v.cancel_choice():
            return
        if (v.log.panel.visible or not v.modal_open) and v.log.key(key):
            return                                 # L: the whole log
        if not v.modal_open:
            focused = v.keyboard.focus is not None
            if key == arcade.key.ESCAPE and focused:
                v.keyboard.focus = None            # Esc clears the focus, then pauses
                return
            if (not focused or key != arcade.key.SPACE) and v.mode.key(key, modifiers):
                return
            if v.help.key(key, modifiers):         # Enter plays a hint, whatever the focus
                return
        if v.dialogs.holds(key):                   # the result is read before Enter skips it
            return
        if v.keyboard.press(key, modifiers):    # Tab, arrows, Enter, Space, 1-9
            return
        if key == arcade.key.ESCAPE:
            v.dialogs.escape()

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
