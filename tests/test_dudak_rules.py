"""Dudák scenarios, one or more per rule of shared/rules/dudak.md (DUD-1 .. DUD-12)."""
from __future__ import annotations

from game.games.dudak.rules import MOVE_LIMIT, Dudak
from game.rules import GAMES, Rng

from .helpers import assert_illegal, legal, play_all


def position(hands: list[str], pile: str = "", current: int = 0,
             trumps: str = "----") -> Dudak:
    """Hands as space-separated cards per seat, the pile bottom first, trumps per seat
    as one character each ('-' for none)."""
    g = Dudak.new(deck=Dudak.full_deck())
    g.hands = [h.split() for h in hands]
    g.pile = pile.split()
    g.current = current
    g.trumps = [None if t == "-" else t for t in trumps]
    return g


def test_DUD1_deck_has_32_czech_cards_ten_below_unter() -> None:
    deck = Dudak.full_deck()
    assert len(deck) == 32 and len(set(deck)) == 32
    g = position(["7L", "UH 8B", "9L", "KB"], pile="TH", current=1)
    assert [m for m in legal(g) if m.startswith("beat")] == ["beat UH"]


def test_DUD2_explicit_deck_deals_from_left_of_dealer_and_they_start() -> None:
    deck = Dudak.full_deck()
    g = Dudak.new(deck=deck)
    assert g.dealer == 3 and g.current_player == 0
    assert g.hands[0] == deck[0::4] and g.hands[3] == deck[3::4]
    g = Dudak.new(deck=deck, dealer=1)
    assert g.current_player == 2 and g.hands[2] == deck[0::4]


def test_DUD2_random_dealer_comes_from_the_seed() -> None:
    dealers = {GAMES["dudak"].new(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Dudak.new(seed=5).dealer == Dudak.new(seed=5).dealer
    g = Dudak.new(seed=5, dealer=2)  # "Next game": the previous loser deals
    assert g.dealer == 2 and g.current_player == 3


def test_DUD2_play_is_clockwise_skipping_players_who_are_out() -> None:
    g = position(["7L 8L", "", "9L TL", "UL OL"])
    g.play("lead 7L")
    assert g.current_player == 2


def test_DUD3_declare_at_start_only_from_free_suits() -> None:
    g = position(["7L 8L", "9H TH", "UB OB", "KA AA"], trumps="-H--")
    assert legal(g)[:3] == ["declare L", "declare B", "declare A"]
    assert_illegal(g, "declare H", "DUD-3", "already")
    g.play("declare L")
    assert "declare B" not in legal(g)  # once per player
    assert_illegal(g, "declare B", "DUD-3", "already")
    g.play("lead 7L")
    assert g.trumps[0] == "L"


def test_DUD3_no_declaring_after_collecting_or_between_beat_and_follow() -> None:
    g = position(["9L TL 7B", "8H", "KB", "AA"], pile="7H 8L")
    g.play("collect")
    assert not any(m.startswith("declare") for m in legal(g))
    assert_illegal(g, "declare H", "DUD-3", "start of your turn")
    g = position(["9L TL 7B", "8H", "KB", "AA"], pile="8L")
    g.play("beat 9L")
    assert_illegal(g, "declare H", "DUD-3")


def test_DUD3_fourth_suit_goes_to_the_last_player_automatically() -> None:
    g = position(["7L 8L", "9H TH", "UB OB", ""], trumps="-HB-")
    events = g.play("declare L")
    assert g.trumps == ["L", "H", "B", "A"]   # seat 3 is out but still gets acorns
    assert [e.seat for e in events if e.text == "trump"] == [0, 3]


def test_DUD4_lead_any_card_to_an_empty_table_ends_the_turn() -> None:
    g = position(["7L 8H", "9H", "UB", "KA"])
    assert legal(g) == [m for m in legal(g) if m.startswith(("declare", "lead"))]
    assert "lead 8H" in legal(g)
    g.play("lead 8H")
    assert g.pile == ["8H"] and g.current_player == 1
    assert_illegal(position(["7L", "8L", "9L", "TL"], pile="7H"), "lead 7L", "DUD-4")


def test_DUD5_higher_same_suit_or_own_trump_beats() -> None:
    g = position(["9L 7A 8B", "x", "x", "x"], pile="TL", trumps="A---")
    g.hands[1:] = [["7H"], ["8H"], ["9H"]]
    assert [m for m in legal(g) if m.startswith("beat")] == ["beat 7A"]
    assert_illegal(g, "beat 9L", "DUD-5", "does not beat TL")
    assert_illegal(g, "beat 8B", "DUD-5")


def test_DUD5_top_card_of_own_trump_needs_a_higher_one() -> None:
    g = position(["7A KA 9L", "7H", "8H", "9H"], pile="TA", trumps="A---")
    assert [m for m in legal(g) if m.startswith("beat")] == ["beat KA"]
    assert_illegal(g, "beat 7A", "DUD-5", "does not beat")


def test_DUD5_other_players_trumps_give_no_power() -> None:
    g = position(["7A 9L", "7H", "8H", "9H"], pile="TL", trumps="-A--")
    assert not any(m.startswith("beat") for m in legal(g))
    assert_illegal(g, "beat 7A", "DUD-5")


def test_DUD6_follow_up_is_compulsory_after_beating_and_ends_the_turn() -> None:
    g = position(["9L 7B 8H", "7H", "8A", "9A"], pile="8L")
    g.play("beat 9L")
    assert sorted(legal(g)) == ["follow 7B", "follow 8H"]
    assert_illegal(g, "take", "DUD-6", "follow-up")
    g.play("follow 7B")
    assert g.pile == ["8L", "9L", "7B"] and g.current_player == 1
    assert_illegal(g, "follow 7H", "DUD-6")


def test_DUD7_collect_one_card_at_a_time_then_beat_with_an_old_card() -> None:
    g = position(["TL 7B", "7H", "8A", "9A"], pile="8L KB")
    g.play("collect")
    assert g.collected[0] == ["KB"] and g.pile == ["8L"] and g.current_player == 0
    assert "beat TL" in legal(g)
    assert_illegal(g, "beat KB", "DUD-7", "collected")
    g.play("beat TL")
    assert sorted(g.hands[0]) == ["7B", "KB"]          # the collected card joined
    assert "follow KB" in legal(g)                     # and may be the follow-up
    g.play("follow KB")
    assert g.pile[-1] == "KB"


def test_DUD7_collecting_is_allowed_even_when_a_beat_exists() -> None:
    g = position(["TL", "7H", "8A", "9A"], pile="8L")
    assert {"beat TL", "collect", "take"} <= set(legal(g))


def test_DUD7_collecting_the_last_card_ends_the_turn() -> None:
    g = position(["7B", "7H", "8A", "9A"], pile="8L KL")
    play_all(g, ["collect", "collect"])
    assert g.pile == [] and sorted(g.hands[0]) == ["7B", "8L", "KL"]
    assert g.current_player == 1 and g.observation(1)["known"][0] == ["8L", "KL"]


def test_DUD8_with_a_trump_only_beat_or_take_the_whole_pile() -> None:
    g = position(["7B 9L", "7H", "8A", "9A"], pile="8L QL", trumps="B---")
    g.pile = ["8L", "OL"]
    assert "collect" not in legal(g) and "take" in legal(g)
    assert_illegal(g, "collect", "DUD-8", "only beat or take")
    g.play("take")
    assert sorted(g.hands[0]) == ["7B", "8L", "9L", "OL"] and g.pile == []
    assert g.current_player == 1


def test_DUD8_without_trump_take_after_collecting_some() -> None:
    g = position(["7B", "7H", "8A", "9A"], pile="8L KL UL")
    play_all(g, ["collect", "take"])
    assert sorted(g.hands[0]) == ["7B", "8L", "KL", "UL"]
    assert g.collected[0] == [] and g.current_player == 1


def test_DUD9_abstych_when_beating_with_the_last_card() -> None:
    g = position(["TL", "7H", "8A", "9A"], pile="7B 9L")
    events = g.play("beat TL")
    assert g.pile == [] and sorted(g.out) == ["7B", "9L", "TL"]
    assert any(e.text == "abstych" for e in events)
    assert g.current_player == 1 and legal(g)[-1].startswith("lead")


def test_DUD9_no_abstych_when_collected_cards_wait() -> None:
    g = position(["TL", "7H", "8A", "9A"], pile="8L KB")
    play_all(g, ["collect", "beat TL"])
    assert g.out == [] and g.phase == "follow" and legal(g) == ["follow KB"]


def test_DUD9_last_card_as_follow_up_or_lead_stays_on_the_table() -> None:
    g = position(["9L 7B", "7H 8H", "8A", "9A"], pile="8L")
    play_all(g, ["beat 9L", "follow 7B"])
    assert g.pile[-1] == "7B" and g.is_out(0) and g.current_player == 1
    g = position(["7B", "7H 8H", "8A", "9A"])
    g.play("lead 7B")
    assert g.pile == ["7B"] and g.current_player == 1


def test_DUD10_deal_ends_with_one_dudak() -> None:
    g = position(["7B", "", "", "7H 8H"])
    events = g.play("lead 7B")
    assert g.is_over and g.result() == [1.0, 1.0, 1.0, 0.0]
    assert any(e.text == "deal_over" for e in events)
    assert Dudak.outcomes([1.0, 1.0, 1.0, 0.0]) == ["win", "win", "win", "loss"]
    assert_illegal(g, "take", "DUD-10", "over")


def test_DUD11_example_unter_over_ten_and_seven_of_acorns_only_as_trump() -> None:
    g = position(["UH 7A", "7L", "8L", "9L"], pile="TH")
    beats = [m for m in legal(g) if m.startswith("beat")]
    assert beats == ["beat UH"]
    g.play("beat UH")
    g2 = position(["8L", "7A", "9B", "TB"], pile="TH UH", current=1)
    assert "beat 7A" not in legal(g2)
    g2.play("declare A")
    assert "beat 7A" in legal(g2)


def test_DUD12_safety_net_ends_at_2000_moves_with_most_cards_the_dudak() -> None:
    g = position(["7L 8L", "9L TL UL", "OL KL AL", "7H"], current=0)
    g.moves = MOVE_LIMIT - 1
    g.play("lead 7L")
    # seats 1 and 2 tie on three cards; seat 1 would act first
    assert g.is_over and g.by_safety_net and g.result() == [1.0, 0.0, 1.0, 1.0]


def test_DUD12_how_often_the_net_is_reached_by_random_play() -> None:
    hits = 0
    for seed in range(30):
        g = Dudak.new(seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        assert g.moves <= MOVE_LIMIT
        hits += g.by_safety_net
    assert hits < 30  # random play reaches it sometimes, never every time


def test_DUD12_sensible_players_essentially_never_reach_the_net() -> None:
    from game.ai import make_bot

    hits = 0
    for seed in range(60):
        g = Dudak.new(seed=seed)
        bots = [make_bot("dudak", "normal", seed=seed * 4 + s) for s in range(4)]
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            g.play(bots[seat].choose(g.observation(seat), g.legal_moves()))
        hits += g.by_safety_net
    assert hits <= 1


# ----- what the table used to work out for itself (issue 31) --------------------------------
def test_DUD9_out_order_lists_the_seats_as_they_went_out() -> None:
    """``obs["out_order"]``: who went out, in order, the same as watching the card counts
    after every move (what the table did by replaying the journal)."""
    for seed in range(12):
        g = Dudak.new(seed=seed)
        rng = Rng(seed)
        watched: list[int] = []
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
            counts = g.observation(0)["card_counts"]
            watched += [s for s in range(4) if counts[s] == 0 and s not in watched]
            for seat in range(4):
                assert g.observation(seat)["out_order"] == watched
        assert g.dudak not in watched
        assert len(watched) == 3 or g.by_safety_net


def test_DUD9_out_order_in_a_scripted_deal() -> None:
    g = position(["7B", "", "8B TL", "UL OL 8H"])
    g.out_order = [1]                       # seat 1 went out earlier
    events = g.play("lead 7B")              # seat 0's last card stays on the table
    assert g.observation(2)["out_order"] == [1, 0] and not g.is_over
    assert [(e.seat, e.data) for e in events if e.text == "out"] == [(0, {"place": 2})]
    g.play("beat 8B")
    events = g.play("follow TL")            # seat 2 goes out: seat 3 is the Dudák
    assert [e.text for e in events if e.kind == "announce"] == ["out", "deal_over"]
    obs = g.observation(3)
    assert obs["out_order"] == [1, 0, 2] and obs["dudak"] == 3 and not obs["safety_net"]
    assert g.clone().out_order == [1, 0, 2] and g.to_dict()["out_order"] == [1, 0, 2]


def test_DUD9_a_state_saved_without_out_order_still_loads() -> None:
    """A state dict from before ``out_order`` was kept: the seats out, in seat order."""
    g = Dudak.new(seed=0)
    rng = Rng(0)
    while not g.is_over:
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    old = g.to_dict()
    del old["out_order"]
    copy = Dudak.from_dict(old)
    assert copy.out_order == sorted(g.out_order) and copy.result() == g.result()
    bad = dict(g.to_dict(), out_order=[g.out_order[0]])
    try:
        Dudak.from_dict(bad)
    except ValueError as exc:
        assert "out_order" in str(exc)
    else:
        raise AssertionError("an out_order missing a seat that is out was accepted")


def test_DUD12_observation_says_the_net_ended_the_deal_and_who_is_the_dudak() -> None:
    g = position(["7L 8L", "9L TL UL", "OL KL AL", "7H"], current=0)
    g.moves = MOVE_LIMIT - 1
    obs = g.observation(0)
    assert not obs["safety_net"] and obs["dudak"] is None and not obs["net_tie"]
    g.play("lead 7L")
    obs = g.observation(0)
    assert obs["safety_net"] and obs["dudak"] == 1 and obs["net_tie"]   # tie with seat 2
    g = position(["7L 8L", "9L TL UL", "OL KL", "7H"], current=0)
    g.moves = MOVE_LIMIT - 1
    g.play("lead 7L")
    obs = g.observation(2)
    assert obs["safety_net"] and obs["dudak"] == 1 and not obs["net_tie"]
    assert obs["out_order"] == []


def test_DUD10_a_deal_that_ends_normally_is_no_safety_net() -> None:
    g = position(["7B", "", "", "7H 8H"])
    g.play("lead 7B")
    obs = g.observation(0)
    assert obs["dudak"] == 3 and not obs["safety_net"] and not obs["net_tie"]


def test_DUD2_next_player_skips_players_who_are_out() -> None:
    g = position(["7L 8L", "", "9L TL", "UL OL"])
    assert g.observation(0)["next_player"] == 2
    g.play("lead 7L")
    assert g.observation(2)["next_player"] == 3
    g = position(["7B", "", "", "7H 8H"])
    g.play("lead 7B")
    assert g.observation(0)["next_player"] is None


def test_DUD2_the_dudak_deals_the_next_game() -> None:
    g = position(["7B", "", "", "7H 8H"])
    g.play("lead 7B")
    assert g.next_options() == {"dealer": 3}
    nxt = Dudak.new(seed=9, **g.next_options())
    assert nxt.dealer == 3 and nxt.current_player == 0


def test_DUD2_after_a_surrender_the_next_dealer_is_random_from_the_seed() -> None:
    """The same seat the table drew before (``Rng(seed ^ 0xD0DA)``), so a given deal's
    surrender always names the same dealer; over many deals every seat comes up."""
    from game.games.dudak.rules import surrender_dealer

    dealers = set()
    for seed in range(40):
        g = Dudak.new(seed=seed)
        want = Rng(seed ^ 0xD0DA).below(4)
        assert g.next_options(surrendered=True) == {"dealer": want}
        assert g.next_options() == {"dealer": want}     # not over: random too
        assert surrender_dealer(seed) == want
        dealers.add(want)
    assert dealers == {0, 1, 2, 3}
    g = position(["7B", "", "", "7H 8H"])
    g.seed = 33
    g.play("lead 7B")
    assert g.next_options(surrendered=True) == {"dealer": Rng(33 ^ 0xD0DA).below(4)}
