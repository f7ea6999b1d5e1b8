"""The one input model (issue 50): an ordered stack of layers, each answering whether it
took an event; an exclusive layer takes everything that reaches it while open; a
press's drag and release go to the layer that took it."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.ui.input_stack import ButtonsLayer, InputStack, Layer, PanelLayer
from game.ui.panels import Panel
from game.ui.widgets import Button


class Probe(Layer):
    """A layer that notes what reached it and takes what ``takes`` names."""

    def __init__(self, name: str, takes: set[str], exclusive: bool = False) -> None:
        self.name = name
        self.takes = takes
        self.exclusive = exclusive
        self.open = True
        self.seen: list[str] = []
        self.cancelled = 0

    def active(self) -> bool:
        return self.open

    def _got(self, what: str) -> bool:
        self.seen.append(what)
        return what in self.takes

    def press(self, x: float, y: float) -> bool:
        return self._got("press")

    def drag(self, x: float, y: float) -> bool:
        return self._got("drag")

    def release(self, x: float, y: float) -> bool:
        return self._got("release")

    def key(self, key: int, modifiers: int) -> bool:
        return self._got("key")

    def cancel(self) -> None:
        self.cancelled += 1


def test_an_event_goes_down_to_the_first_layer_that_takes_it() -> None:
    top, mid, low = Probe("top", set()), Probe("mid", {"key"}), Probe("low", {"key"})
    stack = InputStack(top, mid, low)
    assert stack.key(1, 0)
    assert top.seen == ["key"] and mid.seen == ["key"] and low.seen == []


def test_an_exclusive_layer_takes_all_that_reaches_it_and_the_layers_above_stay() -> None:
    bar, picker, table = Probe("bar", {"press", "release"}), \
        Probe("picker", set(), exclusive=True), Probe("table", {"press", "key"})
    stack = InputStack(bar, picker, table)
    assert stack.key(1, 0) and table.seen == []             # nothing under it
    assert stack.blocked and stack.top_exclusive() is picker
    stack.press(0, 0)
    stack.release(0, 0)
    assert bar.seen == ["key", "press", "release"] and picker.seen == ["key"]
    bar.takes = set()
    stack.press(0, 0)                                        # the bar does not take it:
    assert picker.seen == ["key", "press"] and table.seen == []   # the picker holds it
    picker.open = False                                      # closed: the table again
    assert not stack.blocked
    stack.key(1, 0)
    assert table.seen == ["key"]


def test_a_press_s_drag_and_release_go_to_the_layer_that_took_it() -> None:
    top, table = Probe("top", {"release"}), Probe("table", {"press", "drag", "release"})
    stack = InputStack(top, table)
    stack.press(1, 1)
    assert stack.captured is table
    stack.drag(2, 2)
    stack.release(3, 3)
    assert top.seen == ["press"]                              # not the drag, not the release
    assert table.seen == ["press", "drag", "release"] and stack.captured is None


def test_a_panel_opening_over_a_held_press_cancels_it() -> None:
    dialog = Probe("dialog", set(), exclusive=True)
    dialog.open = False
    table = Probe("table", {"press", "drag", "release"})
    stack = InputStack(dialog, table)
    stack.press(1, 1)
    dialog.open = True                                       # the result panel, say
    assert not stack.drag(2, 2)
    assert table.cancelled == 1 and table.seen == ["press"]
    stack.release(3, 3)
    assert table.seen == ["press"] and dialog.seen == ["release"]


def test_layers_are_placed_by_name() -> None:
    stack = InputStack(Probe("bar", set()), Probe("table", set()))
    stack.add(Probe("picker", set()), above="table")
    stack.add(Probe("choice", set()), above="bar")
    stack.add(Probe("mode", set()), below="choice")
    assert [lay.name for lay in stack.layers] == ["choice", "mode", "bar", "picker", "table"]


@pytest.mark.ui
def test_buttons_and_panels_as_layers(app: CardClubWindow) -> None:
    clicked: list[str] = []
    ok = Button("OK", lambda: clicked.append("ok"), name="ok")
    ok.place(100, 100, 120, 50)
    bar = ButtonsLayer(lambda: [ok], "bar")
    escaped: list[int] = []
    panel = Panel("Question", ["?"], [Button("Yes", lambda: clicked.append("yes"))])
    panel.place(app.width, app.height)
    drawn: list[bool] = []
    panel.draw = lambda w, h: drawn.append(True)  # type: ignore[method-assign]
    layer = PanelLayer(panel, "question", on_escape=lambda: escaped.append(1),
                       hidden_under=True)
    stack = InputStack(bar, layer, Probe("table", {"press"}))
    stack.press(100, 100)
    stack.release(300, 300)                          # let go elsewhere: no click
    assert clicked == [] and not ok.pressed
    stack.press(100, 100)
    stack.release(100, 100)
    assert clicked == ["ok"]
    stack.draw(app.width, app.height)
    assert drawn == []                               # closed: not drawn
    panel.visible = True
    yes = panel.buttons.buttons[0]
    stack.press(yes.cx, yes.cy)
    stack.release(yes.cx, yes.cy)
    assert clicked == ["ok", "yes"]
    assert stack.key(arcade.key.ESCAPE, 0) and escaped == [1]
    assert stack.top_panel() is panel and layer.buttons() == [yes]
    stack.draw(app.width, app.height)
    assert drawn == [True]                           # on top: drawn
    over = PanelLayer(Panel("Over"), "over")
    over_panel: Any = over.panel
    over_panel.visible = True
    stack.add(over, above="question")
    stack.draw(app.width, app.height)
    assert drawn == [True]                           # a dialog over it: hidden
