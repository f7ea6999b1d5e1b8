"""The Pao De Kuai engine's fast paths (what the search spends its time in) agree with the
general ones they stand for: the move lists after the opening with ``_plays`` + ``_fits``
in order, ``can_beat`` with them, the sampler's kept facts with fresh ones, and a move
given as a new value with the engine's own."""
from __future__ import annotations

from game.games.paodekuai import infer
from game.games.paodekuai.rules import PaoDeKuai, card_key
from game.rules import Move, Rng


def _states(deals: int) -> list[PaoDeKuai]:
    out = []
    for seed in range(deals):
        g = PaoDeKuai.new(seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            out.append(g.clone())
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
    return out


def _general_moves(g: PaoDeKuai) -> list[Move]:
    hand = g.hands[g.current]
    moves = [Move("play", tuple(sorted(cards, key=card_key)))
             for cards, shape in g._plays(hand) if g._fits(cards, shape)]
    if not moves and not g.leading:
        moves.append(Move("pass"))
    return moves


def test_PDK5_PDK7_PDK8_fast_move_lists_are_the_general_ones_in_order() -> None:
    states = _states(40)
    assert sum(not g.leading for g in states) > 500
    for g in states:
        expected = _general_moves(g)
        assert g.legal_moves() == expected
        if not g.leading:
            assert g.can_beat() == (expected != [Move("pass")])


def test_PDK8_sampler_with_kept_facts_deals_as_with_fresh_ones() -> None:
    """sample() keeps what it derives from the last observation; a second sample of the
    same observation must deal exactly as one computed from scratch."""
    checked = 0
    for g in _states(6)[5::7]:
        obs = g.observation(g.current)
        for k in range(3):
            infer.forget()
            fresh = infer.sample(obs, Rng(k)).to_dict()
            kept = infer.sample(obs, Rng(k)).to_dict()    # facts kept from the line above
            assert fresh == kept
            checked += 1
    assert checked > 30


def test_a_move_given_as_a_new_value_plays_as_the_engines_own() -> None:
    for g in _states(3)[::4]:
        for m in g.legal_moves():
            a, b = g.clone(), g.clone()
            copy = Move(m.kind, tuple(reversed(m.args)))
            assert a.play(m) == b.play(copy)
            assert a.to_dict() == b.to_dict()


def test_moves_with_arguments_that_are_not_text_still_get_a_notation_error() -> None:
    import pytest

    from game.rules import NotationError

    g = PaoDeKuai.new(seed=1)
    for bad in (Move("play", (["3H"],)), Move("play", ({},))):  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            g.play(bad)
    assert g.to_dict() == PaoDeKuai.new(seed=1).to_dict()
