"""Issue 40, item 5: the table polish a new player asked for, each checked through the
real window (real keys and taps, what is drawn or placed): the hinted "declare" button
lights, a copied deal number is said on the result panel, "Thinking…" fits its button,
a panel's badges share one corner and its buttons one label size, nothing covers the
status line, the banner or a count, the final play is said on Pao De Kuai's result, the
header stays readable over a panel at a high contrast, one card sits in the middle, a
revealed hand in a replay shows every card, and the window opens inside the screen."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow, fitting_size
from game.rules import Move
from game.scenes.table_view import HUMAN
from game.tools.drive import pump

from .ui_helpers import tap

pytestmark = pytest.mark.ui
K = arcade.key
SIZES = [(1280, 800), (960, 600)]
HINT_GOLD = (255, 220, 80)


@pytest.fixture(params=SIZES, ids=["1280x800", "960x600"])
def sized(app: CardClubWindow, request: pytest.FixtureRequest) -> Iterator[CardClubWindow]:
    w, h = request.param
    app.set_size(w, h)
    app.dispatch_event("on_resize", w, h)
    yield app
    i18n.set_language("en")
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)
    app.show_view(arcade.View(app))


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import levels

    for key in ("durak", "paodekuai", "dudak"):
        table = levels(key)
        hard = {k: v for k, v in table["hard"].items() if k != "budget"}
        monkeypatch.setitem(table, "hard", hard | {"iterations": 30})


def open_table(app: CardClubWindow, key: str, seed: int, **kw: Any) -> Any:
    """The table at the human's first decision, the computers then waiting."""
    from game.scenes.tables import table_class

    app.think_scale = 0.0
    view = table_class(key)(app, seed=seed, **kw)
    app.show_view(view)
    for _ in range(3000):
        pump(app)
        if view.human_to_act and not view.animating:
            break
    assert view.human_to_act
    app.think_scale = 1000.0
    return view


def key(app: CardClubWindow, k: int, mod: int = 0) -> None:
    app.dispatch_event("on_key_press", k, mod)
    app.dispatch_event("on_key_release", k, mod)
    pump(app, 2)


def picture(app: CardClubWindow) -> Any:
    app.dispatch_events()
    app.dispatch_event("on_draw")
    img = arcade.get_image().convert("RGB")
    app.flip()
    return img


def near(c: tuple[int, ...], want: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, want, strict=False))


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two boxes (left, bottom, right, top) share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_box(t: arcade.Text) -> tuple[float, float, float, float]:
    return (t.left, t.bottom, t.right, t.top)


# ----- the hint lights the button it names ----------------------------------------------------
def test_a_declare_hint_lights_its_suit_button(sized: CardClubWindow, quick_hard: None) -> None:
    view = open_table(sized, "dudak", seed=6)
    legal = view.human_moves()
    bells = Move("declare", ("B",))
    assert bells in legal                 # seed 6: the human may declare bells or acorns
    for _ in range(len(legal) + 1):       # H again shows the next best, round them all
        key(sized, K.H)
        for _ in range(2000):
            pump(sized)
            if not view.session.hinting:
                break
        pump(sized, 2)
        if view.help.hinted == bells:
            break
    assert view.help.hinted == bells
    b = view.suit_buttons["B"]
    assert view.help.hinted_button is b and b.visible
    img = picture(sized)
    x, y = round(b.cx - (b.w + 12) / 2), round(sized.height - b.cy)
    assert near(img.getpixel((x, y)), HINT_GOLD), img.getpixel((x, y))


# ----- the result panel ---------------------------------------------------------------------------
def test_copying_the_deal_number_is_said_on_the_panel(sized: CardClubWindow) -> None:
    view = open_table(sized, "durak", seed=4)
    view.surrender()
    pump(sized, 2)
    panel = view.result_panel
    copy = panel.buttons.by_name("copy")
    tap(sized, copy.cx, copy.cy)
    said = panel.text.text.text.splitlines()[-1]
    number = i18n.grouped(view.session.number)
    assert said in (f"Deal number {number} copied.",
                    f"The clipboard cannot be used here: the number is "
                    f"{view.session.number}.")
    if said.endswith("copied."):
        assert copy.label.text.text == "Copied ✓"
    assert panel.text.text.content_width <= panel.box[2] - 20 + 1
    sizes = {b.label.text.font_size for b in panel.buttons.buttons}
    assert len(sizes) == 1, sizes         # one size: "Copy the deal number" as its neighbours


def test_thinking_fits_the_hint_button(sized: CardClubWindow, quick_hard: None) -> None:
    view = open_table(sized, "durak", seed=4)
    b = view.help.hint_button
    left = b.cx - b.w / 2
    key(sized, K.H)
    pump(sized, 1)
    if view.session.hinting:              # the label as it shows while it thinks
        assert b.label.text.text == "Thinking…"
    b.label.set("Thinking…")
    assert b.label.text.content_width <= b.w - 12 + 1
    assert b.cx - b.w / 2 == left         # the button did not move


def test_a_panels_number_badges_share_one_corner(sized: CardClubWindow) -> None:
    view = open_table(sized, "paodekuai", seed=3)
    key(sized, K.TAB)                     # a key shows the badges
    key(sized, K.ESCAPE)                  # the first Esc clears the focus (issue 40, 4)
    key(sized, K.ESCAPE)                  # the next: the pause panel
    assert view.dialogs.pause_panel.visible
    kb = view.keyboard
    shown = [b for b in kb.buttons() if kb.usable(b)]
    assert len(shown) >= 3
    offsets = {(round(kb.badge_at(b, 10)[0] - (b.cx + b.w / 2)),
                round(kb.badge_at(b, 10)[1] - (b.cy + b.h / 2))) for b in shown}
    assert len(offsets) == 1, offsets
    key(sized, K.ESCAPE)


# ----- nothing covers another thing -----------------------------------------------------------
def test_pao_de_kuai_banner_leaves_the_played_count_alone(sized: CardClubWindow) -> None:
    view = open_table(sized, "paodekuai", seed=11)
    view.discard_label.set("27 cards played")
    view.show_banner("Computer 2 wins the round and leads")
    pump(sized, 1)
    t = view.hud.banner.text
    banner = (t.x - t.content_width / 2 - 20, t.y - t.content_height / 2 - 7,
              t.x + t.content_width / 2 + 20, t.y + t.content_height / 2 + 7)
    assert not overlap(banner, text_box(view.discard_label.text))


@pytest.mark.parametrize("game,seed", [("durak", 11), ("paodekuai", 11), ("dudak", 11)])
def test_a_two_line_banner_stays_under_the_top_bar(sized: CardClubWindow, game: str,
                                                   seed: int) -> None:
    """A banner of two lines (the quiz's question, a bomb's announcement) keeps off the
    top bar's buttons: its backing ends under the bar (it reached 10 px into it).
    (Autobus keeps its banner in a box of its own beside the status line.)"""
    view = open_table(sized, game, seed=seed)
    view.show_banner("Find a better move than play 2♠\nDecision 4 of 8 · move 14 of 37")
    pump(sized, 1)
    t = view.hud.banner.text
    L = view.layout
    assert t.y + t.content_height / 2 + 7 <= L.h - L.bar_h + 0.5
    assert t.y - t.content_height / 2 - 7 >= 0


@pytest.mark.parametrize("game,seed", [("durak", 11), ("paodekuai", 11), ("dudak", 11)])
def test_the_banner_leaves_the_log_alone(sized: CardClubWindow, game: str, seed: int) -> None:
    """Issue 40: the announcement and the log of what happened (its box, each seat's
    last play) never cover each other (Pao De Kuai's "wins the round and leads" ran
    over the log's first words; Dudák's over a long last play of the seat opposite)."""
    view = open_table(sized, game, seed=seed)
    view.show_banner("Computer 2 wins the round and leads")
    pump(sized, 1)
    t = view.hud.banner.text
    banner = (t.x - t.content_width / 2 - 20, t.y - t.content_height / 2 - 7,
              t.x + t.content_width / 2 + 20, t.y + t.content_height / 2 + 7)
    shown = view.log.boxes()                  # the log's box and each seat's last play
    assert len(shown) >= 1
    for box in shown:
        assert not overlap(banner, box), (banner, box, view.layout.w)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_dudak_dealer_tag_sits_by_its_seat_clear_of_the_banner(sized: CardClubWindow,
                                                               seed: int) -> None:
    view = open_table(sized, "dudak", seed=seed)
    view.show_banner("Abštych! Computer 2 beat with the last card: the pile leaves the game")
    picture(sized)
    dealer = view.obs["dealer"]
    chip = text_box(view.dealer_label.text)
    t = view.hud.banner.text
    banner = (t.x - t.content_width / 2 - 20, t.y - t.content_height / 2 - 7,
              t.x + t.content_width / 2 + 20, t.y + t.content_height / 2 + 7)
    assert not overlap(chip, banner)
    if dealer != HUMAN:      # on that computer's name line, right of the name (issue 50:
        name, count = view.names[dealer].text, view.counts[dealer].text   # under the count,
        assert chip[0] >= name.right and abs(view.dealer_label.text.y - name.y) < 2
        assert not overlap(chip, text_box(count))     # a last play or "out" covered it)
    assert 0 <= chip[0] and chip[2] <= view.layout.w


@pytest.mark.parametrize("game,seed", [("durak", 4), ("paodekuai", 3), ("dudak", 2)])
def test_a_chosen_card_stays_clear_of_the_status_line(sized: CardClubWindow, game: str,
                                                      seed: int) -> None:
    from .ui_helpers import card_point

    view = open_table(sized, game, seed=seed)
    sb = view.status_box()
    tok = min((t for t in view.tokens_at("hand0") if (t.place, t.card) in view.pickable()),
              key=lambda t: abs(view.sprites[t.id].center_x - sb.cx))   # under the line
    tap(sized, *card_point(view, tok.card), frames=2)
    for _ in range(200):
        pump(sized)
        if not view.animating:
            break
    assert tok in view.selected
    sp = view.sprites[tok.id]
    resting = view.slot(tok.place, tok.index, tok.count)
    assert sp.center_y > resting[1]                       # it is lifted
    assert sp.center_y + view.layout.card_h / 2 < sb.cy - sb.h / 2


# ----- Pao De Kuai's result and replay --------------------------------------------------------
def test_pao_de_kuai_result_says_the_final_play(app: CardClubWindow) -> None:
    from game.scenes.tables import table_class

    app.think_scale = 0.0
    view = table_class("paodekuai")(app, seed=8, ai_seats=(0, 1, 2))
    app.show_view(view)
    for _ in range(20000):
        pump(app)
        if view.result_visible:
            break
    assert view.result_visible
    obs = view.obs
    assert obs["table"]
    lines = view.result_panel.text.text.text.splitlines()
    cards = " ".join(view.card_text(c) for c in obs["table"])
    who = obs["table_seat"]
    want = (f"Your last play: {cards}" if who == HUMAN else
            f"The last play, by {view.who(who)}: {cards}")
    assert lines[0] == want
    app.show_view(arcade.View(app))


def test_the_human_pays_in_their_own_words_in_every_language(app: CardClubWindow) -> None:
    from game.scenes.tables import table_class

    view = open_table(app, "paodekuai", seed=3)
    bill = {"cards": 8, "spring": False, "two_of_spades": 0, "bombs": 0, "total": 8}
    obs = {"result": [-8, 8, 0], "went_out": 1, "table": [], "table_seat": None,
           "settlement": [bill, None, {**bill, "cards": 0, "total": 0}]}
    said = {"en": "You pay 8", "cs": "Platíš 8", "pl": "Płacisz 8", "de": "Du zahlst 8",
            "es": "Pagas 8"}
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            _title, lines = view.result_text(obs)
            mine = [line for line in lines if line.startswith(said[lang])]
            assert len(mine) == 1, (lang, lines)
            others = i18n._("{who} pays {total}: {parts}").format(who=view.who(0),
                                                                  total="8", parts="")
            assert not mine[0].startswith(others.rstrip()), mine[0]   # "You pays 8:"
    finally:
        i18n.set_language("en")
    assert table_class("paodekuai") is type(view)


def test_a_revealed_hand_in_a_replay_shows_every_card(app: CardClubWindow) -> None:
    from game.session import DealSession

    s = DealSession("paodekuai", level="random", ai_seats=(0, 1, 2), seed=8,
                    pace=lambda: 0.0, save=False)
    list(s.run())
    view = app.open("replay", journal=s.journal.to_dict())
    assert view is not None
    controls = view.replay_controls
    end = controls.buttons.by_name("end")
    pump(app, 2)
    tap(app, end.cx, end.cy)
    for _ in range(600):
        pump(app)
        if controls.reveal_button.visible and not view.animating:
            break
    b = controls.reveal_button
    tap(app, b.cx, b.cy)
    for _ in range(600):
        pump(app)
        if not view.animating:
            break
    L = view.layout
    for seat in (1, 2):
        toks = view.tokens_at(f"hand{seat}")
        if len(toks) < 2:
            continue
        assert all(t.card for t in toks)
        ys = sorted(view.sprites[t.id].center_y for t in toks)
        # each card lower than the one before by enough to show its corner
        assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) >= L.card_h * 0.15
    app.show_view(arcade.View(app))


# ----- what the eye needs ---------------------------------------------------------------------
def test_the_header_stays_readable_over_a_panel_at_high_contrast(app: CardClubWindow) -> None:
    view = open_table(app, "durak", seed=3)
    app.settings.look_contrast = 0.99
    try:
        key(app, K.ESCAPE)
        assert view.dialogs.pause_panel.visible
        img = picture(app)
        t = view.hud.level_label.text
        box = (round(t.left), round(app.height - t.top), round(t.right),
               round(app.height - t.bottom))
        brightest = max(max(px) for px in img.crop(box).getdata())
        assert brightest >= 200, brightest
    finally:
        app.settings.look_contrast = 0.5
        view.resume()


def test_one_card_lies_under_the_middle(sized: CardClubWindow) -> None:
    from game.games.dudak.layout import DudakLayout
    from game.ui.layout import TableLayout

    w, h = sized.width, sized.height
    assert TableLayout(w, h).hand_positions(1) == [w / 2]
    assert DudakLayout(w, h).hand(1)[0][0] == w / 2
    xs = TableLayout(w, h).hand_positions(5)
    assert abs((xs[0] + xs[-1]) / 2 - w / 2) < 1


# ----- the window on a small screen -------------------------------------------------------------
def test_the_window_fits_in_nine_tenths_of_the_screen() -> None:
    assert fitting_size(None) == (1280, 800)
    assert fitting_size((1920, 1080)) == (1280, 800)
    assert fitting_size((960, 600)) == (864, 540)
    assert fitting_size((1366, 768)) == (1105, 691)


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run")
def test_on_a_960x600_screen_the_window_opens_inside_it(tmp_path: Any) -> None:
    code = ("from game.app import open_window\n"
            "w = open_window()\n"
            "print('SIZE', w.width, w.height)\n")
    env = {**os.environ, "CARDCLUB_HOME": str(tmp_path)}
    env.pop("DISPLAY", None)
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 960x600x24", sys.executable,
                          "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert "SIZE 864 540" in out.stdout, out.stdout + out.stderr
