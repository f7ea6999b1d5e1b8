"""The table this computer was hosting when its program ended (killed, a crash, a
restart): the friends view offers to resume it (seat 0 with its stored token, the
embedded server loading its file) or to close it for good.

A table's file (``home()/tables/<code>.json``, ``game.net.tables.Table.to_dict``) holds
its seats with their tokens; seat 0 is the host's.  That folder is also ``cardclub
serve``'s by default, whose hosts may sit elsewhere: only the codes the window itself
hosted (noted in ``home()/hosted.json``) are offered.  Pure: no arcade, no network.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.net.seatlog import seat_log
from game.net.tables import HOST, Table
from game.store import files

#: the codes noted at most (the newest kept)
NOTED = 50


def noted_path(folder: Path) -> Path:
    """Where the window notes the tables it hosts (beside the tables' folder)."""
    return folder.parent / "hosted.json"


def noted(folder: Path) -> list[str]:
    """The codes of the tables the window hosted (oldest first); [] when unreadable."""
    try:
        d = files.read_json(noted_path(folder))
    except (OSError, ValueError):
        return []
    codes = d.get("codes") if isinstance(d, dict) else None
    return [c for c in codes if isinstance(c, str)] if isinstance(codes, list) else []


def note_hosted(folder: Path, code: str) -> bool:
    """Note that the window hosts ``code`` (codes whose table file is gone are
    dropped); False when it could not be written (the table is then not offered)."""
    codes = [c for c in noted(folder) if c != code and (folder / f"{c}.json").exists()]
    return files.store_json(noted_path(folder), {"codes": [*codes, code][-NOTED:]})


@dataclass(frozen=True)
class LeftTable:
    """An unfinished table of one game, its host's seat still held by a token."""

    code: str
    token: str
    moves: int
    path: Path


def left_table(folder: Path, key: str) -> LeftTable | None:
    """The latest unfinished, not closed table of ``key`` that the window hosted in
    ``folder`` (the newest file first), or None.  A file that does not load is left for
    the server (which keeps it aside and says so)."""
    paths = [folder / f"{c}.json" for c in noted(folder)]
    try:
        paths = sorted((p for p in paths if p.is_file()), key=lambda p: p.stat().st_mtime,
                       reverse=True)
    except OSError:
        return None
    for path in paths:
        try:
            table = Table.load(path)
        except Exception:   # a damaged or vanished file is not offered
            continue
        token = table.seats[HOST].token
        if (table.key == key and not table.closed and not table.session.is_over
                and token is not None):
            return LeftTable(table.code, token, table.session.moves_played, path)
    return None


def discard(left: LeftTable) -> None:
    """Close that table for good: its file goes (asked first by the window)."""
    with contextlib.suppress(FileNotFoundError):
        left.path.unlink()


def told_by_file(left: LeftTable, seat: int, upto: int) -> list[dict[str, Any]]:
    """The first ``upto`` moves of the table resumed, as the server tells them to
    ``seat`` (``game.net.seatlog``), read from the table's own file (the server's
    ``state`` holds the position, not the moves); [] when it does not load."""
    try:
        table = Table.load(left.path)
    except Exception:   # a damaged or vanished file: the log starts now
        return []
    return [e for e in seat_log(table, seat) if e["n"] < upto]
