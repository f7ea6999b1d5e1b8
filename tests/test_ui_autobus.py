"""The Hospodský autobus table driven through a real window (Xvfb) with real mouse events,
and its pure layout."""
from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest

from game.app import CardClubWindow
from game.games.autobus import rules as autobus_rules
from game.games.autobus.layout import AutobusLayout
from game.games.autobus.rules import Autobus
from game.games.autobus.table import AutobusTable
from game.i18n import number
from game.rules import Move
from game.scenes.menu import MenuView
from game.store import saves
from game.store import settings as settings_store
from game.tools.drive import pump

from .ui_helpers import drag, play_deal, tap

ORDER = "KQJT98765432AX"
pytestmark = pytest.mark.ui


# ----- pure layout ---------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_boxes_never_overlap_and_stay_in_the_window(size: tuple[int, int],
                                                           players: int) -> None:
    L = AutobusLayout(*size, players)
    boxes = L.boxes()                      # twelve runs open (the most there can be) + new
    assert len([k for k in boxes if k.startswith("run")]) == 13
    assert len([k for k in boxes if k.startswith("zone")]) == players - 1
    for (a, A), (b, B) in itertools.combinations(boxes.items(), 2):
        overlap = (abs(A.cx - B.cx) * 2 < A.w + B.w) and (abs(A.cy - B.cy) * 2 < A.h + B.h)
        assert not overlap, f"{a} overlaps {b} at {size} with {players} players"
    assert L.fits()
    # legible: the card's corner index is about a quarter of its width
    assert L.card_w >= (44 if size == (960, 600) else 60)


def test_layout_runs_wrap_into_rows_when_many_are_open() -> None:
    L = AutobusLayout(1280, 800, 2)
    per = L.runs_per_row()
    slots = L.run_slots(per + 2)
    assert len({round(y) for _x, y in slots}) == 2          # a second row
    assert slots[per][0] == pytest.approx(slots[0][0])      # it starts at the left again


# ----- helpers -------------------------------------------------------------------------------
def make_deck(players: int = 2, reserves: dict[int, list[str]] | None = None,
              hands: dict[int, list[str]] | None = None, stock: list[str] = ()) -> list[str]:
    """A deck order for ``Autobus.new(deck=...)``: ``reserves`` top card first, the rest
    filled with high cards (aces and jokers go to the back of the stock)."""
    reserves, hands = reserves or {}, hands or {}
    pool = Counter(Autobus.full_deck())
    for cards in [*reserves.values(), *hands.values(), list(stock)]:
        for c in cards:
            assert pool[c] > 0, c
            pool[c] -= 1
    filler = sorted(pool.elements(), key=lambda c: (ORDER.index(c[0]), c))

    def take(n: int) -> list[str]:
        out = filler[:n]
        del filler[:n]
        return out

    order: list[str] = []
    for s in range(players):
        mine = reserves.get(s, [])
        order += take(10 - len(mine)) + list(reversed(mine))
    for s in range(players):
        mine = hands.get(s, [])
        order += mine + take(4 - len(mine))
    return order + list(stock) + filler


def open_table(app: CardClubWindow, state: Autobus | None = None, **kw: Any) -> AutobusTable:
    kw.setdefault("options", {"players": 2})
    view = AutobusTable(app, state=state, **kw)
    app.show_view(view)
    pump(app, 3)
    return view


def deal(app: CardClubWindow, players: int = 2, **deck: Any) -> AutobusTable:
    """A table with a dealt deck; the computers leave their seats to the test (which plays
    their moves through the table)."""
    g = Autobus.new(deck=make_deck(players, **deck), players=players)
    view = AutobusTable(app, state=g, ai_seats=())
    app.show_view(view)
    pump(app, 3)
    return view


def centre(view: AutobusTable, card: str, place: str) -> tuple[float, float]:
    sp = view.sprite_of(card, place)
    return sp.center_x, sp.center_y


def target(view: AutobusTable, name: str) -> tuple[float, float]:
    box = view.spaces()[name]
    return box.cx, box.cy


def press(app: CardClubWindow, button: Any) -> None:
    assert button.visible
    tap(app, button.cx, button.cy)


def computer_discards(view: AutobusTable) -> None:
    """The computer (whose seat the test plays) ends its turn with a discard."""
    seat = view.session.game.current_player
    assert seat != 0
    move = next(m for m in view.session.game.legal_moves() if m.kind in ("discard", "bus"))
    view.play(move)
    pump(view.app, 2)


# ----- gestures ------------------------------------------------------------------------------
def test_play_from_the_reserve_top_by_drag_and_by_tap(app: CardClubWindow) -> None:
    view = deal(app, reserves={0: ["AH", "2D"]})
    g = view.session.game
    assert ("reserve0", "AH") in view.pickable()
    drag(app, *centre(view, "AH", "reserve0"), *target(view, "new"))
    assert g.runs == [["AH"]] and view.session.journal.moves == ["play AH reserve new"]
    assert len(g.reserves[0]) == 9
    assert view.sprite_of("2D", "reserve0").face_up        # the next card turned over
    assert view.sprite_of("AH", "run1")
    tap(app, *centre(view, "2D", "reserve0"))
    assert view.selection() == [("reserve0", "2D")]
    assert view.live_targets() == {"run1"}                 # only where a legal move goes
    tap(app, *target(view, "run1"))
    assert g.runs == [["AH", "2D"]]
    assert view.obs["reserve_sizes"][0] == 8


def test_play_from_the_hand_and_refill_by_four(app: CardClubWindow) -> None:
    view = deal(app, hands={0: ["AS", "2S", "3S", "4S"]}, stock=["9C", "9D", "9H", "9S"])
    g = view.session.game
    tap(app, *centre(view, "AS", "hand0"))
    assert view.live_targets() == {"new", "aux0.1", "aux0.2", "aux0.3", "aux0.4"}
    tap(app, *target(view, "new"))
    for c in ("2S", "3S"):
        drag(app, *centre(view, c, "hand0"), *target(view, "run1"))
    assert g.runs == [["AS", "2S", "3S"]]
    app.settings.animation_scale = 1.0                     # watch the refill fly
    try:
        drag(app, *centre(view, "4S", "hand0"), *target(view, "run1"))
        assert sorted(g.hands[0]) == ["9C", "9D", "9H", "9S"]
        sx, sy = view.layout.stock_xy
        for c in ("9C", "9D", "9H", "9S"):
            sp = view.sprite_of(c, "hand0")
            assert sp.motion is not None                   # flying from the stock …
            assert abs(sp.motion.start[0] - sx) < view.layout.card_w
            assert abs(sp.motion.start[1] - sy) < view.layout.card_w
        for _ in range(200):
            pump(app)
            if not view.animating:
                break
        hx, hy = view.layout.hand_card(0, 4)
        assert view.sprite_of("9C", "hand0").center_x == pytest.approx(hx, abs=1)
    finally:
        app.settings.animation_scale = 0.0


def test_a_discard_ends_the_turn_and_an_auxiliary_top_plays_later(app: CardClubWindow
                                                                  ) -> None:
    view = deal(app, reserves={0: ["AH", "2H", "3H", "4H"]},
                hands={0: ["5D", "KC", "QC", "JC"]}, stock=["TC", "TD"])
    g = view.session.game
    tap(app, *centre(view, "5D", "hand0"))
    tap(app, *target(view, "aux0.1"))
    assert g.aux[0][0] == ["5D"] and g.current_player == 1
    assert view.session.journal.moves == ["discard 5D aux1"]
    assert not view.pickable()                             # the computer's turn now
    computer_discards(view)
    assert g.current_player == 0
    for c in ("AH", "2H", "3H", "4H"):
        tgt = "new" if c == "AH" else "run1"
        drag(app, *centre(view, c, "reserve0"), *target(view, tgt))
    assert g.runs == [["AH", "2H", "3H", "4H"]]
    assert ("aux0.1", "5D") in view.pickable()
    tap(app, *centre(view, "5D", "aux0.1"))
    assert view.live_targets() == {"run1"}
    tap(app, *target(view, "run1"))
    assert g.runs[0][-1] == "5D" and g.aux[0][0] == [] and g.aux_rank[0][0] is None
    assert view.session.journal.moves[-1] == "play 5D aux1 run1"


def test_a_hand_card_dropped_on_the_wrong_pile_slides_back_and_says_why(
        app: CardClubWindow) -> None:
    view = deal(app, hands={0: ["5D", "6D", "KC", "QC"]})
    g = view.session.game
    tap(app, *centre(view, "5D", "hand0"))
    tap(app, *target(view, "aux0.1"))
    computer_discards(view)
    before = g.to_dict()
    drag(app, *centre(view, "6D", "hand0"), *target(view, "aux0.1"))
    assert g.to_dict() == before
    shown = view.hud.status.text.text
    assert "BUS-" not in shown and "6D" not in shown and "aux1" not in shown
    assert "6♦" in shown


def test_under_the_bus_only_for_a_card_that_fits_no_pile(app: CardClubWindow) -> None:
    # you discard 5, 6, 7 and 8 on four turns; your draws (every other stock card) are
    # 9♦, 5♣ and 10♦ (the computer draws between them)
    view = deal(app, hands={0: ["5D", "6D", "7D", "8D"]},
                stock=["9D", "KD", "5C", "KH", "TD", "KS"])
    g = view.session.game
    bus = view.actions.by_name("bus")
    for k, c in enumerate(["5D", "6D", "7D", "8D"], 1):
        assert not bus.visible
        tap(app, *centre(view, c, "hand0"))
        assert not bus.visible                             # it fits an auxiliary space
        tap(app, *target(view, f"aux0.{k}"))
        computer_discards(view)
    assert {"5C", "9D", "TD"} <= set(g.hands[0])
    tap(app, *centre(view, "5C", "hand0"))                  # fits the pile of fives, but
    assert bus.visible                  # 9♦ and 10♦ may go under: the button shows (#35)
    tap(app, *centre(view, "9D", "hand0"))
    assert view.selection() == [("hand0", "9D")]
    assert bus.visible                                     # fits no pile: under the bus
    reserve = len(g.reserves[0])
    press(app, bus)
    assert g.reserves[0][0] == "9D" and len(g.reserves[0]) == reserve + 1
    assert view.session.journal.moves[-1] == "bus 9D" and g.current_player == 1
    assert not bus.visible


def test_a_joker_on_an_empty_space_asks_for_its_rank(app: CardClubWindow) -> None:
    view = deal(app, hands={0: ["X", "KC", "QC", "JC"]})
    g = view.session.game
    tap(app, *centre(view, "X", "hand0"))
    tap(app, *target(view, "aux0.2"))
    panel = view.rank_panel
    assert panel.visible and g.aux[0][1] == []               # nothing played yet
    names = [b.label.text.text for b in panel.buttons.buttons]
    assert names[:13] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    press(app, panel.buttons.by_name("cancel"))              # changed my mind
    assert not panel.visible and view.session.journal.moves == []
    drag(app, *centre(view, "X", "hand0"), *target(view, "aux0.2"))
    assert panel.visible
    press(app, panel.buttons.by_name("rank7"))
    assert g.aux[0][1] == ["X"] and g.aux_rank[0][1] == "7"
    assert view.session.journal.moves == ["discard X aux2=7"]
    assert view.aux_labels[(0, 2)].text.text == "2: 7×1"   # side pile 2: the joker's rank


def test_end_turn_only_with_an_empty_hand(app: CardClubWindow) -> None:
    g = Autobus.new(deck=make_deck(2, hands={0: ["AS", "2S", "KC", "QC"]}), players=2)
    g.reserves[1] += g.stock + g.hands[0][2:]              # no stock left to refill from
    g.stock, g.hands[0] = [], ["AS", "2S"]
    view = open_table(app, state=g, ai_seats=())
    end = view.actions.by_name("end")
    assert not end.visible
    tap(app, *centre(view, "AS", "hand0"))
    tap(app, *target(view, "new"))
    assert not end.visible
    drag(app, *centre(view, "2S", "hand0"), *target(view, "run1"))
    assert g.hands[0] == [] and end.visible
    assert "end your turn" in view.hud.status.text.text
    press(app, end)
    assert view.session.journal.moves[-1] == "end" and g.current_player == 1


def test_a_completed_run_sweeps_off_after_landing(app: CardClubWindow) -> None:
    g = Autobus.new(deck=make_deck(2, hands={0: ["KH", "5C", "5D", "5S"]}), players=2)
    run = [c + "S" for c in "A23456789TJQ"]
    for c in run:                                         # a run waiting for its king
        for pile in (g.stock, g.reserves[1], g.hands[1], g.reserves[0]):
            if c in pile:
                pile.remove(c)
                break
    g.runs = [run]
    view = open_table(app, state=g, ai_seats=())
    app.settings.animation_scale = 1.0
    try:
        drag(app, *view.sprite_of("KH", "hand0").position, *target(view, "run1"))
        assert g.runs == [] and len(g.completed) == 13
        king = view.sprite_of("KH", "run1")                # first it lands on the run …
        slot = view.layout.run_slots(2)[0]
        assert king.motion is not None and abs(king.motion.end[0] - slot[0]) < 10
        assert view.obs["completed_size"] == 13 and not view.tokens_at("completed")
        for _ in range(400):
            pump(app)
            if not view.animating and view._pending is None:
                break
        assert len(view.tokens_at("completed")) == 13       # … then the run sweeps off
        assert not view.tokens_at("run1")
        cx, cy = view.layout.completed_xy
        assert abs(view.sprites[view.tokens_at("completed")[-1].id].center_x - cx) < 10
        assert "take" in app.sounds.played
    finally:
        app.settings.animation_scale = 0.0


def test_computers_play_one_card_at_a_time_at_the_chosen_pace(app: CardClubWindow) -> None:
    app.settings.opponent_pace = 0.5
    app.think_scale = 1.0
    try:
        view = open_table(app, seed=3, options={"players": 3})
        assert view.session.pacer.scale() == pytest.approx(0.5)
        legal = view.session.game.legal_moves()
        move = next(m for m in legal if m.kind == "discard")
        view.play(move)
        seen, frames, last = [], 0, None
        while view.session.game.current_player != 0 and frames < 3000:
            pump(app)
            frames += 1
            n = len(view.session.journal.moves)
            if n != last:
                seen.append((frames, n))
                last = n
        counts = [n for _f, n in seen]
        assert all(b - a == 1 for a, b in zip(counts, counts[1:], strict=False))
        gaps = [b - a for (a, _), (b, _) in zip(seen[1:], seen[2:], strict=False)]
        # think delay 0.5-0.9 s, halved: at least 0.25 s (15 frames) between their cards
        assert gaps and min(gaps) >= 15
    finally:
        app.settings.opponent_pace = 1.0
        app.think_scale = 0.0


def test_counts_wait_until_the_dealt_cards_have_landed(app: CardClubWindow) -> None:
    """While the deal flies in, the labels do not give away the final counts."""
    app.settings.animation_scale = 1.0
    try:
        view = open_table(app, seed=5, options={"players": 2})
        assert view.animating and view.dealing
        assert [lab.text.text for lab in view.name_labels.values()] == [
            view.who(s) for s in view.name_labels]                 # names, no counts
        assert all(lab.text.text == "" for lab in view.reserve_labels.values())
        assert view.stock_label.text.text == ""
        pump(app, 240)
        assert not view.animating and not view.dealing
        reserve = view.reserve_labels[1].text.text
        assert str(view.session.game.observation(0)["reserve_sizes"][1]) in reserve
        assert "4" in view.name_labels[1].text.text             # cards in hand, now shown
    finally:
        app.settings.animation_scale = 0.0


# ----- choosing the number of players --------------------------------------------------------
def test_the_count_is_chosen_before_the_deal_and_remembered(app: CardClubWindow) -> None:
    app.settings.players["autobus"] = 3
    view = app.open("table", game="autobus")
    pump(app, 2)
    assert isinstance(view, AutobusTable) and view.choosing
    assert view.players_panel.visible and not list(view.cards.board.tokens())
    assert not saves.exists("autobus")                      # nothing dealt yet
    assert "How many players" in view.hud.status.text.text
    bar_menu = view.bar.by_name("menu")
    tap(app, bar_menu.cx, bar_menu.cy)
    assert not view.paused                                  # no surrender before a deal
    b = view.players_panel.buttons.by_name("players2")
    tap(app, b.cx, b.cy)
    table = app.current_view
    assert isinstance(table, AutobusTable) and table is not view
    assert table.session.game.num_players == 2 and not table.choosing
    assert app.settings.players["autobus"] == 2
    saved = json.loads(settings_store.path().read_text())
    assert saved["players"]["autobus"] == 2
    table.surrender()
    pump(app, 2)
    nxt = table.result_panel.buttons.by_name("next")
    tap(app, nxt.cx, nxt.cy)
    again = app.current_view
    assert isinstance(again, AutobusTable) and again is not table
    assert again.session.game.num_players == 2 and not again.choosing   # "Next game" keeps it
    assert len(again.tokens_at("hand0")) == 4


def test_choosing_the_remembered_count_deals_at_once(app: CardClubWindow) -> None:
    app.settings.players["autobus"] = 4
    view = app.open("table", game="autobus")
    pump(app, 2)
    b = view.players_panel.buttons.by_name("players4")
    tap(app, b.cx, b.cy, frames=5)
    assert app.current_view is view and not view.choosing
    assert view.session.game.num_players == 4 and len(view.tokens_at("hand0")) == 4
    assert saves.exists("autobus")


# ----- whole deals and resuming ----------------------------------------------------------------
def act(app: CardClubWindow, view: AutobusTable, move: Move) -> None:
    """One legal move of yours, made with the pointer only."""
    if move.kind == "end":
        press(app, view.actions.by_name("end"))
        return
    card = str(move.args[0])
    place = view.picks(move)[0][0]
    x, y = centre(view, card, place)
    if move.kind == "bus":
        tap(app, x, y, frames=0)
        press(app, view.actions.by_name("bus"))
        return
    name = view.target_of(move)
    assert name is not None
    drag(app, x, y, *target(view, name), steps=3)
    if view.rank_panel.visible:
        rank = str(move.args[1]).partition("=")[2]
        press(app, view.rank_panel.buttons.by_name(f"rank{rank}"))


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_deal_through_input_events_only(app: CardClubWindow, players: int) -> None:
    view = open_table(app, seed=21 + players, options={"players": players})
    play_deal(app, view, act, frames=40000)
    g = view.session.game
    assert g.is_over and view.result_visible
    lines = view.result_panel.text.text.text
    res = g.result()
    assert res is not None
    for s in range(players):
        who = view.info.seat_name(s)
        left = len(g.reserves[s])
        assert f"{who}: {left} card" in lines
    assert "BUS-" not in lines
    if 0 in res:
        assert "score 0" in lines
    else:
        assert "draw" in view.result_panel.title.text.text.lower()
    assert not saves.exists("autobus")


def test_a_draw_is_explained_in_plain_words(app: CardClubWindow) -> None:
    view = open_table(app, seed=5)
    g = view.session.game
    g.drawn = True
    view._obs = None
    title, lines = view.result_text(view.obs)
    assert title == "A draw"
    text = " ".join(lines)
    assert "nobody could play onto a run" in text and "BUS" not in text
    assert text.count(", score -") == 2 and "minus the cards left" in text


@pytest.mark.parametrize("limit", [autobus_rules.TURN_LIMIT, 40])
def test_BUS11_the_safety_net_says_the_engines_turn_limit(
        app: CardClubWindow, monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """The end panel gives the number of turns the engine stopped the deal at (its own
    limit, ``TURN_LIMIT``; set lower here), as the language writes numbers."""
    monkeypatch.setattr(autobus_rules, "TURN_LIMIT", limit)
    view = deal(app, hands={0: ["5D", "KC", "QC", "JC"]})
    g = view.session.game
    g.turn = limit
    tap(app, *centre(view, "5D", "hand0"))
    tap(app, *target(view, "aux0.1"))
    assert g.is_over and g.drawn and g.result() is not None
    pump(app, 5)
    assert view.result_visible and view.safety_net
    lines = view.result_panel.text.text.text
    assert f"The deal went on for {number(limit)} turns without a winner" in lines
    assert "nobody could play onto a run" not in lines


def test_resume_after_restart_is_exact(app: CardClubWindow) -> None:
    view = open_table(app, seed=8, options={"players": 3})
    g = view.session.game
    for _ in range(3):                                   # a few of your moves by input …
        act(app, view, g.legal_moves()[0])
        pump(app, 2)
        if g.current_player != 0:
            break
    pump(app, 30)                                        # … and the computers answer
    assert view.session.journal.moves
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    press(app, menu.buttons.by_name("continue"))
    resumed = app.current_view
    assert isinstance(resumed, AutobusTable) and resumed is not view
    assert resumed.session.game.to_dict() == g.to_dict()
    assert resumed.session.journal.moves == view.session.journal.moves
    assert resumed.session.game.num_players == 3 and not resumed.choosing
    hand = sorted(resumed.session.game.hands[0])
    assert sorted(t.card for t in resumed.tokens_at("hand0")) == hand


def test_the_table_never_shows_hidden_cards(app: CardClubWindow) -> None:
    """Two deals that differ only in what you cannot see (other hands, the stock, every
    reserve below its top) look the same, pixel for pixel."""
    import arcade

    from game.rules import Rng

    g = Autobus.new(seed=8, players=3)
    for _ in range(12):
        g.play(g.legal_moves()[0])
    other = g.determinize(0, Rng(99))
    assert other.observation(0) == g.observation(0)
    assert other.to_dict() != g.to_dict()
    shots = []
    for state in (g, other):
        view = AutobusTable(app, state=state, ai_seats=())
        app.show_view(view)
        pump(app, 2)
        app.dispatch_event("on_draw")
        shots.append(arcade.get_image().tobytes())
        app.flip()
    assert shots[0] == shots[1]


def test_the_pickers_answer_the_keyboard(app: CardClubWindow) -> None:
    """The player-count chooser and the joker's rank picker take the number keys (their
    buttons in order), as the pause and result panels do."""
    import arcade

    app.settings.players["autobus"] = 4
    view = app.open("table", game="autobus")
    pump(app, 2)
    app.dispatch_event("on_key_press", arcade.key.KEY_1, 0)     # "2 players"
    pump(app, 2)
    table = app.current_view
    assert isinstance(table, AutobusTable) and table.session.game.num_players == 2
    assert table is not view and app.settings.players["autobus"] == 2
    joker = deal(app, hands={0: ["X", "KC", "QC", "JC"]})
    tap(app, *centre(joker, "X", "hand0"))
    tap(app, *target(joker, "aux0.1"))
    assert joker.rank_panel.visible
    app.dispatch_event("on_key_press", arcade.key.KEY_3, 0)     # the third rank: 3
    pump(app, 2)
    assert joker.session.journal.moves == ["discard X aux1=3"] and not joker.rank_panel.visible


# ----- the sweep from the engine's words, explanations, layout at every size ---------------------
def waiting_king(players: int = 2, hand: tuple[str, ...] = ("KH", "5C", "5D", "5S")) -> Autobus:
    """A deal whose run 1 waits for its king (spades from the ace to the queen), the king
    of hearts in your hand."""
    g = Autobus.new(deck=make_deck(players, hands={0: list(hand)}), players=players)
    run = [c + "S" for c in "A23456789TJQ"]
    for c in run:
        for pile in (g.stock, *g.reserves[1:], *g.hands[1:], g.reserves[0]):
            if c in pile:
                pile.remove(c)
                break
    g.runs = [run]
    return g


def settle(app: CardClubWindow, view: AutobusTable, frames: int = 400) -> None:
    for _ in range(frames):
        pump(app)
        if not view.animating and view._pending is None:
            return
    raise AssertionError("the table did not settle")


def test_a_completed_run_is_shown_whole_from_the_engines_words_then_swept(
        app: CardClubWindow) -> None:
    """Your last hand card completes a run: the table first shows the run whole (thirteen
    cards on its place), your hand empty and the piles' counts as they stood, all from
    the engine's announcement; then the run sweeps off and four new cards come."""
    g = waiting_king(hand=("KH",))
    g.stock += g.hands[0][1:]
    g.hands[0] = ["KH"]
    view = open_table(app, state=g, ai_seats=())
    stock_before = len(g.stock)
    said: list[Any] = []
    view.session.subscribe(lambda ch: said.extend(ch.events))
    app.settings.animation_scale = 1.0
    try:
        drag(app, *view.sprite_of("KH", "hand0").position, *target(view, "run1"))
        assert g.runs == [] and len(g.completed) == 13 and len(g.hands[0]) == 4
        done = next(e for e in said if e.text == "run_completed")
        run = view.tokens_at("run1")
        assert len(run) == 13                               # whole, where the run lies
        assert [t.card for t in run] == [c + "S" for c in "A23456789TJQ"] + ["KH"]
        slot = view.layout.run_slots(2)[0]
        for i, tok in enumerate(run):
            sp = view.sprites[tok.id]
            x, y = view.layout.run_card(slot, i)
            end = sp.motion.end if sp.motion is not None else (sp.center_x, sp.center_y)
            assert abs(end[0] - x) < 1 and abs(end[1] - y) < 1
        assert not view.tokens_at("completed") and not view.tokens_at("hand0")
        assert len(view.tokens_at("stock")) == stock_before
        assert view.completed_label.text.text == "completed 0"
        assert done.data["cards"] == [t.card for t in run]
        settle(app, view)
        assert not view.tokens_at("run1") and len(view.tokens_at("completed")) == 13
        assert sorted(t.card for t in view.tokens_at("hand0")) == sorted(g.hands[0])
        assert len(view.tokens_at("stock")) == len(g.stock)
        assert view.completed_label.text.text == "completed 13"
    finally:
        app.settings.animation_scale = 0.0


def test_a_computers_completed_run_keeps_your_hand_while_it_shows(app: CardClubWindow
                                                                  ) -> None:
    g = waiting_king(hand=("5C", "5D", "5S", "5H"))
    g.hands[1][0] = "KD"
    for pile in (g.stock, g.reserves[0]):
        if "KD" in pile:
            pile.remove("KD")
            break
    g.current = 1
    view = open_table(app, state=g, ai_seats=())
    app.settings.animation_scale = 1.0
    try:
        view.play(Move("play", ("KD", "hand", "run1")))
        pump(app, 1)
        assert len(view.tokens_at("run1")) == 13 and not view.tokens_at("completed")
        assert sorted(t.card for t in view.tokens_at("hand0")) == ["5C", "5D", "5H", "5S"]
        assert len(view.tokens_at("hand1")) == len(g.hands[1])
        settle(app, view)
        assert len(view.tokens_at("completed")) == 13 and not view.tokens_at("run1")
        assert sorted(t.card for t in view.tokens_at("hand0")) == ["5C", "5D", "5H", "5S"]
    finally:
        app.settings.animation_scale = 0.0


def test_a_tapped_card_that_cannot_go_shows_the_engines_refusal(app: CardClubWindow) -> None:
    """The words are the engine's refusal of that card onto the runs (what the open runs
    need); the table adds only what the engine cannot know: whose turn it is, that a
    card under the top was touched, that a card from the reserve was dropped on a pile."""
    from game.i18n import _, refusal_text

    def engine_says(g: Autobus, move: Move, key: str, **params: Any) -> str:
        exc = g.check(move)
        assert exc is not None and exc.key == key
        assert {k: exc.params[k] for k in params} == params
        return refusal_text(exc)

    view = deal(app, reserves={0: ["5H"]})
    tap(app, *centre(view, "5H", "reserve0"))          # no run open yet
    assert view.hud.status.text.text == engine_says(
        view.session.game, Move("play", ("5H", "reserve", "new")),
        "autobus.new_run_needs_ace", ranks=[])
    assert "5♥" in view.hud.status.text.text
    g = Autobus.new(deck=make_deck(2, reserves={0: ["5H"]},
                                   hands={0: ["6D", "6C", "KC", "QC"]}), players=2)
    g.stock.remove("AS")
    g.runs = [["AS"]]
    for c in ("6D", "6C"):                          # two sixes on your first pile
        g.hands[0].remove(c)
        g.aux[0][0].append(c)
    g.aux_rank[0][0] = "6"
    view = open_table(app, state=g, ai_seats=())
    tap(app, *centre(view, "5H", "reserve0"))
    shown = view.hud.status.text.text
    assert shown == engine_says(g, Move("play", ("5H", "reserve", "new")),
                                "autobus.new_run_needs_ace", ranks=["2"])
    assert "5♥" in shown and "2" in shown            # the card, what the runs need
    under = view.sprite_of("6D", "aux0.1")          # its strip above the top card
    tap(app, under.center_x, under.top - 3)
    assert view.hud.status.text.text == _("Only the top card of a pile can be played.")
    tap(app, *centre(view, "6C", "aux0.1"))
    assert view.hud.status.text.text == engine_says(g, Move("play", ("6C", "aux1", "new")),
                                                "autobus.new_run_needs_ace", ranks=["2"])
    drag(app, *centre(view, "5H", "reserve0"), *target(view, "aux0.2"))
    assert view.hud.status.text.text == view.explain_drop([("reserve0", "5H")], "aux0.2")
    assert view.hud.status.text.text != refusal_text(g.check(Move("discard", ("5H", "aux2"))))
    assert "hand" in view.hud.status.text.text            # only hand cards go there
    drag(app, *centre(view, "KC", "hand0"), *target(view, "run1"))
    assert view.hud.status.text.text == engine_says(g, Move("play", ("KC", "hand", "run1")),
                                                "autobus.run_needs", rank="2", card="KC")
    assert view.session.journal.moves == []
    tap(app, *centre(view, "KC", "hand0"))
    tap(app, *target(view, "aux0.2"))               # a discard: the computer's turn
    assert view.session.journal.moves == ["discard KC aux2"]
    tap(app, *centre(view, "QC", "hand0"))
    assert view.hud.status.text.text == _("Wait for your turn.")


def many_runs(players: int) -> Autobus:
    """A deal with all twelve runs open (eight aces, four jokers), from one card to twelve
    deep, and every auxiliary pile of every seat holding two cards (their counts show)."""
    g = Autobus.new(seed=4, players=players)
    lengths = [12, 10, 9, 6, 4, 2, 11, 3, 1, 1, 1, 1]         # eight runs reach a two
    starts = iter(["AS", "AH", "AD", "AC"] * 2 + ["X"] * 4)
    want = [[next(starts)] + [r + "SHDC"[k % 4] for r in "23456789TJQ"[:n - 1]]
            for k, n in enumerate(lengths)]

    def loose() -> list[list[str]]:
        return [g.stock, *g.hands, *g.reserves]

    def take(card: str) -> str:
        pile = next(p for p in loose() if card in p)
        pile.remove(card)
        return card

    g.runs = [[take(c) for c in run] for run in want]
    for s in range(players):
        for k in range(4):
            left = Counter(c[0] for pile in loose() for c in pile if c != "X")
            rank = next(r for r in "KQJT98765432" if left[r] >= 2)
            cards = [c for pile in loose() for c in pile if c[0] == rank][:2]
            g.aux[s][k], g.aux_rank[s][k] = [take(c) for c in cards], rank
    return g


def resized(app: CardClubWindow, size: tuple[int, int]) -> None:
    app.set_size(*size)
    app.dispatch_event("on_resize", *size)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (1280, 1024)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_run_card_meets_a_computers_panel(app: CardClubWindow, size: tuple[int, int],
                                             players: int) -> None:
    """Every card sprite of the runs row against every computer's panel: apart by the
    panel's frame (a 2 px line on its edge) and the outline round a computer's last cards
    (TableView.draw_last_ai: 5 px out, a 3 px line)."""
    frame, outline = 1.0, 5 + 1.5
    resized(app, size)
    g = many_runs(players)
    view = open_table(app, state=g, ai_seats=())
    assert view.obs["runs"] == g.runs and len(view.run_slots()) == 13
    cards = [(t, view.sprites[t.id]) for t in view.cards.board.tokens()
             if t.place.startswith("run")]
    assert len(cards) == sum(len(r) for r in g.runs if r)
    L = view.layout
    for tok, sp in cards:
        assert sp.visible and sp.width == pytest.approx(L.card_w)
        for s in range(1, players):
            z = L.zone(s)
            apart = (sp.right + outline <= z.cx - z.w / 2 - frame
                     or sp.left - outline >= z.cx + z.w / 2 + frame
                     or sp.top + outline <= z.cy - z.h / 2 - frame
                     or sp.bottom - outline >= z.cy + z.h / 2 + frame)
            assert apart, f"{tok.place} card {tok.index} meets Computer {s}'s panel at {size}"


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_label_lies_inside_the_window(app: CardClubWindow, size: tuple[int, int],
                                            players: int) -> None:
    """Every label's box (its line's ascent to descent) inside the window; your counts,
    the lowest words on screen, inside the row the layout keeps for them, clear of the
    bottom edge by its margin."""
    resized(app, size)
    view = open_table(app, state=many_runs(players), ai_seats=())
    w, h = size
    shown = [lab.text for lab in view.labels if lab.text.text]
    assert len(shown) >= 2 * players + 13                # names, counts, runs, piles
    for t in shown:
        assert 0 <= t.left and t.right <= w and 0 <= t.bottom and t.top <= h, (
            f"{t.text!r} at {t.left:.0f}..{t.right:.0f} x {t.bottom:.0f}..{t.top:.0f}")
    L = view.layout
    mine = [view.reserve_labels[0].text] + [view.aux_labels[(0, k)].text for k in range(1, 5)]
    assert str(len(view.session.game.reserves[0])) in mine[0].text      # "7 left"
    for t in mine:
        assert t.text and t.bottom >= L.gap - 0.5, f"{t.text!r} bottom {t.bottom}"
        assert t.top <= L.row_y - L.card_h / 2, f"{t.text!r} runs into the cards above"


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_announcements_show_over_the_runs_clear_of_the_seats(
        app: CardClubWindow, size: tuple[int, int], players: int) -> None:
    """A move's announcements (two at once here) show in the runs' band: their box lies
    inside the window and covers no computer's panel and none of your row."""
    from game.rules import Event

    resized(app, size)
    view = open_table(app, seed=6, options={"players": players})
    view.choreography.announce_all(1, [Event("announce", text="reshuffle", data={"cards": 40}),
                          Event("announce", text="bus", seat=1)])
    t = view.hud.banner.text
    assert t.text.count("\n") == 1                       # both lines, one under the other
    w, h = t.content_width + 40, t.content_height + 14   # the box draw_overlay fills
    x0, x1, y0, y1 = t.x - w / 2, t.x + w / 2, t.y - h / 2, t.y + h / 2
    L = view.layout
    assert 0 <= x0 and x1 <= size[0] and y1 <= size[1] - L.bar_h
    assert y0 >= L.row_y + L.card_h / 2 + L.gap          # over your row's cards, never
    for s in range(1, players):
        z = L.zone(s)
        assert (y1 <= z.cy - z.h / 2 or x1 <= z.cx - z.w / 2
                or x0 >= z.cx + z.w / 2), f"the banner covers Computer {s}'s panel"


def test_the_runs_words_share_one_size(app: CardClubWindow) -> None:
    """"next: 10" needs a smaller size under a narrow run than "next: J": every run's
    word takes the smallest, so neighbours never differ."""
    resized(app, (960, 600))
    view = open_table(app, state=many_runs(4), ai_seats=())
    words = [lab.text for lab in view.run_labels if lab.text.text]
    runs = words[:-1]                                   # the last is the new run's
    assert len(runs) == 12 and {"10", "J"} <= {t.text.split()[-1] for t in runs}
    assert len({t.font_size for t in runs}) == 1
    assert all(t.content_width <= view.layout.run_step - 6 for t in runs)
