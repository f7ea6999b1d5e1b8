"""A review running outside the frame loop: a worker process by default.

The review is pure-Python search; in a thread it would hold the GIL against the window's
own Python work and stretch frames (docs/review.md measures both), so the job runs in a
process of the ``spawn`` context (the same on every platform, and safe with a frozen
build: ``game.cli.main`` calls ``multiprocessing.freeze_support()``).  The worker sends
each verdict as it is made; the screen calls :meth:`ReviewJob.poll` once a frame, which
never waits.  ``start_review(..., mode="thread")`` runs the same in a thread (tests, and
the benchmark's comparison).
"""
from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import queue
import threading
from typing import Any

from game.review.analysis import decisions_of, review_deal
from game.review.model import Review, Verdict

PROCESS, THREAD = "process", "thread"


def _run(journal: dict[str, Any], seat: int, level: str, cached: list[dict[str, Any]],
         out: Any, stop: Any, overrides: dict[str, Any] | None) -> None:
    """The worker's body (in the worker process or thread): stream ``("verdict", d)``,
    ``("progress", (done, total))``, then ``("done", review)`` or ``("error", text)``."""
    try:
        if threading.current_thread() is threading.main_thread() and hasattr(os, "nice"):
            # the worker process yields the CPU to the window on a busy machine
            with contextlib.suppress(OSError):
                os.nice(10)
        known = [Verdict.from_dict(d) for d in cached]
        review = review_deal(
            journal, seat, level, verdicts=known,
            progress=lambda done, total: out.put(("progress", (done, total))),
            on_verdict=lambda v: out.put(("verdict", v.to_dict())),
            cancelled=stop.is_set, overrides=overrides)
        out.put(("done", review.to_dict()))
    except Exception as exc:  # the job reports why in plain words; the game goes on
        out.put(("error", str(exc) or type(exc).__name__))


class ReviewJob:
    """One review in the background (the ``game.review.model.Job`` protocol)."""

    def __init__(self, journal: dict[str, Any], seat: int, level: str = "hard",
                 cached: Review | None = None, mode: str = PROCESS,
                 overrides: dict[str, Any] | None = None) -> None:
        from game.review.tuning import settings, unit_of

        key = str(journal["game"])
        moves = journal.get("moves")
        self._review = Review(key=key, seat=seat, level=level, unit=unit_of(key),
                              scale=settings(key, overrides).scale,
                              moves=len(moves) if isinstance(moves, list) else 0)
        self._total = decisions_of(journal, seat)
        self._done = False
        self._error: str | None = None
        self._cancelled = False
        keep = [v.to_dict() for v in cached.verdicts] if cached is not None else []
        args: tuple[Any, ...]
        if mode == PROCESS:
            ctx = mp.get_context("spawn")
            self._queue: Any = ctx.Queue()
            self._stop: Any = ctx.Event()
            args = (journal, seat, level, keep, self._queue, self._stop, overrides)
            self._proc: Any = ctx.Process(target=_run, args=args, daemon=True,
                                          name="cardclub-review")
        elif mode == THREAD:
            self._queue = queue.SimpleQueue()
            self._stop = threading.Event()
            args = (journal, seat, level, keep, self._queue, self._stop, overrides)
            self._proc = threading.Thread(target=_run, args=args, daemon=True,
                                          name="cardclub-review")
        else:
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        self._proc.start()

    def poll(self, most: int | None = None) -> None:
        """Take in what the worker has sent (never waits; ``most``: at most that many
        messages); notice a worker that died."""
        while not self._done and (most is None or most > 0):
            if most is not None:
                most -= 1
            try:
                kind, data = self._queue.get_nowait()
            except queue.Empty:
                if not self._proc.is_alive():
                    self._died()
                return
            except (OSError, EOFError, ValueError):
                self._died()
                return
            self._take(kind, data)

    def _take(self, kind: str, data: Any) -> None:
        if kind == "verdict":
            v = Verdict.from_dict(data)
            self._review.verdicts = [w for w in self._review.verdicts if w.index != v.index]
            self._review.verdicts.append(v)
            self._review.verdicts.sort(key=lambda w: w.index)
        elif kind == "progress":
            self._total = int(data[1])
        elif kind == "done":
            done = Review.from_dict(data)
            self._review.verdicts = done.verdicts
            self._review.complete = done.complete
            self._review.result, self._review.moves = done.result, done.moves
            self._finish()
        elif kind == "error":
            self._error = str(data)
            self._finish()

    def _died(self) -> None:
        """The worker ended without a last word: drain what it sent, then say so."""
        while True:
            try:
                kind, data = self._queue.get_nowait()
            except (queue.Empty, OSError, EOFError, ValueError):
                break
            self._take(kind, data)
            if self._done:
                return
        if not self._done:
            if not self._cancelled:
                from game.i18n import _

                # (why it stopped: the screen says "The review stopped: ..." around it)
                self._error = _("its worker ended unexpectedly.")
            self._finish()

    def _finish(self) -> None:
        self._done = True
        if self.mode == PROCESS and self._proc.is_alive():
            self._proc.join(0.05)

    @property
    def review(self) -> Review:
        return self._review

    @property
    def progress(self) -> tuple[int, int]:
        return len(self._review.verdicts), self._total

    @property
    def done(self) -> bool:
        return self._done

    @property
    def error(self) -> str | None:
        return self._error

    def cancel(self) -> None:
        """Stop at once: a process is terminated, a thread told to stop (it checks
        between play-outs); what was reviewed stays."""
        if self._done:
            return
        self._cancelled = True
        self._stop.set()
        if self.mode == PROCESS:
            self._proc.terminate()
            self._proc.join(1.0)
        self.poll()
        self._finish()

    def wait(self, timeout: float = 600.0) -> None:
        """Block until the job ends (tools and tests only: never from a frame)."""
        import time

        end = time.monotonic() + timeout
        while not self._done and time.monotonic() < end:
            self.poll()
            time.sleep(0.01)


def start_review(journal_dict: dict[str, Any], seat: int, level: str = "hard",
                 cached: Review | None = None, *, mode: str = PROCESS,
                 overrides: dict[str, Any] | None = None) -> ReviewJob:
    """Start reviewing ``seat``'s decisions in the journal (``Journal.to_dict()``) in the
    background; ``cached``: a partial review whose verdicts are kept, not redone."""
    return ReviewJob(journal_dict, seat, level, cached, mode, overrides)
