"""Player settings: sound, animation pace, input hints.  Stored as settings.json.

Loading never raises.  A file that cannot be read as a JSON object is kept aside byte for
byte and the defaults are used, with a message.  In a file that reads, each setting is
checked on its own: a value of the wrong type or out of range resets that setting alone
(and the message names it), an unknown language falls back to the system's, and keys this
version does not know are kept and written back (a newer version's settings survive).
Saving never raises either (a read-only or full disk is reported through
:func:`game.store.files.take_write_problem`), so Quit always exits cleanly.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.games import SPECS
from game.i18n import N_
from game.store import files
from game.store.files import home

#: the range of each number setting; a stored value outside it is reset (by ``load``) or
#: clamped (by ``from_dict``); a game's count of players (``players``) ranges over the
#: players it allows (:func:`_players`)
RANGES: dict[str, tuple[float, float]] = {
    "volume": (0.0, 1.0), "animation_scale": (0.0, 4.0),
    "opponent_pace": (0.0, 4.0), "card_scale": (0.85, 1.25), "look_contrast": (0.0, 1.0),
    "look_grain": (0.0, 1.0), "look_warmth": (0.0, 1.0)}
#: the games whose player chooses how many play (``Settings.players`` remembers it)
CHOOSING: tuple[str, ...] = tuple(key for key, s in SPECS.items()
                                  if len(s.players_allowed) > 1)
#: most games ``Settings.players`` holds (a newer version's included)
MAX_GAMES = 32
#: the longest text a setting (or a level's name) may hold
MAX_TEXT = 40
#: unknown keys kept for a newer version, at most
MAX_EXTRA = 64
#: the name the player knows each setting by (the Settings screen's words), for messages
NAMES: dict[str, str] = {
    "volume": N_("Volume"), "muted": N_("Mute"), "animation_scale": N_("Animation speed"),
    "dim_illegal": N_("Highlight possible moves"), "fullscreen": N_("Fullscreen"),
    "language": N_("Language"), "levels": N_("Computer levels"),
    "opponent_pace": N_("Opponents' pace"),
    "card_scale": N_("Card size"), "four_colour": N_("Four-colour French cards"),
    "allow_assist": N_("Allow hints and undo"),
    "look_contrast": N_("Contrast"), "look_grain": N_("Grain"),
    "look_warmth": N_("Colour temperature"),
    "players": N_("Players in {game}")}


@dataclass
class Settings:
    volume: float = 0.7            # 0..1
    muted: bool = False
    animation_scale: float = 1.0   # duration factor: 1 normal, 0.5 fast, 0 instant
    dim_illegal: bool = True       # dim the cards that cannot be played now
    fullscreen: bool = False
    language: str = ""             # "" until chosen: the system language is used
    levels: dict[str, str] = field(default_factory=dict)   # AI level chosen per game
    #: how many play, per game key, where the player chooses (none yet: the table asks)
    players: dict[str, int] = field(default_factory=dict)
    opponent_pace: float = 1.0     # computers' pause before each card: 1 normal, 0 none
    card_scale: float = 1.0        # card size on the tables: 0.85 .. 1.25
    four_colour: bool = False      # French cards in four colours (blue diamonds, green clubs)
    allow_assist: bool = True      # Hint and Undo at the tables (off: every deal counts)
    look_contrast: float = 0.5     # the table's look, 0 .. 1 each, 0.5 neutral (no pass)
    look_grain: float = 0.5
    look_warmth: float = 0.5
    #: keys of a newer version, written back as they were (not a setting of this one)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        extra = d.pop("extra")
        return {**{k: v for k, v in extra.items() if k not in d}, **d}

    @classmethod
    def from_dict(cls, d: dict[str, Any], strict: bool = False) -> Settings:
        """Settings from loaded JSON, leniently: unknown keys are kept (``extra``),
        missing ones take their defaults, a value of the wrong type is ignored
        (``strict``: raises ValueError), a number out of range is clamped.  Text that
        could not be written back (lone surrogates) always raises."""
        if not isinstance(d, dict):
            raise ValueError("it is not a settings object")
        d = migrated(d)
        s = cls()
        for name, value in d.items():
            if name not in _FIELDS:
                continue
            if name == "players":
                s.players, bad = _players(value, clamp=True)
                if bad and strict:
                    raise ValueError("the setting 'players' has the wrong type")
                continue
            ok, v = _check(name, getattr(s, name), value, clamp=True)
            if not ok:
                if strict:
                    raise ValueError(f"the setting {name!r} has the wrong type")
                continue
            setattr(s, name, v)
        s.extra = _extra(d)
        files.check_value(s.to_dict())   # strings must be writable again (no surrogates)
        return s

    @classmethod
    def checked(cls, d: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from loaded JSON, key by key: a wrong or out-of-range value, or a
        language we do not have, resets that setting alone; returns the settings and the
        names of those reset.  Unknown keys are kept (``extra``)."""
        d = migrated(d)
        s = cls()
        reset: list[str] = []
        for name, value in d.items():
            if name not in _FIELDS:
                continue
            if name == "players":
                s.players, bad = _players(value, clamp=False)
                reset += bad
                continue
            ok, v = _check(name, getattr(s, name), value, clamp=False)
            if ok:
                setattr(s, name, v)
            else:
                reset.append(name)
        s.extra = _extra(d)
        return s, reset


_FIELDS = frozenset(f.name for f in fields(Settings) if f.name != "extra")


def migrated(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` with the older files' ``<game>_players`` keys moved into ``players`` (the
    value checked there; a count already in ``players`` wins)."""
    old = {f"{key}_players": key for key in SPECS}
    if not any(name in d for name in old):
        return d
    out = {k: v for k, v in d.items() if k not in old}
    players = out.get("players", {})
    if isinstance(players, dict):
        moved = {key: d[name] for name, key in old.items() if name in d}
        out["players"] = moved | players
    return out


def _players(v: Any, clamp: bool) -> tuple[dict[str, int], list[str]]:
    """The counts of ``v`` that may stay (a known game's within the players it allows,
    ``clamp``: brought into them; another game's, a newer version's, as a small whole
    number), and the reset names (``players.<game>``) of those that may not."""
    if not isinstance(v, dict) or len(v) > MAX_GAMES:
        return {}, [f"players.{key}" for key in CHOOSING]
    kept: dict[str, int] = {}
    reset: list[str] = []
    for key, n in v.items():
        if type(key) is not str or len(key) > MAX_TEXT or not _writable(key):
            continue
        known = SPECS.get(key)
        lo, hi = ((min(known.players_allowed), max(known.players_allowed))
                  if known is not None else (1, 16))
        if type(n) is not int or (not lo <= n <= hi and not clamp):
            reset.append(f"players.{key}")
            continue
        kept[key] = min(hi, max(lo, n))
    return kept, reset


def _check(name: str, default: Any, v: Any, clamp: bool) -> tuple[bool, Any]:
    """Whether ``v`` may be the setting ``name`` (of ``default``'s type), and the value
    to keep: in range (``clamp``: brought into it), a language we have, a short text."""
    if isinstance(default, bool):
        return type(v) is bool, v
    if isinstance(default, (int, float)):
        whole = not isinstance(default, float)          # a count takes no fractions
        if type(v) not in ((int,) if whole else (int, float)) or not math.isfinite(v):
            return False, v
        v = float(v) if isinstance(default, float) else v
        lo, hi = _range(name)
        if not lo <= v <= hi:
            if not clamp:
                return False, v
            v = type(v)(min(hi, max(lo, v)))
        return True, v
    if isinstance(default, str):
        if type(v) is not str or len(v) > MAX_TEXT or not _writable(v):
            return False, v
        if name == "language" and v:
            from game.i18n import LANGUAGES

            if v not in LANGUAGES:      # "" is the system's language
                return False, v
        return True, v
    ok = (isinstance(v, dict) and len(v) <= 32 and all(   # levels
        type(k) is str and type(x) is str and len(k) <= MAX_TEXT and len(x) <= MAX_TEXT
        and _writable(k) and _writable(x) for k, x in v.items()))
    return ok, dict(v) if ok else v


def _range(name: str) -> tuple[float, float]:
    """The values a number setting may take."""
    return RANGES.get(name, (-math.inf, math.inf))


def _writable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _extra(d: dict[str, Any]) -> dict[str, Any]:
    """The keys this version does not know, kept for the version that wrote them."""
    kept: dict[str, Any] = {}
    for k, v in d.items():
        if k in _FIELDS or k == "extra" or type(k) is not str or len(k) > MAX_TEXT:
            continue
        try:
            files.check_value(v)
            files.check_value(k)
        except ValueError:
            continue
        kept[k] = v
        if len(kept) >= MAX_EXTRA:
            break
    return kept


def path() -> Path:
    return home() / "settings.json"


def reset_message(names: list[str]) -> str:
    """Plain words for settings reset one by one: which, by the names the player knows."""
    from game.i18n import _

    def word(name: str) -> str:
        field_name, _dot, key = name.partition(".")
        game = SPECS[key].title if key in SPECS else key
        return _(NAMES.get(field_name, field_name)).format(game=game)

    words = [word(n) for n in names]
    return _("Some of your settings were not valid and are back to their defaults: "
             "{names}.").format(names=", ".join(words))


def load() -> tuple[Settings, str | None]:
    """The saved settings, or defaults with a message when the file is damaged; a
    setting that is wrong on its own is reset alone (the message says which)."""
    from game.i18n import _

    p = path()
    try:
        if not p.is_file():
            return Settings(), None
    except OSError:
        return Settings(), None
    try:
        data = files.read_json(p)
        if not isinstance(data, dict):
            raise ValueError("it is not a settings object")
    except Exception as exc:  # whatever broke, the game starts
        aside = files.keep_aside(p)
        return Settings(), files.damaged_message(_("Your settings file"), p, exc, aside,
                                                 _("the defaults are used."))
    s, reset = Settings.checked(data)
    return s, reset_message(reset) if reset else None


def peek_language() -> str:
    """The saved language, read without changing any file (a second start that only
    says the game is already open); "" when there is none we have."""
    try:
        data = files.read_json(path())
    except Exception:  # no file, or a damaged one: the first window deals with it
        return ""
    if not isinstance(data, dict):
        return ""
    ok, value = _check("language", "", data.get("language", ""), clamp=False)
    return value if ok else ""


def save(settings: Settings) -> bool:
    """Write the settings; ``False`` when they could not be written (never raises)."""
    try:
        data = settings.to_dict()
    except Exception as exc:  # a value that cannot be written: keep what is on disk
        files.note_problem(path(), exc)
        return False
    return files.store_json(path(), data)
