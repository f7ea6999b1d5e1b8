"""Keyboard play: a whole Durak deal with key presses only, focus, Space, number keys."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.games.durak.rules import Durak
from game.games.durak.table import DurakTable
from game.rules import Move
from game.scenes.table_view import HUMAN
from game.tools.drive import pump
from game.ui.keyboard import Item

from .ui_helpers import play_deal

pytestmark = pytest.mark.ui
K = arcade.key


def key(app: CardClubWindow, k: int, mod: int = 0, frames: int = 1) -> None:
    app.dispatch_event("on_key_press", k, mod)
    app.dispatch_event("on_key_release", k, mod)
    pump(app, frames)


def tab_to(app: CardClubWindow, view: Any, want: Item, limit: int = 60) -> None:
    kb = view.keyboard
    for _ in range(limit):
        if kb.focus == want:
            return
        key(app, K.TAB, frames=0)
    raise AssertionError(f"Tab never reached {want}; items {kb.items()}")


def open_durak(app: CardClubWindow, seed: int) -> DurakTable:
    view = DurakTable(app, seed=seed)
    app.show_view(view)
    pump(app, 3)
    return view


def test_a_full_durak_deal_played_with_the_keyboard_only(app: CardClubWindow) -> None:
    seed = next(s for s in range(200) if Durak.new(seed=s).attacker == HUMAN)
    view = open_durak(app, seed)
    kb = view.keyboard
    g = view.session.game

    def card_first(legal: list[Move]) -> Move:
        """The lowest card move if there is one, else Take/Stop."""
        cards = [m for m in legal if m.kind in ("attack", "defend")]
        return cards[0] if cards else legal[0]

    def by_keys(app: CardClubWindow, view: DurakTable, move: Move) -> None:
        if move.kind in ("attack", "defend"):
            tok = view.token_of(move.args[0], "hand0")
            tab_to(app, view, Item("card", tok.id))
            key(app, K.ENTER, frames=0)              # select: the focus jumps to the table
            assert view.selection() == [("hand0", move.args[0])]
            assert kb.focus == Item("target", "table")
            key(app, K.ENTER)                        # drop it there
        else:
            button = view.actions.by_name(move.kind)
            tab_to(app, view, Item("button", button))
            key(app, K.RETURN)

    keys_moves = play_deal(app, view, by_keys, choose=card_first, frames=4000)
    assert g.is_over and view.result_visible
    assert keys_moves >= 3
    # the result panel takes the keys too: Tab to "Menu", Enter
    menu = view.result_panel.buttons.by_name("menu")
    tab_to(app, view, Item("button", menu))
    key(app, K.ENTER, frames=2)
    from game.scenes.menu import MenuView
    assert isinstance(app.current_view, MenuView)


def test_focus_cycles_through_cards_then_buttons_and_back(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_durak(app, next(s for s in range(200) if Durak.new(seed=s).attacker == HUMAN))
    kb = view.keyboard
    items = kb.items()
    cards = [i for i in items if i.kind == "card"]
    assert len(cards) == len(view.session.game.hands[HUMAN])       # every card may attack
    bar = [Item("button", b) for b in view.bar.buttons if b.visible]    # Hint, Rules, Menu
    assert items[-len(bar):] == bar
    key(app, K.TAB, frames=0)
    assert kb.focus == items[0] and kb.shown
    key(app, K.LEFT, frames=0)
    assert kb.focus == items[-1]
    key(app, K.TAB, K.MOD_SHIFT, frames=0)
    assert kb.focus == items[-2]
    key(app, K.DOWN, frames=0)
    key(app, K.RIGHT, frames=0)
    assert kb.focus == items[0]
    # Space selects the focused card and again unselects it (no move is made)
    key(app, K.SPACE, frames=0)
    tok = view.token_of(view.hand_order()[0], "hand0")
    assert view.selected == [tok]
    key(app, K.SPACE, frames=0)
    assert view.selected == []
    assert view.session.journal.moves == []


def test_number_keys_press_buttons_and_esc_pauses(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_durak(app, 4)
    kb = view.keyboard
    numbered = kb.buttons()
    assert numbered[-1].name == "menu"
    key(app, K.ESCAPE, frames=0)
    assert view.paused and view.dialogs.pause_panel.visible
    assert [b.name for b in kb.buttons()] == ["resume", "rules", "surrender", "menu"]
    key(app, K.ESCAPE, frames=0)
    assert not view.paused
    key(app, getattr(K, f"KEY_{len(numbered)}"), frames=0)      # the "Menu" button: pause
    assert view.paused
    key(app, K.KEY_1, frames=0)                                 # "Resume"
    assert not view.paused and not view.dialogs.pause_panel.visible


def test_multi_select_space_toggles_several_cards(app: CardClubWindow) -> None:
    from game.games.paodekuai.table import PaoDeKuaiTable

    app.think_scale = 1000.0
    for seed in range(50):
        view = PaoDeKuaiTable(app, seed=seed)
        if view.session.game.current_player == HUMAN:
            break
    app.show_view(view)
    pump(app, 3)
    kb = view.keyboard
    key(app, K.TAB, frames=0)
    key(app, K.SPACE, frames=0)
    key(app, K.RIGHT, frames=0)
    key(app, K.SPACE, frames=0)
    assert len(view.selected) == 2
    key(app, K.SPACE, frames=0)
    assert len(view.selected) == 1
    assert kb.focus is not None and kb.focus.kind == "card"


def test_pao_de_kuai_cards_chosen_with_space_then_played_with_the_play_button(
        app: CardClubWindow) -> None:
    from game.games.paodekuai.table import PaoDeKuaiTable

    app.think_scale = 1000.0
    view = next(v for v in (PaoDeKuaiTable(app, seed=s) for s in range(60))
                if v.session.game.current_player == HUMAN)
    app.show_view(view)
    pump(app, 3)
    move = next(m for m in view.session.game.legal_moves() if m.kind == "play" and len(m.args) == 2)
    for card in move.args:
        tab_to(app, view, Item("card", view.token_of(card, "hand0").id))
        key(app, K.SPACE, frames=0)
    assert sorted(view.selection()) == sorted(("hand0", c) for c in move.args)
    play = view.actions.by_name("play")
    tab_to(app, view, Item("button", play))
    key(app, K.ENTER)
    assert view.session.journal.moves[:1] == [str(move)]


def test_a_number_key_keeps_its_button_while_the_button_is_greyed(app: CardClubWindow) -> None:
    """Pao De Kuai: 1 is Play even while Play is grey (it then does nothing); it used
    to pass to Hint."""
    from game.games.paodekuai.table import PaoDeKuaiTable

    app.think_scale = 1000.0
    view = next(v for v in (PaoDeKuaiTable(app, seed=s) for s in range(60))
                if v.session.game.current_player == HUMAN)
    app.show_view(view)
    pump(app, 3)
    kb = view.keyboard
    names = [b.name for b in kb.buttons()]
    assert names[0] == "play"
    assert not view.actions.by_name("play").enabled          # nothing chosen yet
    key(app, K.KEY_1)
    assert view.selected == [] and view.session.journal.moves == []
    view.help.hint_button.on_click()                               # Hint chooses a play
    for _ in range(600):
        pump(app)
        if not view.session.hinting:
            break
    pump(app, 2)
    assert names == [b.name for b in kb.buttons()]            # the numbers stay put
    assert view.selected and view.actions.by_name("play").enabled
    key(app, K.KEY_1)                                         # and 1 plays it
    assert len(view.session.journal.moves) == 1
