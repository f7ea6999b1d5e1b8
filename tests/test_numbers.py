"""Figures as each language writes them (issue 38): one formatter on Babel's data for every
number on screen; a review and the Settings screen, rendered in every language, show no
decimal point where the language writes a decimal comma, and a space before "%" where it
sets the sign apart."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import arcade
import pytest

from game import i18n
from game.i18n import number, percent, signed
from game.review.model import POINTS, Review, Verdict
from game.rules import GAMES
from game.tools.drive import pump
from tests.test_review_view import _show, durak_journal, durak_review
from tests.ui_helpers import tap

NBSP = "\u00a0"
COMMA = ("cs", "pl", "de", "es")            # a decimal comma
SPACED_PERCENT = ("cs", "pl", "de", "es")   # "87 %"
DECIMAL_POINT = re.compile(r"\d\.\d")
DECIMAL_COMMA = re.compile(r"\d,\d")
TIGHT_PERCENT = re.compile(r"\d%")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang,expected", [
    ("en", ["2.4", "+2.4", "-9.0", "0.0", "87%", "0.67", "3", "12,345", "+5"]),
    ("cs", ["2,4", "+2,4", "-9,0", "0,0", f"87{NBSP}%", "0,67", "3", f"12{NBSP}345", "+5"]),
    ("pl", ["2,4", "+2,4", "-9,0", "0,0", f"87{NBSP}%", "0,67", "3", f"12{NBSP}345", "+5"]),
    ("de", ["2,4", "+2,4", "-9,0", "0,0", f"87{NBSP}%", "0,67", "3", "12.345", "+5"]),
    ("es", ["2,4", "+2,4", "-9,0", "0,0", f"87{NBSP}%", "0,67", "3", "12.345", "+5"]),
])
def test_numbers_signs_and_percents_in_every_language(lang: str, expected: list[str]) -> None:
    i18n.set_language(lang)
    got = [number(2.4, 1), signed(2.44, 1), signed(-9, 1), signed(-0.04, 1), percent(0.87),
           number(2 / 3, 2), number(3), number(12345), signed(5)]
    assert got == expected
    assert number(2.5, lang="en") == "2.5" and number(2.5, lang="cs") == "2,5"


# ----- on screen -------------------------------------------------------------------------------
def paodekuai_review(seed: int = 3) -> tuple[dict[str, Any], Review]:
    """A Pao De Kuai deal played by computers, its seat 0 reviewed with made-up expected
    points with decimals (one a mistake)."""
    from game.session import DealSession

    s = DealSession("paodekuai", level="random", ai_seats=(0, 1, 2), seed=seed,
                    pace=lambda: 0.0, save=False)
    list(s.run())
    journal = s.journal.to_dict()
    g = GAMES["paodekuai"].new(seed=journal["seed"], deck=list(journal["deck"]))
    vs: list[Verdict] = []
    for i, m in enumerate(journal["moves"]):
        if g.current_player == 0:
            legal = [str(x) for x in g.legal_moves()]
            other = next((x for x in legal if x != m), m)
            mistake = other != m and not any(v.mistake for v in vs)
            vs.append(Verdict(i, m, other if mistake else m, -4.6 if mistake else 2.4,
                              3.1 if mistake else 2.4, forced=len(legal) == 1,
                              mistake=mistake, legal=len(legal)))
        g.play(m)
    assert any(v.mistake for v in vs)
    return journal, Review("paodekuai", 0, unit=POINTS, verdicts=vs, complete=True)


def _review_texts(app: arcade.Window, journal: dict[str, Any], review: Review) -> list[str]:
    view = _show(app, journal=journal, review=review)
    texts = list(view.drawn_texts())
    for i in range(min(2, len(review.verdicts))):     # more decisions' details
        view.select(i)
        pump(app)
        texts += view.drawn_texts()
    return texts


def _settings_texts(app: arcade.Window, lang: str) -> list[str]:
    view = app.open("settings")
    pump(app, 2)
    button = view.named[f"language-{lang}"]
    tap(app, button.rect.center_x, button.rect.center_y)     # the player's own way
    assert i18n.language() == lang
    texts: list[str] = []
    for tab in ("general", "table", "look"):
        view = app.current_view
        button = view.named[f"tab-{tab}"]
        tap(app, button.rect.center_x, button.rect.center_y)
        view = app.current_view
        assert view.tab == tab
        texts += [str(t[0]) for t in view.texts()]
    return texts


@pytest.mark.ui
def test_a_review_and_the_settings_write_figures_as_each_language_does(app) -> None:  # type: ignore[no-untyped-def]
    saved = (app.settings.language, app.settings.animation_scale, app.settings.opponent_pace)
    durak = durak_journal()
    shown_deals = [(durak, durak_review(durak)), paodekuai_review()]
    try:
        for lang in i18n.LANGUAGES:
            texts = _settings_texts(app, lang)
            for journal, review in shown_deals:
                texts += _review_texts(app, journal, review)
            shown = "\n".join(texts)
            # the figures are there: signed points, a factor, a per cent
            assert signed(2.4, 1) in shown and signed(-4.6, 1) in shown, lang
            assert number(7.7, 1) in shown, lang             # the mistake's points lost
            assert "×" + number(1.0, 1) in shown and percent(0.5) in shown, lang
            if lang in COMMA:
                assert not DECIMAL_POINT.search(shown), (lang, DECIMAL_POINT.findall(shown))
                assert DECIMAL_COMMA.search(shown), lang
            else:
                assert DECIMAL_POINT.search(shown), lang
            if lang in SPACED_PERCENT:
                assert not TIGHT_PERCENT.search(shown), (lang, [
                    t for t in texts if TIGHT_PERCENT.search(t)])
    finally:
        i18n.set_language("en")
        (app.settings.language, app.settings.animation_scale,
         app.settings.opponent_pace) = saved
        app.show_view(arcade.View(app))
