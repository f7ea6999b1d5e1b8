"""Tweens, layout geometry, settings and saves: the parts of the UI that need no window."""
from __future__ import annotations

import json

import pytest

from game.games.durak.layout import DurakLayout
from game.rules import GAMES
from game.store import saves
from game.store import settings as settings_store
from game.ui.layout import MIN_H, MIN_W
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic, linear


def test_tween_runs_from_start_to_end_after_its_delay() -> None:
    t = Tween((0.0, 10.0), (100.0, 20.0), duration=1.0, delay=0.5, ease=linear)
    assert t.step(0.25) == (0.0, 10.0) and not t.started
    assert t.step(0.75) == pytest.approx((50.0, 15.0))
    assert not t.done
    assert t.step(1.0) == (100.0, 20.0) and t.done


def test_zero_duration_tween_is_instant() -> None:
    t = Tween((0.0,), (5.0,), duration=0.0)
    assert t.step(0.0) == (5.0,) and t.done


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(ease) -> None:  # type: ignore[no-untyped-def]
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


def test_durak_layout_scales_and_stays_inside_the_window() -> None:
    big, small = DurakLayout(1280, 800), DurakLayout(MIN_W, MIN_H)
    assert big.card_w == 100 and small.card_w == pytest.approx(75)
    for L in (big, small, DurakLayout(2560, 1440), DurakLayout(1000, 1000)):
        xs = L.hand_positions(20)
        assert xs[0] - L.card_w / 2 >= 0 and xs[-1] + L.card_w / 2 <= L.w
        assert L.table_zone.h >= 48 and L.action_button(0).h >= 48
        for i in range(6):
            x, y = L.attack(i, 6)
            assert L.table_zone.contains(x, y)
        assert L.opp_y + L.card_h / 2 <= L.h - L.bar_h + 1


def test_settings_round_trip_and_damaged_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDCLUB_HOME", str(tmp_path))
    s, msg = settings_store.load()
    assert msg is None and s.volume == 0.7
    s.volume, s.animation_scale = 0.2, 0.0
    settings_store.save(s)
    again, _ = settings_store.load()
    assert again.volume == 0.2 and again.animation_scale == 0.0
    (tmp_path / "settings.json").write_text("{not json")
    fresh, msg = settings_store.load()
    assert msg and "could not be read" in msg and fresh.volume == 0.7
    assert list(tmp_path.glob("settings.json.damaged-*"))


def test_settings_ignore_wrong_types_and_clamp() -> None:
    s = settings_store.Settings.from_dict({"volume": 9, "muted": "yes", "animation_scale": -1})
    assert s.volume == 1.0 and s.muted is False and s.animation_scale == 0.0


def test_journal_replays_a_deal_exactly(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDCLUB_HOME", str(tmp_path))
    g = GAMES["durak"].new(seed=12)
    j = saves.Journal.start(g, level="normal")
    for _ in range(15):
        m = g.legal_moves()[-1]
        g.play(m)
        j.moves.append(str(m))
    saves.save(j)
    loaded, state = saves.load("durak")
    assert loaded is not None and loaded.meta == {"level": "normal"}
    assert state.to_dict() == g.to_dict()  # type: ignore[union-attr]


@pytest.mark.parametrize("text,words", [
    ("not json at all", "could not be read"),
    ('{"game": "durak", "seed": 1, "deck": [], "moves": []}', "deck must hold"),
    ('{"game": "paodekuai", "seed": 1, "deck": [], "moves": []}', "not a saved deal"),
    ("[1, 2]", "not a saved deal"),
])
def test_damaged_saves_are_kept_aside_with_a_message(tmp_path, monkeypatch, text,
                                                      words) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDCLUB_HOME", str(tmp_path))
    path = saves.path_for("durak")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    journal, msg = saves.load("durak")
    assert journal is None and msg is not None and words in msg
    assert not path.exists() and len(list(path.parent.glob("*.damaged-*"))) == 1


def test_a_save_with_an_illegal_move_names_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDCLUB_HOME", str(tmp_path))
    g = GAMES["durak"].new(seed=1)
    j = saves.Journal.start(g)
    j.moves = ["take"]
    saves.save(j)
    journal, msg = saves.load("durak")
    assert journal is None and "move 1 ('take')" in msg  # type: ignore[operator]


def test_saves_are_written_atomically(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDCLUB_HOME", str(tmp_path))
    g = GAMES["durak"].new(seed=1)
    saves.save(saves.Journal.start(g))
    files = list((tmp_path / "saves").iterdir())
    assert [f.name for f in files] == ["durak.json"]   # no temp file left behind
    assert json.loads(files[0].read_text())["version"] == saves.VERSION


def test_every_card_of_every_deck_has_a_sprite() -> None:
    from game import resources
    from game.cards import atlasnye_deck, czech_deck, french_deck

    for style, deck in (("french", french_deck(jokers=1)), ("czech", czech_deck()),
                        ("atlasnye", atlasnye_deck())):
        for c in set(deck):
            assert resources.path("sprites", "cards", style, f"{c}.png").is_file(), (style, c)
    assert resources.path("sprites", "cards", "back.png").is_file()
    for name in ("deal", "place", "flip", "take", "shuffle", "win", "lose"):
        assert resources.path("sounds", f"{name}.wav").is_file()


def test_card_images_are_twice_the_display_size() -> None:
    from PIL import Image

    from game import resources

    with Image.open(resources.path("sprites", "cards", "atlasnye", "QS.png")) as im:
        assert im.size == (200, 280)
