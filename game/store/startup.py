"""What the store does once when the window opens: tidy up after a killed run."""
from __future__ import annotations


def start_up() -> list[str]:
    """Once at start: remove temporary files a killed write left, send the deals left in
    the outbox to the history, record deals that ended before the game was closed, put
    damaged saves and a damaged history aside, and hold room for a finished deal's result
    (:func:`game.store.files.keep_spare`).  Returns the messages for the player
    (usually none); never raises, and never waits long for a history another program
    holds locked (what it cannot insert now, the outbox's thread inserts later)."""
    # imported when called: importing the store (settings, files) stays as light as it
    # was, without the history database or the rule engines that saves needs
    from game.store import files, history, outbox, saves

    messages: list[str] = []
    try:
        files.clean_stale_temp()
        messages += outbox.drain()
        messages += saves.settle_all()
        history.profile()              # opens (and checks) the history database
        files.keep_spare()             # room for a result on a disk that fills up
        while (m := history.take_message()) is not None:
            messages.append(m)
    except Exception as exc:  # start-up must never stop the game
        messages.append(str(exc))
    return messages
