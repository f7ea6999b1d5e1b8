"""The views by name.  Views open each other through the window (``window.open(name,
**kw)``), never by importing each other: ``SCENES`` names each view's class (or factory),
and its module is imported on first use."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.lazy import resolve

if TYPE_CHECKING:
    from collections.abc import Callable

    import arcade

    #: a view's class, or a function that opens one (None: it showed another view instead,
    #: the menu with a message)
    SceneFactory = Callable[..., arcade.View | None]

SCENES: dict[str, str] = {
    "menu": "game.scenes.menu:MenuView",
    "table": "game.scenes.tables:open_table",
    "rules": "game.scenes.rules_view:RulesView",
    "traditions": "game.scenes.traditions_view:TraditionsView",
    "history": "game.scenes.history_view:HistoryView",
    "settings": "game.scenes.settings_view:SettingsView",
    "about": "game.scenes.about_view:AboutView",
    "replay": "game.scenes.replay_view:open_replay",
    "review": "game.scenes.review_view:ReviewView",
    "quiz": "game.scenes.table.quiz:open_quiz",         # learn from your mistakes
    "friends": "game.scenes.friends_view:FriendsView",     # play with friends (game/net)
}


def scene_class(name: str) -> SceneFactory:
    """The class (or factory) registered as ``name``; KeyError for an unknown name."""
    factory = resolve(SCENES[name])
    assert callable(factory), SCENES[name]
    return factory
