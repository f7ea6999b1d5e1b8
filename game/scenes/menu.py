"""The menu: a tile per game, Continue for a saved deal, Rules and Quit."""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.ai import levels, table_config
from game.store import saves
from game.ui import assets
from game.ui.layout import Box
from game.ui.widgets import PRIMARY, SECONDARY, Button, ButtonGroup, Label, draw_panel

if TYPE_CHECKING:
    from game.app import CardClubWindow

TILES = [
    ("autobus", "Hospodský autobus", "2 to 4 players · you vs AI",
     "Empty your reserve first by building shared runs from ace to king.",
     ("french", "X")),
    ("dudak", "Dudák", "4 players · you vs AI",
     "Czech cards and a trump suit of your own; the last one holding cards loses.",
     ("czech", "OH")),
    ("durak", "Durak", "2 players · you vs AI",
     "Attack, defend, take: don't be the one left holding cards.", ("atlasnye", "KS")),
    ("paodekuai", "Pao De Kuai", "3 players · you vs AI",
     "Shed 16 cards first with pairs, straights and bombs.", ("french", "2S")),
]


class MenuView(arcade.View):
    def __init__(self, window: CardClubWindow, message: str | None = None) -> None:
        super().__init__(window)
        self.app = window
        self.message = Label(message or "", 14, (255, 230, 160), width=900, multiline=True)
        self.title = Label("Card Club", 44, (255, 245, 220), bold=True)
        self.subtitle = Label("Four card games against the computer", 16, (220, 235, 220))
        self.tiles: list[tuple[str, Box, list[Label], arcade.Sprite, bool]] = []
        self.tile_sprites = arcade.SpriteList()
        for key, name, players, line, (style, card) in TILES:
            ready = key in window.tables
            labels = [Label(name, 22, (40, 30, 20), bold=True),
                      Label(players, 13, (90, 80, 60)),
                      Label(line, 13, (50, 50, 50), width=220, multiline=True,
                            anchor_y="top"),
                      Label("Play" if ready else "Coming soon", 15,
                            (30, 110, 50) if ready else (150, 120, 90), bold=True)]
            sp = arcade.Sprite(assets.card_texture(style, card))
            self.tile_sprites.append(sp)
            self.tiles.append((key, Box(0, 0, 1, 1), labels, sp, ready))
        self.pressed_tile: str | None = None
        self.buttons = ButtonGroup(
            Button("Continue Durak", self.continue_durak, PRIMARY, name="continue"),
            Button("", self.cycle_level, SECONDARY, name="level"),
            Button("Rules", self.rules, SECONDARY), Button("Quit", self.quit, SECONDARY))
        self.place()

    def place(self) -> None:
        w, h = self.window.width, self.window.height
        s = max(0.6, min(w / 1280, h / 800))
        self.title.place(w / 2, h - 70 * s, 44 * s)
        self.subtitle.place(w / 2, h - 115 * s)
        tile_w = min(280 * s, (w - 80) / 4 - 16)
        tile_h = 380 * s
        gap = 16 * s
        total = 4 * tile_w + 3 * gap
        for i, (key, _, labels, sp, ready) in enumerate(self.tiles):
            cx = w / 2 - total / 2 + tile_w / 2 + i * (tile_w + gap)
            cy = h / 2 + 10 * s
            box = Box(cx, cy, tile_w, tile_h)
            self.tiles[i] = (key, box, labels, sp, ready)
            top = cy + tile_h / 2
            sp.scale = (tile_h * 0.34) / assets.CARD_H
            sp.position = (cx, top - tile_h * 0.21)
            sp.color = (255, 255, 255) if ready else (170, 170, 170)
            name_size = min(20 * s, tile_w / (0.8 * len(labels[0].text.text)))
            labels[0].place(cx, top - tile_h * 0.46, name_size)
            labels[1].place(cx, top - tile_h * 0.53, 12.5 * s)
            labels[2].text.width = int(tile_w - 24)
            labels[2].place(cx, top - tile_h * 0.6, 12.5 * s)
            labels[3].place(cx, cy - tile_h * 0.43, 15 * s)

        label = levels("durak")[self.durak_level].get("label", self.durak_level)
        self.buttons.by_name("level").label.set(f"Durak level: {label}")
        has_save = saves.exists("durak")
        cont = self.buttons.by_name("continue")
        cont.visible = has_save
        row = [b for b in self.buttons.buttons if b.visible]
        widths = [max(180.0, 12.5 * len(b.label.text.text) + 40) for b in row]
        x = w / 2 - (sum(widths) + 16 * (len(row) - 1)) / 2
        for b, bw in zip(row, widths, strict=True):
            b.place(x + bw / 2, 70 * s, bw, 54, 18)
            x += bw + 16
        self.message.place(w / 2, 130 * s)

    def on_show_view(self) -> None:
        self.place()

    def on_resize(self, width: int, height: int) -> None:
        self.place()

    def start(self, key: str) -> None:
        view = self.app.tables[key](self.app)
        self.window.show_view(view)

    def continue_durak(self) -> None:
        journal, result = saves.load("durak")
        if journal is None:
            self.message.set(result or "There is no saved deal.")
            self.place()
            return
        from game.scenes.durak_table import DurakTableView

        self.window.show_view(DurakTableView(self.app, game=result, journal=journal,  # type: ignore[arg-type]
                                             level=journal.meta.get("level")))

    @property
    def durak_level(self) -> str:
        table = levels("durak")
        chosen = self.app.settings.levels.get("durak")
        if chosen in table:
            return chosen  # type: ignore[return-value]
        default = str(table_config("durak").get("default_level", "normal"))
        return default if default in table else next(iter(table))

    def cycle_level(self) -> None:
        from game.store import settings as settings_store

        names = [k for k in levels("durak") if k != "random"] or list(levels("durak"))
        now = self.durak_level
        nxt = names[(names.index(now) + 1) % len(names)] if now in names else names[0]
        self.app.settings.levels["durak"] = nxt
        try:
            settings_store.save(self.app.settings)
        except OSError as exc:
            self.message.set(f"Could not save settings: {exc}")
        self.place()

    def rules(self) -> None:
        from game.scenes.rules_view import RulesView

        self.window.show_view(RulesView(self.app, "durak", back=self))

    def quit(self) -> None:
        self.window.close()

    def tile_at(self, x: float, y: float) -> str | None:
        for key, box, _, _, _ in self.tiles:
            if box.contains(x, y):
                return key
        return None

    def on_draw(self) -> None:
        self.clear()
        w, h = self.window.width, self.window.height
        arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, 0, w, h))
        self.title.draw()
        self.subtitle.draw()
        for key, box, _, _, ready in self.tiles:
            lift = 4 if self.pressed_tile == key else 0
            draw_panel(box.cx, box.cy - lift, box.w, box.h, 240 if ready else 190)
            if not ready:
                arcade.draw_rect_filled(arcade.XYWH(box.cx, box.cy - box.h * 0.43, box.w * 0.7,
                                                    34), (235, 225, 205))
        self.tile_sprites.draw()
        for _, _, labels, _, _ in self.tiles:
            for lab in labels:
                lab.draw()
        self.buttons.draw()
        self.message.draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.buttons.press(x, y):
            return
        self.pressed_tile = self.tile_at(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.buttons.release(x, y):
            return
        key = self.tile_at(x, y)
        if key is not None and key == self.pressed_tile:
            ready = next(t[4] for t in self.tiles if t[0] == key)
            if ready:
                self.app.sounds.play("click")
                self.start(key)
            else:
                self.message.set("That table is still being built: coming soon.")
        self.pressed_tile = None
