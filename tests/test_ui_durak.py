"""The Durak table driven through a real window (Xvfb) with real mouse events."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import arcade
import pytest

from game.app import CardClubWindow
from game.cards import format_card
from game.games.durak.rules import Durak
from game.games.durak.table import COMPUTER, DurakTable
from game.rules import Move
from game.scenes.menu import MenuView
from game.scenes.table_view import HUMAN
from game.store import files, saves
from game.tools.drive import pump

from .ui_helpers import card_point, drag, play_deal, tap

pytestmark = pytest.mark.ui


def seed_where(attacker: int) -> int:
    return next(s for s in range(200) if Durak.new(seed=s).attacker == attacker)


def open_table(app: CardClubWindow, seed: int, **kw: object) -> DurakTable:
    view = DurakTable(app, seed=seed, **kw)  # type: ignore[arg-type]
    app.show_view(view)
    pump(app, 3)
    return view


def test_tap_a_legal_card_then_the_table_attacks(app: CardClubWindow) -> None:
    app.think_scale = 1000.0          # the computer waits, so we can see our card land
    view = open_table(app, seed_where(HUMAN))
    card = view.hand_order(HUMAN)[0]
    tap(app, *card_point(view, card))
    assert view.selection() == [("hand0", card)]
    zone = view.layout.table_zone
    tap(app, zone.cx, zone.cy, frames=3)
    g = view.session.game
    assert g.table == [[card, None]] and card not in g.hands[HUMAN]
    sp = view.sprite_of(card)
    x, y = view.layout.attack(0, 1)
    assert (sp.center_x, sp.center_y) == pytest.approx((x, y), abs=0.5)
    assert "place" in app.sounds.played
    assert view.session.journal.moves == [f"attack {card}"]


def test_drag_a_legal_card_onto_the_table(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(HUMAN))
    card = view.hand_order(HUMAN)[-1]
    x0, y0 = card_point(view, card)
    zone = view.layout.table_zone
    drag(app, x0, y0, zone.cx + 40, zone.cy)
    assert view.session.game.table == [[card, None]]


def test_drag_to_a_spot_that_is_no_target_changes_nothing(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(HUMAN))
    before = view.session.game.to_dict()
    card = view.hand_order(HUMAN)[2]
    home = view.sprite_of(card).home
    x0, y0 = card_point(view, card)
    drag(app, x0, y0, 60, app.height - 120)          # onto the felt above the talon
    pump(app, 5)
    assert view.session.game.to_dict() == before
    sp = view.sprite_of(card)
    assert (sp.center_x, sp.center_y) == pytest.approx(home[:2], abs=0.5)


def test_an_illegal_drop_on_the_table_slides_back_and_says_why(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(COMPUTER))
    for _ in range(30):                              # the computer attacks
        pump(app)
        if view.session.game.current_player == HUMAN:
            break
    g = view.session.game
    attack = g.unbeaten
    assert attack is not None
    bad = [c for c in g.hands[HUMAN] if not g.beats(c, attack)]
    if not bad:
        pytest.skip("this deal gives the defender no non-beating card")  # pragma: no cover
    before = g.to_dict()
    zone = view.layout.table_zone
    drag(app, *card_point(view, bad[0]), zone.cx, zone.cy)
    pump(app, 20)
    assert g.to_dict() == before
    shown = view.hud.status.text.text
    assert view.message and shown == view.message                # an explanation, not
    assert shown != view.status_line(view.obs, g.legal_moves())  # the usual prompt
    assert "DUR-" not in shown and bad[0] not in shown.split()    # no rule id, no notation
    assert format_card(attack, "atlasnye") in shown               # the card as on its face
    home = view.sprite_of(bad[0]).home
    assert view.sprite_of(bad[0]).center_x == pytest.approx(home[0], abs=0.5)


def test_take_button_appears_only_when_legal_and_takes(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(HUMAN))
    take = view.actions.by_name("take")
    assert not take.visible                          # we attack: nothing to take
    view2 = open_table(app, seed_where(COMPUTER))
    for _ in range(30):
        pump(app)
        if view2.session.game.current_player == HUMAN:
            break
    take = view2.actions.by_name("take")
    assert take.visible
    tap(app, take.cx, take.cy)
    assert "take" in view2.session.journal.moves             # the computer may answer at once
    assert not take.visible or view2.session.game.current_player == HUMAN


def tap_card_then_table(app: CardClubWindow, view: DurakTable, move: Move) -> None:
    """A card move: tap the card, then the table; Take and Stop: their button."""
    if move.args:
        tap(app, *card_point(view, move.args[0]), frames=0)
        zone = view.layout.table_zone
        tap(app, zone.cx, zone.cy, frames=1)
    else:
        b = view.actions.by_name(move.kind)
        assert b.visible
        tap(app, b.cx, b.cy, frames=1)


def test_a_whole_deal_through_input_events_only(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(HUMAN))
    g = view.session.game
    play_deal(app, view, tap_card_then_table, frames=3000)
    assert g.is_over and view.result_visible
    assert len(view.session.journal.moves) > 10
    assert not saves.exists("durak")                  # a finished deal leaves no save
    menu = view.result_panel.buttons.by_name("menu")
    tap(app, menu.cx, menu.cy)
    assert isinstance(app.current_view, MenuView)


def test_screenshot_shows_the_trump_card_where_the_layout_puts_it(app: CardClubWindow) -> None:
    view = open_table(app, 5)
    pump(app, 2)
    app.dispatch_event("on_draw")
    img = arcade.get_image().convert("RGB")
    app.flip()
    L = view.layout
    tx, ty, _ = L.trump()
    # the right end of the sideways trump sticks out from under the talon
    px = img.getpixel((int(tx + L.card_h * 0.42), int(img.height - ty)))
    assert min(px) > 200, px                          # the light card face
    fx = img.getpixel((int(L.w * 0.5), int(img.height - (L.table_y + L.card_h))))
    assert fx[1] > fx[0] + 30 and fx[1] > fx[2] + 15, fx   # green felt around it
    hand = view.hand_order(HUMAN)[0]
    hx, hy = card_point(view, hand)
    assert min(img.getpixel((int(hx + 3), int(img.height - hy)))) > 150


def test_pause_menu_stops_the_computer(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(COMPUTER))
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert view.paused
    app.think_scale = 0.0
    pump(app, 60)
    assert view.session.game.table == [] and view.session.journal.moves == []
    resume = view.dialogs.pause_panel.buttons.by_name("resume")
    tap(app, resume.cx, resume.cy)
    assert not view.paused
    pump(app, 10)
    assert view.session.journal.moves                          # the computer attacked


def test_surrender_from_the_pause_menu_ends_the_deal(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(HUMAN))
    menu_btn = view.bar.by_name("menu")
    tap(app, menu_btn.cx, menu_btn.cy)
    assert view.paused
    s = view.dialogs.pause_panel.buttons.by_name("surrender")
    tap(app, s.cx, s.cy)
    assert view.dialogs.confirm.visible and not view.result_visible     # it asks first
    no = view.dialogs.confirm.buttons.by_name("no")
    tap(app, no.cx, no.cy)
    assert not view.session.surrendered and not view.dialogs.confirm.visible
    tap(app, menu_btn.cx, menu_btn.cy)
    tap(app, s.cx, s.cy)
    yes = view.dialogs.confirm.buttons.by_name("yes")
    tap(app, yes.cx, yes.cy)
    assert view.result_visible and view.session.surrendered
    assert view.result_panel.title.text.text == "You surrendered"
    assert not view.actions.by_name("take").visible


def test_every_action_is_saved_and_continue_resumes_it(app: CardClubWindow) -> None:
    app.think_scale = 1000.0
    view = open_table(app, seed_where(HUMAN))
    card = view.hand_order(HUMAN)[0]
    tap(app, *card_point(view, card))
    zone = view.layout.table_zone
    tap(app, zone.cx, zone.cy)
    files.writer.flush()                              # the writer thread has it on disk
    data = json.loads(saves.path_for("durak").read_text())
    assert data["moves"] == [f"attack {card}"] and data["seed"] == view.session.game.seed
    app.show_view(MenuView(app))
    pump(app, 2)
    menu = app.current_view
    cont = menu.buttons.by_name("continue")
    assert cont.visible
    tap(app, cont.cx, cont.cy)
    resumed = app.current_view
    assert isinstance(resumed, DurakTable)
    assert resumed.session.game.to_dict() == view.session.game.to_dict()


def test_a_damaged_save_is_reported_and_kept_aside(app: CardClubWindow) -> None:
    path = saves.path_for("durak")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"game": "durak", "seed": 1, "deck": ["6S"], "moves": []}')
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    cont = menu.buttons.by_name("continue")
    tap(app, cont.cx, cont.cy)
    shown = app.current_view
    assert isinstance(shown, MenuView)
    assert "could not be read" in shown.message.text.text
    assert not path.exists() and list(path.parent.glob("durak.json.damaged-*"))


def test_menu_shows_four_games_and_opens_durak(app: CardClubWindow) -> None:
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    assert [t.key for t in menu.tiles] == ["autobus", "dudak", "durak", "paodekuai"]
    durak = next(t for t in menu.tiles if t.key == "durak")
    tap(app, durak.box.cx, durak.box.cy)
    assert isinstance(app.current_view, DurakTable)


def test_layout_follows_the_window_size(app: CardClubWindow) -> None:
    view = open_table(app, 3)
    app.dispatch_event("on_resize", 960, 600)
    pump(app, 2)
    assert view.layout.w == 960 and view.layout.card_w == pytest.approx(75)
    for c in view.session.game.hands[HUMAN]:
        sp = view.sprite_of(c)
        assert 0 < sp.center_x < 960 and 0 < sp.center_y < 600
    take = view.actions.by_name("take")
    assert take.w >= 48 and take.h >= 48
    app.dispatch_event("on_resize", 1280, 800)


def test_rules_screen_from_the_table_and_back(app: CardClubWindow) -> None:
    view = open_table(app, seed_where(HUMAN))
    rules = view.bar.by_name("rules")
    tap(app, rules.cx, rules.cy)
    from game.scenes.rules_view import RulesView

    rv = app.current_view
    assert isinstance(rv, RulesView) and "Durak" in rv.title.text.text
    back = rv.buttons.by_name("back")
    tap(app, back.cx, back.cy)               # back to the table playing on (issue 50: the
    assert app.current_view is view          # pause panel no longer waits to be closed)
    assert not view.paused and not view.dialogs.pause_panel.visible


def test_smoke_command_plays_a_deal_and_exits_zero(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = dict(os.environ, CARDCLUB_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True,
                         text=True, timeout=240, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "back at the menu" in out.stdout


def test_a_missing_asset_gives_a_stand_in_not_a_crash(app: CardClubWindow, tmp_path,
                                                       monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game import resources
    from game.ai import level_file
    from game.ui import assets

    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    level_file.cache_clear()
    assets.card_texture.cache_clear()
    assets.back_texture.cache_clear()
    assets.felt_texture.cache_clear()
    try:
        tex = assets.card_texture("atlasnye", "AS")
        assert tex.width == assets.CARD_W and any("AS.png" in m for m in assets.missing)
        app.sounds._cache.pop("place", None)
        app.sounds.play("place")                      # a missing sound is silence
        view = open_table(app, 1)
        pump(app, 3)
        assert view.session.game.legal_moves()
    finally:
        level_file.cache_clear()
        assets.card_texture.cache_clear()
        assets.back_texture.cache_clear()
        assets.felt_texture.cache_clear()
        app.sounds._cache.clear()


def test_level_button_cycles_and_the_table_uses_it(app: CardClubWindow) -> None:
    menu = MenuView(app)
    app.show_view(menu)
    pump(app, 2)
    button = menu.levels.by_name("level-durak")
    seen = []
    for _ in range(3):
        seen.append(menu.level_of("durak"))
        tap(app, button.cx, button.cy)
    assert sorted(seen) == ["easy", "hard", "normal"]
    while menu.level_of("durak") != "hard":
        tap(app, button.cx, button.cy)
    assert "Hard" in button.label.text.text
    from game.store import settings as settings_store

    assert settings_store.load()[0].levels["durak"] == "hard"
    view = open_table(app, seed_where(COMPUTER))
    assert view.session.level == "hard" and "Hard" in view.hud.level_label.text.text
    for _ in range(2000):                          # the search runs in slices
        pump(app)
        if view.session.journal.moves:
            break
    assert view.session.journal.moves and view.session.thinking is None
    app.settings.levels.clear()


def test_cards_the_computer_picked_up_lie_face_up_in_its_hand(app: CardClubWindow) -> None:
    """The cards of a bout the computer took were seen by both players: they show their
    faces in its row (the rest stays face down), and leave face up when played."""
    g = Durak.new(seed=seed_where(HUMAN))
    attack = g.legal_moves()[0]
    g.play(attack)
    g.play("take")
    g.play("stop")                                   # the computer picks the card up
    view = DurakTable(app, state=g, ai_seats=())
    app.show_view(view)
    pump(app, 3)
    toks = view.tokens_at("hand1")
    assert len(toks) == len(g.hands[COMPUTER])
    assert [t.card for t in toks if t.up] == [attack.args[0]]
    sp = view.sprite_of(attack.args[0], "hand1")
    assert sp.face_up and sp.card == attack.args[0]
    assert sum(not view.sprites[t.id].face_up for t in toks) == len(toks) - 1
