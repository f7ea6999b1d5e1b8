"""A deal where the computer plays the player's own seat (a watched deal, a benchmark):
the status line says so in a whole sentence, never "You is thinking…" (issue 40)."""
from __future__ import annotations

import pytest

from game.app import CardClubWindow
from game.rules import GAMES
from game.tools.drive import pump


@pytest.mark.ui
@pytest.mark.parametrize("key", ["dudak", "paodekuai"])
def test_the_status_says_the_computer_plays_for_you(app: CardClubWindow, key: str) -> None:
    from game.scenes.tables import table_class

    seed = next(s for s in range(200) if GAMES[key].new(seed=s).current_player == 0)
    app.think_scale = 1000.0          # every computer takes its time: the status shows
    n = GAMES[key].new(seed=seed).num_players
    view = table_class(key)(app, seed=seed, ai_seats=tuple(range(n)))
    app.show_view(view)
    pump(app, 3)
    assert view.session.game.current_player == view.human and not view.human_to_act
    said = view.hud.status.text.text
    assert said == "The computer is playing for you…", said
    assert "You is" not in said
    # another seat's turn still names that seat
    assert view.thinking_text(1) == f"{view.who(1)} is thinking…"
