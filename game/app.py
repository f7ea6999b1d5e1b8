"""The Card Club window, its start-up, and the ``--smoke`` run."""
from __future__ import annotations

import logging
import sys
import time
import traceback
from typing import Any

import arcade

from game.store import settings as settings_store
from game.ui import assets
from game.ui.layout import BASE_H, BASE_W, MIN_H, MIN_W

log = logging.getLogger(__name__)


class CardClubWindow(arcade.Window):
    """The one window; it owns the settings, the sounds and the table registry."""

    def __init__(self, width: int = BASE_W, height: int = BASE_H, visible: bool = True,
                 **kw: Any) -> None:
        super().__init__(width, height, "Card Club", resizable=True, visible=visible,
                         vsync=kw.pop("vsync", True), antialiasing=kw.pop("antialiasing", True),
                         **kw)
        self.set_minimum_size(MIN_W, MIN_H)
        self.settings, self.settings_message = settings_store.load()
        self.sounds = assets.Sounds(self.settings.volume, self.settings.muted)
        self.think_scale = 1.0          # 0: the computer moves at once (smoke runs, tests)
        from game.scenes.durak_table import DurakTableView

        self.tables: dict[str, Any] = {"durak": DurakTableView}
        self.background_color = (16, 70, 42)

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            return
        super().on_key_press(key, modifiers)

    def show_menu(self, message: str | None = None) -> None:
        from game.scenes.menu import MenuView

        self.show_view(MenuView(self, message))


def pump(window: arcade.Window, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run frames by hand (tests and the smoke run): events, update, draw, flip."""
    for _ in range(frames):
        window.dispatch_events()
        window.dispatch_event("on_update", dt)
        window.dispatch_event("on_draw")
        window.flip()


def click(window: arcade.Window, x: float, y: float) -> None:
    """A real left-button press and release at (x, y)."""
    window.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


def smoke(window: CardClubWindow) -> None:
    """Menu → a full Durak deal computer against computer → result panel → menu."""
    from game.scenes.durak_table import DurakTableView
    from game.scenes.menu import MenuView

    window._enable_event_queue = False
    window.settings.animation_scale = 0.0
    window.think_scale = 0.0
    window.show_menu()
    pump(window, 3)
    menu = window.current_view
    assert isinstance(menu, MenuView), "the menu did not open"
    table = DurakTableView(window, ai_seats=(0, 1), seed=int(time.time()) % 100000)
    window.show_view(table)
    for _ in range(5000):
        pump(window)
        if table.result_visible:
            break
    if not table.result_visible:
        raise RuntimeError("the Durak deal did not finish within 5000 frames")
    result = table.game.result()
    print(f"smoke: Durak deal finished in {len(table.journal.moves)} moves, result {result}")
    menu_button = table.result_buttons.by_name("menu")
    click(window, menu_button.cx, menu_button.cy)
    pump(window, 2)
    if not isinstance(window.current_view, MenuView):
        raise RuntimeError("the Menu button did not return to the menu")
    print("smoke: back at the menu; OK")


def run(smoke_run: bool = False, game: str | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        window = CardClubWindow()
    except Exception as exc:  # no display, no OpenGL
        print(f"cardclub: cannot open the game window: {exc}", file=sys.stderr)
        return 1
    if smoke_run:
        try:
            smoke(window)
            return 0
        except Exception:
            traceback.print_exc()
            return 1
        finally:
            window.close()
    if window.settings.fullscreen:
        window.set_fullscreen(True)
    if game and game in window.tables:
        window.show_view(window.tables[game](window))
    else:
        window.show_menu(window.settings_message)
    arcade.run()
    settings_store.save(window.settings)
    return 0
