"""The menu: a tile per game (with its AI level), Continue for a saved deal, then Rules,
History, Settings, About and Quit, and the version in the top right corner (a tap on it
opens About too).  Every game comes from ``game.games.SPECS``.  Under a tile's level button
"Play a numbered deal…" opens a panel to type a deal's number (the same number deals the
same cards), which starts a new deal of that number.  The profile in the
corner is read in one bounded wait: while another program holds the history locked the
menu says "history is busy", stays live, and reads again every :data:`RETRY` seconds."""
from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

from game.about import version
from game.ai import levels, menu_levels
from game.games import ORDER, SPECS, GameSpec
from game.i18n import _, number
from game.lazy import exists
from game.rules.rng import DEAL_NUMBERS
from game.scenes import SCENES
from game.store import saves
from game.ui import assets, clipboard
from game.ui.input_stack import ButtonsLayer, InputStack, Layer, PanelLayer
from game.ui.layers import draw_felt
from game.ui.layout import Box
from game.ui.number_entry import NumberEntry
from game.ui.page import fit_font
from game.ui.panels import Confirm
from game.ui.widgets import (
    MIN_TARGET,
    PRIMARY,
    SECONDARY,
    Button,
    ButtonGroup,
    Label,
    draw_panel,
)
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.ui.window import Window

RETRY = 2.0          # seconds between reads of the profile while the history is busy


def table_ready(key: str) -> bool:
    """Whether the game's table view exists in this build."""
    return exists(SPECS[key].table)


class LinkButton(Button):
    """A secondary action drawn as underlined words (a link), with a touch-sized target;
    words too long for one line (German, Czech) break onto a second one."""

    INK = (30, 110, 50)

    def __init__(self, text: str, on_click: Callable[[], None], name: str) -> None:
        super().__init__(text, on_click, SECONDARY, name=name)
        self.words = text
        self.second = Label("", 13, self.INK)
        for t in (self.label.text, self.second.text):
            t.color = self.INK
            t.bold = False

    def lines(self, size: float) -> tuple[str, str, float]:
        """The words on one line or two at ``size`` (the break that makes the wider line
        narrowest), and that width."""
        first, second = self.label, self.second
        first.text.font_size = second.text.font_size = size

        def widest(one: str, two: str) -> float:
            first.set(one)
            second.set(two)
            return max(first.text.content_width, second.text.content_width if two else 0)

        words = self.words.split(" ")
        best = (self.words, "", widest(self.words, ""))
        for i in range(1, len(words)):
            one, two = " ".join(words[:i]), " ".join(words[i:])
            wide = widest(one, two)
            if wide < best[2]:
                best = (one, two, wide)
        return best

    def need(self, size: float) -> float:
        """The width its words need at ``size`` on two lines at most, with the margins."""
        return self.lines(size)[2] + 8

    def place(self, cx: float, cy: float, w: float, h: float, font: float | None = None) -> None:
        self.cx, self.cy = cx, cy
        self.w, self.h = max(w, MIN_TARGET), max(h, MIN_TARGET)
        room = self.w - 8
        size = font or 13.0
        first, second = self.label, self.second
        one, two, wide = self.words, "", 0.0
        while True:
            first.text.font_size = second.text.font_size = size
            first.set(self.words)
            second.set("")
            one, two, wide = self.words, "", first.text.content_width
            if wide > room:                       # two lines, as even as they go
                one, two, wide = self.lines(size)
                first.set(one)
                second.set(two)
            if wide <= room or size <= 8:
                break
            size = max(8.0, size - 0.5)
        if two:
            step = first.text.content_height * 0.55
            first.place(round(cx), round(cy + step))
            second.place(round(cx), round(cy - step))
        else:
            first.place(round(cx), round(cy))

    def draw(self) -> None:
        if not self.visible:
            return
        if self.pressed:
            arcade.draw_rect_filled(self.rect, (30, 110, 50, 40))
        for lab in (self.label, self.second):
            t = lab.text
            if not t.text:
                continue
            lab.draw()
            y = t.y - t.content_height / 2 + 1
            arcade.draw_line(t.x - t.content_width / 2, y, t.x + t.content_width / 2, y,
                             self.INK, 1)


class Tile:
    def __init__(self, gi: GameSpec, ready: bool) -> None:
        self.key, self.info, self.ready = gi.key, gi, ready
        self.box = Box(0, 0, 1, 1)
        self.name = Label(gi.title, 22, (40, 30, 20), bold=True)
        self.players = Label(gi.players_line(), 13, (90, 80, 60), width=220, multiline=True,
                             anchor_y="top", align="center")
        self.line = Label(_(gi.summary), 13, (50, 50, 50), width=220, multiline=True,
                          anchor_y="top", align="center")
        self.play = Label(_("Play") if ready else _("Coming soon"), 15,
                          (30, 110, 50) if ready else (150, 120, 90), bold=True)
        self.sprite = arcade.Sprite(assets.card_texture(gi.deck, gi.tile_card))
        self.level = Button("", lambda: None, SECONDARY, name=f"level-{gi.key}")
        self.numbered = LinkButton(_("Play a numbered deal…"), lambda: None,
                                   name=f"numbered-{gi.key}")
        # play with friends (game/scenes/friends_view.py), beside the numbered deal
        self.friends = LinkButton(_("Play with friends…"), lambda: None,
                                  name=f"friends-{gi.key}")

    @property
    def labels(self) -> list[Label]:
        return [self.name, self.players, self.line, self.play]


class TilesLayer(Layer):
    """The menu under its buttons: a tile pressed and released on itself opens its
    game; the version's link opens About."""

    name = "tiles"

    def __init__(self, view: MenuView) -> None:
        self.view = view

    def press(self, x: float, y: float) -> bool:
        self.view.pressed_tile = self.view.tile_at(x, y)
        return True

    def release(self, x: float, y: float) -> bool:
        self.view.tap(x, y)
        return True

    def cancel(self) -> None:
        self.view.pressed_tile = None


class MenuView(arcade.View):
    def __init__(self, window: Window, message: str | None = None,
                 **_kw: Any) -> None:
        super().__init__(arcade_window(window))
        self.app = window
        self.message = Label(message or "", 14, (255, 230, 160), width=900, multiline=True,
                             align="center")
        self.title = Label("Card Club", 44, (255, 245, 220), bold=True)
        self.subtitle = Label(_("Four card games against the computer"), 16, (220, 235, 220))
        self.tiles = [Tile(SPECS[k], table_ready(k)) for k in ORDER]
        self.tile_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.levels = ButtonGroup()
        self.numbered = ButtonGroup()
        for t in self.tiles:
            self.tile_sprites.append(t.sprite)
            t.level.on_click = partial(self.cycle_level, t.key)
            self.levels.add(t.level)
            t.numbered.on_click = partial(self.ask_number, t.key)
            self.numbered.add(t.numbered)
            if "friends" in SCENES:                     # play with friends (game/net)
                t.friends.on_click = partial(self.app.open, "friends", game=t.key)
                self.numbered.add(t.friends)
        self.pressed_tile: str | None = None
        buttons = [Button("", self.continue_saved, PRIMARY, name="continue"),
                   Button(_("Rules"), self.rules, SECONDARY, name="rules")]
        for name, label in (("traditions", _("Card traditions")), ("history", _("History")),
                            ("settings", _("Settings")), ("about", _("About"))):
            if name in SCENES:
                buttons.append(Button(label, partial(self.app.open, name), SECONDARY,
                                      name=name))
        buttons.append(Button(_("Quit"), self.quit, SECONDARY, name="quit"))
        self.buttons = ButtonGroup(*buttons)
        self.confirm = Confirm()
        self.entry_game: str | None = None      # the game the number entry is for
        self.entry = NumberEntry(self.play_numbered, 1, DEAL_NUMBERS - 1,
                                 title=_("Play a numbered deal"),
                                 paste=lambda: clipboard.paste_text(self.window))
        # input, top first: the number entry and the question take everything while
        # they show; then the buttons (the bottom row, the levels, the tiles' links);
        # then the tiles themselves and the version's link
        self.stack = InputStack(
            PanelLayer(self.entry, "entry", keys=self.entry.key, typed=self.entry.on_text),
            PanelLayer(self.confirm, "confirm", on_escape=self.close_confirm),
            ButtonsLayer(lambda: [*self.buttons.buttons, *self.levels.buttons,
                                  *self.numbered.buttons], "buttons"),
            TilesLayer(self))
        self.profile_label = Label("", 14, (255, 245, 220), anchor_x="left", bold=True)
        self.version_label = Label("", 13, (200, 225, 205), anchor_x="right")
        self.history_note = Label("", 12, (255, 230, 160), anchor_x="left")
        self.read_profile()
        self.place()

    def read_profile(self) -> None:
        """The XP and level for the corner (the last read while the history is busy)."""
        from game.store import history

        self.profile = history.profile()
        self.history_busy = history.busy()
        self.retry_at = time.monotonic() + RETRY

    # ----- layout --------------------------------------------------------------------------
    def saved_game(self) -> str | None:
        """The game whose saved deal was touched last."""
        found = []
        for key in ORDER:
            try:
                p = saves.path_for(key)
                if p.exists():
                    found.append((p.stat().st_mtime, key))
            except OSError:
                continue
        return max(found)[1] if found else None

    def level_of(self, key: str) -> str:
        table = levels(key)
        chosen = self.app.settings.levels.get(key)
        if chosen in table:
            return str(chosen)
        default = SPECS[key].default_level
        return default if default in table else next(iter(table))

    def place(self) -> None:
        w, h = self.window.width, self.window.height
        s = max(0.6, min(w / 1280, h / 800))
        # Texts sit on whole pixels: at a half-pixel baseline a glyph loses its top row
        # (the first line of a summary looked clipped under the players line).
        self.title.place(round(w / 2), round(h - 62 * s), 44 * s)
        self.subtitle.place(round(w / 2), round(h - 104 * s), 16 * s)
        # every size at least a pixel: a tiny window must not hand pyglet a width <= 0
        tile_w = max(1.0, min(280 * s, (w - 80) / 4 - 16))
        room_top = h - 104 * s - 22 * s                # below the subtitle
        room_bottom = 52 * s + 27 + 24 * s             # above the row of buttons
        # the link to a numbered deal under the level button (a 48 px target)
        link_h = float(MIN_TARGET)
        link_room = link_h + 4 * s
        tile_h = max(1.0, min(430 * s + link_room, room_top - room_bottom))
        cy = (room_top + room_bottom) / 2
        gap = 16 * s
        total = 4 * tile_w + 3 * gap
        bh = max(48.0, 50 * s)
        for i, t in enumerate(self.tiles):
            cx = w / 2 - total / 2 + tile_w / 2 + i * (tile_w + gap)
            t.box = Box(cx, cy, tile_w, tile_h)
            top, bottom = cy + tile_h / 2, cy - tile_h / 2
            t.numbered.place(cx, bottom + 2 * s + link_h / 2, tile_w - 12, link_h,
                             max(11.0, 13 * s))
            t.numbered.visible = t.ready
            t.friends.visible = t.ready and "friends" in SCENES
            if t.friends.visible:      # the two links side by side, each as wide as its
                self.place_links(t, cx, bottom + 2 * s + link_h / 2, tile_w - 12, link_h)
            bottom += link_room                  # the rest stands on the link
            card_h = max(1.0, min((tile_h - link_room) * 0.30, 150 * s))
            t.sprite.scale = card_h / assets.CARD_H
            t.sprite.position = (cx, top - 12 * s - card_h / 2)
            t.sprite.color = (255, 255, 255) if t.ready else (170, 170, 170)
            fit_font(t.name.text, tile_w - 16, 20 * s, 9)
            t.name.place(round(cx),
                         round(top - 12 * s - card_h - 8 * s - t.name.text.content_height / 2))
            label = levels(t.key)[self.level_of(t.key)].get("label", self.level_of(t.key))
            t.level.label.set(_("Level: {name}").format(name=_(str(label))))
            t.level.place(cx, bottom + 12 * s + bh / 2, tile_w - 24, bh, max(12.0, 14 * s))
            fit_font(t.level.label.text, tile_w - 36, max(12.0, 14 * s), 9)
            t.level.visible = t.ready
            fit_font(t.play.text, tile_w - 16, 15 * s, 9)
            t.play.place(round(cx),
                         round(bottom + 12 * s + bh + 10 * s + t.play.text.content_height / 2))
            t.players.text.width = max(1, int(tile_w - 16))
            t.line.text.width = max(1, int(tile_w - 20))
        # the players line and the summary between the name and "Play", one size for all
        size = 13 * s
        while size > 8 and not all(self.flow(t, size, s) for t in self.tiles):
            size = max(8.0, size - 0.5)
        for t in self.tiles:
            self.flow(t, size, s)
        saved = self.saved_game()
        cont = self.buttons.by_name("continue")
        cont.visible = saved is not None
        if saved is not None:
            cont.label.set(_("Continue {game}").format(game=SPECS[saved].title))
        row = [b for b in self.buttons.buttons if b.visible]
        font = max(13.0, 17 * s)
        widths = [b.label.text.content_width * font / max(b.label.text.font_size, 1) + 36
                  for b in row]
        gap = 12.0
        avail = w - 40
        squeeze = min(1.0, (avail - gap * (len(row) - 1)) / max(sum(widths), 1))
        widths = [max(48.0, bw * squeeze) for bw in widths]
        x = w / 2 - (sum(widths) + gap * (len(row) - 1)) / 2
        for b, bw in zip(row, widths, strict=True):
            b.place(x + bw / 2, 52 * s, bw, 54, max(9.0, font * min(1.0, squeeze + 0.1)))
            x += bw + gap
        p = self.profile
        self.profile_label.set(_("Level {level} · {xp} XP").format(level=p.level, xp=number(p.xp)))
        self.profile_label.place(20, h - 28 * s, max(12.0, 14 * s))
        self.version_label.set(_("Version {version}").format(version=version()))
        self.version_label.place(round(w - 20), round(h - 28 * s), max(11.0, 13 * s))
        self.history_note.set(_("History is busy") if self.history_busy else "")
        self.history_note.place(20, h - 28 * s - 44, max(11.0, 12 * s))
        self.message.text.width = max(1, int(min(900, w - 40)))
        self.message.place(round(w / 2), round(52 * s + 62))
        self.confirm.place(w, h)
        self.entry.place(w, h)

    #: the menu changes only on input (the window stops redrawing it when idle), and
    #: for one frame when the history, busy before, could be read again
    busy = False

    def on_update(self, delta_time: float) -> None:
        self.busy = False
        if self.history_busy and time.monotonic() >= self.retry_at:
            self.read_profile()
            if not self.history_busy:
                self.place()
                self.busy = True

    @staticmethod
    def flow(t: Tile, size: float, s: float) -> bool:
        """Lay the players line and the summary out under the tile's name at ``size``;
        whether they end above the "Play" line."""
        name = t.name.text
        t.players.text.font_size = size
        t.players.place(name.x, round(name.y - name.content_height / 2 - 4 * s))
        t.line.text.font_size = size
        t.line.place(name.x, round(t.players.text.y - t.players.text.content_height - 6 * s))
        play = t.play.text
        return t.line.text.y - t.line.text.content_height >= play.y + play.content_height / 2

    def on_show_view(self) -> None:
        self.place()

    def on_resize(self, width: int, height: int) -> None:
        self.place()

    # ----- actions -------------------------------------------------------------------------
    def start(self, key: str, seed: int | None = None) -> None:
        """A new deal of ``key`` (number ``seed``, else a random one), after asking
        whether to throw away the deal of that game in progress."""
        number = {} if seed is None else {"seed": seed}
        if saves.exists(key):
            self.confirm.ask(_("A deal of {game} is in progress").format(game=SPECS[key].title),
                             [_("Continue it, or start a new deal? A new deal throws the "
                                "one in progress away.")],
                             _("Continue"), _("New deal"),
                             lambda: self.app.open("table", game=key, resume=True),
                             lambda: self.app.open("table", game=key, new=True, **number))
            return
        self.app.open("table", game=key, **number)

    def ask_number(self, key: str) -> None:
        """The panel to type the number of a deal of ``key``."""
        self.entry_game = key
        self.entry.open(note=_("{game}: the same number always deals the same cards.")
                        .format(game=SPECS[key].title))

    def place_links(self, t: Tile, cx: float, cy: float, room: float, h: float) -> None:
        """A tile's two links side by side in ``room``: one size for both (13 points as
        the window allows, smaller where their words need it), each link as wide as its
        words need at that size (a narrow tile cut "numbered deal…" at its edge)."""
        size = max(11.0, 13 * min(self.window.width / 1280, self.window.height / 800))
        a, b = t.numbered.need(size), t.friends.need(size)
        gap = 8.0
        if a + b + gap > room:
            size = max(8.0, size * (room - gap) / (a + b))
            a, b = t.numbered.need(size), t.friends.need(size)
        spare = max(0.0, room - gap - a - b) / 2
        a, b = a + spare, b + spare
        left = cx - (a + b + gap) / 2
        t.numbered.place(left + a / 2, cy, a, h, size)
        t.friends.place(left + a + gap + b / 2, cy, b, h, size)

    def play_numbered(self, number: int) -> None:
        """The entry's Play: a new deal of that number (Autobus asks how many players
        sit down, as every new deal of it does)."""
        key, self.entry_game = self.entry_game, None
        if key is not None:
            self.app.sounds.play("click")
            self.start(key, seed=number)

    def continue_saved(self) -> None:
        key = self.saved_game()
        if key is None:
            self.message.set(_("There is no saved deal."))
            return
        self.app.open("table", game=key, resume=True)

    def cycle_level(self, key: str) -> None:
        from game.store import settings as settings_store

        shown = menu_levels(key)
        names = [k for k in shown if k != "random"] or list(shown)
        now = self.level_of(key)
        nxt = names[(names.index(now) + 1) % len(names)] if now in names else names[0]
        self.app.settings.levels[key] = nxt
        try:
            settings_store.save(self.app.settings)
        except OSError as exc:
            self.message.set(_("Your settings cannot be saved right now ({reason}).")
                             .format(reason=exc.strerror or exc))
        self.place()

    def rules(self) -> None:
        self.app.open("rules", back=lambda: self.app.show_view(self))

    def quit(self) -> None:
        self.window.close()

    def on_version(self, x: float, y: float) -> bool:
        """Whether (x, y) falls on the version in the corner (48 px tall at least)."""
        t = self.version_label.text
        half = max(24.0, t.content_height / 2)
        return t.x - t.content_width - 8 <= x <= t.x + 8 and abs(y - t.y) <= half

    def tile_at(self, x: float, y: float) -> str | None:
        for t in self.tiles:
            if t.box.contains(x, y):
                return t.key
        return None

    # ----- drawing and input -----------------------------------------------------------------
    def on_draw(self) -> None:
        self.clear()
        w, h = self.window.width, self.window.height
        draw_felt(self.window)
        self.title.draw()
        self.subtitle.draw()
        self.profile_label.draw()
        self.history_note.draw()
        self.version_label.draw()
        bx, by = 20, self.profile_label.text.y - 22
        bw = max(120.0, self.profile_label.text.content_width)
        arcade.draw_lrbt_rectangle_filled(bx, bx + bw, by - 5, by + 5, (0, 0, 0, 110))
        arcade.draw_lrbt_rectangle_filled(bx, bx + bw * self.profile.progress, by - 5, by + 5,
                                          (232, 184, 66))
        for t in self.tiles:
            lift = 4 if self.pressed_tile == t.key else 0
            b = t.box
            draw_panel(b.cx, b.cy - lift, b.w, b.h, 240 if t.ready else 190)
        self.tile_sprites.draw()
        for t in self.tiles:
            for lab in t.labels:
                lab.draw()
        self.levels.draw()
        self.numbered.draw()
        self.buttons.draw()
        self.message.draw()
        self.confirm.draw(w, h)
        self.entry.draw(w, h)

    def close_confirm(self) -> None:
        self.confirm.visible = False

    def tap(self, x: float, y: float) -> None:
        """A press and release on the same tile opens its game (the version, About)."""
        if self.pressed_tile is None and "about" in SCENES and self.on_version(x, y):
            self.app.open("about")
            return
        key = self.tile_at(x, y)
        if key is not None and key == self.pressed_tile:
            tile = next(t for t in self.tiles if t.key == key)
            if tile.ready:
                self.app.sounds.play("click")
                self.start(key)
            else:
                self.message.set(_("That table is still being built: coming soon."))
        self.pressed_tile = None

    # ----- input: through the stack ---------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.press(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.stack.release(x, y)

    def on_key_press(self, key: int, modifiers: int) -> None:
        self.stack.key(key, modifiers)

    def on_text(self, text: str) -> None:
        self.stack.text(text)
