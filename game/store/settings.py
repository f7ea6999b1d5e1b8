"""Player settings: sound, animation pace, input hints.  Stored as settings.json."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.store.files import home, keep_aside, write_json


@dataclass
class Settings:
    volume: float = 0.7            # 0..1
    muted: bool = False
    animation_scale: float = 1.0   # duration factor: 1 normal, 0.5 fast, 0 instant
    dim_illegal: bool = True       # dim the cards that cannot be played now
    fullscreen: bool = False
    language: str = "en"
    levels: dict[str, str] = field(default_factory=dict)   # AI level chosen per game

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Settings:
        s = cls()
        for f in fields(cls):
            if f.name in d and isinstance(d[f.name], type(getattr(s, f.name))):
                setattr(s, f.name, d[f.name])
            elif f.name in d and f.type == "float" and isinstance(d[f.name], int):
                setattr(s, f.name, float(d[f.name]))
        s.levels = {str(k): str(v) for k, v in s.levels.items()}
        s.volume = min(1.0, max(0.0, s.volume))
        s.animation_scale = min(4.0, max(0.0, s.animation_scale))
        return s


def load() -> tuple[Settings, str | None]:
    """The saved settings, or defaults with a message when the file is damaged."""
    path = home() / "settings.json"
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return Settings.from_dict(data), None
    except (ValueError, OSError) as exc:
        aside = keep_aside(path)
        return Settings(), (f"Your settings file could not be read ({exc}); it was kept "
                            f"as {aside.name} and the defaults are used.")


def save(settings: Settings) -> None:
    write_json(home() / "settings.json", settings.to_dict())
