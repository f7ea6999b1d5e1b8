"""What the keyboard sees of a table (``game.ui.keyboard.Focusable``): the playable
cards, the glowing drop targets, the buttons shown, and the open panel's buttons."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.keyboard import Rect
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.table.host import Host


class TableFocus:
    def __init__(self, view: Host) -> None:
        self.view = view

    @property
    def key_scale(self) -> float:
        return self.view.layout.s

    @property
    def key_height(self) -> float:
        return self.view.layout.h

    def modal_buttons(self) -> list[Button] | None:
        top = self.view.input.stack.top_exclusive()
        return top.buttons() if top is not None else None

    def table_buttons(self) -> list[Button]:
        v = self.view
        return [b for b in (*v.mode.buttons(), *v.actions.buttons, *v.bar.buttons)
                if b.visible]

    def bar_buttons(self) -> list[Button]:
        return list(self.view.bar.buttons)

    def focus_cards(self) -> list[int]:
        v = self.view
        if not v.human_to_act:
            return []
        if v.multi_select:
            toks = [t for t in v.cards.tokens_at(f"hand{v.human}") if t.up and t.card]
        else:
            pickable = v.pickable()
            toks = [t for t in v.cards.board.tokens()
                    if t.up and (t.place, t.card) in pickable]
        sprites = v.cards.sprites
        toks = [t for t in toks if t.id in sprites and sprites[t.id].visible]
        toks.sort(key=lambda t: (t.place, sprites[t.id].home[0]))
        return [t.id for t in toks]

    def focus_targets(self) -> list[str]:
        v = self.view
        if not v.selected:
            return []
        live = v.live_targets()
        return [name for name in v.targets() if name in live]

    def card_rect(self, tid: int) -> Rect | None:
        v = self.view
        sp = v.cards.sprites.get(tid)
        if sp is None:
            return None
        return sp.center_x, sp.center_y, v.layout.card_w, v.layout.card_h, sp.angle

    def target_rect(self, name: str) -> Rect:
        box = self.view.targets()[name]
        return box.cx, box.cy, box.w, box.h, 0.0

    def toggle_card(self, tid: int) -> None:
        v = self.view
        tok = v.cards.token(tid)
        if tok is None:
            return
        if v.multi_select:
            v.tap_card(tok)
            return
        v.selected = [] if tok in v.selected else [tok]
        v.after_select()

    def choose_card(self, tid: int) -> None:
        v = self.view
        tok = v.cards.token(tid)
        if tok is not None and (v.multi_select or tok not in v.selected):
            v.tap_card(tok)

    def drop_on(self, target: str) -> None:
        self.view.input.try_selection(target)

    def press_button(self, button: Button) -> None:
        self.view.app.sounds.play("click")
        button.on_click()
