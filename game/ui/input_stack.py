"""One input model for every screen: an ordered stack of layers, each answering whether
it took an event.

Modelled on pyglet's handler stack (``EventDispatcher.push_handlers``: the handlers are
asked top first and the first that answers ``EVENT_HANDLED`` stops the event), not on
arcade's ``Section``s: a section owns a rectangle of the screen and draws in its own
slot, while our layers overlap the whole window (a panel dims all of it, cards lie
anywhere, a bar runs across the top) and keys belong to no rectangle.  The stack is a
view's own object (it travels with the view when ``show_view`` swaps the window's
handlers), typed, and adds the two things a screen needs besides the order:

- **exclusive** layers: while one is active (a panel, a dialog, a picker, the whole
  log), every event that reaches it stops there, handled or not; the layers above it
  stay usable (a table's bar over its picker), those under it see nothing;
- **pointer capture**: the drag and the release of a press go to the layer that took
  the press (unless an exclusive layer has opened above it meanwhile: then the press is
  cancelled there).

A screen builds its stack once (``InputStack.add``, top first) and forwards arcade's
input handlers to it; ``draw`` draws the layers that have a picture bottom up.
"""
from __future__ import annotations

from collections.abc import Callable

import arcade

from game.ui.panels import Panel
from game.ui.widgets import Button, ButtonGroup


class Layer:
    """One layer of a screen's input; every handler answers True when it took the
    event.  ``exclusive``: while active, nothing under it sees any input."""

    name = ""
    exclusive = False

    def active(self) -> bool:
        """Whether the layer is there now (a closed panel is not)."""
        return True

    def press(self, x: float, y: float) -> bool:
        return False

    def drag(self, x: float, y: float) -> bool:
        return False

    def release(self, x: float, y: float) -> bool:
        return False

    def cancel(self) -> None:
        """A press it took will not be released to it (a panel opened over it)."""

    def key(self, key: int, modifiers: int) -> bool:
        return False

    def text(self, text: str) -> bool:
        return False

    def scroll(self, x: float, y: float, dy: float) -> bool:
        return False

    def buttons(self) -> list[Button]:
        """The buttons the keyboard moves between while the layer is the top exclusive
        one (a panel's)."""
        return []

    def place(self, w: float, h: float) -> None:
        """Lay its picture out for a window of ``w`` x ``h``, if it has one."""

    def draw(self, w: float, h: float, top: bool) -> None:
        """Its picture, if it has one (``top``: it is the top exclusive layer)."""


class InputStack:
    """The layers of one screen, top first."""

    def __init__(self, *layers: Layer) -> None:
        self.layers: list[Layer] = list(layers)
        self.captured: Layer | None = None      # the layer that took the last press

    def add(self, layer: Layer, *, above: str | None = None,
            below: str | None = None) -> Layer:
        """``layer`` at the bottom, or just above / below the layer named so."""
        names = [lay.name for lay in self.layers]
        if above is not None:
            self.layers.insert(names.index(above), layer)
        elif below is not None:
            self.layers.insert(names.index(below) + 1, layer)
        else:
            self.layers.append(layer)
        return layer

    def by_name(self, name: str) -> Layer:
        return next(lay for lay in self.layers if lay.name == name)

    def reached(self) -> list[Layer]:
        """The active layers an event reaches now, top first: down to the first
        exclusive one."""
        out: list[Layer] = []
        for layer in self.layers:
            if not layer.active():
                continue
            out.append(layer)
            if layer.exclusive:
                break
        return out

    def top_exclusive(self) -> Layer | None:
        """The exclusive layer that has the input now, if any."""
        reached = self.reached()
        return reached[-1] if reached and reached[-1].exclusive else None

    @property
    def blocked(self) -> bool:
        """An exclusive layer is open (what lies under it waits)."""
        return self.top_exclusive() is not None

    def _first(self, take: Callable[[Layer], bool]) -> Layer | None:
        for layer in self.reached():
            if take(layer) or layer.exclusive:
                return layer
        return None

    # ----- events ----------------------------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        if self.captured is not None:            # a press never released (focus lost)
            self.captured.cancel()
        self.captured = self._first(lambda lay: lay.press(x, y))
        return self.captured is not None

    def _holder(self) -> Layer | None:
        """The layer holding the pointer, while nothing exclusive opened over it."""
        held = self.captured
        if held is None:
            return None
        if held not in self.reached():
            held.cancel()
            self.captured = None
            return None
        return held

    def drag(self, x: float, y: float) -> bool:
        held = self._holder()
        return held.drag(x, y) if held is not None else False

    def release(self, x: float, y: float) -> bool:
        held = self._holder()
        self.captured = None
        if held is not None:
            return held.release(x, y) or True
        return self._first(lambda lay: lay.release(x, y)) is not None

    def key(self, key: int, modifiers: int) -> bool:
        return self._first(lambda lay: lay.key(key, modifiers)) is not None

    def text(self, text: str) -> bool:
        return self._first(lambda lay: lay.text(text)) is not None

    def scroll(self, x: float, y: float, dy: float) -> bool:
        return self._first(lambda lay: lay.scroll(x, y, dy)) is not None

    # ----- the picture -------------------------------------------------------------------
    def place(self, w: float, h: float) -> None:
        for layer in self.layers:
            layer.place(w, h)

    def top_panel(self) -> Panel | None:
        """The panel of the top exclusive layer, if it is one."""
        top = self.top_exclusive()
        return top.panel if isinstance(top, PanelLayer) else None

    def draw(self, w: float, h: float) -> None:
        """The layers' pictures bottom up (panels over what they cover)."""
        top = self.top_exclusive()
        for layer in reversed(self.layers):
            if layer.active():
                layer.draw(w, h, layer is top)


class PanelLayer(Layer):
    """A panel (a dialog, a picker, a question) as an exclusive layer: while it shows,
    it takes every press and release; Esc does ``on_escape`` (if given); ``keys`` sees
    the other keys first (a screen's keyboard focus over the panel's buttons), ``typed``
    the text typed.  ``panel`` may be a function giving the panel open now (None: none).
    ``hidden_under``: drawn only while it has the input (a picker under a dialog)."""

    exclusive = True

    def __init__(self, panel: Panel | Callable[[], Panel | None], name: str = "", *,
                 on_escape: Callable[[], object] | None = None,
                 keys: Callable[[int, int], bool] | None = None,
                 typed: Callable[[str], bool] | None = None,
                 hidden_under: bool = False) -> None:
        self.source = panel
        self.name = name
        self.on_escape = on_escape
        self.keys = keys
        self.typed = typed
        self.hidden_under = hidden_under

    @property
    def panel(self) -> Panel | None:
        source = self.source
        return source if isinstance(source, Panel) else source()

    def active(self) -> bool:
        panel = self.panel
        return panel is not None and panel.visible

    def press(self, x: float, y: float) -> bool:
        panel = self.panel
        return panel is not None and panel.press(x, y)

    def release(self, x: float, y: float) -> bool:
        panel = self.panel
        return panel is not None and panel.release(x, y)

    def cancel(self) -> None:
        for b in self.buttons():
            b.pressed = False

    def key(self, key: int, modifiers: int) -> bool:
        if key == arcade.key.ESCAPE and self.on_escape is not None:
            self.on_escape()
            return True
        return self.keys(key, modifiers) if self.keys is not None else False

    def text(self, text: str) -> bool:
        return self.typed(text) if self.typed is not None else False

    def buttons(self) -> list[Button]:
        panel = self.panel
        return ([b for b in panel.buttons.buttons if b.visible and b.enabled]
                if panel is not None else [])

    def place(self, w: float, h: float) -> None:
        panel = self.panel
        if panel is not None:
            panel.place(w, h)

    def draw(self, w: float, h: float, top: bool) -> None:
        panel = self.panel
        if panel is not None and (top or not self.hidden_under):
            panel.draw(w, h)


class ButtonsLayer(Layer):
    """A row of buttons (a bar, a screen's own): a press on one is taken, and its
    release clicks it there."""

    def __init__(self, buttons: Callable[[], list[Button]], name: str = "") -> None:
        self.group = buttons
        self.name = name

    def press(self, x: float, y: float) -> bool:
        return ButtonGroup(*self.group()).press(x, y)

    def release(self, x: float, y: float) -> bool:
        return ButtonGroup(*self.group()).release(x, y)

    def cancel(self) -> None:
        for b in self.group():
            b.pressed = False
