"""Opening a game's table: a new deal, or the saved one resumed."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from game.games import info
from game.store import saves

if TYPE_CHECKING:
    import arcade

    from game.ui.window import Window


def table_class(game: str) -> Any:
    module, _, attr = info(game).table.partition(":")
    return getattr(importlib.import_module(module), attr)


def open_table(window: Window, game: str, resume: bool = False,
               **kw: Any) -> arcade.View | None:
    """The table of ``game``: with ``resume`` the saved deal (or the menu with a message
    when it cannot be read), else a new deal with ``kw`` (level, seed, options …)."""
    cls = table_class(game)
    kw.pop("new", None)
    if resume:
        journal, result = saves.load(game)
        if journal is None:
            from game.i18n import _

            window.open("menu", message=result or _("There is no saved deal."))
            return None
        level = journal.meta.get("level")
        return cls(window, state=result, journal=journal,
                   level=level if isinstance(level, str) else None, **kw)
    return cls(window, **kw)
