"""What the friends page keeps in the player's data folder between runs.

- ``friends.json``: the join form's last name, address and code (what the player typed
  last; the name goes with hosting too).
- ``joined.json``: each seat this player holds at another player's table (code, token,
  address, game, seat), so that a window killed or closed mid-deal can take its seat back
  after a restart (*Rejoin table K7QM2P*: a ``resume`` with the code and the token).  A
  seat is noted as soon as the server seats the player, and dropped once its deal is
  over, its table closed or gone (the server answers ``no_table`` or ``bad_token``), or
  the player left it.

Both are written atomically (``files.store_json``); a damaged or unreadable file reads as
empty (it is rewritten at the next note), an entry that does not check out is skipped.
Pure: no arcade, no network.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, name_ok
from game.store import files

FORM_NAME = "friends.json"
JOINED_NAME = "joined.json"
#: the seats kept at most (the newest)
KEPT = 20
#: the longest address remembered
LONGEST_ADDRESS = 200
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = re.compile(r"[0-9a-f]{32}")


def _folder(folder: Path | None) -> Path:
    return folder if folder is not None else files.home()


def _read(path: Path) -> dict[str, Any]:
    try:
        d = files.read_json(path)
    except (OSError, ValueError):
        return {}
    return d if isinstance(d, dict) else {}


# ----- the join form ----------------------------------------------------------------------
@dataclass(frozen=True)
class Form:
    """The friends page's fields as the player last sent them."""

    name: str = ""
    address: str = ""
    code: str = ""


def form(folder: Path | None = None) -> Form:
    """The remembered fields; each one that does not check out reads as empty."""
    d = _read(_folder(folder) / FORM_NAME)

    def text(key: str) -> str:
        v = d.get(key)
        return v if isinstance(v, str) else ""
    name, address, code = text("name"), text("address"), text("code").upper()
    return Form(name if name_ok(name) else "",
                address if len(address) <= LONGEST_ADDRESS and address.isprintable() else "",
                code if _CODE.fullmatch(code) else "")


def keep_form(kept: Form, folder: Path | None = None) -> bool:
    """Remember the fields (False when the file could not be written: nothing breaks)."""
    return files.store_json(_folder(folder) / FORM_NAME, asdict(kept))


# ----- the seats held at friends' tables ----------------------------------------------------
@dataclass(frozen=True)
class JoinedSeat:
    """A seat at another player's table: what a ``resume`` needs, and where to send it."""

    code: str
    token: str
    address: str
    game: str
    seat: int

    @staticmethod
    def read(d: Any) -> JoinedSeat | None:
        """An entry of ``joined.json``, or None when it does not check out."""
        if not isinstance(d, dict):
            return None
        code, token, address = d.get("code"), d.get("token"), d.get("address")
        game, seat = d.get("game"), d.get("seat")
        if not (isinstance(code, str) and _CODE.fullmatch(code)
                and isinstance(token, str) and _TOKEN.fullmatch(token)
                and isinstance(address, str) and len(address) <= LONGEST_ADDRESS
                and urlparse(address).scheme in ("ws", "wss")
                and isinstance(game, str) and type(seat) is int and 0 < seat < 8):
            return None
        return JoinedSeat(code, token, address, game, seat)


def joined(folder: Path | None = None) -> list[JoinedSeat]:
    """The seats noted, oldest first ([] when the file is missing or damaged)."""
    raw = _read(_folder(folder) / JOINED_NAME).get("seats")
    seats = [JoinedSeat.read(d) for d in raw] if isinstance(raw, list) else []
    return [s for s in seats if s is not None]


def note_joined(seat: JoinedSeat, folder: Path | None = None) -> bool:
    """Note a seat just taken (the newest last; the same table's older entry goes)."""
    kept = [s for s in joined(folder) if s.code != seat.code]
    return _store([*kept, seat][-KEPT:], folder)


def forget_joined(code: str, folder: Path | None = None) -> bool:
    """Drop the seat at table ``code`` (True when there was none to drop, too)."""
    seats = joined(folder)
    kept = [s for s in seats if s.code != code]
    return kept == seats or _store(kept, folder)


def joined_seat(game: str, folder: Path | None = None) -> JoinedSeat | None:
    """The newest seat held at a table of ``game``, or None."""
    return next((s for s in reversed(joined(folder)) if s.game == game), None)


def _store(seats: list[JoinedSeat], folder: Path | None) -> bool:
    return files.store_json(_folder(folder) / JOINED_NAME,
                            {"seats": [asdict(s) for s in seats]})
