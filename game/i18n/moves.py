"""A move in plain words, cards as on their faces (never notation).

``move_words(key, move, obs)`` says what a move does, given the observation of the seat
that makes it, taken *before* the move (Durak names the attack card a defence beats,
Dudák the pile's top card).  The tables' hints ("Hint: beat the 9♠ with the J♠") and the
review screen both say moves through here; the words start in lower case, as the middle
of a sentence (``capitalised`` starts one).  ``move_cards`` gives the cards a move puts
down, for their pictures.  Each game says its own moves (its package's ``words``, a
:class:`~game.i18n.words.GameWords` named by its spec).  Pure: no arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n.words import all_cards, card_text, game_words, is_card
from game.rules import GAMES, Move

__all__ = ["capitalised", "deck_style", "move_cards", "move_words"]


def deck_style(key: str) -> str:
    """The deck a game is played with ("atlasnye", "czech", "french")."""
    return GAMES[key].deck_style if key in GAMES else "french"


def _move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(str(move))


def move_cards(key: str, move: Move | str) -> list[str]:
    """The cards a move puts down (in notation, for their pictures): none for a pass,
    a take or Dudák's trump declaration."""
    words = game_words(key)
    return (words.cards if words is not None else all_cards)(_move(move))


def move_words(key: str, move: Move | str, obs: Mapping[str, Any] | None = None,
               style: str | None = None, own: bool = True) -> str:
    """``move`` of game ``key`` in plain words ("beat the 9♠ with the J♠"), from the
    observation ``obs`` of the deciding seat before the move; ``style`` is the deck the
    cards are named in (the game's own by default); ``own``: the move is the reader's
    ("your side pile"), else another seat's, told in a replay ("side pile")."""
    m = _move(move)
    deck = style or deck_style(key)

    def card(c: str) -> Any:
        return card_text(c, deck)

    words = game_words(key)
    if words is not None:
        return words.say(m, obs or {}, card, own)
    cards = [str(card(c)) for c in m.args if is_card(c)]
    return ", ".join(cards) if cards else str(m.kind)


def capitalised(text: str) -> str:
    """The words as the start of a sentence (the first letter in upper case)."""
    return text[:1].upper() + text[1:]
