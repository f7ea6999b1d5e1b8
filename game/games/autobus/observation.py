"""What an Autobus seat sees (``Autobus.observation``), its moves' verbs and its
announcements, as types (the observation stays a JSON-safe dict; see
:mod:`game.rules.datatypes`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from game.rules.datatypes import Observation

#: the verbs of the moves (DESIGN.md, "Move notation")
AutobusMoveKind = Literal["play", "discard", "bus", "end"]
#: ``Event.text`` of the announcements
AutobusAnnouncement = Literal["turn", "bus", "run_completed", "reshuffle", "deal_over"]


class AutobusObservation(Observation):
    players: int
    hand_sizes: list[int]
    reserve_tops: list[str | None]   # per seat: the reserve's top card, None when empty
    reserve_sizes: list[int]
    aux: list[list[list[str]]]       # aux[seat][k - 1]: the pile's cards, the top last
    aux_ranks: list[list[str | None]]  # the rank each pile keeps (jokers take it)
    runs: list[list[str] | None]     # runs[k - 1]; None: the number is free
    stock_size: int
    completed_size: int
    turn: int
    quiet_turns: int
    run_played: bool                 # a card went onto a run this turn


def observed(obs: Mapping[str, Any]) -> AutobusObservation:
    """An Autobus observation as its type (no copy, no check: an Autobus engine made it)."""
    return cast(AutobusObservation, obs)
