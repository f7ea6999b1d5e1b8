"""A place on the table as a typed value: ``Place.parse("aux0.3")`` instead of slicing.

Place names are the engines' event names: a kind, then a seat (``hand2``,
``reserve0``, ``collected1``), a seat and a pile (``aux0.3``: seat 0's third side pile),
or a number (``run4``; the engines' own ``aux3`` names a pile of the mover's), or the
kind alone (``table``, ``stock`` …).  Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, cast, get_args

Kind = Literal["hand", "reserve", "aux", "collected", "run", "new", "stock", "completed",
               "deck", "talon", "trump", "table", "discard", "pile", "out"]
KINDS: frozenset[str] = frozenset(get_args(Kind))
#: kinds whose lone number is a seat (the others' is a pile or run number)
SEATED = frozenset({"hand", "reserve", "collected"})
_NAME = re.compile(r"([a-z]+)(?:(\d+)(?:\.(\d+))?)?")


@dataclass(frozen=True)
class Place:
    """``kind``, with the seat it belongs to and the pile's number where the name has
    them; ``str()`` gives the name back."""

    kind: Kind
    seat: int | None = None
    index: int | None = None

    @classmethod
    def parse(cls, name: str) -> Place:
        """The place a name means (ValueError for a name no table uses)."""
        m = _NAME.fullmatch(name)
        if m is None or m[1] not in KINDS:
            raise ValueError(f"not a place: {name!r}")
        kind = cast(Kind, m[1])
        first = None if m[2] is None else int(m[2])
        if m[3] is not None:
            return cls(kind, first, int(m[3]))
        if kind in SEATED:
            return cls(kind, first)
        return cls(kind, None, first)

    def __str__(self) -> str:
        if self.seat is not None and self.index is not None:
            return f"{self.kind}{self.seat}.{self.index}"
        number = self.seat if self.seat is not None else self.index
        return self.kind if number is None else f"{self.kind}{number}"

    def of(self, seat: int) -> bool:
        """Whether this is one of ``seat``'s places."""
        return self.seat == seat
