"""What a Durak seat sees (``Durak.observation``), its moves' verbs and its announcements,
as types (the observation stays a JSON-safe dict; see :mod:`game.rules.datatypes`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from game.rules.datatypes import Observation

#: the verbs of the moves (DESIGN.md, "Move notation")
DurakMoveKind = Literal["attack", "defend", "take", "stop"]
#: ``Event.text`` of the announcements
DurakAnnouncement = Literal["trump", "first_attacker", "take", "bout_beaten", "bout_taken",
                            "deal_over"]


class DurakObservation(Observation):
    opponent_hand_size: int
    opponent_known: list[str]        # cards of the opponent's hand both have seen
    talon_size: int
    trump_card: str
    trump_suit: str
    trump_in_talon: bool
    table: list[list[str | None]]    # [attack, defence or None] per pair
    discard_count: int
    discard: list[str]
    attacker: int
    defender: int
    taking: bool                     # the defender has said "take"
    bout_limit: int                  # attack cards allowed in this bout
    # (seat, hand, current_player, is_over, result, game: Observation's)


def observed(obs: Mapping[str, Any]) -> DurakObservation:
    """A Durak observation as its type (no copy, no check: a Durak engine made it)."""
    return cast(DurakObservation, obs)
