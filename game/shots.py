"""``cardclub shots --out DIR``: render every view headless and save PNG screenshots."""
from __future__ import annotations

import argparse
from pathlib import Path

import arcade

from game.app import CardClubWindow, pump


def grab(window: arcade.Window, path: Path) -> None:
    window.dispatch_events()
    window.dispatch_event("on_draw")
    arcade.get_image().save(path)
    window.flip()


def main(argv: list[str]) -> int:
    """Screenshots use a temporary data folder: the player's saves are never touched."""
    from game.store.files import temporary_home

    with temporary_home():
        return _shots(argv)


def _shots(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="cardclub shots")
    p.add_argument("--out", default="screenshots")
    p.add_argument("--size", default="1280x800")
    a = p.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in a.size.lower().split("x"))
    from game.rules.durak import Durak
    from game.scenes.durak_table import DurakTableView
    from game.scenes.rules_view import RulesView

    window = CardClubWindow(w, h, vsync=False)
    window._enable_event_queue = False
    window.think_scale = 0.0
    window.show_menu()
    pump(window, 5)
    grab(window, out / "menu.png")
    table = DurakTableView(window, seed=11)
    window.show_view(table)
    pump(window, 180)
    grab(window, out / "durak_start.png")
    # a bout in progress: play the human's first legal move, let the computer answer
    g: Durak = table.game
    for _ in range(6):
        if g.current_player == 0:
            table.play(g.legal_moves()[0])
        pump(window, 90)
    grab(window, out / "durak_bout.png")
    table.selected = next(iter(table.playable()), None)
    table.relayout(0)
    pump(window, 2)
    grab(window, out / "durak_selected.png")
    table.paused = True
    grab(window, out / "durak_pause.png")
    table.paused = False
    table.surrender()
    pump(window, 2)
    grab(window, out / "durak_result.png")
    window.show_view(RulesView(window, "durak"))
    pump(window, 2)
    grab(window, out / "rules.png")
    window.close()
    print(f"screenshots in {out}/")
    return 0
