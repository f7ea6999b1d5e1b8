"""A move in plain words, cards as on their faces (never notation), in two voices.

``move_words(key, move, obs)`` is the hint's voice: what the player could do, as a
suggestion ("Hint: beat the 9♠ with the J♠"; the review's "the computer's move", the
quiz).  ``move_told(key, move, obs, own=...)`` is the log's voice: what a seat did, a
deed and never an order: another seat's move in the third person, to follow its name
("Computer 1: beats the 9♠ with the J♠"), the player's own in the second person, a clause
of its own ("You beat the 9♠ with the J♠"); each language tells a game in its own tense
(the catalogs' translator comments say which).  ``told_line`` puts a seat's name to it:
the log, the seats' last plays, the replay and the review's "your move" speak so.

Both take the observation of the seat that makes the move, *before* the move (Durak
names the attack card a defence beats, Dudák the pile's top card); the words start in
lower case, as the middle of a sentence (``capitalised`` starts one).  ``move_cards``
gives the cards a move puts down, for their pictures.  Each game says its own moves (its
package's ``words``, a :class:`~game.i18n.words.GameWords` named by its spec).  Pure: no
arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n.core import _
from game.i18n.words import CardNamer, all_cards, card_text, game_words, is_card
from game.rules import GAMES, Move

__all__ = ["capitalised", "deck_style", "move_cards", "move_told", "move_words", "told_line"]


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
    card = _namer(key, style)
    words = game_words(key)
    if words is not None:
        return words.say(m, obs or {}, card, own)
    return _bare(m, card)


def move_told(key: str, move: Move | str, obs: Mapping[str, Any] | None = None,
              style: str | None = None, own: bool = False) -> str:
    """``move`` as the log tells it: another seat's (``own`` False) in the third person,
    to follow its name ("beats the 9♠ with the J♠"); the player's own in the second
    person, a clause of its own ("you beat the 9♠ with the J♠").  From the observation
    ``obs`` of the deciding seat before the move, as :func:`move_words`."""
    m = _move(move)
    card = _namer(key, style)
    words = game_words(key)
    if words is not None and words.told is not None:
        return words.told(m, obs or {}, card, own)
    if words is not None:
        return words.say(m, obs or {}, card, own)
    return _bare(m, card)


def move_brief(key: str, move: Move | str, obs: Mapping[str, Any] | None = None,
               style: str | None = None, own: bool = False) -> str | None:
    """``move`` in the fewest words (``GameWords.brief``: "8♥ on side pile 2"), or None
    where the game has no such words."""
    words = game_words(key)
    if words is None or words.brief is None:
        return None
    return words.brief(_move(move), obs or {}, _namer(key, style), own)


def told_line(who: str, told: str, own: bool) -> str:
    """A line of the log: the player's own move as it is told, a sentence of its own
    ("You beat the 9♠ with the J♠"); another seat's after its name ("Computer 1: beats
    the 9♠ with the J♠")."""
    if own:
        return capitalised(told)
    return _("{who}: {move}").format(who=who, move=told)


def _namer(key: str, style: str | None) -> CardNamer:
    deck = style or deck_style(key)

    def card(c: str) -> Any:
        return card_text(c, deck)

    return card


def _bare(m: Move, card: CardNamer) -> str:
    """A move of a game we do not know: its cards, else its kind."""
    cards = [str(card(c)) for c in m.args if is_card(c)]
    return ", ".join(cards) if cards else str(m.kind)


def capitalised(text: str) -> str:
    """The words as the start of a sentence (the first letter in upper case)."""
    return text[:1].upper() + text[1:]
