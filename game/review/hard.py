"""The hard level deciding by the judge (a level with ``final = "judge"``).

The level's own search thinks first, as the level always did (its kind, its budget, its
seed); then the judge (:class:`game.review.analysis.Judge`) values the search's top
moves on common sampled deals, with the level's own smaller settings
(``judge_samples``, ``judge_min_samples``, ``judge_candidates``, ``judge_solve_nodes``
... any field of the review's :class:`~game.review.analysis.Settings` with ``judge_``
before it).  The search's choice is played unless the judge's best beats it beyond
noise (the search's choice would be graded ``best``, "about as good", there): the judge
corrects the search only where it can tell, so a move of the hard level is one the
review would not tell off.  Settings of the level's own:

- ``judge_keep`` (default true); false: the judge's best is played whatever the margin
  (measured much weaker in Durak: the judge's play-outs are the rules of thumb's).
- ``judge_search_budget`` (CPU seconds, default the level's ``budget``): the search's
  own budget here, leaving time for the judge.
- ``judge_budget`` (CPU seconds, default the level's ``budget``, 0: none), the search's
  time included: a decision that has thought this long is final with the best known so
  far (the leader on the deals sampled where it leads beyond noise, else the search's
  choice), so a computer at the table never waits on a slow position.  Levels files
  size the judge so this is rare (``python -m game.bench.bench_review hard`` counts it).
  A level whose search runs a fixed number of ``iterations`` (tests, tools) has no cap:
  its decisions are then a function of the position and the seeds alone.

A search that can settle a position exactly (Durak's endgame solver) says so: while it
is ``solving`` its time is not counted against ``judge_budget`` (its budget is the
positions it may settle, the review's own); a decision it settled (``certain``) is
played without the judge, and where it found the moves that keep the position's exact
value (``kept``: a draw) the judge values those only.
"""
from __future__ import annotations

import time
from typing import Any

from game.review.analysis import Judge, _ranking, same_move
from game.review.model import BEST
from game.review.traits import paired_se
from game.review.tuning import Settings, grade, settings
from game.rules import Move

#: the level's own settings of the judge (the rest are the review's Settings)
OWN = ("judge_keep", "judge_budget", "judge_search_budget")


class JudgeBot:
    """The hard level deciding by its search and the judge (see the module)."""

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        from game.ai import make_bot

        self.game, self.level = game, level
        over = {name[len("judge_"):]: v for name, v in params.items()
                if name.startswith("judge_") and name not in OWN}
        # the values as the play-outs give them: how a chance is shown to a player
        # (``edge``, ``stretch``, ``curve``) must not change how the level plays
        self.s: Settings = settings(game, over | {"edge": 0.0, "stretch": 1.0, "curve": []})
        self.keep = bool(params.get("judge_keep", True))
        cap = params.get("judge_budget", params.get("budget", 0.0))
        self.budget = float(cap) if isinstance(cap, (int, float)) else 0.0
        if params.get("iterations"):    # a search of fixed iterations: no clock at all
            self.budget = 0.0
        own = {k: v for k, v in params.items() if not k.startswith("judge_")}
        if isinstance(params.get("judge_search_budget"), (int, float)):
            own["budget"] = params["judge_search_budget"]
        self.search = make_bot(game, level, seed, overrides=own | {"final": ""})
        self._judge: Judge | None = None
        self._obs: dict[str, Any] = {}
        self._legal: list[Move] = []
        self._first: Move | None = None
        self._spent = 0.0
        self._final = False
        self._choice: Move | None = None
        #: decisions ended by ``judge_budget`` before the judge was done, and those where
        #: the judge overruled the search (benchmarks)
        self.capped = 0
        self.overruled = 0

    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs, self._legal = observation, list(legal)
        self._judge, self._first, self._choice = None, None, None
        self._spent, self._final = 0.0, False
        self.search.start(observation, legal)

    def step(self, seconds: float) -> bool:
        if not self._legal:
            raise RuntimeError("step() before start()")
        if self._final:
            return True
        solving = bool(getattr(self.search, "solving", False))
        if self.budget > 0 and not solving:
            seconds = min(seconds, max(0.0, self.budget - self._spent))
        t0 = time.thread_time()
        stop = t0 + seconds
        if self._judge is None and self.search.step(seconds):
            self._first = self.search.best()
            kept = getattr(self.search, "kept", None)
            moves = kept if isinstance(kept, list) and kept else self._legal
            if len(moves) > 1 and not getattr(self.search, "certain", False):
                self._judge = Judge(self._obs, moves, self.s,
                                    order=_ranking(self.search, moves))
            else:
                self._final = True
        if self._judge is not None and not self._final:
            self._final = self._judge.step(max(0.0, stop - time.thread_time()))
        if not solving:
            self._spent += time.thread_time() - t0
        if not self._final and self.budget > 0 and self._spent >= self.budget:
            self.capped += 1
            self._final = True
        if self._final and self._choice is None:
            self._choice = self.best()
            self.overruled += self._choice != self._first and self._first is not None
        return self._final

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if self._choice is not None:
            return self._choice
        first = self._first if self._first is not None else self.search.best()
        if self._judge is None:
            return first
        return _pick(self._judge, first, self.keep)

    def choose(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        self.start(observation, legal)
        while not self.step(3600.0):
            pass
        return self.best()


def _pick(judge: Judge, first: Move, keep: bool) -> Move:
    """The move to play from what ``judge`` knows now: ``first`` (the search's choice)
    unless the judge's best beats it beyond noise (``keep`` false: the judge's best)."""
    key = judge.key
    a = judge.analysis
    if a is not None:
        mine = a.find(key, str(first))
        if a.certain or not keep or mine is None:
            return first if same_move(key, a.best, str(first)) else _legal(judge, a.best)
        if grade(a.candidates[0].value - mine.value, mine.se, judge.s) == BEST:
            return first
        return _legal(judge, a.best)
    part = judge.partial
    if part is None or len(part[1][0]) < 2:
        return first
    asked, vals, n = part
    means = [sum(v) / len(v) for v in vals[:n]]
    top = max(range(n), key=lambda i: (means[i], -i))
    i = next((k for k in range(n) if same_move(key, asked[k], str(first))), None)
    if i is None or means[top] - means[i] <= judge.s.z * max(
            paired_se(vals[top], vals[i]), 1e-9):
        return first
    return _legal(judge, asked[top])


def _legal(judge: Judge, move: str) -> Move:
    for m in judge.legal:
        if str(m) == move:
            return m
    return next((m for m in judge.legal if same_move(judge.key, str(m), move)),
                judge.legal[0])
