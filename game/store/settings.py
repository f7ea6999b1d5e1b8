"""Player settings: sound, animation pace, input hints.  Stored as settings.json.

Loading never raises: a file that cannot be read, or holds a value of the wrong type, is
kept aside byte for byte and the defaults are used, with a message.  Saving never raises
either (a read-only or full disk is reported through
:func:`game.store.files.take_write_problem`), so Quit always exits cleanly.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.store import files
from game.store.files import home


@dataclass
class Settings:
    volume: float = 0.7            # 0..1
    muted: bool = False
    animation_scale: float = 1.0   # duration factor: 1 normal, 0.5 fast, 0 instant
    dim_illegal: bool = True       # dim the cards that cannot be played now
    fullscreen: bool = False
    language: str = ""             # "" until chosen: the system language is used
    levels: dict[str, str] = field(default_factory=dict)   # AI level chosen per game
    autobus_players: int = 4       # players at the Hospodský autobus table (2, 3 or 4)
    opponent_pace: float = 1.0     # computers' pause before each card: 1 normal, 0 none
    card_scale: float = 1.0        # card size on the tables: 0.85 .. 1.25
    four_colour: bool = False      # French cards in four colours (blue diamonds, green clubs)
    allow_assist: bool = True      # Hint and Undo at the tables (off: every deal counts)
    look_contrast: float = 0.5     # the table's look, 0 .. 1 each, 0.5 neutral (no pass)
    look_grain: float = 0.5
    look_warmth: float = 0.5

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any], strict: bool = False) -> Settings:
        """Settings from loaded JSON: unknown keys are ignored, missing ones take their
        defaults, a value of the wrong type is ignored (``strict``: raises ValueError, so
        that :func:`load` keeps such a file aside).  Text that could not be written back
        (lone surrogates) always raises."""
        if not isinstance(d, dict):
            raise ValueError("it is not a settings object")
        s = cls()
        for f in fields(cls):
            if f.name not in d:
                continue
            v = d[f.name]
            default = getattr(s, f.name)
            if isinstance(default, bool):
                ok = type(v) is bool
            elif isinstance(default, float):
                ok = type(v) in (int, float) and math.isfinite(v)
                v = float(v) if ok else v
            elif isinstance(default, int):
                ok = type(v) is int
            elif isinstance(default, str):
                ok = type(v) is str and len(v) <= 40
            else:  # levels
                ok = (isinstance(v, dict) and len(v) <= 32 and all(
                    type(k) is str and type(x) is str and len(k) <= 40 and len(x) <= 40
                    for k, x in v.items()))
                v = dict(v) if ok else v
            if not ok:
                if strict:
                    raise ValueError(f"the setting {f.name!r} has the wrong type")
                continue
            setattr(s, f.name, v)
        files.check_value(s.to_dict())   # strings must be writable again (no surrogates)
        s.volume = min(1.0, max(0.0, s.volume))
        s.animation_scale = min(4.0, max(0.0, s.animation_scale))
        s.autobus_players = min(4, max(2, s.autobus_players))
        s.opponent_pace = min(4.0, max(0.0, s.opponent_pace))
        s.card_scale = min(1.25, max(0.85, s.card_scale))
        s.look_contrast = min(1.0, max(0.0, s.look_contrast))
        s.look_grain = min(1.0, max(0.0, s.look_grain))
        s.look_warmth = min(1.0, max(0.0, s.look_warmth))
        return s


def path() -> Path:
    return home() / "settings.json"


def load() -> tuple[Settings, str | None]:
    """The saved settings, or defaults with a message when the file is damaged."""
    from game.i18n import _

    p = path()
    try:
        if not p.is_file():
            return Settings(), None
    except OSError:
        return Settings(), None
    try:
        return Settings.from_dict(files.read_json(p), strict=True), None
    except Exception as exc:  # whatever broke, the game starts
        aside = files.keep_aside(p)
        return Settings(), files.damaged_message(_("Your settings file"), p, exc, aside,
                                                 _("the defaults are used."))


def save(settings: Settings) -> bool:
    """Write the settings; ``False`` when they could not be written (never raises)."""
    try:
        data = settings.to_dict()
    except Exception as exc:  # a value that cannot be written: keep what is on disk
        files.note_problem(path(), exc)
        return False
    return files.store_json(path(), data)
