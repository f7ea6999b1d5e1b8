"""The per-user data folder, atomic JSON files, and what happens when the disk says no.

Reading: :func:`read_json` refuses anything that could break later (non-finite numbers,
lone surrogates, deep nesting, huge files) by raising ``ValueError``; callers treat *any*
exception while reading as a damaged file, keep it aside (:func:`keep_aside`) and start
fresh.  Writing: :func:`store_json` never raises; a failure is remembered so the UI can
say once, in plain words, that progress cannot be saved and where
(:func:`write_problem`, :func:`take_write_problem`).
"""
from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

#: biggest save or settings file we read (a real journal is a few tens of kB)
MAX_FILE_BYTES = 8 * 1024 * 1024
#: deepest nesting of lists and objects we accept (a journal needs 3)
MAX_DEPTH = 32
TMP_SUFFIX = ".tmp"

_problem: str | None = None       # the latest write failure, None after a good write
_problem_told: str | None = None  # the message the UI has already shown


def home() -> Path:
    """``CARDCLUB_HOME`` when set (tests and tools set it), else the platform's user data
    folder.  Created when missing; never raises (a folder that cannot be created shows up
    as a write problem on the first save)."""
    env = os.environ.get("CARDCLUB_HOME")
    if env:
        path = Path(env)
    else:
        import platformdirs

        path = platformdirs.user_data_path("cardclub", appauthor=False)
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def temporary_home(prefix: str = "cardclub-tool-") -> Iterator[Path]:
    """Point ``CARDCLUB_HOME`` at a new empty folder for the duration (tools, smoke runs),
    so nothing they do can touch the player's real saves; the folder is removed after."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    old = os.environ.get("CARDCLUB_HOME")
    os.environ["CARDCLUB_HOME"] = str(folder)
    try:
        yield folder
    finally:
        if old is None:
            os.environ.pop("CARDCLUB_HOME", None)
        else:
            os.environ["CARDCLUB_HOME"] = old
        shutil.rmtree(folder, ignore_errors=True)


# ----- reading ------------------------------------------------------------------------------
def _no_constant(name: str) -> Any:
    raise ValueError(f"the number {name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def check_value(value: Any, depth: int = 0) -> None:
    """Raise ``ValueError`` for what JSON can hold but we cannot use: nesting deeper than
    :data:`MAX_DEPTH`, strings that cannot be written back as UTF-8 (lone surrogates),
    non-finite floats."""
    if depth > MAX_DEPTH:
        raise ValueError("it is nested too deeply")
    if isinstance(value, str):
        value.encode("utf-8")   # UnicodeEncodeError is a ValueError
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("it holds a number that is not finite")
    elif isinstance(value, dict):
        for k, v in value.items():
            check_value(k, depth + 1)
            check_value(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            check_value(v, depth + 1)
    elif value is not None and not isinstance(value, (bool, int)):
        raise ValueError(f"it holds a {type(value).__name__}")


def _nesting_ok(text: str) -> bool:
    """A cheap pre-check so that json never recurses deeper than MAX_DEPTH."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json(text: str | bytes, longest: int = MAX_FILE_BYTES) -> Any:
    """Parse stored JSON (a file's bytes, a history row's text) strictly: ``ValueError``,
    with the reason, for anything odd: longer than ``longest``, not UTF-8, nested too
    deeply (checked before parsing, so nothing recurses deeply), not JSON, or holding
    what :func:`check_value` refuses."""
    if not isinstance(text, (str, bytes)):
        raise ValueError(f"it is a {type(text).__name__}, not text")
    if len(text) > longest:
        raise ValueError("it is far too large")
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if not _nesting_ok(text):
            raise ValueError("it is nested too deeply")
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
        check_value(data)
    except UnicodeError as exc:
        raise ValueError("it holds bytes that are not text (UTF-8)") from exc
    except json.JSONDecodeError as exc:
        raise ValueError(f"its text is cut short or garbled at character {exc.pos + 1}"
                         ) from exc
    except RecursionError as exc:   # (not past the check above; said plainly anyway)
        raise ValueError("it is nested too deeply") from exc
    return data


def read_json(path: Path) -> Any:
    """Parse a JSON file strictly (:func:`parse_json`); raises on anything odd."""
    with path.open("rb") as fh:
        return parse_json(fh.read(MAX_FILE_BYTES + 1))


def keep_aside(path: Path) -> Path | None:
    """Move a damaged file out of the way, byte for byte (never delete it), and return
    its new name; ``None`` when it cannot be moved (it then stays where it is)."""
    for n in range(1, 10_000):
        target = path.with_name(f"{path.name}.damaged-{n}")
        if target.exists():
            continue
        try:
            os.rename(path, target)   # same folder: never a copy, never a partial file
        except OSError:
            return None
        fsync_dir(path.parent)
        return target
    return None


def reason(exc: BaseException) -> str:
    """Why something could not be read, short enough to show (an exception's words)."""
    why = str(exc).strip() or type(exc).__name__
    return why if len(why) <= 120 else why[:117] + "..."


def damaged_message(what: str, path: Path, exc: BaseException, aside: Path | None,
                    fresh: str) -> str:
    """Plain words for a damaged file: what it was, why, where it was kept, what now."""
    why = reason(exc)
    from game.i18n import _

    if aside is not None:
        return _("{what} could not be read ({why}). It was kept as {aside}; {fresh}").format(
            what=what, why=why, aside=aside, fresh=fresh)
    return _("{what} could not be read ({why}) and could not be moved aside; it was left "
             "as {path}. {fresh}").format(what=what, why=why, path=path, fresh=fresh)


# ----- writing ------------------------------------------------------------------------------
def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    """The raw write (tests replace it to play a full disk)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def encode_json(data: Any) -> bytes:
    """UTF-8 JSON bytes; raises ValueError for values we could not read back."""
    check_value(data)
    return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False).encode("utf-8")


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically: a temporary file, fsync, rename over the target, then fsync
    the folder.  Raises OSError/ValueError (see :func:`store_json` for the safe form)."""
    write_bytes(path, encode_json(data))   # encoding fails before any file is touched


def write_bytes(path: Path, payload: bytes, spare: Path | None = None) -> bool:
    """The atomic write of :func:`write_json`, for bytes already encoded.  With ``spare``
    (a data folder's :func:`spare_path`): on a full disk, that file is given up and the
    write tried once more in the room it leaves (a finished deal's outbox file).  Returns
    whether it took that room: the disk is full all the same, and that is remembered as
    a problem (:func:`write_problem`), not passed off as writing that works again."""
    try:
        _write_atomic(path, payload)
    except OSError as exc:
        if spare is None or exc.errno not in FULL or not give_up_spare(spare):
            raise
        _write_atomic(path, payload)
        note_problem(path, exc)
        return True
    return False


def _write_atomic(path: Path, payload: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        try:
            _write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


# ----- room held for a finished deal ---------------------------------------------------------
#: the file that holds room in the data folder for a finished deal's outbox file: written
#: while the disk has room (at start, at a new deal), given up when that outbox file meets
#: a full disk, so the deal's result still reaches the disk and the history gets it at the
#: next start (without it the save, a move short, would stay and the result be lost)
SPARE_NAME = "spare-room.bin"
#: its size: an outbox file of the longest deals (a Dudák deal of 2,000 moves) is ~25 kB
SPARE_BYTES = 64 * 1024
#: the errors of a full disk (or a full quota)
FULL = (errno.ENOSPC, errno.EDQUOT)


def spare_path(folder: Path | None = None) -> Path:
    """The spare room's file in ``folder`` (the data folder of the moment by default)."""
    return (folder if folder is not None else home()) / SPARE_NAME


def keep_spare(folder: Path | None = None) -> bool:
    """Write the spare room's file if it is missing (or short); whether it is there now.
    Never raises: on a disk without room it is simply not there.  Its bytes are random,
    so a file system that compresses still holds the room."""
    path = spare_path(folder)
    try:
        if path.stat().st_size >= SPARE_BYTES:
            return True
    except OSError:
        pass
    try:
        write_bytes(path, os.urandom(SPARE_BYTES))
    except Exception:  # a full or read-only disk: nothing held, nothing broken
        return False
    return True


def give_up_spare(path: Path) -> bool:
    """Remove the spare room's file ``path`` to make room; whether there was one."""
    try:
        path.unlink()
    except OSError:
        return False
    fsync_dir(path.parent)
    return True


def problem_text(path: Path, exc: BaseException) -> str:
    """Plain words for a failed write: that progress is not kept, where, and why."""
    from game.i18n import _

    folder = path.parent
    code = getattr(exc, "errno", None)
    if code in FULL:
        why = _("the disk is full")
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = _("the folder cannot be written to")
    elif code in (errno.ENOENT, errno.ENOTDIR):
        why = _("the folder is missing and cannot be created")
    else:
        why = str(exc).strip() or type(exc).__name__
    return _("Your progress cannot be saved in {folder}: {why}. You can keep playing, but "
             "this deal and your history will not be kept.").format(folder=folder, why=why)


def note_problem(path: Path, exc: BaseException) -> None:
    """Remember a failed write (the UI shows it once)."""
    global _problem
    _problem = problem_text(path, exc)


def note_success() -> None:
    global _problem
    _problem = None


def write_problem() -> str | None:
    """The message for the latest failed write, or ``None`` once writing works again."""
    return _problem


def take_write_problem() -> str | None:
    """Like :func:`write_problem`, but each message only once: the UI polls this after
    saving and shows what it returns."""
    global _problem_told
    if _problem is None or _problem == _problem_told:
        return None
    _problem_told = _problem
    return _problem


def reset_problems() -> None:
    """Forget past write failures (tests; a new data folder)."""
    global _problem, _problem_told
    _problem = _problem_told = None


#: held while a file is replaced on the caller's thread and while the writer's thread removes
#: one on a condition (:func:`remove_if`), so that removal never takes a newer file
lock = threading.RLock()


def remove_if(path: Path, wanted: Callable[[Any], bool]) -> bool:
    """Remove ``path`` if its JSON content is ``wanted`` (a finished deal's save, but not
    the next deal's that replaced it); whether it was removed.  Raises OSError."""
    with lock:
        try:
            data = read_json(path)
        except FileNotFoundError:
            return False
        except (OSError, ValueError):
            return False          # unreadable: settled (or kept aside) at the next start
        if not wanted(data):
            return False
        path.unlink(missing_ok=True)
    fsync_dir(path.parent)
    return True


def store_json(path: Path, data: Any) -> bool:
    """:func:`write_json` that never raises: ``False`` (and a remembered problem) when the
    file could not be written."""
    writer.flush()   # an older queued write must not land after this one
    try:
        with lock:
            write_json(path, data)
    except Exception as exc:  # a full disk, a read-only folder, an odd value: never crash
        note_problem(path, exc)
        return False
    note_success()
    return True


class Writer:
    """Writes files on a thread of its own, so a table's frame never waits for the disk
    (an fsync can take a tenth of a second).  Content is encoded on the caller's thread
    (a snapshot); for each path only the newest content (or removal) is done, in the order
    of the latest submissions.  ``flush`` waits until everything submitted is on disk:
    anything that must follow a save in order (a deletion, a history row) flushes first.
    A job may carry ``then``, called on this thread once it succeeded, and ``only_if``,
    asked on this thread before it runs (the history's outbox removes a finished deal's
    save only once the deal's outbox file is written)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, _Job] = {}
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: Any, then: Callable[[], None] | None = None,
               spare: Path | None = None) -> bool:
        """Queue ``data`` for ``path``; ``False`` (and a remembered problem) when it
        cannot be encoded.  ``spare``: on a full disk, give up that spare room's file and
        try again (:func:`write_bytes`)."""
        try:
            payload = encode_json(data)
        except Exception as exc:
            note_problem(path, exc)
            return False
        self._queue(path, _Job(payload, then, spare=spare))
        return True

    def submit_remove(self, path: Path, then: Callable[[], object] | None = None,
                      only_if: Callable[[], bool] | None = None) -> None:
        """Queue the removal of ``path`` (it replaces a write still waiting for it)."""
        self._queue(path, _Job(None, then, only_if))

    def pending(self, path: Path) -> str | None:
        """``"write"`` or ``"remove"`` while a job for ``path`` waits, else ``None``."""
        with self._cond:
            job = self._pending.get(path)
        if job is None:
            return None
        return "remove" if job.payload is None else "write"

    def _queue(self, path: Path, job: _Job) -> None:
        with self._cond:
            self._pending.pop(path, None)          # the newest job goes last
            self._pending[path] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="cardclub-writer",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted write is done; ``False`` on time-out."""
        if threading.current_thread() is self._thread:
            return False                     # a ``then`` must never wait for itself
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy,
                                       timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._pending), timeout=30):
                    self._thread = None
                    return
                path, job = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = True
            try:
                job.run(path)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


class _Job:
    """One write (``payload``) or removal (``None``) of the :class:`Writer`."""

    def __init__(self, payload: bytes | None, then: Callable[[], object] | None = None,
                 only_if: Callable[[], bool] | None = None, spare: Path | None = None
                 ) -> None:
        self.payload, self.then, self.only_if = payload, then, only_if
        self.spare = spare

    def run(self, path: Path) -> None:
        """Do it; never raises (a failure is a remembered problem, and ``then`` waits)."""
        try:
            if self.only_if is not None and not self.only_if():
                return
            took_spare = False
            if self.payload is None:
                path.unlink(missing_ok=True)
                fsync_dir(path.parent)
            else:
                took_spare = write_bytes(path, self.payload, self.spare)
        except Exception as exc:  # a full disk, a read-only folder: never crash
            note_problem(path, exc)
            return
        # (a removal works on a full disk, and a write in the spare room proves nothing:
        # neither is news that writing works again)
        if self.payload is not None and not took_spare:
            note_success()
        if self.then is not None:
            try:
                self.then()
            except Exception as exc:  # the follow-up is as safe as the write
                note_problem(path, exc)


writer = Writer()


def remove(path: Path) -> bool:
    """Delete a file if it is there; ``False`` (and a remembered problem) on failure."""
    writer.flush()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        note_problem(path, exc)
        return False
    fsync_dir(path.parent)
    return True


def clean_stale_temp() -> int:
    """Remove temporary files left by a write that was killed; call once at start.
    Returns how many were removed."""
    base = home()
    removed = 0
    for folder in (base, base / "saves", base / "outbox"):
        try:
            names = list(folder.glob("*" + TMP_SUFFIX))
        except OSError:
            continue
        for p in names:
            try:
                if p.is_file():
                    p.unlink()
                    removed += 1
            except OSError:
                pass
    return removed
