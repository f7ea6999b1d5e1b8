"""The rules screen: one game's rules in our own words, with tabs for the others."""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.rules_text import RULES, TITLES
from game.ui import assets
from game.ui.widgets import PRIMARY, SECONDARY, Button, ButtonGroup, Label, draw_panel

if TYPE_CHECKING:
    from game.app import CardClubWindow


class RulesView(arcade.View):
    def __init__(self, window: CardClubWindow, game: str, back: arcade.View | None = None) -> None:
        super().__init__(window)
        self.app = window
        self.game = game
        self.back = back
        self.buttons = ButtonGroup(Button("Back", self.go_back, PRIMARY))
        for key in RULES:
            self.buttons.add(Button(TITLES[key], lambda k=key: self.select(k), SECONDARY,
                                    name=key))
        self.title = Label("", 28, (40, 30, 20), bold=True)
        self.body: list[tuple[Label, Label]] = []
        self.select(game)

    def select(self, game: str) -> None:
        self.game = game
        self.title.set(f"{TITLES[game]} — how to play")
        self.body = [(Label(h, 16, (120, 60, 20), anchor_x="left", anchor_y="top", bold=True),
                      Label(p, 14, (40, 40, 40), anchor_x="left", anchor_y="top",
                            width=10, multiline=True)) for h, p in RULES[game]]
        self.place()

    def place(self) -> None:
        w, h = self.window.width, self.window.height
        self.buttons.by_name("back").place(90, h - 40, 140, 52)
        names = list(RULES)
        tab_w = min(220.0, (w - 220) / len(names) - 10)
        for i, key in enumerate(names):
            b = self.buttons.by_name(key)
            b.place(200 + tab_w / 2 + i * (tab_w + 10), h - 40, tab_w, 52,
                    min(14.0, tab_w / (0.66 * len(TITLES[key]))))
            b.style = PRIMARY if key == self.game else SECONDARY
        self.title.place(w / 2, h - 105)
        self.panel_w = min(1100.0, w - 60)
        top, bottom = h - 140, 40
        # the largest text that fits: one column first, then two
        for columns, size in ((1, 15), (1, 14), (1, 13), (2, 14), (2, 13), (2, 12), (2, 11)):
            if self._flow(columns, size, top) >= bottom:
                return
        self._flow(2, 10, top)

    def _flow(self, columns: int, size: int, top: float) -> float:
        """Lay the sections out; return the lowest y reached."""
        w = self.window.width
        col_w = (self.panel_w - 60 - (columns - 1) * 30) / columns
        left0 = w / 2 - self.panel_w / 2 + 30
        per_col = -(-len(self.body) // columns)
        lowest = top
        for i, (head, para) in enumerate(self.body):
            col, row = divmod(i, per_col)
            if row == 0:
                y = top
            left = left0 + col * (col_w + 30)
            head.place(left, y, size + 2)
            para.text.width = int(col_w)
            para.place(left, y - (size + 10), size)
            y -= size + 10 + para.text.content_height + 12
            lowest = min(lowest, y)
        return lowest

    def on_show_view(self) -> None:
        self.place()

    def on_resize(self, width: int, height: int) -> None:
        self.place()

    def go_back(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
        else:
            from game.scenes.menu import MenuView

            self.window.show_view(MenuView(self.app))

    def on_draw(self) -> None:
        self.clear()
        w, h = self.window.width, self.window.height
        arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, 0, w, h))
        draw_panel(w / 2, (h - 80) / 2, self.panel_w, h - 100, 245)
        self.title.draw()
        for head, para in self.body:
            head.draw()
            para.draw()
        self.buttons.draw()

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.ESCAPE:
            self.go_back()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.buttons.press(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.buttons.release(x, y)
