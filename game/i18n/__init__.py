"""Translation: every string a player reads goes through here (gettext catalogs).

``_("text")`` translates now; ``N_("text")`` only marks a constant for extraction, to be
translated with ``_()`` where it is shown.  ``set_language`` switches live: views read
their text through ``_()`` each time they lay out, and listeners added with
``on_change`` are told.
"""
from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

DOMAIN = "cardclub"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: language code -> its own name, in the order the settings screen lists them
LANGUAGES = {"en": "English", "cs": "Čeština", "pl": "Polski", "de": "Deutsch",
             "es": "Español"}

_current = "en"
_tr: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []


def set_language(code: str) -> None:
    """Switch every later ``_()`` to ``code`` (English for an unknown code)."""
    global _current, _tr
    code = code if code in LANGUAGES else "en"
    _current = code
    _tr = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    for fn in list(_listeners):
        fn(code)


def language() -> str:
    return _current


def on_change(fn: Callable[[str], None]) -> None:
    _listeners.append(fn)


def _(message: str) -> str:
    return _tr.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _tr.ngettext(singular, plural, n)


def N_(message: str) -> str:
    return message
