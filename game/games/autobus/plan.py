"""Hospodský autobus: a planner for one's own whole turn and a value estimate.

A turn is many moves by one player (plays onto runs from the hand, the reserve top and
the auxiliary tops, then a discard), so the planner searches the sequences of the
seat's own moves up to the end of the turn (depth first, with a table of positions
already seen, since most plays commute) and scores each end position with
:func:`evaluate`, which sees the structure: the reserve size and how far its top is
from the runs, the cards kept (jokers above all), free auxiliary spaces, and what the
runs left behind offer the other players' reserve tops.  A sequence also ends where
the seat would learn something new (the reserve card under the one played, or four
cards drawn from the stock), unless the planner is told those cards.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.ai.bots import DecideOnce
from game.cards import JOKER
from game.games.autobus.observation import observed
from game.games.autobus.rules import VALUE
from game.rules import Move

UNKNOWN = "?"


def val(card: str) -> int:
    """A card's run value (0: a joker)."""
    return 0 if card == JOKER else VALUE[card[0]]


@dataclass
class Weights:
    """The value estimate's weights.  Tuned on fast planner-only deals (README, "AI
    opponents"): cards kept are resources, not a burden (a card waiting on an auxiliary
    pile counts slightly for the seat, a free space by itself counts nothing), the
    other seats' reach to their reserve tops weighs heavily, the more so the closer that
    seat is to winning, and a pile wall with no hand card to put on it (the bus next
    turn) is a real risk.  But as the stock and the completed pile run low, every card
    held back is a cost: with no run completed the deal freezes into a draw (BUS-11)."""
    reserve: float = 10.0      # per reserve card
    joker: float = 4.0         # per joker kept in hand or on an auxiliary top
    hand: float = -0.6         # per other hand card kept (the hand refills anyway)
    aux_card: float = -0.25    # per card waiting on an auxiliary pile (negative: an asset)
    space: float = 0.0         # per free auxiliary space
    dup: float = 0.8           # per auxiliary pile with a rank another pile has
    ready: tuple[float, ...] = (3.0, 1.5, 0.5)   # own top reachable with gap 0, 1, 2
    threat: float = 10.0       # an opponent's reserve top within reach of the runs
    reach: tuple[float, ...] = (1.0, 0.45, 0.18, 0.07)   # ... its chance by gap
    decay: float = 0.6         # the threat's factor per seat further along the circle
    urgency: float = 2.0       # the threat grows by up to this factor as that seat's
                               # reserve shrinks from 5 cards to 1
    reveal: float = 1.5        # a reserve card to be revealed (the turn goes on)
    draw: float = 0.0          # four cards to be drawn (besides their hand value)
    lock: float = 5.0          # every space taken and no hand card fits a pile: the bus
    dry: float = 1.5           # per card held back (hand or pile) as the stock runs dry
    dry_at: float = 80.0       # stock + completed pile size where "dry" starts counting


# another seat: its reserve top's value (None: no reserve), its auxiliary tops (value,
# copies usable) and its reserve size
Opponent = tuple[int | None, list[tuple[int, int]], int]


@dataclass
class Context:
    """What stays fixed during the seat's turn: the other seats' reserve tops and sizes,
    their auxiliary tops (rank values, with pile depth), in playing order after the
    seat."""
    seat: int
    opponents: list[Opponent] = field(default_factory=list)
    weights: Weights = field(default_factory=Weights)
    must_play: bool = False    # BUS-11: a quiet circuit passed, so feed a run if possible
    pool: int = 99             # cards left to draw: the stock and the completed pile


class TurnState:
    __slots__ = ("aux", "aux_rank", "completed", "hand", "reserve", "reserve_size", "runs",
                 "stock")

    def __init__(self, hand: list[str], reserve: list[str], reserve_size: int,
                 aux: list[list[str]], aux_rank: list[str | None],
                 runs: list[int | None], stock: list[str] | None) -> None:
        self.hand = hand                  # card strings
        self.reserve = reserve            # known cards, top last (UNKNOWN below)
        self.reserve_size = reserve_size
        self.aux = aux
        self.aux_rank = aux_rank
        self.runs = runs                  # the rank value each run needs (None: free)
        self.stock = stock                # known stock (front first), None: unknown
        self.completed = 0                # runs completed during the turn

    def copy(self) -> TurnState:
        ns = TurnState(list(self.hand), list(self.reserve), self.reserve_size,
                       [list(p) for p in self.aux], list(self.aux_rank), list(self.runs),
                       self.stock)
        ns.completed = self.completed
        return ns

    def key(self) -> tuple[Any, ...]:
        return (tuple(sorted(val(c) for c in self.hand)), self.reserve_size,
                tuple(sorted(n for n in self.runs if n is not None)),
                tuple((r, len(p), p[-1] == JOKER if p else False)
                      for p, r in zip(self.aux, self.aux_rank, strict=True)),
                len(self.stock) if self.stock is not None else -1, self.completed)

    def top(self) -> str | None:
        if not self.reserve_size:
            return None
        return self.reserve[-1] if self.reserve else UNKNOWN


def from_game(g: Any, seat: int, clairvoyant: bool = False) -> TurnState:
    """The turn state of ``seat`` in a full state (``clairvoyant``: the planner may see
    the reserve below the top and the stock, as in a sampled deal)."""
    res = g.reserves[seat]
    reserve = list(res) if clairvoyant else ([res[-1]] if res else [])
    return TurnState(list(g.hands[seat]), reserve, len(res),
                     [list(p) for p in g.aux[seat]], list(g.aux_rank[seat]),
                     [None if r is None else len(r) + 1 for r in g.runs],
                     list(g.stock) if clairvoyant else None)


def from_obs(observation: Mapping[str, Any]) -> TurnState:
    obs = observed(observation)
    seat = obs["seat"]
    top = obs["reserve_tops"][seat]
    return TurnState(list(obs["hand"]), [top] if top else [], obs["reserve_sizes"][seat],
                     [list(p) for p in obs["aux"][seat]], list(obs["aux_ranks"][seat]),
                     [None if r is None else len(r) + 1 for r in obs["runs"]], None)


def _opponents(seat: int, tops: list[str | None], aux: list[list[list[str]]],
               sizes: list[int]) -> list[Opponent]:
    n = len(sizes)
    out: list[Opponent] = []
    for i in range(1, n):
        o = (seat + i) % n
        top = tops[o]
        res = [(val(p[-1]), len(p) if p[-1] != JOKER else 1) for p in aux[o] if p]
        out.append((None if top is None else val(top), res, sizes[o]))
    return out


def _close(size: int) -> float:
    """0 for a reserve of five or more cards, rising to 1 at the last card."""
    return max(0, 5 - size) / 4


def context_from_obs(observation: Mapping[str, Any], weights: Weights | None = None
                     ) -> Context:
    obs = observed(observation)
    return Context(obs["seat"], _opponents(obs["seat"], obs["reserve_tops"], obs["aux"],
                                           obs["reserve_sizes"]), weights or Weights(),
                   must_play=obs["quiet_turns"] >= obs["players"] and not obs["run_played"],
                   pool=obs["stock_size"] + obs["completed_size"])


def context_from_game(g: Any, seat: int, weights: Weights | None = None) -> Context:
    return Context(seat, _opponents(seat, [r[-1] if r else None for r in g.reserves], g.aux,
                                    [len(r) for r in g.reserves]), weights or Weights(),
                   must_play=g.quiet >= g.players and not g.run_played,
                   pool=len(g.stock) + len(g.completed))


# ----- the value estimate --------------------------------------------------------------
def gap(top: int, needs: list[int], res: dict[int, int], jokers: int) -> int:
    """How many cards short the best run is of taking ``top`` (a value 1..13), using the
    ranks ``res`` (value -> copies) and ``jokers``; 0 also when it fits now."""
    if top <= 1:
        return 0
    best = 99
    starts = [n for n in needs if n <= top] + [1]    # 1: a new run from an ace
    for n in set(starts):
        miss = 0
        for v in range(n, top):
            if res.get(v, 0) <= 0:
                miss += 1
        # jokers fill holes
        miss = max(0, miss - jokers)
        if miss < best:
            best = miss
    return best


def evaluate(st: TurnState, ctx: Context) -> float:
    """The seat's prospects at the end of its turn (higher is better)."""
    w = ctx.weights
    v = -w.reserve * st.reserve_size
    jokers = 0
    res: dict[int, int] = {}
    for c in st.hand:
        if c == JOKER:
            jokers += 1
        else:
            res[val(c)] = res.get(val(c), 0) + 1
    v += w.hand * (len(st.hand) - jokers)
    ranks_seen: set[str] = set()
    for p, r in zip(st.aux, st.aux_rank, strict=True):
        if not p:
            v += w.space
            continue
        if r in ranks_seen:
            v -= w.dup
        ranks_seen.add(r or "")
        v -= w.aux_card * len(p)
        if p[-1] == JOKER:
            jokers += 1
        else:
            res[val(p[-1])] = res.get(val(p[-1]), 0) + len(p)
    v += w.joker * jokers
    if w.dry:   # a dry stock: cards held back starve the deal toward a draw (BUS-10, 11)
        dry = max(0.0, 1.0 - (ctx.pool + 13 * st.completed) / w.dry_at)
        held = len(st.hand) + sum(len(p) for p in st.aux)
        v -= w.dry * dry * held
    if w.lock and all(st.aux):   # no free space: unless a kept card fits a pile, the bus
        ranks = set(st.aux_rank)
        if not any(c == JOKER or c[0] in ranks for c in st.hand):
            v -= w.lock
    needs = [n for n in st.runs if n is not None]
    top = st.top()
    if top is not None and top != UNKNOWN and top != JOKER:
        g = gap(val(top), needs, res, jokers)
        if g < len(w.ready):
            v += w.ready[g]
    weight = 1.0
    for otop, oaux, osize in ctx.opponents:
        if otop is not None and otop != 0 and otop != 1:
            ores: dict[int, int] = {}
            for rv, k in oaux:
                if rv:
                    ores[rv] = ores.get(rv, 0) + k
            ojok = sum(1 for rv, _ in oaux if rv == 0)
            g = gap(otop, needs, ores, ojok)
            if g < len(w.reach):
                v -= w.threat * weight * w.reach[g] * (1 + w.urgency * _close(osize))
        weight *= w.decay
    return v


# ----- the planner ------------------------------------------------------------------------
def _plays(st: TurnState) -> list[tuple[str, str, int]]:
    """(card, source, run index or 0 for a new run), one per distinct effect."""
    sources: list[tuple[str, str]] = []
    if st.reserve_size and st.reserve and st.reserve[-1] != UNKNOWN:
        sources.append((st.reserve[-1], "reserve"))
    seen_aux: set[tuple[int, bool]] = set()
    for k, p in enumerate(st.aux):
        if p:
            sig = (val(p[-1]), len(p) > 1)
            if sig not in seen_aux:
                seen_aux.add(sig)
                sources.append((p[-1], f"aux{k + 1}"))
    seen_hand: set[int] = set()
    for c in st.hand:
        if val(c) not in seen_hand:
            seen_hand.add(val(c))
            sources.append((c, "hand"))
    by_need: dict[int, int] = {}
    for i, n in enumerate(st.runs):
        if n is not None and n not in by_need:
            by_need[n] = i + 1
    out: list[tuple[str, str, int]] = []
    for c, src in sources:
        v = val(c)
        if v == 0:
            out += [(c, src, k) for k in by_need.values()]
            out.append((c, src, 0))
        else:
            if v in by_need:
                out.append((c, src, by_need[v]))
            if v == 1:
                out.append((c, src, 0))
    return out


def apply_play(st: TurnState, card: str, src: str, run: int) -> tuple[TurnState, int]:
    """The state after the play and the run number used; the state's reserve_size is 0
    after the last reserve card (a win)."""
    ns = st.copy()
    if src == "hand":
        ns.hand.remove(card)
    elif src == "reserve":
        ns.reserve.pop()
        ns.reserve_size -= 1
    else:
        k = int(src[3]) - 1
        ns.aux[k].pop()
        if not ns.aux[k]:
            ns.aux_rank[k] = None
    if run == 0:
        if None in ns.runs:
            run = ns.runs.index(None) + 1
            ns.runs[run - 1] = 2
        else:
            ns.runs.append(2)
            run = len(ns.runs)
    else:
        need = ns.runs[run - 1]
        assert need is not None
        ns.runs[run - 1] = need + 1
    if ns.runs[run - 1] == 14:
        ns.runs[run - 1] = None
        ns.completed += 1
        while ns.runs and ns.runs[-1] is None:
            ns.runs.pop()
    if src == "hand" and not ns.hand and ns.stock is not None:
        ns.hand, ns.stock = ns.stock[:4], ns.stock[4:]
    return ns, run


def _ends(st: TurnState) -> list[tuple[Move, TurnState]]:
    out: list[tuple[Move, TurnState]] = []
    if not st.hand:
        return [(Move("end"), st)]
    empty = [k for k in range(4) if not st.aux[k]]
    done: set[int] = set()
    for c in st.hand:
        v = val(c)
        if v in done:
            continue
        done.add(v)
        targets: list[tuple[int, str]] = []
        if c == JOKER:
            piles = [k for k in range(4) if st.aux[k]]
            if piles:
                targets.append((piles[0], f"aux{piles[0] + 1}"))
            if empty:
                others = {st.aux_rank[k] for k in range(4)}
                rank = next((x[0] for x in st.hand if x != JOKER and x[0] not in others), "K")
                targets.append((empty[0], f"aux{empty[0] + 1}={rank}"))
        else:
            same = [k for k in range(4) if st.aux_rank[k] == c[0]]
            if same:
                targets.append((same[0], f"aux{same[0] + 1}"))
            elif empty:
                targets.append((empty[0], f"aux{empty[0] + 1}"))
        for k, target in targets:
            ns = st.copy()
            ns.hand.remove(c)
            if not ns.aux[k]:
                ns.aux_rank[k] = target[5:] if c == JOKER else c[0]
            ns.aux[k].append(c)
            out.append((Move("discard", (c, target)), ns))
        if not targets:
            ns = st.copy()
            ns.hand.remove(c)
            if len(ns.reserve) == ns.reserve_size:
                ns.reserve.insert(0, c)
            ns.reserve_size += 1
            out.append((Move("bus", (c,)), ns))
    return out


class Planner:
    """Depth-first search over the seat's own moves to the end of its turn."""

    def __init__(self, ctx: Context, budget: int = 3000) -> None:
        self.ctx = ctx
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[Any, ...], tuple[float, list[Move]]] = {}

    def plan(self, st: TurnState) -> tuple[float, list[Move]]:
        """The best value reachable and the moves leading there."""
        key = st.key()
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        w = self.ctx.weights
        best_v = -1e9
        best: list[Move] = []
        rest: list[Move]
        for m, ns in _ends(st):
            v = evaluate(ns, self.ctx)
            if v > best_v:
                best_v, best = v, [m]
        if self.nodes < self.budget:
            for card, src, run in _plays(st):
                ns, k = apply_play(st, card, src, run)
                m = Move("play", (card, src, f"run{k}" if run else "new"))
                if ns.reserve_size == 0:
                    v, rest = 1e6, []
                elif src == "reserve" and not ns.reserve:
                    v, rest = evaluate(ns, self.ctx) + w.reveal, []
                elif src == "hand" and not ns.hand:
                    v, rest = evaluate(ns, self.ctx) + w.draw + 4 * w.hand, []
                else:
                    v, rest = self.plan(ns)
                if v > best_v:
                    best_v, best = v, [m, *rest]
        self.memo[key] = (best_v, best)
        return best_v, best

    def root_values(self, st: TurnState, legal: list[Move]) -> dict[Move, float]:
        """The planner's value of each distinct first move (plays and turn ends)."""
        return {m: v for m, (v, _) in self.root_plans(st, legal).items()}

    def root_plans(self, st: TurnState,
                   legal: list[Move]) -> dict[Move, tuple[float, list[Move]]]:
        """Each distinct legal first move: its value and the best plan starting with it.

        While the reserve top can be played, only those plays are first moves: the card
        it uncovers is news, so the seat sees it before it commits any other card."""
        reserve = [m for m in legal if m.kind == "play" and m.args[1] == "reserve"]
        legal_set = set(reserve or legal)
        out: dict[Move, tuple[float, list[Move]]] = {}
        w = self.ctx.weights
        plays = _plays(st)
        for m, ns in _ends(st):
            if m in legal_set:
                v = evaluate(ns, self.ctx) - (1000.0 if plays and self.ctx.must_play else 0)
                out[m] = (v, [m])
        for card, src, run in plays:
            m = Move("play", (card, src, f"run{run}" if run else "new"))
            if m not in legal_set:        # not planned only to be dropped
                continue
            ns, _ = apply_play(st, card, src, run)
            rest: list[Move] = []
            if ns.reserve_size == 0:
                v = 1e6
            elif src == "reserve" and not ns.reserve:
                v = evaluate(ns, self.ctx) + w.reveal
            elif src == "hand" and not ns.hand:
                v = evaluate(ns, self.ctx) + w.draw + 4 * w.hand
            else:
                v, rest = self.plan(ns)
            out[m] = (v, [m, *rest])
        return out


def best_move(obs: dict[str, Any], legal: list[Move], weights: Weights | None = None,
              budget: int = 3000) -> Move:
    """The first move of the best plan for the observing seat's turn."""
    st = from_obs(obs)
    planner = Planner(context_from_obs(obs, weights), budget)
    vals = planner.root_values(st, legal)
    if not vals:
        return legal[0]
    return max(vals, key=lambda m: vals[m])


class PlannerBot(DecideOnce):
    """The planner alone as a level (``kind = "autobus_planner"``, hidden): each decision
    plays the first move of the best plan; ``nodes`` caps the search and any
    :class:`Weights` field may be set in the level's table.  It measures the value
    estimate by itself (``cardclub sim autobus --seats planner,naive``)."""

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.nodes = int(params.get("nodes", 1000))
        names = set(Weights.__dataclass_fields__) - {"ready", "reach"}
        self.weights = Weights()
        for k in names & set(params):
            setattr(self.weights, k, float(params[k]))

    def decide(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        return best_move(obs, legal, self.weights, self.nodes)
