"""The table's look (contrast, grain, colour temperature): one shader pass, none at 50%."""
from __future__ import annotations

import time

import arcade
import pytest
from PIL import Image, ImageStat

from game.app import CardClubWindow
from game.games.durak.table import DurakTable
from game.tools.drive import pump
from game.ui import look
from game.ui.look import look_of

pytestmark = pytest.mark.ui


@pytest.fixture
def table(app: CardClubWindow):  # type: ignore[no-untyped-def]
    app.think_scale = 1000.0                      # nothing moves while we compare frames
    view = DurakTable(app, seed=3)
    app.show_view(view)
    pump(app, 3)
    yield view
    for name in ("look_contrast", "look_grain", "look_warmth"):
        setattr(app.settings, name, 0.5)
    look_of(app).override = None


def frame(app: CardClubWindow, draw=None) -> Image.Image:  # type: ignore[no-untyped-def]
    app.dispatch_events()
    if draw is None:
        app.dispatch_event("on_draw")
    else:
        draw()
    img = arcade.get_image().convert("RGB")
    app.flip()
    return img


def set_look(app: CardClubWindow, contrast: float = 0.5, grain: float = 0.5,
             warmth: float = 0.5) -> None:
    app.settings.look_contrast = contrast
    app.settings.look_grain = grain
    app.settings.look_warmth = warmth


def luminance_spread(img: Image.Image) -> float:
    return float(ImageStat.Stat(img.convert("L")).stddev[0])


def red_minus_blue(img: Image.Image) -> float:
    r, _, b = ImageStat.Stat(img).mean
    return float(r - b)


def test_neutral_look_leaves_the_frame_unchanged_and_makes_no_pass(
        table: DurakTable, app: CardClubWindow) -> None:
    set_look(app)
    lk = look_of(app)
    before = lk.passes
    with_look = frame(app)                        # on_draw: through look.capture
    without = frame(app, lambda: (table.draw_table(), table.keyboard.draw()))  # no capture
    assert with_look.tobytes() == without.tobytes()
    assert lk.passes == before                    # no offscreen pass at all at 50 %
    assert look.is_neutral(app.settings)


def test_any_slider_off_neutral_runs_exactly_one_pass_per_frame(
        table: DurakTable, app: CardClubWindow) -> None:
    set_look(app, warmth=0.6)
    lk = look_of(app)
    before = lk.passes
    frame(app)
    frame(app)
    assert lk.passes == before + 2


def test_warmer_means_more_red_than_blue_cooler_the_opposite(
        table: DurakTable, app: CardClubWindow) -> None:
    neutral = frame(app)
    set_look(app, warmth=1.0)
    warm = frame(app)
    set_look(app, warmth=0.0)
    cool = frame(app)
    assert red_minus_blue(warm) > red_minus_blue(neutral) + 10
    assert red_minus_blue(cool) < red_minus_blue(neutral) - 10


def test_more_contrast_spreads_luminance_less_narrows_it(
        table: DurakTable, app: CardClubWindow) -> None:
    neutral = luminance_spread(frame(app))
    set_look(app, contrast=1.0)
    high = luminance_spread(frame(app))
    set_look(app, contrast=0.0)
    low = luminance_spread(frame(app))
    assert high > neutral * 1.2
    assert low < neutral * 0.8


def test_grain_changes_pixels_and_softening_smooths_them(
        table: DurakTable, app: CardClubWindow) -> None:
    neutral = frame(app)
    set_look(app, grain=1.0)
    grainy = frame(app)
    diff = [abs(a - b) for a, b in zip(neutral.convert("L").tobytes(),
                                        grainy.convert("L").tobytes(), strict=True)]
    changed = sum(1 for d in diff if d > 3) / len(diff)
    assert changed > 0.3                         # most pixels move a little
    assert sum(diff) / len(diff) < 25            # but the picture stays the picture
    set_look(app, grain=0.0)
    soft = frame(app)
    edges = lambda im: ImageStat.Stat(im.convert("L").filter(  # noqa: E731
        __import__("PIL.ImageFilter").ImageFilter.FIND_EDGES)).mean[0]
    assert edges(soft) < edges(neutral)


def test_look_pass_is_cheap(table: DurakTable, app: CardClubWindow) -> None:
    """What the pass costs a frame, as work rather than time: one offscreen target, made
    once and reused by every later frame (until the window's size changes), and one
    pass per frame.  The frame times are printed as figures, not asserted."""
    def timed(n: int = 8) -> float:
        frame(app)
        t = time.perf_counter()
        for _ in range(n):
            app.dispatch_event("on_draw")
            app.ctx.finish()
        return (time.perf_counter() - t) / n * 1000
    base = timed()
    set_look(app, 0.7, 0.7, 0.7)
    lk = look_of(app)
    frame(app)
    target, passes = lk.fbo, lk.passes
    assert target is not None
    with_pass = timed()
    assert lk.fbo is target and lk.passes == passes + 9    # timed() draws 1 + 8 frames
    print(f"frame {base:.1f} ms without the look, {with_pass:.1f} ms with it")
