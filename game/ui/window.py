"""What a view may ask of the window, as a ``Protocol``: views annotate with it instead of
importing ``game.app.CardClubWindow``, so the window's module and the views it opens never
import each other (not even for annotations).  ``CardClubWindow`` has all of it; a view
still hands the window to ``arcade.View``, which takes the arcade window it is
(``arcade_window``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import arcade

if TYPE_CHECKING:
    from game.store.settings import Settings
    from game.ui.assets import Sounds


class Window(Protocol):
    """The window as the views use it: the player's settings and sounds, the computers'
    pace for tools and tests, and opening views by name (``game.scenes.SCENES``)."""

    settings: Settings
    sounds: Sounds
    #: scales every computer's think delay: 0 moves at once (smoke runs, tests)
    think_scale: float

    def open(self, name: str, **kw: Any) -> arcade.View | None:
        """Show the view registered as ``name`` and return it."""
        ...

    def show_menu(self, message: str | None = None) -> None:
        """Back to the menu, with a message for the player if any."""
        ...

    def show_view(self, new_view: arcade.View) -> None:
        """Show ``new_view`` (arcade's own, waking the window)."""
        ...

    def wake(self) -> None:
        """Something a view shows changed without input (a background read came back, a
        timer ran out): draw it at the next tick, even if the window had gone idle."""
        ...


def arcade_window(window: Window) -> arcade.Window:
    """``window`` as the arcade window it is, for ``arcade.View.__init__``: the protocol
    says what a view asks of the window, and every window that has it is an arcade one."""
    if not isinstance(window, arcade.Window):
        raise TypeError(f"a view needs an arcade window, not {type(window).__name__}")
    return window
