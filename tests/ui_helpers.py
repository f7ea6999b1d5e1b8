"""Driving the real window from tests: frames, taps, drags (all real mouse events), and a
whole deal played through the table's own input."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from game.rules import Move
from game.scenes.table_view import TableView
from game.tools.drive import pump

LEFT = arcade.MOUSE_BUTTON_LEFT

Choose = Callable[[list[Move]], Move]
# (window, view, move): the input that makes ``move`` (taps, drags, keys). The view is typed
# Any so that a test's act may take its own table class.
Act = Callable[[Any, Any, Move], None]


def tap(window: arcade.Window, x: float, y: float, frames: int = 2) -> None:
    window.dispatch_event("on_mouse_press", x, y, LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, LEFT, 0)
    pump(window, frames)


def drag(window: arcade.Window, x0: float, y0: float, x1: float, y1: float,
         steps: int = 8) -> None:
    window.dispatch_event("on_mouse_press", x0, y0, LEFT, 0)
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        window.dispatch_event("on_mouse_drag", x, y, (x1 - x0) / steps, (y1 - y0) / steps,
                              LEFT, 0)
        pump(window, 1)
    window.dispatch_event("on_mouse_release", x1, y1, LEFT, 0)
    pump(window, 2)


def card_point(view: TableView, card: str) -> tuple[float, float]:
    """A point on the visible strip of a hand card (its left edge; the fan overlaps)."""
    sp = view.sprite_of(card)
    return sp.center_x - view.layout.card_w / 2 + 5, sp.center_y


def first(legal: list[Move]) -> Move:
    """The default choice: the first legal move (the engine's order, so a deal repeats)."""
    return legal[0]


def play_deal(window: arcade.Window, view: TableView, act: Act | None = None, *,
              choose: Choose = first, frames: int = 20000) -> int:
    """Run real frames until the result panel shows; whenever the human is to act and
    nothing moves, ``choose`` a legal move and make it by ``act``'s input. Returns the
    number of human moves made.

    Each move must reach the journal as the very move chosen, so a gesture that makes
    another move, or none, fails at once instead of looping. ``act=None`` is a deal the
    computers play alone (every seat a bot): the human may never be asked. Fails after
    ``frames`` frames without a result."""
    session = view.session
    made = 0
    for _ in range(frames):
        if view.result_visible:
            return made
        if view.human_to_act and not view.animating:
            assert act is not None, "the human is to act in a deal the test gave no input for"
            move = choose(session.game.legal_moves())
            before = len(session.journal.moves)
            act(window, view, move)
            got = session.journal.moves[before:before + 1]
            assert got == [str(move)], f"the input for {move} made {got} ({view.message!r})"
            made += 1
        pump(window)
    raise AssertionError(f"the deal did not finish in {frames} frames "
                         f"({len(session.journal.moves)} moves, {made} by the human)")


def until_read(window: arcade.Window, view: Any, limit: float = 60.0) -> None:
    """Frames until the History page has its read back (it reads off the window's
    thread): a bounded wait on a condition, never on a time."""
    import time

    end = time.monotonic() + limit
    while view.loading or getattr(view, "rest", None) is not None:   # read, laid out
        assert time.monotonic() < end, "the history's read never came back"
        pump(window, 1)
    pump(window, 1)
