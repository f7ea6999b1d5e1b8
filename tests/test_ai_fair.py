"""Fair by construction: a bot's decision depends only on what its seat sees.

Permuting the other seats' hidden cards (``determinize`` keeps the observation the same)
with the same seed must give the same decision, for every level of every game; search
levels run a fixed number of iterations here so the decision does not depend on the
clock.  And the anytime interface: a decision that does not search is made once, in
``start``, whatever the number of ``step`` calls.
"""
from __future__ import annotations

from typing import Any

import pytest

from game.ai import levels, make_bot, menu_levels
from game.rules import GAMES, Game, Move, Rng

FIXED = {"iterations": 24}


def _positions(game: str, count: int) -> list[Game]:
    """Positions with a choice, spread over a deal played by the normal level."""
    cls = GAMES[game]
    opts: dict[str, Any] = {"players": 3} if game == "autobus" else {}
    g = cls.new(seed=21, **opts)
    bots = [make_bot(game, "normal", seed=s) for s in range(g.num_players)]
    out: list[Game] = []
    moves = 0
    while not g.is_over and len(out) < count:
        seat = g.current_player
        assert seat is not None
        legal = g.legal_moves()
        if len(legal) > 1 and moves % 7 == 3:
            out.append(g.clone())
        g.play(bots[seat].choose(g.observation(seat), legal))
        moves += 1
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_permuting_hidden_cards_never_changes_a_decision(game: str) -> None:
    positions = _positions(game, 3)
    assert positions
    for level in levels(game):
        for i, g in enumerate(positions):
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            for k in range(2):
                other = g.determinize(seat, Rng(1000 + 17 * i + k))
                assert other.observation(seat) == obs            # same view ...
                a = make_bot(game, level, seed=7, overrides=FIXED).choose(
                    obs, g.legal_moves())
                b = make_bot(game, level, seed=7, overrides=FIXED).choose(
                    other.observation(seat), other.legal_moves())
                assert a == b, (game, level, i)                  # ... same decision


def test_the_permutation_really_moves_hidden_cards() -> None:
    """Guard for the test above: the permuted deals differ where the seat cannot see."""
    for game in sorted(GAMES):
        g = _positions(game, 1)[0]
        seat = g.current_player
        assert seat is not None
        assert any(g.determinize(seat, Rng(k)).to_dict() != g.to_dict() for k in range(3))


def _decisions(game: str, level: str, steps: int) -> list[Move]:
    cls = GAMES[game]
    g = cls.new(seed=4)
    bots = [make_bot(game, level, seed=30 + s) for s in range(g.num_players)]
    out = []
    for _ in range(40):
        if g.is_over:
            break
        seat = g.current_player
        assert seat is not None
        bot = bots[seat]
        bot.start(g.observation(seat), g.legal_moves())
        for _ in range(steps):
            assert bot.step(0.005) is True
        out.append(bot.best())
        g.play(out[-1])
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_non_search_levels_decide_in_start_whatever_the_steps(game: str) -> None:
    for level, params in levels(game).items():
        if params.get("kind") in ("search", "durak_search", "dudak_search",
                                  "autobus_search"):
            continue
        once = _decisions(game, level, 1)
        assert once == _decisions(game, level, 0) == _decisions(game, level, 5), level


def test_choose_is_start_step_best() -> None:
    g = GAMES["durak"].new(seed=11)
    seat = g.current_player
    assert seat is not None
    obs, legal = g.observation(seat), g.legal_moves()
    for level in levels("durak"):
        a = make_bot("durak", level, seed=3, overrides=FIXED)
        b = make_bot("durak", level, seed=3, overrides=FIXED)
        b.start(obs, legal)
        while not b.step(0.002):
            pass
        assert a.choose(obs, legal) == b.best(), level


def test_greedy_baselines_are_hidden_from_the_menu() -> None:
    for game in GAMES:
        assert "greedy" in levels(game) and "greedy" not in menu_levels(game)
        assert {"random", "easy", "normal", "hard"} <= set(menu_levels(game))
    assert "planner" in levels("autobus") and "planner" not in menu_levels("autobus")
