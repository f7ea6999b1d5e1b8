"""The fast Durak of the search (game/games/durak/fast.py) against the engine, move for move,
and its endgame solver (game/games/durak/endgame.py) on positions worked out by hand."""
from __future__ import annotations

from game.ai import make_bot
from game.games.durak.endgame import Solver, State, state_of
from game.games.durak.fast import ID, STOP, TAKE, Fast, greedy_move, mask_of, normal_move
from game.games.durak.greedy import durak_greedy
from game.games.durak.heuristic import DurakHeuristic
from game.games.durak.rules import Durak
from game.rules import GAMES, Move, Rng


def _id(m: Move) -> int:
    return TAKE if m.kind == "take" else STOP if m.kind == "stop" else ID[m.args[0]]


def _same(f: Fast, e: Durak) -> None:
    ref = Fast.from_engine(e)
    for name in Fast.__slots__:
        if name == "limit" and e.over:
            continue
        assert getattr(f, name) == getattr(ref, name), (name, e.to_dict())


def _play_side_by_side(seed: int, policy: str) -> int:
    e = GAMES["durak"].new(seed=seed)
    assert isinstance(e, Durak)
    f = Fast.from_engine(e)
    rng = Rng(seed)
    normal = DurakHeuristic("durak", "normal", 0, {})
    steps = 0
    while not e.is_over:
        legal = e.legal_moves()
        assert sorted(_id(m) for m in legal) == sorted(f.legal())
        assert f.current == e.current_player
        obs = e.observation(e.current_player or 0)
        assert _id(durak_greedy(legal, e.trump_suit, len(e.talon))) == greedy_move(f)
        assert _id(normal.decide(obs, legal)) == normal_move(f)
        if policy == "random" or rng.random() < 0.2:
            m = legal[rng.below(len(legal))]
        elif policy == "greedy":
            m = durak_greedy(legal, e.trump_suit, len(e.talon))
        else:
            m = normal.decide(obs, legal)
        e.play(m)
        f.apply(_id(m))
        _same(f, e)
        steps += 1
    assert f.over and f.result(0) == e.result()[0]      # type: ignore[index]
    return steps


def test_DUR4_to_DUR9_fast_durak_follows_the_engine_move_for_move() -> None:
    """Same legal moves, same state after every move, same result; the bit-level rules of
    thumb choose what greedy and the normal heuristic choose."""
    steps = 0
    for seed in range(150):
        steps += _play_side_by_side(seed, ("random", "greedy", "normal")[seed % 3])
    assert steps > 6000


def _endgame(h0: list[str], h1: list[str], attacker: int, trump: str) -> Fast:
    g = Fast()
    g.hands = [mask_of(h0), mask_of(h1)]
    g.trump = "SHDC".index(trump)
    g.attacker = attacker
    g.limit = min(6, len(h1 if attacker == 0 else h0))
    return g


def test_DUR9_solver_finds_the_only_winning_attack() -> None:
    # Spades trump, talon empty.  Seat 0 attacks holding 6H 7H KS; seat 1 holds 6S 7D.
    # 7H wins: if 6S beats it, 6H is thrown in (rank 6 is on the table), seat 1 must take
    # both, and seat 0 attacks again with KS, which nothing beats; if seat 1 takes 7H,
    # seat 0 attacks 6H next and keeps KS to beat whatever comes back.  Leading 6H or KS
    # loses (found by the solver, checked against plain minimax below).
    g = _endgame(["6H", "7H", "KS"], ["6S", "7D"], 0, "S")
    vals = Solver(g.trump).move_values(g, 0, 100_000)
    assert vals == {ID["6H"]: 0, ID["7H"]: 2, ID["KS"]: 0}
    assert _minimax(g) == 2
    for m, v in vals.items():
        c = g.copy()
        c.apply(m)
        assert _minimax(c) == v
    # the same position seen by seat 1 (it does not move now, but values flip)
    assert Solver(g.trump).move_values(g, 1, 100_000)[ID["7H"]] == 0


def test_DUR9_solver_agrees_with_brute_force_on_random_small_endgames() -> None:
    rng = Rng(5)
    for _ in range(40):
        deck = list(range(36))
        rng.shuffle(deck)
        n0, n1 = 1 + rng.below(3), 1 + rng.below(4)
        g = Fast()
        for c in deck[:n0]:
            g.hands[0] |= 1 << c
        for c in deck[n0:n0 + n1]:
            g.hands[1] |= 1 << c
        g.trump, g.attacker = rng.below(4), rng.below(2)
        g.limit = min(6, g.hands[1 - g.attacker].bit_count())
        assert Solver(g.trump).value(_state(g), 1_000_000) == _minimax(g)


def _state(g: Fast) -> State:
    return state_of(g)


def _minimax(g: Fast) -> int:
    """Plain minimax on Fast (no memo, no pruning): seat 0's 0 / 1 / 2."""
    if g.over:
        return 1 if g.winner < 0 else (2 if g.winner == 0 else 0)
    vals = []
    for m in g.legal():
        c = g.copy()
        c.apply(m)
        vals.append(_minimax(c))
    return max(vals) if g.current == 0 else min(vals)


def test_hard_plays_a_solved_endgame_at_once() -> None:
    """With the talon empty the hard level plays a winning move without searching."""
    e = GAMES["durak"].new(seed=3)
    assert isinstance(e, Durak)
    bots = [make_bot("durak", "normal", seed=s) for s in (0, 1)]
    while e.talon and not e.is_over:
        seat = e.current_player or 0
        e.play(bots[seat].choose(e.observation(seat), e.legal_moves()))
    assert not e.is_over
    hard = make_bot("durak", "hard", seed=1, overrides={"iterations": 50})
    seat = e.current_player or 0
    move = hard.choose(e.observation(seat), e.legal_moves())
    assert move in e.legal_moves()
    g = Fast.from_engine(e)
    vals = Solver(g.trump).move_values(g, seat, 1_000_000)
    assert vals[_id(move)] == max(vals.values())
