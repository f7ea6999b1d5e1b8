"""Property-based tests: the engines refuse what is not a move or a state (issue 17).

Any value thrown at ``play`` either plays a legal move or raises ``IllegalMove`` /
``NotationError`` with the state untouched; any mutated ``to_dict()`` either loads as a
usable state or is refused by ``from_dict`` with :class:`game.rules.StateError`.

The default run is sized to about a minute; ``CARDCLUB_LONG=1`` runs many more examples.
"""
from __future__ import annotations

import copy
import json
import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import NotationError
from game.rules import GAMES, Game, IllegalMove, Move, Rng, StateError

LONG = os.environ.get("CARDCLUB_LONG") == "1"
SETTINGS = settings(
    max_examples=2000 if LONG else 150,
    deadline=None,
    derandomize=not LONG,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

VARIANTS = [(key, n) for key in sorted(GAMES) for n in GAMES[key].players_allowed]
IDS = [f"{k}-{n}p" for k, n in VARIANTS]


def position(key: str, players: int, seed: int, steps: int) -> Game:
    """A deal after ``steps`` random legal moves (fewer if it ends first)."""
    cls = GAMES[key]
    g = cls.new(seed=seed, players=players) if len(cls.players_allowed) > 1 else cls.new(
        seed=seed)
    rng = Rng(seed ^ 0x5A5A)
    for _ in range(steps):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    return g


def conserved(g: Game) -> bool:
    return Counter(g.cards_in_play()) == Counter(type(g).full_deck())


# ----- what can be thrown at play() ----------------------------------------------------------
WORDS = ["play", "discard", "bus", "end", "attack", "defend", "take", "stop", "pass",
         "declare", "lead", "beat", "follow", "collect", "hand", "reserve", "aux1", "aux4",
         "aux3=7", "aux2=X", "run1", "run2", "run0", "new", "X", "AH", "3H", "3S", "6S",
         "TH", "10H", "UH", "OL", "7A", "KB", "LH", "H", "L", "1H", "ZZ", "", "run" + "9" * 5000,
         "ＡＨ", "\x00", "aux9", "-1", "play AH", "🂡"]
word = st.one_of(st.sampled_from(WORDS), st.text(max_size=8))
text_move = st.lists(word, max_size=6).map(" ".join)
junk = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=8),
                 st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                     st.integers(), max_size=2),
                 st.tuples(st.text(max_size=3)))
move_value = st.builds(Move, kind=st.one_of(word, junk),
                       args=st.one_of(st.lists(word, max_size=4).map(tuple),
                                      st.lists(st.one_of(word, junk), max_size=3).map(tuple),
                                      junk))
#: an int picks one of the legal moves, so sequences get somewhere
thrown = st.one_of(text_move, move_value, junk, st.integers(0, 1000).map(lambda i: ("legal", i)))


@pytest.mark.parametrize("key,players", VARIANTS, ids=IDS)
def test_anything_thrown_at_play_is_a_legal_move_or_refused_cleanly(key: str,
                                                                    players: int) -> None:
    @SETTINGS
    @given(seed=st.integers(0, 10**6), steps=st.integers(0, 60),
           inputs=st.lists(thrown, min_size=1, max_size=25))
    def check(seed: int, steps: int, inputs: list[Any]) -> None:
        g = position(key, players, seed, steps)
        for x in inputs:
            legal = g.legal_moves()
            if isinstance(x, tuple) and len(x) == 2 and x[0] == "legal":
                if not legal:
                    continue
                x = legal[x[1] % len(legal)]
            before = g.to_dict()
            ok = g.is_legal(x)
            assert isinstance(ok, bool)
            try:
                parsed: Move | None = g.parse_move(x)
            except NotationError:
                parsed = None
            try:
                g.play(x)
            except (IllegalMove, NotationError):
                assert not ok
                assert g.to_dict() == before          # a refusal changes nothing
            else:
                assert ok and parsed is not None
                # Pao De Kuai lists one suit choice per play but accepts any of them
                assert parsed in legal or key == "paodekuai"
            assert conserved(g)
        d = json.loads(json.dumps(g.to_dict()))
        assert type(g).from_dict(d).to_dict() == d

    check()


# ----- mutated states -------------------------------------------------------------------------
def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (dict keys and list indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


replacement = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from([10**30, -(10**30), 2**64]),
    st.floats(allow_nan=True), st.sampled_from(["AH", "X", "6S", "UH", "3H", "2S", "start",
                                                 "follow", "collecting", "LH", "H", "0" * 16,
                                                 "zz", "", "autobus", "durak"]),
    st.text(max_size=4), st.lists(st.sampled_from(["AH", "X", "6S", "7A", "3H"]), max_size=3),
    st.just([]), st.just({}), st.just([None]), st.just([[]]),
).map(copy.deepcopy)  # a fresh value each time: never one object in two places


#: keys a state saved by an older version may lack (DUD-9: ``out_order``, filled in by seat
#: order; tests/test_dudak_rules.py): without them a state loads and keeps everything else
OLDER_STATES_LACK = {"dudak": ("out_order",)}


def mutate(d: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    d = copy.deepcopy(d)
    for _ in range(data.draw(st.integers(1, 3))):
        places = paths(d)
        path = data.draw(st.sampled_from(places))
        kind = data.draw(st.sampled_from(["replace", "delete", "add", "swap", "move"]))
        if not path:
            kind = "add"
        parent = at(d, path[:-1]) if path else d
        if kind == "replace":
            parent[path[-1]] = data.draw(replacement)
        elif kind == "delete":
            del parent[path[-1]]
        elif kind == "add":
            target = at(d, path)
            if isinstance(target, list):
                target.insert(data.draw(st.integers(0, len(target))), data.draw(replacement))
            elif isinstance(target, dict):
                target[data.draw(st.text(max_size=6))] = data.draw(replacement)
            else:
                parent[path[-1]] = data.draw(replacement)
        else:  # swap or move one card-like string between two lists (cards conserved)
            lists = [p for p in places if isinstance(at(d, p), list) and at(d, p)
                     and all(isinstance(c, str) for c in at(d, p))]
            if not lists:
                continue
            src = data.draw(st.sampled_from(lists))
            dst = data.draw(st.sampled_from([p for p in places if isinstance(at(d, p), list)]))
            a = at(d, src)
            card = a.pop(data.draw(st.integers(0, len(a) - 1)))
            b = at(d, dst)
            b.insert(data.draw(st.integers(0, len(b))), card)
            if kind == "swap" and a and b:
                a.append(b.pop(0))
    return d


@pytest.mark.parametrize("key,players", VARIANTS, ids=IDS)
def test_mutated_states_load_as_usable_states_or_are_refused(key: str, players: int) -> None:
    cls = GAMES[key]

    @SETTINGS
    @given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), data=st.data())
    def check(seed: int, steps: int, data: st.DataObject) -> None:
        d = mutate(json.loads(json.dumps(position(key, players, seed, steps).to_dict())), data)
        try:
            g = cls.from_dict(d)
        except StateError as exc:
            assert str(exc).startswith(f"not a {cls.title} state: ")
            return
        got = g.to_dict()
        for k in OLDER_STATES_LACK.get(key, ()):
            if k not in d:                    # an older state's: filled in on load
                got.pop(k, None)
        assert got == d and conserved(g)
        rng = Rng(seed)
        for _ in range(40):                   # and it stays usable
            for s in range(g.num_players):
                g.observation(s)
            if g.is_over:
                assert g.result() is not None
                break
            moves = g.legal_moves()
            assert moves
            g.play(moves[rng.below(len(moves))])
            assert conserved(g)

    check()


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("bad", [None, 7, "state", [], {}, {"game": "durak"}])
def test_from_dict_refuses_what_is_no_dict_of_a_state(key: str, bad: Any) -> None:
    with pytest.raises(StateError, match=f"not a {GAMES[key].title} state"):
        GAMES[key].from_dict(bad)


def test_StateError_is_a_ValueError_and_names_what_is_wrong() -> None:
    d = GAMES["durak"].new(seed=3).to_dict()
    d["hands"][0].append(d["talon"].pop(0))
    d["talon"].append("6S")                   # a card twice, one missing
    with pytest.raises(ValueError, match="cards do not add up|trump card is not last"):
        GAMES["durak"].from_dict(d)
    d = GAMES["durak"].new(seed=3).to_dict()
    d["limit"] = True
    with pytest.raises(StateError, match="limit"):
        GAMES["durak"].from_dict(d)


def test_autobus_huge_run_number_is_a_notation_error() -> None:
    g = GAMES["autobus"].new(seed=1)
    with pytest.raises(NotationError, match="bad target"):
        g.play("play AH hand run" + "9" * 4301)
    assert not g.is_legal("play AH hand run" + "9" * 4301)


def test_dudak_declare_takes_one_suit_letter_only() -> None:
    g = GAMES["dudak"].new(seed=1)
    for text in ("declare LH", "declare HB", "declare lhba"):
        with pytest.raises(NotationError, match="one suit"):
            g.play(text)
    with pytest.raises(NotationError):
        g.play(Move("declare", ("",)))


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("bad", [Move(7, ()), Move("play", (1, 2)), Move("play", None),  # type: ignore[arg-type]
                                 Move("take", "AH"), 42, None, ["take"], b"take"])  # type: ignore[arg-type]
def test_non_text_moves_are_notation_errors(key: str, bad: Any) -> None:
    g = position(key, GAMES[key].players_allowed[0], 5, 3)
    before = g.to_dict()
    assert g.is_legal(bad) is False
    with pytest.raises(NotationError):
        g.play(bad)
    assert g.to_dict() == before
