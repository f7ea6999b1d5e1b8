"""One read off the window's thread: a view starts it, draws "Loading…" meanwhile, and
takes the result on a later frame (no input needed: the view polls it on update).

Pure Python (no arcade): a thread per read, its result or its exception kept for the
view.  Starting a new read makes the older one's result be dropped, so a slow read of a
tab the player has already left never overwrites the tab shown."""
from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


#: how much lower than the window's thread a read runs (a nice value; Linux schedules
#: threads apart): on two busy cores a read at the same priority made frames 50-65 ms
READ_NICENESS = 6


def yield_to_the_window() -> None:
    """Let this thread run below the window's, where the system allows it (Linux: each
    thread has its own nice value); elsewhere nothing changes."""
    setpriority = getattr(os, "setpriority", None)
    if setpriority is None or not sys.platform.startswith("linux"):
        return
    try:
        setpriority(os.PRIO_PROCESS, threading.get_native_id(), READ_NICENESS)
    except OSError:  # not allowed here: the read runs as it would have
        pass


class Fetch(Generic[T]):
    """``fn()`` on a daemon thread.  ``done`` once it returned or raised; ``result``
    then holds the value (``error`` the exception)."""

    def __init__(self, fn: Callable[[], T], name: str = "fetch") -> None:
        self.result: T | None = None
        self.error: BaseException | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True,
                                        name=name)
        self._thread.start()

    def _run(self, fn: Callable[[], T]) -> None:
        yield_to_the_window()
        try:
            self.result = fn()
        except BaseException as exc:  # handed to the view, which says it plainly
            self.error = exc
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` (a fraction of a frame: a quick read then shows with
        no "Loading…" flash); whether it is done."""
        return self._finished.wait(seconds)
