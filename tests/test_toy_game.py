"""A sixth game from the tests folder (``tests/toy_game/``), registered here and removed
afterwards, passes the one conformance suite and the one soak: they ask the registry and
the game's own spec (its ``checks``), so a new game needs no shared edit."""
from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from game.ai import levels
from game.games import ORDER, SPECS, spec
from game.rules import GAMES

from . import test_conformance as conformance
from . import test_soak as soak
from .toy_game.spec import SPEC as TOY

#: the suites' tests that take a game (those that check the whole registry do not)
CONFORMANCE = sorted(name for name, fn in vars(conformance).items()
                     if name.startswith("test_") and "key" in inspect.signature(fn).parameters)
SOAK = sorted(name for name, fn in vars(soak).items()
              if name.startswith("test_") and "game" in inspect.signature(fn).parameters)


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy game in the registry for one test."""
    SPECS.add(TOY)
    try:
        yield TOY.key
    finally:
        SPECS.remove(TOY.key)


def test_the_toy_is_registered_only_while_the_fixture_holds(toy: str) -> None:
    assert spec(toy) is TOY and GAMES[toy] is TOY.engine and toy not in ORDER
    assert list(SPECS)[-1] == toy and tuple(SPECS)[:-1] == ORDER


def test_the_toy_is_gone_after() -> None:
    assert TOY.key not in SPECS and TOY.key not in GAMES


def test_the_suites_take_any_game() -> None:
    assert len(CONFORMANCE) >= 7 and len(SOAK) == 1


@pytest.mark.parametrize("name", CONFORMANCE)
def test_the_toy_game_passes_the_conformance_suite(name: str, toy: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    test = getattr(conformance, name)
    wanted = inspect.signature(test).parameters
    for key, opts in conformance.variants_of(toy):
        given = {"key": key, "opts": opts, "monkeypatch": monkeypatch}
        test(**{k: v for k, v in given.items() if k in wanted})


@pytest.mark.parametrize("name", SOAK)
def test_the_toy_game_passes_the_soak(name: str, toy: str) -> None:
    for level in levels(toy):
        getattr(soak, name)(game=toy, level=level)
