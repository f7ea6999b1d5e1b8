"""One judge per game: the analysis behind the hint, the review and their verdicts.

One position, one analysis (:class:`Judge`), whoever asks: the table's Hint, the review
of a deal (``cardclub review``, the review screen) and the hard level where its levels
file asks for it (``final = "judge"``).  It sees the seat's observation and the legal
moves only, so it cannot leak a card the player could not see, and its seed is made
from the observation (:func:`position_seed`), never from a clock, the deal's number or
the caller: the same position gets the same analysis, the hint is the review's best.

1. The candidates: every distinct legal move where there are at most ``candidates`` of
   them (the same ranks in other suits are one move where the game says so), else the
   hard level's search (``iterations`` walks, seeded from the position) ranks them and
   its top ``candidates`` are kept.
2. Their values, on common random numbers: ``samples`` deals of the hidden cards are
   drawn from the observation (``game.ai.infer.sample``); on each, every candidate is
   played and the deal played out with the same random draws: the seat itself by the
   normal level's rules of thumb (the hard level's own play-out policy), every other
   seat as the level that really sat there plays (its levels file: the rules of thumb
   with its noise, the greedy baseline, random; the journal names the levels).  Past
   ``min_samples`` the sampling stops early once one move leads every other by ``z``
   standard errors.  The mean result for the seat is turned into the chance shown by
   the game's ``edge`` (fitted on the hard level's real outcomes: the chance if, from
   here, the seat plays as the hard level would; see :func:`shown`).
3. The best is the candidate of the highest value; each candidate's ``se`` is the
   standard error of its difference from the best (paired on the same deals), so a
   move within ``z`` of them of the best is as good as far as the judge can tell.
4. Where a game can tell every card (its spec's ``review_exact``: Durak once the talon
   is empty) the exact values replace the estimates: the verdict is ``certain``.

A verdict (:func:`judge`) grades the move played against the best: ``best`` (the best,
or within noise of it: "about as good"), ``good`` (a loss beyond noise, under the
``inaccuracy`` threshold), ``inaccuracy``, ``mistake`` (``threshold``) and ``blunder``.
The settings (game.review.tuning) are the game's spec's ``review_settings``, tuned in
``levels/review.toml``; how they were calibrated is in docs/review.md.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai import make_bot
from game.ai.infer import sample
from game.ai.search import reward
from game.games import spec
from game.i18n import _
from game.review.line import LINE_PLIES, Followed, lines_of
from game.review.model import (
    BEST,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Candidate,
    Effect,
    Progress,
    Review,
    Traits,
    Verdict,
)
from game.review.seats import Policy, journal_levels, plays_of, seat_play, seats_of, table_levels
from game.review.seeds import position_seed, seed_for
from game.review.traits import VALUE, effects, paired_se, traits_of
from game.review.tuning import (
    Settings,
    decision_grade,
    secant,
    settings,
    settled,
    shown,
    situated,
    unit_of,
)
from game.rules import GAMES, Game, Move, Rng
from game.session.journal import Journal, ReplayError, journal_from_dict

Cancelled = Callable[[], bool]
OnVerdict = Callable[[Verdict], None]


def value_of(g: Any, seat: int) -> float:
    """What the end of a play-out is worth to ``seat``: the game's own value (its spec's
    ``review_value``), else the engine's result once over (a chance: 1 for a win, 0.5
    for a draw) and the search's own estimate for a play-out cut off before the end."""
    ref = spec(g.key).review_value
    if ref is not None:
        return float(ref(g, seat))
    if not g.is_over:
        return float(reward(g)[seat])
    return float(g.result()[seat])


def same_move(key: str, a: str, b: str) -> bool:
    """Whether two notations are one move (the same text, or what the game's spec's
    ``same_move`` says: e.g. the same ranks in other suits)."""
    if a == b:
        return True
    ref = spec(key).same_move
    return ref is not None and bool(ref(a, b))


def _play_out(g: Game, seat: int, plays: list[tuple[Policy, float]], rng: Rng,
              s: Settings, traits: Traits | None = None,
              measured: list[dict[str, float]] | None = None,
              notes: dict[str, float] | None = None, line: Followed | None = None) -> float:
    """Play ``g`` to its end (at most ``rollout_moves`` moves), each seat as ``plays``
    says, a random move with the seat's chance (at least ``epsilon``).  With ``traits``,
    what the play-out led to is appended to ``measured`` (``notes``: what was counted
    before it), with ``line`` its first moves (game.review.line); the moves and the
    random draws are the same either way."""
    moves = s.rollout_moves
    eps_all = s.epsilon
    note = traits.note if traits is not None else None
    if traits is not None and notes is None:
        notes = {}
    while not g.is_over and moves > 0:
        legal = g.legal_moves()
        who = g.current_player
        assert who is not None
        policy, eps = plays[who]
        eps = max(eps, eps_all)
        if len(legal) == 1:
            m = legal[0]
        elif eps and rng.random() < eps:
            m = legal[rng.below(len(legal))]
        else:
            m = policy(g, legal)
        if note is not None and who == seat and notes is not None:
            note(g, m, notes)
        if line is not None and len(line) < LINE_PLIES:
            line.append((who, m))
        g._apply(m)
        moves -= 1
    value = value_of(g, seat)
    if traits is not None and measured is not None and notes is not None:
        measured.append(traits.end(g, seat, notes) | {VALUE: value})
    return value


@dataclass
class Estimate:
    """Mean value after each move on the same sampled deals, and the standard error of
    each move's difference from the first."""

    means: list[float]
    errors: list[float]


def estimate(obs: dict[str, Any], moves: list[str], seed: int, s: Settings,
             cancelled: Cancelled | None = None, levels: list[str] | None = None
             ) -> Estimate | None:
    """Each move's value from ``obs`` only (the chance or points shown), by play-outs on
    common sampled deals, ``samples`` of them (None when cancelled meanwhile)."""
    s = situated(s, obs)
    vals: list[list[float]] = [[] for _ in moves]
    plays = plays_of(obs, levels)
    for k in range(max(1, s.samples)):
        if cancelled is not None and k % 8 == 0 and cancelled():
            return None
        _sample_once(obs, [Move.parse(m) for m in moves], seed, k, plays, s, vals)
    unit = unit_of(str(obs["game"]))
    raw = [sum(v) / len(v) for v in vals]
    errors = [paired_se(vals[i], vals[0]) * secant(raw[0], raw[i], unit, s)
              for i in range(len(moves))]
    return Estimate([shown(r, unit, s) for r in raw], errors)


def _sample_once(obs: dict[str, Any], moves: list[Move], seed: int, k: int,
                 plays: list[tuple[Policy, float]], s: Settings,
                 into: list[list[float]], traits: Traits | None = None,
                 measured: list[list[dict[str, float]]] | None = None,
                 followed: list[list[Followed]] | None = None) -> None:
    """The ``k``-th sampled deal: each move's play-out value appended to ``into`` (and
    with ``traits``, what it led to, to ``measured``; its first moves to ``followed``)."""
    seat = int(obs["seat"])
    base = sample(obs, Rng(seed_for(seed, 2 * k)))
    for i, m in enumerate(moves):
        g = base.clone()
        notes: dict[str, float] | None = None
        if traits is not None:
            notes = {}
            if traits.note is not None:
                traits.note(g, m, notes)      # the move judged counts too
        g.play(m)
        line: Followed | None = None if followed is None else []
        into[i].append(_play_out(g, seat, plays, Rng(seed_for(seed, 2 * k + 1)), s,
                                 traits, measured[i] if measured is not None else None,
                                 notes, line))
        if followed is not None and line is not None:
            followed[i].append(line)


# ----- the analysis --------------------------------------------------------------------------
@dataclass(frozen=True)
class Analysis:
    """What the judge found at one position: the candidates, best first (by value; ties
    in the order ranked), each with its value and the standard error of its difference
    from the best; ``extra``: a move asked about that was no candidate (the move played,
    valued on the same deals); ``ranked``: every move given, in the order the hint
    shows them (the candidates by value, then the search's order)."""

    candidates: tuple[Candidate, ...]
    ranked: tuple[str, ...]
    samples: int
    certain: bool = False
    extra: Candidate | None = None
    #: where the judge was asked to measure (:class:`Traits`): each move valued with
    #: what its play-outs led to, one table per sampled deal (in the same order)
    measured: tuple[tuple[str, tuple[dict[str, float], ...]], ...] = field(
        default=(), compare=False, repr=False)
    #: where the values are exact and the review asked (the game's
    #: ``review_exact_play``): after a move, the chance against the other seats as they
    #: play, and the line of best play
    chances: tuple[tuple[str, float], ...] = ()
    lines: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: where measured: each move's play-outs' first moves (game.review.line)
    followed: tuple[tuple[str, tuple[Followed, ...]], ...] = field(
        default=(), compare=False, repr=False)

    @property
    def best(self) -> str:
        return self.candidates[0].move

    def find(self, key: str, move: str) -> Candidate | None:
        """The candidate (or the extra move) that is ``move`` (or one move with it)."""
        for c in (*self.candidates, *([self.extra] if self.extra else [])):
            if c.move == move:
                return c
        for c in (*self.candidates, *([self.extra] if self.extra else [])):
            if same_move(key, c.move, move):
                return c
        return None


def distinct(key: str, legal: list[Move]) -> list[Move]:
    """One move of each kind among ``legal``, in their order (equal notations, and the
    moves the game calls one, count once)."""
    out: list[Move] = []
    for m in legal:
        t = str(m)
        if not any(same_move(key, t, str(o)) for o in out):
            out.append(m)
    return out


class Judge:
    """The analysis of one position, anytime: ``step(seconds)`` works for a slice of CPU
    time and says whether it is done; ``analysis`` then holds the verdict's facts.  The
    table's Hint steps it a slice a frame; ``run`` works to the end (the review)."""

    def __init__(self, obs: dict[str, Any], legal: list[Move], s: Settings,
                 levels: list[str] | None = None, extra: str | None = None,
                 order: list[str] | None = None, measure: bool = False,
                 settle: bool = False) -> None:
        if not legal:
            raise ValueError("no legal moves to judge")
        # the settings where this position is (a kind of position the game names may
        # have settings of its own: [<key>.situations.<name>])
        self.obs, self.legal, self.s = obs, list(legal), situated(s, obs)
        self.key = str(obs["game"])
        self.seat = int(obs["seat"])
        self.levels = levels
        self.extra = extra
        self.seed = position_seed(obs, (str(m) for m in self.legal))
        self.analysis: Analysis | None = None
        #: the search's ranking of the moves, once made (the hard level's own order);
        #: given (the hard level's own search ranked them), the candidates are its top
        #: ones, however few the moves
        self.order: list[str] | None = order
        #: the values so far while sampling: (the moves asked, their values, how many of
        #: them are candidates)
        self.partial: tuple[list[str], list[list[float]], int] | None = None
        #: what the play-outs led to is measured too (the game's :class:`Traits`): the
        #: review, to say why a move was worse; the values are the same either way
        self.traits = traits_of(self.key) if measure else None
        #: the move asked about (``extra``, or a candidate) is graded: once the judge's
        #: best is found, it and the best are sampled on (the same deals, continued)
        #: until the move's grade is settled or ``grade_samples`` deals are drawn
        self.settle = settle
        self._work = self._run()

    def step(self, seconds: float) -> bool:
        """Work up to ``seconds`` of CPU time; True once the analysis is done."""
        if self.analysis is not None:
            return True
        stop = time.thread_time() + seconds
        for _step in self._work:
            if self.analysis is not None or time.thread_time() >= stop:
                break
        return self.analysis is not None

    def run(self, cancelled: Cancelled | None = None) -> Analysis | None:
        """Work to the end (None when ``cancelled()`` says so meanwhile)."""
        for _step in self._work:
            if cancelled is not None and cancelled():
                return None
        return self.analysis

    def best_so_far(self) -> Move:
        """The move to play before the analysis is done (the first legal)."""
        if self.analysis is not None:
            return Move.parse(self.analysis.best)
        return self.legal[0]

    # ----- the work, in small pieces ---------------------------------------------------
    def _run(self) -> Generator[None, None, None]:
        key, s = self.key, self.s
        moves = distinct(key, self.legal)
        exact_ref = spec(key).review_exact
        if exact_ref is not None and s.solve_nodes > 0 and len(moves) > 1:
            # the solver is one long call (up to a second at its cap): on a thread, so a
            # table stepping the hint a slice a frame keeps drawing meanwhile
            got: list[list[tuple[str, float]] | None] = []
            solver = threading.Thread(target=lambda: got.append(exact_ref(
                self.obs, moves, s.solve_nodes)), daemon=True, name="cardclub-solver")
            solver.start()
            while solver.is_alive():
                solver.join(0.005)
                yield
            values = got[0] if got else None
            if values is not None:
                self.analysis = self._exact(values)
                if self.traits is not None:          # the review: what it shows beside
                    self.analysis = self._played_on(self.analysis, values)
                return
        if self.order is not None:
            ranked = []
            for t in [*self.order, *(str(m) for m in moves)]:
                rep = next((str(m) for m in moves if same_move(key, str(m), t)), None)
                if rep is not None and rep not in ranked:
                    ranked.append(rep)
        elif len(moves) <= max(1, s.candidates):
            ranked = [str(m) for m in moves]
        else:
            bot = make_bot(key, "hard", seed=self.seed,
                           overrides={"iterations": max(1, s.iterations), "final": ""})
            bot.start(self.obs, moves)
            while not bot.step(0.01):
                yield
            ranked = _ranking(bot, moves)
        self.order = ranked
        cands = ranked[:max(1, s.candidates)]
        if len(moves) == 1:
            self.analysis = Analysis((Candidate(cands[0], 0.0, 0.0),), tuple(ranked), 0)
            return
        asked = list(cands)
        extra = None
        if self.extra is not None and not any(same_move(key, self.extra, c) for c in cands):
            extra = self.extra
            asked.append(extra)
        vals: list[list[float]] = [[] for _ in asked]
        measured: list[list[dict[str, float]]] | None = (
            [[] for _ in asked] if self.traits is not None else None)
        followed: list[list[Followed]] | None = (
            [[] for _ in asked] if self.traits is not None else None)
        plays = plays_of(self.obs, self.levels)
        parsed = [Move.parse(m) for m in asked]
        self.partial = (asked, vals, len(cands))
        n_max = max(1, s.samples)
        n_min = n_max if s.min_samples <= 0 else min(n_max, s.min_samples)
        k = 0
        while k < n_max:
            _sample_once(self.obs, parsed, self.seed, k, plays, s, vals, self.traits, measured,
                         followed)
            k += 1
            yield
            if k >= n_min and k % 8 == 0 and self._clear(vals[:len(cands)]):
                break
        self.analysis = self._valued(asked, vals, len(cands), ranked, k)
        if self.settle and self.extra is not None:
            yield from self._settle(asked, parsed, vals, measured, plays, k, followed)
        if measured is not None and followed is not None:
            self.analysis = replace(self.analysis, measured=tuple(
                (m, tuple(t)) for m, t in zip(asked, measured, strict=True)), followed=tuple(
                (m, tuple(f)) for m, f in zip(asked, followed, strict=True)))

    def _settle(self, asked: list[str], parsed: list[Move], vals: list[list[float]],
                measured: list[list[dict[str, float]]] | None,
                plays: list[tuple[Policy, float]], k: int,
                followed: list[list[Followed]] | None = None) -> Generator[None, None, None]:
        """The move asked about against the judge's best (found already, so the hint's
        best stays the review's), on more of the same sampled deals until its grade is
        settled (:func:`settled`) or ``grade_samples`` deals are drawn; the two moves'
        values are then those of every deal drawn."""
        a = self.analysis
        assert a is not None and self.extra is not None
        key, s, unit = self.key, self.s, unit_of(self.key)
        ib = asked.index(a.best)
        ip = next((i for i, m in enumerate(asked) if same_move(key, m, self.extra)), None)
        if ip is None or ip == ib:
            return
        pair = [parsed[ib], parsed[ip]]
        into = [vals[ib], vals[ip]]
        kept = [measured[ib], measured[ip]] if measured is not None else None
        lines = [followed[ib], followed[ip]] if followed is not None else None
        limit = max(k, s.grade_samples or s.samples)

        def gap() -> tuple[float, float, float, float]:
            rb, rp = (sum(v) / len(v) for v in into)
            se = paired_se(into[0], into[1]) * secant(rb, rp, unit, s)
            return rb, rp, shown(rb, unit, s) - shown(rp, unit, s), se
        while k < limit:
            if k % 8 == 0 and settled(*gap()[2:], s):
                break
            _sample_once(self.obs, pair, self.seed, k, plays, s, into, self.traits, kept, lines)
            k += 1
            yield
        rb, rp, _loss, se = gap()
        best = Candidate(asked[ib], round(shown(rb, unit, s), 9), 0.0)
        mine = Candidate(asked[ip], round(shown(rp, unit, s), 9), round(se, 9))
        cands = tuple(best if c.move == best.move else mine if c.move == mine.move else c
                      for c in a.candidates)
        extra = mine if a.extra is not None and a.extra.move == mine.move else a.extra
        self.analysis = replace(a, candidates=cands, extra=extra, samples=k)

    def _clear(self, vals: list[list[float]]) -> bool:
        """One candidate leads every other by more than ``z`` standard errors."""
        means = [sum(v) / len(v) for v in vals]
        top = max(range(len(vals)), key=lambda i: means[i])
        for i in range(len(vals)):
            if i != top:
                se = paired_se(vals[top], vals[i])
                if means[top] - means[i] <= self.s.z * max(se, 1e-9):
                    return False
        return True

    def _valued(self, asked: list[str], vals: list[list[float]], n_cands: int,
                ranked: list[str], n: int) -> Analysis:
        unit, s = unit_of(self.key), self.s
        raw = [sum(v) / len(v) for v in vals]
        order = sorted(range(n_cands), key=lambda i: (-raw[i], i))
        top = order[0]

        def cand(i: int) -> Candidate:
            se = 0.0 if i == top else paired_se(vals[top], vals[i])
            return Candidate(asked[i], round(shown(raw[i], unit, s), 9),
                             round(se * secant(raw[top], raw[i], unit, s), 9))
        cands = tuple(cand(i) for i in order)
        extra = cand(n_cands) if len(asked) > n_cands else None
        shown_order = [c.move for c in cands] + [m for m in ranked if m not in asked]
        return Analysis(cands, tuple(shown_order), n, extra=extra)

    def _played_on(self, a: Analysis, values: list[tuple[str, float]]) -> Analysis:
        """After the best move and the move asked about: the chance against the other
        seats as they play and the line of best play (the game's ``review_exact_play``)."""
        ref = spec(self.key).review_exact_play
        extra = next((m for m, _v in values if self.extra is not None
                      and same_move(self.key, m, self.extra)), None)
        moves = [values[0][0]] + ([extra] if extra not in (None, values[0][0]) else [])
        if ref is None:
            return a
        kinds = [seat_play(self.key, lv) for lv in
                 table_levels(self.key, seats_of(self.obs), self.seat, self.levels)]
        plays = [(kind, max(eps, self.s.epsilon)) for kind, eps in kinds]
        got = ref(self.obs, moves, plays, max(1, self.s.min_samples or self.s.samples),
                  self.s.solve_nodes, self.seed)
        pairs = list(zip(moves, got, strict=True))
        return replace(a, chances=tuple((m, round(float(c), 9)) for m, (c, _l) in pairs),
                       lines=tuple((m, tuple(line)) for m, (_c, line) in pairs))

    def _exact(self, values: list[tuple[str, float]]) -> Analysis:
        order = sorted(range(len(values)), key=lambda i: (-values[i][1], i))
        cands = tuple(Candidate(values[i][0], values[i][1], 0.0) for i in order)
        # every distinct legal move is valued: the one played is among them
        return Analysis(cands, tuple(c.move for c in cands), 0, certain=True)


def _ranking(bot: Any, moves: list[Move]) -> list[str]:
    """The moves in the order the search ranks them (the root's visits, then its total;
    a move it never tried after, in the order given); its best first."""
    first = str(bot.best())
    root = getattr(bot, "root", None)
    by_code = getattr(bot, "_by_code", None)
    order: list[str] = [first]
    if root is not None and isinstance(by_code, dict):
        kids = root.children
        codes = sorted((c for c in by_code if c in kids),
                       key=lambda c: (-kids[c].visits, -kids[c].total))
        order += [str(by_code[c]) for c in codes]
    order += [str(m) for m in moves]
    seen: list[str] = []
    for m in order:
        if m not in seen and any(str(x) == m for x in moves):
            seen.append(m)
    return seen


def judge(obs: dict[str, Any], legal: list[Move], played: str, index: int, deal_seed: int,
          level: str, s: Settings, cancelled: Cancelled | None = None,
          levels: list[str] | None = None) -> Verdict | None:
    """The verdict on one decision, from the seat's observation and legal moves only
    (None when cancelled meanwhile).  ``deal_seed`` and ``level`` are kept for callers:
    the analysis depends on the position alone."""
    key = str(obs["game"])
    if len(legal) == 1:
        return Verdict(index, played, played, 0.0, 0.0, forced=True, legal=1, grade=BEST)
    judged = Judge(obs, legal, s, levels, extra=played, measure=True, settle=True)
    s = judged.s                   # the position's settings (its kind's, where it has one)
    a = judged.run(cancelled)
    if a is None:
        return None
    best = a.candidates[0]
    mine = a.find(key, played)
    assert mine is not None
    if same_move(key, played, best.move):
        mine = best
    g = decision_grade((*a.candidates, *([a.extra] if a.extra else [])), mine, s, a.certain)
    shown_best = played if mine is best else best.move
    fx = () if mine is best else effects(key, a, mine.move, best.move, s)
    # the line after each: of best play where certain, else the play-outs' principal one
    chances, lines = dict(a.chances), dict(a.lines) or {m: line for m, (line, _n) in lines_of(
        obs, dict(a.followed), (mine.move, best.move)).items()}
    return Verdict(index, played, shown_best, mine.value, best.value, certain=a.certain,
                   mistake=g in (MISTAKE, BLUNDER), legal=len(legal), grade=g,
                   se=mine.se, candidates=a.candidates, samples=a.samples, effects=fx,
                   chance_played=chances.get(mine.move), chance_best=chances.get(best.move),
                   line_played=lines.get(mine.move, ()), line_best=lines.get(best.move, ()))


def why(key: str, obs: dict[str, Any], played: str, best: str,
        found: Iterable[Effect] = (), exact: tuple[float, float] | None = None
        ) -> list[str]:
    """Why ``played`` was worse than ``best`` at ``obs``, in plain words in the player's
    language: the game's patterns (its spec's ``review_why``; ``exact``: the two moves'
    values where the verdict is certain, :func:`exact_values`), then what the move led
    to in the judge's play-outs (``found``: the verdict's effects, in the game's words);
    none where none fits."""
    if same_move(key, played, best):
        return []
    ref = spec(key).review_why
    out = [str(x) for x in ref(obs, played, best, exact)] if ref is not None else []
    t = traits_of(key)
    said = [str(line) for line in (t.words(e, obs) for e in found) if line] if t else []
    if said:
        out.append(_("The computer played on from here many times, after your move and "
                     "after its own."))
        out += said
    return out


def exact_values(v: Verdict) -> tuple[float, float] | None:
    """A certain verdict's values of the move played and the best (a win 1, a draw 0.5,
    a loss 0: the solver's), for :func:`why`; None where they are estimates."""
    return (v.value_played, v.value_best) if v.certain and not v.forced else None


def reasons(journal: Journal | dict[str, Any], review: Review,
            grades: tuple[str, ...] = (INACCURACY, MISTAKE, BLUNDER)) -> dict[int, list[str]]:
    """:func:`why` for each verdict of ``review`` graded one of ``grades`` (by journal
    index; the positions rebuilt from the journal)."""
    j = _journal(journal)
    want = {v.index: v for v in review.verdicts if v.grade in grades and not v.forced}
    out: dict[int, list[str]] = {}
    if not want:
        return out
    for index, g in j.walk():
        v = want.get(index)
        if v is not None:
            out[index] = why(j.game, g.observation(review.seat), v.played, v.best, v.effects,
                             exact_values(v))
        if index >= max(want):
            break
    return out


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
                overrides: dict[str, Any] | None = None, workers: int = 1) -> Review:
    """Review every move ``seat`` made in the deal (default: the journal's human).

    ``verdicts``: ones already made (a cached, unfinished review) are kept, not redone;
    ``progress(done, total)`` after each verdict, ``on_verdict`` with each one (kept
    ones too, so a listener can rebuild the list from the calls alone);
    ``cancelled()`` is asked between decisions and within long ones: when it says yes,
    the review so far comes back with ``complete`` False.  ``overrides`` replace the
    game's settings (tests use small counts).  ``workers`` above 1 judges the decisions
    in that many processes (the verdicts are the same: each is a function of its
    position).  Raises ValueError for a damaged journal (an illegal move names the
    move)."""
    j = _journal(journal)
    key = j.game
    who = j.human if seat is None else seat
    g = j.start_state()
    s = settings(key, overrides, g.num_players)
    if not 0 <= who < g.num_players:
        raise ValueError(f"seat {who} is not at this table (seats 0 to {g.num_players - 1})")
    review = Review(key=key, seat=who, level=level, unit=unit_of(key), scale=s.scale,
                    moves=len(j.moves))
    named = journal_levels(j)
    known = {v.index: v for v in verdicts or []}
    total = decisions_of(j, who)
    if progress is not None:
        progress(0, total)
    # every decision of the seat: (index, played, kept verdict or the position to judge)
    todo: list[tuple[int, str, Verdict | None, Any]] = []
    try:
        for index, g in j.walk():     # the deal before each move, and after the last
            if index == len(j.moves):
                break
            m = j.moves[index]
            if g.is_over:
                raise ValueError(f"move {index + 1} ({m}) comes after the deal is over")
            if g.current_player == who:
                v = known.get(index)
                if v is not None and v.played == m:
                    todo.append((index, m, v, None))
                    continue
                legal = g.legal_moves()
                try:
                    problem: Exception | None = g.check(m)
                except ValueError as exc:
                    problem = exc
                if problem is not None:
                    raise ValueError(f"move {index + 1} ({m}) is not legal: {problem}")
                todo.append((index, m, None, (g.observation(who), legal)))
    except ReplayError as exc:     # the move played next does not replay
        raise ValueError(f"move {exc.index + 1} ({exc.move}) is not legal: {exc.cause}"
                         ) from exc.cause
    if g.is_over:
        review.result = value_of(g, who)
    for v in _verdicts(todo, s, named, cancelled, workers):
        if v is None:
            return review
        if on_verdict is not None:
            on_verdict(v)
        review.verdicts.append(v)
        if progress is not None:
            progress(len(review.verdicts), total)
    review.complete = True
    return review


def _judge_one(job: tuple[dict[str, Any], list[Move], str, int, Settings,
                          list[str] | None]) -> Verdict | None:
    obs, legal, played, index, s, named = job
    return judge(obs, legal, played, index, 0, "hard", s, None, named)


def _verdicts(todo: list[tuple[int, str, Verdict | None, Any]], s: Settings,
              named: list[str] | None, cancelled: Cancelled | None, workers: int
              ) -> Iterable[Verdict | None]:
    """Each decision's verdict in order (None once cancelled)."""
    if workers <= 1 or sum(1 for t in todo if t[2] is None) < 2:
        for index, played, kept, pos in todo:
            if cancelled is not None and cancelled():
                yield None
                return
            if kept is not None:
                yield kept
                continue
            obs, legal = pos
            yield judge(obs, legal, played, index, 0, "hard", s, cancelled, named)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn")) as pool:
        futures = {index: pool.submit(_judge_one, (pos[0], pos[1], played, index, s, named))
                   for index, played, kept, pos in todo if kept is None}
        try:
            for index, _played, kept, _pos in todo:
                if cancelled is not None and cancelled():
                    yield None
                    return
                yield kept if kept is not None else futures[index].result()
        finally:
            for f in futures.values():
                f.cancel()


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
