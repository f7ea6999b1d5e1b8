"""``cardclub bench lookahead``: how much the hidden cards decide a Hospodský autobus deal.

A measurement of this game alone, so it lives in its package; ``cardclub bench`` finds it
through the spec's ``benches`` (:func:`command`).

One seat plays a lookahead of ``depth`` rounds; every other seat plays the normal level.
At each of the seat's decisions the lookahead takes the turn planner's ``width`` best
first moves.  Each is tried on every world: the true deal when it is told everything,
else ``samples`` deals in which the cards it is not told are shuffled among their
places.  There the rest of the seat's turn follows the planner and the other seats'
turns follow the normal level.  With ``depth`` 1 the seat's next turn is then scored by
the planner's value (a deal won or lost counts +100 or -100); with more, the seat's next
turn tries the planner's ``width`` best plans in the same world, each followed by the
other seats' turns, and takes the best score ``depth`` - 1 rounds further on.  The move
with the best sum over the worlds is played.

``know`` says what the lookahead is told besides what the seat sees: ``none`` (a fair
player), ``hands`` (the other seats' hands), ``stock`` (the stock's order), ``reserves``
(every reserve below its top card, the seat's own too), several of them joined by
``,``, or ``all``.  Comparing the runs shows which hidden cards decide the deals: the
README's AI section has the four-player figures (the hard level's 40% target).

Nothing here reads or writes the data folder.
"""
from __future__ import annotations

import time
from typing import Any

from game.ai import make_bot
from game.games.autobus.plan import (
    Planner,
    Weights,
    context_from_obs,
    evaluate,
    from_obs,
)
from game.games.autobus.rules import Autobus
from game.rules import Move, Rng
from game.tools.sim import wilson

HIDDEN = ("hands", "stock", "reserves")
ROUNDS = {1: "one-round", 2: "two-round", 3: "three-round"}
CLIP = 100.0


def parse_know(know: str) -> frozenset[str]:
    """The hidden card groups named by ``know`` (ValueError for an unknown name)."""
    if know == "all":
        return frozenset(HIDDEN)
    if know == "none":
        return frozenset()
    parts = frozenset(p.strip() for p in know.split(",") if p.strip())
    bad = sorted(parts - set(HIDDEN))
    if bad or not parts:
        raise ValueError(f"unknown card group {', '.join(bad) or repr(know)}: use none, "
                         f"all or some of {', '.join(HIDDEN)}")
    return parts


def reshuffle(g: Any, seat: int, rng: Rng, told: frozenset[str]) -> Any:
    """A copy of ``g`` in which the cards ``seat`` cannot see and is not ``told`` are
    shuffled among their places: the other seats' hands, the stock, the reserves below
    their tops (the completed pile was seen when its runs were cleared).  What the seat
    sees is unchanged."""
    w = g.clone()
    slots: list[tuple[str, int]] = []
    if "hands" not in told:
        slots += [("hand", s) for s in range(w.players) if s != seat]
    if "stock" not in told:
        slots.append(("stock", 0))
    if "reserves" not in told:
        slots += [("reserve", s) for s in range(w.players) if len(w.reserves[s]) > 1]

    def cards(slot: tuple[str, int]) -> list[str]:
        kind, s = slot
        if kind == "hand":
            return list(w.hands[s])
        if kind == "stock":
            return list(w.stock)
        return list(w.reserves[s][:-1])

    sizes = [len(cards(slot)) for slot in slots]
    pool = [c for slot in slots for c in cards(slot)]
    rng.shuffle(pool)
    for (kind, s), n in zip(slots, sizes, strict=True):
        part, pool = pool[:n], pool[n:]
        if kind == "hand":
            w.hands[s] = part
        elif kind == "stock":
            w.stock = part
        else:
            w.reserves[s][:-1] = part
    w.rng = Rng(rng.next64())
    return w


class Lookahead:
    """The seat's lookahead of ``depth`` rounds (see the module's docstring)."""

    def __init__(self, seat: int, told: frozenset[str], samples: int, width: int,
                 rng: Rng, depth: int = 1) -> None:
        self.seat, self.told, self.rng = seat, told, rng
        self.everything = told == frozenset(HIDDEN)    # one world: the true deal
        self.samples = max(1, samples)
        self.width = max(1, width)
        self.depth = max(1, depth)
        self.model = make_bot(Autobus.key, "normal")   # the other seats, as it expects them
        self.weights = Weights()

    def _plans(self, g: Any) -> dict[Move, tuple[float, list[Move]]]:
        obs = g.observation(self.seat)
        return Planner(context_from_obs(obs, self.weights), 1000).root_plans(
            from_obs(obs), g.legal_moves())

    def _value(self, g: Any) -> float:
        if g.is_over:
            return 0.0 if g.winner is None else CLIP if g.winner == self.seat else -CLIP
        plans = self._plans(g)
        if plans:
            v = max(v for v, _ in plans.values())
        else:
            obs = g.observation(self.seat)
            v = evaluate(from_obs(obs), context_from_obs(obs, self.weights))
        return max(-CLIP, min(CLIP, v))

    def _own_turn(self, g: Any, plan: list[Move]) -> None:
        while not g.is_over and g.current_player == self.seat:
            if plan and plan[0] in g.legal_moves():
                g.play(plan.pop(0))
                continue
            plans = self._plans(g)
            if not plans:
                g.play(g.legal_moves()[0])
                continue
            best = max(plans, key=lambda m: plans[m][0])
            plan = list(plans[best][1])

    def _round(self, world: Any, plan: list[Move]) -> Any:
        """A copy of ``world`` after the seat's turn (following ``plan``) and the other
        seats' turns, up to the seat's next turn or the end of the deal."""
        w = world.clone()
        self._own_turn(w, list(plan))
        while not w.is_over and w.current_player != self.seat:
            t = w.current_player
            w.play(self.model.choose(w.observation(t), w.legal_moves()))
        return w

    def _best(self, plans: dict[Move, tuple[float, list[Move]]]) -> list[Move]:
        """The first moves of the planner's ``width`` best plans, best first."""
        return sorted(plans, key=lambda m: -plans[m][0])[:self.width]

    def _ahead(self, g: Any, rounds: int) -> float:
        """The score of ``g`` (the seat to move) looking ``rounds`` rounds further."""
        if rounds == 0 or g.is_over:
            return self._value(g)
        plans = self._plans(g)
        if not plans:
            return self._value(g)
        return max(self._ahead(self._round(g, plans[m][1]), rounds - 1)
                   for m in self._best(plans))

    def decide(self, g: Any) -> Move:
        plans = self._plans(g)
        if not plans:
            first: Move = g.legal_moves()[0]
            return first
        if len(plans) == 1:
            return next(iter(plans))
        candidates = self._best(plans)
        if self.everything:
            worlds = [g]
        else:
            worlds = [reshuffle(g, self.seat, self.rng, self.told)
                      for _ in range(self.samples)]
        best, best_v = candidates[0], -1e18
        for m in candidates:
            total = 0.0
            for world in worlds:
                total += self._ahead(self._round(world, plans[m][1]), self.depth - 1)
            if total > best_v:
                best, best_v = m, total
        return best


def play_deal(args: tuple[int, int, int, frozenset[str], int, int, int]
              ) -> tuple[bool, bool]:
    """One deal with the lookahead in ``seat``: (it won, the deal was drawn)."""
    deal_seed, players, seat, told, samples, width, depth = args
    g: Any = Autobus.new(seed=deal_seed, players=players)
    me = Lookahead(seat, told, samples, width, Rng(deal_seed * 7 + seat + 1), depth)
    others = make_bot(Autobus.key, "normal", seed=deal_seed)
    while not g.is_over:
        s = g.current_player
        if s == seat:
            g.play(me.decide(g))
        else:
            g.play(others.choose(g.observation(s), g.legal_moves()))
    return g.winner == seat, g.winner is None


def lookahead(deals: int, seed: int = 0, players: int = 4, know: str = "none",
              samples: int = 8, width: int = 4, jobs: int = 1, depth: int = 1
              ) -> dict[str, Any]:
    """Every deal ``seed .. seed + deals - 1`` with the lookahead in every seat."""
    told = parse_know(know)
    jobs_list = [(seed + d, players, r, told, samples, width, depth)
                 for d in range(deals) for r in range(players)]
    begin = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_deal, jobs_list, chunksize=1)
    else:
        results = [play_deal(j) for j in jobs_list]
    wins = sum(1 for won, _ in results if won)
    draws = sum(1 for _, drawn in results if drawn)
    games = len(results)
    lo, hi = wilson(wins, games)
    return {"players": players, "know": know, "samples": samples, "width": width,
            "depth": depth,
            "deals": deals, "seed": seed, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "win_rate": wins / games if games else 0.0,
            "interval": [lo, hi], "fair": 1 / players,
            "seconds": time.perf_counter() - begin}


def text(r: dict[str, Any]) -> str:
    if r["know"] == "all":
        how = "told every card, on the true deal"
    else:
        told = "none of the hidden cards" if r["know"] == "none" else r["know"]
        how = f"told {told}, on {r['samples']} sampled deals"
    lo, hi = r["interval"]
    rounds = ROUNDS.get(r["depth"], f"{r['depth']}-round")
    return (f"Hospodský autobus, {r['players']} players: {rounds} lookahead ({how}, "
            f"{r['width']} candidate moves) against the normal level: won {r['wins']} of "
            f"{r['games']} = {100 * r['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
            f"(fair {100 * r['fair']:.0f}%), {r['draws']} drawn, {r['seconds']:.0f} s")


def command(p: Any, a: Any) -> int:
    """how much Hospodský autobus deals turn on hidden cards (a lookahead of some rounds
    told some of them, against normal)"""
    import json

    lo, hi = min(Autobus.players_allowed), max(Autobus.players_allowed)
    players = a.players or hi
    if not lo <= players <= hi:
        p.error(f"{Autobus.title} is played by {lo} to {hi} players")
    if a.deals < 1 or a.samples < 1 or a.width < 1 or a.jobs < 1 or a.depth < 1:
        p.error("--deals, --samples, --width, --depth and --jobs must be at least 1")
    try:
        parse_know(a.know)
    except ValueError as e:
        p.error(str(e))
    r = lookahead(a.deals, a.seed, players, a.know, a.samples, a.width, a.jobs,
                  depth=a.depth)
    print(json.dumps(r, indent=2) if a.json else text(r))
    return 0
