"""What a review of a deal is: one verdict per decision of the reviewed seat.

A review (``game.review.analysis``) looks at each decision the reviewed seat made, from
that seat's observation at the time only: the judge's candidates with their values (the
chance of winning, or the expected points in Pao De Kuai, as if the seat played on as
the hard level would), the best of them, and the move played graded against it (best,
good, inaccuracy, mistake, blunder: :data:`GRADES`).  In Durak, once the talon is empty
every card is known and the exact solver gives the true values: such a verdict is
``certain``.

These records are plain data: JSON-safe both ways (the history caches them), no arcade
or pyglet import, and the review screen, the replay and ``cardclub review`` all read
them.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from game.rules import GAMES

#: the value is a chance of winning (0..1; a draw counts half) ...
CHANCE = "chance"
#: ... or expected points (Pao De Kuai: signed points of the deal)
POINTS = "points"

#: the grades of a decision, best first: the best move (or one that did at least as well
#: on the same deals), one within noise of it that sampling could not tell apart ("close":
#: too close to call), a small loss beyond noise, then the game's three thresholds
BEST, CLOSE, GOOD = "best", "close", "good"
INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
GRADES = (BEST, CLOSE, GOOD, INACCURACY, MISTAKE, BLUNDER)
#: most candidates a verdict keeps
MAX_CANDIDATES = 64
#: most moves of a line of play a verdict keeps
MAX_LINE = 32

#: bumped whenever the analysis changes what it would say (a cached review of another
#: version is thrown away and made again).  2: one judge (hint and review), grades, candidates;
#: 3: what a move led to (effects), the chance shown fitted again (Durak, Dudák,
#: two-player Autobus); 4: two- and three-player Autobus fitted on the play-outs' own
#: values, Durak's trumps when the talon ran out; 5: Dudák's curve, a gap's error
#: through the map's secant; 6: Durak's endgame solver budgeted in positions settled,
#: an exact verdict's chance against the other seats as they play and its line of best
#: play, the played move's gap sampled until its grade is settled ("close" where not);
#: 7: every verdict's line, the play-outs' principal one where not certain; 8: the
#: effects mined from the play-outs (Durak's hands and the face-up trump card when the
#: talon ran out, Autobus's other reserves and cards put on the runs)
FORMAT = 8
#: bounds on what a stored review may hold (a chance is 0..1; points stay far below)
MAX_VALUE = 1e6
MAX_MOVE = 80
MAX_INDEX = 10_000_000


# ----- reading stored values: ValueError, with the reason, for anything else ---------------
def _whole(v: Any, what: str, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise ValueError(f"{what} is not a whole number from {lo} to {hi}")
    return v


def _number(v: Any, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
            or abs(v) > MAX_VALUE:
        raise ValueError(f"{what} is not a number")
    return float(v)


def _move(v: Any, what: str) -> str:
    if type(v) is not str or not v.strip() or len(v) > MAX_MOVE:
        raise ValueError(f"{what} is not a move")
    return v


def _flag(v: Any, what: str) -> bool:
    if type(v) is not bool:
        raise ValueError(f"{what} is not yes or no")
    return v


@dataclass(frozen=True)
class Candidate:
    """A move the judge valued: its value (a chance, or points) and the standard error
    of its difference from the best move's (0 for the best, and for exact values)."""

    move: str
    value: float
    se: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "value": self.value, "se": self.se}

    @classmethod
    def from_dict(cls, d: Any) -> Candidate:
        if not isinstance(d, dict):
            raise ValueError("a candidate is not a table")
        se = _number(d.get("se", 0.0), "a standard error")
        if se < 0:
            raise ValueError("a standard error below 0")
        return cls(_move(d.get("move"), "a candidate move"), _number(d.get("value"), "a value"),
                   se)


@dataclass(frozen=True)
class Effect:
    """What the move played did in the judge's play-outs that the best move did not: a
    trait of the game (its spec's ``review_traits``: "times you took the cards", "seat
    2 went out first") averaged over the same sampled deals after each move, and the
    standard error of their paired difference.  Plain data; the words are the game's."""

    name: str
    played: float
    best: float
    se: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "played": self.played, "best": self.best, "se": self.se}

    @classmethod
    def from_dict(cls, d: Any) -> Effect:
        if not isinstance(d, dict):
            raise ValueError("an effect is not a table")
        name = d.get("name")
        if type(name) is not str or not 0 < len(name) <= MAX_MOVE:
            raise ValueError("an effect without its name")
        se = _number(d.get("se", 0.0), "a standard error")
        if se < 0:
            raise ValueError("a standard error below 0")
        return cls(name, _number(d.get("played"), "a value"), _number(d.get("best"), "a value"),
                   se)


@dataclass(frozen=True)
class Traits:
    """What a game's review measures in its play-outs beside the value (its spec's
    ``review_traits``), so a verdict can say what the move played led to.

    ``end(state, seat, notes)``: the traits of a finished play-out (name -> number);
    ``note(state, move, notes)``: called before each move of the judged seat in a
    play-out, to count what only the moves show (None: nothing to count);
    ``worse(name)``: (+1 where more is worse for the seat, -1 where less is; the smallest
    gap worth a sentence), None for a trait never said; ``words(effect, observation)``:
    the sentence, in the player's language (None: no words); ``least``: the least
    correlation of a trait's gap with the loss, deal by deal, for it to be said, where a
    game asks more of a trait than the review's default
    (:data:`game.review.traits.MIN_CORRELATION`)."""

    end: Callable[[Any, int, dict[str, float]], dict[str, float]]
    worse: Callable[[str], tuple[int, float] | None]
    words: Callable[[Effect, dict[str, Any]], str | None]
    note: Callable[[Any, Any, dict[str, float]], None] | None = None
    least: Mapping[str, float] = field(default_factory=dict)


#: most effects a verdict keeps
MAX_EFFECTS = 2


@dataclass(frozen=True)
class Verdict:
    """One decision of the reviewed seat.

    ``index``: the journal index of the move (the position is the deal after the
    journal's first ``index`` moves); ``played`` / ``best``: the move made and the
    search's move, in notation; ``value_played`` / ``value_best``: the estimated value
    after each (equal when they are the same move); ``forced``: only one move was legal
    (no search, never a mistake); ``certain``: the values are exact (Durak's solver);
    ``mistake``: the gap passed the game's threshold (a grade of mistake or blunder);
    ``grade``: one of :data:`GRADES` (empty in a verdict of no grade); ``se``: the
    standard error of the played move's gap to the best; ``candidates``: the moves the
    judge valued, best first; ``samples``: the sampled deals behind the values;
    ``effects``: what the move played led to in the play-outs that the best did not (the
    one that goes with the loss most first; none where the two are one move, or the
    values are exact); ``chance_played`` / ``chance_best``: where the values are exact
    (the value under best play: 1 won, 0.5 drawn, 0 lost), the chance to win after each
    move against the other seats as they play, the seat playing on as the hard level
    does (the graph shows it; None: the values are chances already); ``line_played`` /
    ``line_best``: the moves that followed each move, every seat's: where certain, those
    of best play; else what most often followed in the play-outs, a card the seat could
    not know written "?" (game.review.line)."""

    index: int
    played: str
    best: str
    value_played: float
    value_best: float
    forced: bool = False
    certain: bool = False
    mistake: bool = False
    legal: int = 1                 # how many moves were legal
    grade: str = ""
    se: float = 0.0
    candidates: tuple[Candidate, ...] = ()
    samples: int = 0
    effects: tuple[Effect, ...] = ()
    chance_played: float | None = None
    chance_best: float | None = None
    line_played: tuple[str, ...] = ()
    line_best: tuple[str, ...] = ()

    @property
    def loss(self) -> float:
        """How much the move played gave away against the search's (never below 0)."""
        return max(0.0, self.value_best - self.value_played)

    @property
    def shown_played(self) -> float:
        """The chance (or points) shown for the move played: against the other seats as
        they play where the value is exact."""
        return self.value_played if self.chance_played is None else self.chance_played

    @property
    def shown_best(self) -> float:
        return self.value_best if self.chance_best is None else self.chance_best

    @property
    def agreed(self) -> bool:
        return self.played == self.best

    @property
    def equal(self) -> bool:
        """The move played is the best or as good as far as the judge can tell."""
        return self.grade in (BEST, CLOSE) or self.agreed

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["candidates"] = [c.to_dict() for c in self.candidates]
        d["effects"] = [e.to_dict() for e in self.effects]
        d["line_played"], d["line_best"] = list(self.line_played), list(self.line_best)
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Verdict:
        """A verdict from JSON, every value checked; ValueError (why) when damaged."""
        if not isinstance(d, dict):
            raise ValueError("a verdict is not a table")
        try:
            return cls(index=_whole(d.get("index"), "its move number", 0, MAX_INDEX),
                       played=_move(d.get("played"), "the move played"),
                       best=_move(d.get("best"), "the computer's move"),
                       value_played=_number(d.get("value_played"), "a value"),
                       value_best=_number(d.get("value_best"), "a value"),
                       forced=_flag(d.get("forced", False), "forced"),
                       certain=_flag(d.get("certain", False), "certain"),
                       mistake=_flag(d.get("mistake", False), "mistake"),
                       legal=_whole(d.get("legal", 1), "the legal moves", 0, MAX_INDEX),
                       grade=_grade(d.get("grade", "")),
                       se=_number(d.get("se", 0.0), "a standard error"),
                       candidates=_candidates(d.get("candidates", [])),
                       samples=_whole(d.get("samples", 0), "the samples", 0, MAX_INDEX),
                       effects=_effects(d.get("effects", [])),
                       chance_played=_chance(d.get("chance_played")),
                       chance_best=_chance(d.get("chance_best")),
                       line_played=_line(d.get("line_played", [])),
                       line_best=_line(d.get("line_best", [])))
        except ValueError as exc:
            raise ValueError(f"a damaged verdict: {exc}") from exc


def _chance(v: Any) -> float | None:
    if v is None:
        return None
    x = _number(v, "a chance")
    if not 0.0 <= x <= 1.0:
        raise ValueError("a chance outside 0 to 100%")
    return x


def _line(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) > MAX_LINE:
        raise ValueError("a line of play is not a list")
    return tuple(_move(m, "a move of a line") for m in v)


def _grade(v: Any) -> str:
    if v != "" and v not in GRADES:
        raise ValueError("an unknown grade")
    return str(v)


def _effects(v: Any) -> tuple[Effect, ...]:
    if not isinstance(v, list) or len(v) > MAX_EFFECTS:
        raise ValueError("the effects are not a list")
    return tuple(Effect.from_dict(e) for e in v)


def _candidates(v: Any) -> tuple[Candidate, ...]:
    if not isinstance(v, list) or len(v) > MAX_CANDIDATES:
        raise ValueError("the candidates are not a list")
    return tuple(Candidate.from_dict(c) for c in v)


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
    #: what the deal was worth to the seat in the end (the unit's: 1 a win, 0 a loss; the
    #: points), where it was played to its end; the graph ends there
    result: float | None = None
    #: the moves of the whole deal (every seat's): "move 25 of 46"
    moves: int = 0

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

    def number(self, index: int) -> tuple[int, int, int, int]:
        """One numbering everywhere: (decision, of decisions, move, of moves) of the
        verdict at journal index ``index``, from 1 ("decision 7 of 18, move 25 of 46")."""
        k = next((i for i, v in enumerate(self.verdicts) if v.index == index), -1)
        return k + 1, len(self.verdicts), index + 1, max(self.moves, index + 1)

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
                "complete": self.complete, "result": self.result, "moves": self.moves,
                "verdicts": [v.to_dict() for v in self.verdicts]}

    @classmethod
    def from_dict(cls, d: Any, moves: list[str] | None = None) -> Review:
        """A review from JSON, every value checked; ValueError (why) when it is damaged
        or of another format.  With ``moves`` (the deal's journal) each verdict must be of
        a move played there, as played, in order."""
        if not isinstance(d, dict):
            raise ValueError("a review is not a table")
        if type(d.get("format")) is not int or d.get("format") != FORMAT:
            raise ValueError(f"a review of format {str(d.get('format'))[:20]!r}, not {FORMAT}")
        key, unit, level = d.get("key"), d.get("unit"), d.get("level")
        if type(key) is not str or key not in GAMES:
            raise ValueError("a review of no known game")
        if unit not in (CHANCE, POINTS):
            raise ValueError("a review in an unknown unit")
        if type(level) is not str or not 0 < len(level) <= 40:
            raise ValueError("a review by an unknown level")
        scale = _number(d.get("scale", 1.0), "the review's scale")
        if scale <= 0:
            raise ValueError("the review's scale is not a number above 0")
        verdicts = d.get("verdicts")
        if not isinstance(verdicts, list) or len(verdicts) > MAX_INDEX:
            raise ValueError("a review without its verdicts")
        review = cls(key=key, seat=_whole(d.get("seat"), "the reviewed seat", 0, 7),
                     level=level, unit=unit, scale=scale,
                     complete=_flag(d.get("complete", False), "complete"),
                     verdicts=[Verdict.from_dict(v) for v in verdicts],
                     result=(None if d.get("result") is None
                             else _number(d.get("result"), "the result")),
                     moves=_whole(d.get("moves", 0), "the moves", 0, MAX_INDEX))
        if unit == CHANCE and any(not 0.0 <= x <= 1.0 for v in review.verdicts
                                  for x in (v.value_played, v.value_best)):
            raise ValueError("a review with a chance outside 0 to 100%")
        indices = [v.index for v in review.verdicts]
        if indices != sorted(set(indices)):
            raise ValueError("a review whose verdicts are out of order")
        if moves is not None and any(v.index >= len(moves) or moves[v.index] != v.played
                                     for v in review.verdicts):
            raise ValueError("a review of moves this deal did not play")
        return review


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
