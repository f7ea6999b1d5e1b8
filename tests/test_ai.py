"""AI levels: the contract (make_bot / choose), determinism, and that they only see
observations."""
from __future__ import annotations

import pytest

from game.ai import levels, make_bot
from game.rules import GAMES, Rng


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_level_of_every_game_plays_legal_moves(game: str) -> None:
    cls = GAMES[game]
    for level in levels(game):
        n = cls.players_allowed[-1]
        opts = {"players": n} if len(cls.players_allowed) > 1 else {}
        g = cls.new(seed=3, **opts)
        bots = [make_bot(game, level, seed=s) for s in range(g.num_players)]
        for _ in range(40 if level != "hard" else 6):
            if g.is_over:
                break
            seat = g.current_player
            assert seat is not None
            legal = g.legal_moves()
            move = bots[seat].choose(g.observation(seat), legal)
            assert move in legal
            g.play(move)


def test_make_bot_rejects_unknown_levels_clearly() -> None:
    with pytest.raises(ValueError, match="unknown level 'nope' for durak"):
        make_bot("durak", "nope")


@pytest.mark.parametrize(("game", "name", "value"), [
    ("dudak", "opp_tree", "polcy"), ("dudak", "own", "Normal"), ("dudak", "opponents", "smart"),
    ("durak", "opponent_tree", "models"), ("durak", "rollout", "random"),
    ("durak", "opponent", 3), ("paodekuai", "rollout", "grredy"),
    ("autobus", "own", "planner"), ("autobus", "rollout", "greedy")])
def test_make_bot_rejects_a_misspelt_choice_in_a_level_clearly(game: str, name: str,
                                                               value: object) -> None:
    """A knob that names one of a few choices fails when the bot is made, naming the
    level, the knob and the choices, instead of quietly playing another way."""
    make_bot(game, "hard", overrides={"iterations": 5})      # the level as shipped is fine
    with pytest.raises(ValueError, match=rf"level 'hard' of {game}: {name} = .* is not one "
                                         r"of \w+"):
        make_bot(game, "hard", overrides={"iterations": 5, name: value})


def test_search_level_is_reproducible_and_blind_to_hidden_cards() -> None:
    """Two games that differ only in the opponents' hidden cards look the same to the
    bot, so with the same seed (and a fixed iteration count) it makes the same choice."""
    for game in sorted(GAMES):
        cls = GAMES[game]
        g = cls.new(seed=8)
        seat = g.current_player
        assert seat is not None
        other = g.determinize(seat, Rng(99))
        assert other.to_dict() != g.to_dict()
        fixed = {"iterations": 60}
        a = make_bot(game, "hard", seed=5, overrides=fixed).choose(g.observation(seat),
                                                                   g.legal_moves())
        b = make_bot(game, "hard", seed=5, overrides=fixed).choose(other.observation(seat),
                                                                   other.legal_moves())
        assert a == b, game


def test_search_bot_thinks_in_slices_and_stops_at_its_budget() -> None:
    g = GAMES["durak"].new(seed=2)
    bot = make_bot("durak", "hard", seed=1, overrides={"budget": 0.05})
    seat = g.current_player
    assert seat is not None
    legal = g.legal_moves()
    bot.start(g.observation(seat), legal)
    assert bot.best() in legal                    # a move is ready before any thinking
    slices = 0
    while not bot.step(0.005):
        slices += 1
        assert bot.best() in legal
    assert slices >= 3                            # 50 ms of budget in 5 ms slices
    assert bot.step(0.005) is True                # final stays final
    assert bot.best() in legal
