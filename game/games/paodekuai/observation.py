"""What a Pao De Kuai seat sees (``PaoDeKuai.observation``), its moves' verbs and its
announcements, as types (the observation stays a JSON-safe dict; see
:mod:`game.rules.datatypes`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

from game.rules.datatypes import Observation

#: the verbs of the moves (DESIGN.md, "Move notation")
PaoDeKuaiMoveKind = Literal["play", "pass"]
#: ``Event.text`` of the announcements
PaoDeKuaiAnnouncement = Literal["first_player", "play", "bomb", "pass", "round_over",
                                "bomb_bonus", "deal_over"]


class ShapeData(TypedDict):
    """``Shape.to_dict()``: the kind of play, its size and its top rank."""

    kind: str
    size: int
    top: int
    name: str


class PaoDeKuaiObservation(Observation):
    hand_sizes: list[int]
    table: list[str]                 # the play to beat (empty: a lead)
    table_shape: ShapeData | None
    table_seat: int | None           # who made it
    leading: bool
    table_led: bool                  # was it a lead (no bomb bonus)
    opening: bool
    passed: list[int]
    history: list[list[Any]]         # [seat, cards] per play, [seat] per pass
    played_any: list[bool]
    scores: list[int]
    went_out: int | None
    settlement: list[dict[str, int]]


def observed(obs: Mapping[str, Any]) -> PaoDeKuaiObservation:
    """A Pao De Kuai observation as its type (no copy, no check: the engine made it)."""
    return cast(PaoDeKuaiObservation, obs)
