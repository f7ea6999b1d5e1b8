"""Where the data folders (sprites/, sounds/, levels/) are, also in a frozen build."""
from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    """The folder that holds sprites/, sounds/ and levels/."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def path(*parts: str) -> Path:
    return root().joinpath(*parts)
