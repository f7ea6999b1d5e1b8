"""One vocabulary per language (issue 26): the glossary files, the Czech cards' names built
from them, and every catalog entry, of the game screens and of the rules screens, checked
against them: the one word for each term, no known wrong synonym, one register."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.cards import atlasnye_deck, czech_deck, french_deck
from game.i18n import catalogs, rules_catalog, vocabulary, words
from game.i18n.rules_content import CONTENT, rules_gettext
from game.i18n.vocabulary import CARD_MARK, CardWords, Glossary, GlossaryError, glossary

LANGS = list(i18n.LANGUAGES)
TRANSLATED = [lang for lang in LANGS if lang != "en"]
EN = glossary("en")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


# ---- the entries of both catalogs -----------------------------------------------------------

class Entry:
    """One catalog entry as a player reads it: the English text, its translation (every
    plural form) and where it is shown."""

    def __init__(self, english: str, texts: list[str], where: str, sources: set[str]) -> None:
        self.english, self.texts, self.where, self.sources = english, texts, where, sources

    def __repr__(self) -> str:
        return f"{self.where}: {self.english[:60]!r}"


def _rules_sources() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for e in CONTENT.entries():
        out.setdefault(e.msgid, set()).add(e.note if e.source == "decks.toml" else e.source)
    return out


def entries(lang: str) -> list[Entry]:
    """Every translated entry of ``lang``: the interface catalog and the rules catalog."""
    out: list[Entry] = []
    paths = [("game screens", catalogs.po_path(lang))]
    if lang != "en":
        paths.append(("rules screens", rules_catalog.po_path(lang)))
    rules = _rules_sources()
    for label, path in paths:
        with path.open("rb") as f:
            cat = read_po(f)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
            forms = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
            forms = [f for f in forms if f]
            if not forms:
                continue
            sources = ({f for f, _n in m.locations} if label == "game screens"
                       else rules.get(ids[0], set()))
            out.append(Entry(" | ".join(ids), forms, label, sources))
    if lang == "en":   # English has no rules catalog: its text is the msgids themselves
        out += [Entry(mid, [mid], "rules screens", src) for mid, src in rules.items()]
    return out


# ---- the checker --------------------------------------------------------------------------

def _at_word(fragment: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + fragment + ")", re.IGNORECASE)


def named_terms(english: str) -> set[str]:
    """The terms an English text names (its placeholders left out)."""
    text = PLACEHOLDER.sub(" ", english)
    return {k for k, t in EN.terms.items() if t.match and re.search(t.match, text, re.I)}


def term_problems(g: Glossary, e: Entry) -> list[str]:
    """What is wrong with one entry against the glossary ``g``: a known wrong synonym, a
    term the English names but the translation does not say with the glossary's word, or
    a bare term translated otherwise than the glossary's label."""
    named = named_terms(e.english)
    allowed = [_at_word(f) for k in named if k in g.terms for f in g.terms[k].forms]
    out: list[str] = []
    for text in e.texts:
        plain = PLACEHOLDER.sub(" ", text)
        for key, term in g.terms.items():
            if term.scope == "named" and key not in named:
                continue
            for w in term.wrong:
                for m in _at_word(w).finditer(plain):
                    if any(a.match(plain, m.start()) for a in allowed):
                        continue
                    out.append(f"{e!r}: {m.group(0)!r} is not the word for {key} "
                               f"(say {term.word!r}): {text!r}")
        for key in sorted(named):
            term = g.terms.get(key)
            if term is None or term.scope == "named":
                continue
            if not any(_at_word(f).search(plain) for f in term.forms):
                out.append(f"{e!r}: names {key} but does not say {term.word!r}: {text!r}")
        bare = e.english.strip()
        for key, en_term in EN.terms.items():
            labels = g.terms[key].labels if key in g.terms else ()
            if bare in en_term.labels and labels and text.strip() not in labels:
                out.append(f"{e!r}: the term {key} is {' or '.join(labels)}, not {text!r}")
    return out


def register_problems(g: Glossary, e: Entry) -> list[str]:
    out = []
    for text in e.texts:
        for pattern in g.formal:
            m = re.search(pattern, PLACEHOLDER.sub(" ", text))
            if m:
                out.append(f"{e!r}: {m.group(0)!r} is not {g.register.split(':')[0]}: {text!r}")
    return out


# ---- the glossary files ---------------------------------------------------------------------

def test_every_language_has_a_glossary_with_every_term() -> None:
    keys = set(EN.terms)
    assert {"reserve", "side_pile", "stock", "run", "talon", "bout", "attack", "take", "pass",
            "bomb", "straight", "pair", "trump", "pile", "abstych", "dudak", "durak"} <= keys
    assert all(t.match for t in EN.terms.values())
    for lang in LANGS:
        g = glossary(lang)
        assert g.lang == lang and set(g.terms) == keys, lang
        assert set(g.deck.suit_names) == set(vocabulary.SUITS)
        assert set(g.deck.ranks) == set(vocabulary.RANKS)
        for spec in g.specs:             # every case a translation may ask for is complete
            for code in czech_deck():
                assert vocabulary.card_form(code, "czech", "", spec, lang), (lang, spec, code)


def test_a_broken_glossary_file_is_named(tmp_path: Path) -> None:
    src = vocabulary.GLOSSARY_DIR / "cs.toml"
    bad = tmp_path / "cs.toml"
    bad.write_text(src.read_text(encoding="utf-8").replace('gender = "f"', 'gender = "x"', 1),
                   encoding="utf-8")
    with pytest.raises(GlossaryError, match=re.escape(str(bad)) + r".*gender must be one"):
        vocabulary.load("cs", tmp_path)
    with pytest.raises(GlossaryError, match="missing"):
        vocabulary.load("pl", tmp_path)


# ---- the Czech cards' names ---------------------------------------------------------------------

@pytest.mark.parametrize("lang, names", [
    ("en", {"7L": "7 of leaves", "AH": "Ace of hearts", "OB": "Ober of bells",
            "KA": "King of acorns"}),
    ("cs", {"7L": "zelená sedma", "AH": "červené eso", "OB": "kulový svršek",
            "KA": "žaludský král", "UB": "kulový spodek", "TL": "zelená desítka"}),
    ("pl", {"UB": "niżnik dzwonkowy", "OA": "wyżnik żołędny", "AH": "as czerwienny",
            "KL": "król zielony", "7A": "siódemka żołędna", "TH": "dziesiątka czerwienna"}),
    ("de", {"OB": "Schellen-Ober", "UA": "Eichel-Unter", "7L": "Laub-Sieben",
            "AH": "Herz-Ass"}),
    ("es", {"OB": "caballo de cascabeles", "UL": "sota de hojas", "AA": "as de bellotas",
            "7H": "siete de corazones"}),
])
def test_czech_cards_are_named_as_their_deck_names_them(lang: str,
                                                        names: dict[str, str]) -> None:
    i18n.set_language(lang)
    for code, name in names.items():
        assert i18n.card_name(code, "czech") == name
        assert i18n.card_text(code, "czech") == name


def test_every_czech_card_name_is_built_from_the_glossary_alone() -> None:
    """All 32 names follow the glossary's pattern from its suit and rank words, and no
    interface catalog still has a name of its own for a Czech card, suit or rank."""
    for lang in LANGS:
        i18n.set_language(lang)
        g = glossary(lang)
        for code in czech_deck():
            rank, suit = code[0], code[1]
            adj = g.deck.adjectives[suit]
            word = adj["nom"][g.deck.genders[rank]] if adj else g.deck.suit_names[suit]
            assert i18n.card_name(code, "czech") == g.deck.pattern.format(
                rank=g.deck.ranks[rank]["nom"], suit=word), (lang, code)
        assert [words.suit_name(s, "czech") for s in "LHBA"] == \
            [g.deck.suit_names[s] for s in "LHBA"]
        with catalogs.po_path(lang).open("rb") as f:
            contexts = {m.context for m in read_po(f) if m.id}
        assert not contexts & {"czech card", "czech suit", "czech rank"}, lang


def test_a_card_in_a_sentence_takes_the_case_its_grammar_needs() -> None:
    i18n.set_language("cs")
    ober, seven = i18n.card_text("OB", "czech"), i18n.card_text("7L", "czech")
    assert isinstance(ober, CardWords) and ober == "kulový svršek"
    template = "Přebij {card:acc} nebo {x:ins}"          # as a catalog entry is formatted
    assert template.format(card=ober, x=seven) == "Přebij kulového svrška nebo zelenou sedmou"
    assert f"{i18n.card_text('TD', 'french'):acc}" == "10♦"       # faces are not declined
    assert f"{i18n.card_text('X', 'french'):acc}" == "žolíka"
    i18n.set_language("de")
    assert "Schlage {card:acc}".format(card=i18n.card_text("OB", "czech")) == \
        "Schlage den Schellen-Ober"
    assert "{c:Nom} liegt".format(c=i18n.card_text("7A", "czech")) == "Die Eichel-Sieben liegt"
    assert f"{i18n.card_text('TD', 'french'):acc}" == "die 10♦"
    assert f"{i18n.card_text('JS', 'atlasnye'):dat}" == "dem В♠"
    i18n.set_language("es")
    assert "Supera {card:the}".format(card=i18n.card_text("UB", "czech")) == \
        "Supera la sota de cascabeles"
    assert f"{i18n.card_text('OB', 'czech'):de}" == "del caballo de cascabeles"
    i18n.set_language("pl")
    assert f"{i18n.card_text('UB', 'czech'):acc}" == "niżnika dzwonkowego"
    assert f"{i18n.card_text('UB', 'czech'):xyz}" == "niżnik dzwonkowy"   # no such case
    assert f"{i18n.card_text('UB', 'czech'):>20}".endswith("niżnik dzwonkowy")


def test_every_case_a_translation_asks_for_is_one_its_glossary_has() -> None:
    """A translation's ``{card:acc}`` names a case of its own language, and every entry of
    the interface renders with cards of every deck in it."""
    spec = re.compile(r"\{([A-Za-z_]\w*):([A-Za-z]+)\}")
    samples = {"czech": "OB", "french": "TD", "atlasnye": "QS"}
    for lang in LANGS:
        i18n.set_language(lang)
        g = glossary(lang)
        for e in entries(lang):
            for text in e.texts:
                for _name, case in spec.findall(text):
                    assert case.lower() in g.specs, (lang, e, case)
                carded = {n for n, _case in spec.findall(text)}
                if e.where != "game screens" or not carded:
                    continue
                for style, code in samples.items():
                    card = i18n.card_text(code, style)
                    out = text.format(**{n: card if n in carded else "x"
                                         for n in catalogs.placeholders(text)})
                    assert "{" not in out and "}" not in out, (lang, out)


#: the placeholders a sentence puts a card in (game.i18n.words, game.i18n.moves, the tables)
CARD_PLACEHOLDERS = ("card", "top", "attack", "target")
#: the word for "card" after which a card's name stands bare, in apposition ("die Karte
#: {card}", "kartou {card}"): its case is the word's, not the name's
CARD_WORD = {"cs": r"kart\w*", "pl": r"kart\w*", "de": r"Karte", "es": r"carta"}
_PLACED = re.compile(r"\{(\w+)(?::(\w+))?\}")


def cased(lang: str) -> bool:
    """Whether the glossary gives cards a case or an article in ``lang``."""
    g = glossary(lang)
    return bool(g.articles or g.deck.cases or g.joker)


def bare_cards(lang: str, text: str) -> list[str]:
    """The cards in ``text`` put without the case or article their grammar needs: a card
    placeholder (or a Czech card mark of the rules screens) with no format spec, other
    than in apposition after the word for card."""
    word = CARD_WORD.get(lang)
    out = []
    for m in _PLACED.finditer(text):
        if m.group(2) or not (m.group(1) in CARD_PLACEHOLDERS or CARD_MARK.fullmatch(m.group(0))):
            continue
        if word and re.search(rf"(?<!\w){word}\s+$", text[:m.start()], re.IGNORECASE):
            continue
        out.append(m.group(0))
    return out


def test_the_bare_card_checker_finds_a_card_without_its_article() -> None:
    assert bare_cards("de", "greif mit {card} an") == ["{card}"]
    assert bare_cards("de", "schlage {attack} mit {card:dat}") == ["{attack}"]
    assert bare_cards("es", "pon {card} bajo el autobús") == ["{card}"]
    assert bare_cards("es", "({source}: arriba está {top}, no {card:the})") == ["{top}"]
    assert bare_cards("cs", "Po přebití přijde přiložení: tady {KL}, ponechaný") == ["{KL}"]
    assert not bare_cards("de", "Die Karte {card} passt auf keinen Hilfsstapel: {n} {cards}")
    assert not bare_cards("es", "Supera {card:a} o llévate el montón")
    assert not bare_cards("cs", "Kartu {card} nemáš v ruce; {UH:acc} ano")


def test_every_card_in_a_sentence_says_its_case_or_article() -> None:
    """Where the glossary gives cards a case or an article (Czech and Polish decline them,
    German and Spanish put the article), a translation names the case of every card it
    puts into a sentence ({card:dat}, {card:the}, {top:nom}), as the English says "the
    {card}": a bare {card} loses the article or the declension (issue 38)."""
    langs = [lang for lang in TRANSLATED if cased(lang)]
    assert {"cs", "pl", "de", "es"} <= set(langs)
    found = []
    for lang in langs:
        for e in entries(lang):
            for text in e.texts:
                bare = bare_cards(lang, text)
                if bare:
                    found.append(f"{lang} {e!r}: {', '.join(bare)} without a case: {text!r}")
    assert not found, f"{len(found)} bare cards:\n" + "\n".join(found[:60])


# ---- every entry against the glossary ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_uses_the_glossarys_word_for_every_term(lang: str) -> None:
    """The game screens and the rules screens: no known wrong synonym, each term the
    English names said with the glossary's word, each bare term as the glossary labels it."""
    g = glossary(lang)
    found = [p for e in entries(lang) for p in term_problems(g, e)]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:60])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_one_register_in_every_entry(lang: str) -> None:
    g = glossary(lang)
    found = [p for e in entries(lang) for p in register_problems(g, e)]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:60])


def test_the_checker_finds_a_wrong_synonym_a_missing_word_and_formal_address() -> None:
    cs, de = glossary("cs"), glossary("de")
    reserve = Entry("Play from your reserve.", ["Hraj ze zásobníku."], "test", set())
    assert any("'zásobník'" in p and "reserve" in p for p in term_problems(cs, reserve))
    assert any("does not say 'rezerva'" in p for p in term_problems(cs, reserve))
    good = Entry("Play from your reserve.", ["Hraj z rezervy."], "test", set())
    assert term_problems(cs, good) == []
    deck = Entry("Two decks and the stock.", ["Dva balíčky a talon."], "test", set())
    assert term_problems(cs, deck) == []              # balíček is the deck's word
    bout = Entry("The attacker ends the bout.", ["Útočník ukončí útok."], "test", set())
    assert any("does not say 'kolo'" in p for p in term_problems(cs, bout))
    deal = Entry("A bomb that ends the deal.", ["Eine Bombe, mit der die Runde endet."],
                 "test", set())
    assert any("'Runde' is not the word for deal" in p for p in term_problems(de, deal))
    label = Entry("Pass", ["Passe"], "test", set())
    assert any("is Passen" in p for p in term_problems(de, label))
    formal = Entry("Choose a game.", ["Vyberte hru."], "test", set())
    assert register_problems(cs, formal) and not register_problems(
        cs, Entry("Choose a game.", ["Vyber hru."], "test", set()))


def test_one_word_per_concept_holds_the_words_the_review_found() -> None:
    """The native review's words for one concept said two ways (issue 51): the Czech last
    play is a move ("tah"), a deal is a game ("hra", not "rozdání"); a Polish friend is
    "przyjaciel", not "znajomy"; a seat pays ("zahlt", "paga", "płaci", "platí") as the
    player pays, not "zu zahlen"."""
    cases = [
        ("cs", "The last play, by {who}: {cards}", "Poslední hra ({who}): {cards}",
         "Poslední tah ({who}): {cards}", "last_play"),
        ("cs", "The deal is over.", "Rozdání skončilo.", "Hra skončila.", "deal"),
        ("cs", "New deal", "Nové rozdání", "Nová hra", "deal"),
        ("pl", "Friend {n}", "Znajomy {n}", "Przyjaciel {n}", "friend"),
        ("pl", "It closes for your friends.", "Dla twoich znajomych zostanie zamknięty.",
         "Dla twoich przyjaciół zostanie zamknięty.", "friend"),
        ("de", "{who} pays {total}: {parts}", "{who} — zu zahlen {total}: {parts}",
         "{who} zahlt {total}: {parts}", "pay"),
        ("es", "{who} pays {total}: {parts}", "{who} — a pagar {total}: {parts}",
         "{who} paga {total}: {parts}", "pay"),
        ("pl", "{who} pays {total}: {parts}", "{who} — do zapłaty {total}: {parts}",
         "{who} płaci {total}: {parts}", "pay"),
        ("cs", "{who} pays {total}: {parts}", "{who} — k zaplacení {total}: {parts}",
         "{who} platí {total}: {parts}", "pay"),
    ]
    for lang, english, wrong, right, term in cases:
        g = glossary(lang)
        found = term_problems(g, Entry(english, [wrong], "test", set()))
        assert any(f"for {term}" in p or f"not say {g.terms[term].word!r}" in p
                   for p in found), (lang, wrong, found)
        assert term_problems(g, Entry(english, [right], "test", set())) == [], (lang, right)
    # dealing the cards is still "rozdat": only the deal itself is "hra"
    cs = glossary("cs")
    assert term_problems(cs, Entry("Setup and deal", ["Příprava a rozdávání"], "test",
                                   set())) == []
    assert term_problems(cs, Entry("Deal again?", ["Rozdat znovu?"], "test", set())) == []


# ---- the Dudák texts: its cards by the glossary -------------------------------------------------

def _czech_deck_entries(lang: str) -> list[Entry]:
    """The entries that speak of the Czech deck: the Dudák rules page, the Czech deck's
    traditions page, and the Dudák table's own texts."""
    return [e for e in entries(lang)
            if e.sources and all(s == "dudak.toml" or s.startswith("deck czech")
                                 or s.endswith("dudak_table.py") for s in e.sources)]


@pytest.mark.parametrize("lang", LANGS)
def test_dudak_texts_name_czech_cards_only_through_the_glossary(lang: str) -> None:
    """The Dudák pages write a card as a mark the glossary names ({UH}, {TH:the}); their
    translations keep the same marks, use none of the wrong suit words, and spell out no
    card name of their own (a rank word beside a suit word)."""
    g = glossary(lang)
    ranks = "|".join(sorted({re.escape(f) for forms in g.deck.ranks.values()
                             for f in forms.values()}, key=len, reverse=True))
    suits = "|".join(sorted({re.escape(w) for s in vocabulary.SUITS
                             for w in (g.deck.suit_names[s], *(
                                 f for by_g in g.deck.adjectives[s].values()
                                 for f in by_g.values()))}, key=len, reverse=True))
    pair = re.compile(rf"(?<!\w)(?:{ranks}) (?:of |de )?(?:{suits})(?!\w)|"
                      rf"(?<!\w)(?:{suits})[ -](?:{ranks})(?!\w)", re.IGNORECASE)
    selected = _czech_deck_entries(lang)
    assert len(selected) > 40, len(selected)
    found = []
    for e in selected:
        marks = sorted(CARD_MARK.findall(e.english))
        for text in e.texts:
            if sorted(c for c, _s in CARD_MARK.findall(text)) != sorted(c for c, _s in marks):
                found.append(f"{e!r}: card marks {marks} differ in {text!r}")
            plain = PLACEHOLDER.sub(" ", text)
            if pair.search(plain):
                found.append(f"{e!r}: a card named by hand: {pair.search(plain)!r}")
            for w in g.deck.wrong:
                m = _at_word(w).search(plain)
                if m:
                    found.append(f"{e!r}: {m.group(0)!r} does not name a Czech suit: {text!r}")
    assert not found, "\n".join(found[:40])


def test_the_dudak_rules_page_names_its_cards_from_the_glossary() -> None:
    caption = next(b.scene.caption for s in CONTENT.games["dudak"].sections
                   for b in s.blocks if b.scene is not None)
    expected = {"en": "The Unter of hearts beats the 10 of hearts",
                "cs": "Červený spodek přebije červenou desítku",
                "pl": "Niżnik czerwienny przebija dziesiątkę czerwienną",
                "de": "Der Herz-Unter schlägt die Herz-Zehn",
                "es": "La sota de corazones supera al diez de corazones"}
    for lang, start in expected.items():
        i18n.set_language(lang)
        assert rules_gettext(caption).startswith(start), (lang, rules_gettext(caption))


def test_every_card_still_has_a_distinct_name() -> None:
    decks = {"french": french_deck(1), "czech": czech_deck(), "atlasnye": atlasnye_deck()}
    for lang in LANGS:
        i18n.set_language(lang)
        for style, deck in decks.items():
            names = {i18n.card_name(c, style) for c in deck}
            assert len(names) == len(set(deck)), (lang, style)
