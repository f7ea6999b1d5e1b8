"""Following every play (issue 40), through the real window at default settings: no
computer's action covers another computer's sooner than the gap after it landed (in the
table's own clock: the frames' dt), after each computer action the log and the seat's
last play say it; H then Enter plays the hint from every focus state; Esc and a click on
the felt clear the focus; Enter in the result's first second does not skip it."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.rules import GAMES
from game.scenes.table_view import HUMAN, TableView
from game.session import Change
from game.session.pacer import GAP
from game.tools.drive import pump
from game.ui.keyboard import Item

from .test_ui_help import key, open_at_human_turn, quick_hard, wait_hint
from .ui_helpers import tap

pytestmark = pytest.mark.ui
K = arcade.key
DT = 1 / 60
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 2}),
          ("autobus", {"players": 4})]
HINT_TABLES = TABLES[:4]
__all__ = ["quick_hard"]          # the fixture, used by name


def hint_and_enter(app: CardClubWindow, view: TableView) -> str:
    """H, the hint's thinking, then Enter: the move played (it must be the hint)."""
    key(app, K.H)
    wait_hint(app, view)
    move = view.help.hinted
    assert move is not None, "no hint came"
    before = len(view.session.journal.moves)
    key(app, K.ENTER)
    assert view.session.journal.moves[before:before + 1] == [str(move)]
    return str(move)


def shown_in_the_log(view: TableView, seat: int) -> None:
    """The log's newest lines name the seat, the text drawn holds the newest line, and
    where the table says a seat's last play, its label says it, inside the window."""
    log = view.log
    name = view.info.seat_name(seat, view.session.human)
    assert any(line.startswith(name) for line in log.book.tail(2)), log.book.tail(2)
    assert log.shown_text().endswith(log.book.tail(1)[0])
    if view.layout.last_play_at(seat) is not None and seat != view.session.human:
        label = log.plays[seat].text
        one_line = view.layout.last_play_room(seat) is not None    # its newest, briefly
        assert label.text == (log.book.newest if one_line else log.book.last).get(seat, "")
        if label.text:
            assert 0 <= label.left and label.right <= view.layout.w, label.text
            assert 0 <= label.bottom and label.top <= view.layout.h, label.text


@pytest.mark.parametrize("game, options", TABLES)
def test_a_computers_action_stays_until_read(app: CardClubWindow, quick_hard: None,
                                             game: str, options: dict[str, Any]) -> None:
    from game.scenes.tables import table_class

    app.settings.animation_scale = 1.0            # the defaults: normal motion and pace
    app.settings.opponent_pace = 1.0
    app.think_scale = 1.0
    n = GAMES[game].new(seed=6, **options).num_players
    # a table with one computer is watched with the computer in your seat too
    ai = None if n > 2 else tuple(range(n))
    view = table_class(game)(app, seed=6, options=options, ai_seats=ai)
    app.show_view(view)
    ais = view.session.ai_seats
    clock = [0.0]
    played: list[tuple[float, int | None]] = []      # (table time, seat) of every move

    def seen(change: Change) -> None:
        if change.kind == "move":
            played.append((clock[0], change.seat))

    view.session.subscribe(seen)
    landed: dict[int, float] = {}                   # move index -> when it came to rest
    checked: set[int] = set()

    def gaps() -> list[float]:
        """From a computer's action at rest to the next, another computer's, action."""
        out = []
        for i in range(1, len(played)):
            (_, a), (t, b) = played[i - 1], played[i]
            if a in ais and b in ais and a != b and i - 1 in landed:
                out.append(t - landed[i - 1])
        return out

    for _ in range(9000):
        if view.result_visible or len(gaps()) >= 3:
            break
        if view.human_to_act and not view.animating:
            hint_and_enter(app, view)
            continue
        start = clock[0]
        clock[0] += DT
        pump(app, 1, DT)
        i = len(played) - 1
        if i >= 0 and i not in landed and not view.animating:
            landed[i] = start                  # the frame the cards came to rest in
        seat = played[i][1] if i >= 0 else None
        if seat in ais and i not in checked and i in landed and not view.words_due:
            checked.add(i)
            assert seat is not None
            shown_in_the_log(view, seat)
    measured = gaps()
    print(game, options, "gaps", [round(g, 3) for g in measured])   # the figures (-s)
    assert measured, f"no two computers' actions followed each other ({played})"
    assert min(measured) >= GAP - 1e-6, f"gaps {[round(g, 3) for g in measured]}"
    assert checked, "no computer action was checked in the log"


@pytest.mark.parametrize("focus", ["card", "button", "panel"])
@pytest.mark.parametrize("game, options", HINT_TABLES)
def test_h_then_enter_plays_the_hint_from_any_focus(app: CardClubWindow, quick_hard: None,
                                                    game: str, options: dict[str, Any],
                                                    focus: str) -> None:
    view = open_at_human_turn(app, game, options)
    kb = view.keyboard
    if focus == "panel":
        key(app, K.L)                                   # the whole log, over the table
        assert view.log.panel.visible and view.modal_open
        key(app, K.TAB)
        assert kb.focus is not None and kb.focus.key in view.log.panel.buttons.buttons
        key(app, K.L)
        assert not view.log.panel.visible
    else:
        for _ in range(40):
            key(app, K.TAB)
            if kb.focus is not None and kb.focus.kind == focus:
                break
        if kb.focus is None or kb.focus.kind != focus:
            kb.focus = Item("button", view.bar.by_name("rules"))   # no card to focus
    hint_and_enter(app, view)


@pytest.mark.parametrize("game, options", HINT_TABLES)
def test_esc_and_a_felt_click_clear_the_focus(app: CardClubWindow, game: str,
                                              options: dict[str, Any]) -> None:
    view = open_at_human_turn(app, game, options)
    kb = view.keyboard
    key(app, K.TAB)
    assert kb.focus is not None
    key(app, K.ESCAPE)
    assert kb.focus is None and not view.paused          # the first Esc: the focus goes
    key(app, K.ESCAPE)
    assert view.paused                                   # the next pauses, as before
    key(app, K.ESCAPE)
    assert not view.paused
    key(app, K.TAB)
    assert kb.focus is not None
    moves = list(view.session.journal.moves)
    x, y = felt_point(view)
    tap(app, x, y)
    assert kb.focus is None and view.session.journal.moves == moves


def felt_point(view: TableView) -> tuple[float, float]:
    """A point of bare felt: no card, no target, no button, not the log."""
    L = view.layout
    places = {t.place for t in view.cards.board.tokens()}
    buttons = [*view.actions.buttons, *view.bar.buttons]
    b = view.log.box
    for y in range(int(L.h - L.bar_h - 20), 20, -23):
        for x in range(20, int(L.w) - 20, 31):
            if view.cards.token_at(x, y, places) is None and view.target_at(x, y) is None \
                    and not any(abs(x - k.cx) <= k.w / 2 + 4 and abs(y - k.cy) <= k.h / 2 + 4
                                for k in buttons if k.visible) \
                    and not (abs(x - b.cx) <= b.w / 2 and abs(y - b.cy) <= b.h / 2):
                return x, y
    raise AssertionError("no bare felt")


def test_enter_in_the_results_first_second_does_not_skip_it(app: CardClubWindow) -> None:
    view = open_at_human_turn(app, "durak", {})
    view.surrender()
    assert view.result_visible
    pump(app, 30)                                   # half a second of the table's clock
    key(app, K.ENTER)
    assert view.result_panel.visible
    assert app.current_view is view
    pump(app, 40)                                   # over a second: Enter means Next game
    key(app, K.ENTER)
    assert app.current_view is not view


def test_the_log_opens_with_a_tap_and_pages(app: CardClubWindow) -> None:
    view = open_at_human_turn(app, "paodekuai", {})
    view.play(view.human_moves()[0])
    app.think_scale = 0.0
    for _ in range(3000):
        pump(app)
        if view.human_to_act and not view.animating and not view.words_due:
            break
    app.think_scale = 1000.0
    b = view.log.box
    assert len(view.log.book.lines) >= 3
    tap(app, b.cx, b.cy)
    assert view.log.panel.visible and view.modal_open
    assert view.log.book.lines[-1].text in view.log.panel.text.text.text
    key(app, K.ESCAPE)
    assert not view.log.panel.visible and not view.paused
    assert view.human_to_act and HUMAN not in view.session.ai_seats


def test_the_replay_reads_the_log_too(app: CardClubWindow) -> None:
    from .test_replay import frames, press, recorded

    s = recorded("paodekuai", 21)
    view: Any = app.open("replay", deal_id=s.journal.deal_id)
    frames(app)
    rc = view.replay_controls
    moves = [line for line in view.log.book.lines if line.seat is not None]
    assert moves == []
    for _ in range(3):
        press(app, rc.row.by_name("step"))
    frames(app, 30)
    said = [line.text for line in view.log.book.lines if line.seat is not None]
    assert len(said) == 3 and view.log.shown_text().endswith(said[-1])
    press(app, rc.row.by_name("back_one"))
    frames(app, 30)
    assert len([line for line in view.log.book.lines if line.seat is not None]) == 2
    key(app, K.END)
    frames(app, 30)
    assert len([line for line in view.log.book.lines if line.seat is not None]) >= \
        len(s.journal.moves)


def test_a_games_first_deal_says_once_where_the_pace_is_set(
        app: CardClubWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.table import log

    monkeypatch.setattr(log, "PACE_TOLD", set())
    app.think_scale = 1000.0
    first = open_dealt(app, "durak")
    assert [line.text for line in first.log.book.lines] == [
        "Too fast or too slow? Set the opponents' pace in Settings."]
    assert first.log.shown_text() == first.log.book.lines[0].text     # drawn
    again = open_dealt(app, "durak")
    assert again.log.book.lines == []


def open_dealt(app: CardClubWindow, game: str) -> TableView:
    from game.scenes.tables import table_class

    view = table_class(game)(app, seed=3)
    app.show_view(view)
    pump(app, 3)
    return view


def test_a_new_line_of_the_log_lays_out_only_itself(app: CardClubWindow,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line is a label of its own: a new line is laid out once, the older ones move
    up as they are; the rows stack as one text of those lines would (the same place)."""
    import pyglet.text.layout.base as base

    from game.scenes.table.log import SHOWN
    from game.ui.widgets import Label

    app.think_scale = 1000.0
    view = open_dealt(app, "dudak")
    log = view.log
    for k in range(8):
        log.book.note(f"line {k} " + "word " * (k % 3 * 8))    # some wrap, some do not
    log.refresh()
    before = {i: log.rows[i] for i in log.shown}
    laid: list[str] = []
    update = base.TextLayout._update

    def counted(layout: Any) -> None:
        if layout.document.text:
            laid.append(layout.document.text)
        update(layout)

    monkeypatch.setattr(base.TextLayout, "_update", counted)
    log.book.note("one more")
    log.refresh()
    monkeypatch.setattr(base.TextLayout, "_update", update)
    assert laid == ["one more"]
    n = len(log.book.lines)
    assert log.shown == list(range(n - len(log.shown), n)) and len(log.shown) >= 2
    assert all(log.rows[i] is before[i] for i in log.shown if i in before)
    assert log.shown_text() == "\n".join(log.book.tail(len(log.shown)))
    b, s = log.box, view.layout.s
    rows = [log.rows[i].text for i in log.shown]
    assert rows[0].y == round(b.cy + b.h / 2 - 5 * s)
    for upper, lower in zip(rows, rows[1:], strict=False):
        assert lower.x == upper.x and lower.y == upper.y - upper.content_height
    whole = Label(log.shown_text(), rows[0].font_size, anchor_x="left", anchor_y="top",
                  multiline=True, width=rows[0].width)
    assert sum(t.content_height for t in rows) == whole.text.content_height
    assert whole.text.content_height <= b.h - 8 * s       # the lines fit the box
    more = "\n".join(log.book.tail(len(log.shown) + 1))
    whole.set(more)
    assert whole.text.content_height > b.h - 8 * s or len(log.shown) == SHOWN
