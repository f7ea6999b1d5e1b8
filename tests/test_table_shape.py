"""The table's shape (issue 36): a game's table composes hooks and never overrides an input
or update handler; the table's modules stay small enough to read in one sitting."""
from __future__ import annotations

import ast
from pathlib import Path

import arcade
import pytest

from game.games import SPECS
from game.scenes.table_view import TableView
from game.scenes.tables import table_class

ROOT = Path(__file__).resolve().parent.parent / "game"
#: every event handler of a view (input and time), and pyglet's text events
HANDLERS = frozenset({n for n in dir(arcade.View) if n.startswith("on_")}
                     | {"on_mouse_press", "on_mouse_release", "on_mouse_motion",
                        "on_mouse_drag", "on_mouse_scroll", "on_key_press", "on_key_release",
                        "on_update", "on_draw", "on_text", "on_text_motion",
                        "on_text_motion_select"})
MODULE_LINES = 800
#: the issue's limit for a module that imports arcade; held here for every table module
#: (a game's table is a view even where its own module does not import arcade)
CLASS_LINES = 400


def overridden_handlers(cls: type) -> set[str]:
    """The handlers ``cls`` (or a class between it and ``TableView``) defines."""
    found: set[str] = set()
    for klass in cls.__mro__:
        if klass is TableView or not issubclass(klass, TableView):
            continue
        found |= HANDLERS & set(vars(klass))
    return found


def test_the_handler_list_covers_input_and_time() -> None:
    assert {"on_mouse_press", "on_mouse_drag", "on_key_press", "on_update",
            "on_draw"} <= HANDLERS


@pytest.mark.parametrize("key", sorted(SPECS))
def test_a_games_table_overrides_no_input_or_update_handler(key: str) -> None:
    cls = table_class(key)
    assert issubclass(cls, TableView)
    assert overridden_handlers(cls) == set(), (
        f"{cls.__name__} overrides {sorted(overridden_handlers(cls))}: use a hook "
        "(game/scenes/table/hooks.py) instead")


def test_the_check_sees_an_override() -> None:
    class Sneaky(TableView):
        def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
            pass

    class Sneakier(Sneaky):
        pass

    assert overridden_handlers(Sneakier) == {"on_mouse_press"}


def owned_modules() -> list[Path]:
    """The table's modules: the view, its components, the replay's controls, the place
    parser, and each game's table with the modules of its package it composes."""
    paths = [ROOT / "scenes" / "table_view.py", ROOT / "ui" / "replay_controls.py",
             ROOT / "ui" / "place.py", *sorted((ROOT / "scenes" / "table").glob("*.py"))]
    for spec in SPECS.values():
        module = table_class(spec.key).__module__
        package = ROOT.parent / module.rpartition(".")[0].replace(".", "/")
        paths += [ROOT.parent / (module.replace(".", "/") + ".py"),
                  *(package / name for name in TABLE_PARTS if (package / name).exists())]
    return paths


#: modules a game's table is split into (its labels, pickers, choreography)
TABLE_PARTS = ("decor.py", "pickers.py", "sweep.py")


def class_sizes(tree: ast.Module) -> dict[str, int]:
    return {n.name: (n.end_lineno or n.lineno) - n.lineno + 1
            for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}


@pytest.mark.parametrize("path", owned_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_table_modules_stay_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MODULE_LINES, f"{path.name}: {lines} lines (at most {MODULE_LINES})"
    big = {name: n for name, n in class_sizes(ast.parse(text)).items() if n > CLASS_LINES}
    assert not big, f"{path.name}: classes over {CLASS_LINES} lines: {big}"


def test_the_size_check_can_fail() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(CLASS_LINES + 1))
    tree = ast.parse(f"class Big:\n{body}\n")
    assert class_sizes(tree)["Big"] > CLASS_LINES


def test_the_list_holds_every_table_module() -> None:
    names = {str(p.relative_to(ROOT)) for p in owned_modules()}
    assert {"scenes/table_view.py", "scenes/table/input.py", "games/durak/table.py",
            "games/autobus/decor.py"} <= names


def test_the_view_reads_in_one_sitting() -> None:
    tree = ast.parse((ROOT / "scenes" / "table_view.py").read_text(encoding="utf-8"))
    assert class_sizes(tree)["TableView"] <= 350
