"""The values the history keeps and gives back: a finished deal's :class:`Record` (a row
and the outbox file that carries it), its XP, and the rows, statistics, profile and
overview that reads return.

Part of :mod:`game.store.history` (which re-exports these names); pure values, no file.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from game.store.history_schema import MAX_DEAL_XP, MAX_MOVES, MAX_SCORE

OUTCOMES = ("win", "draw", "loss")
BASE_XP = {"win": 20, "draw": 10, "loss": 5}
DIFFICULTY = {"random": 0.5, "easy": 1.0, "normal": 1.5, "hard": 2.0}
LEVEL_ORDER = ("random", "easy", "normal", "hard")
DEAL_ID = re.compile(r"[0-9a-f]{32}")
#: the longest replay a row keeps (a journal of the longest deal is far shorter)
MAX_REPLAY = 2_000_000


@dataclass(frozen=True)
class DealRow:
    played_at: str       # ISO 8601, UTC ("2026-12-01T14:03:11Z")
    level: str
    outcome: str         # "win" / "draw" / "loss"
    score: float
    surrendered: bool
    moves: int
    players: int
    xp: int
    assisted: bool = False   # played with hints or undo
    deal_id: str = ""
    has_replay: bool = False  # the row keeps what replays the deal (older rows do not)
    #: the deal's number as the player types it to deal it again (None: it has none)
    number: int | None = None


@dataclass(frozen=True)
class LevelStats:
    level: str
    deals: int
    wins: int
    draws: int
    losses: int
    best_streak: int     # most wins in a row at this level (draws and losses break it)
    average_score: float
    assisted: int = 0    # deals played with help, counted apart (not in the figures above)

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0


@dataclass(frozen=True)
class Profile:
    xp: int
    level: int
    level_xp: int        # XP where this level started
    next_level_xp: int   # XP where the next one starts

    @property
    def progress(self) -> float:
        """0..1 of the way to the next level."""
        span = self.next_level_xp - self.level_xp
        return (self.xp - self.level_xp) / span if span else 0.0


def xp_for(outcome: str, level: str | None, surrendered: bool = False,
           opponent_levels: Sequence[str] | None = None, assisted: bool = False) -> int:
    """XP for one finished deal (see the module doc); a deal played with hints or undo
    earns half."""
    if surrendered or outcome not in BASE_XP:
        return 0
    names = list(opponent_levels) if opponent_levels else [level or "normal"]
    factor = sum(DIFFICULTY.get(n, 1.0) for n in names) / len(names)
    xp = round(BASE_XP[outcome] * factor)
    return xp // 2 if assisted else xp


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _short(value: Any, what: str) -> str:
    if type(value) is not str or not value or len(value) > 40:
        raise ValueError(f"{what} is not a short text")
    value.encode("utf-8")
    return value


@dataclass(frozen=True)
class Record:
    """One finished deal as the history stores it: a row, and the outbox file that
    carries it to the database (:meth:`to_dict` / :meth:`from_dict`)."""

    deal_id: str
    game: str
    played_at: str
    level: str
    players: int
    moves: int
    outcome: str
    score: float
    surrendered: bool
    xp: int
    result: tuple[float, ...] | None = field(default=None)
    assisted: bool = False
    replay: str | None = None     # the deal's journal (JSON), to replay it exactly

    def row(self) -> tuple[Any, ...]:
        """The values of an ``INSERT INTO deals`` (deal_id first; result, replay last)."""
        return (self.deal_id, self.game, self.played_at, self.level, self.players,
                self.moves, self.outcome, self.score, int(self.surrendered), self.xp,
                int(self.assisted), json.dumps(list(self.result)) if self.result else None,
                self.replay)

    def to_dict(self) -> dict[str, Any]:
        return {"version": 1, "deal_id": self.deal_id, "game": self.game,
                "played_at": self.played_at, "level": self.level, "players": self.players,
                "moves": self.moves, "outcome": self.outcome, "score": self.score,
                "surrendered": self.surrendered, "xp": self.xp, "assisted": self.assisted,
                "result": list(self.result) if self.result is not None else None,
                "replay": self.replay}

    @classmethod
    def from_dict(cls, d: Any) -> Record:
        """A record from loaded JSON, every value within :data:`BOUNDS`; raises
        ValueError when it is damaged."""
        if not isinstance(d, dict) or d.get("version") != 1:
            raise ValueError("it is not a finished deal of this version")
        deal_id = d.get("deal_id")
        if type(deal_id) is not str or not DEAL_ID.fullmatch(deal_id):
            raise ValueError("its deal id is damaged")

        def whole(key: str, lo: int, hi: int) -> int:
            v = d.get(key)
            if type(v) is not int or not lo <= v <= hi:
                raise ValueError(f"its {key} is not a whole number from {lo} to {hi}")
            return v

        score = d.get("score")
        if isinstance(score, bool) or not isinstance(score, (int, float)) \
                or not abs(score) <= MAX_SCORE:
            raise ValueError("its score is out of range")
        result = d.get("result")
        if result is not None:
            if not isinstance(result, list) or len(result) > 8 or not all(
                    type(x) in (int, float) and abs(x) <= MAX_SCORE for x in result):
                raise ValueError("its result is damaged")
            result = tuple(float(x) for x in result)
        outcome = d.get("outcome")
        if outcome not in OUTCOMES:
            raise ValueError("its outcome is damaged")
        if type(d.get("surrendered")) is not bool:
            raise ValueError("its surrender flag is damaged")
        if type(d.get("assisted", False)) is not bool:
            raise ValueError("its help flag is damaged")
        replay = d.get("replay")
        if replay is not None and (type(replay) is not str or len(replay) > MAX_REPLAY):
            raise ValueError("its replay is damaged")
        return cls(deal_id, _short(d.get("game"), "its game"),
                   _short(d.get("played_at"), "its date"), _short(d.get("level"), "its level"),
                   whole("players", 1, 8), whole("moves", 0, MAX_MOVES), str(outcome),
                   float(score) + 0.0, bool(d["surrendered"]), whole("xp", 0, MAX_DEAL_XP),
                   result, bool(d.get("assisted", False)), replay)


def make_record(game: str, level: str, players: int, moves_count: int, outcome: str,
                score: float, deal_id: str, surrendered: bool = False,
                result: Sequence[float] | None = None,
                opponent_levels: Sequence[str] | None = None,
                played_at: str | None = None, assisted: bool = False,
                replay: str | None = None) -> Record:
    """The record of a finished (or surrendered) deal, its XP and date fixed now (a row
    inserted later, after a lock, keeps the time the deal ended).  ``outcome`` is the
    human's "win", "draw" or "loss"; a surrender is a loss without XP."""
    if surrendered or outcome not in OUTCOMES:
        outcome = "loss"
    xp = xp_for(outcome, level, surrendered, opponent_levels, assisted)
    value = float(score)
    value = min(MAX_SCORE, max(-MAX_SCORE, value)) + 0.0 if math.isfinite(value) else 0.0
    points = None
    if result:
        points = tuple(min(MAX_SCORE, max(-MAX_SCORE, float(x))) if math.isfinite(float(x))
                       else 0.0 for x in list(result)[:8])
    return Record(str(deal_id), str(game)[:40] or "?", played_at or _now(),
                  str(level)[:40] or "?", min(8, max(1, int(players))),
                  min(MAX_MOVES, max(0, int(moves_count))), outcome, value,
                  bool(surrendered), min(MAX_DEAL_XP, xp), points, bool(assisted),
                  replay if replay is not None and len(replay) <= MAX_REPLAY else None)


@dataclass(frozen=True)
class Overview:
    """What the History screen shows of one game, read in one go."""

    profile: Profile
    stats: list[LevelStats]
    total: int
    rows: list[DealRow]
    busy: bool = False
    latest: list[DealRow] = field(default_factory=list)   # the chart's, the latest first
    offset: int = 0                                        # of ``rows`` in the whole list
