"""Pao De Kuai in words: its moves as the hint suggests them and as the log tells them,
and why its engine refuses a move.

A play is named by its shape, as players say it, the engine's own ``classify`` telling
which: a single by its card ("7♠"), a pair, three of a kind and a bomb by their rank
("pair of nines", "three nines", "bomb: four eights", "bomb: three aces", "heavenly
bomb: four threes"), a straight and a run of pairs by their ends ("straight 7–J", "run of
pairs 5–7"): the suits of those decide nothing (PDK-4, PDK-7).  The rules allow no
attachments (PDK-5), so no play has kickers to name.

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.cards import SUIT_SYMBOLS
from game.games.paodekuai.rules import AAA_BOMB, HEAVENLY, ORDER, classify
from game.i18n.core import N_, _, pgettext
from game.i18n.words import CardNamer, GameWords, Prompt, Refusal, all_cards, said
from game.rules.base import Move

#: shape names as a player reads them
SHAPES = {"single": N_("a single"), "pair": N_("a pair"), "triple": N_("three of a kind"),
          "straight": N_("a straight of {n}"), "pairs": N_("{n} pairs in a row"),
          "bomb": N_("a bomb"), "three-ace bomb": N_("the three-ace bomb"),
          "heavenly bomb": N_("the heavenly bomb")}


def shape_words(shape: Mapping[str, Any] | None) -> str:
    """The shape of a play on the table, as players say it ("a pair", "a straight of
    5")."""
    if not shape:
        return ""
    name = str(shape.get("name", ""))
    if name in SHAPES:
        return _(SHAPES[name])
    kind = str(shape["kind"])
    n = int(shape["size"]) // (2 if kind == "pairs" else 1)
    return _(SHAPES.get(kind, kind)).format(n=n)


def ranks_after_of(rank: str) -> str:
    """A rank in the plural, as "pair of ..." takes it ("nines")."""
    # TRANSLATORS: a rank in the plural after "pair of" (Czech, Polish: the genitive
    # plural, "pár devítek", "para dziewiątek")
    return {
        "3": pgettext("ranks after 'pair of'", "threes"),
        "4": pgettext("ranks after 'pair of'", "fours"),
        "5": pgettext("ranks after 'pair of'", "fives"),
        "6": pgettext("ranks after 'pair of'", "sixes"),
        "7": pgettext("ranks after 'pair of'", "sevens"),
        "8": pgettext("ranks after 'pair of'", "eights"),
        "9": pgettext("ranks after 'pair of'", "nines"),
        "T": pgettext("ranks after 'pair of'", "tens"),
        "J": pgettext("ranks after 'pair of'", "jacks"),
        "Q": pgettext("ranks after 'pair of'", "queens"),
        "K": pgettext("ranks after 'pair of'", "kings"),
        "A": pgettext("ranks after 'pair of'", "aces"),
        "2": pgettext("ranks after 'pair of'", "twos"),
    }[rank]


def ranks_counted(rank: str) -> str:
    """A rank in the plural, as "three ..." and "four ..." take it ("nines")."""
    # TRANSLATORS: a rank in the plural after the number three or four (Czech, Polish:
    # the nominative plural, "tři devítky", "cztery ósemki")
    return {
        "3": pgettext("ranks after three or four", "threes"),
        "4": pgettext("ranks after three or four", "fours"),
        "5": pgettext("ranks after three or four", "fives"),
        "6": pgettext("ranks after three or four", "sixes"),
        "7": pgettext("ranks after three or four", "sevens"),
        "8": pgettext("ranks after three or four", "eights"),
        "9": pgettext("ranks after three or four", "nines"),
        "T": pgettext("ranks after three or four", "tens"),
        "J": pgettext("ranks after three or four", "jacks"),
        "Q": pgettext("ranks after three or four", "queens"),
        "K": pgettext("ranks after three or four", "kings"),
        "A": pgettext("ranks after three or four", "aces"),
        "2": pgettext("ranks after three or four", "twos"),
    }[rank]


def face_rank(card: CardNamer, c: str) -> str:
    """The rank as the card's face shows it in the deck being told ("J", "10")."""
    text = str(card(c))
    return text[:-1] if text[-1:] in SUIT_SYMBOLS.values() else text


#: a shape's kind -> its words, from the played cards' ranks (low to high) and the namer
SAID: dict[str, Callable[[list[str], CardNamer, list[str]], str]] = {
    "pair": lambda r, card, cs: _("pair of {ranks}").format(ranks=ranks_after_of(r[0])),
    "triple": lambda r, card, cs: _("three {ranks}").format(ranks=ranks_counted(r[0])),
    "straight": lambda r, card, cs: _("straight {low}–{high}").format(
        low=face_rank(card, cs[0]), high=face_rank(card, cs[-1])),
    "pairs": lambda r, card, cs: _("run of pairs {low}–{high}").format(
        low=face_rank(card, cs[0]), high=face_rank(card, cs[-1])),
}


def say(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = True) -> str:
    """A Pao De Kuai move in words: a pass, or the play named by its shape (the
    engine's ``classify``, the opening's heavenly bomb told by ``obs["opening"]``)."""
    if m.kind == "pass":
        return _("pass")
    cards = sorted((str(c) for c in m.args), key=lambda c: ORDER.index(c[0]))
    shape = classify(cards, bool(obs.get("opening"))) if cards else None
    if shape is None:                        # no allowed shape (never a legal play)
        return _("play {cards}").format(cards=" ".join(str(card(c)) for c in m.args))
    ranks = [c[0] for c in cards]
    if shape.kind == "single":
        return str(card(cards[0]))
    if shape.is_bomb:
        if shape.top == HEAVENLY:
            return _("heavenly bomb: four threes")
        if shape.top == AAA_BOMB:
            return _("bomb: three aces")
        return _("bomb: four {ranks}").format(ranks=ranks_counted(ranks[0]))
    return SAID[shape.kind](ranks, card, cards)


def told(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = False) -> str:
    """A Pao De Kuai move as the log tells it: a pass as a deed ("passes", "you pass"),
    a play by its shape as :func:`say` names it, the player's own after "your play"."""
    if m.kind == "pass":
        # TRANSLATORS: the log's words for a pass, a deed and never an order: "you pass"
        # is the player's own, a sentence of its own; "passes" follows a seat's name
        # ("Computer 2: passes").  The same tense as the other games' log (English,
        # German, Polish, Czech: the present; Spanish: the preterite)
        return _("you pass") if own else _("passes")
    play = say(m, obs, card, own)
    if not own:
        return play
    # TRANSLATORS: the player's own play in the log, a sentence of its own; {play} is the
    # play named as a noun, "pair of nines", "straight 7–J", "7♠" (as in the hint)
    return _("your play: {play}").format(play=play)


#: the engine's refusals: message key -> the sentence for it
REFUSALS: dict[str, Refusal] = {
    "paodekuai.no_shape": lambda w, r: _(
        "These cards make no allowed combination ({cards}): play a single, a pair, a "
        "triple, a straight of five or more, a run of pairs, or a bomb.").format(**w),
    "paodekuai.opening_card": lambda w, r: _(
        "The opening play must include {card}.").format(**w),
    "paodekuai.does_not_beat": lambda w, r: _(
        "Your play ({shape}: {cards}) does not beat the one on the table ({table_shape}: "
        "{table}).").format(**w),
    "paodekuai.leader_cannot_pass": lambda w, r: _(
        "You lead this round, so you cannot pass."),
    "paodekuai.must_play": lambda w, r: _(
        "You can beat the play on the table ({table_shape}: {table}), so you must play.")
    .format(**w),
    "paodekuai.not_in_deck": lambda w, r: _(
        "The Pao De Kuai deck has no {card}: it has 48 cards.").format(**w),
}

def prompt(obs: Mapping[str, Any], legal: list[Move], card: CardNamer,
           who: Callable[[int], str], chosen: list[Move] | None = None) -> Prompt:
    """What the seat to act may do now (the status line), from its legal moves."""
    if obs["opening"] and not obs["table"]:
        return said(_("You hold 3♥: lead any play that includes it"), ("play",))
    if not obs["table"]:
        return said(_("You won the round: lead any play"), ("play",))
    shape = shape_words(obs["table_shape"])
    if any(m.kind == "play" for m in legal):      # who can beat must (PDK: no pass then)
        return said(_("You can beat {shape}, so you must play").format(shape=shape),
                    ("play",), ("pass",))
    return said(_("Nothing you hold beats {shape}: pass").format(shape=shape), ("pass",),
                ("play",))


WORDS = GameWords(say=say, told=told, cards=all_cards, refusals=REFUSALS, prompt=prompt)
