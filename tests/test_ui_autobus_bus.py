"""Hospodský autobus: "Under the bus" on the table (issue 35), through a real window (Xvfb)
and real mouse events.  BUS-8: a hand card that fits no auxiliary pile may go under your
reserve, which ends the turn; BUS-12: drag a card to a legal target, or click it and then
a highlighted target."""
from __future__ import annotations

import arcade
import pytest

from game.app import CardClubWindow
from game.games.autobus.rules import Autobus
from game.games.autobus.table import AutobusTable
from game.i18n import _
from game.rules import Move

from .test_ui_autobus import act, centre, make_deck, open_table, press
from .ui_helpers import drag, play_deal, tap

pytestmark = pytest.mark.ui

RANKS = ("Q", "9", "6", "K")          # your four side piles, all taken


def full_piles(hand: list[str], runs: list[list[str]] | None = None) -> Autobus:
    """Two players, your turn, ``hand`` in your hand, your four side piles holding one
    card each of RANKS (so only a hand card of those ranks may be discarded), ``runs``
    open on the table."""
    g = Autobus.new(deck=make_deck(2, hands={0: hand}), players=2)

    def take(want: str) -> str:
        """A card of rank ``want`` (or that very card) from the stock or a reserve."""
        pile = next(p for p in (g.stock, g.reserves[1], g.reserves[0])
                    if any(c == want or c[0] == want for c in p[:-1]))
        card = next(c for c in pile[:-1] if c == want or c[0] == want)
        pile.remove(card)
        return card

    for k, r in enumerate(RANKS):
        g.aux[0][k], g.aux_rank[0][k] = [take(r)], r
    g.runs = [[take(c) for c in run] for run in runs or []]
    return g


def bus_legal(view: AutobusTable) -> set[str]:
    return {str(m.args[0]) for m in view.session.game.legal_moves() if m.kind == "bus"}


def reserve_point(view: AutobusTable) -> tuple[float, float]:
    box = view.layout.reserve_box(0)
    return box.cx, box.cy


def lifted(view: AutobusTable, card: str) -> bool:
    """The hand card stands above its place in the fan (a lifted candidate)."""
    tok = view.token_of(card, "hand0")
    _x, y = view.layout.hand_card(tok.index, tok.count)
    return view.sprites[tok.id].center_y > y + 1


def test_the_button_shows_whenever_a_card_may_go_under(app: CardClubWindow) -> None:
    """With or without a chosen card, of whatever kind: shown exactly while a ``bus``
    move is legal."""
    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    bus = view.actions.by_name("bus")
    assert bus_legal(view) == {"3C", "5D"}
    assert bus.visible                                   # nothing chosen yet
    for card in ("3C", "QS", "9H", "5D"):
        tap(app, *centre(view, card, "hand0"))
        assert view.selection() == [("hand0", card)]
        assert bus.visible, card
    none = full_piles(["QS", "9H", "6D", "KC"])        # every card fits a pile
    view = open_table(app, state=none, ai_seats=())
    assert not bus_legal(view) and not view.actions.by_name("bus").visible


def test_with_one_card_that_may_go_under_the_button_puts_it_under(app: CardClubWindow
                                                                   ) -> None:
    g = full_piles(["3C", "QS", "9H", "6D"])
    view = open_table(app, state=g, ai_seats=())
    assert bus_legal(view) == {"3C"} and not view.selection()
    reserve = len(g.reserves[0])
    press(app, view.actions.by_name("bus"))
    assert view.session.journal.moves == ["bus 3C"]
    assert g.reserves[0][0] == "3C" and len(g.reserves[0]) == reserve + 1
    assert g.current_player == 1 and not view.actions.by_name("bus").visible


def test_with_several_the_button_asks_which_and_a_tap_chooses(app: CardClubWindow) -> None:
    g = full_piles(["3C", "5D", "7H", "QS"])
    view = open_table(app, state=g, ai_seats=())
    bus = view.actions.by_name("bus")
    press(app, bus)
    assert view.session.journal.moves == []                  # nothing played yet …
    assert view.hud.status.text.text == _("Choose the card to put under the bus")
    assert all(lifted(view, c) for c in ("3C", "5D", "7H"))  # … the candidates lift
    assert not lifted(view, "QS")                           # (it fits the pile of queens)
    assert bus.visible
    tap(app, *centre(view, "5D", "hand0"))
    assert view.session.journal.moves == ["bus 5D"] and g.reserves[0][0] == "5D"
    assert g.current_player == 1 and not view.bus_choice


def test_a_click_elsewhere_or_escape_cancels_the_question(app: CardClubWindow) -> None:
    g = full_piles(["3C", "5D", "7H", "QS"])
    view = open_table(app, state=g, ai_seats=())
    bus = view.actions.by_name("bus")
    asking = _("Choose the card to put under the bus")
    press(app, bus)
    assert view.hud.status.text.text == asking
    sb = view.status_box()
    tap(app, sb.cx, sb.cy)                                   # the felt: never mind
    assert not view.bus_choice and view.hud.status.text.text != asking
    assert lifted(view, "QS") and bus.visible               # every legal card lifts again
    press(app, bus)
    assert view.hud.status.text.text == asking
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert not view.bus_choice and not view.paused and view.hud.status.text.text != asking
    press(app, bus)
    tap(app, *centre(view, "QS", "hand0"))                  # not a candidate: chosen as usual
    assert not view.bus_choice and view.selection() == [("hand0", "QS")]
    assert view.session.journal.moves == []
    press(app, bus)                           # the chosen card cannot go: asks again
    assert view.hud.status.text.text == asking and view.session.journal.moves == []


def test_a_chosen_card_goes_under_with_the_button(app: CardClubWindow) -> None:
    g = full_piles(["3C", "5D", "7H", "QS"])
    view = open_table(app, state=g, ai_seats=())
    tap(app, *centre(view, "7H", "hand0"))
    press(app, view.actions.by_name("bus"))
    assert view.session.journal.moves == ["bus 7H"]


def test_a_hand_card_dropped_on_your_reserve_goes_under_the_bus(app: CardClubWindow) -> None:
    """BUS-12 controls with BUS-8's target: dragging the card onto your reserve, or
    tapping it and then the reserve (which glows while such a card is picked)."""
    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    reserve = len(g.reserves[0])
    drag(app, *centre(view, "3C", "hand0"), *reserve_point(view))
    assert view.session.journal.moves == ["bus 3C"]
    assert g.reserves[0][0] == "3C" and len(g.reserves[0]) == reserve + 1

    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    tap(app, *centre(view, "5D", "hand0"))
    assert "reserve0" in view.live_targets()                 # it glows
    tap(app, *centre(view, view.obs["reserve_tops"][0], "reserve0"))
    assert view.session.journal.moves == ["bus 5D"] and g.reserves[0][0] == "5D"


def test_a_card_that_fits_a_pile_dropped_on_the_reserve_slides_back(app: CardClubWindow
                                                                    ) -> None:
    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    before = g.to_dict()
    tap(app, *centre(view, "QS", "hand0"))
    assert "reserve0" not in view.live_targets()
    drag(app, *centre(view, "QS", "hand0"), *reserve_point(view))
    assert g.to_dict() == before and view.session.journal.moves == []
    shown = view.hud.status.text.text
    assert "Q♠" in shown and "side piles" in shown and "BUS-" not in shown


def test_the_words_for_a_chosen_card_name_only_what_it_can_do(app: CardClubWindow) -> None:
    """A card that fits no run and no side pile is told to go under the bus, not to be
    played onto a run; one that fits a run is told both."""
    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    tap(app, *centre(view, "3C", "hand0"))
    shown = view.hud.status.text.text
    assert shown == _("{card} fits no run and none of your side piles: put it under the "
                      "bus").format(card="3♣")
    assert "onto a run" not in shown
    g = full_piles(["3C", "5D", "7H", "2H"], runs=[["AS", "2S"]])
    view = open_table(app, state=g, ai_seats=())
    assert {m.kind for m in g.legal_moves()} == {"play", "bus"}      # no discard possible
    assert view.hud.status.text.text == _("Play onto the runs, then put a hand card under "
                                      "the bus")
    tap(app, *centre(view, "3C", "hand0"))                   # 3♣ fits run 1
    assert "play it onto a run, or put it under the bus" in view.hud.status.text.text
    tap(app, *centre(view, "5D", "hand0"))                   # 5♦ fits nothing
    assert "onto a run" not in view.hud.status.text.text


def bus_first(legal: list[Move]) -> Move:
    return next((m for m in legal if m.kind == "bus"), legal[0])


def test_a_whole_deal_the_button_shows_exactly_while_legal(app: CardClubWindow) -> None:
    """At every decision of a whole deal the button shows exactly while a card may go
    under; each time one may, it goes by the button alone (one candidate) or by the
    button and a tap on the lifted card (several)."""
    seen = {"asked": 0, "direct": 0}

    def act_checked(window: CardClubWindow, view: AutobusTable, move: Move) -> None:
        bus = view.actions.by_name("bus")
        assert bus.visible == bool(bus_legal(view)), view.session.journal.moves[-3:]
        if move.kind != "bus":
            act(window, view, move)
            return
        press(window, bus)
        if view.bus_choice:
            seen["asked"] += 1
            assert view.hud.status.text.text == _("Choose the card to put under the bus")
            tap(window, *centre(view, str(move.args[0]), "hand0"))
        else:
            seen["direct"] += 1

    view = open_table(app, seed=31, options={"players": 2})
    play_deal(app, view, act_checked, choose=bus_first, frames=40000)
    assert view.result_visible
    assert seen["asked"] and seen["direct"], seen
