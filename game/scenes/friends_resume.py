"""The table this computer was hosting when its program ended (killed, a crash, a
restart): the friends view offers to resume it (seat 0 with its stored token, the
embedded server loading its file) or to close it for good.

A table's file (``home()/tables/<code>.json``, ``game.net.tables.Table.to_dict``) holds
its seats with their tokens; seat 0 is the host's.  Pure: no arcade, no network.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from game.net.tables import HOST, Table


@dataclass(frozen=True)
class LeftTable:
    """An unfinished table of one game, its host's seat still held by a token."""

    code: str
    token: str
    moves: int
    path: Path


def left_table(folder: Path, key: str) -> LeftTable | None:
    """The latest unfinished, not closed table of ``key`` in ``folder`` (the newest file
    first), or None.  A file that does not load is left for the server (which keeps it
    aside and says so)."""
    try:
        paths = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
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
