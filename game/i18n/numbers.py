"""Figures and dates as the current language writes them: every number a player reads goes
through here (a review's points and chances, the History's averages and win rates, the
Settings sliders, the results' signed points), and every date (the History's deals).

Babel's CLDR data gives each language its decimal sign, its grouping and its signs:
"+2.4" and "87%" in English, "+2,4" and "87 %" in Czech, German and Spanish (a no-break
space: the figure never wraps away from its sign).  Polish data writes "87%", but Polish,
like Czech and German, sets the sign apart, so :data:`PERCENT_PATTERNS` gives it the same
pattern.  A deal's number is not a figure but a name: :func:`game.i18n.grouped` writes it
the same in every language.

A count with a fraction takes the noun's form that the language's CLDR plural rules give
it (:func:`counted`): gettext's plural forms know whole numbers only, and Polish and
Czech put a fraction in a form no whole number takes ("7,4 karty", "1,5 raza",
"2,5 trumfu"), so each such phrase has a second catalog entry for its fraction form
(context ``"a fraction"``).  A date and time (:func:`date_time`) is written as CLDR writes
it in the language: "12/7/2026, 3:13 PM", "07.12.2026, 15:13", "7. 12. 2026 15:13".
Pure: no arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.dates import format_skeleton, format_time
from babel.numbers import (
    format_decimal,
    format_percent,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
)

from game.i18n.core import language

__all__ = ["DATE_SKELETON", "PERCENT_PATTERNS", "counted", "date_time", "number", "percent",
           "plural_category", "signed"]

#: the date's fields, in the order and with the separators each language's CLDR data
#: gives them: "12/7/2026", "07.12.2026", "7/12/2026", "7.12.2026", "7. 12. 2026"
DATE_SKELETON = "yMMdd"

#: the languages whose per cent CLDR writes otherwise than they do
PERCENT_PATTERNS = {"pl": "#,##0\u00a0%"}


def _pattern(decimals: int | None) -> str:
    """Exactly ``decimals`` digits after the decimal sign, or (None) as many as the value
    has, up to three, none for a whole number."""
    if decimals is None:
        return "#,##0.###"
    return "#,##0" + ("." + "0" * decimals if decimals > 0 else "")


def _figure(value: float, decimals: int | None, lang: str | None, plus: bool) -> str:
    code = lang or language()
    text = format_decimal(abs(value), format=_pattern(decimals), locale=code)
    if text == format_decimal(0, format=_pattern(decimals), locale=code):
        return text                     # rounds to zero: no sign ("0.0", never "-0.0")
    if value < 0:
        return get_minus_sign_symbol(code) + text
    return get_plus_sign_symbol(code) + text if plus else text


def number(value: float, decimals: int | None = None, lang: str | None = None) -> str:
    """``value`` in the current language (or ``lang``): ``number(2.4, 1)`` "2.4" / "2,4";
    ``decimals`` None: "3", "0.67" (up to three decimals); groups of thousands as the
    language writes them."""
    return _figure(value, decimals, lang, plus=False)


def signed(value: float, decimals: int | None = None, lang: str | None = None) -> str:
    """``value`` with its sign, plus included: "+2,4", "-9,0"; zero (after rounding) has
    none."""
    return _figure(value, decimals, lang, plus=True)


def percent(fraction: float, lang: str | None = None) -> str:
    """``fraction`` as a whole per cent: 0.87 -> "87%" / "87 %"."""
    code = lang or language()
    return format_percent(fraction, format=PERCENT_PATTERNS.get(code), locale=code)


def plural_category(value: float, decimals: int | None = None, lang: str | None = None) -> str:
    """The CLDR plural category of ``value`` as shown with ``decimals`` ("one", "few",
    "many", "other"): the visible decimals count, so "1.0" is not "one" in English."""
    code = lang or language()
    shown = format_decimal(abs(value), format=_pattern(decimals), locale="en",
                           group_separator=False)
    return str(Locale.parse(code).plural_form(Decimal(shown)))


@cache
def _whole_categories(code: str) -> dict[str, int]:
    """Each plural category a whole number takes in ``code`` -> the least such number."""
    out: dict[str, int] = {}
    locale = Locale.parse(code)
    for n in range(200):
        out.setdefault(str(locale.plural_form(n)), n)
    return out


def counted(value: float, decimals: int | None, forms: Callable[[int], str],
            fraction: Callable[[], str], lang: str | None = None, sign: bool = False) -> str:
    """``value`` with the noun it counts, in the form the language's plural rules give the
    number as shown: ``forms(n)`` is the phrase's ``ngettext`` for a whole number ``n``,
    ``fraction()`` its entry for a count that takes a form no whole number takes (Polish
    and Czech: "7,4 karty", "1,5 raza").  Each phrase holds ``{n}``, the figure.

    ``counted(7.4, 1, lambda n: ngettext("{n} card", "{n} cards", n),
    lambda: pgettext("a fraction", "{n} cards"))``: "7.4 cards", "7,4 karty"; ``sign``:
    the figure with its sign, plus included ("+2,4 punktu")."""
    code = lang or language()
    text = (signed if sign else number)(value, decimals, code)
    category = plural_category(value, decimals, code)
    whole = _whole_categories(code)
    said = forms(whole[category]) if category in whole else fraction()
    return said.format(n=text)


def date_time(when: datetime, lang: str | None = None) -> str:
    """A date and time as the language writes them (CLDR's numeric date, its short time,
    joined as its short date-and-time pattern joins them)."""
    code = lang or language()
    locale = Locale.parse(code)
    date = format_skeleton(DATE_SKELETON, when, locale=locale)
    time = format_time(when, "short", locale=locale)
    joined = str(locale.datetime_formats["short"]).replace("{1}", date).replace("{0}", time)
    return joined.replace("\u202f", "\u00a0")    # (the narrow space is not in every font)
