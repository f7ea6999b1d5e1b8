"""The shared play-a-deal loop itself: it counts the human's moves, and it fails loudly
when the input makes another move, no move, or the deal does not end."""
from __future__ import annotations

import pytest

from game.app import CardClubWindow
from game.games.durak.rules import Durak
from game.games.durak.table import DurakTable
from game.rules import Move
from game.scenes.table_view import HUMAN
from game.tools.drive import pump

from .ui_helpers import play_deal

pytestmark = pytest.mark.ui


def open_durak(app: CardClubWindow, **kw: object) -> DurakTable:
    seed = next(s for s in range(200) if Durak.new(seed=s).attacker == HUMAN)
    view = DurakTable(app, seed=seed, **kw)  # type: ignore[arg-type]
    app.show_view(view)
    pump(app, 3)
    return view


def test_it_plays_to_the_result_and_counts_the_human_moves(app: CardClubWindow) -> None:
    view = open_durak(app)
    calls: list[Move] = []

    def act(app: CardClubWindow, view: DurakTable, move: Move) -> None:
        calls.append(move)
        view.play(move)

    made = play_deal(app, view, act, frames=3000)
    assert view.result_visible and view.session.game.is_over
    assert made == len(calls) >= 3
    journal = iter(view.session.journal.moves)
    assert all(str(m) in journal for m in calls)      # each one, in order, in the journal


def test_an_input_that_makes_another_move_fails_at_once(app: CardClubWindow) -> None:
    view = open_durak(app)
    legal = view.session.game.legal_moves()
    assert len(legal) >= 2

    def wrong(app: CardClubWindow, view: DurakTable, move: Move) -> None:
        view.play(next(m for m in view.session.game.legal_moves() if m != move))

    with pytest.raises(AssertionError, match=f"the input for {legal[0]} made"):
        play_deal(app, view, wrong)
    assert len(view.session.journal.moves) == 1


def test_an_input_that_makes_no_move_fails_at_once(app: CardClubWindow) -> None:
    view = open_durak(app)
    with pytest.raises(AssertionError, match=r"made \[\]"):
        play_deal(app, view, lambda app, view, move: None)
    assert view.session.journal.moves == []


def test_a_human_seat_with_no_input_given_fails(app: CardClubWindow) -> None:
    view = open_durak(app)
    with pytest.raises(AssertionError, match="gave no input"):
        play_deal(app, view)


def test_a_deal_that_does_not_end_in_time_fails(app: CardClubWindow) -> None:
    app.think_scale = 1000.0                          # the computer thinks for a long time
    view = open_durak(app, ai_seats=(0, 1))
    with pytest.raises(AssertionError, match="did not finish in 30 frames"):
        play_deal(app, view, frames=30)
    assert not view.result_visible
