"""Counts with a fraction and dates as each language writes them (issue 51).

gettext's plural forms know whole numbers only; CLDR gives a fraction its own category,
which in Polish and Czech takes a form no whole number takes ("7,4 karty", "1,5 raza",
"2,5 trumfu").  ``game.i18n.counted`` asks Babel for the category of the figure as shown
and takes the catalog's fraction entry where no whole number has it.  A date and time is
written with the language's CLDR pattern ("07.12.2026, 15:13", "7. 12. 2026 15:13"), in
the History as anywhere.  Every figure here is checked against Babel's own answer.  Pure:
no window."""
from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal

import pytest
from babel import Locale
from babel.dates import format_skeleton, format_time

from game import i18n
from game.games.durak.why import TRAITS as DURAK
from game.games.durak.why import average_times, average_trumps
from game.i18n.numbers import DATE_SKELETON, date_time, plural_category
from game.i18n.words import average_cards
from game.review.model import Effect
from game.scenes.history_view import date_text
from game.scenes.review_view import points_text, value_text

LANGS = list(i18n.LANGUAGES)
FRACTIONS = (0.5, 1.5, 2.5, 7.4)
WHOLE = (1.0, 2.0, 5.0, 22.0)
#: each noun's form in each CLDR plural category, as the language's grammar gives it
CARDS = {"en": {"one": "card", "other": "cards"},
         "de": {"one": "Karte", "other": "Karten"},
         "es": {"one": "carta", "many": "cartas", "other": "cartas"},
         "pl": {"one": "karta", "few": "karty", "many": "kart", "other": "karty"},
         "cs": {"one": "karta", "few": "karty", "many": "karty", "other": "karet"}}
TIMES = {"en": {"one": "time", "other": "times"},
         "pl": {"one": "raz", "few": "razy", "many": "razy", "other": "raza"}}
TRUMPS = {"en": {"one": "trump", "other": "trumps"},
          "de": {"one": "Trumpf", "other": "Trümpfe"},
          "es": {"one": "triunfo", "many": "triunfos", "other": "triunfos"},
          "pl": {"one": "atut", "few": "atuty", "many": "atutów", "other": "atutu"},
          "cs": {"one": "trumf", "few": "trumfy", "many": "trumfu", "other": "trumfů"}}
POINTS = {"en": {"one": "point", "other": "points"},
          "pl": {"one": "punkt", "few": "punkty", "many": "punktów", "other": "punktu"},
          "cs": {"one": "bod", "few": "body", "many": "bodu", "other": "bodů"}}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def babel_category(lang: str, value: float) -> str:
    """Babel's plural category of ``value`` written with one decimal."""
    return str(Locale.parse(lang).plural_form(Decimal(f"{value:.1f}")))


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_with_a_fraction_takes_the_form_babel_gives_it(lang: str) -> None:
    i18n.set_language(lang)
    for value in FRACTIONS + WHOLE:
        category = babel_category(lang, value)
        assert plural_category(value, 1, lang) == category
        figure = i18n.number(value, 1)
        assert average_cards(value) == f"{figure} {CARDS[lang][category]}", (lang, value)
        assert average_trumps(value) == f"{figure} {TRUMPS[lang][category]}", (lang, value)
        if lang in TIMES:
            assert average_times(value) == f"{figure} {TIMES[lang][category]}"
        if lang in POINTS:
            assert points_text(value) == f"{figure} {POINTS[lang][category]}"


def test_polish_and_czech_fractions_take_their_own_form() -> None:
    """The forms the review flagged: "7,4 kart", "{a} razy", "{a} atutów", "{a} karet",
    "{a} trumfů" are the whole numbers' forms; a fraction takes another."""
    expected = {
        "pl": {average_cards: ["0,5 karty", "1,5 karty", "2,5 karty", "7,4 karty"],
               average_times: ["0,5 raza", "1,5 raza", "2,5 raza", "7,4 raza"],
               average_trumps: ["0,5 atutu", "1,5 atutu", "2,5 atutu", "7,4 atutu"],
               points_text: ["0,5 punktu", "1,5 punktu", "2,5 punktu", "7,4 punktu"]},
        "cs": {average_cards: ["0,5 karty", "1,5 karty", "2,5 karty", "7,4 karty"],
               average_trumps: ["0,5 trumfu", "1,5 trumfu", "2,5 trumfu", "7,4 trumfu"],
               points_text: ["0,5 bodu", "1,5 bodu", "2,5 bodu", "7,4 bodu"]},
    }
    for lang, by_phrase in expected.items():
        i18n.set_language(lang)
        for phrase, said in by_phrase.items():
            assert [phrase(v) for v in FRACTIONS] == said, (lang, phrase)
        assert {babel_category(lang, v) for v in FRACTIONS} == \
            {"pl": {"other"}, "cs": {"many"}}[lang]
    i18n.set_language("pl")
    assert value_text("paodekuai", "points", 2.4) == "średnio +2,4 punktu"
    assert value_text("paodekuai", "points", -1.0) == "średnio -1,0 punktu"
    i18n.set_language("de")
    assert average_cards(7.4) == "7,4 Karten" and average_trumps(1.0) == "1,0 Trümpfe"


def test_a_review_sentence_says_its_averages_in_the_fractions_form() -> None:
    took = Effect("took", 1.4, 0.6)
    trumps = Effect("trumps", 0.8, 1.9)
    i18n.set_language("pl")
    assert DURAK.words(took, {}) == ("Licząc ten ruch, po twoim trzeba było do końca "
                                     "rozdania brać karty średnio 1,4 raza; po jego: 0,6 "
                                     "raza.")
    assert DURAK.words(trumps, {}) == ("Po twoim, gdy skończył się talon, w ręce było "
                                       "średnio 0,8 atutu; po jego: 1,9 atutu.")
    i18n.set_language("cs")
    assert "v průměru 0,8 trumfu; po jeho 1,9 trumfu" in str(DURAK.words(trumps, {}))
    i18n.set_language("en")
    assert DURAK.words(took, {}) == ("Counting this move, after yours you took the cards "
                                     "1.4 times on average by the end of the deal; after "
                                     "its, 0.6 times.")


WHEN = datetime(2026, 12, 7, 15, 13)
DATES = {"en": "12/7/2026, 3:13\u00a0PM", "de": "07.12.2026, 15:13", "es": "7/12/2026, 15:13",
         "pl": "7.12.2026, 15:13", "cs": "7. 12. 2026 15:13"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_date_is_written_as_the_language_writes_it(lang: str) -> None:
    said = date_time(WHEN, lang)
    assert said == DATES[lang]
    locale = Locale.parse(lang)                    # Babel's own parts, joined its way
    joined = str(locale.datetime_formats["short"]).replace(
        "{1}", format_skeleton(DATE_SKELETON, WHEN, locale=locale)).replace(
        "{0}", format_time(WHEN, "short", locale=locale))
    assert said == joined.replace("\u202f", "\u00a0")
    assert "2026-12-07" not in said


@pytest.fixture
def utc() -> Iterator[None]:
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_the_history_dates_its_deals_in_the_players_language(utc: None) -> None:
    for lang in LANGS:
        i18n.set_language(lang)
        assert date_text("2026-12-07T15:13:00Z") == DATES[lang]
    assert date_text("not a date at all") == "not a date at all"[:16]
