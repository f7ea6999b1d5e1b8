"""Small helpers the scenario tests share."""
from __future__ import annotations

import re
from typing import Any

import pytest

from game.games import SPECS
from game.rules import GAMES, Game, IllegalMove

#: a refusal's message starts with its rule id: a game's prefix (its spec's ``rule_prefix``:
#: DUR, PDK, DUD, BUS), a dash and the rule's number
RULE_ID = re.compile(rf"^({'|'.join(s.rule_prefix for s in SPECS.values())})-\d+: \S")


def play_all(g: Game, moves: list[str]) -> list[Any]:
    events = []
    for m in moves:
        events += g.play(m)
    return events


def assert_illegal(g: Game, move: str, rule: str, words: str | None = None) -> IllegalMove:
    """The move raises IllegalMove citing ``rule`` and leaves the state as it was."""
    before = g.to_dict()
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    msg = str(info.value)
    assert msg.startswith(rule + ":"), msg
    if words:
        assert words in msg, msg
    assert g.to_dict() == before
    return info.value


def legal(g: Game) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def rest_of_deck(game: str, used: list[str], **options: Any) -> list[str]:
    """The game's deck minus ``used`` (as a multiset), in the deck's fixed order."""
    rest = list(GAMES[game].full_deck(**options))
    for c in used:
        rest.remove(c)
    return rest
