"""Saved deals as journals: game key, options, seed, initial deck and the moves played.

Replaying a journal rebuilds the exact state.  A damaged save never crashes the game: it
is kept aside and the caller is told why.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import GAMES, Game
from game.store.files import home, keep_aside, write_json

VERSION = 1


@dataclass
class Journal:
    game: str
    seed: int
    deck: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)   # AI level, seats, ...

    @classmethod
    def start(cls, g: Game, **meta: Any) -> Journal:
        return cls(g.key, g.seed, list(g.deck), g.options(), [], dict(meta))

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "game": self.game, "seed": self.seed,
                "deck": self.deck, "options": self.options, "moves": self.moves,
                "meta": self.meta}

    def replay(self) -> Game:
        """Rebuild the deal: raises ValueError (with the reason) if the journal is bad."""
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")
        g = GAMES[self.game].new(seed=self.seed, deck=list(self.deck), **self.options)
        for i, m in enumerate(self.moves):
            try:
                g.play(m)
            except ValueError as exc:
                raise ValueError(f"move {i + 1} ({m!r}) cannot be replayed: {exc}") from exc
        return g


def path_for(game: str) -> Path:
    return home() / "saves" / f"{game}.json"


def save(journal: Journal) -> None:
    write_json(path_for(journal.game), journal.to_dict())


def delete(game: str) -> None:
    p = path_for(game)
    if p.exists():
        p.unlink()


def exists(game: str) -> bool:
    return path_for(game).exists()


def load(game: str) -> tuple[Journal, Game] | tuple[None, str | None]:
    """``(journal, state)`` for a good save; ``(None, message)`` for a damaged one, which
    is kept aside; ``(None, None)`` when there is no save."""
    p = path_for(game)
    if not p.exists():
        return None, None
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
        if not isinstance(d, dict) or d.get("game") != game:
            raise ValueError("it is not a saved deal of this game")
        j = Journal(d["game"], int(d["seed"]), list(d["deck"]), dict(d.get("options", {})),
                    [str(m) for m in d.get("moves", [])], dict(d.get("meta", {})))
        return j, j.replay()
    except (ValueError, KeyError, TypeError, OSError) as exc:
        aside = keep_aside(p)
        return None, (f"The saved {GAMES[game].title if game in GAMES else game} deal could "
                      f"not be read ({exc}). It was kept as {aside.name}; a new deal starts.")
