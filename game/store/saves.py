"""Saved deals as journals: game key, options, seed, initial deck, the moves played, and a
little meta (AI level, seats, the human's seat, the deal's id).

Replaying a journal rebuilds the exact state (the journal itself, its checks and its
replay are in :mod:`game.session.journal`; they are importable from here too).  One save
per game, written atomically after every action.  A damaged save never crashes the game:
any exception while reading it means a plain-words message, the file kept aside byte for
byte, and a fresh deal.  A journal carries its move count, so a save that lost its last
moves (or its ``moves``) is damaged, never an earlier position passed off as the whole
deal.

A finished deal goes to the history through its outbox (:mod:`game.store.outbox`): a
table's ``finish(..., background=True)`` returns at once, whatever the disk or another
program holding the history does.

What a table calls (see also :mod:`game.store.history`)::

    files.clean_stale_temp(); saves.settle_all()        # once, when the window opens
    journal = saves.new_deal(game, level="normal")       # a new deal (saved at once)
    saves.add_move(journal, move)                        # after every move, human or AI
    xp = saves.finish(journal, game)                     # when game.is_over
    saves.surrender(journal, game)                       # Surrender (a loss, no XP)
    with saves.in_background(): saves.finish(...)        # the same, never waiting
    journal, game = saves.load("durak")                  # Continue: (None, message|None)
    files.take_write_problem()                           # after saving: a message, once
"""
from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from game.games import SPECS
from game.rules import GAMES, Game

# the journal lives in the core (game.session.journal); its names stay importable here
from game.session.journal import MAX_CARDS as MAX_CARDS
from game.session.journal import MAX_MOVE_CHARS as MAX_MOVE_CHARS
from game.session.journal import MAX_SEED as MAX_SEED
from game.session.journal import META_TYPES as META_TYPES
from game.session.journal import OPTION_RANGES as OPTION_RANGES
from game.session.journal import VERSION as VERSION
from game.session.journal import Journal as Journal
from game.session.journal import ReplayError as ReplayError
from game.session.journal import journal_from_dict as journal_from_dict
from game.session.journal import journal_from_text as journal_from_text
from game.store import files
from game.store.files import home


def stored_journal(deal_id: str) -> Journal | None:
    """The journal the history keeps for ``deal_id``, checked (:func:`journal_from_text`):
    None for a deal kept from before replays (or a history that cannot be read now);
    ``ValueError``, with the reason, when its record is damaged (the row stays)."""
    from game.store import history

    text = history.replay_text(deal_id)
    if text is None:
        return None
    j = journal_from_text(text)
    if j.deal_id != deal_id:
        raise ValueError("it holds the journal of another deal")
    return j


# ----- files --------------------------------------------------------------------------------
def path_for(game: str) -> Path:
    return home() / "saves" / f"{game}.json"


def save(journal: Journal) -> bool:
    """Write the journal atomically; ``False`` when it could not be written (the problem
    is remembered for the UI: :func:`game.store.files.take_write_problem`)."""
    return files.store_json(path_for(journal.game), journal.to_dict())


def delete(game: str) -> bool:
    """Remove a game's save; never raises (``False`` when it could not be removed)."""
    return files.remove(path_for(game))


def exists(game: str) -> bool:
    """Whether ``game`` has a deal to continue (a removal on its way counts as done)."""
    p = path_for(game)
    queued = files.writer.pending(p)
    if queued is not None:
        return queued == "write"
    try:
        return p.is_file()
    except OSError:
        return False


def _title(game: str) -> str:
    return GAMES[game].title if game in GAMES else game


def read(game: str) -> tuple[Journal, Game] | tuple[None, str | None]:
    """Read and replay a save without settling it: ``(journal, state)``, ``(None, None)``
    when there is none, ``(None, message)`` when it was damaged (and kept aside)."""
    files.writer.flush()          # the newest move may still be on its way to the disk
    from game.i18n import _

    p = path_for(game)
    try:
        if not p.is_file():
            return None, None
    except OSError:
        return None, None
    try:
        j = journal_from_dict(files.read_json(p), game)
        return j, j.replay()
    except Exception as exc:  # whatever broke, the player keeps playing
        aside = files.keep_aside(p)
        what = _("The saved {game} deal").format(game=_title(game))
        return None, files.damaged_message(what, p, exc, aside, _("a new deal starts."))


def load(game: str) -> tuple[Journal, Game] | tuple[None, str | None]:
    """The saved deal to continue: ``(journal, state)``; ``(None, None)`` when there is
    none; ``(None, message)`` when it was damaged (kept aside) or had already ended (it is
    then recorded in the history, once, and the save removed)."""
    from game.i18n import _

    j, state = read(game)
    if j is None:
        return None, state  # type: ignore[return-value]  # no journal: state is a Status
    assert isinstance(state, Game)
    from game.store import history, outbox

    surrendered = bool(j.meta.get("surrendered"))
    if state.is_over or surrendered or history.has_deal(j.deal_id):
        # through the outbox, waiting a moment at most: a locked history never holds the
        # start (or Continue) up, and the deal is in the outbox before its save goes
        record = history.make_record(**deal_record(j, state, surrendered=surrendered))
        outbox.post(record, path_for(game), wait=outbox.START_TIMEOUT)
        if history.recorded(j.deal_id):
            delete(game)
            return None, _("Your last {game} deal had ended; it is in your history."
                           ).format(game=_title(game))
        return None, _("Your last {game} deal had ended, but it cannot be added to your "
                       "history yet; it will be when the data folder can be written."
                       ).format(game=_title(game))
    return j, state


def settle_all() -> list[str]:
    """At start: record deals that ended before the game was closed or killed, and put
    damaged saves aside.  Returns the messages for the player (usually none)."""
    messages = []
    for key in GAMES:
        if exists(key):
            j, msg = load(key)
            if j is None and isinstance(msg, str):
                messages.append(msg)
    return messages


# ----- the table's calls ----------------------------------------------------------------------
def new_deal(g: Game, level: str, *, human: int = 0, seats: list[str] | None = None,
             levels: list[str] | None = None) -> Journal:
    """Start the journal of a new deal (this replaces the game's previous save) and write
    it at once.  ``levels``: the AI level per seat when they differ."""
    from datetime import UTC, datetime

    meta: dict[str, Any] = {"level": level, "human": human,
                            "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
    if seats:
        meta["seats"] = list(seats)
    if levels:
        meta["levels"] = list(levels)
    j = Journal.start(g, **meta)
    save(j)
    files.keep_spare()   # room for this deal's result on a disk that fills up meanwhile
    return j


def add_move(journal: Journal, move: object, background: bool = False) -> bool:
    """Record a move just played (human or computer) and save: call after every move.
    With ``background`` the file is written on the writer thread (the table's frame does
    not wait for the disk); a failure is then reported by ``take_write_problem`` later."""
    journal.moves.append(str(move))
    if background:
        return files.writer.submit(path_for(journal.game), journal.to_dict())
    return save(journal)


def history_score(game: Game, seat: int, surrendered: bool = False) -> float:
    """The seed's history score for ``seat``: the game's result for the seat (Autobus
    minus the reserve cards left, the winner 0; Dudák 1 for going out, 0 for the Dudák;
    Durak 1 / 0 / 0.5 (W / L / D); Pao De Kuai the signed points).  After a surrender (a
    loss) the game's spec says (``surrender_count``): minus the seat's count of that
    observation entry (Autobus the reserve cards left, Pao De Kuai one point per card
    left in hand), else 0 (Durak, Dudák)."""
    result = game.result()
    if result is not None and not surrendered:
        return float(result[seat])
    counted = SPECS[game.key].surrender_count if game.key in SPECS else None
    if counted is None:
        return 0.0
    return -float(game.observation(seat)[counted][seat])


def deal_record(journal: Journal, game: Game, surrendered: bool = False) -> dict[str, Any]:
    """The keyword arguments of :func:`game.store.history.record_deal` for this deal."""
    human = journal.human
    if surrendered or not game.is_over:
        outcome = "loss"
        surrendered = True
    else:     # as the rules decide it (Pao De Kuai: who went out, not the most points)
        outcome = (game.deal_outcomes() or ["loss"] * game.num_players)[human]
    levels = journal.meta.get("levels")
    opponents = ([lv for s, lv in enumerate(levels) if s != human]
                 if isinstance(levels, list) and levels else None)
    return {"game": journal.game, "level": journal.level, "players": game.num_players,
            "moves_count": len(journal.moves), "result": game.result(),
            "score": history_score(game, human, surrendered), "outcome": outcome,
            "surrendered": surrendered, "deal_id": journal.deal_id,
            "opponent_levels": opponents, "assisted": assisted(journal),
            "replay": json.dumps(journal.to_dict(), separators=(",", ":"))}


def assisted(journal: Journal) -> bool:
    """The player used a hint or an undo in this deal (the session counts them in the
    journal's meta): the history counts it apart, with half the XP."""
    return any(type(journal.meta.get(k)) is int and journal.meta[k] > 0
               for k in ("hints", "undos"))


def _end(journal: Journal, game: Game, surrendered: bool, background: bool) -> int:
    from game.store import history, outbox

    p = path_for(journal.game)
    record = history.make_record(**deal_record(journal, game, surrendered=surrendered))
    if background:
        # on the writer's and the outbox's threads, in this order: the outbox file, then
        # the save's removal (it replaces a write of the save still waiting), done only if
        # that file was written; the row comes after.  Until the file is on disk, the
        # save as last written is the deal's copy (a kill within those milliseconds
        # resumes it at its last saved move)
        return outbox.post(record, p)
    save(journal)   # the last move is on disk before the history row
    xp = outbox.post(record, p, wait=history.WRITE_TIMEOUT)
    if history.recorded(journal.deal_id):   # else the next start records it
        delete(journal.game)
    return xp


_background: ContextVar[bool] = ContextVar("cardclub_saves_background", default=False)


@contextlib.contextmanager
def in_background() -> Iterator[None]:
    """Within this block :func:`finish` and :func:`surrender` never wait (a table's
    frame): as if called with ``background=True``."""
    token = _background.set(True)
    try:
        yield
    finally:
        _background.reset(token)


def finish(journal: Journal, game: Game, background: bool | None = None) -> int:
    """The deal has ended: record it in the history (once, by its id), remove the save,
    and return the XP gained for the result panel.  With ``background`` (or inside
    :func:`in_background`) nothing waits for the disk or the history: the outbox carries
    it there."""
    return _end(journal, game, False, _background.get() if background is None else background)


def surrender(journal: Journal, game: Game, background: bool | None = None) -> int:
    """The player gives up: a loss without XP, recorded once; the save is removed.
    Returns 0 (the XP gained), for the result panel.  ``background``: as for
    :func:`finish`."""
    journal.meta["surrendered"] = True   # a kill before the history row: still a surrender
    return _end(journal, game, True, _background.get() if background is None else background)
