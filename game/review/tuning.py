"""How one game's positions are judged and shown: the review's settings (its spec's
``review_settings``, tuned in ``levels/review.toml``), the map from the play-outs' chance
to the chance shown (``stretch`` and ``edge``, or a ``curve``: fitted on the hard level's
outcomes, docs/review.md), and the grade of a loss.  Plain data and arithmetic, no
window library; ``game.review.analysis`` uses them and names them again.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from game import resources
from game.games import SPECS
from game.review.model import (
    BEST,
    BLUNDER,
    CHANCE,
    CLOSE,
    GOOD,
    GRADES,
    INACCURACY,
    MISTAKE,
    Candidate,
)


@dataclass(frozen=True)
class Settings:
    """How one game's positions are judged (its spec's ``review_settings``, tuned in
    ``levels/review.toml``)."""

    threshold: float = 0.1       # the loss that makes a mistake (chance, or points)
    inaccuracy: float = 0.05     # ... an inaccuracy
    blunder: float = 0.2         # ... a blunder
    z: float = 2.0               # a loss within this many standard errors is noise
    samples: int = 64            # sampled deals per analysis, at most
    min_samples: int = 0         # ... at least (0: always ``samples``), then stop once clear
    candidates: int = 4          # moves valued (the search's top ones where more are legal)
    iterations: int = 1000       # the search's walks ranking the candidates
    epsilon: float = 0.05        # chance of a random move in the play-outs (every seat)
    rollout_moves: int = 1500    # play-outs longer than this are scored as cut off
    scale: float = 1.0           # a game valued in points: the points worth 1.0 of chance
    solve_nodes: int = 100_000   # exact verdicts: positions settled a decision (past it: estimate)
    #: the review: the move played and the best are sampled on until the played move's
    #: grade is settled (:func:`settled`), to this many sampled deals (0: ``samples``)
    grade_samples: int = 0
    #: the seat playing on as the hard level would, not as the rules of thumb do: a shift
    #: of the play-outs' mean (logit of a chance; points), fitted on the hard level's
    #: outcomes (``bench_review calibrate``)
    edge: float = 0.0
    #: ... and a chance's logit multiplied by this first (a play-out policy weaker than
    #: the hard level judges too timidly both ways: it is surer of the hard seat's
    #: winning and losing positions than the play-outs are)
    stretch: float = 1.0
    #: ... or, where given, a curve from the play-outs' chance to the chance shown:
    #: points (raw, shown), both rising, joined by straight lines on the logit scale
    #: and carried on past the ends along the end pieces (``edge`` and ``stretch``
    #: then unused); fitted on the hard level's outcomes (``bench_review fit``)
    curve: tuple[tuple[float, float], ...] = ()
    #: settings of their own (a map, thresholds) for the kinds of position the game
    #: names (its spec's ``review_situation``: Dudák's last duel), from
    #: ``[<key>.situations.<name>]``: (name, (setting, value) pairs); :func:`situated`
    #: picks them for a position
    situations: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()


def _curve(v: Any) -> tuple[tuple[float, float], ...] | None:
    """A ``curve`` setting checked: two or more (raw, shown) points of chances strictly
    between 0 and 1, both rising (an empty list: none); None when it is not one."""
    if not isinstance(v, (list, tuple)):
        return None
    pts: list[tuple[float, float]] = []
    for p in v:
        if not isinstance(p, (list, tuple)) or len(p) != 2 or any(
                isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 < x < 1
                for x in p):
            return None
        pts.append((float(p[0]), float(p[1])))
    pairs = zip(pts, pts[1:], strict=False)
    if len(pts) == 1 or any(b[0] <= a[0] or b[1] <= a[1] for a, b in pairs):
        return None
    return tuple(pts)


def settings(key: str, overrides: dict[str, Any] | None = None,
             players: int | None = None) -> Settings:
    """The review settings of ``key``: levels/review.toml over the built-in ones of the
    game's spec (a missing or damaged file keeps those), then the file's table for
    ``players`` at the table (``[<key>.players.<n>]``: a game whose play-outs judge a
    two-player table otherwise than a four-player one), then ``overrides`` (tests).
    The file's ``[<key>.situations.<name>]`` tables go over those for the positions the
    game calls ``name`` (:func:`situated`); ``overrides`` win there too."""
    known = SPECS.get(key)
    table: dict[str, Any] = dict(known.review_settings) if known is not None else {}
    mine = _review_file().get(key, {})
    table.update(mine)
    by_players = mine.get("players")
    if players is not None and isinstance(by_players, dict) \
            and isinstance(by_players.get(str(players)), dict):
        table.update(by_players[str(players)])
    table.update(overrides or {})
    kinds = mine.get("situations")
    situations: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    if isinstance(kinds, dict):
        for name, sub in sorted(kinds.items()):
            if isinstance(sub, dict):
                own = _clean(sub | (overrides or {}))
                situations.append((str(name), tuple(sorted(own.items()))))
    return replace(Settings(), **_clean(table), situations=tuple(situations))


def _clean(table: dict[str, Any]) -> dict[str, Any]:
    """The settings a table gives, checked: numbers of the known names (an int where
    the setting is one), a valid ``curve``; anything else is left out."""
    base = Settings()
    names = {f.name for f in fields(Settings)} - {"situations"}
    clean: dict[str, Any] = {}
    for name, v in table.items():
        if name == "curve":
            pts = _curve(v)
            if pts is not None:          # a damaged curve: the built-in one stays
                clean[name] = pts
            continue
        if name not in names or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        default = getattr(base, name)
        clean[name] = int(v) if isinstance(default, int) else float(v)
    return clean


def situation_of(key: str, obs: dict[str, Any]) -> str | None:
    """What kind of position ``obs`` is for the review of ``key`` (its spec's
    ``review_situation``); None: the game's own kind."""
    known = SPECS.get(key)
    situation = known.review_situation if known is not None else None
    if situation is None:
        return None
    got = situation(obs)
    return str(got) if got is not None else None


def under(s: Settings, name: str | None) -> Settings:
    """``s`` as it stands for positions of kind ``name`` (its table there over it; a
    table that gives ``stretch`` or ``edge`` and no ``curve`` drops the game's curve)."""
    if name is None:
        return s
    for n, entries in s.situations:
        if n == name:
            own = dict(entries)
            if ("stretch" in own or "edge" in own) and "curve" not in own:
                own["curve"] = ()
            return replace(s, **own)
    return s


def situated(s: Settings, obs: dict[str, Any]) -> Settings:
    """``s`` as it stands for the position ``obs`` shows (:func:`under` its kind)."""
    if not s.situations:
        return s
    return under(s, situation_of(str(obs.get("game", "")), obs))


def _review_file() -> dict[str, dict[str, Any]]:
    try:
        with resources.path("levels", "review.toml").open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def unit_of(key: str) -> str:
    """What the values of a review of ``key`` are: a chance, or expected points (its
    spec's ``review_unit``)."""
    known = SPECS.get(key)
    return known.review_unit if known is not None else CHANCE


def _as_is(s: Settings) -> bool:
    """No map: a chance is shown as the play-outs give it."""
    return not s.edge and s.stretch == 1.0 and not s.curve


def shown(raw: float, unit: str, s: Settings) -> float:
    """The value shown for a play-out mean ``raw``: a chance mapped on the logit scale
    (``stretch`` then ``edge``, or the ``curve``), points shifted by ``edge``; the seat
    then playing as the hard level would rather than as the rules of thumb do."""
    if unit != CHANCE:
        return raw + s.edge
    if _as_is(s):
        return raw
    q = min(max(raw, 0.002), 0.998)
    return 1.0 / (1.0 + math.exp(-_logit_shown(_logit(q), s)[0]))


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p))


def _logit_shown(x: float, s: Settings) -> tuple[float, float]:
    """The logit shown for a play-out logit ``x``, and its slope there."""
    if not s.curve:
        return s.stretch * x + s.edge, s.stretch
    xs = [_logit(a) for a, _b in s.curve]
    ys = [_logit(b) for _a, b in s.curve]
    i = 0
    while i < len(xs) - 2 and x > xs[i + 1]:
        i += 1
    k = (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i])
    return ys[i] + k * (x - xs[i]), k


def slope(raw: float, unit: str, s: Settings) -> float:
    """d shown / d raw at ``raw`` (standard errors are carried through the shift)."""
    if unit != CHANCE or _as_is(s):
        return 1.0
    q = min(max(raw, 0.002), 0.998)
    p = shown(q, unit, s)
    return _logit_shown(_logit(q), s)[1] * p * (1.0 - p) / (q * (1.0 - q))


def secant(a: float, b: float, unit: str, s: Settings) -> float:
    """(shown(a) - shown(b)) / (a - b): how a gap between two play-out means is shown
    (a standard error of their difference is carried through by it; a curve's bend
    between them counts), the slope at ``b`` where they meet."""
    if abs(a - b) < 1e-9:
        return slope(b, unit, s)
    return (shown(a, unit, s) - shown(b, unit, s)) / (a - b)


def band(loss: float, s: Settings) -> str:
    """The grade band a loss lies in: none or less (the best), under ``inaccuracy``
    (good), then the game's thresholds."""
    if loss <= 1e-9:
        return BEST
    if loss < s.inaccuracy - 1e-9:
        return GOOD
    if loss < s.threshold - 1e-9:
        return INACCURACY
    if loss < s.blunder - 1e-9:
        return MISTAKE
    return BLUNDER


def settled(loss: float, se: float, s: Settings, certain: bool = False) -> bool:
    """Whether a loss's grade is settled: its interval (``z`` standard errors either
    side) lies within one grade band (:func:`band`), so more samples would not change
    it.  Exact values are settled."""
    if certain:
        return True
    reach = s.z * se
    return band(loss - reach, s) == band(loss + reach, s)


def graded(loss: float, se: float, s: Settings, certain: bool = False) -> str:
    """The grade of a move that is not the judge's best: ``best`` where it did at
    least as well on the same deals, else :func:`grade`, except that a loss within noise
    whose grade is not settled is ``close`` (too close to call), not ``best``."""
    if loss <= 1e-9:
        return BEST
    g = grade(loss, se, s, certain)
    if g == BEST and not settled(loss, se, s, certain):
        return CLOSE
    return g


def monotone(losses: dict[str, tuple[float, str]]) -> dict[str, str]:
    """The grades of one decision's moves (move -> (loss, grade)) made monotone in the
    loss: a move that gave away more never reads better than one that gave away less
    (each takes the worst grade of the moves whose loss is not larger)."""
    rank = {g: i for i, g in enumerate(GRADES)}
    out: dict[str, str] = {}
    worst = 0
    ordered = sorted(losses.items(), key=lambda kv: (kv[1][0], kv[0]))
    for i, (move, (loss, _g)) in enumerate(ordered):
        ties = [g for _m, (x, g) in ordered[i:] if x <= loss + 1e-12]   # equal losses
        worst = max([worst] + [rank.get(g, 0) for g in ties])
        out[move] = GRADES[worst]
    return out


def decision_grade(moves: Sequence[Candidate], mine: Candidate, s: Settings,
                   certain: bool = False) -> str:
    """The grade of ``mine`` at a decision whose moves valued are ``moves`` (the judge's
    best first): ``best`` for the best, else :func:`graded` on its loss, made monotone
    over the decision's moves (:func:`monotone`: a move that gave away more never reads
    better)."""
    best = moves[0]
    if mine.move == best.move:
        return BEST
    table = {c.move: (best.value - c.value,
                      BEST if c is best else graded(best.value - c.value, c.se, s, certain))
             for c in (*moves, mine)}
    return monotone(table)[mine.move]


def grade(loss: float, se: float, s: Settings, certain: bool = False) -> str:
    """The grade of a move that gave away ``loss`` against the best (its standard error
    ``se``): within ``z`` standard errors ``best``, else by the game's thresholds on the
    loss less one standard error (exact values: on the loss)."""
    noise = 1e-9 if certain else max(s.z * se, 1e-9)
    if loss <= noise:
        return BEST
    # the size by the loss less one standard error: a loss estimated large is partly
    # luck (the largest of several noisy gaps), and a grade should hold on a re-count
    sure = loss if certain else loss - se
    if sure >= s.blunder - 1e-9:
        return BLUNDER
    if sure >= s.threshold - 1e-9:
        return MISTAKE
    if sure >= s.inaccuracy - 1e-9:
        return INACCURACY
    return GOOD
