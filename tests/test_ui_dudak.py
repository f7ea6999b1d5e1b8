"""The Dudák table through a real window (Xvfb) with real mouse events: declaring trumps,
beating and following up, collecting, taking, a whole deal by input, the next deal's
dealer, the safety net's end panel, and resuming a saved deal."""
from __future__ import annotations

import json
from collections.abc import Callable

import arcade
import pytest

from game.app import CardClubWindow
from game.games.dudak.layout import DudakLayout
from game.games.dudak.rules import Dudak, surrender_dealer
from game.games.dudak.table import DudakTable
from game.rules import Move, Rng
from game.scenes.menu import MenuView
from game.store import files, saves
from game.tools.drive import pump
from game.ui.layout import Box
from game.ui.widgets import Button

from .ui_helpers import card_point, drag, play_deal, tap

pytestmark = pytest.mark.ui


# ----- building positions ----------------------------------------------------------------
def computer_turn(g: Dudak, declare: str | None = None) -> list[str]:
    """One computer turn by a fixed policy: declare if told, beat if it can (then follow
    with its last card), else lead or take.  Returns the moves played."""
    seat, played = g.current_player, []
    if declare:
        played.append(f"declare {declare}")
        g.play(played[-1])
    while g.current_player == seat and not g.is_over:
        legal = g.legal_moves()
        move = next((m for m in legal if m.kind == "beat"), None) or legal[-1]
        played.append(str(move))
        g.play(move)
    return played


def position(seed: int, dealer: int, declares: dict[int, str] | None = None,
             until: Callable[[Dudak], bool] = lambda g: True,
             turns: int = 60) -> tuple[Dudak, saves.Journal] | None:
    """Computers play (by ``computer_turn``) until it is the human's turn and ``until``
    holds; the human, when it must act on the way, takes or leads."""
    g = Dudak.new(seed=seed, dealer=dealer)
    j = saves.Journal.start(g, level="normal")
    declares = dict(declares or {})
    for _ in range(turns):
        if g.is_over:
            return None
        if g.current_player == 0:
            if until(g):
                return g, j
            legal = g.legal_moves()
            move = next((m for m in legal if m.kind in ("take", "lead")), legal[-1])
            j.moves.append(str(move))
            g.play(move)
            continue
        j.moves += computer_turn(g, declares.pop(g.current_player, None))
    return None


def find(dealer: int, until: Callable[[Dudak], bool], declares: dict[int, str] | None = None,
         seeds: range = range(300)) -> tuple[Dudak, saves.Journal]:
    for seed in seeds:
        got = position(seed, dealer, declares, until)
        if got is not None:
            return got
    raise AssertionError("no deal reaches that position")  # pragma: no cover


def open_table(app: CardClubWindow, g: Dudak | None = None, j: saves.Journal | None = None,
               **kw: object) -> DudakTable:
    view = DudakTable(app, state=g, journal=j, **kw)  # type: ignore[arg-type]  # kw: any option
    app.show_view(view)
    pump(app, 3)
    return view


def press(app: CardClubWindow, button: Button) -> None:
    assert button.visible, button.name
    tap(app, button.cx, button.cy)


def pile_point(view: DudakTable) -> tuple[float, float]:
    return view.layout.pile_x, view.layout.pile_y


def visible_declares(view: DudakTable) -> list[str]:
    return [s for s, b in view.suit_buttons.items() if b.visible]


def screen_text(view: DudakTable) -> str:
    parts = [lab.text.text for lab in view.labels] + [view.hud.status.text.text,
                                                       view.hud.banner.text.text]
    parts += [b.label.text.text for b in view.actions.buttons if b.visible]
    parts += [b.label.text.text for b in view.suit_buttons.values() if b.visible]
    parts += [view.declare_title.text.text, view.declare_note.text.text]
    return "\n".join(parts)


def assert_plain_words(text: str) -> None:
    assert "DUD-" not in text
    for word in text.replace(",", " ").replace(":", " ").split():
        # no card notation such as "OB" or "TL"
        assert not (len(word) == 2 and word[0] in "789TUOKA" and word[1] in "LHBA"), word


# ----- seats -----------------------------------------------------------------------------
def test_seats_sit_clockwise_in_turn_order_with_counts(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed=4, options={"dealer": 3})
    L = view.layout
    left, top, right = (view.sprites[view.tokens_at(f"hand{s}")[0].id] for s in (1, 2, 3))
    assert left.center_x < L.w / 3 and right.center_x > 2 * L.w / 3   # next player on the left
    assert top.center_y > left.center_y and top.center_y > right.center_y
    assert all(not t.up for s in (1, 2, 3) for t in view.tokens_at(f"hand{s}"))
    for s in (1, 2, 3):
        assert view.names[s].text.text.endswith(f"Computer {s}")
        assert view.counts[s].text.text == "8 cards"
    assert_plain_words(screen_text(view))


# ----- declaring --------------------------------------------------------------------------
def test_DUD3_declare_a_trump_with_a_suit_button(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed=4, options={"dealer": 3})
    g = view.session.game
    assert g.current_player == 0 and visible_declares(view) == ["L", "H", "B", "A"]
    assert "declare a trump" in view.hud.status.text.text
    press(app, view.suit_buttons["B"])
    assert g.trumps[0] == "B" and view.session.journal.moves == ["declare B"]
    assert visible_declares(view) == []                    # once per deal, before acting
    assert view.own_trump.text.text == "trump: bells"
    assert "Your trump: bells" in view.hud.banner.text.text


def test_DUD3_the_suit_buttons_answer_number_keys(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed=4, options={"dealer": 3})
    app.dispatch_event("on_key_press", arcade.key.KEY_2, 0)   # 1 leaves, 2 hearts …
    pump(app, 2)
    assert view.session.game.trumps[0] == "H" and view.session.journal.moves == ["declare H"]


def test_DUD3_only_free_suits_and_the_last_goes_automatically(app: CardClubWindow) -> None:
    g, j = find(0, lambda g: g.current_player == 0, declares={1: "L", 2: "H"})
    assert g.trumps == [None, "L", "H", None]
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    assert visible_declares(view) == ["B", "A"]
    assert "Computer 3 automatically" in view.declare_note.text.text
    press(app, view.suit_buttons["A"])
    assert g.trumps == ["A", "L", "H", "B"]
    assert "Computer 3 gets the last free suit, bells, as trump automatically" in \
        view.hud.banner.text.text
    assert_plain_words(screen_text(view))


# ----- beating, following, collecting, taking ----------------------------------------------
def can_beat(g: Dudak) -> bool:
    return bool(g.pile) and any(m.kind == "beat" for m in g.legal_moves())


def test_DUD5_DUD6_beat_by_drag_then_follow_by_tap(app: CardClubWindow) -> None:
    g, j = find(2, can_beat)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    assert not view.actions.by_name("collect").visible or "collect" in \
        {m.kind for m in g.legal_moves()}
    beat = next(m for m in g.legal_moves() if m.kind == "beat").args[0]
    drag(app, *card_point(view, beat), *pile_point(view))
    assert g.phase == "follow" and g.pile[-1] == beat
    assert view.session.journal.moves[-1] == f"beat {beat}"
    sp = view.sprite_of(beat, "pile")
    assert (sp.center_x, sp.center_y) == pytest.approx(pile_point(view), abs=0.5)
    assert "follow-up" in view.hud.status.text.text
    assert not view.actions.by_name("collect").visible
    assert not view.actions.by_name("take").visible
    follow = sorted(g.hands[0])[0]
    tap(app, *card_point(view, follow))
    assert view.selection() == [("hand0", follow)]
    tap(app, *pile_point(view))
    assert view.session.journal.moves[-1] == f"follow {follow}" and g.pile[-1] == follow
    assert g.current_player != 0


def test_DUD2_DUD9_the_follow_up_is_for_the_engines_next_player(app: CardClubWindow) -> None:
    """The status line names the seat the engine says is next (``next_player`` in the
    observation): here the seat to your left has gone out, so the follow-up is for the
    seat after it.  The table keeps no seat order of its own."""
    g, j = find(2, can_beat)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    g.hands[3] += g.hands[1] + g.collected[1]
    g.hands[1], g.collected[1] = [], []                 # seat 1 is out of cards
    beat = next(m for m in g.legal_moves() if m.kind == "beat").args[0]
    drag(app, *card_point(view, beat), *pile_point(view))
    assert g.phase == "follow" and g.next_player == 2
    assert view.obs["next_player"] == 2
    status = view.hud.status.text.text
    assert "follow-up" in status and view.who(2) in status and view.who(1) not in status


def test_an_unplayable_card_stays_and_a_tap_says_why_in_words(app: CardClubWindow) -> None:
    def stuck(g: Dudak) -> bool:
        top = g.pile[-1] if g.pile else None
        return top is not None and any(c[1] != top[1] for c in g.hands[0]) and \
            g.trumps[0] is None
    g, j = find(2, stuck)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    top = g.pile[-1]
    card = next(c for c in g.hands[0] if c[1] != top[1])
    before = g.to_dict()
    drag(app, *card_point(view, card), *pile_point(view))   # it will not leave the hand
    sp = view.sprite_of(card, "hand0")
    assert g.to_dict() == before
    assert (sp.center_x, sp.center_y) == pytest.approx(sp.home[:2], abs=15)
    tap(app, *card_point(view, card))                        # a tap says why
    assert g.to_dict() == before
    assert "does not beat " + view.card_text(top) in view.hud.status.text.text
    assert_plain_words(view.hud.status.text.text)


def test_DUD7_collect_shows_the_card_aside_until_a_beat(app: CardClubWindow) -> None:
    def ready(g: Dudak) -> bool:
        if g.trumps[0] is not None or len(g.pile) < 2:
            return False
        # after collecting the top card a held card still beats the next one
        nxt = g.pile[-2]
        return any(g.beats(c, nxt, 0) for c in g.hands[0])
    g, j = find(1, ready)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    collect = view.actions.by_name("collect")
    assert collect.label.text.text == "Collect the top card"
    top = g.pile[-1]
    press(app, collect)
    assert g.collected[0] == [top] and g.phase == "collecting"
    tok = view.token_of(top, "collected0")
    sp = view.sprites[tok.id]
    assert tok.up and sp.visible and sp.face_up
    assert (sp.center_x, sp.center_y) == pytest.approx(view.layout.collected(0, 1), abs=0.5)
    assert "join your hand" in view.aside_label.text.text
    assert "+ 1 waiting" not in view.aside_label.text.text
    assert view.actions.by_name("take").label.text.text == "Take the rest of the pile"
    beat = next(m for m in g.legal_moves() if m.kind == "beat").args[0]
    tap(app, *card_point(view, beat))
    tap(app, *pile_point(view))
    assert top in g.hands[0] and not g.collected[0]
    assert view.token_of(top, "hand0").up and not view.tokens_at("collected0")
    assert view.aside_label.text.text == ""


def test_DUD8_take_the_pile_button(app: CardClubWindow) -> None:
    g, j = find(1, lambda g: len(g.pile) >= 2)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    take = view.actions.by_name("take")
    assert take.label.text.text == "Take the pile"
    pile = list(g.pile)
    press(app, take)
    assert view.session.journal.moves[-1] == "take" and not g.pile
    assert all(c in g.hands[0] for c in pile)
    assert {t.card for t in view.tokens_at("hand0")} >= set(pile)
    assert not take.visible                               # the computers' turn now


def test_collect_and_take_hide_on_an_empty_table(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed=4, options={"dealer": 3})  # you lead
    assert not view.session.game.pile
    assert not view.actions.by_name("collect").visible
    assert not view.actions.by_name("take").visible
    assert "lead any card" in view.hud.status.text.text


# ----- whole deals ------------------------------------------------------------------------
def human_move_by_input(app: CardClubWindow, view: DudakTable, move: Move) -> None:
    if move.kind == "declare":
        press(app, view.suit_buttons[move.args[0]])
    elif move.kind in ("collect", "take"):
        press(app, view.actions.by_name(move.kind))
    else:
        tap(app, *card_point(view, move.args[0]), frames=0)
        tap(app, *pile_point(view))


def replayed_out_order(journal: saves.Journal) -> list[int]:
    g = Dudak.new(seed=journal.seed, deck=list(journal.deck), **journal.options)
    order: list[int] = []
    for m in journal.moves:
        g.play(m)
        order += [s for s in range(4) if g.card_count(s) == 0 and s not in order]
    return order


def beat_first(legal: list[Move]) -> Move:
    return next((m for m in legal if m.kind == "beat"), legal[0])


def test_a_whole_deal_through_input_events_only(app: CardClubWindow) -> None:
    view = open_table(app, seed=12, options={"dealer": 3})
    play_deal(app, view, human_move_by_input, choose=beat_first)
    g = view.session.game
    assert g.is_over
    dudak = g.result().index(0.0)
    title = view.result_panel.title.text.text
    assert title == ("You are the Dudák!" if dudak == 0 else f"Computer {dudak} is the Dudák")
    lines = view.result_panel.text.text.text
    order = replayed_out_order(view.session.journal)
    assert view.out_order == order and len(order) == 3 and dudak not in order
    names = ["You" if s == 0 else f"Computer {s}" for s in order]
    assert "Out of cards in this order:\n" + " → ".join(names) in lines
    assert_plain_words(title + "\n" + lines)
    assert not saves.exists("dudak")


def test_the_dudak_deals_the_next_game(app: CardClubWindow) -> None:
    view = open_table(app, seed=5, ai_seats=(0, 1, 2, 3))
    play_deal(app, view)
    result = view.session.result()
    assert result is not None
    dudak = result.index(0.0)
    assert view.session.next_options() == {"dealer": dudak}
    press(app, view.result_panel.buttons.by_name("next"))
    nxt = app.current_view
    assert isinstance(nxt, DudakTable) and nxt is not view
    assert nxt.session.game.dealer == dudak and nxt.session.journal.options == {"dealer": dudak}
    assert nxt.session.game.current_player == (dudak + 1) % 4 or nxt.session.journal.moves
    assert nxt.obs["dealer"] == dudak


def test_DUD2_after_a_surrender_the_next_dealer_is_random(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed=33, options={"dealer": 0})
    view.pause()
    view.dialogs.ask_surrender()
    press(app, view.dialogs.confirm.buttons.by_name("yes"))
    assert view.result_visible and view.session.surrendered
    want = surrender_dealer(view.session.journal.seed)
    assert view.session.next_options() == {"dealer": want}
    press(app, view.result_panel.buttons.by_name("next"))
    assert app.current_view.session.game.dealer == want  # type: ignore[union-attr]  # the next table
    # drawn from the seed: the same seed gives the same dealer, seeds differ
    assert surrender_dealer(33) == surrender_dealer(33)
    assert len({surrender_dealer(s) for s in range(40)}) == 4
    assert surrender_dealer(33) == Rng(33 ^ 0xD0DA).below(4)


def test_the_deal_flies_from_the_dealer(app: CardClubWindow) -> None:
    app.settings.animation_scale = 1.0
    app.think_scale = 1000.0
    try:
        view = DudakTable(app, seed=4, options={"dealer": 1})
        app.show_view(view)
        starts = {sp.motion.start[:2] for sp in view.sprites.values() if sp.motion}
        assert starts == {view.layout.seat_centre(1)}
        assert view.hud.banner.text.text == "Computer 2 plays first"   # left of the dealer
    finally:
        app.settings.animation_scale = 0.0


def test_DUD12_the_safety_net_is_explained_on_the_end_panel(app: CardClubWindow) -> None:
    g, _ = find(1, lambda g: len(g.pile) >= 1 and g.phase == "start")
    d = g.to_dict()
    d["moves"] = 1999
    state = Dudak.from_dict(d)
    view = open_table(app, state, ai_seats=(0, 1, 2, 3))
    play_deal(app, view, frames=200)
    assert state.is_over and state.by_safety_net
    lines = view.result_panel.text.text.text
    assert "2,000 moves" in lines and "holding the most cards is the Dudák" in lines
    assert "Still holding cards:" in lines
    assert_plain_words(lines)


# ----- saving and resuming ---------------------------------------------------------------
def test_every_action_is_saved_and_continue_resumes_exactly(app: CardClubWindow) -> None:
    def ready(g: Dudak) -> bool:
        return g.trumps[0] is None and len(g.pile) >= 2
    g, j = find(1, ready)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    press(app, view.actions.by_name("collect"))          # mid-turn: a card waiting aside
    assert files.writer.flush()                          # the writer thread has it on disk
    data = json.loads(saves.path_for("dudak").read_text())
    assert data["moves"] == view.session.journal.moves and data["moves"][-1] == "collect"
    waiting = list(g.collected[0])
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    press(app, menu.buttons.by_name("continue"))
    resumed = app.current_view
    assert isinstance(resumed, DudakTable) and resumed is not view
    assert resumed.session.game.to_dict() == view.session.game.to_dict()
    assert resumed.session.journal.moves == view.session.journal.moves
    assert [t.card for t in resumed.tokens_at("collected0")] == waiting
    assert resumed.out_order == view.out_order
    assert resumed.actions.by_name("take").label.text.text == "Take the rest of the pile"


def test_resume_keeps_the_order_players_went_out(app: CardClubWindow) -> None:
    view = open_table(app, seed=12, ai_seats=(0, 1, 2, 3))
    for _ in range(20000):
        if len(view.out_order) >= 1 or view.result_visible:
            break
        pump(app)
    if view.session.game.is_over:  # pragma: no cover
        pytest.skip("the deal ended at once")
    assert view.out_order
    pump(app)                                      # the words follow a move by a frame
    gone = view.out_order[0]
    if gone != 0:
        assert view.counts[gone].text.text == "out of cards (first)"
    app.think_scale = 1000.0                       # nobody moves while we look
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    press(app, menu.buttons.by_name("continue"))
    resumed = app.current_view
    assert isinstance(resumed, DudakTable)
    assert resumed.session.journal.moves == view.session.journal.moves
    assert resumed.out_order == view.out_order == replayed_out_order(view.session.journal)


# ----- the menu --------------------------------------------------------------------------
def test_the_menu_tile_opens_dudak_and_the_level_button_works(app: CardClubWindow) -> None:
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    button = menu.levels.by_name("level-dudak")
    while menu.level_of("dudak") != "easy":
        tap(app, button.cx, button.cy)
    assert "Easy" in button.label.text.text
    tile = next(t for t in menu.tiles if t.key == "dudak")
    assert tile.ready
    tap(app, tile.box.cx, tile.box.cy)
    view = app.current_view
    assert isinstance(view, DudakTable)
    assert view.session.level == "easy" and "Easy" in view.hud.level_label.text.text
    assert view.session.journal.meta["level"] == "easy"
    app.settings.levels.clear()


# ----- what is drawn -----------------------------------------------------------------------
def frame(app: CardClubWindow) -> bytes:
    app.dispatch_event("on_draw")
    img = arcade.get_image()
    app.flip()
    return img.tobytes()


def test_the_table_never_shows_another_seats_hidden_cards(app: CardClubWindow) -> None:
    g = Dudak.new(seed=8, dealer=2)
    for _ in range(5):
        g.play(g.legal_moves()[-1])
    other = g.determinize(0, Rng(99))
    assert other.observation(0) == g.observation(0)
    assert other.to_dict() != g.to_dict()
    shots = []
    for state in (g, other):
        view = DudakTable(app, state=state, ai_seats=())
        app.show_view(view)
        pump(app, 2)
        shots.append(frame(app))
    assert shots[0] == shots[1]


def test_the_smallest_window_keeps_everything_on_screen(app: CardClubWindow) -> None:
    g, j = find(1, lambda g: g.trumps[0] is None and len(g.pile) >= 2)
    app.think_scale = 1000.0
    view = open_table(app, g, j)
    app.dispatch_event("on_resize", 960, 600)
    pump(app, 2)
    try:
        assert view.layout.w == 960
        for tok in view.cards.board.tokens():
            sp = view.sprites[tok.id]
            assert 0 < sp.center_x < 960 and 0 < sp.center_y < 600
        buttons = [b for b in view.actions.buttons if b.visible]
        buttons += [b for b in view.suit_buttons.values() if b.visible]
        assert len(buttons) >= 3
        for b in buttons:
            assert b.w >= 48 and b.h >= 48
            assert b.label.text.content_width <= b.w
            assert 0 < b.cx - b.w / 2 and b.cx + b.w / 2 < 960
        hand_top = max(view.sprites[t.id].center_y for t in view.tokens_at("hand0"))
        for b in view.suit_buttons.values():
            if b.visible:
                assert b.cy - b.h / 2 > hand_top + view.layout.card_h / 2
    finally:
        app.dispatch_event("on_resize", 1280, 800)


def test_the_computers_decide_once_per_turn_whatever_the_frame_rate(
        app: CardClubWindow) -> None:
    from .test_ui_paodekuai import ai_moves_at

    slow, starts_slow = ai_moves_at(app, "dudak", 1 / 20, 10)
    fast, starts_fast = ai_moves_at(app, "dudak", 1 / 240, 10)
    assert slow == fast and len(slow) >= 10
    assert len(slow) <= starts_slow <= len(slow) + 1
    assert len(fast) <= starts_fast <= len(fast) + 1


def overlap(a: Box, b: Box) -> bool:
    return abs(a.cx - b.cx) * 2 < a.w + b.w and abs(a.cy - b.cy) * 2 < a.h + b.h


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 1000), (1500, 620)])
def test_layout_keeps_seats_pile_aside_and_buttons_apart(size: tuple[int, int]) -> None:
    L = DudakLayout(*size)
    boxes = {"pile": L.pile_zone, "aside": L.aside,
             **{f"seat{s}": L.seat_box(s, 20) for s in (1, 2, 3)},
             "collect": L.action_button(1), "take": L.action_button(0)}
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(boxes[a], boxes[b]), (a, b)
    for name, box in boxes.items():
        assert box.cx - box.w / 2 >= 0 and box.cx + box.w / 2 <= L.w, name
        assert box.cy - box.h / 2 >= 0 and box.cy + box.h / 2 <= L.h - L.bar_h, name
    for n in (1, 2, 4):                         # the suit buttons stay in the aside region
        for i in range(n):
            d = L.declare_button(i, n)
            assert L.aside.cx - L.aside.w / 2 <= d.cx - d.w / 2
            assert d.cx + d.w / 2 <= L.aside.cx + L.aside.w / 2
            assert not overlap(d, L.pile_zone)
    hand = L.hand(30)                           # a big hand stays clear of the buttons
    assert hand[-1][0] + L.card_w / 2 < L.action_button(0).cx - L.action_button(0).w / 2


def test_cards_a_computer_took_lie_face_up_in_its_hand(app: CardClubWindow) -> None:
    """A pile a computer took was seen by everyone: those cards show their faces, upright
    and apart enough to read, while the rest of its hand stays face down."""
    def took(g: Dudak) -> bool:
        return any(len(set(g.known[s]) - set(g.collected[s])) >= 2 for s in (1, 2, 3))

    g, j = find(1, took)
    view = open_table(app, g, j)
    obs = g.observation(0)
    for s in (1, 2, 3):
        known = [c for c in obs["known"][s] if c not in obs["collected"][s]]
        toks = view.tokens_at(f"hand{s}")
        assert len(toks) == obs["hand_sizes"][s]
        shown = [t.card for t in toks if t.up]
        assert sorted(shown) == sorted(known)
        for t in toks:
            sp = view.sprites[t.id]
            assert sp.face_up == t.up and (not t.up or sp.card == t.card)
        if len(known) >= 2 and s != 2:
            xs = sorted(view.sprites[t.id].center_x for t in toks if t.up)
            assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 0.15 * view.layout.card_w
            assert all(view.sprites[t.id].angle == 0 for t in toks if t.up)
