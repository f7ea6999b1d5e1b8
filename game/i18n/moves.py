"""A move in plain words, cards as on their faces (never notation).

``move_words(key, move, obs)`` says what a move does, given the observation of the seat
that makes it, taken *before* the move (Durak names the attack card a defence beats,
Dudák the pile's top card).  The tables' hints ("Hint: beat the 9♠ with the J♠") and the
review screen both say moves through here; the words start in lower case, as the middle
of a sentence (``capitalised`` starts one).  ``move_cards`` gives the cards a move puts
down, for their pictures.  Pure: no arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n.core import _
from game.i18n.words import card_text, suit_name
from game.rules import GAMES, Move

__all__ = ["capitalised", "deck_style", "move_cards", "move_words"]


def deck_style(key: str) -> str:
    """The deck a game is played with ("atlasnye", "czech", "french")."""
    return GAMES[key].deck_style if key in GAMES else "french"


def _move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(str(move))


def _is_card(text: str) -> bool:
    return len(text) == 2 or text == "X"


def move_cards(key: str, move: Move | str) -> list[str]:
    """The cards a move puts down (in notation, for their pictures): none for a pass,
    a take or Dudák's trump declaration."""
    m = _move(move)
    if key == "paodekuai":
        return [c for c in m.args if _is_card(c)]
    if key == "dudak" and m.kind == "declare":
        return []
    if key in ("durak", "dudak", "autobus"):
        return [m.args[0]] if m.args and _is_card(m.args[0]) else []
    return [c for c in m.args if _is_card(c)]


def _durak(m: Move, obs: Mapping[str, Any], card: Any) -> str:
    if m.kind == "attack":
        return _("attack with the {card}").format(card=card(m.args[0]))
    if m.kind == "defend":
        beaten = next((a for a, d in obs.get("table", ()) if d is None), None)
        return _("beat the {attack} with the {card}").format(
            attack=card(beaten) if beaten else "", card=card(m.args[0]))
    if m.kind == "take":
        return _("take the cards")
    return _("stop the attack")


def _dudak(m: Move, obs: Mapping[str, Any], card: Any) -> str:
    if m.kind == "declare":
        return _("declare {suit} as trump").format(suit=suit_name(m.args[0], "czech"))
    named = card(m.args[0]) if m.args else ""
    pile = obs.get("pile") or []
    if m.kind == "lead":
        return _("lead the {card}").format(card=named)
    if m.kind == "beat":
        return _("beat the {top} with the {card}").format(
            top=card(pile[-1]) if pile else "", card=named)
    if m.kind == "follow":
        return _("put the {card} on the pile").format(card=named)
    if m.kind == "collect":
        return _("collect the top card")
    return _("take the pile")


def _autobus(m: Move, obs: Mapping[str, Any], card: Any, own: bool = True) -> str:
    named = card(m.args[0]) if m.args else ""
    if m.kind == "play":
        target = str(m.args[2])
        if target == "new":
            return _("start a new run with the {card}").format(card=named)
        return _("play the {card} onto run {n}").format(card=named, n=target[3:])
    if m.kind == "discard":
        said = (_("put the {card} on your side pile {n}") if own
                else _("put the {card} on side pile {n}"))
        return said.format(card=named, n=str(m.args[1])[3:4])
    if m.kind == "bus":
        return _("put the {card} under the bus").format(card=named)
    return _("end your turn") if own else _("end the turn")


def _paodekuai(m: Move, obs: Mapping[str, Any], card: Any) -> str:
    if m.kind == "pass":
        return _("pass")
    return _("play {cards}").format(cards=" ".join(str(card(c)) for c in m.args))


_SAYERS = {"durak": _durak, "dudak": _dudak, "autobus": _autobus, "paodekuai": _paodekuai}


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

    say = _SAYERS.get(key)
    if say is _autobus:
        return _autobus(m, obs or {}, card, own)
    if say is not None:
        return say(m, obs or {}, card)
    cards = [str(card(c)) for c in m.args if _is_card(c)]
    return ", ".join(cards) if cards else str(m.kind)


def capitalised(text: str) -> str:
    """The words as the start of a sentence (the first letter in upper case)."""
    return text[:1].upper() + text[1:]
