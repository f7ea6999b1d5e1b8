"""The rules screens and the card-traditions pages: content, translations, layout, input.

Content checks need no window; the rest drives a real window (Xvfb) with real events.
"""
from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.i18n import rules_catalog
from game.i18n.rules_content import (
    CONTENT,
    CONTENT_DIR,
    COVERAGE,
    DECKS,
    GAMES,
    ContentError,
    catalog,
    load,
    msgids,
    rules_gettext,
)
from game.scenes import SCENES, scene_class
from game.scenes.rules_view import ORDER, RulesView
from game.scenes.traditions_view import TraditionsView
from game.tools.drive import pump

from .ui_helpers import drag, tap

SHARED_RULES = Path(__file__).resolve().parent.parent.parent / "shared" / "rules"
LANGS = ("en", "cs", "pl", "de", "es")
SIZES = ((1280, 800), (960, 600), (864, 540))
RULE_ID = re.compile(r"\b(?:DUR|BUS|DUD|PDK)-\d")
#: every rule id of shared/rules (used when the shared folder is not next to the repo)
KNOWN_IDS = ({f"DUR-{n}" for n in range(1, 11)} | {f"BUS-{n}" for n in range(1, 13)}
             | {f"DUD-{n}" for n in range(1, 13)} | {f"PDK-{n}" for n in range(1, 13)})
PREFIX = {"durak": "DUR", "autobus": "BUS", "dudak": "DUD", "paodekuai": "PDK"}


def rule_ids() -> set[str]:
    if not SHARED_RULES.is_dir():
        return KNOWN_IDS
    ids: set[str] = set()
    for md in SHARED_RULES.glob("*.md"):
        ids |= set(re.findall(r"\*\*([A-Z]{3}-\d+)\b", md.read_text(encoding="utf-8")))
    return ids


# ---- content, without a window --------------------------------------------------------------

def test_every_rule_id_is_covered_by_a_section_of_its_game() -> None:
    ids = rule_ids()
    assert KNOWN_IDS <= ids                     # the files still hold every id we know
    covered: set[str] = set()
    for game, sections in COVERAGE.items():
        keys = {s.key for s in GAMES[game].sections}
        for key, rids in sections.items():
            assert key in keys, f"{game}: coverage names a missing section {key}"
            assert all(r.startswith(PREFIX[game] + "-") for r in rids), (game, rids)
            covered |= set(rids)
    assert ids - covered == set(), f"rule ids no section covers: {sorted(ids - covered)}"


def test_every_game_has_the_full_set_of_sections_and_a_sprite_example() -> None:
    for game in GAMES.values():
        keys = [s.key for s in game.sections]
        for needed in ("objective", "setup", "play", "rules", "tips", "example", "terms"):
            assert needed in keys, (game.key, needed)
        example = next(s for s in game.sections if s.key == "example")
        scenes = [b.scene for b in example.blocks if b.scene is not None]
        assert len(scenes) >= 3
        for sc in scenes:
            assert sc.caption and all(c for grp in sc.groups for c in grp)
        steps = [b for s in game.sections if s.key == "play" for b in s.blocks
                 if b.kind == "step"]
        assert len(steps) >= 4


def test_no_rule_id_in_any_player_text() -> None:
    for mid in msgids():
        assert not RULE_ID.search(mid), mid
    for lang in LANGS[1:]:
        for mid in msgids():
            assert not RULE_ID.search(catalog(lang).gettext(mid)), (lang, mid)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_msgid_has_a_translation(lang: str) -> None:
    assert rules_catalog.missing(lang) == []                  # the .po sources
    compiled = catalog(lang)
    for mid in msgids():                                      # the compiled .mo
        text = compiled.gettext(mid)
        assert text.strip(), (lang, mid)
        if len(mid) > 30:                                     # long text really translated
            assert text != mid, (lang, mid)


def test_translations_keep_each_traditions_card_terms() -> None:
    atlas_courts = GAMES["durak"].sections[1].blocks[0].text
    czech_ranks = GAMES["dudak"].sections[1].blocks[0].text
    for lang in LANGS[1:]:
        text = catalog(lang).gettext(atlas_courts)
        assert all(letter in text for letter in "ВДКТ"), (lang, text)
    cs = catalog("cs").gettext(czech_ranks)
    assert "spodek" in cs and "svršek" in cs and "zelené" in cs and "žaludy" in cs
    de = catalog("de").gettext(czech_ranks)
    assert "Unter" in de and "Ober" in de
    pl = catalog("pl").gettext(czech_ranks)
    assert "niżnik" in pl and "wyżnik" in pl and "liście, czerwienie" in pl


def test_BUS11_draw_needs_empty_piles_a_quiet_circuit_and_no_run_play_for_anyone() -> None:
    text = next(b.text for s in GAMES["autobus"].sections if s.key == "rules"
                for b in s.blocks if b.text.startswith("A draw"))
    for part in ("stock and the completed pile are both empty", "full round",
                 "no player has any card", "onto a run", "start a new one"):
        assert part in text
    assert "BUS-11" in COVERAGE["autobus"]["rules"]


# ---- the data files -------------------------------------------------------------------------

def test_the_catalog_template_holds_exactly_the_data_files_msgids_in_page_order() -> None:
    """The .pot is what ``rules_catalog update`` writes from the data: the same msgids in
    the same order, each naming a data file that exists (so the .po files still match)."""
    from babel.messages.pofile import read_po

    with rules_catalog.POT.open("rb") as f:
        pot = read_po(f, domain="rules")
    assert [m.id for m in pot if m.id] == msgids()
    files = {name for m in pot if m.id for name, _line in m.locations}
    assert files and all((CONTENT_DIR.parent.parent.parent / f).is_file() for f in files)
    assert {f.rsplit("/", 1)[1] for f in files} == {p.name for p in CONTENT_DIR.glob("*.toml")}
    assert all(m.auto_comments for m in pot if m.id)


def test_the_data_files_load_to_the_module_content() -> None:
    assert load(CONTENT_DIR) == CONTENT
    assert list(GAMES) == ["autobus", "dudak", "durak", "paodekuai"]
    assert list(DECKS) == ["french", "czech", "atlasnye"]
    durak = GAMES["durak"]
    assert durak.deck == "atlasnye" and durak.sections[0].heading == "Objective"
    scene = next(b.scene for s in durak.sections for b in s.blocks
                 if b.scene is not None and b.scene.cover)
    assert scene.style == "atlasnye" and scene.groups == (("9S", "JS"),)
    controls = [b.text for g in GAMES.values() for s in g.sections for b in s.blocks
                if b.text.startswith("At the table you drag")]
    assert len(controls) == 4 and len(set(controls)) == 1      # one shared paragraph


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    shutil.copytree(CONTENT_DIR, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("name", ["shared.toml", "decks.toml", "dudak.toml"])
def test_a_missing_data_file_is_named(content_copy: Path, name: str) -> None:
    (content_copy / name).unlink()
    with pytest.raises(ContentError, match=re.escape(str(content_copy / name)) + ": missing"):
        load(content_copy)


@pytest.mark.parametrize("name, old, new, says", [
    ("durak.toml", 'title = "Durak"', 'title = "Durak', "not valid TOML"),
    ("durak.toml", "scene = \"9S JS\"", "scene = \"9S JZ\"", "bad card '9S JZ'|bad card 'JZ'"),
    ("autobus.toml", "scene = \"AS 2H 3D\"", "scene = \"AS | | 3D\"", "an empty group"),
    ("paodekuai.toml", "step = ", "stp = ", r"sections\.play\.blocks #1\]: unknown key 'stp'"),
    ("dudak.toml", "caption = ", "text = ", "unknown key 'text'"),
    ("durak.toml", "bullet = ", "step = 'A step'\nbullet = ", "exactly one of.*found bullet, step"),
    ("dudak.toml", "[sections.tips]", "[sections.hints]", "no heading for section 'hints'"),
    ("durak.toml", 'shared = "controls"', 'shared = "control"', "names no paragraph"),
    ("durak.toml", 'term = "Talon"', 'term = ""', "'term' must be a non-empty string"),
    ("autobus.toml", 'deck = "french"', 'deck = "tarot"', "deck 'tarot' is not a deck"),
    ("decks.toml", 'style = "czech"', 'style = "hungarian"', "style 'hungarian'"),
    ("decks.toml", 'games = ["dudak"]', 'games = ["mariage"]', "not in shared.toml's games"),
    ("shared.toml", 'back = "Back"', "back = 3", r"\[ui\]: 'back' must be a non-empty string"),
    ("durak.toml", 'para = """\\\n', 'para = """\n', "stray spaces or a line break"),
])
def test_a_broken_data_file_is_named_with_what_is_wrong(content_copy: Path, name: str, old: str,
                                                        new: str, says: str) -> None:
    edit(content_copy / name, old, new)
    with pytest.raises(ContentError) as err:
        load(content_copy)
    message = str(err.value)
    assert message.startswith(str(content_copy / name)), message
    assert re.search(says, message), message


def test_rules_gettext_follows_the_language() -> None:
    try:
        i18n.set_language("de")
        assert rules_gettext("Back") == "Zurück"
        i18n.set_language("cs")
        assert rules_gettext("Back") == "Zpět"
    finally:
        i18n.set_language("en")
    assert rules_gettext("Back") == "Back"


def test_traditions_is_a_registered_scene() -> None:
    assert "traditions" in SCENES and scene_class("traditions") is TraditionsView
    assert scene_class("rules") is RulesView


# ---- through a real window --------------------------------------------------------------------

class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, name: str, **kw: Any) -> None:
        self.calls.append((name, kw))


@pytest.fixture
def app(window: CardClubWindow, monkeypatch: pytest.MonkeyPatch) -> Iterator[CardClubWindow]:
    resize(window, 1280, 800)
    rec = Recorder()
    monkeypatch.setattr(window, "open", rec, raising=False)
    yield window
    i18n.set_language("en")


def resize(window: arcade.Window, w: int, h: int) -> None:
    if (window.width, window.height) != (w, h):
        window.set_size(w, h)
    window.dispatch_event("on_resize", w, h)


def show(app: CardClubWindow, view: arcade.View, frames: int = 2) -> Any:
    app.show_view(view)
    pump(app, frames)
    return view


def check_fits(view: Any) -> None:
    """No text wider than its box, nothing outside the window or the content column."""
    c = view.content
    for t, box in view.texts:
        assert t.content_width <= box + 1, (t.text[:40], t.content_width, box)
        if t.multiline or t.anchor_x == "left":
            assert t.left >= c.left - 1 and t.left + t.content_width <= c.right + 1, t.text[:40]
    for b in view.buttons.buttons:
        if b.visible:
            assert b.label.text.content_width <= b.w - 6, (b.name, b.label.text.text)
            assert b.cx - b.w / 2 >= 0 and b.cx + b.w / 2 <= view.window.width + 0.5, b.name
            assert b.w >= 48 and b.h >= 48
    assert view.title.text.content_width <= view.title_box + 1, view.title.text.text
    texts = [t for t, _box in view.texts]
    for mark, text in zip(texts, texts[1:], strict=False):   # a step's number, then its words
        if re.fullmatch(r"\d+\.", mark.text):
            assert text.left >= mark.left + mark.content_width + 0.25 * mark.font_size, (
                mark.text, text.text[:20])         # ("1.Hned": no space at 864x540)


@pytest.mark.ui
@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_screen_renders_translated_and_fits(app: CardClubWindow, lang: str) -> None:
    i18n.set_language(lang)
    english = {mid for mid in msgids() if len(mid) > 30}
    for w, h in SIZES:
        resize(app, w, h)
        for game in (None, *ORDER):
            view = show(app, RulesView(app, game), 1)
            check_fits(view)
            drawn = view.drawn_texts()
            assert not any(RULE_ID.search(t) for t in drawn)
            if lang != "en":          # nothing long is left in English
                assert not [t for t in drawn if t in english], (lang, game)
            if game is not None:
                assert len(view.cards) >= 4 and view.max_scroll > 0
                assert GAMES[game].title in view.title.text.text


@pytest.mark.ui
@pytest.mark.parametrize("lang", LANGS)
def test_every_traditions_page_renders_translated_and_fits(app: CardClubWindow,
                                                           lang: str) -> None:
    i18n.set_language(lang)
    for w, h in SIZES:
        resize(app, w, h)
        for deck in DECKS.values():
            view = show(app, TraditionsView(app, deck.key), 1)
            check_fits(view)
            drawn = " ".join(view.drawn_texts())
            assert rules_gettext(deck.origin) in drawn
            assert rules_gettext(deck.courts) in drawn
            assert all(GAMES[g].title in drawn for g in deck.games)
            assert len(view.cards) == len(deck.fan)
            assert {sp.texture for sp in view.cards} and len({sp.angle for sp in view.cards}) > 1


@pytest.mark.ui
def test_switching_language_changes_the_open_screen_at_once(app: CardClubWindow) -> None:
    view = show(app, RulesView(app, "durak"))
    assert view.buttons.by_name("back").label.text.text == "Back"
    i18n.set_language("pl")
    pump(app, 1)
    assert view.buttons.by_name("back").label.text.text == "Wstecz"
    assert "Jak grać" in view.title.text.text
    assert rules_gettext(GAMES["durak"].tagline) in view.drawn_texts()


@pytest.mark.ui
def test_wheel_scrolls_the_page_and_the_picture(app: CardClubWindow) -> None:
    view = show(app, RulesView(app, "autobus"))
    c = view.content
    before = arcade.get_image(int(c.left), int(c.bottom), int(c.width), int(c.height))
    app.dispatch_event("on_mouse_scroll", int(c.center_x), int(c.center_y), 0, -3)
    pump(app, 1)
    assert view.scroll == pytest.approx(180, abs=1)
    assert view.camera.position[1] == pytest.approx(app.height / 2 - view.scroll)
    after = arcade.get_image(int(c.left), int(c.bottom), int(c.width), int(c.height))
    assert before.tobytes() != after.tobytes()
    app.dispatch_event("on_mouse_scroll", int(c.center_x), int(c.center_y), 0, 50)
    assert view.scroll == 0                          # clamped at the top
    app.dispatch_event("on_mouse_scroll", int(c.center_x), int(c.center_y), 0, -500)
    assert view.scroll == view.max_scroll            # and at the bottom


@pytest.mark.ui
def test_drag_scrolls_like_a_touch_screen_and_is_not_a_tap(app: CardClubWindow) -> None:
    resize(app, 960, 600)
    chooser = show(app, RulesView(app, None))
    key, rect = chooser.tiles[0]
    y = rect.center_y + chooser.scroll
    drag(app, rect.center_x, y, rect.center_x, y + 100)     # a drag over a tile picks nothing
    assert chooser.game is None
    view = show(app, RulesView(app, "dudak"))
    c = view.content
    drag(app, c.center_x, c.bottom + 40, c.center_x, c.bottom + 290)
    assert view.scroll == pytest.approx(250, abs=1)
    assert view.game == "dudak"
    drag(app, c.center_x, c.top - 40, c.center_x, c.top - 140)
    assert view.scroll == pytest.approx(150, abs=1)
    assert app.open.calls == []                       # type: ignore[attr-defined]


@pytest.mark.ui
def test_chooser_tile_tap_opens_that_games_rules(app: CardClubWindow) -> None:
    view = show(app, RulesView(app))
    assert view.game is None and not view.buttons.by_name("start").visible
    key, rect = next((k, r) for k, r in view.tiles if k == "paodekuai")
    tap(app, rect.center_x, rect.center_y + view.scroll)
    assert view.game == "paodekuai" and view.buttons.by_name("start").visible
    tab = view.buttons.by_name("durak")
    tap(app, tab.cx, tab.cy)
    assert view.game == "durak"


@pytest.mark.ui
def test_start_playing_and_back_go_through_the_window(app: CardClubWindow) -> None:
    rec: Recorder = app.open  # type: ignore[assignment]
    view = show(app, RulesView(app, "dudak"))
    start = view.buttons.by_name("start")
    tap(app, start.cx, start.cy)
    assert rec.calls[-1] == ("table", {"game": "dudak"})
    back = view.buttons.by_name("back")
    tap(app, back.cx, back.cy)
    assert rec.calls[-1] == ("menu", {})
    went: list[str] = []
    view = show(app, RulesView(app, "durak", back=lambda: went.append("back")))
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert went == ["back"]
    n = len(rec.calls)
    tap(app, view.buttons.by_name("back").cx, view.buttons.by_name("back").cy)
    assert went == ["back", "back"] and len(rec.calls) == n


@pytest.mark.ui
def test_card_decks_button_opens_traditions_and_comes_back(app: CardClubWindow) -> None:
    rec: Recorder = app.open  # type: ignore[assignment]
    view = show(app, RulesView(app, "durak"))
    decks = view.buttons.by_name("decks")
    tap(app, decks.cx, decks.cy)
    name, kw = rec.calls[-1]
    assert name == "traditions" and kw["deck"] == "atlasnye"
    page = show(app, TraditionsView(app, **kw))
    assert page.deck == "atlasnye"
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert app.current_view is view
    # a deck page links to the rules of the games that use it
    page = show(app, TraditionsView(app, "french"))
    game, rect = page.game_links[1]
    page.scroll_to(page.max_scroll)                   # the links sit at the page's foot
    pump(app, 1)
    assert page.content.point_in_rect((rect.center_x, rect.center_y + page.scroll))
    tap(app, rect.center_x, rect.center_y + page.scroll)
    assert rec.calls[-1] == ("rules", {"game": game}) and game == "paodekuai"


@pytest.mark.ui
def test_scrolling_rebuilds_no_text(app: CardClubWindow) -> None:
    view = show(app, RulesView(app, "paodekuai"))
    texts = [t for t, _ in view.texts]
    batch = view.batch
    for _ in range(5):
        app.dispatch_event("on_mouse_scroll", 600, 300, 0, -1)
        pump(app, 1)
    assert view.scroll > 0 and view.batch is batch
    assert [t for t, _ in view.texts] == texts
