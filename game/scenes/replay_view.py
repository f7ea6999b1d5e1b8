"""Opening the replay of a finished deal: its table, read-only, driven by a ``Replay``.

The replay is the game's own table (the same sprites, animations and words) in replay
mode (``game.ui.replay_controls``): it shows what the player saw at the time and moves
only along the journal.  A deal the history keeps no journal for (played before
replays were kept), or one whose journal no longer replays, is said in plain words and
the player stays where they were.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game.i18n import _
from game.scenes.tables import table_class
from game.session.journal import Journal
from game.session.replay import Replay
from game.store import saves

if TYPE_CHECKING:
    from game.ui.window import Window

log = logging.getLogger(__name__)


def load_replay(deal_id: str | None = None,
                journal: Journal | dict[str, Any] | None = None) -> Replay | str:
    """The replay of a deal (its journal given, or read from the history by id through
    the one checked path, ``saves.stored_journal``), or why there is none, in the
    player's words.  Every damaged record is a ``ValueError`` there."""
    try:
        if journal is None and deal_id is not None:
            journal = saves.stored_journal(deal_id)
        if journal is None:
            return _("There is no replay for this deal: it was played before replays "
                     "were kept.")
        return Replay(journal)
    except ValueError as exc:
        log.warning("deal %s does not replay: %s", deal_id, exc)
        return _("This deal's record is damaged and cannot be replayed.")


def open_replay(window: Window, deal_id: str | None = None,
                journal: Journal | dict[str, Any] | None = None, at: int | None = None,
                back: Callable[[], None] | arcade.View | None = None,
                **_kw: Any) -> arcade.View | None:
    """The table of the deal in replay mode, at position ``at`` (the deal before the
    journal's move ``at``; the start when None).  Without a replay (History offers none
    for such a row; a damaged record), the menu says why."""
    replay = load_replay(deal_id, journal)
    if isinstance(replay, str):
        window.show_menu(replay)
        return None
    replay.session.pacer.scale = lambda: 1.0
    if at is not None:
        replay.jump(at)
    cls = table_class(replay.key)
    return cls(window, session=replay.session, replay=replay, back=back)
