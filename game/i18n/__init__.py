"""Translation: every string a player reads goes through here (gettext catalogs).

Only re-exports: the language and the interface catalog live in :mod:`game.i18n.core`,
the words for cards and refusals in :mod:`game.i18n.words`, the figures (decimals, signs,
per cent, counts with a fraction) and the dates in :mod:`game.i18n.numbers`, the rules
screens' content and catalog in :mod:`game.i18n.rules_content`.
``from game.i18n import _`` is the usual way in; modules inside this package import from
``core`` and ``words`` directly.
"""
from __future__ import annotations

from game.i18n.core import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    N_,
    _,
    initial_language,
    language,
    ngettext,
    npgettext,
    on_change,
    pgettext,
    set_language,
    system_language,
)
from game.i18n.numbers import counted, date_time, number, percent, signed
from game.i18n.words import (
    card_name,
    card_text,
    cards_text,
    count_cards,
    grouped,
    refusal_text,
)

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "card_name", "card_text",
           "cards_text", "count_cards", "counted", "date_time", "grouped", "initial_language",
           "language", "ngettext", "npgettext", "number", "on_change", "percent", "pgettext",
           "refusal_text", "set_language", "signed", "system_language"]
