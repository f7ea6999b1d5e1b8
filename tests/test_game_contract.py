"""The contract between shared code and each game is typed: a spec holds the game's
engine, bots and hooks as real references (checked by mypy against
``game.games.contract``), and only its table, which needs arcade, as text."""
from __future__ import annotations

import collections.abc
import typing
from dataclasses import fields

import pytest

from game.games import ORDER, SPECS, spec
from game.games.spec import GameSpec
from game.lazy import resolve

#: the one field naming code as text: the table (arcade), loaded by game.lazy.resolve
TEXT_REFERENCES = {"table"}


#: the fields that hold text as data (names, notation, words), not code
TEXT_DATA = {"key", "summary", "tile_card", "default_level", "loser", "rule_prefix",
             "score_shown", "surrender_count"}
#: the one field whose values are free data (a levels file's parameters, read from TOML)
FREE_DATA = {"fallback_levels"}


def _parts(hint: object) -> list[object]:
    """``hint`` and the types it is made of (unions, mappings, tuples), not looking into
    a callable's parameters (a hook's engine state is the game's own: see contract.py)."""
    out = [hint]
    if typing.get_origin(hint) is collections.abc.Callable:
        return out
    for arg in typing.get_args(hint):
        for a in arg if isinstance(arg, list) else [arg]:
            out += _parts(a)
    return out


def test_no_field_of_the_contract_is_any() -> None:
    hints = typing.get_type_hints(GameSpec)
    assert set(hints) == {f.name for f in fields(GameSpec)}
    for name, hint in hints.items():
        if name not in FREE_DATA:
            assert typing.Any not in _parts(hint), name


def test_only_the_table_is_code_named_as_text() -> None:
    """Every other field holding text is data; a new one must say which it is."""
    hints = typing.get_type_hints(GameSpec)
    text = {name for name, hint in hints.items() if str in _parts(hint)
            and typing.get_origin(hint) not in (collections.abc.Mapping, tuple)}
    assert text == TEXT_DATA | TEXT_REFERENCES


@pytest.mark.parametrize("key", ORDER)
def test_each_reference_is_the_games_code_not_text(key: str) -> None:
    s = spec(key)
    refs = s.references()
    assert {"engine", "sampler", "reward", "greedy", "words"} <= set(refs)
    assert len(refs) >= 8
    for what, ref in refs.items():
        assert ref is not None and not isinstance(ref, str), (key, what)
    assert isinstance(s.engine, type) and s.engine.key == key
    assert all(callable(make) for make in s.bots.values())
    assert isinstance(resolve(s.table), type)


def test_the_registry_hands_its_specs_in_menu_order() -> None:
    assert tuple(SPECS) == ORDER
    assert all(isinstance(s, GameSpec) and s.key == k for k, s in SPECS.items())


@pytest.mark.parametrize("key", ORDER)
def test_each_game_brings_its_conformance_and_soak_checks(key: str) -> None:
    checks = spec(key).checks
    assert checks is not None
    assert all(n > 0 for n in (*checks.deals, *checks.deep, *checks.check_positions))
    g = spec(key).engine.new(seed=1)
    assert checks.candidates(g) and all(isinstance(c, str) for c in checks.candidates(g))
    checks.invariants(g, None)
