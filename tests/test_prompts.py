"""The status line's sentence is true: on every decision of random deals, what each
game's ``prompt`` offers is legal, what it says cannot be done is not, and every way open
to the seat is named (Dudák: declaring a trump that lets a card beat counts as a way to
beat).  Engine-level and fast: no window (the words builder is pure)."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game.i18n.words import Prompt, card_text, game_words
from game.rules import GAMES, Game, Move

DEALS = 200
#: decisions checked per deal at most (Autobus deals run long)
DECISIONS = 300
CASES = ["durak", "paodekuai", "dudak", "autobus"]
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC]|[789TUOKA][LHBA])\b")


def facts(g: Game, legal: list[Move]) -> set[str]:
    """What the seat to act may do, from the engine alone."""
    kinds = {m.kind for m in legal}
    if g.key == "dudak" and "declare" in kinds and "beat" not in kinds:
        seat = g.current_player
        for m in legal:
            if m.kind != "declare":
                continue
            after = g.clone()
            after.play(m)
            if after.current_player == seat and any(n.kind == "beat"
                                                    for n in after.legal_moves()):
                kinds.add("beat")           # declaring that trump lets a card beat
    return kinds


def check(key: str, p: Prompt, known: set[str], where: str,
          whole: bool = True) -> None:
    assert p.text.strip(), where
    assert not NOTATION.search(p.text), (p.text, where)
    assert p.offers, (p.text, where)
    assert p.offers <= known, (p.text, sorted(p.offers - known), where)
    assert not p.denies & known, (p.text, sorted(p.denies & known), where)
    if not whole:
        return
    if key == "autobus":                # every way on, and a way to end the turn
        named = {"play", "end"} & known
        assert named <= p.offers, (p.text, sorted(named - p.offers), where)
        assert p.offers & {"discard", "bus", "end"}, (p.text, where)
    else:
        assert known <= p.offers, (p.text, sorted(known - p.offers), where)


def chosen_sets(legal: list[Move]) -> list[list[Move]]:
    """Autobus: the legal moves of each hand card that may go under the bus (the
    sentence then speaks of that card)."""
    out = []
    for card in sorted({str(m.args[0]) for m in legal if m.kind == "bus"}):
        out.append([m for m in legal if m.args and m.args[0] == card
                    and (m.kind != "play" or m.args[1] == "hand")])
    return out


@pytest.mark.parametrize("key", CASES)
def test_the_status_sentence_matches_the_legal_moves(key: str) -> None:
    words = game_words(key)
    assert words is not None and words.prompt is not None
    style = "czech" if key == "dudak" else "french"

    def card(c: str) -> Any:
        return card_text(c, style)

    def who(seat: int) -> str:
        return f"Seat {seat}"

    seen: set[str] = set()
    for n in range(DEALS):
        r = random.Random(n)
        options = {"players": 2 + n % 3} if key == "autobus" else {}
        g = GAMES[key].new(seed=50_000 + n, **options)
        for step in range(DECISIONS):
            if g.is_over:
                break
            seat = g.current_player
            assert seat is not None
            legal = g.legal_moves()
            obs = g.observation(seat)
            known = facts(g, legal)
            where = f"{key} deal {50_000 + n} decision {step}"
            p = words.prompt(obs, legal, card, who, [])
            check(key, p, known, where)
            seen.add(p.text.split("\n")[0].split(":")[0])
            if key == "autobus":
                for chosen in chosen_sets(legal):
                    check(key, words.prompt(obs, legal, card, who, chosen),
                          {m.kind for m in chosen}, where + f" {chosen[0].args[0]}",
                          whole=False)
            g.play(r.choice(legal))
    assert len(seen) >= 3, seen          # the deals reached several kinds of decision
