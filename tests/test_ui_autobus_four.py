"""Hospodský autobus a new player can follow at four (issue 50), through the real window
at the default motion: "Your turn" only once the turn before has landed."""
from __future__ import annotations

import pytest

from game.app import CardClubWindow
from game.games.autobus.table import AutobusTable
from game.tools.drive import pump

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("players", [2, 4])
def test_your_turn_is_said_only_once_the_computers_cards_have_landed(
        app: CardClubWindow, players: int) -> None:
    app.settings.animation_scale = 1.0
    app.think_scale = 0.0
    view = AutobusTable(app, seed=696_524, options={"players": players})
    app.show_view(view)
    said = 0
    waited = 0                        # frames the player has been to move, settled
    for _frame in range(6000):
        before = view.hud.banner_left if "Your turn" in view.banner.text.text else 0.0
        pump(app)
        left = view.hud.banner_left if "Your turn" in view.banner.text.text else 0.0
        if left > before:             # it has just come up
            assert not view.animating, "'Your turn' while cards still fly"
            assert view.human_to_act
            assert "is playing" not in view.status.text.text, view.status.text.text
        if view.human_to_act and not view.animating and not view.words_due:
            waited += 1
            if waited == 1:
                continue              # the banner comes with the frame after landing
            if "Your turn" in view.banner.text.text:
                said += 1
            if said >= 3:
                break
            view.play(view.human_moves()[0])
        else:
            waited = 0
    assert said >= 3


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_deal_number_shown_at_the_question_is_the_deal_played(
        app: CardClubWindow, count: int) -> None:
    """The header's deal number at "How many players?" stays the number of the deal that
    is then played, whatever count is tapped (another count used to draw a new one)."""
    from .ui_helpers import tap

    app.settings.autobus_players = 4 if count != 4 else 2
    app.open("menu")
    pump(app, 2)
    view = app.open("table", game="autobus")
    pump(app, 2)
    assert isinstance(view, AutobusTable) and view.players_panel.visible
    number = view.session.number
    header = view.level_label.text.text
    assert f"{number:,}".replace(",", "\u202f")[-3:] in header
    button = view.players_panel.buttons.by_name(f"players{count}")
    tap(app, button.cx, button.cy)
    played = app.current_view
    assert isinstance(played, AutobusTable) and not played.choosing
    assert played.session.players == count
    assert played.session.number == number
    assert played.level_label.text.text == header
