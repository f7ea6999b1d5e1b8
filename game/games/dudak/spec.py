"""The spec of this game: its engine, bots and hooks as typed references, its table by
name (:class:`~game.games.spec.GameSpec`)."""
from __future__ import annotations

from game.games.dudak.checks import CHECKS
from game.games.dudak.greedy import decide
from game.games.dudak.heuristic import DudakHeuristic
from game.games.dudak.infer import sample
from game.games.dudak.review import situation
from game.games.dudak.rollout import greedy_policy, normal_policy, reward
from game.games.dudak.rules import Dudak
from game.games.dudak.search import DudakSearch
from game.games.dudak.why import TRAITS, why
from game.games.dudak.words import WORDS
from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="dudak",
    engine=Dudak,
    table="game.games.dudak.table:DudakTable",
    summary=N_("Czech cards and a trump suit of your own; the last one holding cards "
                "loses."),
    tile_card="OH",
    sampler=sample,
    bots={
        "dudak_heuristic": DudakHeuristic,
        "dudak_search": DudakSearch,
    },
    # the AI and the review (modules greedy, rollout; spec.py's AI block)
    greedy=decide,
    rollouts={"greedy": greedy_policy,
              "normal": normal_policy},
    reward=reward,
    goes_out=Dudak.is_out,
    loser="the Dudák",
    review_settings={"threshold": 0.1, "samples": 96, "iterations": 1200},
    review_situation=situation,
    review_why=why,
    review_traits=TRAITS,
    # presentation, History, settings, tools and tests
    words=WORDS,
    rule_prefix="DUD",
    average_places=2,
    rules_fan=("UH", "OL", "AA"),
    checks=CHECKS,
)
