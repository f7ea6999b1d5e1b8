"""Dudák in words: its moves as the hint suggests them and as the log tells them, why its
engine refuses a move, and its review's chance (of not being the Dudák).

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n.core import _
from game.i18n.words import CardNamer, GameWords, Prompt, Refusal, first_card, said, suit_name
from game.rules.base import Move


def say(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = True) -> str:
    """A Dudák move in words; a beat names the pile's top card."""
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


def told(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = False) -> str:
    """A Dudák move as the log tells it: the player's own (``own``) in the second person,
    another seat's in the third, after its name; a beat names the pile's top card."""
    # TRANSLATORS: the log's words for a move, a deed and never an order.  "you ...": the
    # player's own move, a sentence of its own; the others follow a seat's name
    # ("Computer 2: beats the 9 of bells with the Ober of bells").  The same tense as the
    # other games' log (English, German, Polish, Czech: the present; Spanish: the
    # preterite)
    named = card(m.args[0]) if m.args else ""
    pile = obs.get("pile") or []
    if m.kind == "declare":
        said = _("you declare {suit} as trump") if own else _("declares {suit} as trump")
        return said.format(suit=suit_name(m.args[0], "czech"))
    if m.kind == "lead":
        return (_("you lead the {card}") if own else _("leads the {card}")).format(card=named)
    if m.kind == "beat":
        said = (_("you beat the {top} with the {card}") if own
                else _("beats the {top} with the {card}"))
        return said.format(top=card(pile[-1]) if pile else "", card=named)
    if m.kind == "follow":
        return (_("you put the {card} on the pile") if own
                else _("puts the {card} on the pile")).format(card=named)
    if m.kind == "collect":
        return _("you collect the top card") if own else _("collects the top card")
    return _("you take the pile") if own else _("takes the pile")


def prompt(obs: Mapping[str, Any], legal: list[Move], card: CardNamer,
           who: Callable[[int], str], chosen: list[Move] | None = None) -> Prompt:
    """What the seat to act may do now (the status line), from its legal moves."""
    kinds = {m.kind for m in legal}
    pile = obs["pile"]
    top = pile[-1] if pile else None
    if obs["phase"] == "follow":          # the engine says who is next (DUD-2, DUD-9)
        return said(_("Now put a follow-up card on the pile for {who}").format(
            who=who(obs["next_player"])), ("follow",))
    if top is None:
        p = said(_("The table is empty: lead any card"), ("lead",))
    elif obs["phase"] == "collecting":
        p = (said(_("Beat the {card} with a card you held before, collect on, or take the "
                    "pile").format(card=card(top)), ("beat", "collect", "take"))
             if "beat" in kinds else
             said(_("No card you held beats the {card}: collect on or take the pile").format(
                 card=card(top)), ("collect", "take"), ("beat",)))
    elif obs["trumps"][obs["seat"]] is not None:
        p = (said(_("Beat the {card} or take the pile").format(card=card(top)),
                  ("beat", "take")) if "beat" in kinds else
             said(_("You cannot beat the {card}: take the pile").format(card=card(top)),
                  ("take",), ("beat",)))
    elif "beat" in kinds:
        p = said(_("Beat the {card}, collect it or take the pile").format(card=card(top)),
                 ("beat", "collect", "take"))
    else:
        # no card beats it now, but a trump declared first may: any card of that suit
        # beats a card of another (DUD-5)
        free = [m.args[0] for m in legal if m.kind == "declare"]
        held = {c[1] for c in obs["hand"]}
        ways = [s for s in free if s != top[1] and s in held]
        if len(ways) == 1:
            return said(_("Declare {suit} as trump to beat the {card}, or collect it or "
                          "take the pile").format(suit=suit_name(ways[0], "czech"),
                                                  card=card(top)),
                        ("declare", "beat", "collect", "take"))
        if ways:
            return said(_("Declare a trump to beat the {card}, or collect it or take the "
                          "pile").format(card=card(top)),
                        ("declare", "beat", "collect", "take"))
        p = said(_("You cannot beat the {card}: collect it or take the pile").format(
            card=card(top)), ("collect", "take"), ("beat",))
    if "declare" in kinds:
        p = p.then(_("You may declare a trump first."), "declare")
    return p


def chance(p: str) -> str:
    # TRANSLATORS: {p} is a per cent with its sign, "62%" (as the language writes it)
    return _("{p} chance of not being the Dudák").format(p=p)


def chance_caption() -> str:
    return _("Your chance of not being the Dudák after each decision")


#: the engine's refusals: message key -> the sentence for it
REFUSALS: dict[str, Refusal] = {
    "dudak.already_declared": lambda w, r: _("You have already declared a trump."),
    "dudak.suit_taken": lambda w, r: _(
        "That suit ({suit}) is already another player's trump.").format(**w),
    "dudak.declare_timing": lambda w, r: _(
        "A trump is declared only at the start of your turn, before you do anything else."),
    "dudak.collected_this_turn": lambda w, r: _(
        "You collected {card} this turn; beat with a card you held before collecting.")
    .format(**w),
    "dudak.must_follow": lambda w, r: _("After beating, put a follow-up card on top."),
    "dudak.follow_after_beat": lambda w, r: _("A follow-up card comes only after beating."),
    "dudak.table_not_empty": lambda w, r: _(
        "The table is not empty: beat {top}, or pick up.").format(**w),
    "dudak.table_empty": lambda w, r: _("The table is empty: lead a card."),
    "dudak.trump_needs_higher": lambda w, r: _(
        "The top card, {top}, is of your trump suit ({suit}): only a higher card of that "
        "suit beats it.").format(**w),
    "dudak.no_collect_with_trump": lambda w, r: _(
        "With a trump declared you may only beat or take the whole pile."),
    "dudak.cannot_take": lambda w, r: _("Taking is not possible now."),
}

WORDS = GameWords(say=say, told=told, cards=first_card, refusals=REFUSALS, chance=chance,
                  chance_caption=chance_caption, prompt=prompt)
