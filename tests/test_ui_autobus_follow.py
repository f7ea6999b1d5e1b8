"""Hospodský autobus: the table a new player can follow (issue 40), through a real window
(Xvfb) and real mouse events.  BUS-8: a card that fits no side pile goes under the bus,
by dragging it onto your reserve (seed 002, step 8); BUS-5: runs keep their number while
open; BUS-7: the side piles are numbered 1-4."""
from __future__ import annotations

import pytest

from game import i18n
from game.app import CardClubWindow
from game.games.autobus import gestures
from game.games.autobus.rules import Autobus
from game.games.autobus.table import AutobusTable
from game.i18n import _
from game.rules import Event
from game.tools.drive import pump

from .test_ui_autobus import centre, deal, make_deck, many_runs, open_table, resized
from .test_ui_autobus import target as space
from .test_ui_autobus_bus import full_piles
from .ui_helpers import drag, tap

pytestmark = pytest.mark.ui


def settle(app: CardClubWindow, view: AutobusTable, limit: int = 600) -> None:
    """Frames until every card has landed and no second half of a move is due."""
    for _frame in range(limit):
        if not view.animating and view.sweep.pending is None:
            pump(app, 1)
            return
        pump(app, 1)
    raise AssertionError("the cards never came to rest")


def slot_of(view: AutobusTable, card: str, place: str) -> tuple[int, int]:
    sp = view.sprite_of(card, place)
    return round(sp.center_x), round(sp.center_y)


# ----- under the bus by a drag -------------------------------------------------------------
def test_a_card_let_go_over_the_reserve_goes_under_the_bus(app: CardClubWindow) -> None:
    """Grabbed near its top and let go with the pointer above the reserve's outline, the
    card itself lying mostly over the reserve: it goes under (BUS-8, seed's step 8)."""
    g = full_piles(["3C", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    L = view.layout
    x, y = centre(view, "3C", "hand0")
    grab_dy = L.card_h / 2 - 4                       # the card's top edge
    box = L.reserve_box(0)
    to_x, to_y = box.cx, box.cy + 0.3 * L.card_h + grab_dy
    assert not box.contains(to_x, to_y)              # the pointer is off the reserve
    drag(app, x, y + grab_dy, to_x, to_y)
    assert view.session.journal.moves == ["bus 3C"] and g.reserves[0][0] == "3C"


def test_a_card_that_may_not_go_under_slides_back_and_says_why(app: CardClubWindow) -> None:
    g = full_piles(["X", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    before = g.to_dict()
    home = slot_of(view, "X", "hand0")
    box = view.layout.reserve_box(0)
    drag(app, *centre(view, "X", "hand0"), box.cx, box.cy)
    assert g.to_dict() == before and view.session.journal.moves == []
    assert view.hud.status.text.text == _("A joker fits any side pile, so it never goes under "
                                      "the bus.")
    settle(app, view)
    assert slot_of(view, "X", "hand0") == home        # back in its place


def test_with_only_under_the_bus_left_the_way_shows_before_a_card_is_chosen(
        app: CardClubWindow) -> None:
    """Nothing fits a run or a side pile: the status line says what to do, the button
    shows, the reserve glows, and a tap on the reserve asks which card."""
    g = full_piles(["3C", "5D", "7H", "2C"])
    view = open_table(app, state=g, ai_seats=())
    assert {m.kind for m in g.legal_moves()} == {"bus"}
    assert not view.selection()
    assert view.hud.status.text.text == _("No hand card fits your side piles: drag one onto "
                                      "your reserve, or press Under the bus")
    assert view.actions.by_name("bus").visible
    assert gestures.only_bus(view)
    top = view.obs["reserve_tops"][0]
    tap(app, *centre(view, top, "reserve0"))
    assert view.bus_choice and view.hud.status.text.text == _("Choose the card to put under "
                                                          "the bus")
    tap(app, *centre(view, "7H", "hand0"))
    assert view.session.journal.moves == ["bus 7H"]


def test_an_ace_that_fits_no_pile_is_told_it_starts_a_run(app: CardClubWindow) -> None:
    g = full_piles(["AC", "5D", "QS", "9H"])
    view = open_table(app, state=g, ai_seats=())
    tap(app, *centre(view, "AC", "hand0"))
    assert view.hud.status.text.text == _("{card} fits none of your side piles: start a new run "
                                      "with it, or put it under the bus").format(card="A♣")


# ----- runs keep their slots ---------------------------------------------------------------
def test_when_a_run_completes_the_others_keep_their_slots(app: CardClubWindow) -> None:
    g = Autobus.new(deck=make_deck(2, hands={0: ["KS", "5D", "6D", "7D"]}), players=2)
    runs = [["AH", "2H"], ["AD", *(r + "D" for r in "23456789TJQ")], ["AC", "2C", "3C"]]
    loose = [g.stock, *g.hands[1:], *g.reserves]
    for run in runs:
        for c in run:
            next(p for p in loose if c in p).remove(c)
    g.runs = runs
    view = open_table(app, state=g, ai_seats=())
    settle(app, view)
    before = {k: slot_of(view, runs[k - 1][-1], f"run{k}") for k in (1, 3)}
    drag(app, *centre(view, "KS", "hand0"), *space(view, "run2"))
    assert view.session.journal.moves == ["play KS hand run2"]
    settle(app, view)
    assert g.runs[0] is not None and g.runs[1] is None and g.runs[2] is not None
    after = {k: slot_of(view, runs[k - 1][-1], f"run{k}") for k in (1, 3)}
    assert after == before                            # runs 1 and 3 stayed where they were
    assert view.run_slots()["new"] == view.layout.run_slots(3)[1]   # a new run goes in 2


# ----- the hand keeps its places during your turn -------------------------------------------
def test_the_hand_keeps_its_places_for_the_next_drag(app: CardClubWindow) -> None:
    view = deal(app, hands={0: ["AS", "2S", "9C", "9D"]})
    g = view.session.game
    settle(app, view)
    places = {c: slot_of(view, c, "hand0") for c in ("AS", "2S", "9C", "9D")}
    drag(app, *centre(view, "AS", "hand0"), *space(view, "new"))
    settle(app, view)
    for c in ("2S", "9C", "9D"):                      # nothing slid into the gap
        assert slot_of(view, c, "hand0") == places[c], c
    drag(app, *places["2S"], *space(view, "run1"))    # where the 2 was seen: it is there
    assert view.session.journal.moves == ["play AS hand new", "play 2S hand run1"]
    drag(app, *places["9C"], *space(view, "aux0.1"))  # the turn ends: the hand closes up
    assert g.current_player == 1
    settle(app, view)
    assert slot_of(view, "9D", "hand0") == tuple(round(v) for v in
                                                 view.layout.hand_card(0, 1))


# ----- what is drawn ----------------------------------------------------------------------
def test_side_piles_are_numbered_and_every_pile_has_its_count(app: CardClubWindow) -> None:
    g = full_piles(["3C", "5D", "QS", "9H"])
    g.aux[0][2], g.aux_rank[0][2] = [], None           # side pile 3 empty again
    g.aux[1][0], g.aux_rank[1][0] = ["X"], "K"         # the computer's: a joker as a king
    view = open_table(app, state=g, ai_seats=())
    settle(app, view)
    texts = {k: view.aux_labels[(0, k)].text.text for k in range(1, 5)}
    assert texts == {1: "1: Q×1", 2: "2: 9×1", 3: "3", 4: "4: K×1"}
    assert view.aux_labels[(1, 1)].text.text == "1: K×1"
    assert view.aux_labels[(1, 2)].text.text == "2"
    L = view.layout
    for (s, k), lab in view.aux_labels.items():       # under its own pile, whole
        t = lab.text
        assert t.text and abs(t.x - L.aux_x_of(s, k)) < 1
        assert t.content_width <= L.card_w * 1.12, (s, k, t.text)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_you_are_marked_and_the_titles_sit_inside_their_panels(
        app: CardClubWindow, size: tuple[int, int], players: int) -> None:
    resized(app, size)
    view = open_table(app, seed=6, options={"players": players})
    settle(app, view)
    L = view.layout
    you = view.decor.you_label.text
    assert you.text.endswith(_("You"))
    sb = view.status_box()
    assert you.x >= 0 and you.x + you.content_width < sb.cx - sb.w / 2
    assert you.y - you.content_height / 2 >= L.row_y + L.card_h / 2
    for s, lab in view.name_labels.items():
        t, z = lab.text, L.zone(s)
        top, bottom = t.y + t.content_height / 2, t.y - t.content_height / 2
        assert top <= z.cy + z.h / 2 - 1, f"Computer {s}'s title on its border at {size}"
        assert bottom >= L.opp_cards_y(s) + L.card_h / 2, f"Computer {s}'s title on cards"
        assert t.x + t.content_width <= z.cx + z.w / 2


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("players", [2, 4])
def test_announcements_never_cover_a_run(app: CardClubWindow, size: tuple[int, int],
                                         players: int, lang: str) -> None:
    """Two announcements at once, in long languages too: beside the status line, clear
    of every run (all twelve open), your hand and your buttons."""
    resized(app, size)
    i18n.set_language(lang)
    try:
        view = open_table(app, state=many_runs(players), ai_seats=())
        covers(view, size)
    finally:
        i18n.set_language("en")


def covers(view: AutobusTable, size: tuple[int, int]) -> None:
    view.choreography.announce_all(1, [Event("announce", text="run_completed", seat=1, data={}),
                          Event("announce", text="bus", seat=1)])
    t = view.hud.banner.text
    assert t.text.count("\n") >= 1
    w, h = t.content_width + 40, t.content_height + 14
    x0, x1, y0, y1 = t.x - w / 2, t.x + w / 2, t.y - h / 2, t.y + h / 2
    L = view.layout
    assert 0 <= x0 and x1 <= size[0]
    for name, xy in view.run_slots().items():
        b = L.run_box(xy)
        label_bottom = L.run_label_y(xy) - L.lab / 2
        assert (x1 <= b.cx - b.w / 2 or x0 >= b.cx + b.w / 2 or y1 <= label_bottom
                or y0 >= b.cy + b.h / 2), f"the banner covers {name}"
    hb = L.hand_box()
    assert y0 >= hb.cy + hb.h / 2 or x0 >= hb.cx + hb.w / 2     # not over your hand
    for i in range(2):
        bb = L.action_button(i)
        assert y0 >= bb.cy + bb.h / 2                              # nor the buttons


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_run_carries_the_number_the_log_says(app: CardClubWindow, size: tuple[int, int],
                                                  players: int) -> None:
    """BUS-5: every open run shows its number (the one in "play ... onto run 3") left of
    its first card, level with its top, drawn with the table's words (the static layer):
    inside the window and clear of every card, the gaps of cleared runs kept."""
    from game.i18n.moves import move_words

    resized(app, size)
    g = many_runs(players)
    g.runs[1] = g.runs[4] = None                 # runs 2 and 5 cleared: the others keep 3, 6
    view = open_table(app, state=g, ai_seats=())
    settle(app, view)
    shown = {lab.text.text: lab.text for lab in view.decor.number_labels if lab.text.text}
    open_runs = [k for k, r in enumerate(g.runs, 1) if r is not None]
    assert sorted(shown, key=int) == [str(k) for k in open_runs]
    assert all(lab in view.labels for lab in view.decor.number_labels)
    sprites = [view.sprites[t.id] for t in view.cards.board.tokens() if t.place.startswith("run")]
    for k in open_runs:
        t = shown[str(k)]
        assert f"run {k}" in move_words("autobus", f"play {g.runs[k - 1][-1]} hand run{k}")
        first = view.sprite_of(g.runs[k - 1][0], f"run{k}")
        assert t.right <= first.left and abs(t.top - first.top) <= 2, (k, t.right, first.left)
        assert 0 <= t.left and t.bottom >= 0 and t.top <= size[1]
        for sp in sprites:                        # no card under a number
            assert (t.right <= sp.left or t.left >= sp.right or t.top <= sp.bottom
                    or t.bottom >= sp.top), f"run {k}'s number covers a card at {size}"
        one = view.decor.number_labels[0].text.font_size
        assert len(str(k)) == 2 or t.font_size == one     # the single digits in one size


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "de", "es"])
def test_the_runs_words_fit_beside_each_other_in_every_language(app: CardClubWindow,
                                                                 lang: str) -> None:
    """Issue 40 (nothing clipped or covered): at 960×600 with four players and all twelve
    runs open, each run's "next: 10" stays within its run's step, clear of its
    neighbours' (German's "als Nächstes: 10" ran into the next run's at the smallest
    size)."""
    i18n.set_language(lang)
    try:
        resized(app, (960, 600))
        view = open_table(app, state=many_runs(4), ai_seats=())
        settle(app, view)
        rows: dict[int, list[tuple[float, float]]] = {}
        for lab in view.decor.run_labels:
            if lab.text.text:
                rows.setdefault(round(lab.text.y), []).append((lab.text.left, lab.text.right))
        assert sum(len(r) for r in rows.values()) >= 12
        for row in rows.values():                 # within a row, each clear of the next
            row.sort()
            for (_l0, r0), (l1, _r1) in zip(row, row[1:], strict=False):
                assert r0 <= l1, (lang, r0, l1)
    finally:
        i18n.set_language("en")
