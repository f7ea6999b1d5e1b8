"""The Dudák search level (game/games/dudak/search.py): what it reads from the pile about
hidden hands is true of players who beat cheapest and shed their lowest card, and its
decisions are legal and reproducible with a fixed iteration count."""
from __future__ import annotations

import pytest

from game.ai import make_bot
from game.games.dudak.fast import FastDudak, mask_of, to_move
from game.games.dudak.infer import evidence
from game.games.dudak.rules import Dudak
from game.rules import split_known


def test_DUD5_DUD6_pile_evidence_never_excludes_a_card_a_greedy_player_holds() -> None:
    checked = excluded = 0
    for deal in range(30):
        g = Dudak.new(seed=deal)
        memory = [[0] * 4 for _ in range(4)]
        while not g.is_over:
            me = g.current
            memory[me] = [a | b for a, b in zip(memory[me], evidence(g.observation(me)),
                                                strict=True)]
            for s in range(4):
                if s != me:
                    hidden = mask_of(split_known(g.hands[s], g.known[s])[1])
                    assert memory[me][s] & hidden == 0, (deal, g.moves, s)
                    checked += 1
                    excluded += memory[me][s] != 0
            g.play(to_move(FastDudak.from_engine(g).greedy(), g.phase, bool(g.pile)))
    assert checked > 1000 and excluded > checked // 2       # it does learn something


def test_dudak_search_plays_legal_reproducible_moves() -> None:
    g = Dudak.new(seed=12)
    moves = 0
    while not g.is_over and moves < 60:
        seat = g.current
        legal = g.legal_moves()
        obs = g.observation(seat)
        a = make_bot("dudak", "hard", seed=3, overrides={"iterations": 40}).choose(obs, legal)
        b = make_bot("dudak", "hard", seed=3, overrides={"iterations": 40}).choose(obs, legal)
        assert a == b and a in legal
        g.play(a)
        moves += 1
    assert moves > 20


def test_dudak_search_other_seats_in_the_tree_play_the_rollout_policy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``opp_tree = "policy"`` (the hard level) the tree branches only on the
    searching seat's moves: in every sampled deal the other seats play what the normal
    heuristic (``opponents = "normal"``) would there, in the tree as in the rollouts.
    With ``"search"`` the tree also tries their other moves."""
    import game.games.dudak.infer as infer

    seen: dict[str, list[bool]] = {}

    class Spy(FastDudak):
        __slots__ = ()
        me = -1
        log: list[bool] = []

        def apply(self, m: int) -> None:
            if self.current != Spy.me:
                Spy.log.append(m == self.normal())
            super().apply(m)

    g = Dudak.new(seed=7)
    for _ in range(6):                     # a few moves in, so hands differ in size
        g.play(to_move(FastDudak.from_engine(g).greedy(), g.phase, bool(g.pile)))
    obs = g.observation(g.current)
    monkeypatch.setattr(infer, "FastDudak", Spy)     # the class the deals are made of
    for mode in ("policy", "search"):
        Spy.me, Spy.log = g.current, []
        bot = make_bot("dudak", "hard", seed=5,
                       overrides={"iterations": 300, "opp_tree": mode})
        assert bot.choose(obs, g.legal_moves()) in g.legal_moves()
        seen[mode] = Spy.log
    assert len(seen["policy"]) > 1000 and all(seen["policy"])
    assert not all(seen["search"])
