"""The current language and the interface catalog (gettext domain ``cardclub``).

Every string a player reads goes through here.  ``_("text")`` translates now;
``N_("text")`` only marks a constant for extraction, to be translated with ``_()`` where
it is shown.  ``set_language`` switches live: views read their text through ``_()`` each
time they lay out, and listeners added with ``on_change`` are told.  ``game.i18n``
re-exports all of it; modules inside ``game/i18n`` import it from here, so the package
never imports back into itself.
"""
from __future__ import annotations

import gettext
import locale
import os
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


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it ("czech suit" hearts, "french suit")."""
    return _tr.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _tr.npgettext(context, singular, plural, n)


#: English names of our languages, as Windows' locale names spell them ("Czech_Czechia")
_LANGUAGE_NAMES = {"english": "en", "czech": "cs", "polish": "pl", "german": "de",
                   "spanish": "es"}


def _code_of(name: str) -> str | None:
    """Our code for a locale name (``cs_CZ.UTF-8``, ``pl``, ``Czech_Czechia``), or None."""
    base = name.strip().split(".")[0].split("@")[0]
    if not base or base.upper() in ("C", "POSIX"):
        return None
    code = base.replace("-", "_").split("_")[0].lower()
    if code in LANGUAGES:
        return code
    return _LANGUAGE_NAMES.get(code)


def system_language() -> str:
    """The system's language when we have it, else English (first start, no setting).

    Reads ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` in
    gettext's order, then ``locale.getlocale()``.
    """
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = _code_of(part)
            if code:
                return code
        if var != "LANGUAGE":
            return "en"     # the first locale variable set decides, as in gettext
    try:
        name = locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES")
                                else locale.LC_CTYPE)[0]
    except (ValueError, TypeError):
        name = None
    return (_code_of(name) if name else None) or "en"


def initial_language(saved: str | None) -> str:
    """The language to start in: the saved setting when it is one of ours, else the
    system's (first start), else English."""
    return saved if saved in LANGUAGES else system_language()


__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "initial_language", "language",
           "ngettext", "npgettext", "on_change", "pgettext", "set_language",
           "system_language"]

