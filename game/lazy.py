"""The one loader of ``"package.module:attribute"`` references: code named as text and
imported when first asked for.  The views by name and each game's table (which need
arcade, so the pure core never imports them) are named so, as is a bot made by code
that itself makes bots (the review's judge)."""
from __future__ import annotations

import importlib
import importlib.util
from functools import cache


def _parts(ref: str) -> tuple[str, str]:
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"not a 'module:attribute' reference: {ref!r}")
    return module, attr


@cache
def resolve(ref: str) -> object:
    """The object ``ref`` names (its module imported once)."""
    module, attr = _parts(ref)
    obj: object = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def exists(ref: str) -> bool:
    """Whether the module ``ref`` names is there (without importing it)."""
    return importlib.util.find_spec(_parts(ref)[0]) is not None
