"""Every player addressed correctly (issue 51): Polish and Czech past forms carry a gender
("zakończyłeś" / "zakończyłaś", "ukončil jsi" / "ukončila jsi"), and a review, a rule or a
table that says them to the player speaks to men only.  The catalogs speak to the player
without a gender instead: the present ("Tym ruchem kończysz turę", "Tímto končíš tah", as
the log tells a game), an impersonal form ("trzeba było", "bylo třeba"), or the card or the
move as the subject ("karta, która była w ręce"); not the split forms "(-a)" / "(a)" either,
so that one way holds across the rules, the review and the table.  Every entry of both
catalogs (the game screens and the rules screens) is checked against a list of forms."""
from __future__ import annotations

import re

import pytest

from .test_glossary import Entry, entries

#: a masculine-only form said to the player, and the split form, in each language
MASCULINE: dict[str, list[str]] = {
    "pl": [
        r"\w+łeś\b",                        # past, 2nd person: zakończyłeś, miałeś
        r"\w+łbyś\b",                       # conditional: mógłbyś, zrobiłbyś
        r"\bbyś\b(?:\s+\w+){0,3}?\s+\w+ł\b",   # split conditional: żebyś miał
        r"\bpowinieneś\b|\bjesteś\s+(?:pewien|pewny|gotowy|pierwszy|ostatni)\b",
        r"(?<!\} )\bjako\s+(?:pierwszy|ostatni)\b",   # of you ("{who} jako pierwszy": a seat)
        r"\w\(-?a[śs]?\)",                  # pierwszy(-a), miałeś(-aś)
    ],
    "cs": [
        r"\b\w+l\s+(?:jsi|sis|ses|bys)\b",  # ukončil jsi, rozhodl ses, mohl bys
        r"\b(?:jsi|sis|ses|bys|by\s+ses|by\s+sis)\s+(?:\w+\s+){0,3}?\w+l\b(?!\()",
        r"\b\w+ls\b",                       # "zahráls" (colloquial)
        r"\w\((?:a|la)\)",                  # měl(a), zbavil(a)
    ],
}


def problems(lang: str, e: Entry) -> list[str]:
    out = []
    for text in e.texts:
        for pattern in MASCULINE[lang]:
            m = re.search(pattern, text, re.IGNORECASE)
            if m:
                out.append(f"{lang} {e!r}: {m.group(0)!r} in {text!r}")
    return out


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_no_entry_speaks_to_the_player_as_a_man_only(lang: str) -> None:
    said = entries(lang)
    assert len(said) > 600                  # both catalogs, read whole
    found = [p for e in said for p in problems(lang, e)]
    assert not found, f"{len(found)} entries:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang, text", [
    ("pl", "Tym ruchem zakończyłeś turę, choć można było jeszcze zagrać kartę."),
    ("pl", "Tym ruchem zdecydowałeś się brać karty, choć mogłeś je przebić."),
    ("pl", "Tym ruchem zużyłeś ostatni atut."),
    ("pl", "Przebij kartą, którą miałeś(-aś) wcześniej"),
    ("pl", "Pozbądź się rezerwy jako pierwszy(-a)."),
    ("pl", "Jako pierwszy opróżniasz rezerwę."),
    ("pl", "Gdybyś miał atut, mógłbyś przebić."),
    ("cs", "Tímto jsi ukončil tah, i když šlo ještě zahrát kartu."),
    ("cs", "Tímto ses rozhodl brát karty."),
    ("cs", "Po tvém jsi musel brát karty."),
    ("cs", "Přebij kartou, kterou jsi měl(a) už předtím"),
    ("cs", "Vyhráváš: zbavil(a) ses karet."),
    ("cs", "Smíš to udělat, i když bys ještě mohl hrát."),
])
def test_the_checker_finds_each_form(lang: str, text: str) -> None:
    assert problems(lang, Entry("x", [text], "test", set()))


@pytest.mark.parametrize("lang, text", [
    ("pl", "Tym ruchem kończysz turę, choć można było jeszcze zagrać kartę."),
    ("pl", "Po twoim trzeba było do końca rozdania brać karty średnio 1,4 raza."),
    ("pl", "{who} pierwszy opróżnił rezerwę."),          # another seat, not the player
    ("pl", "Po twoim {who} jako pierwszy pozbywał się kart."),
    ("pl", "Ostatni gracz z kartami, który przegrywa."),
    ("cs", "Tímto končíš tah, i když šlo ještě zahrát kartu."),
    ("cs", "Přebij kartou, která byla v ruce už předtím."),
    ("cs", "Rezervu máš prázdnou jako první."),
])
def test_the_checker_lets_gender_free_sentences_be(lang: str, text: str) -> None:
    assert not problems(lang, Entry("x", [text], "test", set()))
