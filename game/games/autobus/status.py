"""Hospodský autobus's words on the table: the status line (what is expected of you
now), the banner's announcements and the result panel."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.i18n import _, ngettext, number
from game.rules import Event, Move
from game.ui.panels import Panel
from game.ui.placement import Token


class Table(Protocol):
    """What the status line asks of the table (``AutobusTable``)."""

    choosing: bool
    bus_choice: list[Move]
    rank_panel: Panel
    selected: list[Token]

    @property
    def human_to_act(self) -> bool: ...

    def who(self, seat: int) -> str: ...

    def selection(self) -> list[tuple[str, str]]: ...

    def picks(self, move: Move) -> list[tuple[str, str]]: ...

    def card_text(self, card: str) -> str: ...

    def prompt(self, obs: dict[str, Any], legal: list[Move],
               chosen: list[Move] | None = None) -> str: ...


def result_words(obs: dict[str, Any], safety_net: bool,
                 who: Callable[[int], str], human: int = 0) -> tuple[str, list[str]]:
    """The result panel's title and lines: the winner (or why a draw), and each
    player's score (minus the cards left in their reserve)."""
    res = obs["result"] or [-float(n) for n in obs["reserve_sizes"]]
    n = len(res)
    winner = next((s for s in range(n) if res[s] == 0), None)
    lines: list[str] = []
    if winner is None:
        title = _("A draw")
        if safety_net:     # BUS-11: the engine stopped the deal at its turn limit
            turns = int(obs["turn"])
            lines.append(ngettext("The deal went on for {n} turn without a winner, so it "
                                  "ends in a draw.",
                                  "The deal went on for {n} turns without a winner, so it "
                                  "ends in a draw.", turns).format(n=number(turns)))
        else:
            lines.append(_("The stock and the completed pile are empty, a whole round "
                           "went by without a card going onto a run, and nobody could "
                           "play onto a run any more: nobody can win, so the deal is a "
                           "draw."))
    elif winner == human:
        title = _("You win!")
        lines.append(_("You emptied your reserve first."))
    else:
        title = _("{who} wins").format(who=who(winner))
        lines.append(_("{who} emptied their reserve first.").format(who=who(winner)))
    lines.append(_("Each player scores minus the cards left in their reserve:"))
    for s in range(n):
        left = int(-res[s])
        lines.append(ngettext("{who}: {n} card left, score {score}",
                              "{who}: {n} cards left, score {score}",
                              left).format(who=who(s), n=left, score=number(-left)))
    return title, lines


def status_words(t: Table, obs: dict[str, Any], legal: list[Move]) -> str:
    """What is expected of you now: the count, the joker's rank, the card to put under
    the bus, or what your legal moves allow (the chosen card's options first)."""
    if t.choosing:
        return _("How many players sit down?")
    if not t.human_to_act:
        return _("{who} is playing…").format(who=t.who(obs["current_player"]))
    if t.rank_panel.visible:
        return _("Choose the rank the joker takes on that pile")
    if t.bus_choice:
        return _("Choose the card to put under the bus")
    sel = t.selection()
    chosen = [m for m in legal if sel and t.picks(m) == sel]
    return t.prompt(obs, legal, chosen)


def announce_words(event: Event, who: Callable[[int], str], human: int = 0) -> str | None:
    """The line an announcement shows in the banner, or None."""
    if event.text == "bus":
        if event.seat == human:
            return _("Under the bus: the card goes to the bottom of your reserve")
        return _("{who} puts a card under the bus").format(who=who(event.seat or 0))
    if event.text == "run_completed":
        return _("A run is complete: it goes to the completed pile")
    if event.text == "reshuffle":
        return _("The completed pile is shuffled into a new stock")
    return None
