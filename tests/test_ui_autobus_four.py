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
        before = view.hud.banner_left if "Your turn" in view.hud.banner.text.text else 0.0
        pump(app)
        left = view.hud.banner_left if "Your turn" in view.hud.banner.text.text else 0.0
        if left > before:             # it has just come up
            assert not view.animating, "'Your turn' while cards still fly"
            assert view.human_to_act
            assert "is playing" not in view.hud.status.text.text, view.hud.status.text.text
        if view.human_to_act and not view.animating and not view.words_due:
            waited += 1
            if waited == 1:
                continue              # the banner comes with the frame after landing
            if "Your turn" in view.hud.banner.text.text:
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

    app.settings.players["autobus"] = 4 if count != 4 else 2
    app.open("menu")
    pump(app, 2)
    view = app.open("table", game="autobus")
    pump(app, 2)
    assert isinstance(view, AutobusTable) and view.players_panel.visible
    number = view.session.number
    header = view.hud.level_label.text.text
    assert f"{number:,}".replace(",", "\u202f")[-3:] in header
    button = view.players_panel.buttons.by_name(f"players{count}")
    tap(app, button.cx, button.cy)
    played = app.current_view
    assert isinstance(played, AutobusTable) and not played.choosing
    assert played.session.players == count
    assert played.session.number == number
    assert played.hud.level_label.text.text == header


# ----- a whole turn in the log, each computer's newest play by its name ----------------------
def test_the_log_tells_a_whole_turn_on_one_line() -> None:
    """Four players, a deal played by the computers: the log has one line per turn,
    its plays joined in the order played (it showed 1-3 single plays at a glance)."""
    from game.session import DealSession
    from game.session.playlog import PlayLog

    s = DealSession("autobus", level="normal", seed=696_524, options={"players": 4},
                    ai_seats=(0, 1, 2, 3), save=False, pace=lambda: 0.0)
    book = PlayLog("autobus", 0, lambda seat: f"Seat {seat}")
    turns: list[tuple[int, int]] = []            # (seat, plays) per turn
    for _ in range(120):
        seat = s.game.current_player
        assert seat is not None
        before = s.game.observation(0)
        move = s.session_move() if hasattr(s, "session_move") else None
        legal = s.game.legal_moves()
        move = legal[0] if move is None else move
        events = s.play(move)
        book.record(seat, move, before, events)
        if turns and turns[-1][0] == seat and not turns[-1][1] < 0:
            turns[-1] = (seat, turns[-1][1] + 1)
        else:
            turns.append((seat, 1))
        if move.kind in ("discard", "bus", "end"):
            turns.append((-1, -1))               # the turn is over
        if s.is_over:
            break
    turns = [t for t in turns if t[0] >= 0]
    lines = [line for line in book.lines if line.seat is not None]
    assert len(lines) == len(turns)
    for line, (seat, plays) in zip(lines, turns, strict=True):
        assert line.seat == seat and line.text.count(" · ") == plays - 1, line.text
    assert any(plays > 1 for _seat, plays in turns)


def test_a_joker_hint_names_its_rank_and_a_card_goes_to_the_pile_of_its_rank() -> None:
    from game.games.autobus.gestures import rank_pile
    from game.i18n.moves import move_words
    from game.rules import Move

    assert "as rank 7" in move_words("autobus", "discard X aux3=7")
    assert "as rank K" in move_words("autobus", "discard X aux1=K")
    obs = {"seat": 0, "aux": [[["5S"], [], ["9H"], []][i] for i in range(4)], "players": 2}
    obs["aux"] = [obs["aux"], [[], [], [], []]]
    legal = [Move.parse("discard 5D aux1"), Move.parse("discard 5D aux2"),
             Move.parse("discard 5D aux4"), Move.parse("discard 7C aux2")]
    assert rank_pile(Move.parse("discard 5D aux4"), legal, obs) == legal[0]
    assert rank_pile(Move.parse("discard 5D aux1"), legal, obs) is None
    assert rank_pile(Move.parse("discard 7C aux2"), legal, obs) is None


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_each_computer_s_newest_play_is_said_by_its_name(app: CardClubWindow,
                                                        size: tuple[int, int]) -> None:
    """Four players at the default motion: after each computer play, its zone's title
    row says it in a few words, right of the name, inside the zone, whole (no cut)."""
    from game.i18n.moves import move_brief

    from .test_ui_autobus import resized

    resized(app, size)
    app.think_scale = 0.0
    view = AutobusTable(app, seed=696_524, options={"players": 4}, ai_seats=(0, 1, 2, 3))
    app.show_view(view)
    checked = 0
    last: dict[int, str] = {}
    view.session.subscribe(lambda c: last.__setitem__(c.seat, c.move) if c.kind == "move"
                           and c.seat not in (None, 0) else None)
    for _ in range(3000):
        pump(app)
        if view.animating or view.words_due or not last:
            continue
        for seat in last:
            lab = view.log.plays[seat].text
            z = view.layout.zone(view.pos(seat))
            name = view.name_labels[seat].text
            assert lab.text and not lab.text.endswith("…"), lab.text
            assert z.cx - z.w / 2 <= lab.left and lab.right <= z.cx + z.w / 2, lab.text
            assert name.right < lab.left, (name.text, lab.text)
            assert abs(lab.y - name.y) < 2
            checked += 1
        if checked > 30:
            break
    assert checked > 30
    assert all(move_brief("autobus", str(m)) for m in last.values())
