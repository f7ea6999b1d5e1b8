"""The rules screens: a chooser of the four games, then one scrolling page per game.

Each page shows the sections of ``game.i18n.rules_content`` (objective, setup, steps,
rules, tips, a worked example drawn with the real card sprites, key terms; the text comes
from ``game/i18n/rules/*.toml``) in the player's language.  Views are opened through the
window by name (``window.open``).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

from game.games import ORDER, SPECS
from game.i18n.rules_content import GAMES, UI, Block
from game.ui import assets
from game.ui.page import ACCENT, INK, MUTED, PageView, open_scene
from game.ui.widgets import PRIMARY, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.window import Window

SCENE_FELT = (28, 96, 58)
TILE = (255, 252, 244)


class RulesView(PageView):
    #: a page of text: it changes only on input (the window stops drawing it when idle)
    busy = False

    def __init__(self, window: Window, game: str | None = None,
                 back: Callable[[], None] | arcade.View | None = None, **kw: Any) -> None:
        super().__init__(window, back)
        self.game = game if game in GAMES else None
        self.buttons.add(Button(UI["back"], self.go_back, SECONDARY, name="back"))
        self.buttons.add(Button(UI["start"], self.start, PRIMARY, name="start"))
        for key in ORDER:
            self.buttons.add(Button(GAMES[key].title, partial(self.select, key), SECONDARY,
                                    name=key))
        self.buttons.add(Button(UI["decks"], self.open_decks, SECONDARY, name="decks"))
        self.tiles: list[tuple[str, arcade.Rect]] = []     # chooser tiles, page coordinates
        self.relayout()

    # ---- actions --------------------------------------------------------------------------

    def select(self, game: str | None) -> None:
        self.game = game if game in GAMES else None
        self.scroll = 0.0
        self.relayout()

    def start(self) -> None:
        if self.game is not None:
            open_scene(self.window, "table", game=self.game)

    def open_decks(self) -> None:
        deck = GAMES[self.game].deck if self.game else None
        open_scene(self.window, "traditions", deck=deck, back=self.come_back)

    def come_back(self) -> None:
        self.window.show_view(self)

    def on_page_tap(self, x: float, y: float) -> None:
        for key, rect in self.tiles:
            if rect.point_in_rect((x, y)):
                self.select(key)
                return

    def page_key(self, key: int, modifiers: int) -> bool:
        if key in (arcade.key.ENTER, arcade.key.RETURN) and self.game:
            self.start()
        elif key in (arcade.key.LEFT, arcade.key.RIGHT):
            i = ORDER.index(self.game) if self.game else -1
            step = 1 if key == arcade.key.RIGHT else -1
            self.select(ORDER[(i + step) % len(ORDER)])
        elif key == arcade.key.D:
            self.open_decks()
        else:
            return super().page_key(key, modifiers)
        return True

    # ---- layout ---------------------------------------------------------------------------

    def layout_header(self, w: int, h: int) -> None:
        s = self.scale
        bar, font, cy = self.header_metrics(h)
        for b in self.buttons.buttons:
            b.label.set(self.tr(UI[b.name]) if b.name in UI else b.label.text.text)
        back, start = self.buttons.by_name("back"), self.buttons.by_name("start")
        start.visible = self.game is not None
        self.place_back(back, w, cy, bar, font)
        right: float = w - 14
        if start.visible:
            self.place_row([start], w / 2, w - 14, cy, bar, font)
            start.place(w - 14 - start.w / 2, cy, start.w, bar, start.label.text.font_size)
            right = start.cx - start.w / 2
        left = back.cx + back.w / 2
        if self.game:
            title = f"{GAMES[self.game].title} \u00b7 {self.tr(UI['how_to_play'])}"
        else:
            title = self.tr(UI["rules"])
        self.place_title(title, left, right, cy)
        # the row of game tabs and the decks button
        cy2 = cy - bar / 2 - 8 - bar / 2
        tabs = [self.buttons.by_name(k) for k in ORDER]
        for b in tabs:
            b.style = PRIMARY if b.name == self.game else SECONDARY
        decks = self.buttons.by_name("decks")
        self.place_row(tabs + [decks], 14, w - 14, cy2, bar, max(13.0, 16 * s), fill=True)
        top = cy2 - bar / 2 - 10
        self.content = arcade.LBWH(14, 12, w - 28, top - 12)
        self.page_top = top - 18 * s

    def layout_page(self, w: int, h: int) -> float:
        self.tiles = []
        if self.game is None:
            return self.layout_chooser()
        return self.layout_rules()

    def column(self) -> tuple[float, float]:
        c = self.content
        col_w = min(940.0, c.width - 60 * self.scale)
        return c.center_x - col_w / 2, col_w

    def layout_chooser(self) -> float:
        s = self.scale
        left, col_w = self.column()
        y = self.page_top
        t = self.add_text(self.tr(UI["choose"]), left, y, max(15.0, 18 * s), MUTED,
                          width=col_w)
        y -= t.content_height + 20 * s
        cols = 4 if col_w >= 4 * 215 else 2
        gap = 18 * s
        tile_w = (col_w - gap * (cols - 1)) / cols
        card_h = max(80.0, 110 * s)
        rows_y = y
        row_bottom = y
        links: list[arcade.Text] = []
        for i, key in enumerate(ORDER):
            g = GAMES[key]
            col, row = i % cols, i // cols
            if col == 0 and row > 0:
                rows_y = row_bottom - gap
            x = left + col * (tile_w + gap)
            ty = rows_y - 16 * s
            spec = SPECS[key]          # the cards its tile shows, in the game's deck
            self.fan(spec.deck, spec.rules_fan, x + tile_w / 2, ty - card_h - 10 * s, card_h,
                     spread=8)
            ty -= card_h + 24 * s
            name = self.add_text(g.title, x + tile_w / 2, ty, max(16.0, 20 * s), INK,
                                 width=tile_w - 24, bold=True, anchor_x="center",
                                 align="center")
            ty -= name.content_height + 8 * s
            line = self.add_text(self.tr(g.tagline), x + tile_w / 2, ty, max(13.0, 15 * s),
                                 MUTED, width=tile_w - 24, anchor_x="center", align="center")
            ty -= line.content_height + 12 * s
            more = self.add_text(self.tr(UI["read_rules"]) + " \u203a", x + tile_w / 2, ty,
                                 max(13.0, 15 * s), ACCENT, width=tile_w - 24, bold=True,
                                 anchor_x="center", align="center")
            links.append(more)
            ty -= more.content_height + 16 * s
            row_bottom = min(row_bottom, ty)
            self.tiles.append((key, arcade.LRBT(x, x + tile_w, ty, rows_y)))
        # tiles in one row share their height
        for i, (key, rect) in enumerate(self.tiles):
            row_top = rect.top
            bottom = min(r.bottom for _, r in self.tiles if r.top == row_top)
            self.tiles[i] = (key, arcade.LRBT(rect.left, rect.right, bottom, rect.top))
            links[i].y = bottom + 16 * s + links[i].content_height   # the link at the foot
        for _, rect in self.tiles:
            self.rects.append((arcade.LRBT(rect.left + 3, rect.right + 3, rect.bottom - 4,
                                           rect.top - 4), (0, 0, 0, 50)))
            self.rects.append((rect, TILE))
            self.rects.append((arcade.LRBT(rect.left, rect.right, rect.top - 6, rect.top),
                               (200, 160, 60)))
        return row_bottom - 20 * s

    def layout_rules(self) -> float:
        assert self.game is not None
        s = self.scale
        g = GAMES[self.game]
        left, col_w = self.column()
        body = max(14.0, 16 * s)
        head = max(18.0, 22 * s)
        y = self.page_top
        t = self.add_text(self.tr(g.tagline), left, y, body + 1, MUTED, width=col_w)
        y -= t.content_height + 14 * s
        for sec in g.sections:
            self.new_batch()
            y -= 10 * s
            t = self.add_text(self.tr(sec.heading), left, y, head, ACCENT, width=col_w,
                              bold=True)
            y -= t.content_height + 4 * s
            self.rects.append((arcade.LRBT(left, left + col_w, y - 2, y), (200, 160, 60)))
            y -= 12 * s
            step = 0
            scene_w = max((self.scene_width(b) for b in sec.blocks), default=0.0)
            for block in sec.blocks:
                if block.kind == "step":
                    step += 1
                self.new_batch()
                y = self.layout_block(block, left, col_w, y, body, step, scene_w) - 10 * s
        return y - 10 * s

    def card_size(self) -> tuple[float, float]:
        card_h = max(88.0, 118 * self.scale)
        return card_h * assets.CARD_W / assets.CARD_H, card_h

    def scene_width(self, b: Block) -> float:
        """The width of a scene's strip of felt (0 for other blocks)."""
        if b.scene is None:
            return 0.0
        card_w, _ = self.card_size()
        step = 0.3 if b.scene.cover else 0.4
        widths = [card_w * (1 + step * (len(grp) - 1)) for grp in b.scene.groups]
        return sum(widths) + card_w * 0.35 * (len(widths) - 1) + 2 * 14 * self.scale

    def layout_block(self, b: Block, left: float, col_w: float, y: float, body: float,
                     step: int, scene_w: float = 0.0) -> float:
        s = self.scale
        if b.kind == "para":
            t = self.add_text(self.tr(b.text), left, y, body, INK, width=col_w)
            return y - t.content_height
        if b.kind in ("bullet", "step"):
            ind = max(30 * s, 2.4 * body)        # "10." and a space at any size
            mark = "\u2022" if b.kind == "bullet" else f"{step}."
            self.add_text(mark, left + 4 * s, y, body, ACCENT, width=ind, bold=True)
            t = self.add_text(self.tr(b.text), left + ind, y, body, INK, width=col_w - ind)
            return y - t.content_height
        if b.kind == "term":
            tw = col_w * 0.3
            a = self.add_text(self.tr(b.term), left, y, body, INK, width=tw - 12, bold=True)
            d = self.add_text(self.tr(b.text), left + tw, y, body, INK, width=col_w - tw)
            return y - max(a.content_height, d.content_height)
        assert b.scene is not None
        sc = b.scene
        card_w, card_h = self.card_size()
        over = card_w * (0.3 if sc.cover else 0.4)
        drop = card_h * 0.16 if sc.cover else 0.0      # a covering card lies lower, turned
        gap = card_w * 0.35
        widths = [card_w + over * (len(grp) - 1) for grp in sc.groups]
        cards_w = self.scene_width(b)
        deepest = max(len(grp) for grp in sc.groups) - 1
        box_h = card_h + drop * deepest + 2 * 12 * s
        caption_x = max(cards_w, scene_w)           # captions of a section line up
        caption_w = col_w - caption_x - 20 * s
        beside = caption_w >= 300 * s
        strip = caption_x if beside else cards_w     # one width for a section's strips
        self.rects.append((arcade.LRBT(left, left + strip, y - box_h, y), SCENE_FELT))
        x = left + 14 * s
        for grp, gw in zip(sc.groups, widths, strict=True):
            for i, card in enumerate(grp):
                sp = self.add_card(sc.style, card, x + card_w / 2 + i * over,
                                   y - 12 * s - card_h / 2 - i * drop, card_h)
                if sc.cover and i:
                    sp.angle = 14
            x += gw + gap
        if beside:
            t = self.add_text(self.tr(sc.caption), left + caption_x + 20 * s, y - 4 * s, body,
                              INK, width=caption_w)
            return y - max(box_h, t.content_height + 4 * s)
        t = self.add_text(self.tr(sc.caption), left, y - box_h - 8 * s, body, INK, width=col_w)
        return y - box_h - 8 * s - t.content_height

    def draw_header(self) -> None:
        self.title.draw()
        super().draw_header()

    def drawn_texts(self) -> list[str]:
        return super().drawn_texts() + [self.title.text.text]

