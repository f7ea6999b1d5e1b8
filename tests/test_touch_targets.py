"""Issue 40, item 6: every target a finger must hit is at least about 7 mm on a 13-inch
1280x800 screen (32 px there, scaled with the window), on every screen: the menu, each
table (with its pause and result panels), the rules, the settings, the history, the
review and a replay.  The targets are collected from what the views hold (buttons,
button groups, open panels, arcade.gui widgets, the history's rows and links, the
graph's points, the hand's cards and the tables' drop targets), so a new small button
is caught without this file knowing it."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import arcade
import pytest
from arcade.gui import UIInteractiveWidget, UIManager

from game.app import CardClubWindow
from game.scenes.menu import table_ready
from game.store import history
from game.tools.drive import pump
from game.ui import chart
from game.ui.panels import Panel
from game.ui.widgets import Button, ButtonGroup

pytestmark = pytest.mark.ui

SIZES = [(1280, 800), (960, 600)]
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 2}),
          ("autobus", {"players": 4})]
FINGER = 32.0          # px at 1280x800: about 7 mm on a 13-inch screen
SLACK = 0.5


def smallest(w: float, h: float) -> float:
    """The least a target may measure in a window of w x h."""
    return FINGER * min(w / 1280, h / 800)


@dataclass(frozen=True)
class Target:
    where: str
    w: float
    h: float


def walk(obj: Any, where: str, out: list[Target], seen: set[int], depth: int = 0) -> None:
    """The touch targets ``obj`` holds (through its attributes, lists and dicts): visible
    buttons, the buttons of open panels, interactive arcade.gui widgets.  Breadth first,
    so each object is reached by its shortest path (a panel is also held deep in the
    view's input stack: reached there first at the depth limit, its buttons went
    unseen)."""
    queue: deque[tuple[Any, str, int]] = deque([(obj, where, depth)])
    while queue:
        obj, where, depth = queue.popleft()
        if id(obj) in seen or depth > 5:
            continue
        seen.add(id(obj))
        queue.extend(_inside(obj, where, out, depth))


def _inside(obj: Any, where: str, out: list[Target],
            depth: int) -> list[tuple[Any, str, int]]:
    """What ``obj`` holds, to be walked next (its own target appended to ``out``)."""
    if isinstance(obj, Button):
        if obj.visible:
            out.append(Target(f"{where} button {obj.name!r}", obj.w, obj.h))
        return []
    if isinstance(obj, Panel) and not obj.visible:
        return []
    if isinstance(obj, ButtonGroup):
        return [(b, where, depth + 1) for b in obj.buttons]
    if isinstance(obj, UIManager):
        for wdg in obj.walk_widgets():
            if isinstance(wdg, UIInteractiveWidget) and wdg.visible:
                out.append(Target(f"{where} {type(wdg).__name__}", wdg.rect.width,
                                  wdg.rect.height))
        return []
    if isinstance(obj, (list, tuple, set)):
        return [(x, where, depth + 1) for x in list(obj)[:200]]
    if isinstance(obj, dict):
        return [(x, f"{where}[{k}]", depth + 1) for k, x in list(obj.items())[:200]]
    if isinstance(obj, (arcade.Window, arcade.View)) and depth > 0:
        return []                          # another screen (a Back target): not this one
    module = type(obj).__module__
    if not (module.startswith(("game.scenes", "game.ui", "game.games")) or depth == 0):
        return []
    return [(x, f"{where}.{name}", depth + 1)
            for name, x in (list(vars(obj).items()) if hasattr(obj, "__dict__") else [])]


def targets(view: Any) -> list[Target]:
    """Every touch target on ``view`` now."""
    out: list[Target] = []
    walk(view, type(view).__name__, out, set())
    for top, low, _row in getattr(view, "row_boxes", []):      # History: a row opens it
        out.append(Target("history row", view.rows_x[1] - view.rows_x[0], top - low))
    for x0, x1, y0, y1, _to in getattr(view, "page_links", []):
        out.append(Target("history page link", x1 - x0, y1 - y0))
    for _game, rect in getattr(view, "game_links", []):
        out.append(Target("traditions link", rect.width, rect.height))
    if getattr(view, "chart", None) is not None:                 # the graph's points
        out.append(Target("graph point", 2 * chart.HIT_RADIUS, 2 * chart.HIT_RADIUS))
    if hasattr(view, "targets") and hasattr(view, "layout") and hasattr(view, "cards"):
        out += table_targets(view)
    return out


def table_targets(view: Any) -> list[Target]:
    """A table's: each card of your hand (the strip of it that shows in the fan) and
    the places cards are dropped on."""
    out = [Target(f"drop target {name}", box.w, box.h) for name, box in view.targets().items()]
    L = view.layout
    hand = sorted((view.sprites[t.id] for t in view.tokens_at("hand0")
                   if view.sprites[t.id].visible), key=lambda sp: sp.center_x)
    for a, b in zip(hand, hand[1:], strict=False):
        out.append(Target("hand card", b.center_x - a.center_x, L.card_h))
    if hand:
        out.append(Target("hand card", L.card_w, L.card_h))
    return out


def too_small(view: Any, w: float, h: float) -> list[str]:
    least = smallest(w, h)
    return [f"{t.where}: {t.w:.0f}x{t.h:.0f} px (at least {least:.0f})"
            for t in targets(view) if min(t.w, t.h) < least - SLACK]


@pytest.fixture(params=SIZES, ids=["1280x800", "960x600"])
def sized(app: CardClubWindow, request: pytest.FixtureRequest) -> Iterator[CardClubWindow]:
    w, h = request.param
    app.set_size(w, h)
    app.dispatch_event("on_resize", w, h)
    yield app
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)
    app.show_view(arcade.View(app))


# ----- the check itself can fail -----------------------------------------------------------
class SmallView:
    """A screen holding one button a finger would miss."""

    def __init__(self) -> None:
        self.ok = Button("OK", lambda: None, name="ok")
        self.ok.place(100, 100, 120, 48)
        self.tiny = Button("x", lambda: None, name="tiny")
        self.tiny.place(10, 10, 40, 48)
        self.tiny.h = 20.0                   # drawn 20 px tall (Button.place floors 48)
        self.hidden = Panel("", [], [Button("in a closed panel", lambda: None, name="p")])
        self.hidden.buttons.buttons[0].h = 4.0


def test_the_check_catches_a_small_button_and_skips_closed_panels(app: CardClubWindow) -> None:
    bad = too_small(SmallView(), 1280, 800)
    assert bad == ["SmallView.tiny button 'tiny': 48x20 px (at least 32)"]
    assert smallest(960, 600) == 24.0


# ----- every screen ---------------------------------------------------------------------------
def test_menu_rules_settings_targets(sized: CardClubWindow) -> None:
    w, h = sized.width, sized.height
    bad: list[str] = []
    sized.show_menu()
    pump(sized, 3)
    bad += too_small(sized.current_view, w, h)
    assert any("numbered" in t.where for t in targets(sized.current_view))
    view = sized.open("rules", game="durak")
    pump(sized, 3)
    bad += too_small(view, w, h)
    for tab in ("general", "table", "look"):
        view = sized.open("settings", tab=tab)
        pump(sized, 3)
        found = too_small(view, w, h)
        bad += [f"settings {tab}: {b}" for b in found]
        assert any("UISlider" in t.where for t in targets(view)) or tab != "table"
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game,options", TABLES, ids=["durak", "paodekuai", "dudak",
                                                      "autobus2", "autobus4"])
def test_table_and_panel_targets(sized: CardClubWindow, game: str,
                                 options: dict[str, Any]) -> None:
    from game.scenes.tables import table_class

    if not table_ready(game):
        pytest.skip(f"no {game} table in this build")
    w, h = sized.width, sized.height
    sized.think_scale = 0.0
    t = table_class(game)(sized, seed=5, options=options)
    sized.show_view(t)
    for _ in range(3000):
        pump(sized)
        if t.human_to_act and not t.animating:
            break
    sized.think_scale = 1000.0
    bad = too_small(t, w, h)
    assert any(x.where == "hand card" for x in targets(t))
    t.pause()
    pump(sized, 2)
    bad += [f"pause: {b}" for b in too_small(t, w, h)]
    assert any("'resume'" in x.where for x in targets(t))
    t.resume()
    t.surrender()
    pump(sized, 2)
    bad += [f"result: {b}" for b in too_small(t, w, h)]
    assert not bad, "\n".join(bad)


def test_history_review_and_replay_targets(sized: CardClubWindow) -> None:
    from game.scenes.history_view import HistoryView
    from game.scenes.review_view import ReviewView

    from .test_review_view import durak_journal, durak_review
    from .ui_helpers import until_read

    w, h = sized.width, sized.height
    for i in range(4):
        history.record_deal("durak", "normal", 2, 30 + i, "win", 1.0, deal_id=f"{i:032x}")
    view = HistoryView(sized, game="durak")
    sized.show_view(view)
    pump(sized, 2)
    until_read(sized, view)
    pump(sized, 2)
    bad = [f"history: {b}" for b in too_small(view, w, h)]
    assert any(x.where == "history row" for x in targets(view))
    journal = durak_journal()
    review = ReviewView(sized, journal=journal, deal_id="a" * 32, review=durak_review(journal))
    sized.show_view(review)
    pump(sized, 3)
    bad += [f"review: {b}" for b in too_small(review, w, h)]
    assert any(x.where == "graph point" for x in targets(review))
    replay = sized.open("replay", journal=journal)
    assert replay is not None
    pump(sized, 3)
    bad += [f"replay: {b}" for b in too_small(replay, w, h)]
    assert any(x.where.endswith("button 'step'") for x in targets(replay)), targets(replay)
    assert not bad, "\n".join(bad)


def test_nothing_needs_hover_a_right_click_or_two_fingers() -> None:
    """No screen reacts to the pointer only hovering (on_mouse_motion), to a button other
    than the first (a finger is button 1), or to a second pointer: one finger does all."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    bad = []
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("def on_mouse_motion", "MOUSE_BUTTON_RIGHT", "MOUSE_BUTTON_MIDDLE",
                     "on_touch", "multitouch"):
            if word in text:
                bad.append(f"{path.relative_to(root)}: {word}")
    assert not bad, "\n".join(bad)
