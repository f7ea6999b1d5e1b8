"""Translations: complete catalogs, refusals worded in every language, card names, plurals,
live switching and the first-start language."""
from __future__ import annotations

import ast
import json
import locale
import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.i18n import catalogs, words
from game.rules import GAMES, Game, IllegalMove, NotationError, Rng

ROOT = Path(__file__).resolve().parent.parent
LANGS = list(i18n.LANGUAGES)
RULE_ID = re.compile(r"\b(DUR|PDK|DUD|BUS)-\d+")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


# ---- the catalogs ---------------------------------------------------------------------------

def test_catalogs_complete_placeholders_plurals_and_fresh_mo() -> None:
    """Every string marked in game/ is in every language, with the same placeholders, every
    plural form, and a .mo compiled from the .po as it stands."""
    found = catalogs.problems()
    assert not found, "\n".join(found[:40])


def test_czech_and_polish_have_three_plural_forms() -> None:
    for lang, n in (("en", 2), ("cs", 3), ("pl", 3), ("de", 2), ("es", 2)):
        text = catalogs.po_path(lang).read_text(encoding="utf-8")
        assert f"Plural-Forms: nplurals={n};" in text, lang


MINI = {  # msgid -> translations; a tuple msgid is a plural entry
    "Settings": {"en": "Settings", "cs": "Nastavení", "pl": "Ustawienia",
                 "de": "Einstellungen", "es": "Ajustes"},
    "You do not hold {card}.": {"en": "You do not hold {card}.",
                                "cs": "Kartu {card} nemáš v ruce.",
                                "pl": "Nie masz w ręce karty {card}.",
                                "de": "Du hast {card} nicht auf der Hand.",
                                "es": "No tienes {card} en la mano."},
    ("{n} card", "{n} cards"): {"en": ("{n} card", "{n} cards"),
                                "cs": ("{n} karta", "{n} karty", "{n} karet"),
                                "pl": ("{n} karta", "{n} karty", "{n} kart"),
                                "de": ("{n} Karte", "{n} Karten"),
                                "es": ("{n} carta", "{n} cartas")},
}


@pytest.fixture
def locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small, complete set of catalogs in a temporary folder that the checker reads."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    dst = tmp_path / "locale"
    monkeypatch.setattr(catalogs, "LOCALE_DIR", dst)
    for lang in LANGS:
        cat = Catalog(locale=lang, domain=i18n.DOMAIN, fuzzy=False)
        cat._num_plurals, cat._plural_expr = catalogs._parse_plural_forms(
            catalogs.PLURAL_FORMS[lang])
        for msgid, tr in MINI.items():
            cat.add(msgid, tr[lang])
        path = catalogs.po_path(lang)
        path.parent.mkdir(parents=True)
        with path.open("wb") as f:
            write_po(f, cat)
    catalogs.compile_all()
    assert catalogs.problems(with_source=False) == []
    return dst


def _edit_po(lang: str, old: str, new: str) -> None:
    p = catalogs.po_path(lang)
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_checker_finds_an_empty_translation(locale_copy: Path) -> None:
    _edit_po("de", 'msgstr "Einstellungen"', 'msgstr ""')
    catalogs.compile_all(["de"])
    found = catalogs.problems(with_source=False)
    assert any(line.startswith("de: 'Settings'") and "missing" in line for line in found)


def test_checker_finds_a_placeholder_mismatch(locale_copy: Path) -> None:
    _edit_po("es", "No tienes {card} en la mano.", "No tienes {carta} en la mano.")
    catalogs.compile_all(["es"])
    found = catalogs.problems(with_source=False)
    assert any(line.startswith("es: 'You do not hold {card}.'") and "placeholders" in line
               for line in found)


def test_checker_finds_a_missing_plural_form(locale_copy: Path) -> None:
    _edit_po("pl", 'msgstr[2] "{n} kart"\n', "")
    found = catalogs.problems(with_source=False)
    assert any(line.startswith("pl: '{n} card'") for line in found), found


def test_checker_finds_a_stale_mo(locale_copy: Path) -> None:
    _edit_po("cs", 'msgstr "Nastavení"', 'msgstr "Volby"')
    found = catalogs.problems(with_source=False)
    assert any(line.startswith("cs:") and "stale" in line for line in found)
    catalogs.compile_all(["cs"])
    assert catalogs.problems(with_source=False) == []


# ---- switching language -----------------------------------------------------------------

def test_switching_language_changes_text_at_once() -> None:
    heard: list[str] = []
    i18n.on_change(heard.append)
    seen = {}
    for lang in LANGS:
        i18n.set_language(lang)
        seen[lang] = i18n._("Settings")
        assert i18n.language() == lang
    assert seen == {"en": "Settings", "cs": "Nastavení", "pl": "Ustawienia",
                    "de": "Einstellungen", "es": "Ajustes"}
    assert heard[-5:] == LANGS
    i18n.set_language("xx")
    assert i18n.language() == "en" and i18n._("Settings") == "Settings"


@pytest.mark.parametrize("lang, expected", [
    ("cs", {1: "1 karta", 2: "2 karty", 4: "4 karty", 5: "5 karet", 22: "22 karet",
            0: "0 karet"}),
    ("pl", {1: "1 karta", 2: "2 karty", 4: "4 karty", 5: "5 kart", 12: "12 kart",
            22: "22 karty", 25: "25 kart", 112: "112 kart", 0: "0 kart"}),
    ("en", {1: "1 card", 2: "2 cards", 0: "0 cards"}),
    ("de", {1: "1 Karte", 3: "3 Karten"}),
    ("es", {1: "1 carta", 5: "5 cartas"}),
])
def test_plural_forms_of_n_cards(lang: str, expected: dict[int, str]) -> None:
    i18n.set_language(lang)
    assert {n: i18n.count_cards(n) for n in expected} == expected


# ---- cards by their faces and names ---------------------------------------------------------

def test_undo_and_back_are_different_words_in_every_language() -> None:
    """Undo (take your last move back) stands beside Resume in the pause panel and Back
    leaves a screen: the same word for both reads as navigation (issue 38: German had
    "Zurück", Czech "Zpět" for both)."""
    for lang in LANGS:
        i18n.set_language(lang)
        undo, back = i18n._("Undo"), i18n._("Back")
        assert undo.casefold() != back.casefold(), (lang, undo)
        assert undo.casefold() not in {i18n._(w).casefold() for w in ("Resume", "Continue")}


def test_card_text_as_on_the_faces() -> None:
    ct = i18n.card_text
    assert [ct(c, "french") for c in ("TD", "JC", "QH", "AS", "7S")] == \
        ["10♦", "J♣", "Q♥", "A♠", "7♠"]
    assert [ct(c, "atlasnye") for c in ("JS", "QS", "KD", "AH", "TC", "6H")] == \
        ["В♠", "Д♠", "К♦", "Т♥", "10♣", "6♥"]
    assert ct("X", "french") == "joker"
    assert ct("OB", "czech") == "Ober of bells" and ct("UL", "czech") == "Unter of leaves"
    i18n.set_language("cs")
    assert ct("OB", "czech") == "kulový svršek" and ct("UL", "czech") == "zelený spodek"
    assert ct("AA", "czech") == "žaludské eso" and ct("7H", "czech") == "červená sedma"
    assert ct("X", "french") == "žolík"
    assert ct("QS", "atlasnye") == "Д♠"   # Cyrillic indices stay in every language
    i18n.set_language("de")
    assert ct("OB", "czech") == "Schellen-Ober" and ct("UA", "czech") == "Eichel-Unter"
    assert ct("QS", "atlasnye") == "Д♠" and ct("TD", "french") == "10♦"


@pytest.mark.parametrize("lang, queen, ober", [
    ("en", "Queen of spades", "Ober of bells"),
    ("cs", "piková dáma", "kulový svršek"),
    ("pl", "dama pik", "wyżnik dzwonkowy"),
    ("de", "Pik-Dame", "Schellen-Ober"),
    ("es", "reina de picas", "caballo de cascabeles"),
])
def test_card_names(lang: str, queen: str, ober: str) -> None:
    i18n.set_language(lang)
    assert i18n.card_name("QS", "french") == queen
    assert i18n.card_name("QS", "atlasnye") == queen
    assert i18n.card_name("OB", "czech") == ober


def test_every_card_has_a_name_in_every_language() -> None:
    from game.cards import atlasnye_deck, czech_deck, french_deck
    decks = {"french": french_deck(1), "czech": czech_deck(), "atlasnye": atlasnye_deck()}
    for lang in LANGS:
        i18n.set_language(lang)
        for style, deck in decks.items():
            names = [i18n.card_name(c, style) for c in deck]
            assert len(set(names)) == len(deck), (lang, style)
            assert not set(names) & set(deck), (lang, style)   # no notation left


# ---- engine refusals ------------------------------------------------------------------------

def test_illegal_move_keeps_rule_id_and_carries_key_and_params() -> None:
    e = IllegalMove("DUR-4", "7S does not beat 9S", key="does_not_beat",
                    params={"card": "7S", "target": "9S"})
    assert str(e).startswith("DUR-4: ") and e.rule == "DUR-4"
    assert e.key == "does_not_beat" and e.params == {"card": "7S", "target": "9S"}
    back = pickle.loads(pickle.dumps(e))
    assert (str(back), back.key, back.params) == (str(e), e.key, e.params)
    old = IllegalMove("DUR-4", "no key")          # the old signature still works
    assert old.key == "" and old.params == {}
    i18n.set_language("pl")
    assert i18n.refusal_text(old, "atlasnye") == "Ten ruch nie jest teraz dozwolony."
    assert i18n.refusal_text(e, "atlasnye") == "Twoja karta 7♠ nie bije karty 9♠."


def test_every_raise_site_has_a_key_with_words() -> None:
    """Each IllegalMove(...) in game/rules names a key= that words.MESSAGES knows."""
    sites = 0
    for path in sorted([*(ROOT / "game" / "rules").glob("*.py"),
                        *(ROOT / "game" / "games").glob("*/rules.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalMove":
                sites += 1
                kw = {k.arg: k.value for k in node.keywords}
                where = f"{path.name}:{node.lineno}"
                assert "key" in kw, f"{where} raises IllegalMove without key="
                keys = [n.value for n in ast.walk(kw["key"]) if isinstance(n, ast.Constant)]
                assert keys and all(k in words.MESSAGES for k in keys), where
    assert sites >= 40


def _candidates(g: Game, rng: Rng) -> list[str]:
    """Moves to try: many well-formed, mostly illegal, some legal."""
    deck = sorted(set(g.full_deck(**g.options())))
    pick = [deck[rng.below(len(deck))] for _ in range(12)]
    out = [str(m) for m in g.legal_moves()[:3]]
    if g.key == "durak":
        out += [f"{v} {c}" for v in ("attack", "defend") for c in pick]
        out += ["take", "stop", "attack 2S"]
    elif g.key == "dudak":
        out += [f"{v} {c}" for v in ("lead", "follow") for c in pick]
        out += [f"beat {c}" for c in deck]
        out += [f"declare {s}" for s in "LHBA"] + ["collect", "take"]
    elif g.key == "paodekuai":
        hand = list(g.observation(g.current_player or 0).get("hand", [])) or pick
        out += [f"play {c}" for c in pick[:6]] + ["pass", "play 2S", "play 3H", "play 2C",
                                                  "play AH"]
        for n in (2, 3, 4, 5):
            if len(hand) >= n:
                start = rng.below(len(hand) - n + 1)
                out.append("play " + " ".join(hand[start:start + n]))
        out.append("play " + " ".join(pick[:2]))
    elif g.key == "autobus":
        srcs = ("hand", "reserve", "aux1", "aux2", "aux3", "aux4")
        for c in pick[:6]:
            out.append(f"play {c} {srcs[rng.below(6)]} run{1 + rng.below(8)}")
            out.append(f"play {c} {srcs[rng.below(6)]} new")
            out.append(f"discard {c} aux{1 + rng.below(4)}")
            out.append(f"bus {c}")
        out += ["end", "discard X aux1", "discard X aux2=7", f"discard {pick[0]} aux3=5",
                "bus X"]
    return out


def _collect_refusals(per_game: int = 2, steps: int = 60) -> list[tuple[str, IllegalMove]]:
    """Random deals of every game and player count played to the end, trying candidate
    moves at the first ``steps`` states and every tenth after; one refusal per (game, key,
    rule)."""
    found: dict[tuple[str, str, str], tuple[str, IllegalMove]] = {}

    def attempt(g: Game, text: str) -> None:
        try:
            if not g.is_over and g.is_legal(text):
                return
            g.play(text)
        except NotationError:
            return
        except IllegalMove as exc:
            found.setdefault((g.key, exc.key, exc.rule), (g.deck_style, exc))
            return
        raise AssertionError(f"{g.key}: {text!r} was played though it is not legal")

    for _key, cls in sorted(GAMES.items()):
        for seed in range(per_game):
            for players in cls.players_allowed:
                g = cls.new(seed=seed, players=players) if len(cls.players_allowed) > 1 \
                    else cls.new(seed=seed)
                rng = Rng(seed * 7 + players)
                step = 0
                while not g.is_over and step < cls.move_bound:
                    if step < steps or step % 10 == 0:
                        for text in _candidates(g, rng):
                            attempt(g, text)
                    legal = g.legal_moves()
                    g.play(legal[rng.below(len(legal))])
                    step += 1
                assert g.is_over
                for text in _candidates(g, rng)[:3] + ["take", "pass", "end"]:
                    attempt(g, text)
    return list(found.values())


@pytest.fixture(scope="module")
def refusals() -> list[tuple[str, IllegalMove]]:
    return _collect_refusals()


def _notation(params: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for k, v in params.items():
        if k in ("card", "top", "target") and v:
            out.add(str(v))
        elif k in ("cards", "table"):
            out.update(str(c) for c in v)
    return out


def test_refusals_of_random_illegal_moves_read_well_in_every_language(
        refusals: list[tuple[str, IllegalMove]]) -> None:
    keys = {exc.key for _style, exc in refusals}
    assert len(keys) >= 34, sorted(set(words.MESSAGES) - keys)
    for lang in LANGS:
        i18n.set_language(lang)
        fallback = i18n._("That move is not allowed now.")
        for style, exc in refusals:
            assert exc.key in words.MESSAGES, exc
            json.dumps(exc.params)                 # plain data, fit for logs and saves
            text = words.render_refusal(exc.key, exc.params, style)   # KeyError fails
            assert text == i18n.refusal_text(exc, style) != fallback
            assert text and not RULE_ID.search(text), (lang, text)
            assert exc.rule not in text
            for code in _notation(exc.params):
                if style == "czech" or code == "X" or code[0] in "23456789":
                    continue   # names, "joker", and "7♠" vs "7S" are checked below
                assert not re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", text), \
                    (lang, code, text)
            assert not re.search(r"\b[2-9TJQKAUO][SHDCLBA]\b", text), (lang, text)
            assert "{" not in text and "}" not in text, (lang, text)


SAMPLE = {"card": "QS", "top": "KS", "target": "AS", "cards": ["3H", "4H"], "table": ["5S"],
          "ranks": ["6", "Q"], "rank": "7", "suit": "H", "source": "aux2", "n": 3,
          "pile": 2, "run": 1, "seat": 0,
          "shape": {"kind": "straight", "size": 6, "top": 9, "name": "straight of 6"},
          "table_shape": {"kind": "pairs", "size": 4, "top": 5, "name": "run of pairs of 2"}}
STYLE_OF = {"autobus": "french", "dudak": "czech", "durak": "atlasnye", "paodekuai": "french"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_key_renders_with_all_its_parameters(lang: str) -> None:
    """Every key, with every parameter a refusal may carry, in every deck style: no
    translation names a placeholder the renderer does not fill."""
    i18n.set_language(lang)
    for key in words.MESSAGES:
        style = STYLE_OF.get(key.split(".")[0], "french")
        params = dict(SAMPLE, card="OB", top="KB", target="AB") if style == "czech" else SAMPLE
        for n in (1, 2, 5):
            text = words.render_refusal(key, dict(params, n=n), style)
            assert text and "{" not in text and not RULE_ID.search(text), (key, text)
            assert "QS" not in text and "OB" not in text


def test_durak_refusal_names_ranks_as_on_the_cards() -> None:
    from game.games.durak.rules import Durak
    e = IllegalMove("DUR-5", "x", key="durak.not_matching",
                    params={"card": "9S", "ranks": ["6", "Q", "T"]})
    assert i18n.refusal_text(e, Durak.deck_style) == \
        "You can only add a card whose rank is already on the table (6, Д, 10)."
    i18n.set_language("cs")
    assert i18n.refusal_text(e, "atlasnye") == \
        "Přihodit můžeš jen kartu hodnoty, která už na stole je (6, Д, 10)."


def test_dudak_refusal_names_czech_cards_in_czech() -> None:
    e = IllegalMove("DUD-5", "x", key="does_not_beat", params={"card": "7B", "target": "OB"})
    i18n.set_language("cs")
    assert i18n.refusal_text(e, "czech") == \
        "Tvoje karta kulová sedma nepřebije kartu kulový svršek."
    i18n.set_language("en")
    assert i18n.refusal_text(e, "czech") == "Your 7 of bells does not beat Ober of bells."


# ---- first start ----------------------------------------------------------------------------

@pytest.mark.parametrize("env, expected", [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE.UTF-8"}, "pl"),
    ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "cs_CZ.UTF-8"}, "es"),
    ({"LANGUAGE": "fr:pl", "LANG": "fr_FR.UTF-8"}, "pl"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_system_language_from_the_environment(env: dict[str, str], expected: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert i18n.system_language() == expected


def test_system_language_from_the_locale_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Polish_Poland", "1250"))
    assert i18n.system_language() == "pl"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert i18n.system_language() == "en"


def test_initial_language_prefers_the_saved_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert i18n.initial_language("de") == "de"
    assert i18n.initial_language(None) == "pl"
    assert i18n.initial_language("") == "pl"
    assert i18n.initial_language("klingon") == "pl"


def test_ai_level_labels_from_the_levels_files_are_translated() -> None:
    labels = {label for _where, label in catalogs._level_labels()}
    assert {"Easy", "Normal", "Hard"} <= labels
    i18n.set_language("cs")
    assert i18n._("Hard") == "Těžká"
    i18n.set_language("pl")
    assert i18n._("Easy") == "Łatwy"


# ---- the package's shape ----------------------------------------------------------------------

def _imports(path: Path, package: str) -> set[str]:
    """The modules ``path`` imports anywhere (top level, functions, ``if TYPE_CHECKING:``),
    each as the most specific module named: ``from a.b import c`` is ``a.b.c`` when that is
    a module, else ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if _module_path(sub) is not None else base)
    return out


def _module_path(name: str) -> Path | None:
    rel = ROOT.joinpath(*name.split("."))
    for p in (rel.with_suffix(".py"), rel / "__init__.py"):
        if p.is_file():
            return p
    return None


def _import_graph() -> dict[str, set[str]]:
    """Every module of game/ -> the modules of game/ it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts[:-1]) if rel.name == "__init__" else list(rel.parts)
        name = ".".join(parts)
        package = name if rel.name == "__init__" else ".".join(parts[:-1])
        graph[name] = {m for m in _imports(path, package) if m.startswith("game")}
    return graph


def _cycles_through(graph: dict[str, set[str]], prefix: str) -> list[list[str]]:
    """Import cycles that pass through a module named ``prefix`` or below it."""
    found: list[list[str]] = []
    for start in sorted(m for m in graph if m == prefix or m.startswith(prefix + ".")):
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    found.append(path + [start])
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, path + [nxt]))
    return found


def test_the_import_walk_sees_a_cycle_when_there_is_one() -> None:
    graph = {"game.i18n": {"game.i18n.words"}, "game.i18n.words": {"game.i18n"},
             "game.cards": set()}
    assert _cycles_through(graph, "game.i18n") == [
        ["game.i18n", "game.i18n.words", "game.i18n"],
        ["game.i18n.words", "game.i18n", "game.i18n.words"]]
    imported = _imports(ROOT / "game" / "i18n" / "words.py", "game.i18n")
    assert "game.i18n.core" in imported and "game.cards" in imported


def test_no_import_cycle_runs_through_game_i18n() -> None:
    """Runtime imports, imports inside functions and ``TYPE_CHECKING`` imports alike."""
    graph = _import_graph()
    assert "game.i18n.core" in graph and "game.i18n.rules_content" in graph
    assert _cycles_through(graph, "game.i18n") == []


def test_the_i18n_package_init_only_re_exports() -> None:
    tree = ast.parse((ROOT / "game" / "i18n" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        exports = (isinstance(node, ast.Assign)
                   and [getattr(t, "id", "") for t in node.targets] == ["__all__"])
        assert docstring or exports or isinstance(node, ast.ImportFrom), ast.dump(node)[:80]
    assert all(hasattr(i18n, name) for name in i18n.__all__)


def test_every_name_imported_from_game_i18n_is_there() -> None:
    """``from game.i18n import X`` anywhere in game/ and tests/ finds X (re-exported or a
    submodule)."""
    import importlib.util

    names: set[str] = set()
    for folder in ("game", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module == "game.i18n":
                    names |= {a.name for a in node.names}
    assert {"_", "N_", "ngettext", "card_text", "refusal_text", "set_language"} <= names
    for name in sorted(names):
        assert hasattr(i18n, name) or importlib.util.find_spec(f"game.i18n.{name}"), name
