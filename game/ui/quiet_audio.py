"""Load Arcade quietly, so that a machine without a sound card stays silent.

pyglet picks its audio driver when ``pyglet.media`` is first imported, which
``import arcade`` does.  With no audio device, OpenAL (through ALSA) and PulseAudio print
their failures straight to file descriptor 2 while pyglet tries them in turn and settles
on its silent driver.  ``choose_driver()`` runs that first ``import arcade`` (so Arcade
sets pyglet's options exactly as usual: its driver order, ``ARCADE_SOUND_BACKENDS``, no
shadow window, headless mode) with the C-level stderr sent to /dev/null, so the player
sees none of it.  Python exceptions still propagate, and are printed, after stderr is
back.  This module imports nothing from pyglet or Arcade until it is called.
"""
from __future__ import annotations

import os
import sys


def choose_driver() -> str:
    """Import Arcade with stderr silenced; return the name of pyglet's audio driver."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        quiet = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):  # no stderr at all: nothing to hide
        saved = quiet = -1
    try:
        if saved >= 0:
            os.dup2(quiet, 2)
        import arcade  # noqa: F401  (imports pyglet.media, which picks the driver)
        from pyglet import media

        driver = media.get_audio_driver()  # type: ignore[no-untyped-call]  # unannotated in pyglet 2.1
        return type(driver).__name__
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)
            os.close(quiet)
