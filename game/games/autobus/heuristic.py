"""A Hospodský autobus opponent by rules of thumb.

Play the reserve top whenever it fits; feed runs from auxiliary piles, then from the hand
(jokers only when they open the way for the reserve top, or when a whole circuit passed
without a run play, so the deal never stalls); end the turn by stacking a card
on a pile of its rank, else on an empty space, highest ranks first; never the bus unless
nothing else is left.
"""
from __future__ import annotations

from typing import Any

from game.ai.bots import DecideOnce
from game.games.autobus.observation import AutobusObservation, observed
from game.games.autobus.rules import VALUE
from game.rules import Move, Rng


class AutobusHeuristic(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.noise = float(params.get("noise", 0.0))

    def decide(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        obs = observed(observation)
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        seat = obs["seat"]
        top = obs["reserve_tops"][seat]
        plays = [m for m in legal if m.kind == "play"]
        from_reserve = [m for m in plays if m.args[1] == "reserve"]
        if from_reserve:
            return min(from_reserve, key=lambda m: m.args[2] == "new")
        natural = [m for m in plays if m.args[0] != "X"]
        if natural:
            return min(natural, key=lambda m: (m.args[1] == "hand", m.args[2] == "new"))
        if top is not None and top != "X":
            for m in plays:  # a joker that makes the reserve top the next card of a run
                run = m.args[2]
                if run != "new":
                    need = len(obs["runs"][int(run[3:]) - 1] or []) + 1   # an open run
                    if need + 1 == VALUE[top[0]]:
                        return m
        if plays and obs.get("quiet_turns", 0) >= obs["players"]:
            # BUS-11: a quiet circuit with a run play left is no draw, so holding the
            # jokers back would stall the deal; feed the longest run instead
            return max(plays, key=lambda m: -1 if m.args[2] == "new"
                       else len(obs["runs"][int(m.args[2][3:]) - 1] or []))
        ends = [m for m in legal if m.kind == "end"]
        if ends:
            return ends[0]
        discards = [m for m in legal if m.kind == "discard"]
        if discards:
            return max(discards, key=lambda m: self._discard_score(obs, m))
        return legal[0]

    def _discard_score(self, obs: AutobusObservation, m: Move) -> float:
        card, target = m.args
        k = int(target[3]) - 1
        pile = obs["aux"][obs["seat"]][k]
        if card == "X":  # keep jokers: discard one only when nothing else fits
            return -100 + (VALUE[target[5:]] if "=" in target else 0)
        value = VALUE[card[0]]
        return (50 if pile else 0) + value
