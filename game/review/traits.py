"""What a move led to in the judge's play-outs (the review's effects): each game's traits
(:class:`~game.review.model.Traits`, its spec's ``review_traits``) measured after the move
played and after the best on the same sampled deals, and the few a verdict keeps, those
worse by the game's gap, beyond noise, that go with the loss deal by deal.

The judge (:mod:`game.review.analysis`) measures them; ``bench_review why`` mines the gaps
from :func:`trait_gaps`.  Nothing here draws a random number.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from game.games import spec
from game.review.model import MAX_EFFECTS, Effect, Traits
from game.review.tuning import Settings


class Analysis(Protocol):
    """What is read here of the judge's analysis (:class:`game.review.analysis.Analysis`):
    each move's traits, one table per sampled deal, with the play-out's value."""

    @property
    def measured(self) -> tuple[tuple[str, tuple[dict[str, float], ...]], ...]: ...


@cache
def traits_of(key: str) -> Traits | None:
    """What the review of ``key`` measures in its play-outs beside the value (its spec's
    ``review_traits``); None: values only."""
    ref = spec(key).review_traits
    if ref is not None and not isinstance(ref, Traits):   # the contract's mirror, checked
        raise TypeError(f"{key}: review_traits is not a game.review.model.Traits")
    return ref


#: the play-out's own value, kept beside its traits (what a trait must go with to explain
#: a loss); never a trait itself
VALUE = "value"
#: a trait explains part of a loss when, deal by deal, it goes with the loss at least
#: this much (the correlation of the trait's gap with the value's)
MIN_CORRELATION = 0.25


def paired_se(a: list[float], b: list[float]) -> float:
    """The standard error of the mean of the paired differences ``a - b``."""
    n = len(a)
    if n < 2:
        return 0.0
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return math.sqrt(var / n)


def effects(key: str, a: Analysis, played: str, best: str, s: Settings
            ) -> tuple[Effect, ...]:
    """What ``played`` led to in the judge's play-outs that ``best`` did not, and that
    goes with its loss: on the same sampled deals, each trait of the game
    (:class:`Traits`) worse for the seat after ``played`` by at least the game's gap and
    by more than ``z`` standard errors of the paired difference, and whose gap goes with
    the loss deal by deal (correlation :data:`MIN_CORRELATION` or more: a trait that
    worsens where the value does not explains nothing; a game may ask more of a trait,
    ``Traits.least``); the most correlated first, at
    most :data:`MAX_EFFECTS`.  None where nothing was measured (exact values, one
    move)."""
    t = traits_of(key)
    if t is None or played == best:
        return ()
    gaps = {g.name: g for g in trait_gaps(key, a, played, best)}
    found = []
    for g in gaps.values():
        w = t.worse(g.name)
        if w is not None and says(w[0] * (g.played - g.best), g.se, g.r, s.z, w[1],
                                  t.least.get(g.name, MIN_CORRELATION)):
            found.append((g.r, g.name))
    return tuple(Effect(name, round(gaps[name].played, 6), round(gaps[name].best, 6),
                        round(gaps[name].se, 6)) for name in strongest(found))


def says(worse: float, se: float, r: float, z: float, gap: float, least: float) -> bool:
    """The one rule a trait is said by: worse for the seat after the move played by at
    least ``gap`` and by more than ``z`` standard errors ``se`` of the paired
    difference, its gap going with the loss (correlation ``r``) at least ``least``."""
    return worse >= gap - 1e-9 and worse > z * max(se, 1e-9) and r >= least


def strongest(found: list[tuple[float, str]]) -> list[str]:
    """The traits said of (correlation, name): the most correlated first, at most
    :data:`MAX_EFFECTS`."""
    return [name for _, name in sorted(found, key=lambda x: (-x[0], x[1]))[:MAX_EFFECTS]]


@dataclass(frozen=True)
class TraitGap:
    """One trait on a verdict's sampled deals: its mean after the move played and after
    the best, the standard error of their paired difference, and the correlation of its
    gap (signed as worse for the seat) with the value lost, deal by deal."""

    name: str
    played: float
    best: float
    se: float
    r: float


def trait_gaps(key: str, a: Analysis, played: str, best: str) -> list[TraitGap]:
    """Every trait the game says (its ``worse`` is not None), measured after ``played``
    and after ``best`` on the same sampled deals: what :func:`effects` keeps from, and
    what ``bench_review why`` mines the gaps from; none where nothing was measured."""
    t = traits_of(key)
    got = dict(a.measured)
    mp, mb = got.get(played), got.get(best)
    if t is None or not mp or not mb or len(mp) != len(mb):
        return []
    loss = [b.get(VALUE, 0.0) - p.get(VALUE, 0.0) for p, b in zip(mp, mb, strict=True)]
    out: list[TraitGap] = []
    for name in sorted({name for row in (*mp, *mb) for name in row} - {VALUE}):
        w = t.worse(name)
        if w is None:
            continue
        xs = [row.get(name, 0.0) for row in mp]
        ys = [row.get(name, 0.0) for row in mb]
        r = correlation([w[0] * (x - y) for x, y in zip(xs, ys, strict=True)], loss)
        out.append(TraitGap(name, sum(xs) / len(xs), sum(ys) / len(ys), paired_se(xs, ys),
                            r))
    return out


def correlation(gap: list[float], loss: list[float]) -> float:
    """How a trait's gap goes with the loss, deal by deal: Pearson's correlation; 1
    where the gap is the same on every deal (it goes with the whole loss) or the loss is
    the same and above 0 on every deal, 0 where there is no loss at all."""
    n = len(gap)
    if n < 2:
        return 0.0
    ma, mb = sum(gap) / n, sum(loss) / n
    saa = sum((x - ma) ** 2 for x in gap)
    sbb = sum((y - mb) ** 2 for y in loss)
    if saa <= 1e-18 or sbb <= 1e-18:
        return 1.0 if mb > 0 else 0.0
    sab = sum((x - ma) * (y - mb) for x, y in zip(gap, loss, strict=True))
    return sab / math.sqrt(saa * sbb)
