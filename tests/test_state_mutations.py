"""``from_dict`` refuses every state a mutation makes impossible (issue 35: 90 of 3,000
mutated states were accepted: a negative or non-whole seed, a card added to or removed from
a ``known`` list, ``drawn`` / ``out_order`` that contradict the rest).

The mutator below only makes changes that no deal can reach, so every mutated state must
be refused with :class:`game.rules.StateError` (the ``ValueError`` ``from_dict`` raises for
bad input): a seed that is no deal number, a card added to or taken from a place (or from
the deck), a ``known`` list naming a card its seat does not hold or forgetting one the
other seat saw it take, an ``out_order`` or a ``drawn`` that contradicts who holds what,
a Pao De Kuai history that does not replay into the state.  The property-based mutations
of ``test_robustness.py`` (which may make legal states) stay beside it.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from game.ai import make_bot
from game.games.autobus.rules import TURN_LIMIT, Autobus
from game.games.dudak.rules import MOVE_LIMIT, Dudak
from game.games.durak.rules import Durak
from game.rules import GAMES, Rng, StateError

VARIANTS = [(key, n) for key in sorted(GAMES) for n in GAMES[key].players_allowed]
MUTATIONS = 3000
#: the seeds that are no deal number (the generator's range is 0 .. 2**64 - 1)
BAD_SEEDS: list[Any] = [-1, -(1 << 63), 1 << 64, 1.5, 7.0, True, False, "7", "x", None,
                        [7], {}]


# ----- real positions -------------------------------------------------------------------------
def deals(key: str, players: int, games: int = 4) -> list[dict[str, Any]]:
    """The state after every move of ``games`` random deals (their ends included), and of
    one deal between greedy bots (random Autobus deals end drawn: this one is won)."""
    cls = GAMES[key]
    opts: dict[str, Any] = {"players": players} if len(cls.players_allowed) > 1 else {}
    out = []
    for seed in range(games + 1):
        g = cls.new(seed=7000 + 31 * seed + players, **opts)
        bots = [make_bot(key, "greedy", seed=s) for s in range(g.num_players)]
        rng = Rng(seed * 977 + players)
        out.append(g.to_dict())
        while not g.is_over:
            moves = g.legal_moves()
            if seed < games:
                g.play(moves[rng.below(len(moves))])
            else:
                s = g.current_player
                assert s is not None
                g.play(bots[s].choose(g.observation(s), moves))
            out.append(g.to_dict())
    return out


_POSITIONS: dict[tuple[str, int], list[dict[str, Any]]] = {}


def positions(key: str, players: int) -> list[dict[str, Any]]:
    if (key, players) not in _POSITIONS:
        _POSITIONS[key, players] = [json.loads(json.dumps(d)) for d in deals(key, players)]
    return _POSITIONS[key, players]


# ----- where the cards are --------------------------------------------------------------------
def zones(d: dict[str, Any]) -> list[list[str]]:
    """Every list of cards the deal's cards lie in (each card of the deck exactly once over
    all of them); Durak's table pairs are handled apart."""
    key = d["game"]
    if key == "durak":
        return [*d["hands"], d["talon"], d["discard"]]
    if key == "dudak":
        return [*d["hands"], *d["collected"], d["pile"], d["out"]]
    if key == "paodekuai":
        return [*d["hands"], d["table"], d["discard"]]
    return [*d["reserves"], *d["hands"], *(p for piles in d["aux"] for p in piles),
            *(r for r in d["runs"] if r is not None), d["stock"], d["completed"]]


def initial_hands(d: dict[str, Any]) -> list[list[str]]:
    """The hands the deal's own deck order gave (Durak: DUR-2; Dudák: DUD-2)."""
    deck = d["deck"]
    if d["game"] == "durak":
        return [deck[0:12:2], deck[1:12:2]]
    first = (d["dealer"] + 1) % 4
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, c in enumerate(deck):
        hands[(first + i) % 4].append(c)
    return hands


def must_be_known(d: dict[str, Any], seat: int) -> list[str]:
    """Cards of ``seat`` the other seats saw it get: Durak, the trump card (DUR-2, drawn
    last and face up) and any card of the other seat's first hand (it came over the table,
    taken: DUR-6); Dudák, every card collected (DUD-7) and any card it was not dealt (the
    pile is the only way in: DUD-7, DUD-8)."""
    first = initial_hands(d)
    if d["game"] == "durak":
        return [c for c in d["hands"][seat] if c == d["trump_card"] or c in first[1 - seat]]
    held = d["hands"][seat] + d["collected"][seat]
    return sorted(set(d["collected"][seat]) | {c for c in held if c not in first[seat]})


# ----- the mutations (each one must be refused) ---------------------------------------------
Mutation = Callable[[dict[str, Any], random.Random], str | None]


def bad_seed(d: dict[str, Any], rng: random.Random) -> str:
    d["seed"] = copy.deepcopy(rng.choice(BAD_SEEDS))
    return f"seed {d['seed']!r}"


def card_added(d: dict[str, Any], rng: random.Random) -> str:
    card = rng.choice(GAMES[d["game"]].full_deck())
    if d["game"] == "durak" and rng.random() < 0.25:
        d["table"].append([card, None])
        return f"{card} added to the table"
    z = rng.choice(zones(d))
    z.insert(rng.randint(0, len(z)), card)
    return f"{card} added to a place"


def card_removed(d: dict[str, Any], rng: random.Random) -> str | None:
    full = [z for z in zones(d) if z]
    if d["game"] == "durak" and d["table"] and (not full or rng.random() < 0.25):
        pair = rng.choice(d["table"])
        if pair[1] is not None:
            pair[1] = None
            return "a defence card taken off the table"
        d["table"].remove(pair)
        return "an attack card taken off the table"
    if not full:
        return None
    z = rng.choice(full)
    return f"{z.pop(rng.randrange(len(z)))} taken from a place"


def card_doubled(d: dict[str, Any], rng: random.Random) -> str | None:
    full = [z for z in zones(d) if z]
    if not full:
        return None
    z = rng.choice(full)
    card = rng.choice(z)
    z.insert(rng.randint(0, len(z)), card)
    return f"{card} twice in one place"


def deck_changed(d: dict[str, Any], rng: random.Random) -> str:
    deck = d["deck"]
    how = rng.randrange(3)
    if how == 0:
        return f"{deck.pop(rng.randrange(len(deck)))} taken from the deck"
    card = rng.choice(deck)
    if how == 1:
        deck.insert(rng.randint(0, len(deck)), card)
        return f"{card} added to the deck"
    i = rng.randrange(len(deck))
    others = [c for c in deck if c != deck[i]]
    deck[i] = rng.choice(others)
    return "a card of the deck replaced by another"


def known_added(d: dict[str, Any], rng: random.Random) -> str | None:
    """A card in ``known[s]`` more often than seat s holds it."""
    seat = rng.randrange(len(d["known"]))
    held = Counter(d["hands"][seat] + (d["collected"][seat] if "collected" in d else []))
    known = Counter(d["known"][seat])
    choices = [c for c in GAMES[d["game"]].full_deck() if known[c] + 1 > held[c]]
    card = rng.choice(choices)
    d["known"][seat].insert(rng.randint(0, len(d["known"][seat])), card)
    return f"{card} added to known[{seat}]"


def known_removed(d: dict[str, Any], rng: random.Random) -> str | None:
    """A card the other seats saw seat s get, forgotten."""
    options = [(s, c) for s in range(len(d["known"])) for c in must_be_known(d, s)]
    if not options:
        return None
    seat, card = rng.choice(options)
    assert card in d["known"][seat], (card, seat, d)
    d["known"][seat].remove(card)
    return f"{card} forgotten from known[{seat}]"


def out_order_broken(d: dict[str, Any], rng: random.Random) -> str | None:
    """DUD-9: out_order must list each seat that is out, once, and no other."""
    order = d["out_order"]
    out = [s for s in range(4) if not d["hands"][s] and not d["collected"][s]]
    holders = [s for s in range(4) if s not in out]
    options = ["not an int"]
    if holders:
        options.append("a holder")
    if order:
        options += ["twice", "dropped"]
    # (no out_order at all is an older state's form, filled in: test_dudak_rules)
    how = rng.choice(options)
    if how == "a holder":
        order.insert(rng.randint(0, len(order)), rng.choice(holders))
    elif how == "twice":
        order.insert(rng.randint(0, len(order)), rng.choice(order))
    elif how == "dropped":
        order.pop(rng.randrange(len(order)))
    else:
        bad = rng.choice([True, 1.0, "0", None, -1, 4])
        if order:
            order[rng.randrange(len(order))] = bad
        else:
            order.append(bad)
    return f"out_order {how}"


def dudak_moves_broken(d: dict[str, Any], rng: random.Random) -> str | None:
    """DUD-12: the safety net ends a deal at exactly 2,000 moves, and only then."""
    if d["dudak"] is None:
        d["moves"] = rng.choice([MOVE_LIMIT, MOVE_LIMIT + 1, 10**6])
        return "a deal going on past 2,000 moves"
    if d["safety_net"]:
        d["moves"] = rng.choice([MOVE_LIMIT - 1, MOVE_LIMIT + 1, 0])
        return "the safety net before or after 2,000 moves"
    return None


def _stuck(d: dict[str, Any]) -> bool:
    g = Autobus.from_dict(d)
    return d["quiet"] >= d["players"] and not g.run_play_exists()


def drawn_flipped(d: dict[str, Any], rng: random.Random) -> str | None:
    """BUS-11: a draw only after a full circuit of quiet turns with no run play left, or
    at the turn limit; a deal going on is not stuck (a winner: BUS-3)."""
    if d["winner"] is not None:
        return None
    if not d["drawn"] and d["turn"] < TURN_LIMIT and not _stuck(d):
        d["drawn"] = True
        return "drawn while play goes on"
    if d["drawn"] and _stuck(d):
        d["drawn"] = False
        return "not drawn though stuck"
    return None


def winner_set(d: dict[str, Any], rng: random.Random) -> str | None:
    """BUS-3 / PDK-9: the winner is the seat that emptied its reserve / hand."""
    place = d["reserves"] if d["game"] == "autobus" else d["hands"]
    holders = [s for s, cards in enumerate(place) if cards and s != d["winner"]]
    if not holders:
        return None
    d["winner"] = rng.choice(holders)
    return "a winner who still holds cards"


def history_broken(d: dict[str, Any], rng: random.Random) -> str | None:
    """Pao De Kuai keeps every play and pass: the state must be what they make."""
    hist = d["history"]
    options = ["moves", "played_any", "scores"]
    if hist:
        options += ["entry dropped", "entry doubled", "seat changed"]
    how = rng.choice(options)
    if how == "moves":
        d["moves"] += rng.choice([-1, 1, 5])
        if d["moves"] < 0:
            d["moves"] = 1
    elif how == "played_any":
        s = rng.randrange(3)
        d["played_any"][s] = not d["played_any"][s]
    elif how == "scores":
        a, b = rng.sample(range(3), 2)
        d["scores"][a] += 3
        d["scores"][b] -= 3
    elif how == "entry dropped":
        hist.pop(rng.randrange(len(hist)))
    elif how == "entry doubled":
        i = rng.randrange(len(hist))
        hist.insert(i, copy.deepcopy(hist[i]))
    else:
        e = hist[rng.randrange(len(hist))]
        e[0] = (e[0] + rng.choice([1, 2])) % 3
    return f"history: {how}"


COMMON: list[Mutation] = [bad_seed, card_added, card_removed, card_doubled, deck_changed]
SPECIFIC: dict[str, list[Mutation]] = {
    "durak": [known_added, known_removed],
    "dudak": [known_added, known_removed, out_order_broken, dudak_moves_broken],
    "autobus": [drawn_flipped, winner_set],
    "paodekuai": [history_broken, winner_set],
}


def mutate(d: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """``d`` changed in one way that no deal can reach, and what was done."""
    kinds = COMMON + SPECIFIC[d["game"]]
    while True:
        m = copy.deepcopy(d)
        # half the time one of the game's own fields, as the misses were there
        kind = rng.choice(SPECIFIC[d["game"]] if rng.random() < 0.5 else kinds)
        label = kind(m, rng)
        if label is not None:
            return m, f"{kind.__name__}: {label}"


# ----- the tests ----------------------------------------------------------------------------
def test_3000_mutated_states_of_every_game_and_player_count_are_all_refused() -> None:
    rng = random.Random(35)
    accepted: list[str] = []
    kinds: Counter[str] = Counter()
    for i in range(MUTATIONS):
        key, players = VARIANTS[i % len(VARIANTS)]
        cls = GAMES[key]
        d = rng.choice(positions(key, players))
        mutated, label = mutate(d, rng)
        kinds[label.split(":")[0]] += 1
        try:
            g = cls.from_dict(mutated)
        except StateError as exc:
            assert str(exc).startswith(f"not a {cls.title} state: "), exc
            continue
        same = g.to_dict() == mutated
        accepted.append(f"{key} {players}p, {label}{'' if same else ' (no round trip)'}")
    print(f"\n{MUTATIONS} mutations: {dict(sorted(kinds.items()))}")
    assert not accepted, f"{len(accepted)} accepted: " + "; ".join(accepted[:20])
    assert min(kinds.values()) >= 50, kinds          # every kind is tried, many times


@pytest.mark.parametrize("key,players", VARIANTS)
def test_the_unmutated_positions_all_load(key: str, players: int) -> None:
    """The guard for the test above: what it mutates is a state ``from_dict`` takes."""
    cls = GAMES[key]
    for d in positions(key, players)[::7]:
        assert cls.from_dict(copy.deepcopy(d)).to_dict() == d


def find(key: str, players: int, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """A copy of the first real position that is ``wanted``."""
    for d in positions(key, players):
        if wanted(d):
            return copy.deepcopy(d)
    raise AssertionError(f"no {key} position found")


def refused(key: str, d: dict[str, Any], words: str) -> None:
    with pytest.raises(StateError, match=f"^not a {GAMES[key].title} state: .*{words}"):
        GAMES[key].from_dict(d)


@pytest.mark.parametrize("key,players", VARIANTS)
def test_a_seed_that_is_no_deal_number_is_refused_by_new_and_by_from_dict(
        key: str, players: int) -> None:
    cls = GAMES[key]
    opts: dict[str, Any] = {"players": players} if len(cls.players_allowed) > 1 else {}
    for seed in (-1, 1 << 64, float("inf"), "x"):
        with pytest.raises(ValueError, match="seed"):
            cls.new(seed=seed, **opts)                       # type: ignore[arg-type]
    top = cls.new(seed=(1 << 64) - 1, **opts).to_dict()      # the largest deals as ever
    assert cls.from_dict(copy.deepcopy(top)).to_dict() == top
    for seed in BAD_SEEDS:
        d = dict(top, seed=copy.deepcopy(seed))
        refused(key, d, "seed")


def test_DUR6_a_card_taken_from_the_table_stays_known_to_both() -> None:
    d = find("durak", 2, lambda d: any(
        c in d["deck"][0:12:2] for c in d["hands"][1]))    # seat 1 took a card of seat 0's
    card = next(c for c in d["hands"][1] if c in d["deck"][0:12:2])
    d["known"][1].remove(card)
    refused("durak", d, r"known\[1\] leaves out")


def test_DUR8_the_trump_card_drawn_last_face_up_is_known() -> None:
    d = find("durak", 2, lambda d: any(d["trump_card"] in h for h in d["hands"]))
    seat = next(s for s in (0, 1) if d["trump_card"] in d["hands"][s])
    d["known"][seat].remove(d["trump_card"])
    refused("durak", d, rf"known\[{seat}\] leaves out")
    d = find("durak", 2, lambda d: bool(d["talon"]))
    d["trump_card"] = next(c for c in d["deck"] if c != d["deck"][12])
    refused("durak", d, "trump card")


def test_DUD7_cards_collected_or_picked_up_are_known_to_everyone() -> None:
    d = find("dudak", 4, lambda d: any(d["collected"]))
    seat = next(s for s in range(4) if d["collected"][s])
    d["known"][seat].remove(d["collected"][seat][0])
    refused("dudak", d, rf"known\[{seat}\] leaves out")
    d = find("dudak", 4, lambda d: any(
        c not in initial_hands(d)[s] for s in range(4) for c in d["hands"][s]))
    seat, card = next((s, c) for s in range(4) for c in d["hands"][s]
                      if c not in initial_hands(d)[s])
    d["known"][seat].remove(card)
    refused("dudak", d, rf"known\[{seat}\] leaves out")


def test_DUD9_out_order_names_each_seat_out_once_and_no_other() -> None:
    d = find("dudak", 4, lambda d: len(d["out_order"]) >= 2)
    for order in (d["out_order"][:1], d["out_order"] + d["out_order"][:1],
                  [True] + d["out_order"][1:], d["out_order"][::-1] + [9]):
        refused("dudak", dict(d, out_order=order), "out_order")


def test_DUD12_the_safety_net_ends_a_deal_at_its_2000th_move_and_only_then() -> None:
    d = find("dudak", 4, lambda d: d["dudak"] is None)
    refused("dudak", dict(d, moves=MOVE_LIMIT), "goes on after")
    d = find("dudak", 4, lambda d: d["dudak"] is not None)
    refused("dudak", dict(d, safety_net=True, moves=MOVE_LIMIT - 1), "safety net")


def test_BUS11_a_draw_only_when_no_run_can_be_played_or_at_the_turn_limit() -> None:
    d = find("autobus", 3, lambda d: d["winner"] is None and d["turn"] > 5)
    refused("autobus", dict(d, drawn=True), "a draw while")
    g = Autobus.from_dict(copy.deepcopy(d))
    assert g.turn < TURN_LIMIT and not g.is_over


def test_BUS3_the_winner_is_the_one_seat_whose_reserve_is_empty() -> None:
    d = find("autobus", 2, lambda d: d["winner"] is not None)
    other = 1 - d["winner"]
    refused("autobus", dict(d, winner=other), "empty reserve")
    d["reserves"][other], d["stock"] = [], d["stock"] + d["reserves"][other]
    refused("autobus", d, "more than one reserve")


def test_PDK9_a_state_is_what_its_history_makes_of_its_deck() -> None:
    d = find("paodekuai", 3, lambda d: len(d["history"]) > 10)
    for changed in (dict(d, moves=d["moves"] + 1),
                    dict(d, history=d["history"][:-1]),
                    dict(d, played_any=[not p for p in d["played_any"]]),
                    dict(d, scores=[d["scores"][0] + 1, d["scores"][1] - 1, d["scores"][2]])):
        with pytest.raises(StateError, match="moves does not count|history"):
            GAMES["paodekuai"].from_dict(changed)
    assert GAMES["paodekuai"].from_dict(copy.deepcopy(d)).to_dict() == d


def test_durak_state_with_a_known_card_left_out_used_to_load() -> None:
    """The issue's own example kind, end to end through JSON: refused, not loaded."""
    d = find("durak", 2, lambda d: any(d["known"]))
    seat = 0 if d["known"][0] else 1
    d["known"][seat] = []
    text = json.dumps(d)
    with pytest.raises(StateError):
        Durak.from_dict(json.loads(text))
    with pytest.raises(StateError):
        Dudak.from_dict(json.loads(text))              # (and no other game takes it)
