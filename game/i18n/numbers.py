"""Figures as the current language writes them: every number a player reads goes through
here (a review's points and chances, the History's averages and win rates, the Settings
sliders, the results' signed points).

Babel's CLDR data gives each language its decimal sign, its grouping and its signs:
"+2.4" and "87%" in English, "+2,4" and "87 %" in Czech, German and Spanish (a no-break
space: the figure never wraps away from its sign).  Polish data writes "87%", but Polish,
like Czech and German, sets the sign apart, so :data:`PERCENT_PATTERNS` gives it the same
pattern.  A deal's number is not a figure but a name: :func:`game.i18n.grouped` writes it
the same in every language.  Pure: no arcade or pyglet.
"""
from __future__ import annotations

from babel.numbers import (
    format_decimal,
    format_percent,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
)

from game.i18n.core import language

__all__ = ["PERCENT_PATTERNS", "number", "percent", "signed"]

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
