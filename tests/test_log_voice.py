"""The log tells what happened in every language (issue 51): a move has two voices, the
hint's suggestion to the player ("beat the 9♠ with the J♠") and the log's account of what
a seat did ("Computer 1: beats the 9♠ with the J♠", "You beat the 9♠ with the J♠").  The
log, the seats' last plays, the replay and the review's "your move" tell; only the hint
suggests.  Real deals are played through the engines and their logs read in every
language: no line gives an order, and every line names its seat, the same name the table
shows.  Pure: no window."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n
from game.games import ORDER, spec
from game.i18n import core
from game.i18n.moves import move_told, move_words, told_line
from game.rules import GAMES, Move
from game.session.journal import Journal
from game.session.playlog import PlayLog

LANGS = list(i18n.LANGUAGES)
#: how a line telling the player's own move begins: the pronoun or the possessive
#: (English, German: "You beat…", "Du schlägst…", "Your play: …"), or a verb in the second
#: person where the language drops the pronoun (the Spanish preterite "atacaste", "te
#: llevaste"; the Polish and Czech present "atakujesz", "útočíš"), or "your play: …"
OWN = {"en": r"^(You|Your)\b", "de": r"^(Du|Dein)\b", "es": r"^((Te )?\w+ste|Tu)\b",
       "pl": r"^(\w+sz|Twoje)\b", "cs": r"^(\w+š|Tvůj)\b"}
#: the options of the deals played, and the moves the log must have told among them
OPTIONS: dict[str, dict[str, Any]] = {"autobus": {"players": 3}}
KINDS = {"durak": {"attack", "defend", "take", "stop"},
         "dudak": {"lead", "beat", "follow", "collect", "take"},
         "paodekuai": {"play", "pass"},
         "autobus": {"play", "discard", "end"}}
SEEDS = (3, 11)
MOST = 160                    # moves played of each deal (a whole deal, or enough of it)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def deal(key: str, seed: int) -> Journal:
    """A deal played by chance among the legal moves (seeded), seat 0 the player's."""
    game = GAMES[key].new(seed=seed, **OPTIONS.get(key, {}))
    journal = Journal.start(game, level="normal", human=0)
    rng = random.Random(seed)
    for _ in range(MOST):
        if game.is_over:
            break
        moves = game.legal_moves()
        kinds = sorted({m.kind for m in moves})
        kind = rng.choice(kinds)                  # every kind of move gets its turns
        move = rng.choice([m for m in moves if m.kind == kind])
        game.play(move)
        journal.moves.append(str(move))
    return journal


@pytest.fixture(scope="module")
def deals() -> dict[str, list[Journal]]:
    return {key: [deal(key, seed) for seed in SEEDS] for key in ORDER}


def positions(journal: Journal) -> Iterator[tuple[int, Any, Move, list[Any]]]:
    """(seat, the player's observation before, the move, its events) along a journal."""
    game = journal.start_state()
    for text in journal.moves:
        seat = game.current_player
        before = game.observation(0)
        move = game.parse_move(text)
        yield seat, before, move, game.play(move)


class _Recorder:
    """Stands in for the English catalog and notes every message asked for."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.asked = inner, set[str]()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return str(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add(singular)
        return str(self.inner.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add(message)
        return str(self.inner.pgettext(context, message))


def hint_messages(key: str, journals: list[Journal]) -> set[str]:
    """The catalog's messages the hint alone speaks in (asked for by ``move_words`` and
    never by ``move_told``), over every legal move of every position of the deals."""
    said, told = _Recorder(core._tr), _Recorder(core._tr)
    saved = core._tr
    try:
        for journal in journals:
            game = journal.start_state()
            for text in journal.moves:
                seat, obs = game.current_player, game.observation(game.current_player)
                for m in game.legal_moves():
                    core._tr = said                          # type: ignore[assignment]
                    move_words(key, m, obs, own=seat == 0)
                    core._tr = told                          # type: ignore[assignment]
                    move_told(key, m, obs, own=seat == 0)
                    move_told(key, m, obs, own=seat != 0)
                core._tr = saved
                game.play(game.parse_move(text))
    finally:
        core._tr = saved
    return said.asked - told.asked


def first_word(text: str) -> str:
    m = re.match(r"\s*([^\s:{}]+)", text)
    return m.group(1).lower() if m else ""


def commands(lang: str, messages: set[str]) -> set[str]:
    """The language's command forms of a game's verbs: the first word of each hint
    message in that language's catalog ("schlage", "zagraj", "přebij", "ataca")."""
    i18n.set_language(lang)
    return {first_word(i18n._(m)) for m in messages} - {""}


def test_the_hints_own_words_are_commands_the_recorder_finds(
        deals: dict[str, list[Journal]]) -> None:
    """The check below is only as good as its list of commands: it holds every verb of
    the hint, in English and in German."""
    found = {key: hint_messages(key, deals[key]) for key in ORDER}
    assert {"attack", "beat", "take", "stop"} <= commands("en", found["durak"])
    assert {"greif", "schlage", "nimm", "beende"} <= commands("de", found["durak"])
    assert {"zagraj", "połóż", "zacznij", "zakończ"} <= commands("pl", found["autobus"])
    assert {"vynes", "přebij", "přilož", "seber", "vezmi"} <= commands("cs", found["dudak"])
    assert {"paso"} <= commands("es", found["paodekuai"])


@pytest.mark.parametrize("key", ORDER)
def test_the_log_of_real_deals_tells_deeds_and_names_every_seat(
        key: str, deals: dict[str, list[Journal]]) -> None:
    journals = deals[key]
    hints = hint_messages(key, journals)
    kinds = {Move.parse(text).kind for j in journals for text in j.moves}
    assert KINDS[key] <= kinds, kinds                  # every verb of the game was told
    for lang in LANGS:
        orders = commands(lang, hints)
        assert orders, lang
        i18n.set_language(lang)
        names = spec(key)
        found: list[str] = []
        for journal in journals:
            log = PlayLog(key, 0, names.seat_name)
            for seat, before, move, events in positions(journal):
                at = len(log.lines)
                log.record(seat, move, before, events)
                line = log.lines[min(at, len(log.lines) - 1)].text   # (Autobus: the
                                                                      # turn's line grows)
                if seat == 0:
                    account = line
                    if not re.match(OWN[lang], line):
                        found.append(f"{lang}: not in the second person: {line!r}")
                else:
                    who = names.seat_name(seat, 0)
                    if not line.startswith(f"{who}: "):
                        found.append(f"{lang}: does not name {who}: {line!r}")
                    account = line[len(who) + 2:]
                    for part in log.last.get(seat, "").split(" · "):
                        if first_word(part) in orders:
                            found.append(f"{lang}: a last play gives an order: {part!r}")
                for part in account.split(" · "):       # each play of a whole turn
                    if first_word(part) in orders:
                        found.append(f"{lang}: an order in the log: {line!r}")
        assert not found, f"{len(found)} lines:\n" + "\n".join(found[:30])


def test_the_log_rebuilt_from_the_journal_tells_the_same(
        deals: dict[str, list[Journal]]) -> None:
    """The table's log is rebuilt from the journal after an undo or a replay's jump: in
    each language it tells the moves as the log above does, with the events' counts."""
    for lang in ("de", "pl", "cs"):
        i18n.set_language(lang)
        for key in ORDER:
            journal = deals[key][0]
            log = PlayLog(key, 0, spec(key).seat_name)
            log.rebuild(journal, len(journal.moves))
            moves = [line for line in log.lines if line.seat is not None
                     and line.text.count(":") >= (0 if line.seat == 0 else 1)]
            told = sum(line.text.count(" · ") + 1 for line in moves)   # a whole turn a line
            assert told >= len(journal.moves)
            orders = commands(lang, hint_messages(key, [journal]))
            i18n.set_language(lang)
            for line in moves:
                account = line.text.split(": ", 1)[-1] if line.seat != 0 else line.text
                assert first_word(account) not in orders, (lang, line.text)


@pytest.mark.parametrize("lang, hint, mine, theirs", [
    ("en", "Attack with the 7♦", "You attack with the 7♦", "Computer: attacks with the 7♦"),
    ("de", "Greif mit der 7♦ an", "Du greifst mit der 7♦ an",
     "Computer: greift mit der 7♦ an"),
    ("es", "Ataca con el 7♦", "Atacaste con el 7♦", "Ordenador: atacó con el 7♦"),
    ("pl", "Atakuj kartą 7♦", "Atakujesz kartą 7♦", "Komputer: atakuje kartą 7♦"),
    ("cs", "Útoč kartou 7♦", "Útočíš kartou 7♦", "Počítač: útočí kartou 7♦"),
])
def test_one_move_in_both_voices(lang: str, hint: str, mine: str, theirs: str) -> None:
    """The hint suggests; the log tells the player's own move in the second person and
    the computer's in the third, after the name its seat shows at a Durak table."""
    i18n.set_language(lang)
    move = Move.parse("attack 7D")
    assert i18n._("Hint: {what}").format(what=move_words("durak", move)) == \
        i18n._("Hint: {what}").format(what=hint[:1].lower() + hint[1:])
    who = spec("durak").seat_name(1)
    assert told_line(spec("durak").seat_name(0), move_told("durak", move, own=True),
                     True) == mine
    assert told_line(who, move_told("durak", move), False) == theirs


def test_a_game_of_two_names_its_computer_as_its_table_does() -> None:
    """Durak's table says "Computer · 6 cards" beside the one opponent's hand: its log
    and its replay say "Computer", not "Computer 1"; a game of more seats numbers them."""
    for lang in LANGS:
        i18n.set_language(lang)
        name = spec("durak").seat_name(1)
        label = i18n.ngettext("{who} · {n} card", "{who} · {n} cards", 6).format(
            who=name, n=6)
        assert label.startswith(name + " "), (lang, label, name)
        assert not re.search(r"\d", name)
        assert re.search(r"\b1\b", spec("paodekuai").seat_name(1))
        assert spec("durak").seat_name(0) == spec("paodekuai").seat_name(0)


def test_a_shared_tables_hidden_card_is_told_too() -> None:
    """A shared table tells another seat's Autobus move without its card when the card
    is gone from sight: the log says so as a deed."""
    assert move_told("autobus", Move("play", ()), {}) == "plays a card onto a run"
    assert move_told("autobus", Move("bus", ()), {}, own=True) == \
        "you put a card under the bus"
    i18n.set_language("pl")
    assert move_told("autobus", Move("play", ()), {}) == "zagrywa kartę do ciągu"
