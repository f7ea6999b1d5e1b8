"""Sizes a newcomer can read: no module of ``game`` over 800 lines, no class over 400 lines
in a module that imports arcade or pyglet (a view, a widget), none over 600 elsewhere (an
engine, a bot, the store).  A class's size is its ``class`` line to its last line.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE_LINES = 800
VIEW_CLASS_LINES = 400
CLASS_LINES = 600
UI_LIBRARIES = ("arcade", "pyglet")

def imports_ui(tree: ast.Module) -> bool:
    """Whether the module imports arcade or pyglet anywhere (inside a function too)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(a.name.split(".")[0] in UI_LIBRARIES for a in node.names):
                return True
        elif isinstance(node, ast.ImportFrom) and not node.level:
            if (node.module or "").split(".")[0] in UI_LIBRARIES:
                return True
    return False


def oversized(source: str, where: str = "<source>") -> list[str]:
    """What in one module's ``source`` is over the limits, one line each."""
    tree = ast.parse(source, where)
    found = []
    lines = len(source.splitlines())
    if lines > MODULE_LINES:
        found.append(f"{where}: {lines} lines (at most {MODULE_LINES})")
    most = VIEW_CLASS_LINES if imports_ui(tree) else CLASS_LINES
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > most:
                found.append(f"{where}: class {node.name} has {size} lines (at most {most})")
    return found


def test_no_module_or_class_of_game_is_too_long() -> None:
    found: list[str] = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        found += oversized(path.read_text(encoding="utf-8"), rel)
    assert not found, "too long:\n" + "\n".join(found)


def test_the_count_sees_long_modules_and_classes() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(450))
    plain = f"class Engine:\n{body}\n"                     # 451 lines: fine for an engine
    assert oversized(plain) == []
    view = f"import arcade\n\n\nclass View(arcade.View):\n{body}\n"
    assert oversized(view, "v.py") == ["v.py: class View has 451 lines (at most 400)"]
    late = f"class View:\n{body}\n    def draw(self) -> None:\n        import pyglet\n"
    assert oversized(late, "v.py") == ["v.py: class View has 453 lines (at most 400)"]
    nested = "class Outer:\n    class Inner:\n" + "\n".join(
        f"        y{i} = {i}" for i in range(700)) + "\n"
    assert [m.split(": ")[1] for m in oversized(nested)] == [
        "class Outer has 702 lines (at most 600)", "class Inner has 701 lines (at most 600)"]
    long = "\n".join(f"z{i} = {i}" for i in range(801)) + "\n"
    assert oversized(long, "m.py") == ["m.py: 801 lines (at most 800)"]
    assert oversized("\n".join(f"z{i} = {i}" for i in range(800))) == []
