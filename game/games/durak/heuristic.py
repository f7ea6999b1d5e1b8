"""A Durak opponent by rules of thumb.

Attack with the cheapest card (non-trumps first, ranks it holds twice first), throw in
cheap matching cards, defend with the lowest card that beats, keep trumps, and take when
beating would cost a high trump early in the deal.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.ai.bots import DecideOnce
from game.cards import ATLASNYE_RANKS
from game.games.durak.observation import DurakObservation, observed
from game.rules import Move, Rng

RANK = {r: i for i, r in enumerate(ATLASNYE_RANKS)}


class DurakHeuristic(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.rng = Rng(seed)
        #: a trump at or above this rank index is "expensive" while the talon is large
        self.keep_trump_from = int(params.get("keep_trump_from", RANK["Q"]))
        #: throw-ins above this rank index are kept while the talon still has cards
        self.throw_in_max = int(params.get("throw_in_max", RANK["J"]))
        #: take rather than spend an expensive trump while the talon has this many cards
        self.take_talon_min = int(params.get("take_talon_min", 6))
        #: chance of a plain random move (for weaker levels)
        self.noise = float(params.get("noise", 0.0))

    def cost(self, card: str, trump: str) -> int:
        return RANK[card[0]] + (10 if card[1] == trump else 0)

    def decide(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        obs = observed(observation)
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        trump = obs["trump_suit"]
        talon = obs["talon_size"]
        kinds = {m.kind for m in legal}
        if "defend" in kinds or "take" in kinds:
            return self._defend(obs, legal, trump, talon)
        attacks = [m for m in legal if m.kind == "attack"]
        if not obs["table"]:
            counts = Counter(c[0] for c in obs["hand"])
            return min(attacks, key=lambda m: (self.cost(m.args[0], trump)
                                               - 2 * (counts[m.args[0][0]] - 1)))
        return self._throw_in(obs, attacks, trump, talon)

    def _defend(self, obs: DurakObservation, legal: list[Move], trump: str,
                talon: int) -> Move:
        defends = [m for m in legal if m.kind == "defend"]
        take = Move("take")
        if not defends:
            return take
        best = min(defends, key=lambda m: self.cost(m.args[0], trump))
        card = best.args[0]
        attack = obs["table"][-1][0]          # the pair's attack card (never None)
        expensive = card[1] == trump and RANK[card[0]] >= self.keep_trump_from
        cheap_pile = all(RANK[c[0]] < RANK["J"] for p in obs["table"] for c in p if c)
        if expensive and talon >= self.take_talon_min and cheap_pile and attack is not None \
                and attack[1] != trump:
            return take
        return best

    def _throw_in(self, obs: DurakObservation, attacks: list[Move], trump: str,
                  talon: int) -> Move:
        stop = Move("stop")
        if not attacks:
            return stop
        candidates = [m for m in attacks if m.args[0][1] != trump
                      and (talon == 0 or RANK[m.args[0][0]] <= self.throw_in_max)]
        if not candidates and talon == 0:
            candidates = attacks
        if not candidates:
            return stop
        return min(candidates, key=lambda m: self.cost(m.args[0], trump))
