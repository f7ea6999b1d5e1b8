"""A Pao De Kuai opponent by rules of thumb.

Lead long, low combinations first (straights and runs of pairs shed many cards); answer
with the cheapest play that beats, without breaking pairs, triples or bombs when a
cleaner answer exists; keep bombs and the 2 of spades for when they matter; when an
opponent is down to one card, never lead a single unless it is the highest left.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.ai import DecideOnce
from game.rules import Move, Rng

ORDER = "3456789TJQKA2"
RANK = {r: i for i, r in enumerate(ORDER)}


class PaoDeKuaiHeuristic(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.noise = float(params.get("noise", 0.0))

    def decide(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        counts = Counter(c[0] for c in obs["hand"])
        seat = obs["seat"]
        sizes = obs["hand_sizes"]
        danger = any(n == 1 for s, n in enumerate(sizes) if s != seat)
        leading = obs["leading"]
        mine = sizes[seat]
        return min(legal, key=lambda m: self._cost(m, counts, leading, danger, mine))

    def _cost(self, m: Move, counts: Counter[str], leading: bool, danger: bool,
              mine: int) -> float:
        if m.kind == "pass":
            return 1e9
        cards = m.args
        used = Counter(c[0] for c in cards)
        n = len(cards)
        if n == mine:
            return -1e9                       # this play goes out: always take it
        top = max(RANK[r] for r in used)
        is_bomb = (len(used) == 1 and (n == 4 or (n == 3 and "A" in used)))
        cost = float(top)
        for r, k in used.items():             # breaking a group costs
            left = counts[r] - k
            if left > 0 and counts[r] >= 2:
                cost += 4 + (6 if counts[r] >= 3 else 0)
            if counts[r] == 4 and not is_bomb:
                cost += 12
        if is_bomb:
            cost += 10 if danger else 25
        if "2S" in cards and not danger:
            cost += 8
        if leading:
            cost -= 2.5 * n                   # shed many cards at once
            if danger and n == 1:
                cost += 15 - top              # a lone single only if it is high
        elif danger and n == 1:
            cost -= 2 * top                   # stop the one-card player: go high
        return cost
