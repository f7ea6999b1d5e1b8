"""The Card Club window (it stops redrawing while nothing changes) and ``run()``: the game.

The tools (``--smoke``, ``sim``, ``bench``, ``shots``) live in :mod:`game.tools`."""
from __future__ import annotations

import gc
import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game import resources
from game.i18n import initial_language, set_language
from game.store import settings as settings_store
from game.ui import assets
from game.ui.layout import BASE_H, BASE_W, MIN_H, MIN_W

if TYPE_CHECKING:
    from game.store import instance

log = logging.getLogger(__name__)

#: after this long with nothing moving and no input, the window stops redrawing
IDLE_AFTER = 0.4
IDLE_RATE = 1 / 12          # ticks per second while idle (timers still run)
ACTIVE_RATE = 1 / 60
INPUT_EVENTS = frozenset({
    "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_motion",
    "on_mouse_scroll", "on_key_press", "on_key_release", "on_text", "on_resize",
    "on_expose", "on_show", "on_activate", "on_mouse_enter", "on_mouse_leave"})
#: the icon sizes the window hands the window manager (files drawn by game.assets_gen.icon;
#: 512 px is left out: the property would weigh a megabyte for no desktop that uses it)
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def settle_memory() -> None:
    """A full collection of the garbage while nothing is drawn (the window has just gone
    idle), its survivors then kept out of the automatic collections (``gc.freeze``; the
    window freezes again as each screen is built).  A frame never pays for a full
    collection of the whole program: on a loaded machine one took 50-150 ms, the slowest
    frames History showed."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def icon_path(size: int) -> str:
    return str(resources.path("sprites", "icon", f"cardclub-{size}.png"))


def set_window_icon(window: arcade.Window) -> int:
    """Give the window our icon in every size, so the window manager and the task bar
    show it instead of a generic one; how many sizes it got.  A missing or unreadable
    file, or a platform without icons, leaves the default: never a reason not to play."""
    import pyglet

    images = []
    for size in ICON_SIZES:
        try:
            images.append(pyglet.image.load(icon_path(size)))
        except Exception as exc:  # a damaged install: the default icon will do
            log.warning("window icon %s px: %s", size, exc)
    if not images:
        return 0
    try:
        window.set_icon(*images)
    except Exception as exc:  # e.g. a headless (EGL) window
        log.warning("window icon: %s", exc)
        return 0
    return len(images)


def glyph_per_letter() -> None:
    """On Windows, lay text out a glyph per letter, as FreeType does on Linux.

    pyglet 2.1 shapes text on Windows through DirectWrite, which joins letters into one
    ligature glyph where the font has one (DejaVu Sans: "fi"), and then pads the run's
    glyph list at its end; every letter after the ligature is one glyph off its
    character, so a wrapped line breaks inside a word ("first by b / uilding").  Without
    shaping the glyphs stay in step with the text (no ligatures, as on Linux)."""
    if sys.platform == "win32":
        import pyglet

        pyglet.options.text_shaping = False


class CardClubWindow(arcade.Window):
    """The one window; it owns the settings, the sounds and the table registry."""

    calm = 0.0                          # seconds with nothing to animate and no input
    idle = False                        # redrawing stopped, ticking slowly
    frames_drawn = 0
    #: something changed that is not drawn yet (input, a new view, a resize): the next
    #: tick draws, however long that tick took (a view built on a loaded machine can take
    #: longer than the calm that would stop the drawing)
    unseen = True

    def __init__(self, width: int = BASE_W, height: int = BASE_H, visible: bool = True,
                 **kw: Any) -> None:
        glyph_per_letter()               # before the first text is laid out
        super().__init__(width, height, "Card Club", resizable=True, visible=visible,
                         vsync=kw.pop("vsync", True),
                         # no multisampling: on software GL it costs more than the whole
                         # table, and card art has soft edges of its own
                         antialiasing=kw.pop("antialiasing", False),
                         **kw)
        # a screen smaller than the usual minimum still gets a whole window
        self.set_minimum_size(min(MIN_W, width), min(MIN_H, height))
        self.icon_sizes = set_window_icon(self)
        self.settings, self.settings_message = settings_store.load()
        from game.store import start_up

        notes = [m for m in [self.settings_message, *start_up()] if m]
        self.settings_message = "\n".join(notes) or None
        set_language(initial_language(self.settings.language or None))
        self.sounds = assets.Sounds(self.settings.volume, self.settings.muted)
        self.think_scale = 1.0          # 0: the computer moves at once (smoke runs, tests)
        self.background_color = (16, 70, 42)
        gc.freeze()                     # what start-up made lives on: no frame scans it

    # ----- idle: draw only when something changed ---------------------------------------------
    def wake(self) -> None:
        """Something happened: draw it at the next tick, and go on at full rate."""
        self.calm = 0.0
        self.unseen = True
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
        gc.freeze()             # a built screen lives on: the collector's scans stay small

    def _dispatch_frame(self, delta_time: float) -> None:
        """Arcade's frame tick, but with nothing moving and no input for a moment the
        picture stays as it is and the tick slows down, so an idle window costs nearly
        nothing (a view says it is busy through its ``busy`` property)."""
        self._dispatch_updates(delta_time)
        if getattr(self.current_view, "busy", True):
            self.calm = 0.0
            if self.idle:
                self.wake()
        elif not self.unseen:        # the calm counts from the first frame that shows it
            self.calm += delta_time
        if self.unseen or self.calm < IDLE_AFTER:
            self._accumulated_draw_time += delta_time
            if (self.unseen or self._draw_rate <= self._accumulated_draw_time) \
                    and not self.closed:
                self.unseen = False
                self.draw(self._accumulated_draw_time)
                self.frames_drawn += 1
                self._accumulated_draw_time %= self._draw_rate
        elif not self.idle:
            self.idle = True
            self.set_update_rate(IDLE_RATE)
            settle_memory()

    def on_close(self) -> None:
        """The window's close button: a view may first have to answer (a shared table
        leaves it; while its deal goes on it asks, and closes the window itself on yes)."""
        may_close = getattr(self.current_view, "may_close", None)
        if may_close is not None and not may_close():
            return
        super().on_close()

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            self.wake()             # the new size is drawn without waiting for a motion
            return
        super().on_key_press(key, modifiers)

    def open(self, name: str, **kw: Any) -> arcade.View | None:
        """Show the view registered as ``name`` (see ``game.scenes.SCENES``)."""
        from game.scenes import scene_class

        view = scene_class(name)(self, **kw)
        if view is not None:
            self.show_view(view)
        return view

    def show_menu(self, message: str | None = None) -> None:
        self.open("menu", message=message)


def screen_size() -> tuple[int, int] | None:
    """The default screen's size in pixels (pyglet's display), or None where it cannot
    be read."""
    try:
        import pyglet

        screen = pyglet.display.get_display().get_default_screen()
        return int(screen.width), int(screen.height)
    except Exception as exc:  # no display: the window will say so itself
        log.warning("screen size: %s", exc)
        return None


#: the window takes at most this share of the screen's width and height
SCREEN_SHARE = 0.9


def fitting_size(screen: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size on opening: the usual 1280x800, or smaller with the same shape
    where that would not fit in 90% of the screen (a 960x600 screen: 864x540)."""
    if screen is None:
        return BASE_W, BASE_H
    k = min(1.0, SCREEN_SHARE * screen[0] / BASE_W, SCREEN_SHARE * screen[1] / BASE_H)
    return int(BASE_W * k), int(BASE_H * k)


def open_window() -> CardClubWindow | None:
    """The game window, or None (the reason on stderr) where there is no display or no
    OpenGL.  Sets up logging first: every way in (play, the smoke run) goes through here.
    It opens at a size that fits the screen (at most 90% of it)."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return CardClubWindow(*fitting_size(screen_size()))
    except Exception as exc:  # no display, no OpenGL
        print(f"cardclub: cannot open the game window: {exc}", file=sys.stderr)
        return None


def run(game: str | None = None) -> int:
    """Play: the menu (or ``game``'s table) until the window closes; 1 without a window.
    One window per data folder: when Card Club is already open on it, the other window
    is asked to come forward and this start exits (0) having changed no file."""
    from game.store import files, instance

    lock = instance.acquire(files.home())
    if lock is None:
        return already_open()
    try:
        return _play(game, lock)
    finally:
        lock.release()


def already_open() -> int:
    """A second start on the same data folder: bring the first window forward if it
    answers, say so, and exit.  Nothing is written (the language is only read)."""
    from game.i18n import _
    from game.store import files, instance

    set_language(initial_language(settings_store.peek_language() or None))
    if instance.ask_front(files.home()):
        print(_("Card Club is already open: its window is in front now."), file=sys.stderr)
    else:
        print(_("Card Club is already open. Switch to its window, or close it first."),
              file=sys.stderr)
    return 0


def come_forward(window: arcade.Window, wanted: Callable[[], bool]) -> None:
    """Bring the window to the front whenever a second start asks (polled on the clock,
    so it works while the window idles)."""
    def check(_dt: float) -> None:
        if wanted() and not window.closed:
            window.set_visible(True)        # maps it again if it was minimised
            window.activate()
            wake = getattr(window, "wake", None)
            if callable(wake):
                wake()

    arcade.schedule(check, 0.25)


def _play(game: str | None, lock: instance.InstanceLock) -> int:
    window = open_window()
    if window is None:
        return 1
    come_forward(window, lock.wants_front)
    if window.settings.fullscreen:
        window.set_fullscreen(True)
    if game:
        window.open("table", game=game)
    else:
        window.show_menu(window.settings_message)
    if os.environ.get("CARDCLUB_FIRST_FRAME"):
        from game.tools.first_frame import exit_after_first_frame

        exit_after_first_frame(window)
    arcade.run()
    from game.store import files

    files.writer.flush()            # the last move reaches the disk before we exit
    settings_store.save(window.settings)
    return 0
