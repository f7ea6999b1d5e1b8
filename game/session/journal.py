"""A deal's journal, and the one way to replay it.

A :class:`Journal` is a deal as its record: the game's key, its options, the seed, the
initial deck order, the moves played (as notation) and a little meta (AI level, seats,
the human's seat).  The deck order and the deal's own generator (seeded by ``seed``) are
all the chance a deal has, so replaying the moves rebuilds the exact state, hidden cards
and Autobus's reshuffles included.

Every replay of a journal goes through it:

- :meth:`Journal.walk` plays the moves one by one, yielding each position (the one
  replay loop; a move that does not replay raises :class:`ReplayError`, which names it);
- :meth:`Journal.start_state`, :meth:`Journal.state_at` (the deal after its first ``n``
  moves) and :meth:`Journal.replay` (the deal as it stands now);
- :meth:`Journal.movers` (the seat that made each move), :meth:`Journal.decisions` (the
  positions where a seat was to act) and :meth:`Journal.observation_at`.

:func:`journal_from_dict` and :func:`journal_from_text` are the way from stored JSON to a
journal, every field checked against the game.  The session, the saves, the replay, the
review and the tools use these; the saves (:mod:`game.store.saves`) re-export them.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.rules import GAMES, Game
from game.store.files import parse_json

VERSION = 2            # 2: the journal carries its move count ("count")
MAX_SEED = (1 << 64) - 1
MAX_MOVE_CHARS = 80
MAX_CARDS = 200
_ID = re.compile(r"[0-9a-f]{32}")
#: the options a journal may carry, with the values each may take
OPTION_RANGES: dict[str, range] = {"players": range(2, 9), "dealer": range(0, 8)}
#: known meta fields and their types (anything else must be a plain JSON scalar)
META_TYPES: dict[str, type] = {"level": str, "human": int, "surrendered": bool,
                               "started": str, "seats": list, "levels": list}


def _new_id() -> str:
    return uuid.uuid4().hex


class ReplayError(ValueError):
    """A journal move that does not replay: ``index`` (from 0), the ``move`` and the
    engine's ``cause``.  The message says "move N (...) cannot be replayed: why"."""

    def __init__(self, index: int, move: str, cause: Exception) -> None:
        super().__init__(f"move {index + 1} ({move!r}) cannot be replayed: {cause}")
        self.index = index
        self.move = move
        self.cause = cause


@dataclass
class Journal:
    game: str
    seed: int
    deck: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)   # AI level, seats, human seat
    deal_id: str = field(default_factory=_new_id)         # history counts a deal once

    @classmethod
    def start(cls, g: Game, **meta: Any) -> Journal:
        return cls(g.key, g.seed, list(g.deck), g.options(), [], dict(meta))

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "game": self.game, "id": self.deal_id,
                "seed": self.seed, "deck": self.deck, "options": self.options,
                "moves": self.moves, "count": len(self.moves), "meta": self.meta}

    @property
    def level(self) -> str:
        return str(self.meta.get("level") or "normal")

    @property
    def human(self) -> int:
        return int(self.meta.get("human", 0))

    # ----- replaying ----------------------------------------------------------------------
    def start_state(self) -> Game:
        """The deal as dealt, before any move (a new state at each call)."""
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")
        return GAMES[self.game].new(seed=self.seed, deck=list(self.deck), **self.options)

    def walk(self) -> Iterator[tuple[int, Game]]:
        """Replay the deal: ``(n, the deal after its first n moves)`` for ``n`` from 0 to
        ``len(moves)``.  It is one state, played on in place after each yield: read it
        (or clone it), never change it.  A move that does not replay raises
        :class:`ReplayError` when the walk comes to it."""
        g = self.start_state()
        moves = list(self.moves)
        for i, m in enumerate(moves):
            yield i, g
            try:
                g.play(m)
            except ValueError as exc:
                raise ReplayError(i, m, exc) from exc
        yield len(moves), g

    def state_at(self, n: int) -> Game:
        """The deal after the journal's first ``n`` moves (0: as dealt), a new state;
        ``ValueError`` when ``n`` is not a position of this deal (0 to ``len(moves)``)
        or a move before it does not replay."""
        if type(n) is not int or not 0 <= n <= len(self.moves):
            raise ValueError(f"position {n!r} is not in this deal (0 to {len(self.moves)})")
        for i, g in self.walk():
            if i == n:
                return g
        raise AssertionError("unreachable: the walk ends at the last position")

    def replay(self) -> Game:
        """Rebuild the deal as it stands after every move: raises ValueError (with the
        reason) if the journal is bad."""
        return self.state_at(len(self.moves))

    def movers(self) -> list[int]:
        """The seat that made each move (-1 where no seat was to act)."""
        total = len(self.moves)
        return [-1 if g.current_player is None else g.current_player
                for i, g in self.walk() if i < total]

    def decisions(self, seat: int) -> Iterator[tuple[int, Game]]:
        """``(n, the deal before move n)`` for each move ``seat`` made, in order (the
        live state of :meth:`walk`: read it, never change it).  A move that does not
        replay raises :class:`ReplayError` once the decisions before it are given."""
        total = len(self.moves)
        for i, g in self.walk():
            if i < total and g.current_player == seat:
                yield i, g

    def observation_at(self, n: int, seat: int) -> dict[str, Any]:
        """What ``seat`` saw after the first ``n`` moves (before move ``n``)."""
        return self.state_at(n).observation(seat)


# ----- validation ---------------------------------------------------------------------------
def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"{what} is not a whole number from {lo} to {hi}")
    return value


def _text(value: Any, what: str, longest: int) -> str:
    if type(value) is not str or len(value) > longest:
        raise ValueError(f"{what} is not a short text")
    value.encode("utf-8")
    return value


def journal_from_dict(d: Any, game: str | None = None) -> Journal:
    """A journal from loaded JSON, every value checked; raises ValueError when damaged."""
    if not isinstance(d, dict):
        raise ValueError("it is not a saved deal")
    version = _int(d.get("version", 1), "the version", 1, VERSION)
    key = d.get("game")
    if type(key) is not str or key not in GAMES or (game is not None and key != game):
        raise ValueError("it is not a saved deal of this game")
    cls = GAMES[key]
    deal_id = d.get("id", _new_id())
    if type(deal_id) is not str or not _ID.fullmatch(deal_id):
        raise ValueError("its deal id is damaged")
    seed = _int(d.get("seed"), "the seed", 0, MAX_SEED)
    deck = d.get("deck")
    if not isinstance(deck, list) or len(deck) > MAX_CARDS:
        raise ValueError("the deck is damaged")
    deck = [_text(c, "a card", 4) for c in deck]
    options = d.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("the options are damaged")
    for k, v in options.items():
        if k not in OPTION_RANGES:
            raise ValueError(f"unknown option {str(k)[:20]!r}")
        _int(v, f"the option {k}", OPTION_RANGES[k].start, OPTION_RANGES[k].stop - 1)
    if "moves" not in d:
        raise ValueError("its moves are missing")
    moves = d["moves"]
    if not isinstance(moves, list) or len(moves) > cls.move_bound + 10:
        raise ValueError("the moves are damaged")
    moves = [_text(m, "a move", MAX_MOVE_CHARS) for m in moves]
    if version >= 2:      # (a version 1 journal has no count: it loads as it always did)
        count = _int(d.get("count"), "the move count", 0, cls.move_bound + 10)
        if count != len(moves):
            raise ValueError(f"it holds {len(moves)} of its {count} moves")
    meta = d.get("meta", {})
    if not isinstance(meta, dict):
        raise ValueError("the meta data is damaged")
    for k, v in meta.items():
        want = META_TYPES.get(k)
        if want is None:
            ok = v is None or type(v) in (str, int, float, bool)
        elif want is list:
            ok = isinstance(v, list) and len(v) <= 8 and all(type(x) is str for x in v)
        else:
            ok = type(v) is want
        if not ok:
            raise ValueError(f"the meta field {str(k)[:20]!r} has the wrong type")
    if "level" in meta:
        _text(meta["level"], "the level", 40)
    # against the game: its deck and options deal, and every seat named is at the table
    players = cls.new(seed=seed, deck=deck, **options).num_players
    _int(meta.get("human", 0), "the player's seat", 0, players - 1)
    for k in ("seats", "levels"):
        if len(meta.get(k) or ()) > players:
            raise ValueError(f"the meta field {k!r} names more than {players} seats")
    return Journal(key, seed, deck, dict(options), moves, dict(meta), deal_id)


def journal_from_text(text: str | bytes, game: str | None = None) -> Journal:
    """The one way from a stored journal (a history row's ``replay``, a file's bytes) to
    a :class:`Journal` that replays: parsed within bounds of size and depth (as a save
    file is: :func:`game.store.files.parse_json`), every field
    checked against the game (:func:`journal_from_dict`), and every move replayed.
    Anything else raises ``ValueError`` with the reason in plain words."""
    j = journal_from_dict(parse_json(text), game)
    j.replay()
    return j
