"""Issue 40: at 960x600, in every language, History, the review and each table's result
panel keep every text inside its box: the History title in its room, its last row and the
review's last line scrolled whole into view, a result's lines above its buttons (texts
measured as tests/test_text_fits.py does)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.scenes.menu import table_ready
from game.store import history
from game.tools.drive import pump

from .test_text_fits import check_panel

pytestmark = pytest.mark.ui

LANGS = list(i18n.LANGUAGES)
W, H = 960, 600
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 4})]


@pytest.fixture
def small(app: CardClubWindow) -> Iterator[CardClubWindow]:
    app.set_size(W, H)
    app.dispatch_event("on_resize", W, H)
    yield app
    i18n.set_language("en")
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)
    app.show_view(arcade.View(app))


def page_fits(view: Any, where: str) -> list[str]:
    """Every text of a page inside its box and the content's sides, the title in its
    room; scrolled to the end, the lowest text and box lie whole inside the content."""
    bad: list[str] = []
    c = view.content
    for t, box in view.texts:
        if t.content_width > box + 1:
            bad.append(f"{where}: {t.text[:40]!r} {t.content_width:.0f} > {box:.0f}")
        if t.left < c.left - 1 or t.left + t.content_width > c.right + 1:
            bad.append(f"{where}: {t.text[:40]!r} leaves the page's sides")
    if view.title.text.content_width > view.title_box + 1:
        bad.append(f"{where}: the title {view.title.text.text!r} overflows")
    view.scroll_to(view.max_scroll)
    lowest = min([t.bottom for t, _ in view.texts] + [r.bottom for r, _ in view.rects])
    if lowest + view.scroll < c.bottom - 1:
        bad.append(f"{where}: the lowest line is {c.bottom - lowest - view.scroll:.0f} px "
                   f"below the page even scrolled to the end")
    return bad


@pytest.mark.parametrize("lang", LANGS)
def test_history_fits_and_its_last_row_scrolls_into_view(small: CardClubWindow,
                                                         lang: str) -> None:
    from game.scenes.history_view import HistoryView

    from .ui_helpers import until_read

    for i in range(14):
        history.record_deal("autobus", "normal", 3, 99, ["win", "loss", "draw"][i % 3], -3.0,
                            deal_id=f"{i:032x}", surrendered=i == 4)
    i18n.set_language(lang)
    view = HistoryView(small, game="autobus")
    small.show_view(view)
    pump(small, 2)
    until_read(small, view)
    pump(small, 2)
    bad = page_fits(view, f"history {lang}")
    top, low, _row = view.row_boxes[-1]
    short = view.content.bottom - low - view.scroll
    if short > 1:
        bad.append(f"history {lang}: the last row stays {short:.0f} px below the page")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_fits_and_its_last_line_scrolls_into_view(small: CardClubWindow,
                                                             lang: str) -> None:
    from game.scenes.review_view import ReviewView

    from .test_review_view import durak_journal, durak_review

    journal = durak_journal()
    i18n.set_language(lang)
    view = ReviewView(small, journal=journal, deal_id="a" * 32, review=durak_review(journal))
    small.show_view(view)
    pump(small, 3)
    bad = page_fits(view, f"review {lang}")
    assert not bad, "\n".join(bad)


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    """One deal of each table played to its end by the computers (no window)."""
    from game.session import DealSession

    out: dict[str, Any] = {}
    for key, opts in TABLES:
        s = DealSession(key, level="random", ai_seats=tuple(range(4)), seed=8,
                        options=opts, pace=lambda: 0.0, save=False)
        list(s.run())
        out[key] = s
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,options", TABLES, ids=[g for g, _ in TABLES])
def test_a_real_result_panel_fits(small: CardClubWindow, finished: dict[str, Any], lang: str,
                                  game: str, options: dict[str, Any]) -> None:
    from game.scenes.tables import table_class

    if not table_ready(game):
        pytest.skip(f"no {game} table in this build")
    i18n.set_language(lang)
    small.think_scale = 0.0
    view = table_class(game)(small, session=finished[game])
    small.show_view(view)
    view.dialogs.show_result()
    pump(small, 2)
    panel = view.result_panel
    bad: list[str] = []
    check_panel(panel, f"{game} result {lang}", bad)
    cx, cy, pw, ph = panel.box
    text = panel.text.text
    buttons_top = max(b.cy + b.h / 2 for b in panel.buttons.buttons if b.visible)
    if text.bottom < buttons_top - 1:
        bad.append(f"{game} {lang}: the result's lines run into its buttons")
    if cy + ph / 2 > H or cy - ph / 2 < 0:
        bad.append(f"{game} {lang}: the panel leaves the window")
    lowest = min(b.cy - b.h / 2 for b in panel.buttons.buttons if b.visible)
    if lowest < cy - ph / 2 - 1:
        bad.append(f"{game} {lang}: a button sticks out under the panel")
    assert not bad, "\n".join(bad)


def paodekuai_plays() -> list[tuple[str, dict[str, Any]]]:
    """A play of each Pao De Kuai shape in every rank it comes in (each says its rank or
    its ends), the heavenly bomb and the longest straights and runs of pairs."""
    from game.games.paodekuai.rules import ORDER, PaoDeKuai, classify

    deck = PaoDeKuai.full_deck()
    plays: list[tuple[str, dict[str, Any]]] = [("play 3H 3S 3D 3C", {"opening": True})]
    for r in ORDER:
        cards = [c for c in deck if c[0] == r]
        plays += [("play " + " ".join(cards[:n]), {}) for n in range(1, len(cards) + 1)]
    top = ORDER.index("A")
    for low in range(top):                         # straights and runs of pairs to the ace
        ranks = ORDER[low:top + 1]
        for each in (1, 2) if len(ranks) >= 5 else (2,):
            cards = [c for r in ranks for c in [x for x in deck if x[0] == r][:each]]
            plays.append(("play " + " ".join(cards), {}))
    assert all(classify(m.split()[1:], bool(o.get("opening"))) for m, o in plays)
    return plays


@pytest.mark.parametrize("lang", LANGS)
def test_paodekuai_plays_fit_the_log_and_the_last_play(small: CardClubWindow,
                                                       lang: str) -> None:
    """Each shape's words, from the second computer (the longer name), fit the log's box
    (the newest line whole in it) and wrap inside its last-play label in the window."""
    from game.rules import Move
    from game.scenes.table.log import PLAY_W
    from game.scenes.tables import table_class

    i18n.set_language(lang)
    small.think_scale = 1000.0
    view = table_class("paodekuai")(small, seed=4)
    small.show_view(view)
    pump(small, 3)
    log, L = view.log, view.layout
    seat = 2 if view.session.human != 2 else 1
    bad: list[str] = []
    for move, obs in paodekuai_plays():
        log.book.record(seat, Move.parse(move), obs, [])
        log.refresh()
        b, row = log.box, log.rows[log.shown[-1]].text
        if row.content_height > b.h - 8 * L.s or row.content_width > row.width:
            bad.append(f"{lang}: {row.text!r} leaves the log's box")
        lab = log.plays[seat].text
        if lab.content_width > PLAY_W * L.s + 1 or lab.left < 0 or lab.right > W \
                or lab.bottom < 0:
            bad.append(f"{lang}: {lab.text!r} leaves its place ({lab.content_width:.0f} px)")
    assert not bad, "\n".join(bad[:12])
