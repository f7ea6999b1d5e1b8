"""The contract's data as types: the keys every observation has, and the kinds of an event.

An observation stays the JSON-safe ``dict`` the contract promises (``Game.observation``
is typed ``dict[str, Any]`` for shared code); each game describes its own as a
``TypedDict`` built on :class:`Observation` in ``game/games/<key>/observation.py``, which
the engine's ``observation()`` is checked against where it builds it, and which the
game's inference, heuristic and search read through.  ``Event.kind`` stays a ``str``
field; :data:`EventKind` names its values, and each game names its announcements.
"""
from __future__ import annotations

from typing import Literal, TypedDict

#: ``Event.kind``: a card moving, a card turned face up where it lies, a named happening
EventKind = Literal["move", "reveal", "announce"]


class Observation(TypedDict):
    """What every game's observation holds (DESIGN.md, "The engine contract")."""

    game: str
    seat: int
    hand: list[str]                  # the seat's own cards, in notation
    current_player: int | None       # None when the deal is over
    is_over: bool
    result: list[float] | None       # ``Game.result()``: None until the deal is over
