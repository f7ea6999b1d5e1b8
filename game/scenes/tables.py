"""Opening a game's table: a new deal, or the saved one resumed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games import spec
from game.lazy import resolve
from game.store import saves

if TYPE_CHECKING:
    import arcade

    from game.scenes.table_view import TableView
    from game.ui.window import Window


def table_class(game: str) -> type[TableView]:
    """The class of ``game``'s table (its module is imported on first use)."""
    from game.scenes.table_view import TableView

    cls = resolve(spec(game).table)
    if not (isinstance(cls, type) and issubclass(cls, TableView)):
        raise TypeError(f"{spec(game).table} is not a table view")
    return cls


def open_table(window: Window, game: str, resume: bool = False,
               **kw: Any) -> arcade.View | None:
    """The table of ``game``: with ``resume`` the saved deal (or the menu with a message
    when it cannot be read), else a new deal with ``kw`` (level, seed, options …)."""
    cls = table_class(game)
    kw.pop("new", None)
    if resume:
        loaded = saves.load(game)
        if loaded[0] is None:
            from game.i18n import _

            window.open("menu", message=loaded[1] or _("There is no saved deal."))
            return None
        journal, result = loaded
        level = journal.meta.get("level")
        return cls(window, state=result, journal=journal,
                   level=level if isinstance(level, str) else None, **kw)
    return cls(window, **kw)
