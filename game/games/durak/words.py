"""Durak in words: its moves as a player says them, and why its engine refuses a move.

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n.core import _, ngettext
from game.i18n.words import CardNamer, GameWords, Refusal, first_card
from game.rules.base import Move


def say(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = True) -> str:
    """A Durak move in words; a defence names the attack card it beats."""
    if m.kind == "attack":
        return _("attack with the {card}").format(card=card(m.args[0]))
    if m.kind == "defend":
        beaten = next((a for a, d in obs.get("table", ()) if d is None), None)
        return _("beat the {attack} with the {card}").format(
            attack=card(beaten) if beaten else "", card=card(m.args[0]))
    if m.kind == "take":
        return _("take the cards")
    return _("stop the attack")


def chance_caption() -> str:
    return _("Your chance to win after each decision (a draw counts as half a win)")


#: the engine's refusals: message key -> the sentence for it
REFUSALS: dict[str, Refusal] = {
    "durak.not_in_deck": lambda w, r: _(
        "The Durak deck has no {card}: it has 36 cards, six to ace.").format(**w),
    "durak.beat_or_take": lambda w, r: _(
        "You must beat {target} or take the cards.").format(**w),
    "durak.nothing_to_defend": lambda w, r: _("There is no unbeaten attack card to beat."),
    "durak.take_only_defender": lambda w, r: _(
        "Only the defender facing an unbeaten attack card can take."),
    "durak.stop_before_start": lambda w, r: _(
        "A bout cannot be ended before it has begun."),
    "durak.attack_limit": lambda w, r: ngettext(
        "This bout already holds {n} attack card, its limit.",
        "This bout already holds {n} attack cards, its limit.", int(r.get("n", 0)))
    .format(**w),
    "durak.not_matching": lambda w, r: _(
        "You can only add a card whose rank is already on the table ({ranks}).").format(**w),
}

WORDS = GameWords(say=say, cards=first_card, refusals=REFUSALS, chance_caption=chance_caption)
