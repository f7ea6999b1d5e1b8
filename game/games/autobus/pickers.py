"""The Hospodský autobus table's two pickers, panels on the table's modal stack (the top
bar stays usable while one is open): how many players sit down, before the deal, and
which rank a joker put onto an empty side pile takes."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from game.games.autobus.rules import RUN_RANKS
from game.i18n import _, ngettext
from game.i18n.words import rank_text
from game.rules import Move
from game.ui.panels import Panel
from game.ui.widgets import PRIMARY, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.layout import TableLayout
    from game.ui.placement import Token


class Table(Protocol):
    """What the rank picker asks of the table (``AutobusTable``)."""

    selected: list[Token]

    @property
    def layout(self) -> TableLayout: ...

    @property
    def human_to_act(self) -> bool: ...

    def arrange(self, duration: float) -> None: ...

    def refresh(self) -> None: ...


def players_panel(chosen: int, choose: Callable[[int], None],
                  to_menu: Callable[[], None]) -> Panel:
    """"How many players?": 2, 3 or 4 (``chosen`` stands out), or back to the menu."""
    return Panel(
        _("How many players?"), [_("You and one, two or three computers.")],
        [Button(ngettext("{n} player", "{n} players", k).format(n=k), partial(choose, k),
                PRIMARY if k == chosen else SECONDARY, name=f"players{k}") for k in (2, 3, 4)]
        + [Button(_("Menu"), to_menu, name="menu")], columns=3, dim=120)


class RankPicker:
    """A joker onto an empty side pile: the ranks it may take, as buttons, and Cancel."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.panel = Panel(_("Which rank does the joker take?"), [], [], columns=7, dim=90)
        self.moves: dict[str, Move] = {}
        self.then: Callable[[Move], object] | None = None

    def ask(self, named: dict[str, Move], then: Callable[[Move], object]) -> None:
        """Offer the ranks of ``named`` (rank -> move); ``then`` makes the chosen move."""
        t = self.table
        self.moves, self.then = named, then
        buttons = [Button(rank_text(r), partial(self.pick, r), PRIMARY, name=f"rank{r}")
                   for r in RUN_RANKS if r in named]
        buttons.append(Button(_("Cancel"), self.cancel, name="cancel"))
        self.panel.buttons.buttons = buttons
        self.panel.visible = True
        self.panel.place(t.layout.w, t.layout.h)
        t.refresh()

    def pick(self, rank: str) -> None:
        move, then = self.moves.get(rank), self.then
        self.close()
        if move is not None and then is not None and self.table.human_to_act:
            then(move)

    def cancel(self) -> None:
        t = self.table
        self.close()
        t.selected = []
        t.arrange(0.2)
        t.refresh()

    def close(self) -> None:
        self.panel.visible = False
        self.moves, self.then = {}, None
