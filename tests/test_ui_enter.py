"""Enter never undoes by accident, and the hint on show is the one Enter plays.

Through the real window with key events only: the focus that leaves with its control
(Stop, a card played) falls to the hand or the main action, never to Undo; an Enter
pressed while the hint still thinks is kept and plays the hint once it is ready; H while
it thinks does not move the cycle on; each hint of a cycle lifts its own card alone
(none for a button's move) and the status line names it."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.rules import Move
from game.scenes.table_view import HUMAN, TableView
from game.tools.drive import pump
from game.ui.keyboard import Item

from .test_ui_help import open_at_human_turn, quick_hard, wait_hint

pytestmark = pytest.mark.ui
K = arcade.key
TABLES = [("durak", {}), ("paodekuai", {}), ("dudak", {}), ("autobus", {"players": 2})]
__all__ = ["quick_hard"]          # the fixture, used by name


def key(app: CardClubWindow, k: int, mod: int = 0, frames: int = 2) -> None:
    app.dispatch_event("on_key_press", k, mod)
    app.dispatch_event("on_key_release", k, mod)
    pump(app, frames)


def until(app: CardClubWindow, cond: Any, limit: int = 4000) -> None:
    """Frames until ``cond()`` holds (a bounded wait on a condition)."""
    for _ in range(limit):
        if cond():
            return
        pump(app)
    raise AssertionError("the table never got there")


def settled(view: TableView) -> bool:
    return view.human_to_act and not view.animating and not view.words_due


def tab_to(app: CardClubWindow, view: TableView, want: Item) -> None:
    for _ in range(60):
        if view.keyboard.focus == want:
            return
        key(app, K.TAB, frames=0)
    raise AssertionError(f"Tab never reached {want}")


def shown_hints(view: TableView, monkeypatch: pytest.MonkeyPatch) -> list[Move]:
    """Every hint the table shows, in order (the list fills as they come)."""
    shown: list[Move] = []
    real = view.help.show_hint

    def show(move: Move) -> None:
        shown.append(move)
        real(move)

    monkeypatch.setattr(view.help, "show_hint", show)
    return shown


def durak_stop_position(app: CardClubWindow) -> TableView:
    """Durak: you attacked, the computer beat it; Stop is legal (and more)."""
    from game.games.durak.rules import Durak
    from game.games.durak.table import DurakTable

    seed = next(s for s in range(200) if Durak.new(seed=s).attacker == HUMAN)
    app.think_scale = 0.0
    view = DurakTable(app, seed=seed)
    app.show_view(view)
    until(app, lambda: settled(view))
    for _ in range(40):
        if any(m.kind == "stop" for m in view.human_moves()):
            break
        view.play(view.human_moves()[0])
        until(app, lambda: settled(view) or view.session.is_over)
    assert any(m.kind == "stop" for m in view.human_moves())
    app.think_scale = 1000.0          # the computer waits while the keys come
    return view


def test_enter_on_stop_then_enter_again_never_undoes(app: CardClubWindow) -> None:
    view = durak_stop_position(app)
    stop = view.actions.by_name("stop")
    tab_to(app, view, Item("button", stop))
    before = len(view.session.journal.moves)
    key(app, K.ENTER)
    assert view.session.journal.moves[before:] == ["stop"]
    focus = view.keyboard.focus
    assert focus is None or focus.kind != "button" or focus.key.name not in (
        "undo", "hint", "rules", "menu"), focus
    for _ in range(4):                # Enter while the computer is to play: nothing undone
        key(app, K.ENTER)
    assert view.session.assists["undos"] == 0
    assert view.session.journal.moves[before:] == ["stop"]
    app.think_scale = 0.0
    until(app, lambda: settled(view) or view.session.is_over)
    key(app, K.ENTER)
    assert view.session.assists["undos"] == 0
    assert len(view.session.journal.moves) > before


@pytest.mark.parametrize("game, options", TABLES)
def test_after_a_move_the_focus_falls_to_the_hand_or_an_action_never_the_bar(
        app: CardClubWindow, game: str, options: dict[str, Any]) -> None:
    """A card played by keys (Enter on it, Enter on its target): the focus then stands
    on a card or an action, or nowhere, never on the bar (Undo, Hint, Rules, Menu); an
    Enter with the focus nowhere never presses one."""
    view = open_at_human_turn(app, game, options)
    kb = view.keyboard
    bar = [b for b in view.bar.buttons]
    cards = [i for i in kb.items() if i.kind == "card"]
    assert cards
    before = len(view.session.journal.moves)
    for _ in range(3):                 # card, its target (Pao De Kuai: the Play button)
        if len(view.session.journal.moves) > before:
            break
        if kb.focus is None or kb.focus not in kb.items():
            kb.focus = cards[0]
        if view.multi_select and view.selected:
            kb.focus = Item("button", view.actions.by_name("play"))
        key(app, K.ENTER)
    assert len(view.session.journal.moves) > before
    focus = kb.focus
    assert focus is None or focus.kind != "button" or all(focus.key is not b for b in bar)
    for _ in range(3):
        key(app, K.ENTER)
    assert view.session.assists["undos"] == 0 and not view.paused
    assert app.current_view is view


def test_enter_while_the_hint_thinks_plays_that_hint(
        app: CardClubWindow, quick_hard: None, monkeypatch: pytest.MonkeyPatch) -> None:
    view = open_at_human_turn(app, "durak", {})
    shown = shown_hints(view, monkeypatch)
    before = len(view.session.journal.moves)
    key(app, K.H, frames=0)
    assert view.session.hinting
    key(app, K.ENTER, frames=0)       # still "Thinking…": kept
    assert view.session.hinting and len(view.session.journal.moves) == before
    until(app, lambda: len(view.session.journal.moves) > before, 900)
    assert shown and view.session.journal.moves[before] == str(shown[0])


@pytest.mark.parametrize("game, options", TABLES)
def test_h_enter_h_enter_plays_the_best_hint(
        app: CardClubWindow, quick_hard: None, monkeypatch: pytest.MonkeyPatch,
        game: str, options: dict[str, Any]) -> None:
    """H, Enter, H, Enter as fast as keys come: the first hint (the best) is played; the
    second H, while the first still thinks, does not move the cycle on."""
    view = open_at_human_turn(app, game, options)
    shown = shown_hints(view, monkeypatch)
    before = len(view.session.journal.moves)
    for k in (K.H, K.ENTER, K.H, K.ENTER):
        key(app, k, frames=0)
    until(app, lambda: len(view.session.journal.moves) > before, 900)
    assert len(shown) == 1, shown
    assert view.session.journal.moves[before] == str(shown[0])
    assert view.session.assists["undos"] == 0


@pytest.mark.parametrize("game, options", TABLES)
def test_each_hint_of_a_cycle_lifts_its_own_cards_and_the_line_names_it(
        app: CardClubWindow, quick_hard: None, monkeypatch: pytest.MonkeyPatch,
        game: str, options: dict[str, Any]) -> None:
    view = open_at_human_turn(app, game, options)
    n = len(set(view.human_moves()))
    for _ in range(min(n + 2, 12)):
        key(app, K.H, frames=0)
        wait_hint(app, view)
        move = view.help.hinted
        assert move is not None
        picks = sorted(view.picks(move))
        if picks and len(view.selected) == len(picks):
            assert sorted(view.selection()) == picks
            assert view.help.hinted_button is None
        else:
            assert view.selected == [], (move, view.selection())
        assert view.hud.status.text.text == "Hint: " + view.move_words(move), (
            view.hud.status.text.text, move)
    assert view.session.assists["undos"] == 0


def test_the_hint_line_stays_while_its_card_is_lifted(
        app: CardClubWindow, quick_hard: None) -> None:
    """The line names the hint for as long as the hint is on show (a flash used to run
    out after 8 s and leave the card lifted under the old sentence)."""
    view = open_at_human_turn(app, "dudak", {})
    key(app, K.H, frames=0)
    wait_hint(app, view)
    move = view.help.hinted
    assert move is not None
    said = "Hint: " + view.move_words(move)
    assert view.hud.status.text.text == said
    pump(app, 20, dt=1.0)             # twenty seconds of the table's clock
    assert view.help.hinted == move and view.hud.status.text.text == said
    key(app, K.ESCAPE)                # pause and resume: the hint stays
    key(app, K.ESCAPE)
    assert view.help.hinted == move and view.hud.status.text.text == said


@pytest.mark.parametrize("game, options", TABLES)
def test_enter_after_an_undo_never_undoes_again(app: CardClubWindow, game: str,
                                                options: dict[str, Any]) -> None:
    view = open_at_human_turn(app, game, options)
    view.play(view.human_moves()[0])
    app.think_scale = 0.0
    until(app, lambda: settled(view) or view.session.is_over)
    app.think_scale = 1000.0
    if view.session.is_over:
        pytest.skip("the deal ended at once")        # pragma: no cover
    undo = view.bar.by_name("undo")
    tab_to(app, view, Item("button", undo))           # Undo chosen by the keyboard
    key(app, K.ENTER)
    assert view.session.assists["undos"] == 1
    back = len(view.session.journal.moves)
    focus = view.keyboard.focus
    assert focus is None or focus.kind != "button" or focus.key is not undo
    for _ in range(3):
        key(app, K.ENTER)
        assert view.session.assists["undos"] == 1
        assert len(view.session.journal.moves) >= back
