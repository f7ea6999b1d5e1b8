"""Settings key by key (issue 27): one wrong or out-of-range value in settings.json resets
that setting alone and the message says which; a language we do not have falls back to the
system's; keys of a newer version are kept and written back."""
from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest

from game import i18n
from game.store import settings

#: every setting away from its default, so that a reset shows
CHOSEN = settings.Settings(
    volume=0.25, muted=True, animation_scale=0.5, dim_illegal=False, fullscreen=True,
    language="de", levels={"durak": "hard"}, players={"autobus": 3}, opponent_pace=2.0,
    card_scale=1.2, four_colour=True, allow_assist=False, look_contrast=0.1,
    look_grain=0.9, look_warmth=0.3)
#: for each setting, values that are wrong for it (a type, a range, a language)
WRONG: dict[str, list[Any]] = {
    "volume": ["loud", 5, -0.1, [0.4], None, True],
    "muted": [0, "yes", None],
    "animation_scale": [-1, 99.0, "fast"],
    "dim_illegal": [1, "true"],
    "fullscreen": [0.0, []],
    "language": ["xx", "../../etc/passwd", "/tmp/x", 3, "x" * 500],
    "levels": [["hard"], {"durak": 3}, "hard", {"durak": "x" * 100}],
    "players": ["4", [3], None, {"autobus": 9}, {"autobus": 1}, {"autobus": 3.5},
                {"autobus": "4"}, {"autobus": True}],
    "opponent_pace": [-2, 7, "slow"],
    "card_scale": [3, 0.1, None],
    "four_colour": [1, "no"],
    "allow_assist": ["on", 1],
    "look_contrast": [2, -1, "max"],
    "look_grain": [1.5, {}],
    "look_warmth": [-0.5, "warm"],
}


def test_every_setting_has_wrong_values_here() -> None:
    names = {f.name for f in fields(settings.Settings) if f.name != "extra"}
    assert names == set(WRONG) == set(settings.NAMES)
    assert all(CHOSEN.to_dict()[n] != getattr(settings.Settings(), n) for n in names)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_value_resets_that_setting_alone(name: str) -> None:
    default = settings.Settings()
    for bad in WRONG[name]:
        d = CHOSEN.to_dict() | {name: bad}
        raw = json.dumps(d).encode()
        settings.path().write_bytes(raw)
        s, msg = settings.load()
        assert getattr(s, name) == getattr(default, name), (name, bad)
        for other in WRONG:
            if other != name:
                assert getattr(s, other) == getattr(CHOSEN, other), (name, bad, other)
        assert msg and "back to their defaults" in msg, (name, bad)
        assert i18n._(settings.NAMES[name]).split(" {")[0] in msg
        assert "could not be read" not in msg
        assert settings.path().read_bytes() == raw          # loading writes nothing
        assert not list(settings.path().parent.glob("settings.json.damaged-*"))


def test_two_wrong_values_name_both_and_keep_the_rest() -> None:
    d = CHOSEN.to_dict() | {"volume": "loud", "language": "xx"}
    settings.path().write_text(json.dumps(d))
    s, msg = settings.load()
    assert (s.volume, s.language) == (0.7, "")
    assert s.card_scale == 1.2 and s.levels == {"durak": "hard"}
    assert msg and "Volume" in msg and "Language" in msg


def test_an_unknown_language_falls_back_to_the_systems(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "pl")
    settings.path().write_text(json.dumps({"language": "xx"}))
    s, msg = settings.load()
    assert s.language == "" and msg
    assert i18n.initial_language(s.language or None) == "pl"
    assert settings.save(s)
    assert json.loads(settings.path().read_text())["language"] == ""   # never saved back


def test_keys_of_a_newer_version_are_kept_and_written_back() -> None:
    d = CHOSEN.to_dict() | {"future_option": {"x": [1, 2]}, "theme": "dark"}
    settings.path().write_text(json.dumps(d))
    s, msg = settings.load()
    assert msg is None and s == CHOSEN
    s.volume = 0.5
    assert settings.save(s)
    back = json.loads(settings.path().read_text())
    assert back["future_option"] == {"x": [1, 2]} and back["theme"] == "dark"
    assert back["volume"] == 0.5
    s2, _ = settings.load()
    assert s2.extra == {"future_option": {"x": [1, 2]}, "theme": "dark"}


def test_a_file_that_does_not_read_is_still_kept_aside_whole() -> None:
    raw = b'{"volume": 0.3, "muted": tru'
    settings.path().write_bytes(raw)
    s, msg = settings.load()
    assert s == settings.Settings() and msg and "could not be read" in msg
    assert settings.path().with_name("settings.json.damaged-1").read_bytes() == raw


def test_the_second_start_reads_the_language_without_touching_the_file() -> None:
    settings.path().write_text(json.dumps({"language": "cs", "volume": "loud"}))
    assert settings.peek_language() == "cs"
    settings.path().write_text(json.dumps({"language": "../x"}))
    assert settings.peek_language() == ""
    settings.path().write_text("{broken")
    assert settings.peek_language() == ""
    assert settings.path().read_text() == "{broken"           # nothing kept aside
    assert not list(settings.path().parent.glob("*.damaged-*"))


# ----- the older files: a game's count of players as a key of its own --------------------------
def test_an_older_files_count_of_players_moves_into_the_per_game_map() -> None:
    """A settings file from before the per-game map (``autobus_players``) loads with its
    count kept, says nothing, and is written back in the new shape."""
    old = CHOSEN.to_dict()
    del old["players"]
    old["autobus_players"] = 2
    settings.path().write_text(json.dumps(old))
    s, msg = settings.load()
    assert msg is None and s.players == {"autobus": 2}
    assert "autobus_players" not in s.extra and "autobus_players" not in s.to_dict()
    assert all(getattr(s, n) == getattr(CHOSEN, n) for n in WRONG if n != "players")
    assert settings.Settings.from_dict(old).players == {"autobus": 2}
    settings.save(s)
    again = json.loads(settings.path().read_text())
    assert again["players"] == {"autobus": 2} and "autobus_players" not in again


def test_an_older_files_wrong_count_is_reset_alone_and_named() -> None:
    old = CHOSEN.to_dict() | {"autobus_players": 9}
    del old["players"]
    settings.path().write_text(json.dumps(old))
    s, msg = settings.load()
    assert s.players == {} and s.volume == CHOSEN.volume
    assert msg and "Players in" in msg and "autobus" in msg


def test_a_newer_files_count_for_another_game_is_kept() -> None:
    s = settings.Settings.from_dict({"players": {"autobus": 3, "newgame": 5}})
    assert s.players == {"autobus": 3, "newgame": 5}
