"""Soak: computer-only deals of every game at every AI level (issue 17), with card
conservation and the score invariants checked after every move and the state's
``to_dict``/``from_dict`` round trip checked along the way.

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

import pytest

from game.ai import levels, make_bot
from game.rules import GAMES, Game

LONG = os.environ.get("CARDCLUB_LONG") == "1"
DEALS = int(os.environ.get("CARDCLUB_SOAK_DEALS", "100" if LONG else "4"))
SEARCH_DEALS = max(1, DEALS // 20) if LONG else 1
SEARCH_ITERATIONS = 12 if LONG else 6
ROUND_TRIP_EVERY = 2 if LONG else 4

CASES = [(game, level) for game in sorted(GAMES) for level in levels(game)]


def is_search(game: str, level: str) -> bool:
    return levels(game)[level].get("kind") == "search"


def check_scores(g: Game, deck: Counter[str], before: list[float] | None) -> None:
    """Card conservation and each game's score invariants, mid-deal and at its end."""
    assert Counter(g.cards_in_play()) == deck
    n = g.num_players
    result = g.result()
    if not g.is_over:
        assert result is None and g.current_player in range(n) and g.legal_moves()
    else:
        assert result is not None and len(result) == n and g.current_player is None
        assert g.legal_moves() == []
        assert set(type(g).outcomes(result)) <= {"win", "loss", "draw"}
    state = g.to_dict()
    if g.key == "durak":
        if result is not None:
            assert sorted(result) in ([0.0, 1.0], [0.5, 0.5])
            assert (result == [0.5, 0.5]) == (not state["hands"][0] and not state["hands"][1])
    elif g.key == "paodekuai":
        assert sum(state["scores"]) == 0                      # points only change hands
        if result is not None:
            assert result == [float(s) for s in state["scores"]]
            assert not state["hands"][state["winner"]]
        if before is not None and result is None:             # mid-deal only bomb bonuses
            change = sorted(a - b for a, b in zip(state["scores"], before, strict=True))
            assert change in ([0, 0, 0], [-10, -10, 20])
    elif g.key == "dudak":
        counts = [len(h) + len(c) for h, c in zip(state["hands"], state["collected"],
                                                   strict=True)]
        assert sum(counts) + len(state["pile"]) + len(state["out"]) == sum(deck.values())
        if result is not None:
            assert sorted(result) == [0.0, 1.0, 1.0, 1.0]
            assert result[state["dudak"]] == 0.0
    elif g.key == "autobus":
        reserves = [len(r) for r in state["reserves"]]
        assert all(len(h) <= 4 for h in state["hands"])
        if result is None:
            assert all(reserves)
        else:
            assert result == [-float(r) for r in reserves]
            if state["winner"] is not None:
                assert reserves[state["winner"]] == 0 and not state["drawn"]
            else:
                assert state["drawn"] and all(reserves)


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
            scores = g.to_dict().get("scores")
            g.play(move)
            moves += 1
            assert moves <= cls.move_bound * deals
            check_scores(g, deck, scores)
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
