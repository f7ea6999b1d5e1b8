"""A move that completes a run, shown in two halves: the whole run first lands on the
table, then (once it has landed: ``tick``) it sweeps off to the completed pile, card by
card, with any draw that follows.  Until then the table is drawn as the engine's
``run_completed`` announcement says it stood (``phase_obs``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.rules import Event
from game.scenes.table_view import MOVE_TIME

if TYPE_CHECKING:
    from game.scenes.table.host import ChoreographyPart


class Table(Protocol):
    """What the sweep asks of the table (``AutobusTable``)."""

    @property
    def choreography(self) -> ChoreographyPart: ...

    @property
    def obs(self) -> dict[str, Any]: ...

    @property
    def scale(self) -> float: ...

    @property
    def animating(self) -> bool: ...

    @property
    def paused(self) -> bool: ...

    def relayout(self, duration: float, events: list[Event] | None = None,
                 words_later: bool = False) -> None: ...


class RunSweep:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.phase_obs: dict[str, Any] | None = None     # the table before a run's sweep
        self.pending: tuple[int | None, list[Event]] | None = None

    def animate(self, seat: int | None, events: list[Event]) -> None:
        t = self.table
        self.flush()
        done = next((e for e in events if e.kind == "announce" and e.text == "run_completed"),
                    None)
        cut = next((i for i, e in enumerate(events)
                    if e.kind == "move" and e.dst == "completed"), None)
        if done is None or cut is None or t.scale <= 0:
            t.choreography.animate(seat, events)
            return
        self.phase_obs = before_sweep(t.obs, done)
        t.choreography.animate(seat, events[:cut])
        self.pending = (seat, events[cut:])

    def flush(self, duration: float = 0.0) -> None:
        """The second half of a move that completed a run: the sweep (and any draw)."""
        if self.pending is None:
            return
        seat, rest = self.pending
        self.pending = None
        self.phase_obs = None
        self.table.choreography.announce_all(seat, rest)
        self.table.relayout(duration, rest)

    def tick(self) -> None:
        """The sweep starts once the completed run has landed (not while paused)."""
        t = self.table
        if self.pending is not None and not t.animating and not t.paused:
            self.flush(MOVE_TIME)


def before_sweep(obs: dict[str, Any], done: Event) -> dict[str, Any]:
    """The table as the engine's ``run_completed`` announcement says it stood with the
    whole run still in place (runs, stock, completed pile, hand sizes).  Only the
    mover's emptied hand is refilled after a sweep, so your own hand is the one you
    hold now, or none if it was empty then."""
    d = done.data
    sizes = list(d["hand_sizes"])
    o = dict(obs)
    o.update(runs=[None if r is None else list(r) for r in d["runs"]],
             stock_size=d["stock_size"], completed_size=d["completed_size"],
             hand_sizes=sizes, hand=list(obs["hand"]) if sizes[obs["seat"]] else [])
    return o
