"""Choose the audio driver quietly, before Arcade is imported.

pyglet picks its audio driver when ``pyglet.media`` is first imported (``import arcade``
does that).  With no audio device, OpenAL (through ALSA) and PulseAudio print their
failures straight to file descriptor 2 while pyglet tries them in turn and settles on
its silent driver.  ``choose_driver()`` does that import with the C-level stderr sent to
/dev/null, in the order Arcade would use, so the player sees none of it and the game is
simply silent.  This module imports nothing from pyglet or Arcade until it is called.
"""
from __future__ import annotations

import os
import sys

#: Arcade's own order (arcade/sound.py), unless ARCADE_SOUND_BACKENDS says otherwise
ARCADE_ORDER = ("openal", "xaudio2", "directsound", "pulse", "silent")


def choose_driver() -> str:
    """Import ``pyglet.media`` with stderr silenced; return the chosen driver's name
    (``"none"`` when that import fails, e.g. without a display)."""
    already = "pyglet.media" in sys.modules
    import pyglet

    if not already:
        env = os.environ.get("ARCADE_SOUND_BACKENDS")
        order = tuple(v.strip() for v in env.split(",")) if env else ARCADE_ORDER
        pyglet.options.audio = order
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        quiet = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):  # no stderr at all: nothing to hide
        saved = quiet = -1
    try:
        if saved >= 0:
            os.dup2(quiet, 2)
        from pyglet import media

        name = type(media.get_audio_driver()).__name__
    except Exception:  # no display (pyglet.media opens GL): app.run reports it, loudly
        name = "none"
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)
            os.close(quiet)
    return name
