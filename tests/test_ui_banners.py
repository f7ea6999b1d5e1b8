"""Announcement banners stay readable: inside the window, never over the cards they
would hide, several at once shown one under the other or in turn."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.app import CardClubWindow
from game.tools.drive import pump

pytestmark = pytest.mark.ui

LONG = [
    "Computer 1 declares leaves as trump",
    "Computer 2 gets the last free suit, acorns, as trump automatically",
    "Computer 3 is out of cards (second to go out)",
    "You are out of cards!",
    "Abštych! Computer 2 beat with the last card: the pile leaves the game",
]


@contextmanager
def window_size(app: CardClubWindow, size: tuple[int, int]) -> Iterator[None]:
    """The window at ``size`` for the block, then back to 1280x800."""
    app.set_size(*size)
    app.dispatch_event("on_resize", *size)
    try:
        yield
    finally:
        app.set_size(1280, 800)
        app.dispatch_event("on_resize", 1280, 800)


def banner_box(view) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    t = view.hud.banner.text
    w = min(t.content_width + 40, view.layout.w - 20)
    h = t.content_height + 14
    return t.x - w / 2, t.y - h / 2, t.x + w / 2, t.y + h / 2


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_several_announcements_fit_inside_the_window_and_take_turns(
        app: CardClubWindow, size: tuple[int, int]) -> None:
    from game.games.dudak.table import DudakTable

    with window_size(app, size):
        app.think_scale = 1000.0
        view = DudakTable(app, seed=4)
        app.show_view(view)
        pump(app, 2)
        view.show_banners(LONG)
        pump(app, 1)
        shown: list[str] = []
        for _ in range(3 * 60 * 3):
            text = view.hud.banner.text.text
            if text and text not in shown:
                shown.append(text)
                x0, y0, x1, y1 = banner_box(view)
                assert 0 <= x0 and x1 <= size[0] and 0 <= y0 and y1 <= size[1], text
                t = view.hud.banner.text
                assert t.content_width <= size[0] - 100 * view.layout.s, text
            if not text and shown:
                break
            app.dispatch_event("on_update", 1 / 60)
        lines = [line for chunk in shown for line in chunk.split("\n")]
        assert lines == LONG                     # every one shown, in order, whole
        assert len(shown) == 3                   # two at a time


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (1280, 1024)])
def test_the_durak_banner_leaves_the_opponents_hand_and_the_bout_clear(
        app: CardClubWindow, size: tuple[int, int]) -> None:
    from game.games.durak.table import DurakTable

    with window_size(app, size):
        app.think_scale = 1000.0
        view = DurakTable(app, seed=3)
        app.show_view(view)
        pump(app, 3)
        view.show_banner("All beaten: the cards go to the discard pile")
        pump(app, 1)
        x0, y0, x1, y1 = banner_box(view)
        L = view.layout
        opp_bottom = min(view.sprites[t.id].center_y - L.card_h / 2
                         for t in view.tokens_at("hand1"))
        assert y1 <= opp_bottom + 1                          # under the opponent's cards
        assert y0 >= L.table_y + L.card_h * 0.6 - 1 - L.card_h * 0.1   # over the bout
