"""Every view fits its text in every language at the smallest and the design window size:
each arcade.Text is measured (content_width) against the width it is given."""
from __future__ import annotations

from collections.abc import Iterator

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.scenes.menu import MenuView, table_ready
from game.tools.drive import pump
from game.ui.panels import Panel
from game.ui.widgets import Button, Label

pytestmark = pytest.mark.ui

LANGS = list(i18n.LANGUAGES)
SIZES = [(960, 600), (1280, 800)]
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 4})]
SLACK = 1.0        # a pixel of rounding


@pytest.fixture
def sized(app: CardClubWindow, request: pytest.FixtureRequest) -> Iterator[CardClubWindow]:
    w, h = request.param
    app.set_size(w, h)
    app.dispatch_event("on_resize", w, h)
    yield app
    i18n.set_language("en")
    app.show_view(arcade.View(app))


def width(t: arcade.Text) -> float:
    return float(t.content_width)


def check_button(b: Button, where: str, bad: list[str]) -> None:
    if b.visible and b.label.text.text and width(b.label.text) > b.w - 4 + SLACK:
        bad.append(f"{where}: button {b.label.text.text!r} {width(b.label.text):.0f} > "
                   f"{b.w - 4:.0f}")


def check_wrapped(lab: Label, where: str, bad: list[str]) -> None:
    t = lab.text
    if t.text and t.multiline and t.width and width(t) > t.width + SLACK:
        bad.append(f"{where}: {t.text!r} wider than its wrap width {t.width}")


def check_in(t: arcade.Text, allowed: float, where: str, bad: list[str]) -> None:
    if t.text and width(t) > allowed + SLACK:
        bad.append(f"{where}: {t.text!r} {width(t):.0f} > {allowed:.0f}")


def check_panel(p: Panel, where: str, bad: list[str]) -> None:
    cx, cy, pw, ph = p.box
    check_in(p.title.text, pw - 20, f"{where} title", bad)
    check_wrapped(p.text, where, bad)
    check_in(p.text.text, pw - 20, f"{where} text", bad)
    for b in p.buttons.buttons:
        check_button(b, where, bad)
        if b.visible and abs(b.cx - cx) + b.w / 2 > pw / 2 + SLACK:
            bad.append(f"{where}: button {b.name} sticks out of the panel")


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=["960x600", "1280x800"])
@pytest.mark.parametrize("lang", LANGS)
def test_menu_and_tiles_fit(sized: CardClubWindow, lang: str) -> None:
    i18n.set_language(lang)
    sized.show_menu()
    pump(sized, 2)
    m = sized.current_view
    assert isinstance(m, MenuView)
    bad: list[str] = []
    w = sized.width
    check_in(m.title.text, w - 20, "title", bad)
    check_in(m.subtitle.text, w - 20, "subtitle", bad)
    for t in m.tiles:
        room = t.box.w - 12
        for lab in (t.name, t.play):
            check_in(lab.text, room, t.key, bad)
        for lab in (t.players, t.line):
            check_wrapped(lab, t.key, bad)
            check_in(lab.text, room, t.key, bad)
        check_button(t.level, t.key, bad)
        # the stack of texts stays inside the tile, each under the one before
        line_bottom = t.line.text.y - t.line.text.content_height
        if line_bottom < t.play.text.y + t.play.text.content_height / 2 - SLACK:
            bad.append(f"{t.key}: the summary runs into 'Play'")
        if t.players.text.y > t.name.text.y - t.name.text.content_height / 2 + SLACK:
            bad.append(f"{t.key}: the players line runs into the name")
        if t.level.cy - t.level.h / 2 < t.box.cy - t.box.h / 2:
            bad.append(f"{t.key}: the level button sticks out of the tile")
    for b in m.buttons.buttons:
        check_button(b, "menu", bad)
    row = [b for b in m.buttons.buttons if b.visible]
    assert row[0].cx - row[0].w / 2 >= 0 and row[-1].cx + row[-1].w / 2 <= w
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=["960x600", "1280x800"])
@pytest.mark.parametrize("lang", LANGS)
def test_settings_fit_on_every_tab(sized: CardClubWindow, lang: str) -> None:
    i18n.set_language(lang)
    bad: list[str] = []
    for tab in ("general", "table", "look"):
        v = sized.open("settings", tab=tab)
        pump(sized, 2)
        for text, w, box in v.texts():
            if w > box + SLACK:
                bad.append(f"{tab}: {text!r} {w:.0f} > {box:.0f}")
        x0, y0, x1, y1 = 0, 0, sized.width, sized.height
        for name, wdg in v.named.items():
            r = wdg.rect
            if r.left < x0 or r.right > x1 or r.bottom < y0 or r.top > y1:
                bad.append(f"{tab}: {name} outside the window")
        if tab == "general":
            assert v.title.text == i18n._("Settings")
    sized.show_view(arcade.View(sized))
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=["960x600", "1280x800"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,options", TABLES, ids=[g for g, _ in TABLES])
def test_tables_and_their_panels_fit(sized: CardClubWindow, lang: str, game: str,
                                     options: dict) -> None:
    from game.scenes.tables import table_class

    if not table_ready(game):
        pytest.skip(f"no {game} table in this build")
    i18n.set_language(lang)
    sized.think_scale = 1000.0
    t = table_class(game)(sized, seed=7, options=options)
    sized.show_view(t)
    pump(sized, 3)
    bad: list[str] = []
    L = t.layout
    # the top bar: title and level left of the bar buttons
    leftmost = min(b.cx - b.w / 2 for b in t.bar.buttons)
    lv = t.hud.level_label.text
    if lv.text and lv.x + width(lv) > leftmost - 4 + SLACK:
        bad.append(f"bar: {t.hud.title.text.text!r} + {lv.text!r} run under the buttons")
    for b in t.bar.buttons + t.actions.buttons:
        check_button(b, "table", bad)
    for b in t.bar.buttons:          # the bar's words keep their size in every language
        if b.label.text.font_size < 16:
            bad.append(f"bar: {b.label.text.text!r} shrunk to {b.label.text.font_size}")
    for b in t.actions.buttons:
        if b.visible and b.cx + b.w / 2 > L.w + SLACK:
            bad.append(f"table: button {b.name} sticks out on the right")
    check_wrapped(t.hud.status, "status", bad)
    outside: list[str] = []
    for lab in t.labels:
        check_wrapped(lab, "label", bad)
        tx = lab.text
        if tx.text and (tx.left < -SLACK or tx.right > L.w + SLACK):
            outside.append(f"label {tx.text!r} leaves the window ({tx.left:.0f}..{tx.right:.0f})")
    t.pause()
    pump(sized, 1)
    check_panel(t.dialogs.pause_panel, "pause", bad)
    t.dialogs.ask_surrender()
    pump(sized, 1)
    check_panel(t.dialogs.confirm, "surrender?", bad)
    t.dialogs.confirm.visible = False
    t.resume()
    t.surrender()
    pump(sized, 2)
    check_panel(t.result_panel, "result", bad)
    # every result the table can show, in this language
    if game == "durak":
        for res in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5]):
            title, lines = t.result_text({"result": res})
            t.result_panel.set(title, lines)
            t.result_panel.place(L.w, L.h)
            check_panel(t.result_panel, f"result {res}", bad)
    assert not bad, "\n".join(bad)
    assert not outside, "\n".join(outside)
