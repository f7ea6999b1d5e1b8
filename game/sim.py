"""Bot-against-bot deals: the ``cardclub sim`` command and the tournament behind it."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from game.ai import make_bot
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
        result = g.result()
        assert result is not None
        for s, outcome in enumerate(cls.outcomes(result)):
            {"win": wins, "loss": losses, "draw": draws}[outcome][s] += 1
            score[s] += result[s]
    return SimReport(game, n, deals, names, wins, losses, draws, score, total_moves,
                     time.perf_counter() - start)
