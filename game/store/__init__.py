"""Saves, settings, history and the per-user data folder (no arcade imports here).

The window calls :func:`start_up` once when it opens; the tables call
``saves.new_deal`` / ``saves.add_move`` / ``saves.finish`` / ``saves.surrender``; any
view may show ``files.take_write_problem()`` (a message, once) after saving.
"""
from __future__ import annotations


def start_up() -> list[str]:
    """Once at start: remove temporary files a killed write left, record deals that ended
    before the game was closed, put damaged saves and a damaged history aside.  Returns the
    messages for the player (usually none); never raises."""
    from game.store import files, history, saves

    messages: list[str] = []
    try:
        files.clean_stale_temp()
        messages += saves.settle_all()
        history.profile()              # opens (and checks) the history database
        while (m := history.take_message()) is not None:
            messages.append(m)
    except Exception as exc:  # start-up must never stop the game
        messages.append(str(exc))
    return messages
