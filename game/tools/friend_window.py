"""A friend's window: joins a shared table through the friends view and plays its seat with
real mouse input (taps on the cards, the table and the buttons), frame by frame.

The two-window test runs it in a second process on the same display while its own window
hosts (``tests/test_ui_two_windows.py``); by hand::

    python -m game.tools.friend_window --game durak --address 127.0.0.1:8765 --code ABC123

``--rejoin`` instead takes back the seat its data folder (``--home``) holds from an
earlier run that was killed mid-deal: it opens the friends page, which offers *Rejoin
table …*, and taps that.  ``--name`` is typed into the page's name field when joining.

It saves screenshots of its side to ``--shots`` (``join-table.png`` a few moves in,
``join-result.png`` at the end; ``rejoin-page.png`` before the rejoin) and prints one
JSON line: its seat, the moves it made, the deal's result, its id, the seats' names as
it shows them and the result panel's words, once the deal is in its history.  Every wait
is bounded (``--seconds``); a gesture that makes no move ends the run with an error.  Its
data folder is ``--home`` (kept) or a temporary one.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade

from game.app import CardClubWindow
from game.rules import Move
from game.store import outbox
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


def type_into(window: arcade.Window, field: Any, text: str) -> None:
    """A tap on ``field``, what it holds rubbed out, ``text`` typed."""
    click(window, field.cx, field.cy)
    for _ in range(len(field.value)):
        window.dispatch_event("on_key_press", arcade.key.BACKSPACE, 0)
    window.dispatch_event("on_text", text)


def join(window: CardClubWindow, game: str, address: str, code: str, name: str,
         deadline: float) -> Any:
    """The friends view: Join, the address, the code and the name typed, then the Join
    button; the table once it opens."""
    view: Any = window.open("friends", game=game)
    pump(window, 2)
    b = view.buttons.by_name("join")
    click(window, b.cx, b.cy)
    pump(window, 1)
    type_into(window, view.form.address, address)
    type_into(window, view.form.code, code)
    if name:
        type_into(window, view.form.name, name)
    enter = view.buttons.by_name("enter")
    click(window, enter.cx, enter.cy)
    until(window, lambda: window.current_view is not view, "the table opens", deadline)
    return window.current_view


def rejoin(window: CardClubWindow, game: str, shots: Path | None, deadline: float) -> Any:
    """The friends view after a restart: a tap on its "Rejoin table …"; the table once
    it opens."""
    view: Any = window.open("friends", game=game)
    pump(window, 2)
    b = view.buttons.by_name("rejoin")
    if not b.visible:
        raise Stuck("a Rejoin button on the friends page")
    if shots is not None:
        grab(window, shots / "rejoin-page.png")
    click(window, b.cx, b.cy)
    until(window, lambda: window.current_view is not view, "the table opens again", deadline)
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


@contextlib.contextmanager
def data_folder(folder: str) -> Iterator[None]:
    """``CARDCLUB_HOME`` at ``folder`` (kept: a run after a kill finds its seat there),
    or at a temporary folder removed after: the player's own is never touched."""
    if not folder:
        with temporary_home():
            yield
        return
    old = os.environ.get("CARDCLUB_HOME")
    os.environ["CARDCLUB_HOME"] = str(Path(folder).resolve())
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("CARDCLUB_HOME", None)
        else:
            os.environ["CARDCLUB_HOME"] = old


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.tools.friend_window",
        description="Join a shared table in a window and play its seat with real mouse "
                    "input (the second window of the two-window test).")
    p.add_argument("--game", required=True, help="the game's key (the friends view's)")
    p.add_argument("--address", default="", help="HOST:PORT of the table's server")
    p.add_argument("--code", default="", help="the table's code")
    p.add_argument("--rejoin", action="store_true",
                   help="take back the seat held in --home (the page's Rejoin button)")
    p.add_argument("--name", default="", help="the name typed into the page's name field")
    p.add_argument("--home", default="", metavar="DIR",
                   help="the data folder (kept; default: a temporary one)")
    p.add_argument("--shots", default="", metavar="DIR", help="folder for screenshots")
    p.add_argument("--seconds", type=float, default=180.0,
                   help="the longest the run may take (default: %(default)s)")
    p.add_argument("--size", default="1280x800", metavar="WxH")
    a = p.parse_args(argv)
    if not a.rejoin and not (a.address and a.code):
        p.error("--address and --code, or --rejoin")
    with data_folder(a.home):
        return run(a)


def run(a: argparse.Namespace) -> int:
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
        table = (rejoin(window, a.game, shots, deadline) if a.rejoin
                 else join(window, a.game, a.address, a.code, a.name, deadline))
        made = play(window, table, shots, deadline)
        pump(window, 2)
        if shots is not None:
            grab(window, shots / "join-result.png")
        s = table.session
        if not outbox.flush(max(1.0, deadline - time.monotonic())):
            raise Stuck("the deal in the history")
        journal = (s.finished or {}).get("journal") or {}
        print(json.dumps({"seat": s.human, "moves": made, "result": s.result(),
                          "outcome": s.outcome(), "deal_id": journal.get("id"),
                          "names": [table.who(i) for i in range(s.players)],
                          "title": table.result_panel.title.text.text,
                          "lines": table.result_panel.text.text.text}), flush=True)
        return 0
    except Stuck as e:
        print(f"friend_window: stuck waiting for {e}", file=sys.stderr, flush=True)
        return 1
    finally:
        window.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
