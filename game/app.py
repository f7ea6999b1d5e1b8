"""The Card Club window, its start-up, and the ``--smoke`` run."""
from __future__ import annotations

import logging
import os
import sys
import time
import traceback
from typing import Any

import arcade

from game.i18n import initial_language, set_language
from game.store import settings as settings_store
from game.ui import assets
from game.ui.layout import BASE_H, BASE_W, MIN_H, MIN_W

log = logging.getLogger(__name__)

#: after this long with nothing moving and no input, the window stops redrawing
IDLE_AFTER = 0.4
IDLE_RATE = 1 / 12          # ticks per second while idle (timers still run)
ACTIVE_RATE = 1 / 60
INPUT_EVENTS = frozenset({
    "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_motion",
    "on_mouse_scroll", "on_key_press", "on_key_release", "on_text", "on_resize",
    "on_expose", "on_show", "on_activate", "on_mouse_enter", "on_mouse_leave"})


class CardClubWindow(arcade.Window):
    """The one window; it owns the settings, the sounds and the table registry."""

    calm = 0.0                          # seconds with nothing to animate and no input
    idle = False                        # redrawing stopped, ticking slowly
    frames_drawn = 0

    def __init__(self, width: int = BASE_W, height: int = BASE_H, visible: bool = True,
                 **kw: Any) -> None:
        super().__init__(width, height, "Card Club", resizable=True, visible=visible,
                         vsync=kw.pop("vsync", True),
                         # no multisampling: on software GL it costs more than the whole
                         # table, and card art has soft edges of its own
                         antialiasing=kw.pop("antialiasing", False),
                         **kw)
        self.set_minimum_size(MIN_W, MIN_H)
        self.settings, self.settings_message = settings_store.load()
        from game.store import start_up

        notes = [m for m in [self.settings_message, *start_up()] if m]
        self.settings_message = "\n".join(notes) or None
        set_language(initial_language(self.settings.language or None))
        self.sounds = assets.Sounds(self.settings.volume, self.settings.muted)
        self.think_scale = 1.0          # 0: the computer moves at once (smoke runs, tests)
        self.background_color = (16, 70, 42)

    # ----- idle: draw only when something changed ---------------------------------------------
    def wake(self) -> None:
        """Something happened: draw again at full rate."""
        self.calm = 0.0
        if self.idle:
            self.idle = False
            self.set_update_rate(ACTIVE_RATE)

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        if event_type in INPUT_EVENTS:
            self.wake()
        return super().dispatch_event(event_type, *args)

    def show_view(self, new_view: arcade.View) -> None:
        self.wake()
        super().show_view(new_view)

    def _dispatch_frame(self, delta_time: float) -> None:
        """Arcade's frame tick, but with nothing moving and no input for a moment the
        picture stays as it is and the tick slows down, so an idle window costs nearly
        nothing (a view says it is busy through its ``busy`` property)."""
        self._dispatch_updates(delta_time)
        if getattr(self.current_view, "busy", True):
            self.calm = 0.0
            if self.idle:
                self.wake()
        else:
            self.calm += delta_time
        if self.calm < IDLE_AFTER:
            self._accumulated_draw_time += delta_time
            if self._draw_rate <= self._accumulated_draw_time and not self.closed:
                self.draw(self._accumulated_draw_time)
                self.frames_drawn += 1
                self._accumulated_draw_time %= self._draw_rate
        elif not self.idle:
            self.idle = True
            self.set_update_rate(IDLE_RATE)

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            return
        super().on_key_press(key, modifiers)

    def open(self, name: str, **kw: Any) -> arcade.View:
        """Show the view registered as ``name`` (see ``game.scenes.SCENES``)."""
        from game.scenes import scene_class

        view = scene_class(name)(self, **kw)
        if view is not None:
            self.show_view(view)
        return view

    def show_menu(self, message: str | None = None) -> None:
        self.open("menu", message=message)


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


SMOKE_GAMES = ("durak", "paodekuai", "dudak", "autobus")
EVERY_SEAT = (0, 1, 2, 3)


def smoke_deal(window: CardClubWindow, game: str, seed: int, **options: Any) -> None:
    """One full deal of ``game`` through its table, computer in every seat; then the
    result panel's Menu button back to the menu."""
    from game.scenes.menu import MenuView
    from game.scenes.tables import table_class

    table = table_class(game)(window, seed=seed, ai_seats=EVERY_SEAT, options=options)
    window.show_view(table)
    for _ in range(20000):
        pump(window)
        if table.result_visible:
            break
    if not table.result_visible:
        raise RuntimeError(f"the {game} deal did not finish within 20000 frames")
    print(f"smoke: {game} deal finished in {len(table.session.journal.moves)} moves, "
          f"result {table.session.game.result()}")
    menu_button = table.result_panel.buttons.by_name("menu")
    click(window, menu_button.cx, menu_button.cy)
    pump(window, 2)
    if not isinstance(window.current_view, MenuView):
        raise RuntimeError("the Menu button did not return to the menu")


def smoke(window: CardClubWindow) -> None:
    """Menu → a full deal of every game with a table, computer against computer →
    result panel → menu."""
    from game.scenes.menu import MenuView, table_ready

    window._enable_event_queue = False
    window.settings.animation_scale = 0.0
    window.think_scale = 0.0
    window.show_menu()
    pump(window, 3)
    if not isinstance(window.current_view, MenuView):
        raise RuntimeError("the menu did not open")
    seed = int(time.time()) % 100000
    for game in SMOKE_GAMES:
        if table_ready(game):
            smoke_deal(window, game, seed, **({"players": 4} if game == "autobus" else {}))
    print("smoke: back at the menu; OK")


def exit_after_first_frame(window: arcade.Window) -> None:
    """``CARDCLUB_FIRST_FRAME=1``: once the first frame is drawn and shown, print
    ``first-frame <epoch seconds>`` and quit (start-up time, ``.ci/measure``)."""

    def report(_dt: float) -> None:
        print(f"first-frame {time.time():.3f}", flush=True)
        arcade.exit()

    def on_draw() -> None:
        window.remove_handler("on_draw", on_draw)
        arcade.schedule_once(report, 0)   # the next tick comes after this frame's flip

    window.push_handlers(on_draw=on_draw)


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
    if game:
        window.open("table", game=game)
    else:
        window.show_menu(window.settings_message)
    if os.environ.get("CARDCLUB_FIRST_FRAME"):
        exit_after_first_frame(window)
    arcade.run()
    from game.store import files

    files.writer.flush()            # the last move reaches the disk before we exit
    settings_store.save(window.settings)
    return 0
