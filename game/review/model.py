"""What a review of a deal is: one verdict per decision of the reviewed seat.

A review (``game.review.analysis``) looks at each decision the reviewed seat made, from
that seat's observation at the time only, and asks the hard level's search what it
would have played; it estimates the value of the position after the move played and
after the search's move (the chance of winning, or the expected points in Pao De
Kuai), and marks a decision a *mistake* when the gap passes the game's threshold
(``levels/review.toml``).  In Durak, once the talon is empty every card is known and the
exact solver gives the true value: such a verdict is ``certain``.

These records are plain data: JSON-safe both ways (the history caches them), no arcade
or pyglet import, and the review screen, the replay and ``cardclub review`` all read
them.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

#: the value is a chance of winning (0..1; a draw counts half) ...
CHANCE = "chance"
#: ... or expected points (Pao De Kuai: signed points of the deal)
POINTS = "points"

#: bumped whenever the analysis changes what it would say (a cached review of another
#: version is thrown away and made again)
FORMAT = 1


@dataclass(frozen=True)
class Verdict:
    """One decision of the reviewed seat.

    ``index``: the journal index of the move (the position is the deal after the
    journal's first ``index`` moves); ``played`` / ``best``: the move made and the
    search's move, in notation; ``value_played`` / ``value_best``: the estimated value
    after each (equal when they are the same move); ``forced``: only one move was legal
    (no search, never a mistake); ``certain``: the values are exact (Durak's solver);
    ``mistake``: the gap passed the game's threshold."""

    index: int
    played: str
    best: str
    value_played: float
    value_best: float
    forced: bool = False
    certain: bool = False
    mistake: bool = False
    legal: int = 1                 # how many moves were legal

    @property
    def loss(self) -> float:
        """How much the move played gave away against the search's (never below 0)."""
        return max(0.0, self.value_best - self.value_played)

    @property
    def agreed(self) -> bool:
        return self.played == self.best

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Any) -> Verdict:
        if not isinstance(d, dict):
            raise ValueError("a verdict is not a table")
        try:
            return cls(index=int(d["index"]), played=str(d["played"]), best=str(d["best"]),
                       value_played=float(d["value_played"]),
                       value_best=float(d["value_best"]), forced=bool(d.get("forced")),
                       certain=bool(d.get("certain")), mistake=bool(d.get("mistake")),
                       legal=int(d.get("legal", 1)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a damaged verdict: {exc}") from exc


def move_accuracy(loss: float, unit: str, scale: float = 1.0) -> float:
    """A decision's accuracy, 0..100, from what it gave away: Lichess's curve on the drop
    in winning chances (percentage points), ``103.17 e^(-0.0435 d) - 3.17``; expected
    points are first turned into points of chance by ``scale`` (points worth 1.0 of
    chance)."""
    drop = loss * 100.0 if unit == CHANCE else loss / max(scale, 1e-9) * 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


@dataclass
class Review:
    """Every verdict of one seat in one deal, in the order played."""

    key: str                      # the game
    seat: int                     # the reviewed seat
    level: str = "hard"           # the level whose search judged
    unit: str = CHANCE
    verdicts: list[Verdict] = field(default_factory=list)
    complete: bool = False        # every decision has its verdict
    #: points worth 1.0 of chance (for the accuracy of a Pao De Kuai deal)
    scale: float = 1.0
    format: int = FORMAT

    # ----- summary --------------------------------------------------------------------
    @property
    def decisions(self) -> list[Verdict]:
        """The real decisions (more than one legal move)."""
        return [v for v in self.verdicts if not v.forced]

    @property
    def mistakes(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.mistake]

    @property
    def accuracy(self) -> float | None:
        """The mean accuracy of the real decisions, 0..100 (None before the first)."""
        ds = self.decisions
        if not ds:
            return None
        return sum(move_accuracy(v.loss, self.unit, self.scale) for v in ds) / len(ds)

    def at(self, index: int) -> Verdict | None:
        """The verdict of the decision at journal index ``index``, if reviewed."""
        for v in self.verdicts:
            if v.index == index:
                return v
        return None

    # ----- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "key": self.key, "seat": self.seat,
                "level": self.level, "unit": self.unit, "scale": self.scale,
                "complete": self.complete,
                "verdicts": [v.to_dict() for v in self.verdicts]}

    @classmethod
    def from_dict(cls, d: Any) -> Review:
        """A review from JSON; ValueError when it is damaged or of another format."""
        if not isinstance(d, dict):
            raise ValueError("a review is not a table")
        if d.get("format") != FORMAT:
            raise ValueError(f"a review of format {d.get('format')!r}, not {FORMAT}")
        try:
            unit = str(d["unit"])
            if unit not in (CHANCE, POINTS):
                raise ValueError(f"unknown unit {unit!r}")
            return cls(key=str(d["key"]), seat=int(d["seat"]), level=str(d["level"]),
                       unit=unit, scale=float(d.get("scale", 1.0)),
                       complete=bool(d.get("complete")),
                       verdicts=[Verdict.from_dict(v) for v in d["verdicts"]])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"a damaged review: {exc}") from exc


Progress = Callable[[int, int], None]     # (decisions reviewed, decisions in all)


class Job(Protocol):
    """A review running in the background (``game.review.worker``): the review screen
    polls it once a frame; it never blocks the caller."""

    def poll(self) -> None:
        """Take in what the worker has sent since the last call (never waits)."""

    @property
    def review(self) -> Review:
        """What is known so far (verdicts fill in as they come; ``complete`` at the end)."""

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions reviewed, decisions in all)."""

    @property
    def done(self) -> bool:
        """Finished, cancelled or failed."""

    @property
    def error(self) -> str | None:
        """Why it failed, in plain words (None while well)."""

    def cancel(self) -> None:
        """Stop the worker (what was reviewed stays in ``review``)."""
