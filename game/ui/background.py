"""One read off the window's thread: a view starts it, draws "Loading…" meanwhile, and
takes the result on a later frame (no input needed: the view polls it on update).

Pure Python (no arcade): a thread per read, its result or its exception kept for the
view.  Starting a new read makes the older one's result be dropped, so a slow read of a
tab the player has already left never overwrites the tab shown."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


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
