"""Bot-against-bot deals: the ``cardclub sim`` command and the tournament behind it."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from game.ai import make_bot
from game.games import spec
from game.rules import GAMES


@dataclass
class SimReport:
    game: str
    players: int
    deals: int
    levels: list[str]
    wins: list[int]
    losses: list[int]
    draws: list[int]
    score_sum: list[float]
    moves: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        n = max(self.deals, 1)
        seats = []
        for s in range(self.players):
            share = self.wins[s] / n
            half = 1.96 * math.sqrt(share * (1 - share) / n)
            seats.append({
                "seat": s, "level": self.levels[s], "wins": self.wins[s],
                "losses": self.losses[s], "draws": self.draws[s],
                "win_share": round(share, 4), "win_share_ci95": round(half, 4),
                "mean_score": round(self.score_sum[s] / n, 4),
            })
        return {
            "game": self.game, "players": self.players, "deals": self.deals,
            "seats": seats, "moves": self.moves, "loss_label": GAMES[self.game].loss_label,
            "seconds": round(self.seconds, 3),
            "deals_per_second": round(self.deals / self.seconds, 1) if self.seconds else None,
            "moves_per_second": round(self.moves / self.seconds, 1) if self.seconds else None,
        }

    def text(self) -> str:
        d = self.to_dict()
        lines = [f"{self.game}: {self.deals} deals, {self.players} players"]
        loss = GAMES[self.game].loss_label
        lines.append(f"{'seat':>4} {'level':>8} {'wins':>6} {loss:>6} {'draws':>6} "
                     f"{'win share':>16} {'mean score':>10}")
        for s in d["seats"]:
            lines.append(f"{s['seat']:>4} {s['level']:>8} {s['wins']:>6} {s['losses']:>6} "
                         f"{s['draws']:>6} {s['win_share']:>8.3f} ±{s['win_share_ci95']:.3f} "
                         f"{s['mean_score']:>10.2f}")
        lines.append(f"{d['deals_per_second']} deals/s, {d['moves_per_second']} moves/s "
                     f"({d['moves']} moves in {d['seconds']} s)")
        return "\n".join(lines)


def simulate(game: str, deals: int, seed: int = 0, players: int | None = None,
             levels: list[str] | None = None) -> SimReport:
    cls = GAMES[game]
    n = players or cls.players_allowed[0]
    names = list(levels or ["random"])
    names = (names * n)[:n]
    options: dict[str, Any] = {} if players is None else {"players": n}
    wins, losses, draws = [0] * n, [0] * n, [0] * n
    score = [0.0] * n
    total_moves = 0
    start = time.perf_counter()
    for d in range(deals):
        g = cls.new(seed=seed + d, **options)
        bots = [make_bot(game, names[s], seed=(seed + d) * 16 + s) for s in range(n)]
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            move = bots[seat].choose(g.observation(seat), g.legal_moves())
            g.play(move)
            total_moves += 1
        result, outcomes = g.result(), g.deal_outcomes()
        assert result is not None and outcomes is not None
        for s, outcome in enumerate(outcomes):
            {"win": wins, "loss": losses, "draw": draws}[outcome][s] += 1
            score[s] += result[s]
    return SimReport(game, n, deals, names, wins, losses, draws, score, total_moves,
                     time.perf_counter() - start)


# ----- the tournament: every deal in every seat rotation ---------------------------------
Z95 = 1.959964


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate ``k / n``."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(math.ceil(q * len(s))) - 1)]


@dataclass
class LevelStats:
    """One player of the tournament (an entry of ``--seats``) or one level (summed)."""

    level: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    times: list[float] | None = None

    def add(self, outcome: str, points: float) -> None:
        self.games += 1
        self.points += points
        if outcome == "win":
            self.wins += 1
        elif outcome == "draw":
            self.draws += 1
        else:
            self.losses += 1

    def absorb(self, other: LevelStats) -> None:
        """Add another entry's counts and decision times to these."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.points += other.points
        if self.times is None:
            self.times = []
        self.times += other.times or []

    def to_dict(self, fair: float, players: int = 2) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        score = self.wins + self.draws / players     # a draw shares the deal
        slo, shi = wilson(score, self.games)
        llo, lhi = wilson(self.losses, self.games)
        t = sorted(self.times or [])
        ms = [x * 1000 for x in t]
        return {
            "level": self.level, "games": self.games, "wins": self.wins,
            "draws": self.draws, "losses": self.losses,
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "win_ci95": [round(lo, 4), round(hi, 4)],
            "loss_rate": round(self.losses / self.games, 4) if self.games else None,
            "loss_ci95": [round(llo, 4), round(lhi, 4)],
            "score_rate": round(score / self.games, 4) if self.games else None,
            "score_ci95": [round(slo, 4), round(shi, 4)],
            "fair_share": round(fair, 4),
            "mean_points": round(self.points / self.games, 3) if self.games else None,
            "decisions": len(ms),
            "ms_mean": round(sum(ms) / len(ms), 2) if ms else 0.0,
            "ms_p95": round(_percentile(ms, 0.95), 2),
            "ms_max": round(ms[-1], 2) if ms else 0.0,
        }


@dataclass
class TournamentReport:
    game: str
    players: int
    deals: int
    seed: int
    entries: list[LevelStats]
    moves: int
    seconds: float

    @property
    def fair(self) -> float:
        """A seat's fair share of wins (of not being the loser, where a deal has one)."""
        return spec(self.game).fair_share(self.players)

    def by_level(self) -> list[LevelStats]:
        out: dict[str, LevelStats] = {}
        for e in self.entries:
            out.setdefault(e.level, LevelStats(e.level, times=[])).absorb(e)
        return list(out.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "deals": self.deals,
            "rotations": self.players, "games": self.deals * self.players,
            "seed": self.seed, "loss_label": GAMES[self.game].loss_label,
            "seats": [dict(e.to_dict(self.fair, self.players), seat=i)
                      for i, e in enumerate(self.entries)],
            "levels": [s.to_dict(self.fair, self.players) for s in self.by_level()],
            "moves": self.moves, "seconds": round(self.seconds, 3),
            "deals_per_second": (round(self.deals * self.players / self.seconds, 2)
                                 if self.seconds else None),
            "moves_per_second": round(self.moves / self.seconds, 1) if self.seconds else None,
        }

    def text(self) -> str:
        d = self.to_dict()
        loss = d["loss_label"]
        lines = [f"{self.game}: {self.deals} deals x {self.players} seat rotations = "
                 f"{d['games']} games, {self.players} players, seed {self.seed}"]
        lines.append(f"{'level':>8} {'games':>6} {'wins':>6} {'draws':>6} {loss:>6} "
                     f"{'win rate [95% CI]':>24} {'points':>7} "
                     f"{'ms mean':>8} {'p95':>7} {'max':>7}")
        for s in d["levels"]:
            ci = f"{s['win_rate']:.3f} [{s['win_ci95'][0]:.3f}, {s['win_ci95'][1]:.3f}]"
            lines.append(f"{s['level']:>8} {s['games']:>6} {s['wins']:>6} {s['draws']:>6} "
                         f"{s['losses']:>6} {ci:>24} {s['mean_points']:>7.2f} "
                         f"{s['ms_mean']:>8.2f} {s['ms_p95']:>7.2f} {s['ms_max']:>7.2f}")
        loser = spec(self.game).loser
        if loser:
            for s in d["levels"]:
                lines.append(f"{s['level']:>8}: {loser} in {s['loss_rate']:.3f} "
                             f"[{s['loss_ci95'][0]:.3f}, {s['loss_ci95'][1]:.3f}] "
                             f"(fair {1 - self.fair:.3f})")
        lines.append(f"fair share of wins {self.fair:.3f}; decision times are CPU ms; "
                     f"{d['deals_per_second']} deals/s, {d['moves_per_second']} moves/s "
                     f"({d['moves']} moves in {d['seconds']} s)")
        return "\n".join(lines)


def tournament(game: str, deals: int, seats: list[str], players: int | None = None,
               seed: int = 0, progress: bool = False,
               overrides: dict[str, dict[str, Any]] | None = None) -> TournamentReport:
    """Every deal ``seed .. seed + deals - 1`` played ``players`` times, the entries of
    ``seats`` (repeated to fill the table) rotated one seat further each time, so every
    entry meets every deal from every seat.  ``overrides`` maps a level to parameters
    that replace its own (tests fix a search's iterations with it)."""
    overrides = overrides or {}
    cls = GAMES[game]
    n = players or cls.players_allowed[0]
    names = (list(seats) * n)[:n]
    options: dict[str, Any] = {} if players is None else {"players": n}
    for name in set(names):
        make_bot(game, name, 0)           # unknown levels fail before any deal
    entries = [LevelStats(name, times=[]) for name in names]
    moves = 0
    clock = time.thread_time
    begin = time.perf_counter()
    for d in range(deals):
        for r in range(n):
            g = cls.new(seed=seed + d, **options)
            who = [(s + r) % n for s in range(n)]          # seat -> entry
            bots = [make_bot(game, names[who[s]], seed=((seed + d) * 8 + r) * 8 + s,
                             overrides=overrides.get(names[who[s]]))
                    for s in range(n)]
            while not g.is_over:
                seat = g.current_player
                assert seat is not None
                legal = g.legal_moves()
                t0 = clock()
                move = bots[seat].choose(g.observation(seat), legal)
                dt = clock() - t0
                times = entries[who[seat]].times
                assert times is not None
                times.append(dt)
                g.play(move)
                moves += 1
            result, outcomes = g.result(), g.deal_outcomes()
            assert result is not None and outcomes is not None
            for s in range(n):
                entries[who[s]].add(outcomes[s], result[s])
        if progress:
            import sys

            print(f"deal {d + 1}/{deals}", file=sys.stderr, flush=True)
    return TournamentReport(game, n, deals, seed, entries, moves,
                            time.perf_counter() - begin)


def _chunk(args: tuple[str, int, list[str], int | None, int]) -> TournamentReport:
    game, deals, seats, players, seed = args
    return tournament(game, deals, seats, players, seed)


def tournament_jobs(game: str, deals: int, seats: list[str], players: int | None = None,
                    seed: int = 0, jobs: int = 1) -> TournamentReport:
    """:func:`tournament` with the deals split into ``jobs`` runs of consecutive seeds,
    each in its own process; the counts are summed, so the report is the one a single
    run would give (bots are seeded by deal and seat, not by process)."""
    jobs = max(1, min(jobs, deals))
    if jobs == 1:
        return tournament(game, deals, seats, players, seed)
    import multiprocessing

    sizes = [deals // jobs + (1 if i < deals % jobs else 0) for i in range(jobs)]
    starts = [seed + sum(sizes[:i]) for i in range(jobs)]
    begin = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        parts = pool.map(_chunk, [(game, k, list(seats), players, s)
                                  for k, s in zip(sizes, starts, strict=True)])
    entries = []
    for i, first in enumerate(parts[0].entries):
        agg = LevelStats(first.level, times=[])
        for part in parts:
            agg.absorb(part.entries[i])
        entries.append(agg)
    return TournamentReport(game, parts[0].players, deals, seed, entries,
                            sum(p.moves for p in parts), time.perf_counter() - begin)

