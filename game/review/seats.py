"""How each seat plays in the review's play-outs: the level that really sat there (named
in the journal), as a rollout policy of the game and a chance of a random move; the
judged seat plays the hard level's own play-out policy.  Part of
:mod:`game.review.analysis`, which names these again.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.ai import levels as level_table
from game.ai.search import rollout_kinds, rollout_policy
from game.games import spec
from game.rules import Move
from game.session.journal import Journal

Policy = Callable[[Any, list[Move]], Move]


@cache
def _policy(key: str, kind: str) -> Policy:
    return rollout_policy(key, kind)


def seat_play(key: str, level: str | None) -> tuple[str, float]:
    """How a seat of ``level`` plays in the play-outs: (a rollout policy of the game,
    its chance of a random move).  The rules of thumb with the level's ``noise`` (easy,
    normal), the greedy baseline, random; a searching level (hard) and an unknown one
    play the rules of thumb (the search's own play-out policy)."""
    kinds = rollout_kinds(key)
    base = "normal" if "normal" in kinds else kinds[0]
    params = level_table(key).get(level or "", {})
    kind = str(params.get("kind", ""))
    if kind == "random":
        return base, 1.0
    if kind == "greedy" and "greedy" in kinds:
        return "greedy", 0.0
    noise = params.get("noise", 0.0)
    return base, float(noise) if isinstance(noise, (int, float)) else 0.0


def table_levels(key: str, n: int, seat: int, named: list[str] | None) -> list[str]:
    """The level of each seat at a table of ``n`` (``named``: the journal's; a seat it
    does not name plays the game's default level); the judged seat's is ``hard``."""
    default = spec(key).default_level
    out = [(named[s] if named is not None and s < len(named) and named[s] else default)
           for s in range(n)]
    out[seat] = "hard"
    return out


def journal_levels(j: Journal) -> list[str] | None:
    """The levels a journal names for its seats: its ``levels``, else its ``level`` (the
    computers' level at a table of one level) for every seat; None: none named."""
    got = j.meta.get("levels")
    if isinstance(got, list) and got and all(isinstance(x, str) for x in got):
        return [str(x) for x in got]
    one = j.meta.get("level")
    return [one] * 8 if isinstance(one, str) and one else None


def plays_of(obs: dict[str, Any], levels: list[str] | None) -> list[tuple[Policy, float]]:
    """Each seat's play-out policy and chance of a random move at the table ``obs``
    shows (``levels``: the journal's)."""
    key, seat = str(obs["game"]), int(obs["seat"])
    n = seats_of(obs)
    out = []
    for lv in table_levels(key, n, seat, levels):
        kind, eps = seat_play(key, lv)
        out.append((_policy(key, kind), eps))
    return out


def seats_of(obs: dict[str, Any]) -> int:
    """The players at the table an observation shows."""
    for k in ("hand_sizes", "card_counts"):
        if isinstance(obs.get(k), list):
            return len(obs[k])
    if isinstance(obs.get("players"), int):
        return int(obs["players"])
    return 2
