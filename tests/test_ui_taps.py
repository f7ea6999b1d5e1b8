"""Every tap lands, and what it changes is drawn (issue 50).

The window is left idle (it stops drawing), then a tap is a press and a release with no
motion between or after, and one slow tick (longer than the calm after which drawing
stops, as on a loaded machine) follows: the new state is there and drawn.  The three
first taps that once did nothing are here: Settings' "Table" tab, Settings after F11,
"Zpět" after switching to Czech.  A view whose picture changes without input (History's
read off the window's thread, the menu's profile read again) wakes the window itself;
the pages of text stop drawing when idle."""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.tools.drive import pump

pytestmark = pytest.mark.ui
LEFT = arcade.MOUSE_BUTTON_LEFT


@pytest.fixture
def drawn(app: CardClubWindow) -> Iterator[list[str]]:
    """The views drawn, one name a frame, from now on."""
    seen: list[str] = []

    def draw() -> None:
        seen.append(type(app.current_view).__name__)

    app.push_handlers(on_draw=draw)
    yield seen
    app.remove_handlers(on_draw=draw)
    i18n.set_language("en")
    app.settings.language = ""
    if app.fullscreen:
        app.set_fullscreen(False)
        app.settings.fullscreen = False
    app.show_view(arcade.View(app))


def idle(app: CardClubWindow) -> None:
    """Ticks until the window stops drawing (a bounded wait on the condition)."""
    for _ in range(200):
        app._dispatch_frame(1 / 60)
        if app.idle:
            return
    raise AssertionError(f"{type(app.current_view).__name__} never went idle")


def tap_at(app: CardClubWindow, x: float, y: float) -> None:
    app.dispatch_event("on_mouse_press", x, y, LEFT, 0)
    app.dispatch_event("on_mouse_release", x, y, LEFT, 0)


def tap_widget(app: CardClubWindow, name: str) -> None:
    w: Any = app.current_view.named[name]   # a settings widget (arcade.gui)
    tap_at(app, w.rect.center_x, w.rect.center_y)


def slow_tick(app: CardClubWindow, drawn: list[str]) -> None:
    del drawn[:]
    app._dispatch_frame(0.6)


def open_settings(app: CardClubWindow, drawn: list[str]) -> Any:
    from game.scenes.settings_view import SettingsView

    app.show_menu()
    pump(app, 2)
    idle(app)
    b = app.current_view.buttons.by_name("settings")
    tap_at(app, b.cx, b.cy)
    slow_tick(app, drawn)
    assert isinstance(app.current_view, SettingsView) and drawn == ["SettingsView"]
    return app.current_view


def test_the_first_tap_on_settings_table_tab_lands(app: CardClubWindow,
                                                   drawn: list[str]) -> None:
    view = open_settings(app, drawn)
    idle(app)
    tap_widget(app, "tab-table")
    slow_tick(app, drawn)
    assert view.tab == "table" and drawn == ["SettingsView"]
    assert "level-durak" in view.named or any(n.startswith("level") for n in view.named)


def test_the_first_tap_after_f11_lands(app: CardClubWindow, drawn: list[str]) -> None:
    view = open_settings(app, drawn)
    idle(app)
    app.on_key_press(arcade.key.F11, 0)          # (the window's own handler)
    for _ in range(60):                          # the window manager's new size comes
        app._dispatch_frame(1 / 60)
        if view._built == (app.width, app.height, i18n.language(), view.tab) \
                and app.fullscreen:
            break
    idle(app)
    tap_widget(app, "tab-look")
    slow_tick(app, drawn)
    assert view.tab == "look" and drawn == ["SettingsView"]


def test_back_after_switching_to_czech_lands(app: CardClubWindow, drawn: list[str]) -> None:
    from game.scenes.menu import MenuView

    open_settings(app, drawn)
    idle(app)
    tap_widget(app, "language-cs")
    slow_tick(app, drawn)
    assert i18n.language() == "cs" and drawn == ["SettingsView"]
    idle(app)
    tap_widget(app, "back")                     # "Zpět"
    slow_tick(app, drawn)
    assert isinstance(app.current_view, MenuView) and drawn == ["MenuView"]
    assert app.current_view.buttons.by_name("rules").label.text.text == "Pravidla"


def test_historys_read_is_drawn_when_it_comes_back(app: CardClubWindow, drawn: list[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """History opens while its read is still out ("Loading…"), the window goes idle;
    the read comes back on its thread: the next tick draws the page with it."""
    from game.scenes.history_view import HistoryView
    from game.store import history

    gate = threading.Event()
    real = history.overview

    def slow(*a: Any, **kw: Any) -> Any:
        gate.wait(30)
        return real(*a, **kw)

    monkeypatch.setattr(history, "overview", slow)
    view = app.open("history")
    assert isinstance(view, HistoryView) and view.loading
    pump(app, 2)
    idle(app)
    gate.set()
    fetch = view.fetch
    assert fetch is not None
    end = time.monotonic() + 30
    while not fetch.done:                        # the thread's answer (a bounded wait)
        assert time.monotonic() < end, "the read never came back"
        time.sleep(0.005)
    assert app.idle
    slow_tick(app, drawn)                        # one tick takes it and draws it
    assert not view.loading and drawn == ["HistoryView"]


def test_the_menu_draws_the_profile_once_the_history_can_be_read(
        app: CardClubWindow, drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import history

    monkeypatch.setattr(history, "busy", lambda: True)
    app.show_menu()
    pump(app, 2)
    m = app.current_view
    assert m.history_busy and m.history_note.text.text
    idle(app)
    monkeypatch.setattr(history, "busy", lambda: False)
    m.retry_at = 0.0                              # its retry is due
    slow_tick(app, drawn)
    assert not m.history_busy and not m.history_note.text.text
    assert drawn == ["MenuView"]


@pytest.mark.parametrize("name", ["rules", "traditions"])
def test_pages_of_text_stop_drawing_when_idle(app: CardClubWindow, drawn: list[str],
                                              name: str) -> None:
    app.open(name)
    pump(app, 2)
    idle(app)
    del drawn[:]
    for _ in range(24):
        app._dispatch_frame(1 / 12)
    assert drawn == []


@pytest.mark.parametrize("game", ["durak", "paodekuai", "dudak", "autobus"])
def test_esc_on_rules_opened_from_the_table_returns_to_the_game(app: CardClubWindow,
                                                               drawn: list[str],
                                                               game: str) -> None:
    """The bar's Rules, then Esc: the table again, playing (no pause panel to close);
    the pause panel's Rules, then Esc: the pause panel again."""
    from game.scenes.rules_view import RulesView
    from game.scenes.tables import table_class

    app.think_scale = 1000.0
    view = table_class(game)(app, seed=4, options={"players": 2} if game == "autobus" else {})
    app.show_view(view)
    pump(app, 3)
    rules = view.bar.by_name("rules")
    tap_at(app, rules.cx, rules.cy)
    pump(app, 2)
    assert isinstance(app.current_view, RulesView) and view.paused
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    app.dispatch_event("on_key_release", arcade.key.ESCAPE, 0)
    pump(app, 2)
    assert app.current_view is view
    assert not view.paused and not view.dialogs.pause_panel.visible
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)   # the pause panel ...
    pump(app, 1)
    assert view.dialogs.pause_panel.visible
    b = view.dialogs.pause_panel.buttons.by_name("rules")
    tap_at(app, b.cx, b.cy)                                     # ... its Rules ...
    pump(app, 2)
    assert isinstance(app.current_view, RulesView)
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)   # ... and back to it
    pump(app, 2)
    assert app.current_view is view and view.paused and view.dialogs.pause_panel.visible


def test_a_page_of_history_is_laid_out_a_row_a_step(app: CardClubWindow,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """History with deals: the page is laid out over frames (a page of text at once was
    the slowest frame of the window), each frame adding at most one row's words when the
    slice of time is the least; every row's place (a tap finds it) comes with the
    table's header, before its words; a page turned lays out the same way."""
    from game.bench.bench_history import fill
    from game.scenes import history_view

    from .ui_helpers import until_read

    fill(200)
    monkeypatch.setattr(history_view, "LAYOUT_SLICE", 0.0)     # one step a frame
    view = app.open("history", game="durak")
    until_read(app, view)
    total = view.total
    assert total > 15
    for turn in (lambda: view.turn_page(15), lambda: view.turn_page(0)):
        turn()
        counts, boxes = [], []
        for _ in range(400):
            pump(app, 1)
            counts.append(len(view.texts))
            boxes.append(len(view.row_boxes))
            if not view.loading and view.rest is None:
                break
        assert view.rest is None and len(view.row_boxes) == 15
        grown = [b - a for a, b in zip(counts, counts[1:], strict=False)]
        assert len(counts) > 15 and max(grown) <= 7, grown   # a row (7 words) at most
        words_at = counts.index(max(counts))                  # the last words came ...
        assert boxes[max(0, words_at - 10)] == 15             # ... after every row's place
