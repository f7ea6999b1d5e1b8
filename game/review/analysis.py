"""Review a deal: the hard level's verdict on each decision of one seat.

Each decision is judged from the reviewed seat's observation at that moment and nothing
else (the search and the value estimate both get only the observation and the legal
moves), so a verdict cannot leak a card the player could not see.

- The search's move: the level's bot (``game.ai.make_bot``) with a fixed number of
  iterations and a seed made from the deal's seed and the move's index, so a verdict is
  a function of the observation, the deal and the index alone (deterministic, cacheable).
- The values: common random numbers.  ``samples`` deals of the hidden cards are drawn
  from the observation (``game.ai.infer.sample``); on each, the move played and the
  search's move are applied and the deal is played to its end by the normal level's
  rules of thumb for every seat (a random move with chance ``epsilon``), the same random
  draws for both moves.  The value is the mean result for the seat (see :func:`value_of`);
  the paired difference gives a standard error, and a decision is a *mistake* only when
  the estimated loss passes the game's threshold *and* ``z`` standard errors.
- Where a game can tell every card (its spec's ``review_exact``: Durak once the talon is
  empty), an exact solver gives each move's true value: the verdict is ``certain``.

What differs between games is the game's own: its spec's review fields (the unit, the
built-in settings, the value of a play-out, which notations are one move, the exact
verdict) and its package's code they name.  The settings (threshold, samples,
iterations) are tuned in ``levels/review.toml``; how they were calibrated is in
docs/review.md.
"""
from __future__ import annotations

import hashlib
import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from game import resources
from game.ai import make_bot
from game.ai.infer import sample
from game.ai.search import play_on, reward, rollout_policy
from game.games import SPECS, load, spec
from game.review.model import CHANCE, Progress, Review, Verdict
from game.rules import GAMES, Game, Move, Rng
from game.session.journal import Journal, ReplayError, journal_from_dict

Cancelled = Callable[[], bool]
OnVerdict = Callable[[Verdict], None]


@dataclass(frozen=True)
class Settings:
    """How one game's decisions are judged (its spec's ``review_settings``, tuned in
    ``levels/review.toml``)."""

    threshold: float = 0.1       # the loss that makes a mistake (chance, or points)
    z: float = 2.0               # ... and it must pass this many standard errors
    samples: int = 64            # sampled deals per value estimate
    iterations: int = 1000       # the search's iterations per decision
    epsilon: float = 0.05        # chance of a random move in the play-outs
    rollout_moves: int = 1500    # play-outs longer than this are scored as cut off
    scale: float = 1.0           # a game valued in points: the points worth 1.0 of chance
    solve_nodes: int = 200_000   # exact verdicts: solver nodes per decision (past it: estimate)


def settings(key: str, overrides: dict[str, Any] | None = None) -> Settings:
    """The review settings of ``key``: levels/review.toml over the built-in ones of the
    game's spec (a missing or damaged file keeps those), then ``overrides`` (tests)."""
    base = Settings()
    names = {f.name: f.type for f in fields(Settings)}
    known = SPECS.get(key)
    table: dict[str, Any] = dict(known.review_settings) if known is not None else {}
    try:
        with resources.path("levels", "review.toml").open("rb") as fh:
            data = tomllib.load(fh)
        got = data.get(key, {})
        if isinstance(got, dict):
            table.update(got)
    except (OSError, ValueError):
        pass
    table.update(overrides or {})
    clean: dict[str, Any] = {}
    for name, v in table.items():
        if name not in names or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        default = getattr(base, name)
        clean[name] = int(v) if isinstance(default, int) else float(v)
    return replace(base, **clean)


def unit_of(key: str) -> str:
    """What the values of a review of ``key`` are: a chance, or expected points (its
    spec's ``review_unit``)."""
    known = SPECS.get(key)
    return known.review_unit if known is not None else CHANCE


def seed_for(deal_seed: int, index: int) -> int:
    """The seed of the decision at ``index`` of a deal: stable across runs and Python
    versions (no ``hash()``)."""
    digest = hashlib.blake2b(f"{deal_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def value_of(g: Any, seat: int) -> float:
    """What the end of a play-out is worth to ``seat``: the game's own value (its spec's
    ``review_value``), else the engine's result once over (a chance: 1 for a win, 0.5
    for a draw) and the search's own estimate for a play-out cut off before the end."""
    ref = spec(g.key).review_value
    if ref is not None:
        return float(load(ref)(g, seat))
    if not g.is_over:
        return float(reward(g)[seat])
    return float(g.result()[seat])


def same_move(key: str, a: str, b: str) -> bool:
    """Whether two notations are one move (the same text, or what the game's spec's
    ``same_move`` says: e.g. the same ranks in other suits)."""
    if a == b:
        return True
    ref = spec(key).same_move
    return ref is not None and bool(load(ref)(a, b))


@dataclass
class Estimate:
    """Mean value after each move on the same sampled deals, and the standard error of
    each move's difference from the first."""

    means: list[float]
    errors: list[float]


def estimate(obs: dict[str, Any], moves: list[str], seed: int, s: Settings,
             cancelled: Cancelled | None = None) -> Estimate | None:
    """Each move's value from ``obs`` only, by play-outs on common sampled deals (None
    when cancelled meanwhile)."""
    key, seat = str(obs["game"]), int(obs["seat"])
    policy = rollout_policy(key, "normal")
    n = max(1, s.samples)
    totals = [0.0] * len(moves)
    diff = [0.0] * len(moves)
    diff_sq = [0.0] * len(moves)
    for k in range(n):
        if cancelled is not None and k % 8 == 0 and cancelled():
            return None
        base = sample(obs, Rng(seed_for(seed, 2 * k)))
        vals = []
        for m in moves:
            g = base.clone()
            g.play(m)
            vals.append(_play_out(g, seat, policy, Rng(seed_for(seed, 2 * k + 1)), s))
        for i, v in enumerate(vals):
            totals[i] += v
            d = v - vals[0]
            diff[i] += d
            diff_sq[i] += d * d
    means = [t / n for t in totals]
    errors = []
    for i in range(len(moves)):
        mean_d = diff[i] / n
        var = max(0.0, diff_sq[i] / n - mean_d * mean_d) * n / max(1, n - 1)
        errors.append(math.sqrt(var / n))
    return Estimate(means, errors)


def _play_out(g: Game, seat: int, policy: Callable[[Any, list[Move]], Move], rng: Rng,
              s: Settings) -> float:
    play_on(g, policy, rng, s.epsilon, s.rollout_moves)
    return value_of(g, seat)


def judge(obs: dict[str, Any], legal: list[Move], played: str, index: int, deal_seed: int,
          level: str, s: Settings, cancelled: Cancelled | None = None) -> Verdict | None:
    """The verdict on one decision, from the seat's observation and legal moves only
    (None when cancelled meanwhile)."""
    key = str(obs["game"])
    if len(legal) == 1:
        return Verdict(index, played, played, 0.0, 0.0, forced=True, legal=1)
    exact_ref = spec(key).review_exact
    if exact_ref is not None and s.solve_nodes > 0:
        exact: tuple[str, float, float] | None = load(exact_ref)(obs, legal, played,
                                                                 s.solve_nodes)
        if exact is not None:
            best, vp, vb = exact
            return Verdict(index, played, best, vp, vb, certain=True,
                           mistake=vb - vp >= s.threshold - 1e-9, legal=len(legal))
    seed = seed_for(deal_seed, index)
    bot = make_bot(key, level, seed=seed, overrides={"iterations": s.iterations})
    best = str(bot.choose(obs, legal))
    if same_move(key, played, best):
        est = estimate(obs, [played], seed, s, cancelled)
        if est is None:
            return None
        return Verdict(index, played, played, est.means[0], est.means[0],
                       legal=len(legal))
    est = estimate(obs, [played, best], seed, s, cancelled)
    if est is None:
        return None
    vp, vb = est.means
    loss = vb - vp
    mistake = loss >= s.threshold and loss > s.z * est.errors[1]
    return Verdict(index, played, best, vp, vb, mistake=mistake, legal=len(legal))


def _journal(journal: Journal | dict[str, Any]) -> Journal:
    return journal if isinstance(journal, Journal) else journal_from_dict(journal)


def decisions_of(journal: Journal | dict[str, Any], seat: int | None = None) -> int:
    """How many moves ``seat`` (default: the journal's human) made in the deal."""
    j = _journal(journal)
    who = j.human if seat is None else seat
    count = 0
    try:
        for _ in j.decisions(who):
            count += 1
    except ValueError:    # a damaged journal: review_deal says which move
        pass
    return count


def review_deal(journal: Journal | dict[str, Any], seat: int | None = None,
                level: str = "hard", *, progress: Progress | None = None,
                cancelled: Cancelled | None = None, verdicts: list[Verdict] | None = None,
                on_verdict: OnVerdict | None = None,
                overrides: dict[str, Any] | None = None) -> Review:
    """Review every move ``seat`` made in the deal (default: the journal's human).

    ``verdicts``: ones already made (a cached, unfinished review) are kept, not redone;
    ``progress(done, total)`` after each verdict, ``on_verdict`` with each one (kept
    ones too, so a listener can rebuild the list from the calls alone);
    ``cancelled()`` is asked between decisions and within long ones: when it says yes,
    the review so far comes back with ``complete`` False.  ``overrides`` replace the
    game's settings (tests use small counts).  Raises ValueError for a damaged journal
    (an illegal move names the move)."""
    j = _journal(journal)
    key = j.game
    who = j.human if seat is None else seat
    s = settings(key, overrides)
    g = j.start_state()
    if not 0 <= who < g.num_players:
        raise ValueError(f"seat {who} is not at this table (seats 0 to {g.num_players - 1})")
    review = Review(key=key, seat=who, level=level, unit=unit_of(key), scale=s.scale)
    known = {v.index: v for v in verdicts or []}
    total = decisions_of(j, who)
    done = 0
    if progress is not None:
        progress(0, total)
    try:
        for index, g in j.walk():     # the deal before each move, and after the last
            if index == len(j.moves):
                break
            m = j.moves[index]
            if g.is_over:
                raise ValueError(f"move {index + 1} ({m}) comes after the deal is over")
            if g.current_player == who:
                if cancelled is not None and cancelled():
                    return review
                v = known.get(index)
                if v is None or v.played != m:
                    legal = g.legal_moves()
                    try:
                        problem: Exception | None = g.check(m)
                    except ValueError as exc:
                        problem = exc
                    if problem is not None:
                        raise ValueError(f"move {index + 1} ({m}) is not legal: {problem}")
                    v = judge(g.observation(who), legal, m, index, j.seed, level, s,
                              cancelled)
                    if v is None:
                        return review
                if on_verdict is not None:
                    on_verdict(v)
                review.verdicts.append(v)
                done += 1
                if progress is not None:
                    progress(done, total)
    except ReplayError as exc:     # the move played next does not replay
        raise ValueError(f"move {exc.index + 1} ({exc.move}) is not legal: {exc.cause}"
                         ) from exc.cause
    review.complete = True
    return review


def play_deal(key: str, seed: int, seat_levels: list[str], players: int | None = None,
              human: int = 0) -> Journal:
    """A deal of ``key`` played out by bots, one level per seat (the list is repeated to
    fill the table): its journal, with ``human`` as the seat a review looks at by
    default (the CLI, the benchmark and the tests review such deals)."""
    opts: dict[str, Any] = {} if players is None else {"players": players}
    g = GAMES[key].new(seed=seed, **opts)
    n = g.num_players
    lv = [seat_levels[s % len(seat_levels)] for s in range(n)]
    bots = [make_bot(key, lv[s], seed=seed * 8 + s) for s in range(n)]
    j = Journal.start(g, level=lv[human], human=human, levels=lv)
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        m = bots[seat].choose(g.observation(seat), g.legal_moves())
        g.play(m)
        j.moves.append(str(m))
    return j
