"""Two real windows on one display, and the friend's program killed mid-deal: this test's
window hosts a Durak table as "Ana"; a second process (``game.tools.friend_window``)
joins it as "Bea" with its own data folder.  A few moves in, the friend's process gets
SIGKILL (no ``leave``, nothing said); the host's table says Bea is away.  The friend's
program starts again on the same data folder, its friends page offers "Rejoin table …",
a tap takes the seat back, and the deal is played to its end: both windows name the
seats alike, both results agree, and both histories hold the deal under one id.

Bounded: every wait on a condition with a deadline; the second process killed if it
outlives the test."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.app import CardClubWindow
from game.games import ORDER
from game.net.remote import RemoteSession
from game.store import friends, history, outbox
from game.tools.drive import pump

from .test_ui_net import button, frames_until, tap_first_move
from .test_ui_two_windows import HANG, ROOT, loopback, shot  # noqa: F401  (a fixture)
from .ui_helpers import tap

pytestmark = pytest.mark.ui


def friend_process(args: list[str], err: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "LANGUAGE": "en", "ARCADE_SOUND_BACKENDS": "silent",
           "CARDCLUB_BIND": "127.0.0.1"}
    return subprocess.Popen([sys.executable, "-m", "game.tools.friend_window", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True)


def friend_moves(s: RemoteSession) -> int:
    """The moves seat 1 has made, as the host heard them."""
    return sum(1 for e in s.seen if e.get("seat") == 1)


@pytest.mark.skipif("durak" not in ORDER, reason="the two-window deal is a Durak deal")
def test_a_friend_killed_mid_deal_rejoins_from_the_friends_page(
        app: CardClubWindow, loopback: None, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    view: Any = app.open("friends", game="durak")
    pump(app, 2)
    name = view.form.name
    tap(app, name.cx, name.cy)
    app.dispatch_event("on_text", "Ana")
    start = button(view, "start")
    tap(app, start.cx, start.cy)
    frames_until(app, lambda: view.session is not None and view.session.code is not None,
                 "the table's code")
    code, port = view.session.code, view.server.port
    shots = tmp_path / "shots"
    shots.mkdir()
    home = tmp_path / "friend-home"              # the friend's data folder, both runs
    err_file = tmp_path / "friend.err"          # a file: a full pipe would block it
    err = err_file.open("w")
    friend = friend_process(["--game", "durak", "--address", f"127.0.0.1:{port}",
                             "--code", code, "--name", "Bea", "--home", str(home),
                             "--shots", str(shots), "--seconds", str(HANG - 20)], err)
    try:
        frames_until(app, lambda: app.current_view is not view, "the host's table opens")
        table: Any = app.current_view
        s = table.session
        assert isinstance(s, RemoteSession) and s.is_host and s.human == 0
        assert table.who(1) == "Bea" and table.opp_label.text.text.startswith("Bea · ")
        # a few moves each, then the friend's program is killed without a word
        deadline = time.monotonic() + HANG
        while friend_moves(s) < 2 or table.animating:
            assert time.monotonic() < deadline, f"the deal hung ({s.moves_played} moves)"
            assert friend.poll() is None, err_file.read_text()[-3000:]
            assert not table.result_visible, "the deal ended before the kill"
            if table.human_to_act and not table.animating:
                tap_first_move(app, table)
            pump(app, 1)
        held = friends.joined(home)                  # the seat noted in its data folder
        assert [(j.code, j.seat, j.game) for j in held] == [(code, 1, "durak")]
        friend.send_signal(signal.SIGKILL)
        friend.communicate(timeout=30)
        frames_until(app, lambda: s.away(1), "the friend counted as away")
        assert "Bea: away" in table.hud.level_text
        if s.current_player == 1:
            assert table.hud.status.text.text == "Bea is away…"
        shot(app, shots / "host-away.png")
        # started again on the same data folder: the friends page offers the seat back
        friend = friend_process(["--game", "durak", "--rejoin", "--home", str(home),
                                 "--shots", str(shots), "--seconds", str(HANG - 20)], err)
        frames_until(app, lambda: not s.away(1) or friend.poll() is not None,
                     "the friend back at the table")
        assert friend.poll() is None, err_file.read_text()[-3000:]
        while not table.result_visible:
            assert time.monotonic() < deadline, f"the deal hung ({s.moves_played} moves)"
            assert friend.poll() is None or s.is_over, err_file.read_text()[-3000:]
            if table.human_to_act and not table.animating:
                tap_first_move(app, table)
            pump(app, 1)
        pump(app, 2)
        out, _err = friend.communicate(timeout=HANG)
        assert friend.returncode == 0, err_file.read_text()[-3000:]
        said = json.loads(out.strip().splitlines()[-1])
        assert said["seat"] == 1 and said["result"] == s.result()
        assert said["names"] == ["Ana", "You"] and [table.who(i) for i in (0, 1)] == [
            "You", "Bea"]
        holding = {0: "Bea is left holding the cards.", 1: "Ana is left holding the cards."}
        res = s.result() or []
        if res[0] == 1.0:                            # the result names the other seat
            assert holding[0] in table.result_panel.text.text.text
        elif res[1] == 1.0:
            assert holding[1] in said["lines"]
        journal = s.finished["journal"]
        assert said["deal_id"] == journal["id"]
        # both histories hold the deal, under one id, each from its own seat
        assert outbox.flush(HANG)
        (mine,) = history.deals("durak")
        assert mine.deal_id == journal["id"] and mine.outcome == s.outcome()
        monkeypatch.setenv("CARDCLUB_HOME", str(home))
        (theirs,) = history.deals("durak")
        assert theirs.deal_id == journal["id"] and theirs.outcome == said["outcome"]
        assert friends.joined(home) == []           # the deal is over: nothing to rejoin
        keep = os.environ.get("CARDCLUB_SHOTS")     # to look at: CARDCLUB_SHOTS=DIR
        if keep:
            for name in ("host-away.png", "rejoin-page.png", "join-result.png"):
                shutil.copy(shots / name, Path(keep) / f"two-windows-rejoin-{name}")
    finally:
        if friend.poll() is None:
            friend.kill()
            friend.communicate(timeout=30)
        err.close()
        server = getattr(getattr(app.current_view, "session", None), "keep", None)
        if server is not None:
            server.stop()
