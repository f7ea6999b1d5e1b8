"""A Pao De Kuai opponent by rules of thumb.

Lead long, low combinations first (straights and runs of pairs shed many cards); answer
with the cheapest play that beats, without breaking pairs, triples or bombs when a
cleaner answer exists; keep bombs and the 2 of spades for when they matter; when an
opponent is down to one card, never lead a single unless it is the highest left.
"""
from __future__ import annotations

from typing import Any

from game.ai.bots import DecideOnce
from game.games.paodekuai.observation import observed
from game.games.paodekuai.rules import RANK
from game.rules import Move, Rng


class PaoDeKuaiHeuristic(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.noise = float(params.get("noise", 0.0))

    def decide(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        obs = observed(observation)
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        counts: dict[str, int] = {}
        for c in obs["hand"]:
            counts[c[0]] = counts.get(c[0], 0) + 1
        seat = obs["seat"]
        sizes = obs["hand_sizes"]
        danger = any(n == 1 for s, n in enumerate(sizes) if s != seat)
        leading = obs["leading"]
        mine = sizes[seat]
        best, low = legal[0], self._cost(legal[0], counts, leading, danger, mine)
        for m in legal[1:]:                    # min(): the first of the cheapest
            cost = self._cost(m, counts, leading, danger, mine)
            if cost < low:
                best, low = m, cost
        return best

    @staticmethod
    def _cost(m: Move, counts: dict[str, int], leading: bool, danger: bool,
              mine: int) -> float:
        if m.kind == "pass":
            return 1e9
        info = _INFO.get(m.args)
        if info is None:
            info = _info(m.args)
        used, n, top, is_bomb, two = info
        if n == mine:
            return -1e9                       # this play goes out: always take it
        cost = float(top)
        for r, k in used:                     # breaking a group costs
            have = counts.get(r, 0)
            if have - k > 0 and have >= 2:
                cost += 4 + (6 if have >= 3 else 0)
            if have == 4 and not is_bomb:
                cost += 12
        if is_bomb:
            cost += 10 if danger else 25
        if two and not danger:
            cost += 8
        if leading:
            cost -= 2.5 * n                   # shed many cards at once
            if danger and n == 1:
                cost += 15 - top              # a lone single only if it is high
        elif danger and n == 1:
            cost -= 2 * top                   # stop the one-card player: go high
        return cost


#: per play: (rank, count) in order of first appearance, cards, top rank, bomb?, 2S in it?
_Info = tuple[tuple[tuple[str, int], ...], int, int, bool, bool]
_INFO: dict[tuple[str, ...], _Info] = {}


def _info(cards: tuple[str, ...]) -> _Info:
    used: dict[str, int] = {}
    for c in cards:
        used[c[0]] = used.get(c[0], 0) + 1
    n = len(cards)
    top = max(RANK[r] for r in used)
    is_bomb = len(used) == 1 and (n == 4 or (n == 3 and "A" in used))
    info = (tuple(used.items()), n, top, is_bomb, "2S" in cards)
    if len(_INFO) >= 100_000:
        _INFO.clear()
    _INFO[cards] = info
    return info
