"""Issue 37, item 4: History rows show the deal's number, as the player types it to deal
the same cards again; a deal the number alone does not deal again (one that followed
another, with its dealer from it; an older row without its journal) shows a dash."""
from __future__ import annotations

import json

import arcade
import pytest

from game.app import CardClubWindow
from game.scenes.history_view import HistoryView
from game.scenes.table_view import TableView
from game.session import DealSession
from game.store import files, history, outbox
from game.store.history_queries import deal_number
from game.tools.drive import pump
from tests.test_numbered_deal import key, open_entry, type_text
from tests.test_review_view import _row_point
from tests.ui_helpers import tap, until_read

NUMBER = 48213


def _record(key_: str, seed: int, **options: object) -> DealSession:
    s = DealSession(key_, level="random", ai_seats=tuple(range(4)), seed=seed,
                    options=dict(options), pace=lambda: 0.0)
    list(s.run())
    assert s.is_over
    files.writer.flush()
    outbox.flush()
    return s


def test_a_deal_s_number_is_its_seed_where_the_menu_deals_it_again() -> None:
    from game.rules import GAMES

    for key_ in GAMES:
        for players in GAMES[key_].players_allowed:
            opts = {"players": players} if len(GAMES[key_].players_allowed) > 1 else {}
            dealt = GAMES[key_].new(seed=NUMBER, **opts).options()
            assert deal_number(key_, NUMBER, json.dumps(dealt)) == NUMBER
            other = dict(dealt, dealer=(dealt.get("dealer", 0) + 1) % 4)
            assert deal_number(key_, NUMBER, json.dumps(other)) is None   # after another
    assert deal_number("durak", 0, "{}") is None
    # a shared table's number (drawn past 2**48, read from the journal as JSON text:
    # past 2**63 SQLite would make it a float)
    assert deal_number("durak", 10 ** 9, "{}") == 10 ** 9
    assert deal_number("durak", str(2 ** 64 - 1), "{}") == 2 ** 64 - 1
    assert deal_number("durak", "7", "{}") == 7 and deal_number("durak", 7, "[") is None
    for bad in (str(2 ** 64), "-7", "7.5", "1e9", 2.0 ** 60, True):
        assert deal_number("durak", bad, "{}") is None, bad
    assert deal_number("chess", 7, "{}") is None


def test_the_rows_carry_their_number_stored_and_while_held() -> None:
    s = _record("durak", NUMBER)
    row = next(r for r in history.deals("durak") if r.deal_id == s.journal.deal_id)
    assert row.number == NUMBER
    after = _record("dudak", 77)
    from game.rules import GAMES

    carried = after.next_options()
    # a number whose own deal has another dealer than the one carried over (a random
    # number shared it one time in four, and the row then rightly showed its number)
    seed = next(k for k in range(1, 100)
                if GAMES["dudak"].new(seed=k).options().get("dealer") != carried.get("dealer"))
    nxt = DealSession("dudak", level="random", ai_seats=(0, 1, 2, 3), seed=seed,
                      options=carried, pace=lambda: 0.0)
    list(nxt.run())
    files.writer.flush()
    outbox.flush()
    rows = {r.deal_id: r for r in history.deals("dudak")}
    assert rows[after.journal.deal_id].number == 77
    assert rows[nxt.journal.deal_id].number is None      # its dealer came from the last
    history.record_deal("durak", "easy", 2, 30, "loss", 0.0, deal_id="0" * 32)
    old = next(r for r in history.deals("durak") if r.deal_id == "0" * 32)
    assert old.number is None and not old.has_replay


@pytest.mark.ui
def test_the_number_on_a_history_row_deals_the_same_cards_from_the_menu(
        app: CardClubWindow) -> None:
    """The row says "48 213"; typed at the menu's numbered deal, it deals the cards the
    recorded deal began with."""
    s = _record("durak", NUMBER)
    view = app.open("history", game="durak")
    pump(app, 2)
    until_read(app, view)
    assert isinstance(view, HistoryView)
    assert "48\u00a0213" in view.drawn_texts() and "Deal number" in view.drawn_texts()
    # the row is the deal: a tap on it offers its replay
    tap(app, *_row_point(view, s.journal.deal_id))
    assert view.choice is not None and "Deal 48\u00a0213" in view.choice.title.text.text
    close = view.choice.buttons.by_name("close")
    tap(app, close.cx, close.cy)
    # typed at the menu, as the row writes it
    m = open_entry(app, "durak")
    type_text(app, "48213")
    assert m.entry.field.text.text == "48\u00a0213"
    key(app, arcade.key.ENTER)
    table = app.current_view
    assert isinstance(table, TableView)
    first = s.journal.start_state()
    assert table.session.game.observation(0)["hand"] == first.observation(0)["hand"]
    assert table.session.number == NUMBER


def test_a_shared_deal_s_number_deals_it_again_from_its_history_row(
        app: CardClubWindow) -> None:
    """A shared table's deal has a number far past six digits (drawn secretly; past
    2**63 here, which SQLite reads only as text): its row shows a dash where a typed
    number would be, its choice names the number, and "Deal again" (a tap, no motion)
    deals the same cards."""
    from game.i18n import grouped

    big = (1 << 63) + 987_654_321
    s = _record("durak", big)
    view = app.open("history", game="durak")
    pump(app, 2)
    until_read(app, view)
    assert isinstance(view, HistoryView)
    row = next(r for r in view.rows if r.deal_id == s.journal.deal_id)
    assert row.number == big and grouped(big) not in view.drawn_texts()
    tap(app, *_row_point(view, s.journal.deal_id))
    assert view.choice is not None and grouped(big) in view.choice.title.text.text
    again = view.choice.buttons.by_name("again")
    tap(app, again.cx, again.cy)
    table = app.current_view
    assert isinstance(table, TableView)
    first = s.journal.start_state()
    assert table.session.game.observation(0)["hand"] == first.observation(0)["hand"]
    assert table.session.number == big
