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
