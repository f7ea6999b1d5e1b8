"""Which games and tables the tools run, read from the games' registry (no tool names a
game): every game in menu order, a game whose players are chosen at its fewest and its
most, and the table the tools picture and time when none is named."""
from __future__ import annotations

from typing import Any

from game.games import ORDER, SPECS


def default_game() -> str:
    """The table the tools picture and time when none is named (the spec that says
    ``tools_default``; else the first game)."""
    return next((key for key in ORDER if SPECS[key].tools_default), ORDER[0])


def tables() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) of every table the tools open, in menu order: one per game, two
    (the fewest and the most players) where the player chooses how many play."""
    out: list[tuple[str, dict[str, Any]]] = []
    for key in ORDER:
        allowed = SPECS[key].players_allowed
        if len(allowed) > 1:
            out += [(key, {"players": min(allowed)}), (key, {"players": max(allowed)})]
        else:
            out.append((key, {}))
    return out


def most_players(key: str) -> dict[str, Any]:
    """The options of ``key``'s fullest table: its most players where the player chooses,
    else none."""
    allowed = SPECS[key].players_allowed
    return {"players": max(allowed)} if len(allowed) > 1 else {}


def players_help() -> str:
    """The counts of players each game with a choice allows, for a ``--players`` help:
    "Hospodský autobus: 2 to 4"."""
    return "; ".join(f"{s.title}: {min(s.players_allowed)} to {max(s.players_allowed)}"
                     for s in SPECS.values() if len(s.players_allowed) > 1)
