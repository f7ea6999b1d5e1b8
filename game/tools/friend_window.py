"""A friend's window: joins a shared table through the friends view and plays its seat with
real mouse input (taps on the cards, the table and the buttons), frame by frame.

The two-window test runs it in a second process on the same display while its own window
hosts (``tests/test_ui_two_windows.py``); by hand::

    python -m game.tools.friend_window --game durak --address 127.0.0.1:8765 --code ABC123

It saves screenshots of its side to ``--shots`` (``join-table.png`` a few moves in,
``join-result.png`` at the end) and prints one JSON line: its seat, the moves it made,
the deal's result and the table's last words.  Every wait is bounded (``--seconds``);
a gesture that makes no move ends the run with an error.  Uses a temporary data folder.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import arcade

from game.app import CardClubWindow
from game.rules import Move
from game.store.files import temporary_home
from game.tools.drive import click, pump


class Stuck(Exception):
    """A bounded wait ran out (what it waited for is the message)."""


def grab(window: arcade.Window, path: Path) -> None:
    window.dispatch_events()
    window.dispatch_event("on_draw")
    arcade.get_image().save(path)
    window.flip()


def until(window: arcade.Window, cond: Any, what: str, deadline: float) -> None:
    """Frames until ``cond()`` holds (never past ``deadline``)."""
    while not cond():
        if time.monotonic() > deadline:
            raise Stuck(what)
        pump(window, 1)
        time.sleep(0.002)


def card_point(table: Any, card: str, place: str) -> tuple[float, float]:
    """A point on the visible strip of a card (its left edge: a fan overlaps)."""
    sp = table.sprite_of(card, place)
    return sp.center_x - table.layout.card_w / 2 + 5, sp.center_y


def act(window: arcade.Window, table: Any, move: Move) -> None:
    """The taps that make ``move`` at ``table``: its cards then its target, or its
    button."""
    picks = table.picks(move)
    if picks:
        for place, card in picks:
            click(window, *card_point(table, card, place))
            pump(window, 1)
        target = table.target_of(move)
        if target is not None:
            box = table.targets()[target]
            click(window, box.cx, box.cy)
        else:
            button = table.button_for(move)
            click(window, button.cx, button.cy)
    else:
        button = table.button_for(move)
        click(window, button.cx, button.cy)
    pump(window, 1)


def join(window: CardClubWindow, game: str, address: str, code: str,
         deadline: float) -> Any:
    """The friends view: Join, the address and the code typed, Enter; the table once it
    opens."""
    view: Any = window.open("friends", game=game)
    pump(window, 2)
    b = view.buttons.by_name("join")
    click(window, b.cx, b.cy)
    pump(window, 1)
    address_field, code_field = view.fields
    click(window, address_field.cx, address_field.cy)
    for _ in range(len(address_field.value)):
        window.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
    window.dispatch_event("on_text", address)
    click(window, code_field.cx, code_field.cy)
    window.dispatch_event("on_text", code)
    enter = view.buttons.by_name("enter")
    click(window, enter.cx, enter.cy)
    until(window, lambda: window.current_view is not view, "the table opens", deadline)
    return window.current_view


def play(window: CardClubWindow, table: Any, shots: Path | None, deadline: float,
         shot_after: int = 3) -> int:
    """The seat's deal to its result with the mouse (the first legal move each turn); a
    screenshot mid-deal once ``shot_after`` moves of its own are made.  The moves made."""
    made = 0
    s = table.session
    while not table.result_visible:
        if time.monotonic() > deadline:
            raise Stuck(f"the deal's end ({s.moves_played} moves)")
        if table.human_to_act and not table.animating:
            if made <= shot_after and shots is not None:   # a few moves in
                grab(window, shots / "join-table.png")
            before = s.moves_played
            act(window, table, s.human_moves()[0])
            if table.human_to_act and s.moves_played == before:
                raise Stuck(f"the gesture for {s.human_moves()[0]} made no move")
            made += 1
            until(window, lambda b=before: s.moves_played != b or s.is_over,
                  "the move came back", deadline)
        pump(window, 1)
    return made


@temporary_home()        # the player's saves are never touched
def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.tools.friend_window",
        description="Join a shared table in a window and play its seat with real mouse "
                    "input (the second window of the two-window test).")
    p.add_argument("--game", required=True, help="the game's key (the friends view's)")
    p.add_argument("--address", required=True, help="HOST:PORT of the table's server")
    p.add_argument("--code", required=True, help="the table's code")
    p.add_argument("--shots", default="", metavar="DIR", help="folder for screenshots")
    p.add_argument("--seconds", type=float, default=180.0,
                   help="the longest the run may take (default: %(default)s)")
    p.add_argument("--size", default="1280x800", metavar="WxH")
    a = p.parse_args(argv)
    w, h = (int(v) for v in a.size.lower().split("x"))
    shots = Path(a.shots) if a.shots else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + a.seconds
    window = CardClubWindow(w, h, vsync=False, antialiasing=False)
    window._enable_event_queue = False
    window.think_scale = 0.0
    window.settings.animation_scale = 0.0
    try:
        table = join(window, a.game, a.address, a.code, deadline)
        made = play(window, table, shots, deadline)
        pump(window, 2)
        if shots is not None:
            grab(window, shots / "join-result.png")
        s = table.session
        print(json.dumps({"seat": s.human, "moves": made, "result": s.result(),
                          "outcome": s.outcome(),
                          "title": table.result_panel.title.text.text}), flush=True)
        return 0
    except Stuck as e:
        print(f"friend_window: stuck waiting for {e}", file=sys.stderr, flush=True)
        return 1
    finally:
        window.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
