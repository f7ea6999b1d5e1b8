"""The History screen: the profile's level and XP, then per game the statistics by AI level
(deals, win rate, best streak, average score) and the past deals (date, level, result,
score), all from the SQLite history (``game.store.history``).  A tab per game, Back to the
menu, a page that scrolls by wheel, drag or keys.  The history is read in one bounded wait:
while another program holds it locked the page says so, stays live, and reads again
every :data:`RETRY` seconds.  The history is read off the window's thread
(:class:`~game.ui.background.Fetch`), a page of :data:`PAGE` deals at a time, so that no
history size makes the window wait: until a read is back the page says "Loading…"."""
from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import RGBOrA255

from game.ai import levels
from game.games import ORDER, SPECS
from game.i18n import _, date_time, grouped, ngettext, number, percent, signed
from game.rules import GAMES
from game.rules.rng import DEAL_NUMBERS
from game.scenes.history_parts import (
    BAD,
    CHART_DEALS,
    ROW_SHADE,
    WIN_COLOR,
    chart,
    table,
)
from game.scenes.history_parts import CHART as CHART  # the page's colours, for tests
from game.scenes.history_parts import HELP_MARK as HELP_MARK
from game.store import files, history, saves
from game.ui.background import Fetch
from game.ui.input_stack import PanelLayer
from game.ui.page import ACCENT, INK, MUTED, PageView, open_scene
from game.ui.panels import Panel
from game.ui.widgets import PRIMARY, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.window import Window

#: past deals listed at a time (newer and older: a tap); each row is six texts, and laying
#: out 25 rows took 130 to 290 ms on software GL: 15 keep the frame a page turns in short
PAGE = 15
#: seconds of the page's layout a frame takes at most (then a row more at most: a page
#: laid out at once was the slowest frame of the window, 143 ms at 50,000 deals)
LAYOUT_SLICE = 0.006
#: how long opening History waits for its read before it shows "Loading…" (a fraction of
#: a frame: a quick read then shows at once, with no flash)
WAIT_AT_OPEN = 0.008
RETRY = 1.0                       # seconds between reads while the history is busy


def level_label(game: str, level: str) -> str:
    info = levels(game).get(level, {}) if game in GAMES else {}
    return _(str(info.get("label", level.capitalize())))


def date_text(played_at: str) -> str:
    """The deal's date and time in the player's time zone, as the language writes them
    ("07.12.2026, 15:13")."""
    try:
        when = datetime.strptime(played_at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return played_at[:16]
    return date_time(when.astimezone())


def result_text(row: history.DealRow) -> str:
    """Won / Lost / Draw / Surrendered, marked when the deal was played with help."""
    if row.surrendered:
        return _("Surrendered")
    said = {"win": _("Won"), "loss": _("Lost"), "draw": _("Draw")}.get(row.outcome,
                                                                       row.outcome)
    return _("{result} (with help)").format(result=said) if row.assisted else said


def deal_number_text(row: history.DealRow) -> str:
    """The deal's number as the player types it to deal it again ("48 213"); a dash for
    a deal that has none (a deal after another one, an older row) or whose number is no
    one's to type (a shared table's, far past six digits: the row's "Deal again" deals
    it)."""
    return grouped(row.number) if row.number is not None and row.number < DEAL_NUMBERS \
        else "—"


def _score_shown(game: str) -> str:
    return SPECS[game].score_shown if game in SPECS else "number"


def score_text(game: str, row: history.DealRow) -> str:
    """The seed's history score as the game's spec shows it (``score_shown``): the
    outcome W / L / D (Durak), signed points (Pao De Kuai), or the number (Autobus minus
    the reserve left, Dudák 1 or 0)."""
    shown = _score_shown(game)
    if shown == "outcome":
        return {"win": _("W"), "loss": _("L"), "draw": _("D")}.get(row.outcome, "?")
    if shown == "signed":
        return signed(row.score)
    return number(row.score)


def average_text(game: str, value: float) -> str:
    """The average score, with as many decimals as the game's spec says."""
    places = SPECS[game].average_places if game in SPECS else 1
    if _score_shown(game) == "signed":
        return signed(value, places)
    return number(value, places)


class HistoryView(PageView):
    def __init__(self, window: Window, game: str | None = None,
                 back: Callable[[], None] | arcade.View | None = None, **kw: Any) -> None:
        super().__init__(window, back)
        self.game = game if game in ORDER else ORDER[0]
        self.buttons.add(Button(_("Back"), self.go_back, SECONDARY, name="back"))
        for key in ORDER:
            self.buttons.add(Button(GAMES[key].title, partial(self.select, key),
                                    SECONDARY, name=key))
        self.row_boxes: list[tuple[float, float, history.DealRow]] = []  # top, bottom
        self.page_links: list[tuple[float, float, float, float, int]] = []  # box, offset
        #: the page's layout still to come (it is laid out a few rows a frame)
        self.rest: Iterator[float] | None = None
        self.reached = 0.0                     # how far down the page it has come
        self.choice: Panel | None = None       # what to do with a tapped deal
        self.stack.add(PanelLayer(lambda: self.choice, "choice", on_escape=self.close_choice),
                       above="header")           # over the page and its Back: exclusive
        self.offset = 0                        # the first deal listed (0: the latest)
        self.profile = history.profile_for(0)
        self.stats: list[history.LevelStats] = []
        self.total = 0
        self.rows: list[history.DealRow] = []
        self.latest: list[history.DealRow] = []
        self.history_busy = False
        self.fetch: Fetch[history.Overview] | None = None
        self.notice = ""
        self.load(wait=WAIT_AT_OPEN)
        self.tell(history.take_message(), files.write_problem())
        self.relayout()

    def tell(self, *messages: str | None) -> None:
        """Add messages to the page's notice, each once."""
        for m in messages:
            if m and m not in self.notice:
                self.notice = f"{self.notice} {m}".strip()

    # ----- data ------------------------------------------------------------------------
    @property
    def loading(self) -> bool:
        """A read of the history is on its way (the page says "Loading…")."""
        return self.fetch is not None

    def load(self, wait: float = 0.0) -> None:
        """Read the profile, the statistics, the chart's deals and a page of the list of
        the chosen game (one snapshot, one bounded wait: a locked history leaves
        ``history_busy`` set), on a thread: :meth:`on_update` takes the result."""
        game, offset = self.game, self.offset
        self.fetch = Fetch(lambda: history.overview(game, limit=PAGE, offset=offset,
                                                    latest=CHART_DEALS), "history-read")
        self.retry_at = time.monotonic() + RETRY
        if wait and self.fetch.wait(wait):
            self.take()

    def take(self) -> bool:
        """The read's result onto the page, when it is back; whether it was."""
        fetch = self.fetch
        if fetch is None or not fetch.done:
            return False
        self.fetch = None
        seen = fetch.result
        if seen is None:           # the read failed outright: what a locked history shows
            seen = history.Overview(history.profile_for(0), [], 0, [], busy=True)
        self.profile, self.stats, self.total, self.rows, self.latest = (
            seen.profile, seen.stats, seen.total, seen.rows, seen.latest)
        self.history_busy = seen.busy
        self.retry_at = time.monotonic() + RETRY
        # a damaged database is found by the read, which may come back after the page
        # opened: its message joins the notice then
        self.tell(history.take_message())
        return True

    @property
    def busy(self) -> bool:
        """The page changes on input, while it is still being laid out, and when a read
        comes back (it wakes the window then)."""
        return self.rest is not None

    def on_update(self, delta_time: float) -> None:
        if self.take():                    # (its first slice of layout is this frame's)
            self.relayout()
            self.app.wake()                # drawn now, even if the window had gone idle
        elif self.rest is not None:        # a few rows a frame: no frame lays a whole
            self.go_on(LAYOUT_SLICE)       # page of text out
            self.measure_page(self.reached)
        elif (self.history_busy and self.fetch is None
              and time.monotonic() >= self.retry_at):
            self.load()
        super().on_update(delta_time)

    def select(self, game: str) -> None:
        self.game = game
        self.scroll = 0.0
        self.offset = 0
        self.rows, self.latest, self.stats, self.total = [], [], [], 0
        self.load()                        # ("Loading…" until it is back: a frame or two)
        self.relayout()

    def turn_page(self, offset: int) -> None:
        """List the deals from the ``offset``-th latest on (Newer / Older): the page
        stands until they are read (a frame or two), then lays itself out anew."""
        self.offset = max(0, offset)
        self.load()

    def page_key(self, key: int, modifiers: int) -> bool:
        if key in (arcade.key.LEFT, arcade.key.RIGHT):
            step = 1 if key == arcade.key.RIGHT else -1
            self.select(ORDER[(ORDER.index(self.game) + step) % len(ORDER)])
            return True
        return super().page_key(key, modifiers)

    # ----- layout ----------------------------------------------------------------------
    def layout_header(self, w: int, h: int) -> None:
        s = self.scale
        bar, font, cy, left = self.place_back_header(w, h, _("Back"))
        self.place_title(_("History"), left, w - 14, cy)
        tabs = [self.buttons.by_name(k) for k in ORDER]
        for b in tabs:
            b.label.set(GAMES[b.name].title)
            b.style = PRIMARY if b.name == self.game else SECONDARY
        cy2 = cy - bar - 8
        self.place_row(tabs, 14, w - 14, cy2, bar, max(13.0, 16 * s), fill=True)
        top = cy2 - bar / 2 - 10
        self.content = arcade.LBWH(14, 12, w - 28, top - 12)
        self.page_top = top - 16 * s

    def layout_page(self, w: int, h: int) -> float:
        """The page from its top, as far as one slice of time goes; the frames after go
        on (``go_on``): the words at the top show at once, the rows follow."""
        self.reached = self.page_top
        self.rest = self.steps()
        self.go_on(LAYOUT_SLICE)
        return self.reached

    def go_on(self, seconds: float) -> None:
        """The page's layout for about ``seconds`` more (a row at least)."""
        rest = self.rest
        if rest is None:
            return
        end = time.perf_counter() + seconds
        for y in rest:
            self.reached = y
            if time.perf_counter() >= end:
                return
        self.rest = None

    def steps(self) -> Iterator[float]:
        """The page laid out top down, yielding how far it has come after each part."""
        s = self.scale
        c = self.content
        col_w = min(1000.0, c.width - 48 * s)
        left = c.center_x - col_w / 2
        body = max(13.0, 16 * s)
        head = max(16.0, 21 * s)
        y = self.page_top
        self.row_boxes, self.page_links = [], []
        if self.notice:
            t = self.add_text(self.notice, left, y, body, BAD, width=col_w)
            y -= t.content_height + 12 * s
        if self.loading and not self.rows:
            t = self.add_text(_("Loading…"), left, y, head, MUTED, width=col_w)
            yield y - t.content_height
            return
        if self.history_busy:
            t = self.add_text(_("Your history is busy: another program is using it. Your "
                                "finished deals are kept and show here once it is free."),
                              left, y, body, BAD, width=col_w)
            y -= t.content_height + 12 * s
        y = self._profile(left, y, col_w, body, head)
        y = yield from self._stats(left, y - 18 * s, col_w, body, head)
        y = self._chart(left, y - 18 * s, col_w, body, head)
        yield y
        y = yield from self._deals(left, y - 18 * s, col_w, body, head)
        yield y

    def _profile(self, left: float, y: float, col_w: float, body: float, head: float) -> float:
        s = self.scale
        p = self.profile
        t = self.add_text(_("Level {n}").format(n=p.level), left, y, head, ACCENT, bold=True)
        bar_left = left + t.content_width + 20 * s
        bar_w = min(360 * s, col_w * 0.4)
        bar_h = 14 * s
        mid = y - t.content_height / 2
        self.rects.append((arcade.LRBT(bar_left, bar_left + bar_w, mid - bar_h / 2,
                                       mid + bar_h / 2), (210, 200, 180)))
        self.rects.append((arcade.LRBT(bar_left, bar_left + bar_w * min(1.0, p.progress),
                                       mid - bar_h / 2, mid + bar_h / 2), (200, 150, 50)))
        xp = _("{xp} XP · {left} XP to level {next}").format(
            xp=number(p.xp), left=number(p.next_level_xp - p.xp), next=p.level + 1)
        self.add_text(xp, bar_left + bar_w + 16 * s, mid, body, MUTED,
                      width=max(120.0, left + col_w - bar_left - bar_w - 16 * s),
                      anchor_y="center")
        return y - max(t.content_height, bar_h) - 6 * s

    def _stats(self, left: float, y: float, col_w: float, body: float, head: float
               ) -> Generator[float, None, float]:
        s = self.scale
        t = self.add_text(_("{game}: statistics by level").format(game=GAMES[self.game].title),
                          left, y, head, ACCENT, width=col_w, bold=True)
        y -= t.content_height + 10 * s
        if not self.stats:
            t = self.add_text(_("No finished deals yet: play a deal and it shows here."),
                              left, y, body, MUTED, width=col_w)
            yield y - t.content_height
            return y - t.content_height
        header = [_("Level"), _("Deals"), _("Win rate"), _("Best streak"), _("Average score"),
                  _("With help")]
        rows = [[level_label(self.game, st.level), number(st.deals),
                 percent(st.win_rate) if st.deals else "–", number(st.best_streak),
                 average_text(self.game, st.average_score) if st.deals else "–",
                 number(st.assisted)]
                for st in self.stats]
        y = yield from table(self, left, y, col_w, body, [0.2, 0.12, 0.16, 0.17, 0.2, 0.15],
                             header, rows)
        if any(st.assisted for st in self.stats):
            y -= 6 * s
            t = self.add_text(_("Deals played with hints or undo are counted apart: they "
                                "are not in the other figures."), left, y, body, MUTED,
                              width=col_w)
            y -= t.content_height
        return y

    def _chart(self, left: float, y: float, col_w: float, body: float, head: float) -> float:
        return chart(self, list(reversed(self.latest[:CHART_DEALS])), left, y, col_w, body,
                     head)

    def _deals(self, left: float, y: float, col_w: float, body: float, head: float
               ) -> Generator[float, None, float]:
        s = self.scale
        self.new_batch()
        title = ngettext("Past deals ({n} deal)", "Past deals ({n} deals)", self.total).format(
            n=number(self.total))
        t = self.add_text(title, left, y, head, ACCENT, width=col_w, bold=True)
        y -= t.content_height + 10 * s
        if not self.rows:
            return y
        yield y
        header = [_("Date"), _("Deal number"), _("Level"), _("Result"), _("Score"), _("Moves"),
                  _("Replay")]
        rows = [[date_text(r.played_at), deal_number_text(r), level_label(self.game, r.level),
                 result_text(r), score_text(self.game, r), number(r.moves),
                 _("Open") if r.has_replay else _("no replay")] for r in self.rows]
        colors: list[RGBOrA255] = [WIN_COLOR if r.outcome == "win" else
                                         BAD if r.surrendered else INK for r in self.rows]
        boxes: list[tuple[float, float]] = []
        rows_out = table(self, left, y, col_w, body, [0.2, 0.13, 0.13, 0.16, 0.1, 0.11, 0.17],
                         header, rows, colors, boxes)
        for y in rows_out:                     # the header, then every row's place: a tap
            yield y                            # finds its row while the words still come
            if len(boxes) == len(self.rows):
                break
        self.row_boxes = [(top, low, r) for (top, low), r in zip(boxes, self.rows,
                                                                 strict=True)]
        self.rows_x = (left, left + col_w)
        y = yield from rows_out
        if self.total > len(self.rows):
            y -= 8 * s
            first = self.offset + 1
            t = self.add_text(_("Deals {first} to {last} of {total}, the latest first").format(
                first=number(first), last=number(self.offset + len(self.rows)),
                total=number(self.total)), left, y, body, MUTED, width=col_w)
            y -= t.content_height + 10 * s
            links = []
            if self.offset > 0:
                links.append((_("‹ Newer deals"), max(0, self.offset - PAGE)))
            if self.offset + len(self.rows) < self.total:
                links.append((_("Older deals ›"), self.offset + PAGE))
            x = left
            for label, target in links:
                t = self.add_text(label, x, y, body * 1.1, ACCENT, bold=True)
                pad = 10 * s
                self.rects.append((arcade.LRBT(x - pad, x + t.content_width + pad,
                                               y - t.content_height - pad, y + pad),
                                   ROW_SHADE))
                self.page_links.append((x - pad, x + t.content_width + pad,
                                        y - t.content_height - pad, y + pad, target))
                x += t.content_width + 40 * s
            y -= (t.content_height + 40 * s) if links else 0     # the boxes' pad, a margin
        return y

    # ----- a past deal: replay or review -------------------------------------------------
    def on_page_tap(self, x: float, y: float) -> None:
        """A tap on a past deal's row (anywhere on it) asks what to do with that deal; a
        tap on Newer / Older lists those deals."""
        for x0, x1, y0, y1, target in self.page_links:
            if x0 <= x <= x1 and y0 <= y <= y1 and not self.loading:
                self.turn_page(target)
                return
        left, right = getattr(self, "rows_x", (0.0, 0.0))
        if not left <= x <= right:
            return
        row = next((r for top, low, r in self.row_boxes if low <= y <= top), None)
        if row is not None:
            self.ask_about(row)

    def ask_about(self, row: history.DealRow, why: str | None = None) -> None:
        """A small choice over the page: Replay or Review the deal (or, for a deal kept
        from before replays, a sentence saying there is none; with ``why``, that)."""
        title = f"{date_text(row.played_at)} · {result_text(row)}"
        if row.number is not None:
            title += " · " + _("Deal {number}").format(number=grouped(row.number))
        if row.has_replay and why is None:
            lines = [_("Watch the deal again, or see how your decisions compare with the "
                       "computer's.")]
            buttons = [Button(_("Replay"), lambda: self.open_deal("replay", row), PRIMARY,
                              name="replay"),
                       Button(_("Review"), lambda: self.open_deal("review", row), PRIMARY,
                              name="review")]
            if row.number is not None:
                buttons.append(Button(_("Deal again"), lambda: self.deal_again(row),
                                      SECONDARY, name="again"))
            buttons.append(Button(_("Close"), self.close_choice, SECONDARY, name="close"))
        else:
            lines = [why or _("There is no replay for this deal: it was played before Card "
                              "Club kept them.")]
            buttons = [Button(_("OK"), self.close_choice, SECONDARY, name="close")]
        self.choice = Panel(title, lines, buttons, columns=len(buttons))
        self.choice.place(self.window.width, self.window.height)
        self.choice.visible = True

    def close_choice(self) -> None:
        self.choice = None

    def deal_again(self, row: history.DealRow) -> None:
        """A new deal of the row's number, from the menu (which asks first when a deal
        of that game is in progress): the same cards, a shared table's deal too."""
        self.choice = None
        menu = self.window.open("menu")
        start = getattr(menu, "start", None)
        if callable(start) and row.number is not None:
            start(self.game, seed=row.number)

    def reopen(self) -> Callable[[], None]:
        """What Back does from a replay or a review: History again, on this game's tab."""
        window, game, back = self.window, self.game, self.back
        return lambda: open_scene(window, "history", game=game, back=back)

    def open_deal(self, scene: str, row: history.DealRow) -> None:
        """The deal's replay or review, from its journal read through the one checked
        path (``saves.stored_journal``); a damaged record is said over the page, naming
        the deal, and stays in the history."""
        self.choice = None
        try:
            journal = saves.stored_journal(row.deal_id)
        except ValueError as exc:
            self.ask_about(row, _("The record of this {game} deal of {date} is damaged, so "
                                  "it cannot be replayed or reviewed ({why}). The deal stays "
                                  "in your history.").format(game=GAMES[self.game].title,
                                                             date=date_text(row.played_at),
                                                             why=files.reason(exc)))
            return
        if journal is None:            # busy, or none kept: say so instead of opening
            self.ask_about(replace(row, has_replay=False))
            return
        open_scene(self.window, scene, deal_id=row.deal_id, journal=journal.to_dict(),
                   back=self.reopen())

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        if self.choice is not None:
            self.choice.place(width, height)

    def on_draw(self) -> None:
        super().on_draw()
        if self.choice is not None:
            self.choice.draw(self.window.width, self.window.height)

    def draw_header(self) -> None:
        self.title.draw()
        super().draw_header()

    def drawn_texts(self) -> list[str]:
        shown = super().drawn_texts() + [self.title.text.text]
        if self.choice is not None:
            shown += [self.choice.title.text.text, self.choice.text.text.text]
            shown += [b.label.text.text for b in self.choice.buttons.buttons]
        return shown
