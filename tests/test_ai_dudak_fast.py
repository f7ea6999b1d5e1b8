"""The lean Dudák simulator of the search (game/games/dudak/fast.py) agrees with the engine
move for move: the same legal moves, the same state after every move (DUD-3 to DUD-10),
and its built-in policies make the moves of ``greedy`` and the ``normal`` heuristic."""
from __future__ import annotations

from game.games.dudak.fast import (
    PHASES,
    SUIT,
    FastDudak,
    bits,
    cid,
    mask_of,
    to_code,
    to_move,
)
from game.games.dudak.greedy import dudak_greedy
from game.games.dudak.heuristic import DudakHeuristic
from game.games.dudak.infer import Deals, unseen
from game.games.dudak.rules import Dudak
from game.rules import Rng


def _same(f: FastDudak, g: Dudak) -> None:
    assert f.hands == [mask_of(h) for h in g.hands]
    assert f.coll == mask_of([c for k in g.collected for c in k])
    assert f.trumps == [SUIT[t] if t is not None else -1 for t in g.trumps]
    assert f.pile == [cid(c) for c in g.pile]
    assert (f.current, f.phase, f.moves) == (g.current, PHASES[g.phase], g.moves)
    assert f.dudak == (-1 if g.dudak is None else g.dudak)


def test_DUD3_to_DUD10_fast_simulator_matches_the_engine_move_for_move() -> None:
    normal = DudakHeuristic("dudak", "normal", 0, {})
    rng = Rng(7)
    checked = policies = 0
    for deal in range(24):
        g = Dudak.new(seed=900 + deal)
        f = FastDudak.from_engine(g)
        wild = (0.0, 0.2, 0.6)[deal % 3]          # share of random moves
        while not g.is_over:
            _same(f, g)
            legal = g.legal_moves()
            codes = f.legal()
            assert sorted(codes) == sorted(to_code(m) for m in legal)
            assert all(to_move(c, g.phase, bool(g.pile)) in legal for c in codes)
            seat = g.current
            if len(legal) > 1:
                obs = g.observation(seat)
                assert f.greedy() == to_code(dudak_greedy(legal, obs["hand"],
                                                          obs["trumps"][seat]))
                assert f.normal() == to_code(normal.decide(obs, legal))
                policies += 1
            if rng.random() < wild:
                move = legal[rng.below(len(legal))]
            else:
                move = to_move(f.greedy(), g.phase, bool(g.pile))
            g.play(move)
            f.apply(to_code(move))
            checked += 1
        _same(f, g)
    assert checked > 2000 and policies > 1000


def test_DUD12_fast_simulator_ends_at_the_safety_net_like_the_engine() -> None:
    g = Dudak.new(seed=3)
    g.moves = 1995
    f = FastDudak.from_engine(g)
    rng = Rng(1)
    while not g.is_over:
        legal = g.legal_moves()
        move = legal[rng.below(len(legal))]
        g.play(move)
        f.apply(to_code(move))
    _same(f, g)
    assert g.by_safety_net


def test_sample_keeps_what_the_seat_sees_and_deals_the_rest_by_size() -> None:
    g = Dudak.new(seed=11)
    bots = 0
    while not g.is_over and bots < 30:
        g.play(to_move(FastDudak.from_engine(g).greedy(), g.phase, bool(g.pile)))
        bots += 1
    seat = g.current
    obs = g.observation(seat)
    for k in range(5):
        f = Deals(obs).deal(Rng(k))
        assert f.hands[seat] == mask_of(obs["hand"])
        for s in range(4):
            assert f.hands[s].bit_count() == obs["hand_sizes"][s]
            assert f.hands[s] & mask_of(obs["known"][s]) == mask_of(obs["known"][s])
        everything = sum(f.hands) | f.coll | mask_of(obs["pile"]) | mask_of(obs["out"])
        assert everything == (1 << 32) - 1
    assert len(bits(mask_of(obs["hand"]))) == len(obs["hand"])
    assert len(unseen(obs)) == sum(obs["hand_sizes"]) - len(obs["hand"]) - sum(
        len(k) for k in obs["known"])
