"""Pao De Kuai in words: its moves as a player says them, and why its engine refuses a
move.

Read through the spec's ``words`` (:class:`~game.i18n.words.GameWords`) by the hints, the
review and the replay (:mod:`game.i18n.moves`) and by ``refusal_text``.  Pure: no arcade.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n.core import _
from game.i18n.words import CardNamer, GameWords, Refusal, all_cards
from game.rules.base import Move


def say(m: Move, obs: Mapping[str, Any], card: CardNamer, own: bool = True) -> str:
    """A Pao De Kuai move in words: a pass, or the cards played."""
    if m.kind == "pass":
        return _("pass")
    return _("play {cards}").format(cards=" ".join(str(card(c)) for c in m.args))


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

WORDS = GameWords(say=say, cards=all_cards, refusals=REFUSALS)
