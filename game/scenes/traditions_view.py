"""Card traditions: a page per deck (French with jokers, Czech German-suited, Russian
Atlasnye) with its origin, card count, court names, our games that use it, and a fan of
its real sprites."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

from game.i18n.rules_content import DECKS, GAMES, UI
from game.ui.page import ACCENT, INK, PageView, open_scene
from game.ui.widgets import PRIMARY, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.window import Window

ORDER = ("french", "czech", "atlasnye")


class TraditionsView(PageView):
    #: a page of text: it changes only on input (the window stops drawing it when idle)
    busy = False

    def __init__(self, window: Window, deck: str | None = None,
                 back: Callable[[], None] | arcade.View | None = None, **kw: Any) -> None:
        super().__init__(window, back)
        self.deck = deck if deck in DECKS else ORDER[0]
        self.buttons.add(Button(UI["back"], self.go_back, SECONDARY, name="back"))
        for key in ORDER:
            self.buttons.add(Button(DECKS[key].title, partial(self.select, key), SECONDARY,
                                    name=key))
        self.game_links: list[tuple[str, arcade.Rect]] = []   # page coordinates
        self.relayout()

    def select(self, deck: str) -> None:
        self.deck = deck
        self.scroll = 0.0
        self.relayout()

    def on_page_tap(self, x: float, y: float) -> None:
        for game, rect in self.game_links:
            if rect.point_in_rect((x, y)):
                open_scene(self.window, "rules", game=game)
                return

    def page_key(self, key: int, modifiers: int) -> bool:
        if key in (arcade.key.LEFT, arcade.key.RIGHT):
            step = 1 if key == arcade.key.RIGHT else -1
            self.select(ORDER[(ORDER.index(self.deck) + step) % len(ORDER)])
        else:
            return super().page_key(key, modifiers)
        return True

    def layout_header(self, w: int, h: int) -> None:
        s = self.scale
        bar, font, cy, left = self.place_back_header(w, h, self.tr(UI["back"]))
        self.place_title(self.tr(UI["traditions"]), left, w - 14, cy)
        tabs = [self.buttons.by_name(k) for k in ORDER]
        for b in tabs:
            b.label.set(self.tr(DECKS[b.name].title))
            b.style = PRIMARY if b.name == self.deck else SECONDARY
        cy2 = cy - bar - 8
        self.place_row(tabs, 14, w - 14, cy2, bar, max(13.0, 16 * s), fill=True)
        top = cy2 - bar / 2 - 10
        self.content = arcade.LBWH(14, 12, w - 28, top - 12)
        self.page_top = top - 18 * s

    def layout_page(self, w: int, h: int) -> float:
        s = self.scale
        d = DECKS[self.deck]
        c = self.content
        col_w = min(940.0, c.width - 60 * s)
        left = c.center_x - col_w / 2
        body = max(14.0, 16 * s)
        y = self.page_top
        t = self.add_text(self.tr(d.title), left, y, max(19.0, 24 * s), ACCENT, width=col_w,
                          bold=True)
        y -= t.content_height + 10 * s
        # the fan of real sprites on a strip of felt
        card_h = max(120.0, 170 * s)
        fan_h = card_h + 50 * s
        self.rects.append((arcade.LRBT(left, left + col_w, y - fan_h, y), (28, 96, 58)))
        self.fan(d.style, d.fan, left + col_w / 2, y - fan_h / 2 - card_h / 2, card_h, spread=7)
        y -= fan_h + 18 * s
        games = ", ".join(GAMES[g].title for g in d.games)
        facts = ((UI["origin"], self.tr(d.origin)), (UI["count"], self.tr(d.count)),
                 (UI["courts"], self.tr(d.courts)), (UI["used_by"], games),
                 (UI["history"], self.tr(d.history)))
        tw = col_w * 0.26
        self.game_links = []
        for label, value in facts:
            a = self.add_text(self.tr(label), left, y, body, INK, width=tw - 12, bold=True)
            v = self.add_text(value, left + tw, y, body, INK, width=col_w - tw)
            y -= max(a.content_height, v.content_height) + 12 * s
        # a link to each game's rules
        y -= 6 * s
        x = left
        for g in d.games:
            label = f"{self.tr(UI['read_rules'])}: {GAMES[g].title}"
            bh = max(48.0, body * 2.8)
            t = self.add_text(label, x + 14 * s, y - bh / 2, body, (30, 40, 35), bold=True,
                              anchor_y="center")
            bw = t.content_width + 28 * s
            if x > left and x + bw > left + col_w:          # no room: a new row
                x, y = left, y - bh - 12 * s
                t.position = (x + 14 * s, y - bh / 2)
            rect = arcade.LRBT(x, x + bw, y - bh, y)
            self.rects.append((rect, (236, 226, 200)))
            self.texts[-1] = (t, bw - 28 * s)
            self.game_links.append((g, rect))
            x += bw + 14 * s
        return y - max(48.0, body * 2.8) - 24 * s

    def draw_header(self) -> None:
        self.title.draw()
        super().draw_header()

    def drawn_texts(self) -> list[str]:
        return super().drawn_texts() + [self.title.text.text]
