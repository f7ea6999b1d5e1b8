"""The Pao De Kuai table through a real window (Xvfb) with real mouse events, and the
framework's promises every table keeps: one AI decision per turn whatever the frame rate,
and a drawing that shows nothing of the other seats' hidden cards."""
from __future__ import annotations

import arcade
import pytest

from game.app import CardClubWindow
from game.games.paodekuai.rules import PaoDeKuai
from game.games.paodekuai.table import PaoDeKuaiTable
from game.rules import Move, Rng
from game.scenes.menu import MenuView
from game.store import saves
from game.tools.drive import pump

from .ui_helpers import card_point, drag, play_deal, tap

pytestmark = pytest.mark.ui


def seed_where(leader: int) -> int:
    return next(s for s in range(300) if PaoDeKuai.new(seed=s).current_player == leader)


def open_table(app: CardClubWindow, seed: int, **kw: object) -> PaoDeKuaiTable:
    view = PaoDeKuaiTable(app, seed=seed, **kw)  # type: ignore[arg-type]
    app.show_view(view)
    pump(app, 3)
    return view


def press(app: CardClubWindow, button) -> None:  # type: ignore[no-untyped-def]
    tap(app, button.cx, button.cy)


def test_tap_several_cards_and_play_them(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    g = view.session.game
    pair = next((m for m in g.legal_moves() if m.kind == "play" and len(m.args) == 2), None)
    if pair is None:
        pytest.skip("no opening pair in this deal")  # pragma: no cover
    for c in pair.args:
        tap(app, *card_point(view, c))
    assert sorted(c for _, c in view.selection()) == sorted(pair.args)
    play = view.actions.by_name("play")
    assert play.visible and play.enabled
    press(app, play)
    assert sorted(g.table) == sorted(pair.args)
    assert sorted(view.session.journal.moves[0].split()[1:]) == sorted(pair.args)


def test_an_illegal_selection_keeps_play_disabled(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    g = view.session.game
    hand = sorted(g.hands[0])
    other = next(c for c in hand if c[0] not in ("3", "4", "5") and c != "3H")
    tap(app, *card_point(view, "3H"))
    tap(app, *card_point(view, other))          # 3♥ with an unrelated card: no shape
    play = view.actions.by_name("play")
    assert play.visible and not play.enabled
    before = g.to_dict()
    press(app, play)
    assert g.to_dict() == before and view.session.journal.moves == []
    tap(app, *card_point(view, other))          # tapping again takes it out
    assert view.selection() == [("hand0", "3H")] and play.enabled


def test_drag_across_the_hand_selects_each_card(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    order = [t.card for t in view.tokens_at("hand0")]
    x0, y0 = card_point(view, order[0])
    x1, _ = card_point(view, order[3])
    drag(app, x0, y0, x1 + 4, y0)
    assert [c for _, c in view.selection()] == order[:4]
    assert view.session.journal.moves == []                   # choosing is not playing


def fixed_hard_level(monkeypatch: pytest.MonkeyPatch, key: str, iterations: int = 40) -> None:
    """The hard level thinks a fixed number of iterations (the same hint every time)."""
    from game.ai import levels

    table = levels(key)
    hard = {k: v for k, v in table["hard"].items() if k != "budget"}
    monkeypatch.setitem(table, "hard", hard | {"iterations": iterations})


def press_hint(app: CardClubWindow, view: PaoDeKuaiTable) -> None:
    """Hint, then frames until the search (in slices) has answered."""
    press(app, view.bar.by_name("hint"))
    for _ in range(600):
        if not view.session.hinting:
            break
        pump(app)
    pump(app, 2)


def test_hint_cycles_through_legal_plays(app: CardClubWindow,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Each press shows the hard level's next-best play; once all are shown, the best
    again (the old button only stepped through the legal plays)."""
    fixed_hard_level(monkeypatch, "paodekuai")
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    plays = [m for m in view.session.game.legal_moves() if m.kind == "play"]
    seen = []
    for _ in range(len(plays) + 1):
        press_hint(app, view)
        seen.append(tuple(sorted(c for _, c in view.selection())))
        assert view.actions.by_name("play").enabled
    assert sorted(set(seen)) == sorted(tuple(sorted(m.args)) for m in plays)
    assert seen[-1] == seen[0]                        # it wraps around


def play_until_human_may_pass(app: CardClubWindow, view: PaoDeKuaiTable) -> bool:
    g = view.session.game
    for _ in range(400):
        if g.is_over:
            return False
        if g.current_player == 0:
            if any(m.kind == "pass" for m in g.legal_moves()):
                return True
            view.play(g.legal_moves()[0])
        pump(app)
    return False


def test_pass_button_only_when_passing_is_legal(app: CardClubWindow) -> None:
    for seed in range(40):
        view = open_table(app, seed)
        if play_until_human_may_pass(app, view):
            break
    else:  # pragma: no cover
        pytest.fail("no deal gave the human a chance to pass")
    app.think_scale = 1000.0
    pump(app, 2)
    pas = view.actions.by_name("pass")
    assert pas.visible
    press(app, pas)
    assert view.session.journal.moves[-1] == "pass"
    assert not pas.visible or view.session.game.current_player == 0


def tap_cards_then_play(app: CardClubWindow, view: PaoDeKuaiTable, move: Move) -> None:
    """A play: tap its cards, then Play; a pass: Pass."""
    if move.kind == "play":
        for c in move.args:
            tap(app, *card_point(view, c), frames=0)
        press(app, view.actions.by_name("play"))
    else:
        press(app, view.actions.by_name("pass"))


def test_a_whole_deal_through_input_events_only(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(0))
    g = view.session.game
    play_deal(app, view, tap_cards_then_play, frames=6000)
    assert g.is_over and view.result_visible
    title = view.result_panel.title.text.text
    assert "went out first" in title
    lines = view.result_panel.text.text.text
    assert "sum to zero" in lines and "PDK" not in lines
    assert not saves.exists("paodekuai")


def test_pause_stops_the_computers(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(1))
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert view.paused
    app.think_scale = 0.0
    pump(app, 60)
    assert view.session.journal.moves == []
    press(app, view.dialogs.pause_panel.buttons.by_name("resume"))
    pump(app, 10)
    assert view.session.journal.moves


def test_resume_after_restart_is_exact(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(1))
    pump(app, 40)                                      # the computers lead and answer
    assert view.session.journal.moves
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    press(app, menu.buttons.by_name("continue"))
    resumed = app.current_view
    assert isinstance(resumed, PaoDeKuaiTable)
    assert resumed.session.game.to_dict() == view.session.game.to_dict()
    assert resumed.session.journal.moves == view.session.journal.moves


def test_the_menu_tile_opens_the_table_and_asks_before_dropping_a_deal(
        app: CardClubWindow) -> None:
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    tile = next(t for t in menu.tiles if t.key == "paodekuai")
    assert tile.ready
    tap(app, tile.box.cx, tile.box.cy)
    table = app.current_view
    assert isinstance(table, PaoDeKuaiTable)
    pump(app, 20)
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    tap(app, tile.box.cx, tile.box.cy)
    assert menu.confirm.visible                       # a deal is saved: ask first
    press(app, menu.confirm.buttons.by_name("yes"))   # Continue
    assert isinstance(app.current_view, PaoDeKuaiTable)
    assert app.current_view.session.game.to_dict() == table.session.game.to_dict()


# ----- the framework's promises ---------------------------------------------------------------
def ai_moves_at(app: CardClubWindow, key: str, dt: float, moves: int) -> tuple[list[str], int]:
    from game.scenes.tables import table_class

    app.think_scale = 1.0
    view = table_class(key)(app, seed=21, level="easy", ai_seats=(0, 1, 2, 3))
    app.show_view(view)
    for _ in range(200000):
        if len(view.session.journal.moves) >= moves or view.session.game.is_over:
            break
        app.dispatch_event("on_update", dt)
    return list(view.session.journal.moves), view.session.pacer.starts


@pytest.mark.parametrize("key", ["durak", "paodekuai"])
def test_the_ai_decides_once_per_turn_whatever_the_frame_rate(app: CardClubWindow,
                                                               key: str) -> None:
    slow, starts_slow = ai_moves_at(app, key, 1 / 20, 25)
    fast, starts_fast = ai_moves_at(app, key, 1 / 240, 25)
    assert slow == fast and len(slow) >= 20
    # one decision started per move played (plus, at most, the one under way)
    assert len(slow) <= starts_slow <= len(slow) + 1
    assert len(fast) <= starts_fast <= len(fast) + 1


def frame(app: CardClubWindow) -> bytes:
    app.dispatch_event("on_draw")
    img = arcade.get_image()
    app.flip()
    return img.tobytes()


@pytest.mark.parametrize("key", ["durak", "paodekuai"])
def test_the_table_never_shows_another_seats_hidden_cards(app: CardClubWindow,
                                                          key: str) -> None:
    from game.rules import GAMES
    from game.scenes.tables import table_class

    g = GAMES[key].new(seed=8)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    other = g.determinize(0, Rng(99))
    assert other.observation(0) == g.observation(0)
    assert other.to_dict() != g.to_dict()               # the hidden cards differ
    shots = []
    for state in (g, other):
        view = table_class(key)(app, state=state, ai_seats=())
        app.show_view(view)
        pump(app, 2)
        shots.append(frame(app))
    assert shots[0] == shots[1]


def test_dragging_the_chosen_cards_onto_the_table_plays_them(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    g = view.session.game
    pair = next((m for m in g.legal_moves() if m.kind == "play" and len(m.args) == 2), None)
    assert pair is not None
    for c in pair.args:
        tap(app, *card_point(view, c))
    x, y = card_point(view, pair.args[0])
    zone = view.layout.table_zone
    drag(app, x, y, zone.cx, zone.cy)           # a chosen card carries the choice
    assert view.session.journal.moves and sorted(view.session.journal.moves[0].split()[1:]) \
        == sorted(pair.args)


def test_the_first_card_of_a_drag_select_is_lifted_like_the_others(
        app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    order = [t.card for t in view.tokens_at("hand0")]
    x0, y0 = card_point(view, order[0])
    x1, _ = card_point(view, order[2])
    app.dispatch_event("on_mouse_press", x0, y0, arcade.MOUSE_BUTTON_LEFT, 0)
    steps = 6
    for i in range(1, steps + 1):
        x = x0 + (x1 + 4 - x0) * i / steps
        app.dispatch_event("on_mouse_drag", x, y0, 1, 0, arcade.MOUSE_BUTTON_LEFT, 0)
        pump(app, 1)
    pump(app, 4)                                  # still held: the cards have settled
    heights = [view.sprite_of(c).center_y for c in order[:3]]
    rest = view.sprite_of(order[5]).center_y
    assert heights[0] == pytest.approx(heights[1]) == pytest.approx(heights[2])
    assert heights[0] > rest + 10
    app.dispatch_event("on_mouse_release", x1 + 4, y0, arcade.MOUSE_BUTTON_LEFT, 0)
    pump(app, 2)
    assert [c for _, c in view.selection()] == order[:3]


def test_a_grey_play_says_why_on_the_status_line(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(0))
    hand = sorted(view.session.game.hands[0])
    other = next(c for c in hand if c != "3H" and c[0] not in "34")
    tap(app, *card_point(view, "3H"))
    tap(app, *card_point(view, other))            # 3♥ with an unrelated card: no shape
    play = view.actions.by_name("play")
    assert play.visible and not play.enabled
    said = view.hud.status.text.text
    refusal = view.why_not(view.session.game.parse_move(f"play 3H {other}"))
    assert refusal and said == refusal
    tap(app, *card_point(view, other))            # a playable choice: the usual words
    assert view.hud.status.text.text == view.expected_text(view.obs, view.human_moves())


def test_the_result_names_the_seat_that_went_out_even_with_fewer_points(
        app: CardClubWindow) -> None:
    """PDK-12: the player went out first, but Computer 1's bomb gave it the most
    points: the player wins (panel, history, XP); the points stay the score."""
    from game.store import history

    from .test_paodekuai_rules import OUT_FIRST_HANDS, OUT_FIRST_MOVES

    hands = [h.split() for h in OUT_FIRST_HANDS]
    deck = [hands[i % 3][i // 3] for i in range(48)]
    g = PaoDeKuai.new(deck=deck)
    for m in OUT_FIRST_MOVES[:-1]:
        g.play(m)
    view = open_table(app, 0, state=g, journal=saves.new_deal(PaoDeKuai.new(deck=deck),
                                                               "normal"))
    view.session.journal.moves = list(OUT_FIRST_MOVES[:-1])
    view.play(OUT_FIRST_MOVES[-1])
    for _ in range(20):
        pump(app)
        if view.result_visible:
            break
    assert view.result_visible
    assert view.result_panel.title.text.text == "You went out first!"
    said = view.result_panel.text.text.text
    assert "Computer 1 pays 1" in said and "Computer 2 pays 6" in said      # both losers pay
    row = history.deals("paodekuai", limit=1)[0]
    assert row.outcome == "win" and row.score == -3.0
    assert view.xp_gained == history.xp_for("win", "normal")
