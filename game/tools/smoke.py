"""``cardclub --smoke``: a check that the install works.  It opens the window, goes from the
menu through a full deal of every game with a table (the computer in every seat) to the
result panel and back to the menu through its Menu button, then exits."""
from __future__ import annotations

import time
import traceback
from typing import Any

from game.app import CardClubWindow, open_window
from game.games import ORDER
from game.tools.drive import click, pump
from game.tools.lineup import most_players

#: every game, in menu order (the registry's)
SMOKE_GAMES = ORDER
EVERY_SEAT = (0, 1, 2, 3)
#: a deal that has not ended after this many frames has hung
MOST_FRAMES = 20000


def smoke_deal(window: CardClubWindow, game: str, seed: int, **options: Any) -> None:
    """One full deal of ``game`` through its table, computer in every seat; then the
    result panel's Menu button back to the menu."""
    from game.scenes.menu import MenuView
    from game.scenes.tables import table_class

    table = table_class(game)(window, seed=seed, ai_seats=EVERY_SEAT, options=options)
    window.show_view(table)
    for _ in range(MOST_FRAMES):
        pump(window)
        if table.result_visible:
            break
    if not table.result_visible:
        raise RuntimeError(f"the {game} deal did not finish within {MOST_FRAMES} frames")
    session = table.session
    print(f"smoke: {game} deal finished in {len(session.journal.moves)} moves, "
          f"result {session.result()}")
    menu_button = table.result_panel.buttons.by_name("menu")
    click(window, menu_button.cx, menu_button.cy)
    pump(window, 2)
    if not isinstance(window.current_view, MenuView):
        raise RuntimeError("the Menu button did not return to the menu")


def smoke(window: CardClubWindow) -> None:
    """Menu → a full deal of every game with a table, computer against computer →
    result panel → menu."""
    from game.scenes.menu import MenuView, table_ready

    window._enable_event_queue = False
    window.settings.animation_scale = 0.0
    window.think_scale = 0.0
    window.show_menu()
    pump(window, 3)
    if not isinstance(window.current_view, MenuView):
        raise RuntimeError("the menu did not open")
    seed = int(time.time()) % 100000
    for game in SMOKE_GAMES:
        if table_ready(game):
            smoke_deal(window, game, seed, **most_players(game))
    print("smoke: back at the menu; OK")


def main() -> int:
    """The smoke run in a window of its own: 0 when it passed, 1 (with the traceback on
    stderr) when anything failed or no window could be opened."""
    window = open_window()
    if window is None:
        return 1
    try:
        smoke(window)
        return 0
    except Exception:
        traceback.print_exc()
        return 1
    finally:
        window.close()
