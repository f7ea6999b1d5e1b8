"""Hospodský autobus in words: its moves as the hint suggests them and as the log tells
them (one's own or another seat's), and why its engine refuses a move.

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n.core import _
from game.i18n.words import (
    CardNamer,
    GameWords,
    Prompt,
    Refusal,
    first_card,
    rank_text,
    said,
)
from game.rules.base import Move


def say(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = True) -> str:
    """An Autobus move in words; ``own``: the reader's ("your side pile"), else another
    seat's ("side pile")."""
    named = card(m.args[0]) if m.args else ""
    if m.kind == "play" and len(m.args) < 3:   # (a shared table hid the card: it is gone)
        return _("play a card onto a run")
    if m.kind == "bus" and not named:
        return _("put a card under the bus")
    if m.kind == "play":
        target = str(m.args[2])
        if target == "new":
            return _("start a new run with the {card}").format(card=named)
        return _("play the {card} onto run {n}").format(card=named, n=target[3:])
    if m.kind == "discard":
        rank = str(m.args[1]).partition("=")[2]
        if rank:                # a joker onto an empty space: the rank it takes
            said = (_("put the {card} on your side pile {n} as rank {rank}") if own
                    else _("put the {card} on side pile {n} as rank {rank}"))
            return said.format(card=named, n=str(m.args[1])[3:4], rank=rank_text(rank))
        said = (_("put the {card} on your side pile {n}") if own
                else _("put the {card} on side pile {n}"))
        return said.format(card=named, n=str(m.args[1])[3:4])
    if m.kind == "bus":
        return _("put the {card} under the bus").format(card=named)
    return _("end your turn") if own else _("end the turn")


def told(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = False) -> str:
    """An Autobus move as the log tells it: the player's own (``own``) in the second
    person, another seat's in the third, after its name.  A shared table may hide the
    card (a run completed and swept, a card under the bus): then no card is named."""
    # TRANSLATORS: the log's words for a move, a deed and never an order.  "you ...": the
    # player's own move, a sentence of its own; the others follow a seat's name
    # ("Computer 1: plays the Q♣ onto run 1").  The same tense as the other games' log
    # (English, German, Polish, Czech: the present; Spanish: the preterite)
    named = card(m.args[0]) if m.args else ""
    if m.kind == "play" and len(m.args) < 3:
        return _("you play a card onto a run") if own else _("plays a card onto a run")
    if m.kind == "bus" and not named:
        return _("you put a card under the bus") if own else _("puts a card under the bus")
    if m.kind == "play":
        target = str(m.args[2])
        if target == "new":
            return (_("you start a new run with the {card}") if own
                    else _("starts a new run with the {card}")).format(card=named)
        return (_("you play the {card} onto run {n}") if own
                else _("plays the {card} onto run {n}")).format(card=named, n=target[3:])
    if m.kind == "discard":
        rank = str(m.args[1]).partition("=")[2]
        if rank:
            return (_("you put the {card} on your side pile {n} as rank {rank}") if own
                    else _("puts the {card} on side pile {n} as rank {rank}")).format(
                        card=named, n=str(m.args[1])[3:4], rank=rank_text(rank))
        return (_("you put the {card} on your side pile {n}") if own
                else _("puts the {card} on side pile {n}")).format(
                    card=named, n=str(m.args[1])[3:4])
    if m.kind == "bus":
        return (_("you put the {card} under the bus") if own
                else _("puts the {card} under the bus")).format(card=named)
    return _("you end your turn") if own else _("ends the turn")


def brief(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = False) -> str:
    """A move in the fewest words, for a computer's newest play beside its name: the
    card and where it went ("8♥ on side pile 2")."""
    # TRANSLATORS: a computer's newest play in a few words, shown beside its name on
    # the table (no verb needed: "8♥ onto run 2", "J♠ on side pile 3")
    named = card(m.args[0]) if m.args else ""
    if m.kind == "play" and (len(m.args) < 3 or not named):
        return _("a card onto a run")
    if m.kind == "bus" and not named:
        return _("a card under the bus")
    if m.kind == "play":
        target = str(m.args[2])
        if target == "new":
            return _("{card} starts a new run").format(card=named)
        return _("{card} onto run {n}").format(card=named, n=target[3:])
    if m.kind == "discard":
        return _("{card} on side pile {n}").format(card=named, n=str(m.args[1])[3:4])
    if m.kind == "bus":
        return _("{card} under the bus").format(card=named)
    return _("turn ended")


#: the engine's refusals: message key -> the sentence for it
REFUSALS: dict[str, Refusal] = {
    "autobus.end_needs_discard": lambda w, r: _(
        "End your turn by discarding a card from your hand onto a side pile; you may "
        "end without discarding only when your hand is empty."),
    "autobus.not_top": lambda w, r: (
        _("Only the top card of a pile can be played ({source}: {top} is on top, not "
          "{card}).").format(**w) if r.get("top") else
        _("There is nothing to play there ({source} is empty).").format(**w)),
    "autobus.new_run_needs_ace": lambda w, r: (
        _("{card} fits no run now: the runs need {ranks}, and only an ace or a joker starts "
          "a new one.").format(**w) if r.get("ranks") else
        _("Only an ace or a joker starts a new run, not {card}.").format(**w)),
    "autobus.no_such_run": lambda w, r: _("There is no open run there."),
    "autobus.run_needs": lambda w, r: _(
        "That run needs {rank} next, not {card}.").format(**w),
    "autobus.discard_not_in_hand": lambda w, r: _(
        "You do not hold {card}; only cards from your hand are discarded.").format(**w),
    "autobus.joker_never_bus": lambda w, r: _(
        "A joker fits any side pile, so it never goes under the bus."),
    "autobus.fits_aux": lambda w, r: _(
        "You can put {card} on one of your side piles; only a card that fits none goes "
        "under the bus.").format(**w),
    "autobus.only_joker_named": lambda w, r: _(
        "Only a joker is given a rank on a side pile."),
    "autobus.name_joker_rank": lambda w, r: _(
        "Choose which rank the joker stands for on the empty side pile {pile}.")
    .format(**w),
    "autobus.joker_takes_rank": lambda w, r: _(
        "Side pile {pile} already has its rank ({rank}); the joker takes that rank.")
    .format(**w),
    "autobus.wrong_aux": lambda w, r: _(
        "Side pile {pile} takes only the rank {rank}; {card} does not belong there.")
    .format(**w),
}

def prompt(obs: Mapping[str, Any], legal: list[Move], card: CardNamer,
           who: Callable[[int], str], chosen: list[Move] | None = None) -> Prompt:
    """What the seat to act may do now (the status line), from its legal moves; with a
    card chosen (``chosen``: its legal moves) that may go under the bus, that card's
    own options."""
    kinds = {m.kind for m in legal}
    mine = {m.kind for m in chosen or []}
    if chosen and "bus" in mine:
        named = card(chosen[0].args[0])
        goals = {str(m.args[2]) for m in chosen if m.kind == "play"}
        if goals - {"new"}:
            return said(_("{card} fits none of your side piles: play it onto a run, or put "
                          "it under the bus").format(card=named), ("play", "bus"),
                        ("discard",))
        if goals:               # an ace or a joker: it fits no run, it starts one
            return said(_("{card} fits none of your side piles: start a new run with it, "
                          "or put it under the bus").format(card=named), ("play", "bus"),
                        ("discard",))
        return said(_("{card} fits no run and none of your side piles: put it under the "
                      "bus").format(card=named), ("bus",), ("play", "discard"))
    if "end" in kinds:
        return (said(_("Your hand is empty: play from your reserve or piles, or end your "
                       "turn"), ("play", "end")) if "play" in kinds else
                said(_("Nothing more to play: end your turn"), ("end",), ("play",)))
    if "play" in kinds:
        return (said(_("Play onto the runs, then put a hand card onto a side pile"),
                     ("play", "discard")) if "discard" in kinds else
                said(_("Play onto the runs, then put a hand card under the bus"),
                     ("play", "bus"), ("discard",)))
    if "discard" in kinds:
        return said(_("No card fits a run: put a hand card onto a side pile"), ("discard",),
                    ("play",))
    return said(_("No hand card fits your side piles: drag one onto your reserve, or press "
                  "Under the bus"), ("bus",), ("play", "discard"))


WORDS = GameWords(say=say, told=told, cards=first_card, refusals=REFUSALS, prompt=prompt,
                  whole_turns=True, brief=brief)
