"""An idle window costs nothing: with nothing moving and no input it stops redrawing
and ticks slowly; any input, or a view that gets busy, brings full speed back at once.
(The CPU share itself is measured by ``cardclub bench idle``, not here.)"""
from __future__ import annotations

import arcade
import pytest

from game.app import ACTIVE_RATE, IDLE_RATE, CardClubWindow
from game.tools.drive import pump

pytestmark = pytest.mark.ui


def tick(app: CardClubWindow, seconds: float, dt: float = 1 / 60) -> int:
    """Run the window's own frame tick (update, then draw when due); frames drawn."""
    before = app.frames_drawn
    for _ in range(int(seconds / dt)):
        app._dispatch_frame(dt)
    return app.frames_drawn - before


def test_the_menu_stops_drawing_when_idle_and_wakes_on_input(app: CardClubWindow) -> None:
    app.open("menu")
    pump(app, 2)
    app.wake()
    assert tick(app, 0.3) > 10                 # drawing at full rate at first
    tick(app, 0.5)
    assert app.idle and app._update_rate == pytest.approx(IDLE_RATE)
    assert tick(app, 1.0, IDLE_RATE) == 0      # nothing drawn while idle
    app.dispatch_event("on_mouse_motion", 10, 10, 1, 1)
    assert not app.idle and app._update_rate == pytest.approx(ACTIVE_RATE)
    assert tick(app, 0.1) >= 5                 # drawn again straight away


def test_a_table_is_busy_while_cards_move_or_a_computer_thinks(app: CardClubWindow) -> None:
    from game.games.durak.table import DurakTable

    app.settings.animation_scale = 1.0
    app.think_scale = 1000.0
    view = DurakTable(app, seed=next(s for s in range(100)
                                     if DurakTable(app, seed=s).session.game.attacker == 0))
    app.show_view(view)
    assert view.busy                           # the deal is flying in
    for _ in range(400):                       # frames drawn: the picture catches up
        pump(app)
        if not view.busy:
            break
    assert not view.busy and not view.animating    # your turn, nothing moving
    view.play(view.session.game.legal_moves()[0])
    assert view.busy                           # your card flies; the computer will answer
    app.settings.animation_scale = 0.0
    app.think_scale = 0.0
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert view.paused
    for _ in range(120):                       # the card in flight lands
        pump(app)
    assert not view.animating and not view.busy    # paused: nothing changes now
    assert view.session.game.current_player == 1           # (the computer waits)


def test_a_tap_that_changes_the_screen_is_drawn_without_a_motion(app: CardClubWindow) -> None:
    """Menu -> Settings -> Back with taps alone (a finger sends no motion), each tick as
    slow as a loaded machine's (longer than the calm after which drawing stops): each
    new screen is drawn at the next tick, and an F11 is drawn the same way."""
    from game.scenes.menu import MenuView
    from game.scenes.settings_view import SettingsView

    drawn: list[str] = []

    def seen() -> None:
        drawn.append(type(app.current_view).__name__)

    app.show_menu()
    pump(app, 2)
    app.push_handlers(on_draw=seen)
    try:
        tick(app, 1.0)
        assert app.idle
        b = app.current_view.buttons.by_name("settings")
        app.dispatch_event("on_mouse_press", b.cx, b.cy, arcade.MOUSE_BUTTON_LEFT, 0)
        app.dispatch_event("on_mouse_release", b.cx, b.cy, arcade.MOUSE_BUTTON_LEFT, 0)
        del drawn[:]
        app._dispatch_frame(0.6)                   # one slow tick, nothing else
        assert isinstance(app.current_view, SettingsView)
        assert drawn == ["SettingsView"]
        tick(app, 1.0)
        assert app.idle
        back = app.current_view.named["back"]
        app.dispatch_event("on_mouse_press", back.rect.center_x, back.rect.center_y,
                           arcade.MOUSE_BUTTON_LEFT, 0)
        app.dispatch_event("on_mouse_release", back.rect.center_x, back.rect.center_y,
                           arcade.MOUSE_BUTTON_LEFT, 0)
        del drawn[:]
        app._dispatch_frame(0.6)
        assert isinstance(app.current_view, MenuView) and drawn == ["MenuView"]
        tick(app, 1.0)
        assert app.idle
        del drawn[:]
        app.on_key_press(arcade.key.F11, 0)         # (the window's own handler: no event)
        app._dispatch_frame(0.6)
        assert drawn == ["MenuView"]
    finally:
        app.remove_handlers(on_draw=seen)
        if app.fullscreen:
            app.set_fullscreen(False)
            app.settings.fullscreen = False
        app.show_view(arcade.View(app))


def test_a_finished_review_page_lets_the_window_idle(app: CardClubWindow) -> None:
    """The review page draws while its review runs (progress and verdicts come in); a
    finished one, as one opened from the history's cache, lets the window idle (issue
    52: a Dudák review page kept a core busy).  ``cardclub bench idle --review`` measures
    the CPU share."""
    from game.review.analysis import play_deal, review_deal
    from game.scenes.review_view import ReviewView

    j = play_deal("dudak", 3, ["normal"])
    review = review_deal(j, 0, overrides={"samples": 8, "min_samples": 4,
                                          "iterations": 20, "candidates": 2})
    view = ReviewView(app, journal=j.to_dict(), deal_id="a" * 32, review=review)
    app.show_view(view)
    pump(app, 2)
    assert not view.busy
    tick(app, 1.0)
    assert app.idle and tick(app, 1.0, IDLE_RATE) == 0     # nothing drawn while idle
    view.running = True                  # a review under way: drawn at full rate
    assert view.busy
    tick(app, 0.2)
    assert not app.idle and tick(app, 0.3) >= 10
    view.running = False
    tick(app, 1.0)
    assert app.idle
    app.show_view(arcade.View(app))
