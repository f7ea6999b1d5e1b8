"""One record per game: everything the menu, the tables, the rules screens and ``sim``
need to know about a game besides its rules.

The rules facts (title, deck, players allowed) stay on the engine class in
``game.rules``; this record adds the presentation: seat names, default level, the menu
tile, and which table view plays it.  Pure data (no arcade import).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _
from game.rules import GAMES, Game


@dataclass(frozen=True)
class GameInfo:
    key: str
    #: the short line on the menu tile (translated where shown)
    summary: str
    #: the card shown on the menu tile, in the game's deck style
    tile_card: str
    #: ``module:Class`` of the table view (imported only when a table opens)
    table: str
    default_level: str = "normal"

    @property
    def engine(self) -> type[Game]:
        return GAMES[self.key]

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def deck(self) -> str:
        return self.engine.deck_style

    @property
    def players_allowed(self) -> tuple[int, ...]:
        return self.engine.players_allowed

    def seat_name(self, seat: int, human: int = 0) -> str:
        """"You" for the human seat, "Computer N" for the others (in the current language)."""
        if seat == human:
            return _("You")
        return _("Computer {n}").format(n=(seat - human) % 8)

    def players_line(self) -> str:
        lo, hi = min(self.players_allowed), max(self.players_allowed)
        if lo == hi:
            return _("{n} players · you vs AI").format(n=lo)
        return _("{lo} to {hi} players · you vs AI").format(lo=lo, hi=hi)


INFO: dict[str, GameInfo] = {
    "autobus": GameInfo(
        "autobus", N_("Empty your reserve first by building shared runs from ace to king."),
        "X", "game.scenes.autobus_table:AutobusTable"),
    "dudak": GameInfo(
        "dudak", N_("Czech cards and a trump suit of your own; the last one holding cards "
                    "loses."),
        "OH", "game.scenes.dudak_table:DudakTable"),
    "durak": GameInfo(
        "durak", N_("Attack, defend, take: don't be the one left holding cards."),
        "KS", "game.scenes.durak_table:DurakTable"),
    "paodekuai": GameInfo(
        "paodekuai", N_("Shed 16 cards first with pairs, straights and bombs."),
        "2S", "game.scenes.paodekuai_table:PaoDeKuaiTable"),
}


#: the games in menu order: every list of games (menu tiles, rules, History and Settings
#: tabs, tools) follows it
ORDER: tuple[str, ...] = tuple(INFO)


def info(key: str) -> GameInfo:
    """The record of ``key``; a ValueError naming the choices for an unknown key."""
    if key not in INFO:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(sorted(INFO))}")
    return INFO[key]
