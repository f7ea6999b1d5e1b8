"""Two real windows on one display (Xvfb): this test's window hosts a Durak table from the
friends view, a second window in another process (``game.tools.friend_window``) joins it
with the address and code, and both play the deal with real mouse input.  Each side draws
the table from its own seat; screenshots of both sides are saved.

Bounded: one deal, every wait on a condition with a deadline, the second process killed
if it outlives it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.games import ORDER
from game.net.remote import RemoteSession
from game.tools.drive import pump

from .test_ui_net import button, frames_until, tap_first_move
from .ui_helpers import tap

pytestmark = pytest.mark.ui
HANG = 240.0
ROOT = Path(__file__).resolve().parent.parent



@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hosted table listens on 127.0.0.1 only, on a free port."""
    from game.scenes import friends_view

    monkeypatch.setattr(friends_view.FriendsView, "bind", "127.0.0.1")
    monkeypatch.setattr(friends_view, "PORT", 0)
    monkeypatch.setattr(friends_view.FriendsView, "address", staticmethod(lambda: "127.0.0.1"))

def shot(app: CardClubWindow, path: Path) -> None:
    app.dispatch_event("on_draw")
    arcade.get_image().save(path)
    app.flip()


@pytest.mark.skipif("durak" not in ORDER, reason="the two-window deal is a Durak deal")
def test_two_windows_host_and_join_and_play_a_durak_deal(app: CardClubWindow, loopback: None,
                                                         tmp_path: Path) -> None:
    view: Any = app.open("friends", game="durak")
    pump(app, 2)
    assert "friend" in button(view, "seat1").label.text.text
    start = button(view, "start")
    tap(app, start.cx, start.cy)
    frames_until(app, lambda: view.session is not None and view.session.code is not None,
                 "the table's code")
    code, port = view.session.code, view.server.port
    frames_until(app, lambda: any(code in lab.text.text for lab in view.lines), "the code")
    shots = tmp_path / "shots"
    shots.mkdir()
    env = {**os.environ, "LANGUAGE": "en", "ARCADE_SOUND_BACKENDS": "silent",
           "CARDCLUB_BIND": "127.0.0.1"}
    err_file = tmp_path / "friend.err"          # a file: a full pipe would block it
    err = err_file.open("w")
    friend = subprocess.Popen(
        [sys.executable, "-m", "game.tools.friend_window", "--game", "durak",
         "--address", f"127.0.0.1:{port}", "--code", code.lower(), "--shots", str(shots),
         "--seconds", str(HANG - 20)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        frames_until(app, lambda: app.current_view is not view, "the host's table opens")
        table: Any = app.current_view
        s = table.session
        assert isinstance(s, RemoteSession) and s.human == 0 and s.is_host
        deadline = time.monotonic() + HANG
        made = 0
        while not table.result_visible:
            assert time.monotonic() < deadline, f"the deal hung ({s.moves_played} moves)"
            assert friend.poll() is None or s.is_over, err_file.read_text()[-3000:]
            if table.human_to_act and not table.animating:
                if made <= 3:                       # the table a few moves in
                    shot(app, shots / "host-table.png")
                tap_first_move(app, table)
                made += 1
            pump(app, 1)
        pump(app, 2)
        shot(app, shots / "host-result.png")
        out, _err = friend.communicate(timeout=HANG)
        assert friend.returncode == 0, err_file.read_text()[-3000:]
        said = json.loads(out.strip().splitlines()[-1])
        assert made > 0 and said["moves"] > 0 and said["seat"] == 1
        assert said["result"] == s.result()                 # both saw the same deal end
        mine = s.result()
        assert mine is not None and said["result"][1] == mine[1]
        want = {1.0: "You win!", 0.0: "You are the durak!", 0.5: "A draw"}
        assert table.result_panel.title.text.text == want[mine[0]]
        assert said["title"] == want[mine[1]]                # each from its own seat
        for name in ("host-table.png", "host-result.png", "join-table.png",
                     "join-result.png"):
            assert (shots / name).stat().st_size > 0, name
        keep = os.environ.get("CARDCLUB_SHOTS")             # to look at: CARDCLUB_SHOTS=DIR
        if keep:
            for name in ("host-table.png", "host-result.png", "join-table.png",
                         "join-result.png"):
                shutil.copy(shots / name, Path(keep) / f"two-windows-{name}")
    finally:
        if friend.poll() is None:
            friend.kill()
            friend.communicate(timeout=30)
        err.close()
        keeper = getattr(app.current_view, "session", None)
        server = getattr(keeper, "keep", None)
        if server is not None:
            server.stop()
