"""What the search levels infer about hidden cards (game/ai/infer/), beside the engines:
the engines only build a state from an observation and a placing of the unseen cards
(``from_observation``); the AI decides where the cards may lie."""
from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.ai.infer import sample
from game.games.autobus.rules import Autobus
from game.games.dudak.rules import Dudak
from game.games.durak.rules import Durak
from game.games.paodekuai import infer as pdk_infer
from game.games.paodekuai.rules import PaoDeKuai, Shape, beat_exists, classify
from game.rules import GAMES, Game, Rng, split_known

ROOT = Path(__file__).resolve().parent.parent


def _positions(key: str, deals: int, players: int | None = None) -> list[Game]:
    cls = GAMES[key]
    opts: dict[str, Any] = {} if players is None else {"players": players}
    out: list[Game] = []
    for seed in range(deals):
        g = cls.new(seed=300 + seed, **opts)
        rng = Rng(seed)
        while not g.is_over and g.moves < 300:
            out.append(g.clone())
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
    return out


def test_the_engines_hold_no_inference_and_never_import_the_ai() -> None:
    """Dealing the unseen cards is the AI's business: no engine has a ``sample``, and
    nothing under game/rules imports game.ai (no import cycle through the engines)."""
    for cls in GAMES.values():
        assert not hasattr(cls, "sample"), cls.key
        assert "from_observation" in vars(cls), cls.key
    engines = sorted((ROOT / "game" / "games").glob("*/rules.py"))
    for f in sorted((ROOT / "game" / "rules").rglob("*.py")) + engines:
        tree = ast.parse(f.read_text())
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n == "game.ai" or n.startswith("game.ai.") for n in names), f


@pytest.mark.parametrize("key,players", [("durak", None), ("dudak", None),
                                         ("paodekuai", None), ("autobus", 3)])
def test_from_observation_with_the_true_hidden_cards_rebuilds_the_position(
        key: str, players: int | None) -> None:
    """The engine's primitive given the cards where they really are shows the same
    observation to the seat and has the same legal moves as the real state."""
    checked = 0
    for g in _positions(key, 3, players)[::5]:
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        rebuilt: Game
        if isinstance(g, Durak):
            opp = 1 - seat
            rebuilt = Durak.from_observation(obs, split_known(g.hands[opp], g.known[opp])[1],
                                             g.talon[:-1] if obs["trump_in_talon"] else [])
        elif isinstance(g, Dudak):
            rebuilt = Dudak.from_observation(
                obs, [split_known(h, k)[1] for h, k in zip(g.hands, g.known, strict=True)])
        elif isinstance(g, PaoDeKuai):
            rebuilt = PaoDeKuai.from_observation(obs, [list(h) for h in g.hands])
        else:
            assert isinstance(g, Autobus)
            rebuilt = Autobus.from_observation(obs, g.hands, [r[:-1] for r in g.reserves],
                                               g.stock, g.completed, g.rng.state)
            assert rebuilt.to_dict()["stock"] == g.to_dict()["stock"]
        assert rebuilt.observation(seat) == obs
        assert rebuilt.legal_moves() == g.legal_moves()
        assert Counter(rebuilt.cards_in_play()) == Counter(g.cards_in_play())
        checked += 1
    assert checked >= 10


def test_PDK8_breaks_is_adds_beat_for_every_pass() -> None:
    """The sampler's unrolled check (``breaks``) answers as the plain statement
    (``adds_beat``) for every hand a seat had at a pass and every rank."""
    checked = 0
    for g in _positions("paodekuai", 8)[::3]:
        obs = g.observation(g.current)
        others = [s for s in range(3) if s != g.current]
        for s, passes in pdk_infer.pass_evidence(obs["history"], others).items():
            then = g.hands[s]
            for later, shape in passes:
                hand = then + later
                counts = pdk_infer.rank_counts(hand)
                packed = [(dict(counts), pdk_infer._KINDS[shape.kind], shape.size, shape.top)]
                for r in range(13):
                    assert pdk_infer.breaks(packed, r) == pdk_infer.adds_beat(counts, r, shape)
                    checked += 1
    assert checked > 1000


def test_PDK8_sampled_hands_almost_never_beat_a_play_their_seat_passed_on() -> None:
    """A pass proves the passer held nothing that beat the play: in the sampled deals
    the hand each seat had at each of its passes (its sampled hand and what it played
    since) cannot beat that play, in any shape, bombs included, but where the greedy
    deal runs into a dead end (about one pass in a thousand here); uniform deals of the
    same unseen cards break about one pass in ten."""
    passes = broken = uniform = 0
    for g in _positions("paodekuai", 10)[::2]:
        obs = g.observation(g.current)
        others = [s for s in range(3) if s != g.current]
        evidence = pdk_infer.pass_evidence(obs["history"], others)
        for k in range(4):
            imagined = sample(obs, Rng(k))
            shuffled = g.determinize(g.current, Rng(k))
            assert isinstance(imagined, PaoDeKuai) and isinstance(shuffled, PaoDeKuai)
            for s in others:
                for later, shape in evidence[s]:
                    passes += 1
                    broken += beat_exists(imagined.hands[s] + later, shape)
                    uniform += beat_exists(shuffled.hands[s] + later, shape)
    assert passes > 5000
    assert broken <= passes // 200 and uniform >= passes // 20, (passes, broken, uniform)


def test_PDK8_pass_evidence_names_the_play_passed_on() -> None:
    history: list[list[Any]] = [[0, ["3H"]], [1], [2, ["5S"]], [0], [1, ["9C"]], [2], [0]]
    ev = pdk_infer.pass_evidence(history, [0, 1, 2])
    assert ev[1] == [(["9C"], classify(["3H"], True))]
    assert ev[0] == [([], Shape("single", 1, 2)), ([], Shape("single", 1, 6))]
    assert ev[2] == [([], Shape("single", 1, 6))]


def test_every_game_samples_through_one_entry_point() -> None:
    for key in sorted(GAMES):
        g = GAMES[key].new(seed=5)
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        a, b = sample(obs, Rng(1)), sample(obs, Rng(1))
        assert type(a) is GAMES[key] and a.to_dict() == b.to_dict()
        assert a.observation(seat) == obs
