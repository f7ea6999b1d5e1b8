"""The table server's group commit (game/net/commit.py): saves made while the disk is
busy are written together with one folder fsync, each save returns only once its own
file is on the disk, the newest bytes of a file win, and one file's error reaches only
the saves of that file (issue 39, load figures)."""
from __future__ import annotations

import asyncio
import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.net import commit
from game.net.commit import Committer
from game.store import files


def test_saves_made_together_share_one_folder_fsync(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[Path] = []
    real = files.fsync_dir
    monkeypatch.setattr(files, "fsync_dir", lambda p: (synced.append(p), real(p)))
    gate = threading.Event()
    first = tmp_path / "AAAAAA.json"
    real_write = commit._write

    def slow_first(path: Path, payload: bytes) -> None:
        if path == first:
            gate.wait(10)            # the disk is busy with the first save
        real_write(path, payload)

    monkeypatch.setattr(commit, "_write", slow_first)

    async def main() -> Committer:
        with ThreadPoolExecutor(4) as disk:
            c = Committer(disk)
            t0 = asyncio.ensure_future(c.save(first, b'{"n": 0}'))
            await asyncio.sleep(0)           # the first batch starts (and waits)
            rest = [asyncio.ensure_future(c.save(tmp_path / f"T{i}.json",
                                                 json.dumps({"n": i}).encode()))
                    for i in range(1, 6)]
            again = asyncio.ensure_future(c.save(tmp_path / "T1.json", b'{"n": 99}'))
            await asyncio.sleep(0)
            assert not any(t.done() for t in [t0, *rest, again])
            gate.set()
            await asyncio.gather(t0, *rest, again)
            return c

    c = asyncio.run(main())
    assert c.batches == 2 and c.files == 6           # the first alone, then the five
    assert synced == [tmp_path, tmp_path]            # one folder fsync per batch
    assert json.loads((tmp_path / "T1.json").read_bytes()) == {"n": 99}
    for i in range(2, 6):
        assert json.loads((tmp_path / f"T{i}.json").read_bytes()) == {"n": i}
    assert not [p for p in os.listdir(tmp_path) if p.endswith(files.TMP_SUFFIX)]


def test_one_files_error_reaches_only_its_own_saves(tmp_path: Path) -> None:
    bad = tmp_path / "missing" / "x.json"
    (tmp_path / "missing").write_text("a file where a folder should be")

    async def main() -> tuple[BaseException | None, BaseException | None]:
        with ThreadPoolExecutor(2) as disk:
            c = Committer(disk)
            got = await asyncio.gather(c.save(bad, b"{}"),
                                       c.save(tmp_path / "ok.json", b"{}"),
                                       return_exceptions=True)
            return (got[0] if isinstance(got[0], BaseException) else None,
                    got[1] if isinstance(got[1], BaseException) else None)

    err, ok = asyncio.run(main())
    assert isinstance(err, OSError)
    assert ok is None and (tmp_path / "ok.json").read_bytes() == b"{}"
