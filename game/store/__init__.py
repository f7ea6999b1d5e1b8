"""Saves, settings, history and the per-user data folder (no arcade imports here).

The window calls :func:`start_up` once when it opens; the tables call
``saves.new_deal`` / ``saves.add_move`` / ``saves.finish`` / ``saves.surrender``; any
view may show ``files.take_write_problem()`` (a message, once) after saving.

This package only re-exports: :func:`start_up` is in :mod:`game.store.startup`.
"""
from game.store.startup import start_up

__all__ = ["start_up"]
