"""One conformance suite for every engine in GAMES (random seeded playouts).

The default run is sized to prove each promise on every engine and player count in well
under a minute; ``CARDCLUB_LONG=1`` plays the thousands of deals each game's checks allow
(every deal ends, every step keeps the contract, refusals, sampled states).  The counts,
and the moves to ask ``check()`` about, are each game's own (its spec's ``checks``), so
the suite names no game and runs on any registered one (``test_toy_game.py``)."""
from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest

from game.cards import NotationError
from game.games import spec
from game.games.contract import Checks
from game.rules import GAMES, Game, IllegalMove, Move, Rng

LONG = os.environ.get("CARDCLUB_LONG") == "1"
#: deals per variant whose positions are asked for refusals, and sampled for the AI
ILLEGAL_SEEDS = 6 if LONG else 3
SAMPLED_SEEDS = 25 if LONG else 10


def checks(key: str) -> Checks:
    """The game's own numbers and moves for this suite (every game brings them)."""
    found = spec(key).checks
    assert found is not None, f"the spec of {key} brings no checks"
    return found


def rule_id(key: str) -> re.Pattern[str]:
    """A refusal's message of ``key`` starts with its rule id: the game's prefix (its
    spec's ``rule_prefix``), a dash and the rule's number."""
    return re.compile(rf"^{re.escape(spec(key).rule_prefix)}-\d+: \S")


def deals(key: str) -> int:
    """Deals per variant in the "every deal ends" check."""
    return checks(key).deals[int(LONG)]


def deep(key: str) -> int:
    """Deals per variant in the step-by-step checks (each step is checked several ways)."""
    return checks(key).deep[int(LONG)]


def variants_of(key: str) -> list[tuple[str, dict[str, Any]]]:
    """``key`` at each count of players it allows (no option where it allows one)."""
    counts = GAMES[key].players_allowed
    return [(key, {})] if len(counts) == 1 else [(key, {"players": n}) for n in counts]


def variants() -> list[tuple[str, dict[str, Any]]]:
    return [v for key in sorted(GAMES) for v in variants_of(key)]


VARIANTS = variants()
IDS = [k + (f"-{o['players']}p" if o else "") for k, o in VARIANTS]


def playout(g: Game, rng: Rng, limit: int) -> list[str]:
    moves = []
    while not g.is_over:
        legal = g.legal_moves()
        assert legal, f"no legal move although the deal is not over ({g.key})"
        m = legal[rng.below(len(legal))]
        g.play(m)
        moves.append(str(m))
        assert len(moves) <= limit, f"{g.key} deal did not end within {limit} moves"
    return moves


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_random_deals_end_within_bound_and_results_hold(key: str, opts: dict[str, Any]) -> None:
    cls = GAMES[key]
    n_players = opts.get("players", cls.players_allowed[0])
    for seed in range(deals(key)):
        g = cls.new(seed=seed, **opts)
        assert g.num_players == n_players
        playout(g, Rng(seed + 99), cls.move_bound)
        res = g.result()
        assert res is not None and len(res) == n_players
        assert g.current_player is None and g.legal_moves() == []
        assert set(cls.outcomes(res)) <= {"win", "loss", "draw"}


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_every_step_keeps_the_contract(key: str, opts: dict[str, Any]) -> None:
    """At each step: notation round-trips, cards are conserved, observations are
    JSON-safe and blind to hidden cards, to_dict round-trips exactly."""
    cls = GAMES[key]
    deck = Counter(cls.full_deck(**opts))
    for seed in range(deep(key)):
        g = cls.new(seed=1000 + seed, **opts)
        rng = Rng(seed)
        step = 0
        while not g.is_over:
            assert Counter(g.cards_in_play()) == deck
            legal = g.legal_moves()
            assert legal == g.legal_moves(), "legal_moves must be stable"
            for m in legal:
                assert isinstance(m, Move)
                assert g.parse_move(str(m)) == m, f"{m!r} does not round-trip"
            for seat in range(g.num_players):
                obs = g.observation(seat)
                assert json.loads(json.dumps(obs)) == obs
                assert isinstance(obs["hand"], list)
                other = g.determinize(seat, Rng(step * 7 + seat))
                assert Counter(other.cards_in_play()) == deck
                assert other.observation(seat) == obs, "observation leaks hidden cards"
            d = g.to_dict()
            assert json.loads(json.dumps(d)) == d
            copy = cls.from_dict(json.loads(json.dumps(d)))
            assert copy.to_dict() == d
            assert [str(m) for m in copy.legal_moves()] == [str(m) for m in legal]
            twin = g.clone()
            m = legal[rng.below(len(legal))]
            events = g.play(str(m))
            assert all(json.dumps(e.to_dict()) for e in events)
            assert twin.to_dict() == d, "clone shares state with the original"
            copy.play(m)
            assert copy.to_dict() == g.to_dict()
            step += 1
        assert Counter(g.cards_in_play()) == deck


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_replay_from_deck_and_moves_is_exact(key: str, opts: dict[str, Any]) -> None:
    cls = GAMES[key]
    for seed in range(10):
        g = cls.new(seed=seed, **opts)
        moves = playout(g, Rng(seed), cls.move_bound)
        again = cls.new(seed=g.seed, deck=list(g.deck), **{**opts, **g.options()})
        for m in moves:
            again.play(m)
        assert again.to_dict() == g.to_dict()
        assert again.result() == g.result()


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_same_seed_same_observations_despite_global_random(key: str,
                                                            opts: dict[str, Any]) -> None:
    cls = GAMES[key]

    def trace(disturb: bool) -> list[Any]:
        g = cls.new(seed=4242, **opts)
        rng = Rng(5)
        out = []
        while not g.is_over:
            if disturb:
                random.seed(random.random())
                random.shuffle(list(range(50)))
            seat = g.current_player
            assert seat is not None
            out.append(g.observation(seat))
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
        out.append(g.result())
        return out

    assert trace(False) == trace(True)


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_illegal_moves_raise_naming_a_rule_and_change_nothing(key: str,
                                                              opts: dict[str, Any]) -> None:
    cls = GAMES[key]
    checked = 0
    for seed in range(ILLEGAL_SEEDS):
        g = cls.new(seed=seed, **opts)
        seen: set[str] = set()
        rng = Rng(seed)
        states = []
        while not g.is_over:
            legal = g.legal_moves()
            seen.update(str(m) for m in legal)
            states.append(g.clone())
            g.play(legal[rng.below(len(legal))])
        for state in states[:: max(1, len(states) // 25)]:
            legal_now = {str(m) for m in state.legal_moves()}
            for text in sorted(seen - legal_now):
                if state.is_legal(text):  # e.g. Pao De Kuai accepts other suits
                    continue
                before = state.to_dict()
                with pytest.raises(IllegalMove) as info:
                    state.play(text)
                assert rule_id(key).match(str(info.value)), str(info.value)
                assert state.to_dict() == before
                checked += 1
        with pytest.raises(IllegalMove) as info:
            g.play(next(iter(sorted(seen))))
        assert rule_id(key).match(str(info.value))
    assert checked > 50


JUNK = ["", " ", "hello", "attack", "attack 1Z", "defend ZZ", "play", "play 3H 3H 3H",
        "take TS", "stop now", "pass pass", "beat", "declare Q", "lead 7", "follow XX",
        "discard", "discard X aux9", "discard X aux1=Z", "play AH hand run0",
        "play AH nowhere run1", "bus", "end 3", "collect 7A", "\x00", "attack ♥7",
        "play 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2S 3S 4S", "discard 7H aux1=7",
        "play X reserve new", "declare", "declare HH", "beat UH UH", "🂡"]


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_bad_text_gives_a_clear_error_and_changes_nothing(key: str,
                                                         opts: dict[str, Any]) -> None:
    cls = GAMES[key]
    g = cls.new(seed=3, **opts)
    rng = Rng(1)
    for _ in range(5):
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    before = g.to_dict()
    for text in JUNK + [None, 7, ["attack", "7H"]]:  # type: ignore[list-item]
        if isinstance(text, str) and g.is_legal(text):
            continue
        with pytest.raises((IllegalMove, NotationError)) as info:
            g.play(text)  # type: ignore[arg-type]
        assert str(info.value).strip(), "an error must say what is wrong"
        assert g.to_dict() == before


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_sampled_states_agree_with_the_observation(key: str, opts: dict[str, Any]) -> None:
    """What a search level imagines (the AI's sampler, game/ai/infer, on the engine's
    ``from_observation``) is consistent with all its seat has seen, and the same legal
    moves follow from it."""
    from game.ai.infer import sample

    cls = GAMES[key]
    deck = Counter(cls.full_deck(**opts))
    for seed in range(SAMPLED_SEEDS):
        g = cls.new(seed=seed, **opts)
        rng = Rng(seed)
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            imagined = sample(obs, Rng(rng.next64()))
            assert imagined.observation(seat) == obs
            assert Counter(imagined.cards_in_play()) == deck
            assert [str(m) for m in imagined.legal_moves()] == [str(m) for m in
                                                                 g.legal_moves()]
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])


# ----- check(move): the refusal play() would raise, without playing (DESIGN.md) ---------------
def _check_candidates(g: Game) -> list[str]:
    """Moves to ask about at one position: every card of the hand (and cards elsewhere)
    with every verb and target of the game, the fixed verbs, and malformed text."""
    return checks(g.key).candidates(g) + JUNK


def _outcome(g: Game, text: str) -> tuple[str, Any]:
    """What play() does with ``text`` on a copy: ("ok", None) or the error's kind and
    everything it says."""
    try:
        g.clone().play(text)
    except IllegalMove as exc:
        return "illegal", (str(exc), exc.rule, exc.key, exc.params)
    except NotationError as exc:
        return "notation", str(exc)
    return "ok", None


@pytest.mark.parametrize("key,opts", VARIANTS, ids=IDS)
def test_check_says_what_play_would_and_changes_nothing(key: str, opts: dict[str, Any],
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """``check(m)`` on random positions: None for every legal move; for every other
    candidate the same IllegalMove (rule, message, key, parameters) that ``play(m)``
    raises, or the same NotationError raised for malformed text; never a clone, never
    a change of state (the rule id is in each refusal: DUR-, DUD-, PDK-, BUS-n)."""
    cls = GAMES[key]
    positions = checks(key).check_positions
    asked = 0
    for seed in range(positions[0]):
        g = cls.new(seed=500 + seed, **opts)
        rng = Rng(seed)
        step = 0
        while True:
            if step % positions[1] == 0 or g.is_over:
                before = g.to_dict()
                legal = g.legal_moves()
                expected = [(text, _outcome(g, text)) for text in _check_candidates(g)]

                def no_clone(self: Game) -> Game:
                    raise AssertionError("check() made a clone")

                monkeypatch.setattr(cls, "clone", no_clone)
                try:
                    assert all(g.check(m) is None for m in legal)
                    assert all(g.check(str(m)) is None for m in legal)
                    for text, (kind, said) in expected:
                        if kind == "notation":
                            with pytest.raises(NotationError) as info:
                                g.check(text)
                            assert str(info.value) == said
                            continue
                        err = g.check(text)
                        if kind == "ok":
                            assert err is None, (text, err)
                        else:
                            assert isinstance(err, IllegalMove), text
                            assert (str(err), err.rule, err.key, err.params) == said
                            assert rule_id(key).match(str(err)), str(err)
                        asked += 1
                finally:
                    monkeypatch.undo()
                assert g.to_dict() == before, "check() changed the state"
            if g.is_over:
                break
            legal = g.legal_moves()
            last = legal[rng.below(len(legal))]
            g.play(last)
            step += 1
        refusal = g.check(last)               # the end rule refuses every move
        assert refusal is not None and refusal.rule == cls.end_rule
        assert refusal.key == "deal_over"
    assert asked > 300
