"""Soak: computer-only deals of every game at every AI level, with card conservation
and each game's score invariants (its spec's ``checks``) checked after every move and
the state's ``to_dict``/``from_dict`` round trip checked along the way.

The default run is small (about a minute); ``CARDCLUB_LONG=1`` plays many more deals
(``CARDCLUB_SOAK_DEALS=N`` sets the deals per game and level) and, with ``-s``, prints
its figures.  Search levels ("kind" = "search") think a fixed, small number of
iterations (with short rollouts in the default run) so that they keep a small share of it,
and play seat 0 against "normal" opponents.
"""
from __future__ import annotations

import json
import os
import time
from collections import Counter
from typing import Any

import pytest

from game.ai import levels, make_bot
from game.games import spec
from game.rules import GAMES, Game

LONG = os.environ.get("CARDCLUB_LONG") == "1"
DEALS = int(os.environ.get("CARDCLUB_SOAK_DEALS", "100" if LONG else "4"))
SEARCH_DEALS = max(1, DEALS // 20) if LONG else 1
SEARCH_ITERATIONS = 12 if LONG else 6
ROUND_TRIP_EVERY = 2 if LONG else 4

CASES = [(game, level) for game in sorted(GAMES) for level in levels(game)]


def is_search(game: str, level: str) -> bool:
    return levels(game)[level].get("kind") == "search"


def check_scores(g: Game, deck: Counter[str], before: dict[str, Any] | None) -> None:
    """Card conservation and each game's score invariants (its spec's ``checks``),
    mid-deal and at its end; ``before``: the state before the last move."""
    assert Counter(g.cards_in_play()) == deck
    n = g.num_players
    result = g.result()
    if not g.is_over:
        assert result is None and g.current_player in range(n) and g.legal_moves()
    else:
        assert result is not None and len(result) == n and g.current_player is None
        assert g.legal_moves() == []
        assert set(type(g).outcomes(result)) <= {"win", "loss", "draw"}
    checks = spec(g.key).checks
    assert checks is not None, f"the spec of {g.key} brings no checks"
    checks.invariants(g, before)


def soak(game: str, level: str, deals: int) -> tuple[int, int]:
    """Play ``deals`` deals; return (deals, moves)."""
    cls = GAMES[game]
    search = is_search(game, level)
    overrides = {"iterations": SEARCH_ITERATIONS, "rollout_moves": 200 if LONG else 60} \
        if search else None
    deck = Counter(cls.full_deck())
    moves = 0
    for d in range(deals):
        players = cls.players_allowed[d % len(cls.players_allowed)]
        seed = 7919 * d + 17
        g = cls.new(seed=seed, players=players) if len(cls.players_allowed) > 1 else cls.new(
            seed=seed)
        # a search level plays seat 0 against normal opponents; others fill every seat
        seat_levels = [level] + [("normal" if search and "normal" in levels(game) else level)
                                 for _ in range(players - 1)]
        bots = [make_bot(game, lv, seed=seed + s,
                         overrides=overrides if lv == level else None)
                for s, lv in enumerate(seat_levels)]
        check_scores(g, deck, None)
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            legal = g.legal_moves()
            move = bots[seat].choose(g.observation(seat), legal)
            assert move in legal, f"{level} chose {move} which is not legal"
            before = g.to_dict()
            g.play(move)
            moves += 1
            assert moves <= cls.move_bound * deals
            check_scores(g, deck, before)
            if moves % ROUND_TRIP_EVERY == 0:
                state = json.loads(json.dumps(g.to_dict()))
                assert cls.from_dict(state).to_dict() == state
    return deals, moves


@pytest.mark.parametrize("game,level", CASES, ids=[f"{g}-{lv}" for g, lv in CASES])
def test_soak_computer_only_deals_keep_every_invariant(game: str, level: str) -> None:
    deals = SEARCH_DEALS if is_search(game, level) else DEALS
    t0 = time.process_time()
    played, moves = soak(game, level, deals)
    assert played == deals and moves >= deals       # every deal ran to its end
    if LONG:
        print(f"\nsoak {game} {level}: {played} deals, {moves} moves, "
              f"{time.process_time() - t0:.1f} s CPU")


def test_soak_covers_every_level_of_every_game() -> None:
    assert {g for g, _ in CASES} == set(GAMES)
    for game in GAMES:
        assert {lv for g, lv in CASES if g == game} == set(levels(game)) and levels(game)
