"""The Durak hard level (game/games/durak/search.py): what its deals (game/games/durak/infer.py)
keep from the observation, and its anytime interface with a fixed number of iterations."""
from __future__ import annotations

import random

from game.ai import make_bot
from game.games.durak.fast import ID, Fast, mask_of
from game.games.durak.infer import Deals
from game.games.durak.rules import Durak
from game.games.durak.search import DurakSearch
from game.rules import GAMES


def _midgame(seed: int, moves: int) -> Durak:
    e = GAMES["durak"].new(seed=seed)
    assert isinstance(e, Durak)
    bots = [make_bot("durak", "normal", seed=s) for s in (0, 1)]
    for _ in range(moves):
        seat = e.current_player or 0
        e.play(bots[seat].choose(e.observation(seat), e.legal_moves()))
    return e


def test_DUR2_deals_keep_the_seen_cards_and_the_trump_last() -> None:
    # a position with cards in the talon where the opponent has picked up cards (known)
    found = [e for seed in range(12) for e in [_midgame(seed, 16)]
             if e.talon and not e.is_over and e.known[1 - (e.current_player or 0)]]
    assert found
    e = found[0]
    seat = e.current_player or 0
    obs = e.observation(seat)
    deals = Deals(obs)
    for k in range(20):
        g: Fast = deals.deal(random.Random(k))
        assert g.hands[seat] == mask_of(obs["hand"])
        opp = g.hands[1 - seat]
        assert opp & mask_of(obs["opponent_known"]) == mask_of(obs["opponent_known"])
        assert opp.bit_count() == obs["opponent_hand_size"]
        assert len(g.talon) == obs["talon_size"] and g.talon[0] == ID[obs["trump_card"]]
        parts = [g.hands[0], g.hands[1], g.discard, g.tmask] + [1 << c for c in g.talon]
        every = 0
        for p in parts:
            assert not every & p                     # no card twice
            every |= p
        assert every == (1 << 36) - 1                # every card somewhere


def test_hard_thinks_in_slices_up_to_its_iterations() -> None:
    e = _midgame(8, 6)
    seat = e.current_player or 0
    legal = e.legal_moves()
    for tree in ("model", "ucb"):
        bot = make_bot("durak", "hard", seed=2,
                       overrides={"iterations": 200, "opponent_tree": tree, "final": ""})
        bot.start(e.observation(seat), legal)
        assert bot.best() in legal
        steps = 0
        while not bot.step(0.002):
            steps += 1
            assert bot.best() in legal
        assert isinstance(bot, DurakSearch) and 0 < bot.iterations_done <= 200
        again = make_bot("durak", "hard", seed=2,
                         overrides={"iterations": 200, "opponent_tree": tree, "final": ""})
        assert again.choose(e.observation(seat), legal) == bot.best()
