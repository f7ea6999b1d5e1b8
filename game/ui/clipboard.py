"""The system clipboard, through the window (pyglet's ``set_clipboard_text`` and
``get_clipboard_text``).  Neither call ever raises: a platform or a window without a
clipboard (a headless window, a display that refuses the selection) answers False or "".

On X11 pyglet owns the CLIPBOARD selection while the window lives and answers other
programs from it; reading back what it just set needs no round trip to the server."""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def copy_text(window: Any, text: str) -> bool:
    """Put ``text`` on the clipboard; whether it is there now."""
    setter = getattr(window, "set_clipboard_text", None)
    if setter is None:
        return False
    try:
        setter(text)
    except Exception as exc:  # NotImplementedError on a headless window, an X error ...
        log.info("clipboard: cannot copy (%s)", exc)
        return False
    # pyglet says nothing when the display refused: read it back
    return paste_text(window) == text


def paste_text(window: Any) -> str:
    """The clipboard's text, or "" (no text, no clipboard)."""
    getter = getattr(window, "get_clipboard_text", None)
    if getter is None:
        return ""
    try:
        text = getter()
    except Exception as exc:  # as above
        log.info("clipboard: cannot paste (%s)", exc)
        return ""
    return text if isinstance(text, str) else ""
