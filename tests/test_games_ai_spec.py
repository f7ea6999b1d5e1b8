"""The AI and review block of each game's spec (issue 36): the shared AI, review and tools
ask the spec, never a game's name, and every reference in it leads to working code."""
from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from game.ai import levels, make_bot
from game.ai.search import rollout_kinds, rollout_policy
from game.games import ORDER, SPECS, spec
from game.review.model import CHANCE, POINTS, Traits
from game.review.tuning import Settings, settings, unit_of
from game.rules import Rng

ROOT = Path(__file__).resolve().parents[1]
#: the shared code of the AI, the review and the tools that read them
SHARED = [*sorted((ROOT / "game" / "ai").rglob("*.py")),
          *sorted((ROOT / "game" / "review").rglob("*.py")),
          ROOT / "game" / "tools" / "sim.py", ROOT / "game" / "bench" / "bench_review.py"]


@pytest.mark.parametrize("key", ORDER)
def test_every_ai_reference_of_a_spec_loads(key: str) -> None:
    refs = spec(key).ai_references()
    assert refs and set(refs) <= set(spec(key).references())
    for what, ref in refs.items():
        if what == "review traits":      # a record of functions, not one
            assert isinstance(ref, Traits), (key, ref)
            continue
        assert callable(ref), (key, what, ref)


@pytest.mark.parametrize("key", ORDER)
def test_the_levels_name_only_what_the_spec_offers(key: str) -> None:
    """A level's ``rollout`` is one of the spec's rollouts, a ``greedy`` level has the
    spec's greedy decision, and the review's normal play-outs have their policy."""
    s = spec(key)
    assert "normal" in s.rollouts and rollout_kinds(key) == tuple(s.rollouts)
    for name, params in levels(key).items():
        if params.get("kind") == "greedy":
            assert s.greedy is not None, name
        if params.get("kind") == "search" and "rollout" in params:
            assert params["rollout"] in s.rollouts, name
    with pytest.raises(ValueError, match="no rollout policy"):
        rollout_policy(key, "no such policy")


@pytest.mark.parametrize("key", ORDER)
def test_a_rollout_policy_and_the_reward_play_a_deal_to_its_end(key: str) -> None:
    from game.ai.search import play_on, reward

    g = spec(key).engine.new(seed=3)
    for kind in rollout_kinds(key):
        h = g.clone()
        play_on(h, rollout_policy(key, kind), Rng(5), 0.1, 20_000)
        assert h.is_over, (key, kind)
        values = reward(h)
        assert len(values) == h.num_players and all(0.0 <= v <= 1.0 for v in values)
    cut = reward(g)                            # a deal cut off at its start
    assert len(cut) == g.num_players and all(0.0 <= v <= 1.0 for v in cut)


@pytest.mark.parametrize("key", ORDER)
def test_the_review_settings_are_the_specs_numbers_tuned_by_the_file(key: str) -> None:
    names = {f.name for f in fields(Settings)}
    built_in = spec(key).review_settings
    assert set(built_in) <= names
    assert unit_of(key) == spec(key).review_unit in (CHANCE, POINTS)
    got = settings(key, {"samples": 7})
    assert got.samples == 7 and isinstance(got.samples, int)


def test_a_game_without_a_review_section_keeps_its_specs_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import resources

    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "review.toml").write_text("[nothing]\nthreshold = 9\n")
    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    for key in ORDER:
        s = settings(key)
        for name, value in spec(key).review_settings.items():
            assert getattr(s, name) == value, (key, name)


def test_a_one_loser_game_counts_not_losing_as_its_fair_share() -> None:
    for s in SPECS.values():
        for n in s.players_allowed:
            assert s.fair_share(n) == (1 - 1 / n if s.loser else 1 / n)
            assert ("not being" in s.review_chance()) == bool(s.loser)


@pytest.mark.parametrize("key", ORDER)
def test_the_greedy_level_is_the_games_own_decision(key: str) -> None:
    """``greedy`` levels play the spec's decision (the same move from the same state)."""
    s = spec(key)
    assert s.greedy is not None
    decide = s.greedy
    g = s.engine.new(seed=8)
    bot = make_bot(key, "greedy", seed=4)
    mine = Rng(4)
    for _ in range(60):
        if g.is_over:
            break
        seat = g.current_player
        assert seat is not None
        obs, legal = g.observation(seat), g.legal_moves()
        want = legal[0] if len(legal) == 1 else decide(obs, legal, mine)
        got = bot.choose(obs, legal)
        assert got == want
        g.play(got)


def test_the_shared_ai_review_and_tools_name_no_game() -> None:
    """No game key as a literal in game/ai, game/review and the review and sim tools:
    they ask the registry and the spec."""
    pattern = re.compile(r"[\"'](" + "|".join(map(re.escape, SPECS)) + r")[\"']")
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in SHARED for n, line in enumerate(p.read_text().splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)


def test_importing_the_registry_imports_no_game_code_until_it_is_read() -> None:
    """Importing the registry loads no greedy, rollout or review module of any game (the
    specs, which hold them, are imported when the registry is first read), and reading
    it loads no table."""
    code = ("import sys, game.games as g; "
            "hooks = ('greedy', 'rollout', 'review', 'table'); "
            "bad = [m for m in sys.modules if m.startswith('game.games.') and "
            "m.rsplit('.', 1)[-1] in hooks]; assert not bad, bad; "
            "[s.ai_references() for s in g.SPECS.values()]; "
            "bad = [m for m in sys.modules if m.startswith('game.games.') and "
            "m.rsplit('.', 1)[-1] == 'table']; assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
