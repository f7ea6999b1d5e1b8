"""Durak in words: its moves as the hint suggests them and as the log tells them, and why
its engine refuses a move.

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n.core import _, ngettext
from game.i18n.words import CardNamer, GameWords, Prompt, Refusal, first_card, said
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


def told(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = False) -> str:
    """A Durak move as the log tells it: the player's own (``own``) in the second person,
    another seat's in the third, after its name; a defence names the card it beats."""
    # TRANSLATORS: the log's words for a move, a deed and never an order.  "you ...": the
    # player's own move, a sentence of its own; the others follow a seat's name
    # ("Computer: attacks with the 7♦").  Tell them in the tense your language tells a game
    # in, the same for every move (English, German, Polish, Czech: the present; Spanish:
    # the preterite, since its present "ataca" reads as the hint's command)
    if m.kind == "attack":
        said = _("you attack with the {card}") if own else _("attacks with the {card}")
        return said.format(card=card(m.args[0]))
    if m.kind == "defend":
        beaten = next((a for a, d in obs.get("table", ()) if d is None), None)
        said = (_("you beat the {attack} with the {card}") if own
                else _("beats the {attack} with the {card}"))
        return said.format(attack=card(beaten) if beaten else "", card=card(m.args[0]))
    if m.kind == "take":
        return _("you take the cards") if own else _("takes the cards")
    return _("you stop the attack") if own else _("stops the attack")


def prompt(obs: Mapping[str, Any], legal: list[Move], card: CardNamer,
           who: Callable[[int], str], chosen: list[Move] | None = None) -> Prompt:
    """What the seat to act may do now (the status line), from its legal moves."""
    other = 1 - int(obs["seat"])
    kinds = {m.kind for m in legal}
    unbeaten = None if obs["taking"] else next((a for a, d in obs["table"] if d is None), None)
    if unbeaten is not None:
        return (said(_("Beat {card} or take").format(card=card(unbeaten)), ("defend", "take"))
                if "defend" in kinds else
                said(_("Nothing you hold beats {card}: take the cards").format(
                    card=card(unbeaten)), ("take",), ("defend",)))
    if not obs["table"]:
        return said(_("Your attack: play any card"), ("attack",))
    if "attack" not in kinds and not obs["hand"] and not obs["talon_size"]:
        # the last card is down: the bout's end is the deal's (DUR-9)
        return said(_("Your hand is empty: press Stop to end the deal"), ("stop",),
                    ("attack",))
    if obs["taking"]:
        return (said(_("{who} takes: throw in more or stop").format(who=who(other)),
                     ("attack", "stop")) if "attack" in kinds else
                said(_("{who} takes: press Stop").format(who=who(other)), ("stop",),
                     ("attack",)))
    return (said(_("Throw in a card of a rank on the table, or stop"), ("attack", "stop"))
            if "attack" in kinds else
            said(_("All beaten: press Stop"), ("stop",), ("attack",)))


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

WORDS = GameWords(say=say, told=told, cards=first_card, refusals=REFUSALS,
                  chance_caption=chance_caption, prompt=prompt)
