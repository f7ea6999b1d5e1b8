"""The rules screens' catalogs (gettext domain ``rules``): extract, merge, compile, check.

The msgids are the English strings of the data files ``game/i18n/rules/*.toml``, as
:mod:`game.i18n.rules_content` reads them; each entry names the file it is written in and
what it is (a page, a section, a term), so a translator can find it.  Maintainers run::

    python -m game.i18n.rules_catalog update   # write rules.pot, merge every rules.po,
                                               # compile every rules.mo
    python -m game.i18n.rules_catalog check    # exit 1 when a language lacks a msgstr

A new or changed English string reaches each ``locale/<lang>/LC_MESSAGES/rules.po``
empty (the old translation, when Babel finds a near match, is kept as fuzzy and is not
compiled): translate it there and run ``update`` again.
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.i18n.catalogs import PLURAL_FORMS, _parse_plural_forms
from game.i18n.core import LANGUAGES, LOCALE_DIR
from game.i18n.rules_content import CONTENT, DOMAIN, SOURCE_PREFIX, msgids

TRANSLATED = [code for code in LANGUAGES if code != "en"]
POT = LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template() -> Catalog:
    """The msgids in page order, each with every file and place it is used in."""
    cat = Catalog(project="cardclub", domain=DOMAIN, fuzzy=False)
    for e in CONTENT.entries():
        cat.add(e.msgid, locations=[(SOURCE_PREFIX + e.source, 0)], auto_comments=[e.note])
    return cat


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=DOMAIN)
    return Catalog(locale=lang, domain=DOMAIN, project="cardclub", fuzzy=False)


def write(lang: str, cat: Catalog) -> None:
    # the same Plural-Forms as the interface catalog (Babel's own data gives Spanish three)
    # Babel types these private fields loosely; they are set as Babel itself sets them
    cat._num_plurals, cat._plural_expr = _parse_plural_forms(  # type: ignore[assignment]
        PLURAL_FORMS[lang])
    cat.last_translator = "Card Club translators"
    cat.language_team = f"{LANGUAGES[lang]} ({lang})"
    cat.revision_date = cat.creation_date
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, ignore_obsolete=True,
                 include_lineno=False)
    with path.with_suffix(".mo").open("wb") as f:
        write_mo(f, cat, use_fuzzy=False)


def update() -> None:
    tmpl = template()
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, tmpl, width=100, include_lineno=False)
    for lang in TRANSLATED:
        if not po_path(lang).exists():
            continue
        cat = read(lang)
        cat.update(tmpl, update_header_comment=False)
        write(lang, cat)


def missing(lang: str) -> list[str]:
    """The msgids that ``lang`` does not translate (empty or fuzzy)."""
    cat = read(lang)
    out = []
    for mid in msgids():
        msg = cat.get(mid)
        if msg is None or not msg.string or msg.fuzzy:
            out.append(mid)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    cmd = args[0] if args else "check"
    if cmd == "update":
        update()
    problems = {lang: missing(lang) for lang in TRANSLATED}
    for lang, ids in problems.items():
        for mid in ids:
            print(f"{lang}: untranslated: {mid[:70]!r}")
    return 1 if any(problems.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
