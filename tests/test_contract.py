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
    code = ("import sys; from game.rules import GAMES; import game.ai; import game.tools.sim; "
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


# ----- the package's shape (issue 31) --------------------------------------------------------
ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def test_rules_package_init_only_re_exports_and_lists_the_games_by_name() -> None:
    """``game/rules/__init__.py`` holds imports, ``__all__`` and the ``GAMES`` table, no
    code; the engines import the contract from ``game.rules.base`` (never the package
    they are part of), so nothing depends on the order modules are imported in."""
    import ast

    tree = ast.parse((ROOT / "game" / "rules" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        assert isinstance(node, ast.ImportFrom | ast.Assign | ast.AnnAssign) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)), \
            f"line {node.lineno}: {type(node).__name__} in a re-exporting __init__"
    engines = sorted((ROOT / "game" / "games").glob("*/rules.py"))
    for path in sorted((ROOT / "game" / "rules").glob("*.py")) + engines:
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "game.rules", f"{path.name} imports its own package"
    assert sorted(GAMES) == ["autobus", "dudak", "durak", "paodekuai"]


def test_every_name_importers_use_is_still_exported_by_game_rules() -> None:
    import game.rules as rules
    from game.rules import base, rng

    names = ["GAMES", "Event", "Game", "IllegalMove", "Move", "NotationError", "Rng",
             "StateError", "DeckError", "deal_rng", "new_seed", "split_known"]
    assert all(hasattr(rules, n) for n in names) and set(names) <= set(rules.__all__)
    assert rules.Game is base.Game and rules.Rng is rng.Rng
    assert rules.NotationError is NotationError


def test_each_constant_has_one_source() -> None:
    """``RUN_RANKS`` (BUS-5) lives in rules/autobus.py, ``JOKER`` in cards.py; nothing else
    in the game (core, tools or tables) assigns them."""
    import ast

    home = {"RUN_RANKS": "game/games/autobus/rules.py", "JOKER": "game/cards.py"}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Name) and t.id in home:
                        assert rel == home[t.id], f"{rel}:{node.lineno} redefines {t.id}"
    from game.games.autobus import heuristic as autobus_heuristic
    from game.games.autobus import plan as autobus_plan
    from game.games.autobus import rules as autobus

    assert autobus_heuristic.VALUE is autobus.VALUE is autobus_plan.VALUE


def test_next_options_are_the_new_options_of_the_following_deal() -> None:
    """``next_options(surrendered=False)`` on every engine: options ``new()`` accepts
    (Durak and Pao De Kuai have none; Autobus keeps the players, Dudák names the
    dealer, DUD-2)."""
    for key, cls in GAMES.items():
        g = cls.new(seed=3, **({"players": 3} if key == "autobus" else {}))
        for surrendered in (False, True):
            opts = g.next_options(surrendered=surrendered)
            following = cls.new(seed=4, **opts).options()
            assert {k: following[k] for k in opts} == opts
            assert set(opts) <= set(g.options())
        want = {"durak": {}, "paodekuai": {}, "autobus": {"players": 3}}
        if key in want:
            assert g.next_options() == want[key]


def test_outcomes_of_a_deal_and_of_a_result() -> None:
    """``g.outcomes()`` is a finished deal's win/loss/draw per seat as its rules decide
    (``deal_outcomes``; PDK-9: who went out), also when given that deal's own result (the
    old call form); ``Game.outcomes(result)`` on the class still reads the result alone;
    a deal that goes on has none (a ValueError, not a guess)."""
    for key, cls in GAMES.items():
        g = cls.new(seed=11)
        with pytest.raises(ValueError, match="not over"):
            g.outcomes()
        while not g.is_over:
            g.play(g.legal_moves()[0])
        res = g.result()
        assert res is not None
        got = g.outcomes()
        assert got == g.deal_outcomes() == g.outcomes(res), key
        assert len(got) == g.num_players and set(got) <= {"win", "loss", "draw"}
        assert cls.outcomes(res) == type(g).result_outcomes(res), key
        other = [-r for r in res]                    # a result not this deal's: by points
        assert g.outcomes(other) == cls.result_outcomes(other), key
