"""The types say what the data is: each game's observation ``TypedDict`` holds every key
its engine gives, no other, each value of its declared type, and the games' verbs and
announcements, the events' kinds, the session's changes and the pointer's gestures stay
within their ``Literal``s, on real deals (mypy checks where the values are built; this
checks what the engines hand out)."""
from __future__ import annotations

import importlib
import json
import types
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from game.games import SPECS
from game.rules import Game, Rng
from game.rules.datatypes import EventKind, Observation
from game.session.protocol import ChangeKind
from game.ui.gestures import GestureKind, Pointer

#: moves per deal looked at (a deal of Autobus can run long; these reach its middle game)
MOVES = 250


def observation_types(key: str) -> tuple[type, Any, Any]:
    """The game's observation TypedDict, its verbs and its announcements, from
    ``game/games/<key>/observation.py`` (every game has one)."""
    module = importlib.import_module(f"game.games.{key}.observation")
    found = {name: getattr(module, name) for name in dir(module)}
    typed = [v for name, v in found.items() if isinstance(v, type) and v is not Observation
             and name.endswith("Observation") and issubclass(v, dict)]
    verbs = [v for name, v in found.items() if name.endswith("MoveKind")]
    said = [v for name, v in found.items() if name.endswith("Announcement")]
    assert len(typed) == len(verbs) == len(said) == 1, (key, sorted(found))
    return typed[0], verbs[0], said[0]


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` (the few forms observations use)."""
    if hint is Any:
        return True
    origin = get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = get_args(hint)
        return type(value) is list and all(fits(v, item) for v in value)
    if origin is dict:
        k, v = get_args(hint)
        return type(value) is dict and all(fits(a, k) and fits(b, v) for a, b in value.items())
    if typing.is_typeddict(hint):
        return type(value) is dict and mismatches(value, hint) == []
    if hint is float:
        return type(value) in (int, float)
    return type(value) is hint


def mismatches(obs: dict[str, Any], typed: Any) -> list[str]:
    hints = get_type_hints(typed)
    out = [f"{k}: missing" for k in hints if k not in obs]
    out += [f"{k}: not declared" for k in obs if k not in hints]
    out += [f"{k}: {obs[k]!r} is not {hints[k]}" for k in hints
            if k in obs and not fits(obs[k], hints[k])]
    return out


def walk(engine: type[Game], seed: int) -> Any:
    """(state, moves it allows, events of the move played) along a deal played at random,
    the deal's own events first."""
    g = engine.new(seed=seed)
    rng = Rng(seed)
    yield g, g.legal_moves(), g.deal_events()
    for _ in range(MOVES):
        if g.is_over:
            return
        legal = g.legal_moves()
        events = g.play(legal[rng.below(len(legal))])
        yield g, g.legal_moves() if not g.is_over else [], events


@pytest.mark.parametrize("key", list(SPECS))
def test_observations_verbs_and_announcements_are_what_the_types_say(key: str) -> None:
    typed, verbs, said = observation_types(key)
    assert set(get_type_hints(Observation)) <= set(get_type_hints(typed))
    engine = SPECS[key].engine
    seen_verbs: set[str] = set()
    for seed in (1, 2):
        for g, legal, events in walk(engine, seed):
            for seat in range(len(g.to_dict()["hands"])):
                obs = g.observation(seat)
                assert mismatches(obs, typed) == [], (key, seed, seat)
                assert json.loads(json.dumps(obs)) == obs
            seen_verbs |= {m.kind for m in legal}
            for e in events:
                assert e.kind in get_args(EventKind), (key, e)
                if e.kind == "announce":
                    assert e.text in get_args(said), (key, e)
    assert seen_verbs <= set(get_args(verbs)), key
    assert seen_verbs, key


def test_the_type_check_can_fail() -> None:
    from typing import TypedDict

    class Small(TypedDict):
        seat: int
        table: list[str | None]
        shape: dict[str, int] | None

    assert mismatches({"seat": 0, "table": ["7S", None], "shape": None}, Small) == []
    assert mismatches({"seat": "0", "table": [7], "extra": 1}, Small) == [
        "shape: missing", "extra: not declared", "seat: '0' is not <class 'int'>",
        "table: [7] is not list[str | None]"]
    assert not fits(True, int) and fits(3, float) and not fits(3.5, int)


def test_changes_and_gestures_keep_to_their_kinds() -> None:
    assert set(get_args(ChangeKind)) == {"move", "undo", "jump", "surrender", "pause",
                                         "resume"}
    p = Pointer(threshold=8)
    kinds = []
    p.press(0, 0, "card")
    kinds.append(p.release(1, 1))
    p.press(0, 0, "card")
    kinds += [p.move(20, 0), p.move(30, 0), p.release(30, 0)]
    assert [g.kind for g in kinds if g is not None] == ["tap", "drag_start", "drag", "drop"]
    assert {g.kind for g in kinds if g is not None} == set(get_args(GestureKind))
