"""Numbered deals (issue 29, item 1): a tile's "Play a numbered deal…" opens a panel to
type a deal's number (keys, the on-screen keypad or the clipboard); Play starts a new deal
of that number, whose cards are the engine's deal of that seed; the clipboard helper."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.i18n import _
from game.rules import GAMES
from game.scenes.menu import MenuView, table_ready
from game.scenes.table_view import TableView
from game.store import saves
from game.tools.drive import pump
from game.ui import clipboard
from game.ui.number_entry import NumberEntry, digits_of, grouped
from game.ui.widgets import Button
from tests.ui_helpers import tap

pytestmark = pytest.mark.ui

NUMBER = 48213
GAME_KEYS = [k for k in ("durak", "paodekuai", "dudak", "autobus") if table_ready(k)]
ERROR = "Type a number from 1 to 999\u00a0999."


@pytest.fixture(autouse=True)
def _keep_settings(app: CardClubWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing two players at Autobus is remembered: not beyond the test."""
    monkeypatch.setattr(app.settings, "players", dict(app.settings.players))


def menu(app: CardClubWindow) -> MenuView:
    app.show_menu()
    pump(app, 2)
    m = app.current_view
    assert isinstance(m, MenuView)
    return m


def click(app: CardClubWindow, b: Button) -> None:
    """A real press and release in the middle of ``b`` (it must be shown)."""
    assert b.visible and b.enabled, b.name
    tap(app, b.cx, b.cy)


def open_entry(app: CardClubWindow, key: str) -> MenuView:
    m = menu(app)
    tile = next(t for t in m.tiles if t.key == key)
    click(app, tile.numbered)
    assert m.entry.visible and m.entry_game == key
    assert app.current_view is m
    return m


def type_text(app: CardClubWindow, text: str) -> None:
    for ch in text:
        app.dispatch_event("on_text", ch)
    pump(app, 1)


def key(app: CardClubWindow, symbol: int, modifiers: int = 0) -> None:
    app.dispatch_event("on_key_press", symbol, modifiers)
    app.dispatch_event("on_key_release", symbol, modifiers)
    pump(app, 1)


def table_of(app: CardClubWindow, key_: str) -> tuple[TableView, dict[str, Any]]:
    """The table now shown (for Autobus after choosing two players, as a player does when
    the table asks), with the options of its deal."""
    view = app.current_view
    assert isinstance(view, TableView) and view.key == key_, view
    options: dict[str, Any] = {}
    if key_ == "autobus":
        assert view.choosing           # a new deal of Autobus asks who sits down
        click(app, view.players_panel.buttons.by_name("players2"))
        view = app.current_view
        assert isinstance(view, TableView) and view.key == "autobus"
        options = {"players": 2}
    return view, options


def assert_dealt(view: TableView, key_: str, number: int, options: dict[str, Any]) -> None:
    assert view.session.number == number
    expected = GAMES[key_].new(seed=number, **options)
    assert view.session.game.num_players == expected.num_players
    # the whole deal as dealt, and the human's hand (the computers may have moved)
    assert list(view.session.journal.deck) == list(expected.deck)
    assert view.session.journal.options == expected.options()
    assert view.session.game.observation(0)["hand"] == expected.observation(0)["hand"]
    assert _("Deal {number}").format(number=grouped(number)) in view.hud.level_text


# ----- starting a deal ----------------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_KEYS)
def test_typed_number_and_enter_deal_the_engines_cards(app: CardClubWindow, game: str) -> None:
    m = open_entry(app, game)
    type_text(app, "48213")
    assert m.entry.digits == "48213"
    assert m.entry.field.text.text == "48\u00a0213"
    key(app, arcade.key.ENTER)
    view, options = table_of(app, game)
    assert_dealt(view, game, NUMBER, options)
    pump(app, 2)


@pytest.mark.parametrize("game", ["durak", "autobus"])
def test_the_keypad_alone_starts_the_deal(app: CardClubWindow, game: str) -> None:
    if game not in GAME_KEYS:
        pytest.skip(f"no {game} table in this build")
    m = open_entry(app, game)
    keys = m.entry.buttons
    for d in "4821":
        click(app, keys.by_name(f"digit{d}"))
    click(app, keys.by_name("digit9"))
    click(app, keys.by_name("backspace"))          # a slip, taken back
    click(app, keys.by_name("digit3"))
    assert m.entry.digits == "48213"
    click(app, m.entry.play)
    view, options = table_of(app, game)
    assert_dealt(view, game, NUMBER, options)


def test_the_same_number_deals_the_same_cards_twice(app: CardClubWindow) -> None:
    hands = []
    for _round in range(2):
        open_entry(app, "durak")
        type_text(app, "777")
        key(app, arcade.key.RETURN)
        view = app.current_view
        assert isinstance(view, TableView)
        hands.append(view.session.game.observation(0)["hand"])
        saves.delete("durak")
    assert hands[0] == hands[1]


def test_a_deal_in_progress_is_not_thrown_away_without_asking(app: CardClubWindow) -> None:
    if "durak" not in GAME_KEYS:
        pytest.skip("no durak table in this build")
    app.open("table", game="durak", seed=5)
    pump(app, 2)
    assert saves.exists("durak")
    m = open_entry(app, "durak")
    type_text(app, "48213")
    key(app, arcade.key.ENTER)
    assert app.current_view is m and not m.entry.visible
    assert m.confirm.visible                     # what a new deal from the tile asks too
    assert m.confirm.title.text.text == _("A deal of {game} is in progress").format(
        game="Durak")
    click(app, m.confirm.yes)                    # Continue: the saved deal, untouched
    view = app.current_view
    assert isinstance(view, TableView) and view.session.number == 5
    m = open_entry(app, "durak")
    type_text(app, "48213")
    key(app, arcade.key.ENTER)
    click(app, m.confirm.no)                     # New deal: the numbered one
    view = app.current_view
    assert isinstance(view, TableView) and view.session.number == NUMBER
    assert_dealt(view, "durak", NUMBER, {})


# ----- the entry panel ------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["", "0", "000", "1000000", "9999999"])
def test_empty_or_out_of_range_shows_the_error_and_opens_nothing(app: CardClubWindow,
                                                                 typed: str) -> None:
    m = open_entry(app, "durak")
    type_text(app, typed)
    key(app, arcade.key.ENTER)
    assert app.current_view is m and m.entry.visible
    assert m.entry.error.text.text == ERROR
    click(app, m.entry.play)                      # the button says the same
    assert app.current_view is m and m.entry.error.text.text == ERROR
    type_text(app, "1")                           # typing again clears it
    assert m.entry.error.text.text == ""


def test_the_bounds_themselves_are_numbers(app: CardClubWindow) -> None:
    m = open_entry(app, "durak")
    type_text(app, "999999")
    assert m.entry.value == 999_999
    key(app, arcade.key.ENTER)
    view = app.current_view
    assert isinstance(view, TableView) and view.session.number == 999_999
    saves.delete("durak")
    m = open_entry(app, "durak")
    type_text(app, "0001")
    assert m.entry.digits == "1"
    click(app, m.entry.play)
    view = app.current_view
    assert isinstance(view, TableView) and view.session.number == 1


def test_esc_and_cancel_close_the_panel(app: CardClubWindow) -> None:
    m = open_entry(app, "durak")
    type_text(app, "12")
    key(app, arcade.key.ESCAPE)
    assert not m.entry.visible and app.current_view is m
    click(app, next(t for t in m.tiles if t.key == "durak").numbered)
    assert m.entry.visible and m.entry.digits == ""           # opens empty
    click(app, m.entry.cancel)
    assert not m.entry.visible and app.current_view is m
    # closed, it takes nothing: digits typed on the menu go nowhere
    type_text(app, "5")
    assert m.entry.digits == ""


def test_backspace_deletes_and_letters_are_ignored(app: CardClubWindow) -> None:
    m = open_entry(app, "durak")
    type_text(app, "4a8b2-1 3x")
    assert m.entry.digits == "48213"
    key(app, arcade.key.BACKSPACE)
    key(app, arcade.key.BACKSPACE)
    assert m.entry.digits == "482"
    for _i in range(5):
        key(app, arcade.key.BACKSPACE)
    assert m.entry.digits == "" and m.entry.field.text.text == ""


def test_the_panel_is_modal(app: CardClubWindow) -> None:
    m = open_entry(app, "durak")
    level = next(t for t in m.tiles if t.key == "durak").level
    before = level.label.text.text
    tap(app, level.cx, level.cy)          # under the panel: nothing happens there
    tap(app, 5, 5)
    assert m.entry.visible and level.label.text.text == before
    assert app.current_view is m


def test_ctrl_v_pastes_the_digits_of_the_clipboard(app: CardClubWindow,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clipboard, "paste_text", lambda window: "Deal 48\u00a0213")
    m = open_entry(app, "durak")
    key(app, arcade.key.V, arcade.key.MOD_CTRL)
    assert m.entry.digits == "48213"
    key(app, arcade.key.V)                 # a plain V is no paste (nor a digit)
    assert m.entry.digits == "48213"
    key(app, arcade.key.ENTER)
    view = app.current_view
    assert isinstance(view, TableView) and view.session.number == NUMBER


def test_the_real_clipboard_round_trip(app: CardClubWindow) -> None:
    """copy_text / paste_text on the real window (Xvfb has a clipboard: pyglet owns the
    selection), then Ctrl+V in the panel from it."""
    if not clipboard.copy_text(app, "Deal 48 213"):
        pytest.skip("this display has no clipboard")
    assert clipboard.paste_text(app) == "Deal 48 213"
    m = open_entry(app, "durak")
    key(app, arcade.key.V, arcade.key.MOD_CTRL)
    assert m.entry.digits == "48213"


def test_the_clipboard_helper_never_raises() -> None:
    class Broken:
        def set_clipboard_text(self, text: str) -> None:
            raise NotImplementedError

        def get_clipboard_text(self) -> str:
            raise OSError("no display")

    class Refusing:                      # a display that keeps nothing
        def set_clipboard_text(self, text: str) -> None:
            pass

        def get_clipboard_text(self) -> str:
            return ""

    for window in (object(), Broken(), Refusing()):
        assert clipboard.copy_text(window, "48213") is False
        assert clipboard.paste_text(window) == ""


def test_digits_and_grouping() -> None:
    assert digits_of("Deal 48\u00a0213") == "48213"
    assert digits_of("٣ abc") == ""           # ASCII digits only
    assert grouped(48213) == "48\u00a0213" and grouped(7) == "7"
    played: list[int] = []
    e = NumberEntry(played.append, 1, 999_999)
    e.open()
    e.type_digits("12345678")                  # one digit over: kept, and refused
    assert e.digits == "1234567"
    e.submit()
    assert played == [] and e.visible and e.error.text.text
    e.backspace()
    e.submit()
    assert played == [123456] and not e.visible


# ----- fitting the window -------------------------------------------------------------------

@pytest.mark.parametrize("size", [(960, 600), (1280, 800)], ids=["960x600", "1280x800"])
def test_the_panel_and_the_links_fit(app: CardClubWindow, size: tuple[int, int]) -> None:
    w, h = size
    app.set_size(w, h)
    app.dispatch_event("on_resize", w, h)
    m = open_entry(app, "autobus" if "autobus" in GAME_KEYS else GAME_KEYS[0])
    e = m.entry
    type_text(app, "1234567")
    key(app, arcade.key.ENTER)                 # the error line shows too
    assert e.error.text.text
    cx, cy, pw, ph = e.box
    assert 0 <= cx - pw / 2 and cx + pw / 2 <= w and 0 <= cy - ph / 2 and cy + ph / 2 <= h
    assert e.title.text.content_width <= pw - 20
    for lab in (e.note, e.error):
        assert lab.text.content_width <= pw - 20 + 1
    fx, fy, fw, fh = e.field_box
    assert e.field.text.content_width + 8 <= fw
    rects = []
    for b in e.buttons.buttons:
        r = b.rect
        assert b.w >= 48 and b.h >= 48, b.name
        assert 0 <= r.left and r.right <= w and 0 <= r.bottom and r.top <= h, b.name
        assert cx - pw / 2 <= r.left and r.right <= cx + pw / 2, b.name
        assert cy - ph / 2 <= r.bottom and r.top <= cy + ph / 2, b.name
        assert b.label.text.content_width <= b.w - 4 + 1, b.name
        rects.append((b.name, r))
    # the keys and buttons do not overlap, and the field and error sit above them
    for i, (na, a) in enumerate(rects):
        for nb, b in rects[i + 1:]:
            apart = (a.right <= b.left or b.right <= a.left or a.top <= b.bottom
                     or b.top <= a.bottom)
            assert apart, (na, nb)
    keys_top = max(r.top for _n, r in rects)
    assert fy - fh / 2 > keys_top
    assert e.error.text.y - e.error.text.content_height >= keys_top - 1
    # every tile's link lies in its tile, under the level button, clear of it
    for t in m.tiles:
        link, level = t.numbered, t.level
        assert link.h >= 48
        assert link.label.text.content_width <= link.w - 4 + 1
        assert t.box.cx - t.box.w / 2 <= link.cx - link.w / 2
        assert link.cx + link.w / 2 <= t.box.cx + t.box.w / 2
        assert link.cy - link.h / 2 >= t.box.cy - t.box.h / 2 - 1
        assert link.cy + link.h / 2 <= level.cy - level.h / 2
    pump(app, 1)


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "de", "es"])
@pytest.mark.parametrize("size", [(864, 540), (960, 600), (1280, 800)])
def test_a_tiles_two_links_lie_whole_in_it_at_one_size(app: CardClubWindow, lang: str,
                                                       size: tuple[int, int]) -> None:
    """"Play a numbered deal…" and "Play with friends…" side by side: every line of both
    inside the tile, apart, at one size (at 864x540 "numbered deal…" ran out of the
    tile's left edge)."""
    from game import i18n

    i18n.set_language(lang)
    app.set_size(*size)
    app.dispatch_event("on_resize", *size)
    try:
        m = menu(app)
        for t in m.tiles:
            if not t.friends.visible:
                continue
            left, right = t.box.cx - t.box.w / 2, t.box.cx + t.box.w / 2
            lines = [lab.text for link in (t.numbered, t.friends)
                     for lab in (link.label, link.second) if lab.text.text]
            for line in lines:
                assert left <= line.left and line.right <= right, (lang, line.text)
            assert len({line.font_size for line in lines}) == 1
            assert t.numbered.cx + t.numbered.w / 2 <= t.friends.cx - t.friends.w / 2
            assert min(line.font_size for line in lines) >= 8
    finally:
        i18n.set_language("en")
