"""Pao De Kuai's plays said by their shapes (game/games/paodekuai/words.py): every shape
of PDK-5 and PDK-6 named as players say it, the engine's own classifier deciding which
(a single by its card, a pair, three of a kind and a bomb by their rank, a straight and a
run of pairs by their ends); in every language, with the shape's glossary word, the
ranks translated and no notation.  Pure: no window."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n
from game.games.paodekuai.rules import classify
from game.i18n.moves import move_words
from game.i18n.vocabulary import glossary
from game.rules import GAMES, Move

from .test_review_view import NOTATION

#: (move, observation before it, its words)
SHAPES = [
    ("play 7S", {}, "7♠"),                                         # PDK-5 single
    ("play 2S", {}, "2♠"),
    ("play 9S 9H", {}, "pair of nines"),                           # PDK-5 pair
    ("play TD TC", {}, "pair of tens"),
    ("play 9S 9H 9D", {}, "three nines"),                          # PDK-5 triple
    ("play QS QH QD", {}, "three queens"),
    ("play 7S 8H 9D TC JS", {}, "straight 7–J"),                   # PDK-5 straight
    ("play JS 7S 9D 8H TC", {}, "straight 7–J"),                   # in any order
    ("play 3H 4S 5S 6S 7S 8S 9S TS JS QS KS AS", {}, "straight 3–A"),
    ("play 5S 5H 6S 6H 7D 7C", {}, "run of pairs 5–7"),            # PDK-5 run of pairs
    ("play KS KH AS AD", {}, "run of pairs K–A"),
    ("play 8S 8H 8D 8C", {}, "bomb: four eights"),                 # PDK-6 bombs
    ("play AS AC AD", {}, "bomb: three aces"),
    ("play 3H 3S 3D 3C", {"opening": True}, "heavenly bomb: four threes"),
    ("play 3H 3S 3D 3C", {"opening": False}, "bomb: four threes"),
    ("pass", {}, "pass"),
]
#: a shape's kind -> the glossary term its words carry in every language
TERMS = {"pair": "pair", "straight": "straight", "pairs": "run_of_pairs", "bomb": "bomb"}
#: a shape's kind -> how its English words begin
STARTS = {"pair": "pair of ", "triple": "three ", "straight": "straight ",
          "pairs": "run of pairs ", "bomb": ("bomb: ", "heavenly bomb: ")}


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("move, obs, words", SHAPES)
def test_each_shape_is_said_as_players_say_it(move: str, obs: dict[str, Any],
                                              words: str) -> None:
    assert move_words("paodekuai", move, obs) == words
    assert move_words("paodekuai", Move.parse(move), obs) == words


def test_a_set_of_cards_that_is_no_shape_is_said_card_by_card() -> None:
    assert move_words("paodekuai", "play 3S 5S") == "play 3♠ 5♠"


def test_every_legal_play_of_real_deals_is_named_by_its_engine_shape() -> None:
    """Every legal move of the first moves of some deals: its words begin as its shape
    (the engine's classify) is said, a single is its card, and no notation shows."""
    seen: set[str] = set()
    for seed in range(6):
        g = GAMES["paodekuai"].new(seed=seed)
        for _ in range(40):
            if g.is_over:
                break
            obs = g.observation(g.current_player or 0)
            for m in g.legal_moves():
                said = move_words("paodekuai", m, obs)
                assert not NOTATION.search(said), said
                if m.kind == "pass":
                    assert said == "pass"
                    continue
                shape = classify(list(m.args), bool(obs["opening"]))
                assert shape is not None
                seen.add(shape.kind)
                if shape.kind == "single":
                    assert len(said) <= 3 and said[-1] in "♠♥♦♣", said
                else:
                    assert said.startswith(STARTS[shape.kind]), (m, said)
            g.play(g.legal_moves()[-1])
    assert seen >= {"single", "pair", "triple", "straight", "pairs"}, seen


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != "en"])
def test_every_language_names_the_shapes_in_its_own_words(lang: None, code: str) -> None:
    english = {move: words for move, _obs, words in SHAPES}
    i18n.set_language(code)
    terms = glossary(code).terms
    for move, obs, _words in SHAPES:
        said = move_words("paodekuai", move, obs)
        assert said and "{" not in said and not NOTATION.search(said), (code, said)
        m = Move.parse(move)
        shape = classify(list(m.args), bool(obs.get("opening"))) if m.args else None
        if shape is None or shape.kind == "single":
            continue
        assert said != english[move], (code, said)              # translated, ranks too
        term = TERMS.get(shape.kind)
        if term is not None:
            forms = terms[term].forms
            assert any(re.search(f, said, re.IGNORECASE) for f in forms), (code, said, forms)
