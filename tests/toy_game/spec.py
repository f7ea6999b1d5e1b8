"""The toy game's spec: its engine, sampler and checks (no bots of its own: its one
level plays at random; no table: the suites never open one)."""
from __future__ import annotations

from typing import Any

from game.games.contract import Checks
from game.games.spec import GameSpec
from game.rules.base import Game
from tests.toy_game.rules import CARDS, Toy, sample, value


def candidates(g: Game) -> list[str]:
    """Every card of the deck played."""
    return [f"play {c}" for c in CARDS]


def invariants(g: Game, before: dict[str, Any] | None) -> None:
    """TOY-4: the result follows the sums of the cards each seat played."""
    assert isinstance(g, Toy)
    result = g.result()
    assert sum(len(p) for p in g.played) + sum(len(h) for h in g.hands) == len(CARDS)
    if result is not None:
        a, b = (sum(value(c) for c in p) for p in g.played)
        assert result == ([0.5, 0.5] if a == b else [1.0, 0.0] if a > b else [0.0, 1.0])


def reward(g: Any) -> list[float]:
    result: list[float] | None = g.result()
    return result if result is not None else [0.5, 0.5]


SPEC = GameSpec(
    key=Toy.key,
    engine=Toy,
    table="tests.toy_game.table:ToyTable",      # never opened by the suites
    summary="The smallest game: play your cards, the bigger sum wins.",
    tile_card="7S",
    sampler=sample,
    fallback_levels={"normal": {"kind": "random", "label": "Normal"}},
    reward=reward,
    rule_prefix="TOY",
    checks=Checks(deals=(200, 1000), deep=(6, 20), check_positions=(6, 1),
                  candidates=candidates, invariants=invariants),
)
