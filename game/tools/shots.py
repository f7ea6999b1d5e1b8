"""``cardclub shots --out DIR``: render every view headless and save PNG screenshots."""
from __future__ import annotations

import argparse
from pathlib import Path

import arcade

from game.app import CardClubWindow
from game.games import ORDER
from game.store.files import temporary_home
from game.tools.drive import pump
from game.tools.lineup import default_game, tables


def grab(window: arcade.Window, path: Path) -> None:
    window.dispatch_events()
    window.dispatch_event("on_draw")
    arcade.get_image().save(path)
    window.flip()


@temporary_home()        # the player's saves are never touched
def main(argv: list[str]) -> int:
    """Screenshots run in a temporary data folder."""
    p = argparse.ArgumentParser(
        prog="cardclub shots",
        description="Render the menu, every table (start, play, pause, result) and the "
                    "rules screen headless and save them as PNG screenshots. Uses a "
                    "temporary data folder: your saves are never touched.")
    p.add_argument("--out", default="screenshots", metavar="DIR",
                   help="folder for the PNG files (created if missing; default: %(default)s)")
    p.add_argument("--size", default="1280x800", metavar="WxH",
                   help="window size in pixels (default: %(default)s)")
    p.add_argument("--games", default="", metavar="KEYS",
                   help=f"comma-separated game keys, e.g. {','.join(ORDER[:2])} "
                        f"(default: all)")
    a = p.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in a.size.lower().split("x"))
    from game.scenes.menu import table_ready
    from game.scenes.tables import table_class
    from game.session import DealSession

    window = CardClubWindow(w, h, vsync=False)
    window._enable_event_queue = False
    window.think_scale = 0.0
    window.show_menu()
    pump(window, 5)
    grab(window, out / "menu.png")
    for key, opts in tables():
        if not table_ready(key) or (a.games and key not in a.games.split(",")):
            continue
        name = key + (f"{opts['players']}p" if opts else "")
        table = table_class(key)(window, seed=11, options=opts)
        window.show_view(table)
        pump(window, 180)
        grab(window, out / f"{name}_start.png")
        # a few moves in: the human plays its first legal move, the computers answer
        assert isinstance(table.session, DealSession)     # a deal against the computer
        g = table.session.game
        for _ in range(8):
            if g.is_over:
                break
            if g.current_player == 0:
                table.play(g.legal_moves()[0])
            pump(window, 90)
        grab(window, out / f"{name}_play.png")
        picks = sorted(table.pickable())
        if picks:
            table.selected = [table.token_of(picks[0][1], picks[0][0])]
            table.after_select()
            pump(window, 20)
            grab(window, out / f"{name}_selected.png")
        table.pause()
        grab(window, out / f"{name}_pause.png")
        table.resume()
        table.surrender()
        pump(window, 2)
        grab(window, out / f"{name}_result.png")
    window.open("rules", game=default_game())
    pump(window, 2)
    grab(window, out / "rules.png")
    window.close()
    print(f"screenshots in {out}/")
    return 0
