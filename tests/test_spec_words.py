"""What the words, the store, the screens, the tools and the tests ask of a game's spec
(issue 36, item 1) is there and holds together: its words load, its refusals are its own,
its rule ids, History's score, the rules tile, the players setting and the tools' table."""
from __future__ import annotations

from dataclasses import fields

import pytest

from game.games import ORDER, SPECS
from game.i18n.words import MESSAGES, SHARED, GameWords, game_words
from game.rules import Move
from game.store.settings import CHOOSING, NAMES, Settings
from game.tools.lineup import default_game, tables


@pytest.mark.parametrize("key", ORDER)
def test_a_games_words_load_and_its_refusals_are_its_own(key: str) -> None:
    spec = SPECS[key]
    words = spec.words
    assert isinstance(words, GameWords) and game_words(key) is words
    assert words.refusals and all(k.startswith(f"{key}.") for k in words.refusals)
    assert set(words.refusals) <= set(MESSAGES)


def test_messages_are_the_shared_refusals_and_every_games() -> None:
    own = [k for key in ORDER if (w := SPECS[key].words) for k in w.refusals]
    assert len(own) == len(set(own))
    assert set(MESSAGES) == set(SHARED) | set(own)
    assert len(MESSAGES) == len(SHARED) + len(own)


def test_an_unknown_game_has_no_words() -> None:
    from game.i18n.moves import move_cards, move_words

    assert game_words("poker") is None and game_words(None) is None
    assert move_words("poker", Move.parse("play 9S TS")) == "9♠, 10♠"
    assert move_cards("poker", "play 9S TS") == ["9S", "TS"]


def test_rule_prefixes_are_set_and_tell_the_games_apart() -> None:
    prefixes = [SPECS[k].rule_prefix for k in ORDER]
    assert all(p.isalpha() and p.isupper() for p in prefixes)
    assert len(set(prefixes)) == len(prefixes)


@pytest.mark.parametrize("key", ORDER)
def test_history_and_rules_fields_are_ones_the_screens_know(key: str) -> None:
    spec = SPECS[key]
    assert spec.score_shown in ("number", "signed", "outcome")
    assert 0 <= spec.average_places <= 3
    deck = set(spec.engine.full_deck(**spec.engine.new(seed=1).options()))
    assert spec.rules_fan and set(spec.rules_fan) <= deck
    if spec.surrender_count is not None:
        seen = spec.engine.new(seed=1).observation(0)[spec.surrender_count]
        assert len(seen) == spec.engine.new(seed=1).num_players


def test_the_players_setting_holds_a_count_for_each_game_with_a_choice() -> None:
    assert "players" in {f.name for f in fields(Settings)} and "players" in NAMES
    assert CHOOSING and all(len(SPECS[key].players_allowed) > 1 for key in CHOOSING)
    for key in CHOOSING:
        for n in SPECS[key].players_allowed:
            assert Settings.from_dict({"players": {key: n}}).players == {key: n}


def test_the_tools_have_one_default_table_and_open_every_game() -> None:
    assert sum(SPECS[k].tools_default for k in ORDER) == 1
    assert default_game() in ORDER
    assert {k for k, _opts in tables()} == set(ORDER)


def test_a_games_benches_load_as_commands_with_their_help() -> None:
    for key in ORDER:
        for name, command in SPECS[key].benches.items():
            assert callable(command) and name.isidentifier()
            assert (command.__doc__ or "").strip(), name


def test_a_move_a_shared_table_told_without_its_card_is_said_in_words() -> None:
    """A shared table tells another seat's move by its first word when the card is gone
    from sight (``protocol.shown_move``: a run completed and swept, a card under the bus):
    the log says it without a card instead of failing."""
    from game.i18n.moves import move_words

    key = "autobus"
    if key not in ORDER:
        pytest.skip("not in this build")
    assert move_words(key, Move("play", ()), {}, own=False) == "play a card onto a run"
    assert move_words(key, Move("bus", ()), {}, own=False) == "put a card under the bus"
