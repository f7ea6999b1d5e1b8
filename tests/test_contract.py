"""The engine contract's shape: registry, purity, notation and the PRNG."""
from __future__ import annotations

import subprocess
import sys

import pytest

from game.cards import (
    Card,
    NotationError,
    atlasnye_deck,
    czech_deck,
    format_card,
    french_deck,
    parse_card,
)
from game.rules import GAMES, IllegalMove, Move, Rng


def test_registry_names_the_games() -> None:
    assert "durak" in GAMES
    for key, cls in GAMES.items():
        assert cls.key == key


def test_importing_rules_and_ai_does_not_import_arcade_or_pyglet() -> None:
    code = ("import sys; from game.rules import GAMES; import game.ai; import game.sim; "
            "print(GAMES['durak'].new(seed=1).legal_moves()); "
            "bad=[m for m in sys.modules if m.split('.')[0] in ('arcade','pyglet')]; "
            "assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "attack" in out.stdout


def test_illegal_move_is_a_value_error_with_its_rule() -> None:
    e = IllegalMove("DUR-4", "7S does not beat 9S")
    assert isinstance(e, ValueError)
    assert str(e) == "DUR-4: 7S does not beat 9S" and e.rule == "DUR-4"


def test_card_notation_both_ways() -> None:
    assert parse_card("ts") == "TS"
    assert str(Card.parse("UH", "czech")) == "UH"
    assert Card.parse("UH", "czech").name == "Unter of hearts"
    assert Card.parse("7A", "czech").name == "7 of acorns"
    assert Card.parse("X").is_joker and str(Card.parse("X")) == "X"
    assert format_card("TD") == "10♦"
    assert Card.parse("QS", "atlasnye").label == "Д"
    assert Card.parse("AS", "atlasnye").label == "Т"


@pytest.mark.parametrize("text,words", [
    ("1Z", "rank '1' is not one of"), ("1Z", "suit 'Z' is not one of"),
    ("10H", "two characters"), ("", "two characters"), ("QZ", "suit 'Z'"),
])
def test_bad_card_text_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert words in str(info.value)


def test_czech_notation_rejects_french_ranks() -> None:
    with pytest.raises(NotationError, match="rank 'J'"):
        parse_card("JH", "czech")
    with pytest.raises(NotationError, match="suit 'S'"):
        parse_card("7S", "czech")


def test_decks_have_the_right_cards() -> None:
    assert len(set(french_deck())) == 52 and french_deck(jokers=2).count("X") == 2
    assert len(set(czech_deck())) == 32 and "UH" in czech_deck() and "TA" in czech_deck()
    assert len(set(atlasnye_deck())) == 36 and "6S" in atlasnye_deck()
    assert "5S" not in atlasnye_deck()


def test_move_notation_round_trip() -> None:
    m = Move.parse("  ATTACK   7H ")
    assert m == Move("attack", ("7H",)) and str(m) == "attack 7H"
    assert eval(repr(m), {"Move": Move}) == m
    with pytest.raises(NotationError):
        Move.parse("   ")


def test_prng_sequence_is_fixed() -> None:
    """A golden sequence: if this changes, every saved deal would replay differently."""
    r = Rng(1)
    assert hex(Rng(0).next64()) == "0xe220a8397b1dcdaf"  # the reference SplitMix64
    assert [r.below(100) for _ in range(8)] == [65, 19, 90, 35, 61, 48, 45, 33]
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
