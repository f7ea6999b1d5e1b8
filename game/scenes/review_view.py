"""The review of a finished deal: how each of the player's decisions compares
with what the hard level would have played.

At the top, a sentence of summary ("26 decisions (4 without a choice) · 1 blunder · 2
inaccuracies · accuracy 87%"), or while the review runs a progress bar and Cancel; then
a graph of the player's chance of winning (Pao De Kuai: expected points) after each
decision, mistakes ringed in red, exact values as squares, forced moves small and grey;
a tap on a point (or Left/Right) picks a decision, and below the graph that decision is
shown: the move played and the computer's move side by side, in words and card pictures,
with what each is worth and a plain sentence. "Show on the table" opens the replay at
that position, "Play from here" a practice deal from it.

A review comes given (``review``), from the history's cache (a second opening is
instant) or from a background job (``game.review.worker``) that the view polls once a
frame, never waiting; a complete review is stored in the cache for next time
(:mod:`game.scenes.review_loading`).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import RGBOrA255

from game.i18n import _, counted, language, ngettext, percent, pgettext
from game.i18n.moves import capitalised, deck_style, move_cards, move_told, move_words
from game.i18n.words import game_words
from game.review.model import BEST as BEST_GRADE
from game.review.model import BLUNDER as BLUNDER_GRADE
from game.review.model import CHANCE, Job, Review, Verdict
from game.review.model import CLOSE as CLOSE_GRADE
from game.review.model import GOOD as GOOD_GRADE
from game.review.model import INACCURACY as INACCURACY_GRADE
from game.review.model import MISTAKE as MISTAKE_GRADE
from game.review.quiz import positions
from game.rules import GAMES
from game.scenes.review_loading import ReviewLoading
from game.session.journal import Journal
from game.session.replay import journal_of
from game.store import files, saves
from game.ui.chart import (
    BLUNDER,
    CERTAIN,
    FORCED,
    INACCURACY,
    MARK,
    MISTAKE,
    RESULT,
    Chart,
    draw_chart,
    draw_marker,
)
from game.ui.page import ACCENT, INK, MUTED, PageView, fit_font, open_scene
from game.ui.widgets import PRIMARY, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.window import Window

log = logging.getLogger(__name__)

BAD = (160, 40, 30)
GOOD = (30, 110, 50)
BAR_BACK = (210, 200, 180)
BAR_FILL = (200, 150, 50)
SELECTED_ROW = (150, 90, 0)


# ----- words ---------------------------------------------------------------------------------
def value_text(key: str, unit: str, value: float) -> str:
    """What a position is worth, in the game's plain words."""
    if unit != CHANCE:
        return counted(value, 1, lambda n: ngettext("{n} point expected",
                                                     "{n} points expected", n),
                       # TRANSLATORS: expected points with a fraction and a sign ("+2.4
                       # points expected"): the form your plural rules give a fraction
                       lambda: pgettext("a fraction", "{n} points expected"), sign=True)
    words = game_words(key)
    if words is not None and words.chance is not None:     # the game says its own chance
        return words.chance(percent(value))
    # TRANSLATORS: {p} is a per cent with its sign, "62%" (as the language writes it)
    return _("{p} chance to win").format(p=percent(value))


def points_text(value: float) -> str:
    """A count of points with one decimal: "0.4 points" (Polish "0,4 punktu")."""
    return counted(value, 1, lambda n: ngettext("{n} point", "{n} points", n),
                   # TRANSLATORS: points with a fraction ("0.4 points"): the form your
                   # language's plural rules give a fraction (Czech "bodu", Polish "punktu")
                   lambda: pgettext("a fraction", "{n} points"))


def verdict_sentence(unit: str, v: Verdict) -> str:
    """The verdict in one plain sentence (by its grade, where the review gave one)."""
    if v.forced:
        return _("Only one move was possible here.")
    if v.agreed:
        return _("The computer agrees.")
    if v.grade:
        return _graded(unit, v)
    if v.mistake:
        return _gap(MISTAKE_GRADE, unit, v)
    if v.value_played >= v.value_best:
        return _("The computer would play another move, but yours looks at least as good.")
    return _("The computer prefers another move, but yours is about as good.")


def _graded(unit: str, v: Verdict) -> str:
    """The sentence of a graded verdict: "about as good" only within the noise."""
    if v.grade == BEST_GRADE:
        if v.value_played >= v.value_best:
            return _("The computer would play another move, but yours looks at least as "
                     "good.")
        return _("The computer prefers another move, but yours is about as good.")
    if v.grade == CLOSE_GRADE:
        return _("Too close to call: the computer prefers another move, but its play-outs "
                 "could not tell the two apart.")
    if v.certain and v.grade == BLUNDER_GRADE:
        return _certain_gap(v)
    return _gap(v.grade, unit, v)


def outcome_text(value: float) -> str:
    """How the deal ends under best play from both sides, where every card is known (an
    exact value: 1 won, 0.5 drawn, 0 lost)."""
    if value > 0.75:
        return _("Won with best play")
    if value > 0.25:
        return _("A draw with best play")
    return _("Lost with best play")


def _certain_gap(v: Verdict) -> str:
    """A blunder where every card is known: what each move leads to under best play."""
    if v.value_best > 0.75:
        if v.value_played > 0.25:
            return _("A blunder: with best play the computer's move wins, and yours only "
                     "draws.")
        return _("A blunder: with best play the computer's move wins, and yours loses.")
    return _("A blunder: with best play the computer's move draws, and yours loses.")


def _gap(grade: str, unit: str, v: Verdict) -> str:
    """A good move, an inaccuracy, a mistake or a blunder, and what the computer's move
    would have given the player instead: a chance higher by a per cent, or more points."""
    if unit == CHANCE:
        p = percent(max(1, round(v.loss * 100)) / 100)
        if grade == GOOD_GRADE:
            # TRANSLATORS: {p} is a per cent with its sign, "3%": how much higher the
            # player's chance would have been after the computer's move
            return _("Good, but the computer's move would have raised your chance by "
                     "{p}.").format(p=p)
        if grade == INACCURACY_GRADE:
            # TRANSLATORS: {p} is a per cent with its sign, "6%"
            return _("An inaccuracy: the computer's move would have raised your chance by "
                     "{p}.").format(p=p)
        if grade == BLUNDER_GRADE:
            # TRANSLATORS: {p} is a per cent with its sign, "35%"
            return _("A blunder: the computer's move would have raised your chance by "
                     "{p}.").format(p=p)
        # TRANSLATORS: {p} is a per cent with its sign, "24%"
        return _("A mistake: the computer's move would have raised your chance by "
                 "{p}.").format(p=p)
    points = points_text(v.loss)
    if grade == GOOD_GRADE:
        # TRANSLATORS: {points} is a count of points with a fraction, "0.4 points": how
        # many more the player would have scored after the computer's move
        return _("Good, but the computer's move would have given you {points} more.").format(
            points=points)
    if grade == INACCURACY_GRADE:
        return _("An inaccuracy: the computer's move would have given you {points} "
                 "more.").format(points=points)
    if grade == BLUNDER_GRADE:
        return _("A blunder: the computer's move would have given you {points} "
                 "more.").format(points=points)
    return _("A mistake: the computer's move would have given you {points} more.").format(
        points=points)


def grade_word(v: Verdict) -> str:
    """A decision's grade in one word (the move list)."""
    if v.forced:
        return pgettext("grade", "only move")
    words = {BEST_GRADE: pgettext("grade", "best"), CLOSE_GRADE: pgettext("grade", "close"),
             GOOD_GRADE: pgettext("grade", "good"),
             INACCURACY_GRADE: pgettext("grade", "inaccuracy"),
             MISTAKE_GRADE: pgettext("grade", "mistake"),
             BLUNDER_GRADE: pgettext("grade", "blunder")}
    if v.grade in words:
        return words[v.grade]
    return words[MISTAKE_GRADE] if v.mistake else words[BEST_GRADE]


def grade_color(v: Verdict) -> RGBOrA255:
    return (MUTED if v.forced else BLUNDER if v.grade == BLUNDER_GRADE
            else BAD if v.mistake else INACCURACY if v.grade == INACCURACY_GRADE
            else GOOD if v.agreed or v.grade in (BEST_GRADE, CLOSE_GRADE) else INK)


def summary_text(review: Review) -> str:
    """ "26 decisions (4 without a choice) · 1 blunder · 2 inaccuracies · accuracy 87%":
    the decisions counted as the headings count them ("Decision 13 of 26"), forced ones
    too, then each grade below good that occurred, worst first, as the legend names them
    ("no mistakes" where none did)."""
    n = len(review.verdicts)
    forced = n - len(review.decisions)
    first = ngettext("{n} decision", "{n} decisions", n).format(n=n)
    if forced:
        # TRANSLATORS: after "26 decisions": how many of them had only one legal move
        first += " " + _("({k} without a choice)").format(k=forced)
    blunders = sum(1 for v in review.decisions if v.grade == BLUNDER_GRADE)
    mistakes = sum(1 for v in review.decisions if v.mistake and v.grade != BLUNDER_GRADE)
    slips = sum(1 for v in review.decisions
                if v.grade == INACCURACY_GRADE and not v.mistake)
    parts = [first]
    if blunders:
        parts.append(ngettext("{n} blunder", "{n} blunders", blunders).format(n=blunders))
    if mistakes:
        parts.append(ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes))
    if slips:
        parts.append(ngettext("{n} inaccuracy", "{n} inaccuracies", slips).format(n=slips))
    if not (blunders or mistakes or slips):
        # TRANSLATORS: in the review's summary, where no decision was graded below good
        parts.append(_("no mistakes"))
    if review.accuracy is not None:
        # TRANSLATORS: {p} is a per cent with its sign, "87%"
        parts.append(_("accuracy {p}").format(p=percent(round(review.accuracy) / 100)))
    return " · ".join(parts)


def graph_caption(key: str, unit: str) -> str:
    if unit != CHANCE:
        return _("Your expected points after each decision")
    words = game_words(key)
    if words is not None and words.chance_caption is not None:   # the game's own words
        return words.chance_caption()
    return _("Your chance to win after each decision")


class ReviewView(ReviewLoading, PageView):
    """The review page: the graph of the player's decisions and the one picked, in words
    and cards (getting the review itself: :class:`~game.scenes.review_loading.ReviewLoading`)."""

    def __init__(self, window: Window, journal: Journal | dict[str, Any] | None = None,
                 deal_id: str | None = None, seat: int | None = None,
                 back: Callable[[], None] | arcade.View | None = None,
                 review: Review | None = None, job: Job | None = None, **kw: Any) -> None:
        super().__init__(window, back)
        self.deal_id = deal_id
        self.error: str | None = None
        #: the deal, checked (``saves.stored_journal`` / ``journal_from_dict``): a damaged
        #: record is a sentence on the page, never a crash
        self.journal: Journal | None = None
        try:
            if journal is None and deal_id:
                journal = saves.stored_journal(deal_id)
            self.journal = journal_of(journal) if journal is not None else None
        except ValueError as exc:
            log.warning("the record of %s: %s", deal_id, exc)
            self.error = _("This deal's record is damaged, so it cannot be reviewed ({why})."
                           ).format(why=files.reason(exc))
        key = review.key if review is not None else self.journal.game if self.journal else None
        self.key: str | None = key if key in GAMES else None
        if seat is None:
            seat = (review.seat if review is not None
                    else self.journal.human if self.journal is not None else 0)
        self.seat = seat
        self.style = deck_style(self.key) if self.key else "french"
        self.review = review
        self.job: Job | None = None
        self.running = False          # the job is still reviewing
        self.stopped = False          # cancelled by the player
        self.stored = False
        self.selected: int | None = None
        self.chosen = False           # the player picked a decision (no more jumping)
        self.chart: Chart | None = None
        #: the move list's rows: ((bottom, top) on the page, the decision)
        self.rows: list[tuple[tuple[float, float], int]] = []
        self.legend: list[tuple[str, float, float, float, RGBOrA255]] = []
        self._seen: tuple[int, int] | None = None
        self.progress = (0, 0)        # (decisions reviewed, decisions in all)
        self._whys: dict[tuple[Any, ...], list[str]] = {}   # said once a decision: why()
        self._obs: dict[int, dict[str, Any]] | None = None
        #: each sampled line shown, replayed (line.replayed), by (decision, move, line)
        self.lines: dict[tuple[int, str, tuple[str, ...]], Any] = {}
        self.begin(job)
        if self.review is not None and self.review.verdicts:
            self.selected = self.first_choice()
        self.buttons.add(Button(_("Back"), self.go_back, SECONDARY, name="back"))
        self.buttons.add(Button(_("Cancel"), self.cancel, SECONDARY, name="cancel"))
        self.buttons.add(Button(_("Show on the table"), self.show_on_table, PRIMARY,
                                name="show"))
        self.buttons.add(Button(_("Play from here"), self.play_from_here, SECONDARY,
                                name="practice"))
        self.buttons.add(Button(_("Try the computer's move"), lambda: try_best(self),
                                SECONDARY, name="try"))
        self.buttons.add(Button(_("Learn from your mistakes"), self.learn, SECONDARY,
                                name="quiz"))
        self.relayout()

    # ----- the review: cached, or made by a job (ReviewLoading) -----------------------------
    def cancel(self) -> None:
        """Stop the review; what was reviewed stays on the page."""
        if self.stop_job():
            self.stopped = True
            self.relayout()

    @property
    def verdict(self) -> Verdict | None:
        vs = self.review.verdicts if self.review is not None else []
        if self.selected is None or not 0 <= self.selected < len(vs):
            return None
        return vs[self.selected]

    # ----- what the player saw ---------------------------------------------------------------
    def observation_at(self, index: int) -> dict[str, Any]:
        """The reviewed seat's observation before journal move ``index`` (rebuilt from
        the deck and the moves once; empty where the journal cannot say)."""
        if self._obs is None:
            self._obs = {}
            j = self.journal
            if j is not None:
                try:
                    for i, g in j.decisions(self.seat):
                        self._obs[i] = g.observation(self.seat)
                except ValueError as exc:  # a journal given unchecked: words without it
                    log.warning("replaying the journal: %s", exc)
        return self._obs.get(index, {})

    def words(self, move: str, index: int, played: bool = False) -> str:
        """A move in words from the position of decision ``index``: the one ``played``
        as the log tells the player's own ("You beat the 9♠ with the J♠"), the computer's
        as the hint suggests it ("Beat the 9♠ with the 10♠")."""
        if self.key is None:
            return move
        try:
            obs = self.observation_at(index)
            return capitalised(move_told(self.key, move, obs, self.style, own=True) if played
                               else move_words(self.key, move, obs, self.style))
        except Exception:  # notation this version does not read
            return move

    def why(self, v: Verdict) -> list[str]:
        """Why the move was worse, in plain words (the game's patterns), for an
        inaccuracy or worse."""
        if self.key is None or v.forced or v.grade not in (INACCURACY_GRADE, MISTAKE_GRADE,
                                                           BLUNDER_GRADE):
            return []
        said = (language(), v.index, v.played, v.best, v.effects)
        if said not in self._whys:   # once a decision
            from game.review.analysis import exact_values, why

            try:
                self._whys[said] = why(self.key, self.observation_at(v.index), v.played,
                                       v.best, v.effects, exact_values(v))
            except Exception:  # notation this version does not read: no words
                self._whys[said] = []
        return self._whys[said]

    # ----- actions ---------------------------------------------------------------------------
    def select(self, i: int) -> None:
        vs = self.review.verdicts if self.review is not None else []
        if not vs:
            return
        i = max(0, min(len(vs) - 1, i))
        self.chosen = True
        if i != self.selected:
            self.selected = i
            self.relayout()

    def show_on_table(self) -> None:
        v = self.verdict
        if v is None or self.journal is None:
            return
        open_scene(self.window, "replay", journal=self.journal.to_dict(),
                   deal_id=self.deal_id, at=v.index, back=self)

    def practice(self, index: int) -> Any:
        """A practice deal from the position before journal move ``index``."""
        from game.session.replay import practice

        assert self.journal is not None
        return practice(self.journal, index)

    def play_from_here(self) -> None:
        v = self.verdict
        if v is None or self.journal is None or self.key is None:
            return
        try:
            session = self.practice(v.index)
        except Exception as exc:
            log.warning("practice from %s: %s", v.index, exc)
            self.error = _("This position cannot be played again: {why}").format(why=exc)
            self.relayout()
            return
        open_scene(self.window, "table", game=self.key, session=session)

    def learn(self) -> None:
        """Learn from your mistakes: the table asks each inaccuracy and worse again
        (``game.scenes.table.quiz``); its "Back to the review" comes back here."""
        if self.journal is None or self.running or not positions(self.review):
            return
        try:
            open_scene(self.window, "quiz", journal=self.journal, review=self.review,
                       back=self)
        except ValueError as exc:          # a position that does not replay: said here
            log.warning("the quiz: %s", exc)
            self.error = _("This position cannot be played again: {why}").format(why=exc)
            self.relayout()

    def go_back(self) -> None:
        self.stop_job()                 # nobody will look at it any more
        super().go_back()

    # ----- events ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Drawing goes on only while the review runs (its progress and verdicts come in);
        a finished page, or one opened from the cache, lets the window idle (input wakes
        it)."""
        return self.running

    def on_update(self, delta_time: float) -> None:
        if self.running and self.take_in():
            self.relayout()
        super().on_update(delta_time)

    def page_key(self, key: int, modifiers: int) -> bool:
        if key == arcade.key.LEFT and self.selected is not None:
            self.select(self.selected - 1)
        elif key == arcade.key.RIGHT and self.selected is not None:
            self.select(self.selected + 1)
        elif key in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.show_on_table()
        else:
            return super().page_key(key, modifiers)
        return True

    def on_page_tap(self, x: float, y: float) -> None:
        for (lo, hi), i in self.rows:           # a row of the move list
            if lo <= y <= hi and self.content.left <= x <= self.content.right:
                self.select(i)
                return
        if self.chart is None:
            return
        hit = self.chart.hit(x, y, max(24.0, 28 * self.scale))
        if hit is not None:
            self.select(hit)

    # ----- layout ----------------------------------------------------------------------------
    def layout_header(self, w: int, h: int) -> None:
        s = self.scale
        bar, font, cy, left = self.place_back_header(w, h, _("Back"))
        cancel = self.buttons.by_name("cancel")
        cancel.visible = self.running
        right: float = w - 14
        if cancel.visible:
            cancel.label.set(_("Cancel"))
            cancel.label.text.font_size = font
            cw = cancel.label.text.content_width + 28 * s
            self.place_row([cancel], w - 14 - cw, w - 14, cy, bar, font)
            right = cancel.cx - cancel.w / 2 - 8
        title = (_("Review: {game}").format(game=GAMES[self.key].title) if self.key
                 else _("Review"))
        self.place_title(title, left, right, cy)
        # the actions stay below the page, whatever it scrolls to
        row = action_row(self)
        show = row[0]
        fy = 10 + bar / 2
        if show.visible:
            fb = max(13.0, 16 * s)
            self.place_row(row, 14, w - 14, fy, bar, fb)
            used = row[-1].cx + row[-1].w / 2 - 14
            shift = max(0.0, (w - 28 - used) / 2)
            for b in row:
                b.place(b.cx + shift, b.cy, b.w, b.h, b.label.text.font_size)
            bottom = fy + bar / 2 + 10
        else:
            bottom = 12.0
        top = cy - bar / 2 - 10
        self.content = arcade.LBWH(14, bottom, w - 28, top - bottom)
        self.page_top = top - 14 * s

    def layout_page(self, w: int, h: int) -> float:
        s = self.scale
        c = self.content
        col_w = max(60.0, min(1100.0, c.width - 40 * s))
        left = c.center_x - col_w / 2
        body = max(13.0, 16 * s)
        head = max(15.0, 20 * s)
        y = self.page_top
        self.chart, self.legend, self.rows = None, [], []
        review = self.review
        if self.key is None or (review is None and not self.running and not self.error):
            t = self.add_text(self.error or _("There is no deal to review: a deal played in "
                                              "this version can be reviewed from History."),
                              left, y, body, BAD if self.error else MUTED, width=col_w)
            return y - t.content_height
        if self.running:
            y = progress_part(self, left, y, col_w, body)
        if self.error:
            t = self.add_text(self.error, left, y, body, BAD, width=col_w)
            y -= t.content_height + 10 * s
        if review is None:
            return y
        if not self.running:
            said = summary_text(review)
            if self.stopped or (not review.complete and review.verdicts):
                said += "  " + _("(stopped: {n} reviewed)").format(n=len(review.verdicts))
            t = self.add_text(said, left, y, head, ACCENT, width=col_w, bold=True)
            y -= t.content_height + 10 * s
        if not review.verdicts:
            return y
        y = graph_part(self, left, y, col_w, body, review)
        y = self._detail(left, y - 14 * s, col_w, body, head, review)
        return self._moves(left, y - 18 * s, col_w, body, head, review)

    def _moves(self, left: float, y: float, col_w: float, body: float, head: float,
               review: Review) -> float:
        """The move list: each decision in words with its grade; a tap picks one."""
        s = self.scale
        t = self.add_text(_("Your decisions"), left, y, head, ACCENT, width=col_w, bold=True)
        y -= t.content_height + 6 * s
        grade_w = min(160 * s, col_w * 0.3)
        for i, v in enumerate(review.verdicts):
            label = f"{i + 1}. {self.words(v.played, v.index, played=True)}"
            color = SELECTED_ROW if i == self.selected else INK
            t = self.add_text(label, left, y, body, color, width=col_w - grade_w,
                              bold=i == self.selected)
            g = self.add_text(grade_word(v), left + col_w, y, body, grade_color(v),
                              anchor_x="right", bold=v.mistake)
            h = max(t.content_height, g.content_height)
            self.rows.append(((y - h, y), i))
            y -= h + 3 * s
        return y

    def _detail(self, left: float, y: float, col_w: float, body: float, head: float,
                review: Review) -> float:
        s = self.scale
        v = self.verdict
        if v is None:
            return y
        n = self.selected + 1 if self.selected is not None else 1
        total = max(len(review.verdicts), self.progress[1])
        if review.moves:      # one numbering: the decision among the seat's, the move
            heading = _("Decision {k} of {n} · move {m} of {total}").format(
                k=n, n=total, m=v.index + 1, total=review.moves)
        else:
            heading = _("Move {n} of {total}").format(n=n, total=total)
        t = self.add_text(heading, left, y, head, ACCENT, width=col_w, bold=True)
        y -= t.content_height + 4 * s
        sentence = verdict_sentence(review.unit, v)
        t = self.add_text(sentence, left, y, body, grade_color(v), width=col_w, bold=True)
        y -= t.content_height + 4 * s
        for line in self.why(v):
            t = self.add_text(line, left, y, body, INK, width=col_w)
            y -= t.content_height + 4 * s
        y -= 6 * s
        gap = 24 * s
        half = (col_w - gap) / 2
        card_h = max(56.0, min(110 * s, self.content.height * 0.17))
        lows = []
        for i, (title, move, value) in enumerate(
                ((_("Your move"), v.played, v.value_played),
                 (_("The computer's move"), v.best, v.value_best))):
            x = left + i * (half + gap)
            yy = y
            t = self.add_text(title, x, yy, body, MUTED, width=half, bold=True)
            yy -= t.content_height + 6 * s
            cards = move_cards(review.key, move) if self.key else []
            if cards:
                self._cards(cards, x, yy, half, card_h)
                yy -= card_h + 8 * s
            t = self.add_text(self.words(move, v.index, played=i == 0), x, yy, body, INK,
                              width=half)
            yy -= t.content_height + 4 * s
            if v.certain:          # the end under best play, then the chance as it goes
                t = self.add_text(outcome_text(value), x, yy, body, CERTAIN, width=half,
                                  bold=True)
                yy -= t.content_height + 2 * s
                shown = v.shown_played if i == 0 else v.shown_best
                # TRANSLATORS: {p} is a per cent with its sign, "63%": the chance to win
                # when, from this move on, the player plays as well as can be and the
                # opponent goes on playing as it does (it may throw a won deal away)
                worth = _("{p} chance to win as your opponent plays").format(
                    p=percent(shown))
            else:
                worth = value_text(review.key, review.unit, value)
            t = self.add_text(worth, x, yy, body, MUTED, width=half)
            yy -= t.content_height
            line = line_text(self, v, move, v.line_played if i == 0 else v.line_best,
                             review.seat)
            if line:               # what follows, as the log would tell it
                t = self.add_text(line, x, yy - 4 * s, max(11.0, body * 0.85), MUTED,
                                  width=half)
                yy -= t.content_height + 4 * s
            lows.append(yy)
        if review.unit == CHANCE and not v.forced:
            # where the player reads the chances: what they assume (an easy player's
            # deals end well below them, by design)
            y = min(lows) - 6 * s
            t = self.add_text(_("Both chances assume that from here on you play as the hard "
                                "level would."), left, y, max(11.0, body * 0.85), MUTED,
                              width=col_w)
            return y - t.content_height
        return min(lows)

    def _cards(self, cards: list[str], x: float, top: float, room: float, h: float) -> None:
        """The move's cards in a row from ``x``, overlapping where they need to fit."""
        from game.ui import assets

        cw = h * assets.CARD_W / assets.CARD_H
        step = cw + 6 * self.scale
        if len(cards) > 1 and cw + step * (len(cards) - 1) > room:
            step = max(6.0, (room - cw) / (len(cards) - 1))
        for i, card in enumerate(cards):
            self.add_card(self.style, card, x + cw / 2 + i * step, top - h / 2, h)

    # ----- drawing ---------------------------------------------------------------------------
    def on_draw(self) -> None:
        super().on_draw()
        if self.chart is None:
            return
        with self.camera.activate():
            draw_chart(self.chart, self.selected, self.scale)
            for shape, x, y, r, color in self.legend:
                if shape == "circle" and color in (MISTAKE, BLUNDER):
                    arcade.draw_circle_outline(x, y, r + 4 * self.scale, color,
                                               2 * self.scale)
                draw_marker(shape, x, y, r, color)
        self.window.ctx.scissor = None
        self.window.default_camera.use()

    def draw_header(self) -> None:
        self.title.draw()
        super().draw_header()

    def drawn_texts(self) -> list[str]:
        return super().drawn_texts() + [self.title.text.text]


# ----- parts of the page, drawn by functions of the page -----------------------------
def progress_part(view: ReviewView, left: float, y: float, col_w: float, body: float) -> float:
    s = view.scale
    done, total = view.progress
    done = min(done, total)       # the count and the bar say the same
    text = (_("Reviewing your decisions… {done} of {total}").format(done=done, total=total)
            if total else _("Reviewing your decisions…"))
    t = view.add_text(text, left, y, body, INK, width=col_w)
    y -= t.content_height + 6 * s
    bar_h = 14 * s
    view.rects.append((arcade.LRBT(left, left + col_w, y - bar_h, y), BAR_BACK))
    part = min(1.0, done / total) if total else 0.0
    if part > 0:
        view.rects.append((arcade.LRBT(left, left + col_w * part, y - bar_h, y), BAR_FILL))
    return y - bar_h - 12 * s

def graph_part(view: ReviewView, left: float, y: float, col_w: float, body: float,
           review: Review) -> float:
    s = view.scale
    c = view.content
    small = max(11.0, body * 0.85)
    # the caption is a heading of its own (no full stop): the sentences after it need one
    caption = (graph_caption(review.key, review.unit) + ". "
               + _("Tap a point to see that move.") + " "
               + _("The values assume that from each move on you play as the hard "
                   "level would, so a player who errs later does worse."))
    if any(v.certain for v in review.verdicts):
        caption += " " + _("Where every card is known (a square), the end under best play "
                           "is certain; the chance shown there is against your opponent "
                           "as it plays, and it may err.")
    t = view.add_text(caption, left, y, small, MUTED, width=col_w)
    y -= t.content_height + 6 * s
    label_w = max(54.0, 58 * s)
    chart_h = max(90.0, min(220 * s, c.height * 0.28))
    total = view.progress[1]        # room kept for the decisions not reviewed
    view.chart = Chart((left + label_w, y - chart_h, col_w - label_w, chart_h),
                       review.verdicts, review.unit, total, pad=14 * s,
                       result=review.result if review.complete else None)
    for gy, label, _middle in view.chart.grid():
        t = view.add_text(label, left + label_w - 6 * s, gy, small, MUTED,
                          anchor_x="right", anchor_y="center")
        fit_font(t, label_w - 8 * s, small, 8)
        view.texts[-1] = (t, label_w - 6 * s)
    y -= chart_h + 6 * s
    n = len(view.chart.points)
    # the axis counts decisions, as the headings do ("Decision k of n"); its last point
    # is the result where the deal is over
    ends = view.add_text(_("decision {n}").format(n=1), view.chart.left, y, small, MUTED)
    if n > 1:
        last = (_("the result") if view.chart.result is not None
                else _("decision {n}").format(n=view.chart.slots))
        view.add_text(last, view.chart.right, y, small, MUTED, anchor_x="right")
    y -= ends.content_height + 8 * s
    return legend_part(view, left, y, col_w, small)

def legend_part(view: ReviewView, left: float, y: float, col_w: float, size: float) -> float:
    """The markers explained, side by side (wrapping where the row is full)."""
    s = view.scale
    items = [("circle", 5.0, MARK, _("your move")),
             ("circle", 5.0, INACCURACY, _("an inaccuracy")),
             ("circle", 6.5, MISTAKE, _("a mistake")),
             ("circle", 6.5, BLUNDER, _("a blunder")),
             ("square", 6.0, CERTAIN, _("certain: every card is known")),
             ("circle", 3.0, FORCED, _("only one move possible")),
             ("square", 5.0, RESULT, _("the result"))]
    x, line_h = left, size * 1.6
    for shape, r, color, words in items:
        t = view.add_text(words, 0, y - line_h / 2, size, MUTED, anchor_y="center")
        need = 2 * r * s + 10 * s + t.content_width + 24 * s
        if x > left and x + need > left + col_w:
            x, y = left, y - line_h
        view.legend.append((shape, x + r * s, y - line_h / 2, r * s, color))
        t.position = (x + 2 * r * s + 10 * s, y - line_h / 2)
        fit_font(t, max(1.0, left + col_w - t.x), size, 9)
        view.texts[-1] = (t, max(1.0, left + col_w - t.x))
        x += need
    return y - line_h


def action_row(view: ReviewView) -> list[Button]:
    """The actions below the page, labelled in the language of the moment: Show on the
    table, Play from here, Try the computer's move (where it differs from the one
    played), Learn from your mistakes (where there are some)."""
    show, practice = view.buttons.by_name("show"), view.buttons.by_name("practice")
    tried, quiz = view.buttons.by_name("try"), view.buttons.by_name("quiz")
    show.label.set(_("Show on the table"))
    practice.label.set(_("Play from here"))
    # TRANSLATORS: a button of the review: a practice deal from the position after the
    # computer's move instead of the player's (the start of the line shown under it)
    tried.label.set(_("Try the computer's move"))
    quiz.label.set(_("Learn from your mistakes"))
    show.visible = practice.visible = view.journal is not None
    show.enabled = practice.enabled = view.verdict is not None
    v = view.verdict
    tried.visible = show.visible and v is not None and not v.forced and v.best != v.played
    quiz.visible = show.visible and not view.running and bool(positions(view.review))
    return [b for b in (show, practice, tried, quiz) if b is show or b.visible]


def try_best(view: ReviewView) -> None:
    """Try the computer's move: a practice deal from the position after it (the real
    cards, the computers at the deal's level), where its line starts."""
    from game.session.replay import practice

    v, j = view.verdict, view.journal
    if v is None or j is None or view.key is None or v.best == v.played:
        return
    tried = Journal(j.game, j.seed, list(j.deck), dict(j.options), [*j.moves[:v.index], v.best],
                    dict(j.meta))
    try:
        session = practice(tried, v.index + 1, view.seat)
    except Exception as exc:
        log.warning("practice after %s: %s", v.best, exc)
        view.error = _("This position cannot be played again: {why}").format(why=exc)
        view.relayout()
        return
    open_scene(view.window, "table", game=view.key, session=session)


def line_text(view: ReviewView, v: Verdict, move: str, line: tuple[str, ...], seat: int
              ) -> str:
    """The line after ``move`` in words: of best play where the verdict is certain, else
    what most often followed in the review's play-outs (game.review.line; its replay
    kept by the view, the words made anew in the language of the moment)."""
    from game.review.line import best_play_words, replayed, sentence

    if v.certain:
        return best_play_words(view.journal, seat, view.style, v.index, move, line)

    key = (v.index, move, line)
    if key not in view.lines:
        view.lines[key] = replayed(view.journal, seat, v.index, move, line)
    got = view.lines[key]
    if got is None or view.key is None:
        return ""
    return sentence(view.key, seat, got[0], got[1], view.style)
