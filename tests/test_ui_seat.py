"""A table drawn from a seat other than 0 (a friend who joined a shared table): the
table turns so that the human's own cards lie face up at the bottom, the other seats sit
round it in turn order, no other seat's hidden card shows, and a legal card is played by
the same gestures as from seat 0."""
from __future__ import annotations

import json
from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.rules import GAMES, Game, Move, Rng
from game.scenes.table_view import TableView
from game.scenes.tables import table_class
from game.session import DealSession
from game.tools.drive import pump

from .ui_helpers import card_point, drag, play_deal, tap

pytestmark = pytest.mark.ui

SEAT = 1
OPTIONS: dict[str, dict[str, Any]] = {"autobus": {"players": 3}}
CARD_MOVES = {"durak": ("attack", "defend"), "paodekuai": ("play",),
              "dudak": ("lead", "beat", "follow"), "autobus": ("play",)}


def position(key: str, seed: int = 8) -> Game:
    """A deal of ``key`` played (first legal moves) until seat 1 is to play a card."""
    g = GAMES[key].new(seed=seed, **OPTIONS.get(key, {}))
    for _ in range(400):
        if g.current_player == SEAT and any(m.kind in CARD_MOVES[key]
                                            for m in g.legal_moves()):
            return g
        g.play(g.legal_moves()[0])
    raise AssertionError(f"{key}: seat 1 never had a card to play")


def open_from_seat(app: CardClubWindow, key: str, state: Game,
                   ai_seats: tuple[int, ...] = ()) -> TableView:
    session = DealSession(key, state=state, human=SEAT, ai_seats=ai_seats, save=False)
    view = table_class(key)(app, session=session)
    app.show_view(view)
    for _ in range(400):
        pump(app, 1)
        if not view.animating:
            break
    return view


def frame(app: CardClubWindow) -> bytes:
    app.dispatch_event("on_draw")
    img = arcade.get_image()
    app.flip()
    return img.tobytes()


@pytest.mark.parametrize("key", ["durak", "paodekuai", "dudak", "autobus"])
def test_a_table_from_seat_1_shows_its_own_hand_at_the_bottom(app: CardClubWindow,
                                                              key: str) -> None:
    g = position(key)
    view = open_from_seat(app, key, g)
    assert view.human == SEAT and view.pos(SEAT) == 0
    L = view.layout
    obs = g.observation(SEAT)
    hand = list(obs["hand"])
    assert hand
    for card in hand:                                  # face up, along the bottom
        sp = view.sprite_of(card, f"hand{SEAT}")
        assert sp.face_up and sp.visible
        assert sp.center_y < L.h / 3, (card, sp.center_y)
    seen = json.dumps(obs)                             # every card seat 1 may see
    for tok in view.cards.board.tokens():
        sp = view.sprites[tok.id]
        if sp.face_up and sp.visible:
            assert tok.card and f'"{tok.card}"' in seen, (tok.place, tok.card)
    for s in range(g.num_players):                     # the others: above the hand
        if s == SEAT:
            continue
        for tok in view.cards.tokens_at(f"hand{s}"):
            sp = view.sprites[tok.id]
            assert not sp.visible or sp.center_y > L.h / 3, (s, sp.center_y)
    # the seat before the human's (seat 0) sits last round the table
    assert view.pos(0) == g.num_players - 1 and view.others()[-1] == 0
    the_seats_sit_round_the_human(key, view)


def centre_x(view: TableView, place: str) -> float:
    xs = [view.sprites[t.id].center_x for t in view.cards.tokens_at(place)]
    assert xs, place
    return sum(xs) / len(xs)


def the_seats_sit_round_the_human(key: str, view: TableView) -> None:
    """Where each game puts the other seats: by their place after the human's, not by
    their number."""
    L: Any = view.layout
    if key == "durak":                   # the other seat along the top
        for tok in view.cards.tokens_at("hand0"):
            assert view.sprites[tok.id].center_y == pytest.approx(L.opp_y, abs=1)
    elif key == "paodekuai":             # the next seat (2) on the right, seat 0 left
        assert centre_x(view, "hand2") > L.w / 2 > centre_x(view, "hand0")
    elif key == "dudak":                 # 2 on the left, 3 opposite, 0 on the right
        assert centre_x(view, "hand2") < L.w / 3 and centre_x(view, "hand0") > 2 * L.w / 3
        assert centre_x(view, "hand3") == pytest.approx(L.w / 2, abs=L.card_w)
    else:                                # each other seat in the zone of its place
        for s in view.others():
            z = L.zone(view.pos(s))
            for tok in view.cards.tokens_at(f"reserve{s}"):
                sp = view.sprites[tok.id]
                assert abs(sp.center_x - z.cx) <= z.w / 2 and abs(sp.center_y - z.cy) <= z.h / 2


@pytest.mark.parametrize("key", ["durak", "paodekuai", "dudak", "autobus"])
def test_seat_1_never_sees_another_seats_hidden_cards(app: CardClubWindow, key: str) -> None:
    """Two deals that seat 1 cannot tell apart draw the same picture from seat 1."""
    g = position(key)
    other = g.determinize(SEAT, Rng(99))
    assert other.observation(SEAT) == g.observation(SEAT)
    assert other.to_dict() != g.to_dict()
    shots = []
    for state in (g, other):
        open_from_seat(app, key, state)
        pump(app, 2)
        shots.append(frame(app))
    assert shots[0] == shots[1]


def card_move(key: str, view: TableView) -> Move:
    return next(m for m in view.human_moves() if m.kind in CARD_MOVES[key])


def play_by_input(app: CardClubWindow, key: str, view: Any, move: Move) -> None:
    """The gesture each table takes for a card (as from seat 0)."""
    if key == "durak":
        tap(app, *card_point(view, move.args[0]), frames=0)
        zone = view.layout.table_zone
        tap(app, zone.cx, zone.cy, frames=1)
    elif key == "paodekuai":
        for c in move.args:
            tap(app, *card_point(view, c), frames=0)
        b = view.actions.by_name("play")
        tap(app, b.cx, b.cy)
    elif key == "dudak":
        tap(app, *card_point(view, move.args[0]), frames=0)
        tap(app, view.layout.pile_x, view.layout.pile_y)
    else:
        place, card = view.picks(move)[0]
        sp = view.sprite_of(card, place)
        box = view.spaces()[view.target_of(move)]
        drag(app, sp.center_x, sp.center_y, box.cx, box.cy)


@pytest.mark.parametrize("key", ["durak", "paodekuai", "dudak", "autobus"])
def test_seat_1_plays_a_card_with_the_mouse(app: CardClubWindow, key: str) -> None:
    g = position(key)
    view = open_from_seat(app, key, g)
    assert view.human_to_act
    move = card_move(key, view)
    before = len(view.session.journal.moves)
    play_by_input(app, key, view, move)
    got = view.session.journal.moves[before:]
    assert got[:1] == [str(move)], got
    assert all(t.card not in move.args[:1] for t in view.cards.tokens_at(f"hand{SEAT}"))


def tap_card_then_table(app: CardClubWindow, view: Any, move: Move) -> None:
    if move.args:
        play_by_input(app, "durak", view, move)
    else:
        b = view.actions.by_name(move.kind)
        tap(app, b.cx, b.cy, frames=1)


def test_a_whole_durak_deal_from_seat_1_against_the_computer(app: CardClubWindow) -> None:
    """Seat 0 is the computer; the human at seat 1 plays the deal through the mouse to
    the result panel, which speaks of the human's own result."""
    app.think_scale = 0.0
    g = GAMES["durak"].new(seed=3)
    view = open_from_seat(app, "durak", g, ai_seats=(0,))
    play_deal(app, view, tap_card_then_table, frames=4000)
    assert g.is_over and view.result_visible
    res = g.result()
    assert res is not None
    want = {1.0: "You win!", 0.0: "You are the durak!", 0.5: "A draw"}[res[SEAT]]
    assert view.result_panel.title.text.text == want
