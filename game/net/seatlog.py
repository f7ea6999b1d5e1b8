"""The moves played so far at a table as one seat may see them: what a window that comes
back (a resume after a restart) needs to write its table's log again.

``seat_log(table, seat)`` is the ``log`` field proposed for the server's ``state``
message (docs/net.md, "The window"): the newest moves of the deal, each as the ``update``
that told it to that seat said it, with that seat's observation before the move (the log's
words need it: Durak names the card a defence beats, Dudák the pile's top card)::

    {"n": 12, "seat": 1, "move": "defend TH", "events": [...], "before": {...}}

``n`` is the number of moves played before it; ``move`` and ``events`` go through the same
filter as an update's (``protocol.shown_move``, ``Table.shown_events``: a card the seat
could not see before or after the move is never named); ``before`` is
``observation(seat)`` before the move without its ``hand`` (no game's words read it; it
is the bulk).  At most :data:`LOG_MOVES` moves and :data:`LOG_BYTES` bytes of JSON, the
newest kept, so a ``state`` stays well inside the protocol's message size.

The host's window, which keeps its table's file, builds the same list from that file
when the server does not send it (``game/scenes/friends_view.py``).  Pure: no network, no
arcade.
"""
from __future__ import annotations

import json
from typing import Any, Protocol

from game.rules import Event
from game.session.deal import DealSession

from .protocol import cards_in, shown_move


class Table(Protocol):
    """What the log needs of a table (``tables.Table``; a Protocol, so that module can
    import this one)."""

    session: DealSession
    deck: frozenset[str]

    def shown_events(self, events: list[Event], seat: int, visible: set[str]
                     ) -> list[dict[str, Any]]: ...

#: the most moves a ``log`` holds (the newest), and the most bytes of JSON
LOG_MOVES = 60
LOG_BYTES = 32 * 1024


def seat_log(table: Table, seat: int, moves: int = LOG_MOVES,
             budget: int = LOG_BYTES) -> list[dict[str, Any]]:
    """The newest moves of ``table``'s deal as ``seat`` saw them told, oldest first."""
    journal = table.session.journal
    deck = table.deck
    game = journal.start_state()
    first = max(0, len(journal.moves) - moves)
    out: list[dict[str, Any]] = []
    for n, text in enumerate(journal.moves):
        move = game.parse_move(text)
        if n < first:
            game.play(move)
            continue
        mover = game.current_player
        before = game.observation(seat)
        seen = cards_in(before, deck)
        events = game.play(move)
        visible = seen | cards_in(game.observation(seat), deck)
        out.append({"n": n, "seat": mover, "move": shown_move(text, visible, deck),
                    "events": table.shown_events(events, seat, visible),
                    "before": {k: v for k, v in before.items() if k != "hand"}})
    kept: list[dict[str, Any]] = []
    used = 0
    for entry in reversed(out):
        used += len(json.dumps(entry, separators=(",", ":")))
        if kept and used > budget:
            break
        kept.append(entry)
    return kept[::-1]
