"""What a Dudák seat sees (``Dudak.observation``), its moves' verbs and its announcements,
as types (the observation stays a JSON-safe dict; see :mod:`game.rules.datatypes`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from game.rules.datatypes import Observation

#: the verbs of the moves (DESIGN.md, "Move notation")
DudakMoveKind = Literal["declare", "lead", "beat", "follow", "collect", "take"]
#: ``Event.text`` of the announcements
DudakAnnouncement = Literal["trump", "first_player", "abstych", "take", "out", "deal_over"]
#: the stage of the deal: declaring trumps, collecting, or following after a beat
DudakPhase = Literal["start", "collecting", "follow"]


class DudakObservation(Observation):
    collected: list[list[str]]       # per seat: cards collected (seen by all)
    card_counts: list[int]           # per seat: cards held in all
    hand_sizes: list[int]
    known: list[list[str]]           # per seat: cards of its hand seen (own seat: [])
    trumps: list[str | None]         # per seat: the trump suit declared
    pile: list[str]
    out: list[str]
    dealer: int
    next_player: int | None
    phase: DudakPhase
    moves: int
    out_order: list[int]             # seats in the order they went out
    dudak: int | None
    safety_net: bool
    net_tie: bool


def observed(obs: Mapping[str, Any]) -> DudakObservation:
    """A Dudák observation as its type (no copy, no check: a Dudák engine made it)."""
    return cast(DudakObservation, obs)
