"""A read-only, full or missing data folder never crashes anything (issue 14): saves,
settings and the history report a plain-words message once; play goes on; Quit exits 0.

Real file systems where the machine allows (a small tmpfs, remounted read-only), and a
monkeypatched writer everywhere."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.store import files, history, saves, settings
from tests.store_helpers import end_on_a_full_disk, play_moves, starts_record_it_once

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    files.reset_problems()
    history.forget_checks()
    yield
    files.reset_problems()
    history.forget_checks()


def _mount(folder: Path, size: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                       capture_output=True)
    return r.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A 256 kB tmpfs as the data folder (skipped where mount is not allowed)."""
    folder = tmp_path / "small"
    if not _mount(folder, "256k"):
        pytest.skip("cannot mount a tmpfs here; the monkeypatched tests cover this")
    monkeypatch.setenv("CARDCLUB_HOME", str(folder))
    try:
        yield folder
    finally:
        _umount(folder)


def _remount_ro(folder: Path) -> None:
    r = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
    assert r.returncode == 0, r.stderr


def _fill(folder: Path) -> None:
    """Fill the disk to the last byte."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 1024)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)


def _no_temp_files(folder: Path) -> None:
    assert not list(folder.rglob("*.tmp")), "a failed write must not leave temp files"


# ----- a monkeypatched writer (runs everywhere) ---------------------------------------------
def test_full_disk_monkeypatched_never_raises_and_says_so_once(
        monkeypatch: pytest.MonkeyPatch, _cardclub_home: Path) -> None:
    j, g = play_moves("durak", 4)
    before = saves.path_for("durak").read_bytes()

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    m = g.legal_moves()[0]
    g.play(m)
    assert saves.add_move(j, m) is False            # play goes on
    assert saves.path_for("durak").read_bytes() == before   # the last good save is intact
    assert settings.save(settings.Settings()) is False
    msg = files.take_write_problem()
    assert msg and "disk is full" in msg and str(_cardclub_home) in msg
    assert files.take_write_problem() is None        # shown once
    assert files.write_problem() == msg              # still true, for whoever asks
    _no_temp_files(_cardclub_home)
    monkeypatch.undo()                 # (this also undid conftest's CARDCLUB_HOME)
    monkeypatch.setenv("CARDCLUB_HOME", str(_cardclub_home))
    assert saves.save(j) is True and files.write_problem() is None
    assert saves.load("durak")[0].moves == j.moves   # type: ignore[union-attr]


def test_read_only_folder_monkeypatched(monkeypatch: pytest.MonkeyPatch,
                                        _cardclub_home: Path) -> None:
    j, g = play_moves("paodekuai", 3)

    def refuse(*a: object, **k: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    monkeypatch.setattr(files.os, "rename", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)
    assert saves.save(j) is False
    assert saves.delete("paodekuai") is False        # used to crash at the end of a deal
    assert saves.surrender(j, g) == 0                # used to crash on Surrender
    assert settings.save(settings.Settings()) is False
    msg = files.take_write_problem()
    assert msg and "cannot be written" in msg
    # a damaged save that cannot be moved aside: a message, the file untouched
    monkeypatch.undo()                 # (this also undid conftest's CARDCLUB_HOME)
    monkeypatch.setenv("CARDCLUB_HOME", str(_cardclub_home))
    saves.path_for("durak").write_bytes(b'{"seed": 1e400}')
    monkeypatch.setattr(files.os, "rename", refuse)
    journal, msg2 = saves.load("durak")
    assert journal is None and msg2 and "could not be moved aside" in msg2
    assert saves.path_for("durak").read_bytes() == b'{"seed": 1e400}'


def test_missing_folder_that_cannot_be_created(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CARDCLUB_HOME", str(blocker / "cardclub"))
    j, g = play_moves("durak", 3)                    # never raises
    assert saves.load("durak") == (None, None)
    assert settings.load() == (settings.Settings(), None)
    assert history.record_deal("durak", "hard", 2, 3, "win", 1, deal_id="f" * 32) == 40
    assert history.deals("durak") == [] and history.profile().xp == 0
    msg = files.write_problem()
    assert msg and str(blocker) in msg
    assert blocker.read_text() == "not a folder"


# ----- real file systems ----------------------------------------------------------------------
def test_full_tmpfs_play_history_and_quit_never_raise(small_disk: Path) -> None:
    j, g = play_moves("durak", 5)
    history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id="1" * 32)
    saved = saves.path_for("durak").read_bytes()
    _fill(small_disk)
    from game.ai import make_bot

    bots = [make_bot("durak", "random", seed=s) for s in range(2)]
    while not g.is_over:                                # play on to the end on a full disk
        s = g.current_player
        m = bots[s].choose(g.observation(s), g.legal_moves())   # type: ignore[index]
        g.play(m)
        saves.add_move(j, m)
    assert settings.save(settings.Settings(volume=0.1)) is False   # Quit
    saves.finish(j, g)                      # the history row may not fit: never raises
    msg = files.take_write_problem()
    assert msg and ("disk is full" in msg or "cannot be" in msg) and str(small_disk) in msg
    # the deal's save goes only once its history row (or its outbox file) is written;
    # until then the history counts it as held, and the outbox keeps trying
    assert history.recorded(j.deal_id) != saves.exists("durak")
    assert history.has_deal(j.deal_id)
    assert saved
    _no_temp_files(small_disk)
    (small_disk / "filler").unlink()
    files.reset_problems()
    history.forget_checks()
    assert history.integrity_ok()
    assert history.count_deals("durak") in (1, 2)       # the first row is never lost
    assert history.has_deal("1" * 32)


def test_read_only_tmpfs_start_continue_end_and_quit(small_disk: Path) -> None:
    j, g = play_moves("durak", 6)
    history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id="2" * 32)
    settings.path().write_bytes(b'{"volume": 1e400}')            # damaged settings
    saves.path_for("dudak").write_bytes(b'[' * 100_000)          # damaged save
    good = saves.path_for("durak").read_bytes()
    _remount_ro(small_disk)
    history.forget_checks()
    files.clean_stale_temp()                                     # start-up never raises
    s, msg = settings.load()                                     # the game starts
    assert s == settings.Settings() and msg and "could not be moved aside" in msg
    assert saves.settle_all()                                    # dudak: a message
    journal, state = saves.load("durak")                         # Continue works
    assert journal is not None and journal.moves == j.moves
    from game.ai import make_bot

    bots = [make_bot("durak", "random", seed=s) for s in range(2)]
    while not state.is_over:                                     # type: ignore[union-attr]
        seat = state.current_player                              # type: ignore[union-attr]
        m = bots[seat].choose(state.observation(seat), state.legal_moves())  # type: ignore
        state.play(m)                                            # type: ignore[union-attr]
        saves.add_move(journal, m)
    saves.finish(journal, state)                                 # type: ignore[arg-type]
    assert saves.surrender(journal, state) >= 0                  # type: ignore[arg-type]
    assert settings.save(s) is False                             # Quit
    problem = files.take_write_problem()
    assert problem and "cannot be written" in problem and str(small_disk) in problem
    assert saves.path_for("durak").read_bytes() == good
    assert history.count_deals("durak") >= 1                     # reading still works


@pytest.mark.ui
def test_quit_exits_0_on_a_read_only_folder_with_damaged_settings(small_disk: Path) -> None:
    settings.path().write_bytes(b'{"language": "\\ud800"}')
    _remount_ro(small_disk)
    code = ("import arcade; arcade.run = lambda *a, **k: None\n"
            "from game.app import run\nraise SystemExit(run())\n")
    env = {**os.environ, "CARDCLUB_HOME": str(small_disk), "ARCADE_SOUND_BACKENDS": "silent"}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert settings.path().read_bytes() == b'{"language": "\\ud800"}'


def test_full_tmpfs_at_the_last_move_with_the_game_closed_keeps_the_result(
        small_disk: Path) -> None:
    """Issue 35, on a real full disk: the last move's save cannot be written, nor the
    history's row; the outbox file takes the room held for it, and once the disk has room
    again every start finds the result in the history once, and no save to resume."""
    ended = end_on_a_full_disk(small_disk, "durak", 11, "tmpfs")
    assert ended["spare_given_up"] and ended["in_outbox"]
    assert not saves.path_for("durak").exists()          # no save a move short is left
    _no_temp_files(small_disk)
    (small_disk / "filler").unlink()                     # room again, the game closed
    starts_record_it_once(ended, "durak")
