"""The ``greedy`` baselines (hidden from the menu; tournaments measure against them).

One-ply bots of the search literature, written from the description in issue 13: the
cheapest move that works.

- Durak: attack with the lowest card (non-trumps first), throw in the lowest matching
  non-trump (trumps only once the talon is empty), defend with the lowest card that beats,
  take when nothing beats.
- Pao De Kuai: go out when a play empties the hand; otherwise the lowest play that beats
  (leading: the lowest rank, as many cards of it as one play holds); bombs only when
  nothing else beats.
- Dudák: declare at the first chance the free suit it holds most of; lead and follow with
  the lowest card (non-trumps first), beat with the lowest card that beats, collect before
  taking.
- Autobus ("naive"): the reserve top when it fits, otherwise any run play, then end the
  turn with a discard, onto a pile of its rank when one fits, else onto an empty space
  (jokers last), the bus only when nothing fits.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.ai.bots import DecideOnce
from game.cards import ATLASNYE_RANKS, CZECH_RANKS
from game.rules import Move, Rng

DURAK_RANK = {r: i for i, r in enumerate(ATLASNYE_RANKS)}
PDK_RANK = {r: i for i, r in enumerate("3456789TJQKA2")}
DUDAK_RANK = {r: i for i, r in enumerate(CZECH_RANKS)}


def durak_greedy(legal: list[Move], trump: str, talon: int) -> Move:
    def cost(m: Move) -> int:
        c = m.args[0]
        return DURAK_RANK[c[0]] + (100 if c[1] == trump else 0)

    defends = [m for m in legal if m.kind == "defend"]
    if defends:
        return min(defends, key=cost)
    if any(m.kind == "take" for m in legal):
        return Move("take")
    attacks = [m for m in legal if m.kind == "attack"]
    if not any(m.kind == "stop" for m in legal):       # the bout's first card
        return min(attacks, key=cost)
    throw = [m for m in attacks if talon == 0 or m.args[0][1] != trump]
    return min(throw, key=cost) if throw else Move("stop")


def pdk_is_bomb(cards: tuple[str, ...]) -> bool:
    ranks = {c[0] for c in cards}
    return len(ranks) == 1 and (len(cards) == 4 or (len(cards) == 3 and "A" in ranks))


def pdk_greedy(legal: list[Move], hand_size: int, leading: bool) -> Move:
    plays = [m for m in legal if m.kind == "play"]
    if not plays:
        return legal[0]
    for m in plays:
        if len(m.args) == hand_size:
            return m

    def top(m: Move) -> int:
        return max(PDK_RANK[c[0]] for c in m.args)

    plain = [m for m in plays if not pdk_is_bomb(m.args)]
    if plain:
        if leading:
            return min(plain, key=lambda m: (min(PDK_RANK[c[0]] for c in m.args), top(m),
                                             -len(m.args)))
        return min(plain, key=top)
    return min(plays, key=lambda m: (len(m.args), top(m)))


def dudak_greedy(legal: list[Move], hand: list[str], trump: str | None) -> Move:
    def cost(m: Move) -> int:
        c = m.args[0]
        return DUDAK_RANK[c[0]] + (100 if c[1] == trump else 0)

    by_kind: dict[str, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m.kind, []).append(m)
    if "declare" in by_kind:
        held = Counter(c[1] for c in hand)
        return max(by_kind["declare"], key=lambda m: held[m.args[0]])
    for kind in ("follow", "lead", "beat"):
        if kind in by_kind:
            return min(by_kind[kind], key=cost)
    if "collect" in by_kind:
        return by_kind["collect"][0]
    return by_kind.get("take", legal)[0]


def autobus_naive(legal: list[Move], aux: list[list[str]], rng: Rng) -> Move:
    plays = [m for m in legal if m.kind == "play"]
    reserve = [m for m in plays if m.args[1] == "reserve"]
    if reserve:
        return reserve[0]
    pick = rng.below(1 << 30)
    if plays:
        return plays[pick % len(plays)]
    for m in legal:
        if m.kind == "end":
            return m
    discards = [m for m in legal if m.kind == "discard" and m.args[0] != "X"]
    stack = [m for m in discards if aux[int(m.args[1][3]) - 1]]    # onto its own rank
    options = stack or discards or [m for m in legal if m.kind == "discard"] or legal
    return options[pick % len(options)]


class GreedyBot(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.game, self.level = game, level
        self.rng = Rng(seed)

    def decide(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if self.game == "durak":
            return durak_greedy(legal, obs["trump_suit"], obs["talon_size"])
        if self.game == "paodekuai":
            return pdk_greedy(legal, len(obs["hand"]), obs["leading"])
        if self.game == "dudak":
            return dudak_greedy(legal, obs["hand"], obs["trumps"][obs["seat"]])
        if self.game == "autobus":
            return autobus_naive(legal, obs["aux"][obs["seat"]], self.rng)
        raise ValueError(f"no greedy level for {self.game}")
