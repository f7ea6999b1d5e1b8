"""Hospodský autobus scenarios, one or more per rule of shared/rules/autobus.md."""
from __future__ import annotations

from collections import Counter

import pytest

from game.games.autobus.rules import TURN_LIMIT, Autobus
from game.rules import GAMES, Rng

from .helpers import assert_illegal, legal, play_all, rest_of_deck


def deal(reserves: list[str], hands: list[str], stock: str = "") -> Autobus:
    """Reserves (bottom first, the last is the top) and hands as space-separated cards;
    the stock starts with ``stock`` and goes on with the rest of the deck."""
    front = [c for r in reserves for c in r.split()] + [c for h in hands for c in h.split()]
    front += stock.split()
    return Autobus.new(deck=front + rest_of_deck("autobus", front), players=len(hands))


R0 = "2S 3S 4S 5S 6S 7S 8S 9S TS 5H"
R1 = "2D 3D 4D 5D 6D 7D 8D 9D TD 9C"


def set_state(g: Autobus, **kw: object) -> Autobus:
    for k, v in kw.items():
        setattr(g, k, v)
    return g


def test_BUS1_deck_is_two_french_decks_and_four_jokers() -> None:
    deck = Autobus.full_deck()
    assert len(deck) == 108 and deck.count("X") == 4
    assert all(n == 2 for c, n in Counter(deck).items() if c != "X")
    for n in (2, 3, 4):
        assert Autobus.new(seed=1, players=n).num_players == n
    with pytest.raises(ValueError, match="2, 3 or 4"):
        Autobus.new(seed=1, players=5)


def test_BUS2_explicit_deck_reserves_then_hands_then_stock() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"], stock="KS QS")
    assert g.reserves[0] == R0.split() and g.reserves[0][-1] == "5H"
    assert g.reserves[1][-1] == "9C"
    assert g.hands == [["AH", "2H", "3H", "4H"], ["AC", "2C", "3C", "4C"]]
    assert g.stock[:2] == ["KS", "QS"] and len(g.stock) == 108 - 28
    obs = g.observation(1)
    assert obs["reserve_tops"] == ["5H", "9C"] and obs["reserve_sizes"] == [10, 10]
    assert obs["hand_sizes"] == [4, 4] and "AH" not in str(obs["hand"])
    assert g.current_player == 0


def test_BUS3_emptying_the_reserve_wins_at_once_mid_turn() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    g.reserves[0] = ["AS"]
    events = g.play("play AS reserve new")
    assert g.is_over and g.result() == [0.0, -10.0]
    assert Autobus.outcomes([0.0, -10.0]) == ["win", "loss"]
    assert any(e.text == "deal_over" for e in events)
    assert_illegal(g, "play AH hand run1", "BUS-3", "over")


def test_BUS4_refill_to_four_at_the_start_of_a_turn() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"], stock="KS QS JS")
    g.hands[1] = ["AC"]
    play_all(g, ["play AH hand new", "discard 4H aux1"])
    assert g.current_player == 1 and g.hands[1] == ["AC", "KS", "QS", "JS"]


def test_BUS4_last_hand_card_onto_a_run_draws_four_and_the_turn_goes_on() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"], stock="KS QS JS TH 9H")
    play_all(g, ["play AH hand new", "play 2H hand run1", "play 3H hand run1"])
    assert g.hands[0] == ["4H"]
    g.play("play 4H hand run1")
    assert g.hands[0] == ["KS", "QS", "JS", "TH"] and g.current_player == 0


def test_BUS4_only_a_hand_play_triggers_the_draw_of_four() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    g.hands[0] = []
    g.reserves[0][-1] = "AS"
    g.stock = []
    g.play("play AS reserve new")
    assert g.hands[0] == [] and "end" in legal(g)


def test_BUS4_king_from_hand_clears_its_run_before_the_draw() -> None:
    g = deal([R0, R1], ["KH 2H 3H 4H", "AC 2C 3C 4C"])
    g.hands[0] = ["KH"]
    g.runs = [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]]
    g.completed, g.stock = [], []
    g.play("play KH hand run1")
    # the stock was empty: the completed run was reshuffled and four cards drawn from it
    assert len(g.hands[0]) == 4 and len(g.stock) == 9 and g.runs == []


def test_BUS5_ace_or_joker_starts_runs_which_climb_by_one() -> None:
    g = deal([R0, R1], ["AH 3H X 2D", "AC 2C 3C 4C"])
    assert "play AH hand new" in legal(g) and "play X hand new" in legal(g)
    assert "play 3H hand new" not in legal(g)
    assert_illegal(g, "play 3H hand new", "BUS-5", "ace or a joker")
    play_all(g, ["play AH hand new", "play 2D hand run1"])   # suits do not matter
    assert_illegal(g, "play 2D hand run1", "BUS-6")
    assert_illegal(g, "play AS hand run1", "BUS-6")
    g.hands[0].append("5C")
    assert_illegal(g, "play 5C hand run1", "BUS-5", "run1 needs 3")
    assert_illegal(g, "play 3H hand run7", "BUS-5", "no open run 7")


def test_BUS5_king_clears_the_run_and_numbers_are_reused_lowest_first() -> None:
    g = deal([R0, R1], ["KH AH AD 4H", "AC 2C 3C 4C"])
    g.runs = [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"],
              ["AC"]]
    events = g.play("play KH hand run1")
    assert g.runs == [None, ["AC"]] and len(g.completed) == 13
    assert any(e.text == "run_completed" for e in events)
    g.play("play AH hand new")
    assert g.runs[0] == ["AH"]                   # the lowest free number
    g.play("play AD hand new")
    assert g.runs[2] == ["AD"]


def test_BUS6_reserve_top_and_aux_tops_are_playable_covered_cards_are_not() -> None:
    g = deal([R0, R1], ["AH 3H 9D 4H", "AC 2C 3C 4C"])
    g.reserves[0][-1] = "2C"
    g.aux[0][0], g.aux_rank[0][0] = ["3D", "3C"], "3"
    g.play("play AH hand new")
    assert "play 2C reserve run1" in legal(g)
    events = g.play("play 2C reserve run1")
    assert any(e.kind == "reveal" and e.card == "TS" for e in events)   # the next one shows
    assert "play 3C aux1 run1" in legal(g)
    assert_illegal(g, "play 3D aux1 run1", "BUS-6", "top of your aux1 is 3C")
    g.reserves[1][-1] = "3S"
    assert not any("3S" in m for m in legal(g))   # other players' cards never


def test_BUS7_aux_piles_hold_one_rank_and_forget_it_when_empty() -> None:
    g = deal([R0, R1], ["5C 5D 6H 4H", "AC 2C 3C 4C"])
    g.play("discard 5C aux2")
    assert g.aux_rank[0][1] == "5"
    g.current, g.hands[0] = 0, ["5D", "6H", "AS", "AD"]
    assert "discard 5D aux2" in legal(g) and "discard 6H aux2" not in legal(g)
    assert_illegal(g, "discard 6H aux2", "BUS-7", "holds 5s")
    assert_illegal(g, "discard 9S aux1", "BUS-7", "not in your hand")
    g.aux[0][1], g.aux_rank[0][1] = ["AC"], "A"
    play_all(g, ["play AC aux2 new"])
    assert g.aux_rank[0][1] is None and "discard 6H aux2" in legal(g)


def test_BUS8_a_discard_ends_the_turn_even_with_plays_left() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    assert "play AH hand new" in legal(g)
    g.play("discard 4H aux1")
    assert g.current_player == 1


def test_BUS8_under_the_bus_only_for_a_card_that_fits_no_pile() -> None:
    g = deal([R0, R1], ["7H X 3H 4H", "AC 2C 3C 4C"])
    assert not any(m.startswith("bus") for m in legal(g))
    assert_illegal(g, "bus 7H", "BUS-8", "fits an auxiliary pile")
    for k, r in enumerate("2569"):
        g.aux[0][k], g.aux_rank[0][k] = [r + "S"], r
    assert "bus 7H" in legal(g) and "bus X" not in legal(g)
    assert_illegal(g, "bus X", "BUS-8", "joker")
    g.play("bus 7H")
    assert g.reserves[0][0] == "7H" and g.reserves[0][-1] == "5H"   # bottom; top unchanged
    assert g.current_player == 1


def test_BUS8_end_only_with_an_empty_hand() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    assert_illegal(g, "end", "BUS-8", "only for an empty hand")
    g.hands[0], g.stock, g.completed = [], [], []
    assert legal(g)[-1] == "end"
    g.play("end")
    assert g.current_player == 1


def test_BUS9_joker_in_a_run_takes_the_needed_rank_ace_and_king_included() -> None:
    g = deal([R0, R1], ["X X 2H 4H", "AC 2C 3C 4C"])
    play_all(g, ["play X hand new", "play 2H hand run1", "play X hand run1"])
    assert g.runs[0] == ["X", "2H", "X"] and g.need(1) == 4
    g.runs[0] = ["AS"] * 12
    g.hands[0] = ["X"]
    g.play("play X hand run1")                       # the joker as king clears the run
    assert g.runs == [] and g.completed[-1] == "X"


def test_BUS9_joker_on_an_empty_space_names_a_rank_one_move_per_rank() -> None:
    g = deal([R0, R1], ["X 2H 4H 5H", "AC 2C 3C 4C"])
    joker_aux1 = [m for m in legal(g) if m.startswith("discard X aux1")]
    assert len(joker_aux1) == 13 and "discard X aux1=7" in joker_aux1
    assert_illegal(g, "discard X aux1", "BUS-9", "name the joker's rank")
    assert_illegal(g, "discard 2H aux1=2", "BUS-9", "only a joker")
    g.play("discard X aux1=7")
    assert g.aux_rank[0][0] == "7"


def test_BUS9_joker_on_a_pile_takes_its_rank_and_is_wild_again_in_a_run() -> None:
    g = deal([R0, R1], ["X 2H 4H 5H", "AC 2C 3C 4C"])
    g.aux[0][0], g.aux_rank[0][0] = ["7S"], "7"
    assert "discard X aux1" in legal(g)
    assert_illegal(g, "discard X aux1=9", "BUS-9", "already has rank 7")
    g.play("discard X aux1")
    assert g.aux_rank[0][0] == "7" and g.aux[0][0] == ["7S", "X"]
    g.current, g.hands[0] = 0, ["AH", "2H", "3H", "4H"]
    play_all(g, ["play AH hand new", "play X aux1 run1"])    # wild again: a 2 here
    assert g.runs[0] == ["AH", "X"] and g.aux[0][0] == ["7S"]


def test_BUS10_empty_stock_is_remade_from_the_completed_pile_with_the_seeded_rng() -> None:
    def run(seed: int) -> list[str]:
        g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
        g.rng = Rng(seed)
        g.stock = ["KD"]
        g.completed = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS",
                       "QS", "KS"]
        g.hands[0] = ["AH"]
        events = g.play("play AH hand new")
        assert any(e.text == "reshuffle" for e in events)
        assert g.hands[0][0] == "KD"                     # the old stock is drawn first
        assert len(g.hands[0]) == 4 and len(g.stock) == 10 and g.completed == []
        return g.hands[0]

    assert run(1) == run(1)
    assert run(1) != run(2) or run(1) != run(3)


def test_BUS10_partial_refill_when_cards_are_short() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    g.stock, g.completed = ["KD", "QD"], []
    g.hands[0] = ["AH"]
    g.play("play AH hand new")
    assert g.hands[0] == ["KD", "QD"]


def test_BUS11_draw_after_a_full_circuit_of_quiet_turns() -> None:
    g = deal([R0, R1], ["7H 8H 9H 4H", "7C 8C 9C 4C"])
    g.stock, g.completed = [], []
    g.play("discard 7H aux1")
    assert not g.is_over and g.quiet == 1
    g.play("discard 7C aux1")
    assert g.is_over and g.drawn and g.result() == [-10.0, -10.0]
    assert Autobus.outcomes([-10.0, -10.0]) == ["draw", "draw"]


def test_BUS11_a_run_play_breaks_the_quiet_circuit() -> None:
    g = deal([R0, R1], ["AH 8H 9H 4H", "7C 8C 9C 4C"])
    g.stock, g.completed = [], []
    g.play("discard 9H aux1")
    assert g.quiet == 1 and g.current_player == 1
    g.current, g.hands[1] = 0, ["7C", "8C", "9C", "4C"]   # back to seat 0 at once
    play_all(g, ["play AH hand new", "discard 8H aux2"])
    assert g.quiet == 0 and not g.is_over


RUN_TO_5 = ["AS", "2S", "3S", "4S", "5S"]   # an open run that needs a 6


def quiet_table(hand0: str, hand1: str) -> Autobus:
    """Stock and completed pile empty, one open run needing a 6; reserve tops 5H and 9C."""
    g = deal([R0, R1], [hand0, hand1])
    g.stock, g.completed, g.runs = [], [], [list(RUN_TO_5)]
    return g


def put_six(g: Autobus, where: str) -> None:
    seat, place = int(where[0]), where[2:]
    if place == "reserve":
        g.reserves[seat][-1] = "6D"
    elif place == "aux":
        g.aux[seat][3], g.aux_rank[seat][3] = ["6D"], "6"
    elif place == "ace-aux":                          # an ace starts a new run
        g.aux[seat][3], g.aux_rank[seat][3] = ["AD"], "A"


@pytest.mark.parametrize("where", ["1 hand", "1 reserve", "1 aux", "1 ace-aux", "0 reserve",
                                   "0 aux"])
def test_BUS11_full_quiet_circuit_with_a_run_play_left_is_no_draw(where: str) -> None:
    hand1 = "8C 9C JC 6C" if where == "1 hand" else "8C 9C JC QC"
    g = quiet_table("8H 9H JH QH", hand1)
    put_six(g, where)
    assert g.run_play_exists()
    g.play("discard 8H aux1")
    g.play("discard 8C aux1")          # a full circuit: seat 0 is to act
    assert g.quiet == 2 and not g.is_over and g.current_player == 0
    g.play("discard 9H aux2")          # and the check repeats after each quiet turn
    assert g.quiet == 3 and not g.is_over and g.current_player == 1
    g.play("discard 9C aux2")
    assert g.quiet == 4 and not g.is_over


def test_BUS11_same_position_without_a_run_play_is_a_draw() -> None:
    g = quiet_table("8H 9H JH QH", "8C 9C JC QC")
    assert not g.run_play_exists()
    g.play("discard 8H aux1")
    assert g.quiet == 1 and not g.is_over          # half a circuit is not enough
    events = g.play("discard 8C aux1")
    assert g.is_over and g.drawn and g.result() == [-10.0, -10.0]
    over = [e for e in events if e.text == "deal_over"]
    assert over and over[0].data["draw"] and not over[0].data["safety_net"]
    assert g.legal_moves() == []


def test_BUS11_draw_when_the_last_run_play_goes_away_after_the_circuit() -> None:
    g = quiet_table("8H 9H JH QH", "8C 9C JC 6C")
    g.aux[1] = [["2D"], ["3D"], ["4D"], ["KD"]]     # seat 1 can only go under the bus
    g.aux_rank[1] = ["2", "3", "4", "K"]
    g.play("discard 8H aux1")
    g.play("bus 8C")
    g.play("discard 9H aux2")
    assert g.quiet == 3 and not g.is_over           # seat 1 still holds the 6
    g.play("bus 6C")                                # now under the reserve: no run play
    assert g.is_over and g.drawn and g.reserves[1][0] == "6C"


def test_BUS11_a_run_play_resets_the_count() -> None:
    g = quiet_table("8H 9H JH QH", "8C 9C JC 6C")
    play_all(g, ["discard 8H aux1", "discard 8C aux1", "discard 9H aux2"])
    assert g.quiet == 3 and not g.is_over
    play_all(g, ["play 6C hand run1", "discard 9C aux2"])
    assert g.quiet == 0 and not g.is_over and g.need(1) == 7
    assert not g.run_play_exists()                  # nobody holds a 7, ace or joker
    g.play("discard JH aux3")
    assert g.quiet == 1 and not g.is_over           # a new circuit has to pass first
    g.play("discard JC aux3")
    assert g.is_over and g.drawn


def test_BUS11_safety_net_at_turn_3000() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    g.turn = TURN_LIMIT
    g.play("discard 4H aux1")
    assert g.is_over and g.drawn


def test_BUS11_safety_net_not_reached_in_random_games() -> None:
    longest = 0
    for seed in range(1500):
        g = GAMES["autobus"].new(seed=seed, players=2 + seed % 3)
        rng = Rng(seed)
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        assert g.turn < TURN_LIMIT
        longest = max(longest, g.turn)
    assert longest < TURN_LIMIT // 2


def test_BUS11_normal_level_never_stalls_into_the_safety_net() -> None:
    """A run play left means no draw, so a sensible player must not hold a joker back
    for ever: deals 92 and 274 ran to turn 3,000 before the normal level fed the runs."""
    from game.ai import make_bot

    for seed in (92, 274, *range(12)):
        g = Autobus.new(seed=seed, players=2)
        bots = [make_bot("autobus", "normal", seed=seed * 8 + s) for s in range(2)]
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            g.play(bots[seat].choose(g.observation(seat), g.legal_moves()))
        assert g.turn < 1000
        assert g.winner is not None or not g.run_play_exists()


def test_BUS12_only_legal_transfers_are_offered_and_aux_takes_only_hand_cards() -> None:
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    for m in legal(g):
        parts = m.split()
        if parts[0] == "discard":
            assert parts[1] in g.hands[0]
        if parts[0] == "play":
            assert parts[2] in ("hand", "reserve", "aux1", "aux2", "aux3", "aux4")
    g.reserves[0][-1] = "4H"
    assert not any(m.startswith("discard") and "reserve" in m for m in legal(g))
    g.hands[0] = ["AH", "2H", "3H"]
    assert_illegal(g, "discard 4H aux1", "BUS-7", "only hand cards")


def test_BUS10_BUS3_sensible_play_wins_and_reshuffles_with_every_invariant() -> None:
    """Heuristic bots reach the paths random play never does (reshuffles, wins); the
    contract holds at every step there too."""
    import json

    from game.ai import make_bot

    deck = Counter(Autobus.full_deck())
    wins = reshuffles = 0
    for seed in range(12):
        players = 2 + seed % 3
        g = Autobus.new(seed=seed, players=players)
        bots = [make_bot("autobus", "normal", seed=seed * 8 + s) for s in range(players)]
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            move = bots[seat].choose(g.observation(seat), g.legal_moves())
            events = g.play(move)
            reshuffles += sum(e.text == "reshuffle" for e in events)
            assert Counter(g.cards_in_play()) == deck
            if g.moves % 7 == 0:
                d = g.to_dict()
                assert Autobus.from_dict(json.loads(json.dumps(d))).to_dict() == d
                other = g.determinize((seat + 1) % players, Rng(g.moves))
                assert other.observation((seat + 1) % players) == g.observation(
                    (seat + 1) % players)
        wins += g.winner is not None
    assert wins >= 8 and reshuffles >= 3


# ----- what a table needs from the engine (issue 31) ----------------------------------------
def test_BUS5_the_run_completed_event_carries_the_table_before_the_sweep() -> None:
    """The announcement holds the whole run where it lay and the counts before the sweep
    (the refill of the emptied hand comes after it), and each sweep move names its run
    and its place on the completed pile: a table shows the full run, then sweeps it,
    without undoing events."""
    g = deal([R0, R1], ["KH 2H 3H 4H", "AC 2C 3C 4C"])
    g.hands[0] = ["KH"]
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]
    g.runs = [["AC"], list(full)]
    g.completed, g.stock = [], []
    events = g.play("play KH hand run2")
    kinds = [(e.kind, e.text or e.dst) for e in events]
    done = kinds.index(("announce", "run_completed"))
    sweep = [e for e in events if e.dst == "completed"]
    assert [e.card for e in sweep] == full + ["KH"]
    assert [e.index for e in sweep] == list(range(13))
    assert all(e.src == "run2" and e.data["run"] == 2 and e.seat == 0 for e in sweep)
    assert events.index(sweep[-1]) < done < kinds.index(("announce", "reshuffle"))
    data = events[done].data
    assert data["run"] == 2 and data["cards"] == full + ["KH"]
    assert data["runs"] == [["AC"], full + ["KH"]]
    assert data["stock_size"] == 0 and data["completed_size"] == 0
    assert data["hand_sizes"] == [0, 4]
    # the events after the announcement lead from that picture to the observation now
    stock, completed, hand = data["stock_size"], data["completed_size"] + 13, 0
    for e in events[done + 1:]:
        if e.text == "reshuffle":
            stock, completed = completed, 0
        elif e.kind == "move" and e.src == "stock" and e.dst == "hand0":
            stock, hand = stock - 1, hand + 1
    obs = g.observation(0)
    assert (stock, completed, hand) == (obs["stock_size"], obs["completed_size"],
                                        len(obs["hand"])) == (9, 0, 4)
    assert obs["runs"] == [["AC"]]


def test_BUS5_every_sweep_in_random_deals_shows_the_run_as_it_stood() -> None:
    seen = 0
    for seed in range(6):
        g = Autobus.new(seed=seed, players=2 + seed % 3)
        rng = Rng(seed)
        while not g.is_over:
            before = g.clone()
            moves = g.legal_moves()
            m = moves[rng.below(len(moves))]
            for e in g.play(m):
                if e.text != "run_completed":
                    continue
                seen += 1
                card, src, dst = m.args
                k = e.data["run"]
                runs = [None if r is None else list(r) for r in before.runs]
                if dst == "new":
                    assert runs[k - 1:k] in ([], [None])
                    runs[k - 1:k] = [[]]
                runs[k - 1].append(card)                  # type: ignore[union-attr]
                assert e.data["runs"] == runs and e.data["cards"] == runs[k - 1]
                assert len(e.data["cards"]) == 13
                assert e.data["stock_size"] == len(before.stock)
                assert e.data["completed_size"] == len(before.completed)
                sizes = [len(h) for h in before.hands]
                sizes[e.seat] -= src == "hand"
                assert e.data["hand_sizes"] == sizes
    assert seen >= 3


def test_BUS5_a_refused_run_play_names_the_ranks_the_runs_need() -> None:
    """What the table's "why not" said by hand now comes with the refusal: the ranks the
    open runs need (none open: only an ace or a joker starts one)."""
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    err = g.check("play 5H reserve new")
    assert err is not None and err.rule == "BUS-5" and err.params["ranks"] == []
    g.runs = [["AS", "2S"], None, ["AD"], ["AC", "2C"]]
    before = g.to_dict()
    err = g.check("play 5H reserve new")
    assert err is not None and err.key == "autobus.new_run_needs_ace"
    assert err.params == {"card": "5H", "ranks": ["2", "3"]}
    assert "the open runs need 2 3" in str(err)
    err = g.check("play 5H reserve run3")
    assert err is not None and err.key == "autobus.run_needs"
    assert err.params == {"run": 3, "rank": "2", "card": "5H", "ranks": ["2", "3"]}
    assert g.to_dict() == before


def test_BUS5_the_refusal_reads_as_the_table_explained_it() -> None:
    from game import i18n

    i18n.set_language("en")
    g = deal([R0, R1], ["AH 2H 3H 4H", "AC 2C 3C 4C"])
    g.runs = [["AS", "2S"], ["AC"]]
    text = i18n.refusal_text(g.check("play 5H reserve new"), "french")
    assert text == ("5♥ fits no run now: the runs need 2, 3, and only an ace or a joker "
                    "starts a new one.")
    g.runs = []
    text = i18n.refusal_text(g.check("play 5H reserve new"), "french")
    assert text == "Only an ace or a joker starts a new run, not 5♥."


def test_BUS2_next_game_keeps_the_number_of_players() -> None:
    for n in (2, 3, 4):
        g = Autobus.new(seed=n, players=n)
        assert g.next_options() == g.next_options(surrendered=True) == {"players": n}
