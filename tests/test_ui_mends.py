"""What a new player saw on the menu and the paused table, drawn in real frames (Xvfb):
the first line of a tile's summary whole and under the players line, a pause panel that
hides the table behind its text, and a menu that survives any window size."""
from __future__ import annotations

from collections.abc import Iterator

import arcade
import pytest
from PIL import Image

from game.app import CardClubWindow
from game.scenes.menu import MenuView
from game.tools.drive import pump
from game.ui import panels
from game.ui.widgets import FONT, PAPER

pytestmark = pytest.mark.ui

INK_BELOW = 150          # a pixel darker than this (luminance) is the summary's ink


def resize(app: CardClubWindow, w: int, h: int) -> None:
    app.set_size(w, h)
    app.dispatch_event("on_resize", w, h)
    assert app.get_size() == (w, h)


@pytest.fixture
def menu(app: CardClubWindow) -> Iterator[MenuView]:
    app.show_menu()
    pump(app, 2)
    m = app.current_view
    assert isinstance(m, MenuView)
    yield m
    resize(app, 1280, 800)
    app.show_view(arcade.View(app))


def frame(app: CardClubWindow) -> Image.Image:
    """The next frame as drawn (read before the flip: the back buffer is what we drew)."""
    app.dispatch_event("on_draw")
    img = arcade.get_image(0, 0, app.width, app.height).convert("RGB")
    app.flip()
    return img


def ink_rows(img: Image.Image, text: arcade.Text, h: int) -> list[int]:
    """The window rows (y up) inside ``text``'s box that hold some of its ink."""
    left = int(text.x - text.width / 2) - 2
    right = int(text.x + text.width / 2) + 2
    top, bottom = int(text.top), int(text.bottom)
    grey = img.convert("L")
    rows = []
    for y in range(bottom, top):
        row = h - 1 - y                                    # the image counts from the top
        if any(grey.getpixel((x, row)) < INK_BELOW for x in range(max(0, left), right)):
            rows.append(y)
    return rows


def reference_rows(app: CardClubWindow, text: arcade.Text) -> list[int]:
    """The same summary drawn alone on paper, at whole pixels: every row of every glyph."""
    ref = arcade.Text(text.text, round(text.x), round(text.y), (50, 50, 50), text.font_size,
                      font_name=FONT, width=text.width, multiline=True, anchor_x="center",
                      anchor_y="top", align="center")
    app.clear()
    arcade.draw_lrbt_rectangle_filled(0, app.width, 0, app.height, PAPER)
    ref.draw()
    img = arcade.get_image(0, 0, app.width, app.height).convert("RGB")
    app.flip()
    return ink_rows(img, ref, app.height)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (800, 500)],
                         ids=["1280x800", "960x600", "800x500"])
def test_a_tiles_summary_starts_under_the_players_line_and_is_drawn_whole(
        app: CardClubWindow, menu: MenuView, size: tuple[int, int]) -> None:
    resize(app, *size)
    pump(app, 2)
    img = frame(app)
    for t in menu.tiles:
        players, line = t.players.text, t.line.text
        assert line.top <= players.bottom, f"{t.key}: the summary starts inside the players line"
        assert line.bottom >= t.play.text.top, f"{t.key}: the summary runs into 'Play'"
        # whole pixels: at a half-pixel baseline the first line loses its top row
        for lab in (t.name, t.players, t.line, t.play):
            assert float(lab.text.x).is_integer() and float(lab.text.y).is_integer(), t.key
        drawn = ink_rows(img, line, app.height)
        whole = reference_rows(app, line)
        assert drawn and drawn == whole, f"{t.key}: rows of the summary are missing"


SIZES = [(1, 1), (1, 600), (1280, 1), (40, 300), (80, 300), (220, 500), (224, 500), (800, 500)]


def test_any_window_size_keeps_the_menu_alive(app: CardClubWindow, menu: MenuView) -> None:
    """At 1x1 (and at the widths where a wrapped text's width came out as 0) the menu lays
    itself out, draws, and opens its question panel; back at 1280x800 all is as before."""
    widths = [t.line.text.width for t in menu.tiles]
    for w, h in SIZES:
        resize(app, w, h)
        pump(app, 2)
        for t in menu.tiles:
            assert t.players.text.width >= 1 and t.line.text.width >= 1
        assert menu.message.text.width >= 1
        menu.message.set("There is no saved deal.")
        menu.confirm.ask("A deal is in progress", ["Continue it, or start a new deal?"],
                         "Continue", "New deal", lambda: None)
        pump(app, 1)
        assert menu.confirm.text.text.width >= 1
        menu.confirm.visible = False
        menu.message.set("")
    resize(app, 1280, 800)
    pump(app, 2)
    assert app.current_view is menu
    assert [t.line.text.width for t in menu.tiles] == widths
    assert all(t.box.w > 200 and t.box.h > 300 for t in menu.tiles)


# ---- the pause panel ------------------------------------------------------------------------

def checkerboard(w: float, h: float, cell: int = 16) -> None:
    """Black, white and red squares: whatever a see-through panel lets pass shows."""
    colours = [(0, 0, 0), (255, 255, 255), (255, 0, 0)]
    for i in range(0, int(w) + cell, cell):
        for j in range(0, int(h) + cell, cell):
            c = colours[(i // cell + j // cell) % 3]
            arcade.draw_lrbt_rectangle_filled(i, i + cell, j, j + cell, c)


def body_points(box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    """Points of the panel's body clear of its frame, title, text and buttons: the side
    margins all the way up and the strip above the title."""
    cx, cy, pw, ph = box
    left, right = int(cx - pw / 2) + 8, int(cx + pw / 2) - 9
    bottom, top = int(cy - ph / 2) + 8, int(cy + ph / 2) - 9
    pts = [(x, y) for y in range(bottom, top, 7) for x in (left, left + 4, right - 4, right)]
    pts += [(x, top) for x in range(left, right, 9)]
    return pts


@pytest.mark.parametrize("game", ["durak", "paodekuai", "dudak", "autobus"])
def test_the_pause_panel_hides_the_table_under_its_body(app: CardClubWindow,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        game: str) -> None:
    boxes: list[tuple[float, float, float, float]] = []
    real_draw = panels.Panel.draw

    def recording_draw(self: panels.Panel, w: float, h: float) -> None:
        if self.visible:
            boxes.append(self.box)
        real_draw(self, w, h)

    monkeypatch.setattr(panels.Panel, "draw", recording_draw)
    app.open("table", game=game)
    try:
        pump(app, 3)
        app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)     # pause
        pump(app, 2)
        boxes.clear()
        over_table = frame(app)
        assert len(set(boxes)) == 1, "one panel is open: the pause panel"
        box = boxes[-1]
        pts = body_points(box)
        assert len(pts) > 100
        for x, y in pts:
            assert over_table.getpixel((x, app.height - 1 - y)) == PAPER, (x, y)
        # the same panel over black, white and red squares: its body does not change
        real_dim = panels.dim_screen

        def dim_over_squares(w: float, h: float, alpha: int = 140) -> None:
            checkerboard(w, h)
            real_dim(w, h, alpha)

        monkeypatch.setattr(panels, "dim_screen", dim_over_squares)
        over_squares = frame(app)
        for x, y in pts:
            assert over_squares.getpixel((x, app.height - 1 - y)) == PAPER, (x, y)
        # around the panel the dim layer is still see-through: the squares show
        outside = {over_squares.getpixel((x, app.height - 1 - 8)) for x in range(4, 200, 5)}
        assert len(outside) >= 3
    finally:
        app.show_view(arcade.View(app))
