"""Any window size (issue 27): every view, sized to 1x1 (a window manager may do it when
minimising) and to 1 px one way, lays itself out and draws without an exception, and is
whole again at its normal size; at 0x0 every view lays itself out and updates.

A 0x0 window is never drawn: pyglet does not report one (a minimised window on Windows is
hidden, ``on_hide``; an X window is 1 px at least) and arcade's own resize handler cannot
take it (its default camera divides by the height), so the 0x0 case goes to the view's own
handlers, with the window reporting that size, as a platform that did report it would."""
from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import arcade
import pytest

from game.app import CardClubWindow
from game.scenes import SCENES
from game.tools.drive import pump

pytestmark = pytest.mark.ui


def a_finished_deal() -> dict[str, object]:
    """The journal of a whole Durak deal (what the replay and the review open)."""
    from game.session import DealSession

    s = DealSession("durak", level="random", seed=4, ai_seats=(0, 1), save=False)
    list(s.run())
    return s.journal.to_dict()


def a_quiz() -> dict[str, object]:
    """What "Learn from your mistakes" opens: a deal and its review with mistakes."""
    from tests.test_review_grades_ui import _journal_with_a_take, graded_review

    journal = _journal_with_a_take()
    return {"journal": journal, "review": graded_review(journal)[0]}


def views() -> list[tuple[str, dict[str, object]]]:
    from game.scenes.menu import table_ready

    out: list[tuple[str, dict[str, object]]] = []
    for name, where in SCENES.items():
        if name == "table" or importlib.util.find_spec(where.partition(":")[0]) is None:
            continue
        out.append((name, {"journal": a_finished_deal()} if name in ("replay", "review")
                    else a_quiz() if name == "quiz" else {}))
    out += [("table", {"game": g}) for g in ("durak", "paodekuai", "dudak", "autobus")
            if table_ready(g)]
    return out


def at_zero(app: CardClubWindow, view: arcade.View, w: int, h: int) -> None:
    """The view laid out and updated while the window reports ``w`` x ``h`` (0 one way)."""
    real = (app._width, app._height)
    app._width, app._height = w, h
    try:
        assert app.get_size() == (w, h)
        view.on_resize(w, h)
        view.on_update(1 / 60)
    finally:
        app._width, app._height = real


@pytest.fixture
def restore(app: CardClubWindow) -> Iterator[CardClubWindow]:
    yield app
    app.set_size(1280, 800)
    pump(app, 1)
    app.show_view(arcade.View(app))


@pytest.mark.parametrize("name,kw", views(), ids=[n + str(k.get("game", ""))
                                                 for n, k in views()])
def test_every_view_survives_1x1_and_0x0_and_comes_back(restore: CardClubWindow, name: str,
                                                          kw: dict[str, object]) -> None:
    app = restore
    view = app.open(name, **kw)
    pump(app, 2)
    for w, h in ((1, 1), (0, 0), (1, 600), (0, 600), (1280, 1), (1280, 0), (1, 1)):
        if w and h:
            app.set_size(w, h)
            pump(app, 2)                       # laid out and drawn
            assert app.get_size() == (w, h)
        else:
            at_zero(app, view, w, h)
        assert app.current_view is view
    app.set_size(1280, 800)
    pump(app, 2)
    assert app.current_view is view and app.get_size() == (1280, 800)
