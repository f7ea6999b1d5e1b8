"""The interface catalogs (gettext domain ``cardclub``): extract, merge, compile, check.

Maintainers run::

    python -m game.i18n.catalogs update   # extract _()/ngettext()/N_()/pgettext() from game/,
                                          # merge into every .po, compile every .mo
    python -m game.i18n.catalogs check    # what the completeness test checks; exit 1 on problems

English (``en``) is the source: its ``msgstr`` is the ``msgid``, filled in by ``update``.
A new or changed string reaches the other languages empty (or fuzzy, when Babel finds a
near match): translate it in ``locale/<lang>/LC_MESSAGES/cardclub.po`` and run ``update``
again to compile.  The AI levels' labels in ``levels/*.toml`` are extracted too.
The rules screens' text (``game/i18n/rules/*.toml``) is its own domain (``rules``, see
``game.i18n.rules_catalog``) and is not extracted here.
"""
from __future__ import annotations

import copy
import gettext
import io
import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game import resources
from game.i18n.core import DOMAIN, LANGUAGES, LOCALE_DIR

SOURCE = "en"
GAME_DIR = Path(__file__).resolve().parent.parent
ROOT = GAME_DIR.parent
POT = LOCALE_DIR / f"{DOMAIN}.pot"
#: files under game/ whose strings belong to another domain (or to nobody)
EXCLUDED = ("assets_gen/**",)
#: the classic gettext plural rules (Czech and Polish have three forms)
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
          "? 1 : 2);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
}
_BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[.\[!:][^{}]*)?\}")
_PERCENT = re.compile(r"%\(([A-Za-z_][A-Za-z0-9_]*)\)[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc]")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def placeholders(text: str) -> set[str]:
    """The named placeholders of a string: ``{name}`` and ``%(name)s``."""
    return set(_BRACE.findall(text)) | set(_PERCENT.findall(text))


# ---- extract, merge, compile ------------------------------------------------------------

def extract() -> Catalog:
    """Every marked string in game/ (``_``, ``ngettext``, ``N_``, ``pgettext``, ...)."""
    method_map = [(f"**/{p}" if "/" not in p else p, "ignore") for p in EXCLUDED]
    method_map += [(p, "ignore") for p in EXCLUDED]
    method_map.append(("**.py", "python"))
    keywords = dict(DEFAULT_KEYWORDS)
    template = Catalog(project="cardclub", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(GAME_DIR), method_map=method_map, keywords=keywords,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        where = f"game/{filename}".replace("\\", "/")
        template.add(message, None, [(where, lineno)], auto_comments=comments,
                     context=context)
    for where, label in _level_labels():
        template.add(label, None, [(where, 0)],
                     auto_comments=["an AI level's name, from levels/*.toml"])
    return template


def _level_labels() -> list[tuple[str, str]]:
    """The ``label`` of every AI level in levels/*.toml (shown through ``_()``)."""
    out: list[tuple[str, str]] = []
    for path in sorted(resources.path("levels").glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        for level in data.get("levels", {}).values():
            if isinstance(level, dict) and isinstance(level.get("label"), str):
                out.append((f"levels/{path.name}", level["label"]))
    return out


def _set_header(cat: Catalog, lang: str) -> None:
    cat.fuzzy = False
    cat.header_comment = (f"# Card Club interface, {LANGUAGES[lang]}.\n"
                          "# Made with: python -m game.i18n.catalogs update")
    cat.project, cat.version = "cardclub", "1"
    cat.language_team = f"{LANGUAGES[lang]} <cardclub@localhost>"
    cat.last_translator = "Card Club <cardclub@localhost>"
    n, expr = _parse_plural_forms(PLURAL_FORMS[lang])
    # Babel types these private fields loosely; they are set as Babel itself sets them
    cat._num_plurals, cat._plural_expr = n, expr  # type: ignore[assignment]


def _parse_plural_forms(header: str) -> tuple[int, str]:
    m = re.match(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$", header)
    assert m, header
    return int(m.group(1)), m.group(2)


def _load(lang: str) -> Catalog | None:
    p = po_path(lang)
    if not p.exists():
        return None
    with p.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=96, sort_output=False, include_previous=True,
             include_lineno=False)   # file names only: no churn when lines move
    return buf.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def _without_dates(data: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", data)


def _write_if_changed(path: Path, data: bytes, dated: bool = True) -> bool:
    old = path.read_bytes() if path.exists() else None
    same = old is not None and (_without_dates(old) == _without_dates(data) if dated
                                else old == data)
    if same:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update(langs: Iterable[str] = LANGUAGES, log: Any = print) -> None:
    """Extract, write the .pot, merge it into each .po (English filled in), compile."""
    template = extract()
    _write_if_changed(POT, _po_bytes(template))
    for lang in langs:
        cat = _load(lang)
        if cat is None:
            cat = Catalog(locale=lang, domain=DOMAIN, project="cardclub", fuzzy=False)
        _set_header(cat, lang)     # before update: it sizes plural msgstrs by the header
        # a copy each: update() adopts the template's Message objects for new strings
        cat.update(copy.deepcopy(template), no_fuzzy_matching=False,
                   update_header_comment=False)
        if lang == SOURCE:
            for m in cat:
                if m.id:
                    m.string = m.id
                    m.flags.discard("fuzzy")
        changed = _write_if_changed(po_path(lang), _po_bytes(cat))
        # compile from the file as written, so the .mo is exactly what the .po says
        written = _load(lang)
        assert written is not None
        _write_if_changed(mo_path(lang), _mo_bytes(written), dated=False)
        missing = sum(1 for m in written if m.id and not _translated(m, lang))
        log(f"{lang}: {len(template)} strings, {missing} to translate"
            + (" (po updated)" if changed else ""))


def compile_all(langs: Iterable[str] = LANGUAGES) -> None:
    for lang in langs:
        cat = _load(lang)
        if cat is not None:
            _write_if_changed(mo_path(lang), _mo_bytes(cat), dated=False)


# ---- checks -----------------------------------------------------------------------------

def _forms(m: Message) -> list[str]:
    s = m.string
    return list(s) if isinstance(s, (list, tuple)) else [s or ""]


def _translated(m: Message, lang: str) -> bool:
    forms = _forms(m)
    return not m.fuzzy and all(f.strip() for f in forms)


def _key(m: Message) -> tuple[str, str | None]:
    mid = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
    return mid, m.context


def _expected_mo(cat: Catalog) -> dict[Any, str]:
    """What gettext should find in the .mo compiled from ``cat``."""
    out: dict[Any, str] = {}
    for m in cat:
        if not m.id or m.fuzzy or not all(_forms(m)):
            continue
        mid, ctx = _key(m)
        full = f"{ctx}\x04{mid}" if ctx else mid
        if isinstance(m.id, (list, tuple)):
            for i, form in enumerate(_forms(m)):
                out[(full, i)] = form
        else:
            out[full] = _forms(m)[0]
    return out


def problems(langs: Iterable[str] = LANGUAGES, with_source: bool = True) -> list[str]:
    """Everything wrong with the catalogs, one line each (empty: all is well).

    A key English has is missing, empty or fuzzy in a language; placeholders differ; a
    plural entry lacks a form; the Plural-Forms header is wrong; the .mo is stale; and
    (``with_source``) a string marked in game/ is not in the English catalog.
    """
    out: list[str] = []
    en = _load(SOURCE)
    if en is None:
        return [f"{po_path(SOURCE)} is missing: run python -m game.i18n.catalogs update"]
    if with_source:
        known = {_key(m) for m in en if m.id}
        for m in extract():
            if m.id and _key(m) not in known:
                where = ", ".join(f"{f}:{n}" for f, n in m.locations[:2])
                out.append(f"en: {_key(m)[0]!r} ({where}) is not in the catalogs: run "
                           "python -m game.i18n.catalogs update")
    for lang in langs:
        cat = en if lang == SOURCE else _load(lang)
        if cat is None:
            out.append(f"{lang}: {po_path(lang)} is missing")
            continue
        nplurals, _expr = _parse_plural_forms(PLURAL_FORMS[lang])
        if cat.num_plurals != nplurals:
            out.append(f"{lang}: Plural-Forms says {cat.num_plurals} forms, not {nplurals}")
        for src in en:
            if not src.id:
                continue
            mid, ctx = _key(src)
            tr = cat.get(mid, context=ctx)
            label = f"{lang}: {mid!r}" + (f" [{ctx}]" if ctx else "")
            if tr is None or not _translated(tr, lang):
                state = "fuzzy" if tr is not None and tr.fuzzy else "missing"
                out.append(f"{label} is {state}")
                continue
            forms = _forms(tr)
            if isinstance(src.id, (list, tuple)):
                if len(forms) != nplurals:
                    out.append(f"{label} has {len(forms)} plural forms, not {nplurals}")
                single, plural = placeholders(src.id[0]), placeholders(src.id[1])
                for i, form in enumerate(forms):
                    got = placeholders(form)
                    allowed = (got in (single, plural)) if i == 0 else got == plural
                    if not allowed:
                        out.append(f"{label} form {i} has placeholders {sorted(got)}, "
                                   f"English {sorted(plural)}")
            else:
                want, got = placeholders(src.id), placeholders(forms[0])
                if want != got:
                    out.append(f"{label} has placeholders {sorted(got)}, English "
                               f"{sorted(want)}")
        mo = mo_path(lang)
        if not mo.exists():
            out.append(f"{lang}: {mo} is missing: run python -m game.i18n.catalogs update")
            continue
        with mo.open("rb") as f:
            compiled = gettext.GNUTranslations(f)
        # GNUTranslations keeps its messages in _catalog (typeshed leaves it out)
        have = {k: v for k, v in compiled._catalog.items() if k != ""}  # type: ignore[attr-defined]
        if have != _expected_mo(cat):
            out.append(f"{lang}: {mo.name} is stale against {po_path(lang).name}: run "
                       "python -m game.i18n.catalogs update")
        # .plural is GNUTranslations' own, from the file's Plural-Forms (not in typeshed)
        elif any(compiled.plural(n) != _plural_fn(PLURAL_FORMS[lang])(n)  # type: ignore[attr-defined]
                 for n in (0, 1, 2, 5, 12, 22)):
            out.append(f"{lang}: {mo.name} has the wrong plural rule")
    return out


def _plural_fn(header: str) -> Any:
    return gettext.c2py(_parse_plural_forms(header)[1])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    cmd = args[0] if args else "check"
    if cmd == "update":
        update()
        return 0
    if cmd == "compile":
        compile_all()
        return 0
    if cmd == "check":
        found = problems()
        for line in found:
            print(line)
        print("catalogs: " + ("ok" if not found else f"{len(found)} problems"))
        return 1 if found else 0
    print("usage: python -m game.i18n.catalogs update|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
