"""Arcade views.  Views open each other through the window (``window.open(name, **kw)``),
never by importing each other; every view class takes ``(window, **kw)``.

This package only re-exports: the views by name (``SCENES``, ``scene_class``) are in
:mod:`game.scenes.registry`.
"""
from game.scenes.registry import SCENES, scene_class

__all__ = ["SCENES", "scene_class"]
