"""Every rule of the rulebook and of docs/rules/market.md, one test each or so.

The test deck (market_driver.DECK): M1 sells Y=10, YY=25; M2 BR=30, BBB=50; M3 K=20, GK=45;
M4 … M15 sell R=i, GG=3i. Three players unless said; seat 0 starts.
"""

import random
from collections import Counter

import pytest
from market_driver import (
    DECK,
    GAME,
    assert_refused,
    bid,
    bids,
    cubes_total,
    discard,
    draw,
    held,
    pick,
    sell,
    table,
)

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event, chance_event
from companion.core.match import Match
from companion.games.market import SPEC, narration
from companion.games.market import cubes as cu
from companion.games.market.bots import Thrifty
from companion.games.market.rules import _begin_round, _lots_drawn
from companion.games.market.sale import suggested_return
from companion.games.market.state import BIDDING, DISCARDING, MARKET, OVER, PICKING, SELLING


def kinds(match):
    return [r["kind"] for r in match.state.records]


def round_one(players=3, lots=("YYB", "BRRK", "GGKYY"), **kw):
    match = table(players, **kw)
    draw(match, *lots)
    return match


# ------------------------------------------------------------------ components and setup
def test_the_bag_holds_84_cubes_by_colour_and_each_player_starts_with_75():
    state = GAME.new_state({"players": 4, "rules": {"market_deck": DECK}})
    assert dict(zip(cu.COLOURS, state.bag)) == {"yellow": 22, "blue": 20, "red": 17, "green": 14, "black": 11}
    assert cu.total(state.bag) == 84 and state.money == [75] * 4


@pytest.mark.parametrize(
    "players, sizes", [(2, [3, 5]), (3, [3, 4, 5]), (4, [3, 4, 4, 5]), (5, [3, 3, 4, 4, 5])]
)
def test_lots_by_player_count(players, sizes):
    match = table(players)
    assert match.state.phase == "lots" and len(match.state.lots) == len(sizes)
    for size in sizes:
        draw(match, "Y" * size)
    assert [cu.total(lot) for lot in match.state.lots] == sizes
    assert match.state.phase == BIDDING


def test_setup_reveals_three_cards_into_spaces_one_two_three():
    match = table(markets=("M7", "M2", "M9"))
    assert [c.name for c in match.state.markets] == ["M7", "M2", "M9"]
    assert [r["space"] for r in match.state.records if r["kind"] == "market"] == [1, 2, 3]


def test_a_digital_game_draws_12_of_the_15_cards_and_never_sees_the_other_3():
    match = Match(GAME, {"players": 2, "rules": {"market_deck": DECK}}, SeededChance(4))
    assert match.waiting_for_card.deck == "start player"
    match.fill_chance()
    bot = Thrifty(random.Random(1))
    while not GAME.is_over(match.state):
        seat = GAME.to_act(match.state)[0]
        match.act(bot.decide(GAME.seat_view(match.state, seat), seat))
    seen = [r["card"]["name"] for r in match.state.records if r["kind"] == "market"]
    assert len(seen) == len(set(seen)) == 12 and len(match.state.deck) == 3
    assert set(match.state.deck) | set(seen) == {card["name"] for card in DECK}


def test_the_start_player_is_drawn_from_the_seats_or_chosen_by_the_host():
    match = Match(GAME, {"players": 3, "mode": "physical", "rules": {}}, EnteredChance())
    assert match.waiting_for_card.deck == "start player"
    assert match.waiting_for_card.remaining == {1: 1, 2: 1, 3: 1}
    with pytest.raises(RuleError, match="4 is not one of the choices: 1, 2, 3"):
        match.enter_chance(4)
    match.enter_chance(2)
    assert match.state.start == 1 and match.state.phase == MARKET


def test_a_setup_is_refused_with_what_is_wrong():
    for players in (1, 6):  # the player range is the registry's check
        with pytest.raises(RuleError, match=f"Samarkand Market is played by 2 to 5 players, not {players}"):
            SPEC.setup(players)
    for setup, words in (
        ({"players": 2, "names": ["A", "A"]}, "distinct name"),
        ({"players": 2, "rules": {}}, "needs its market cards"),
        ({"players": 2, "rules": {"market_deck": DECK, "speed": 1}}, "no rule option 'speed'"),
        ({"players": 2, "rules": {"market_deck": DECK[:11]}}, "at least 12"),
        ({"players": 2, "mode": "virtual", "rules": {"market_deck": DECK}}, "mode"),
        ({"players": 2, "start": 2, "rules": {"market_deck": DECK}}, "start must be a seat"),
    ):
        with pytest.raises(RuleError, match=words):
            GAME.new_state(setup)


# ------------------------------------------------------------------ lots
def test_lots_are_blind_draws_from_what_the_bag_holds():
    match = table(2)
    request = match.waiting_for_card
    assert request.deck == "bag" and request.seen_by is None
    assert request.remaining == {"yellow": 22, "blue": 20, "red": 17, "green": 14, "black": 11}
    draw(match, "KK")
    assert match.waiting_for_card.remaining["black"] == 9
    assert cu.letters(match.state.lots[0]) == "KK" and match.state.filling == 0


def test_an_entered_cube_the_bag_no_longer_holds_is_refused():
    match = table(2)
    match.state.bag = (0, 20, 17, 14, 11)  # every yellow cube is out
    match.state = GAME.copy(match.state)
    with pytest.raises(RuleError, match="not in the bag"):
        match.enter_chance("yellow")
    with pytest.raises(RuleError, match="not in the bag"):
        match.enter_chance("purple")


def test_lots_are_filled_in_order_and_short_when_the_bag_runs_out():
    match = table(3)
    match.state.bag = (3, 2, 0, 0, 0)
    draw(match, "YYY", "BB")
    state = match.state
    assert [cu.letters(lot) for lot in state.lots] == ["YYY", "BB", ""]
    assert state.phase == BIDDING
    assert state.records[-1]["kind"] == "lots" and state.records[-1]["short"] == [1, 2]


def test_an_empty_bag_makes_empty_lots_and_the_round_goes_on():
    match = table(2)
    match.state.bag = cu.NONE
    state = GAME.copy(match.state)
    _begin_round(state)
    assert state.phase == BIDDING and state.lots == [cu.NONE, cu.NONE]


# ------------------------------------------------------------------ bids
def test_a_bid_is_whole_piasters_from_5_to_the_bidders_money():
    match = round_one()
    for amount, words in (
        (4, "from 5 to 75"),
        (76, "from 5 to 75"),
        (5.0, "not 5.0"),
        (True, "not True"),
        ("7", "not '7'"),
        (None, "^enter a bid of at least 5 piasters$"),
    ):
        assert_refused(match, bid(0, amount), words)
    match.act(bid(0, 75))
    assert_refused(match, bid(0, 5), "you have already bid this round")
    assert_refused(match, bid(3, 5), "unknown player")
    assert_refused(match, pick(1, 0), "not possible now: everyone is bidding")


def test_bids_stay_sealed_until_every_bid_is_in_then_show_together():
    match = round_one()
    match.act(bid(0, 12))
    match.act(bid(2, 30))
    for viewer in (None, 1):
        view = GAME.view(match.state, viewer)
        assert view["reveal"] is None and view["bids_in"] == 2 and view["bidders"] == 3
        assert "12" not in str(view.get("you", {}).get("bid")) and "bids" not in str(view["records"])
    assert GAME.view(match.state, 0)["you"]["bid"] == 12
    match.act(bid(1, 7))
    assert match.state.reveal.bids == (12, 7, 30)
    assert kinds(match)[-1] == "reveal" and match.state.records[-1]["bids"] == [12, 7, 30]


def test_picks_go_in_bid_order_and_every_bidder_pays_their_bid():
    match = round_one()
    bids(match, 12, 7, 30)
    assert match.state.picking == [2, 0, 1] and GAME.to_act(match.state) == (2,)
    assert match.state.money == [63, 68, 45] and match.state.paid_in == 49


def test_ties_go_in_seat_order_from_the_start_player_clockwise():
    match = round_one(4, start=2, lots=("YYB", "BRRK", "GGKY", "KKKKK"))
    bids(match, 9, 9, 5, 9)
    assert match.state.picking == [3, 0, 1, 2]


def test_the_reveal_says_each_tie_and_the_order_it_was_broken_in():
    match = round_one(5, start=3, lots=("YYB", "BRR", "GGKY", "KRRG", "BBBBG"))
    before = GAME.copy(match.state)
    bids(match, 9, 12, 9, 12, 9)
    assert match.state.picking == [3, 1, 4, 0, 2]
    assert match.state.reveal.ties == ((12, (3, 1)), (9, (4, 0, 2)))
    assert match.state.records[-1]["ties"] == [{"bid": 12, "seats": [3, 1]}, {"bid": 9, "seats": [4, 0, 2]}]
    assert GAME.view(match.state, None)["reveal"]["ties"] == [
        {"bid": 12, "seats": [3, 1]},
        {"bid": 9, "seats": [4, 0, 2]},
    ]
    said = [str(line) for line in narration.describe(match.log[-1], before, match.state)]
    assert said[-2:] == [
        "Tie at 12: Seat 4, Seat 2 pick in that order (equal bids go clockwise from the start player)",
        "Tie at 9: Seat 5, Seat 1, Seat 3 pick in that order (equal bids go clockwise from the start player)",
    ]


def test_a_reveal_without_equal_bids_has_no_tie():
    match = round_one()
    bids(match, 12, 7, 30)
    assert match.state.reveal.ties == () and match.state.records[-1]["ties"] == []


def test_the_highest_bidder_takes_the_lot_of_their_choice_then_the_next():
    match = round_one()
    bids(match, 12, 7, 30)
    assert_refused(match, pick(0, 0), "Seat 3's turn to pick")
    match.act(pick(2, 2))
    assert_refused(match, pick(0, 2), "lot 3 is already taken by Seat 3")
    assert_refused(match, pick(0, 3), r"no lot 4 \(lots 1 to 3\)")
    assert_refused(match, pick(0, "1"), "no lot '1'")
    match.act(pick(0, 0))
    # the last lot goes to the last picker without a decision
    assert match.state.lot_owner == [0, 1, 2]
    assert held(match, 0) == "YYB" and held(match, 1) == "BRRK" and held(match, 2) == "YYGGK"
    assert [r["auto"] for r in match.state.records if r["kind"] == "pick"] == [False, False, True]
    assert match.state.phase == SELLING


def test_a_player_under_5_piasters_cannot_bid_and_picks_after_every_bidder():
    match = round_one()
    match.state.money[1] = 4
    match = _rebid(match)
    assert GAME.to_act(match.state) == (0, 2)
    assert_refused(match, bid(1, 4), "you have under 5 piasters and cannot bid")
    bids(match, 5, None, 6)
    assert match.state.reveal.bids == (5, None, 6)
    assert match.state.picking == [2, 0, 1] and match.state.money[1] == 4


def _rebid(match):
    """The bidding set up again after a test changed the money (as at a round's start)."""
    state = GAME.copy(match.state)
    state.records.pop()
    _lots_drawn(state)
    match.state = state
    return match


def test_option_sits_out_gives_a_broke_player_no_lot_and_the_lot_left_goes_back_to_the_bag():
    match = round_one(rules={"broke_player": "sits_out"})
    match.state.money[1] = 3
    match = _rebid(match)
    bag_before = cu.total(match.state.bag)
    bids(match, 5, None, 6)
    assert match.state.picking == [2, 0]
    match.act(pick(2, 1))
    match.act(pick(0, 2))  # two lots were left: a real choice
    assert match.state.lot_owner == [None, 2, 0]
    assert held(match, 1) == "" and cu.total(match.state.bag) == bag_before + 3
    assert "lot_returned" in kinds(match) and cubes_total(match.state) == 84


def test_option_sits_out_when_nobody_can_bid_every_lot_goes_back_to_the_bag():
    """The ruling for a round nobody can bid in, with sits_out: nobody picks, every lot goes
    back to the bag, and the next round begins (with last_pick everyone would pick)."""
    match = round_one(rules={"broke_player": "sits_out"})
    match.state.money = [1, 2, 3]
    match = _rebid(match)
    state = match.state
    reveal = next(r for r in state.records if r["kind"] == "reveal")
    assert reveal["order"] == [] and reveal["broke"] == [0, 1, 2]
    assert kinds(match).count("lot_returned") == 3 and "pick" not in kinds(match)
    assert cu.total(state.bag) == 84 and all(cu.total(c) == 0 for c in state.cubes)
    assert state.round == 2 and match.waiting_for_card.deck == "market"


def test_when_nobody_can_bid_the_picks_go_in_seat_order_from_the_start_player():
    match = round_one(start=1)
    match.state.money = [1, 2, 3]
    match = _rebid(match)
    assert match.state.phase == PICKING and match.state.reveal.bids == (None, None, None)
    assert match.state.picking == [1, 2, 0]


# ------------------------------------------------------------------ selling
def _selling(match_lots=("YYB", "BRRK", "GGKYY"), picks=((2, 2), (0, 0))):
    match = round_one(lots=match_lots)
    bids(match, 12, 7, 30)
    for seat, lot in picks:
        match.act(pick(seat, lot))
    return match


def test_players_sell_in_seat_order_from_the_start_player():
    match = _selling()
    assert match.state.phase == SELLING and GAME.to_act(match.state) == (0,)
    assert_refused(match, sell(1), "Seat 1's turn to sell")


def test_a_sale_pays_for_sets_of_the_current_cards_any_number_of_times_and_cubes_go_back():
    match = _selling()
    bag = match.state.bag
    match.act(sell(0, (0, 0, 2)))  # YYB: Y=10 twice; the blue stays
    state = match.state
    assert held(match, 0) == "B" and state.money[0] == 63 + 20 and state.paid_out == 20
    assert state.bag == cu.add(bag, cu.parse("YY"))
    assert state.records[-1] == {
        "kind": "sale",
        "round": 1,
        "seat": 0,
        "payout": 20,
        "cubes": {"yellow": 2},
        "parts": [{"market": 0, "set": 0, "times": 2, "cubes": {"yellow": 1}, "pays": 10, "card": "M1"}],
    }


def test_a_sale_may_mix_sets_of_several_cards():
    match = _selling()
    match.act(sell(0))
    match.act(sell(1, (1, 0, 1), (2, 0, 1)))  # BRRK: BR=30 and K=20
    assert held(match, 1) == "R" and match.state.money[1] == 68 + 50


def test_a_sale_of_sets_not_on_the_cards_or_of_cubes_not_held_is_refused():
    match = _selling()
    assert_refused(match, sell(0, (3, 0, 1)), r"no current market card in space 4 \(spaces 1 to 3\)")
    assert_refused(match, sell(0, (0, 2, 1)), r"M1 has no set 3 \(sets 1 to 2\)")
    assert_refused(match, sell(0, (0, 1, 2)), "needs 4 yellow")
    assert_refused(match, sell(0, (0, 0, 0)), "at least once")
    assert_refused(match, sell(0, (0, 0, 1), (0, 0, 1)), "listed twice")
    assert_refused(match, sell(0, (1, 0, 1)), "needs 1 blue, 1 red")
    assert_refused(match, Event("sell", 0, {"sales": "YY"}), "a sale lists its parts")
    assert_refused(match, Event("sell", 0, {"sales": [{"market": 0}]}), "sale part 1")


def test_a_player_may_sell_nothing():
    match = _selling()
    match.act(sell(0))
    assert held(match, 0) == "YYB" and match.state.money[0] == 63
    assert match.state.records[-1]["parts"] == []


def test_a_player_who_can_form_no_set_has_nothing_to_decide():
    # lots: seat 0 gets "GGG": no card's set fits (GK needs a black)
    match = _selling(("GGG", "BRRK", "GGKYY"), picks=((2, 2), (0, 0)))
    assert GAME.to_act(match.state) == (1,)
    assert match.state.records[-1] == {"kind": "no_sale", "round": 1, "seat": 0}


# ------------------------------------------------------------------ the cube limit
def _over_the_limit(seat_two: str = ""):
    """Seat 0 ends round 1's sales with 12 cubes (9 yellow kept from before and the lot
    KKK); seat 2 takes RRRRR on top of ``seat_two``."""
    match = round_one(lots=("KKK", "BBBB", "RRRRR"))
    for seat, kept in ((0, "YYYYYYYYY"), (2, seat_two)):
        match.state.cubes[seat] = cu.parse(kept)
        match.state.bag = cu.sub(match.state.bag, cu.parse(kept))
    bids(match, 30, 7, 12)
    match.act(pick(0, 0))
    match.act(pick(2, 2))  # seat 1 takes BBBB, the last lot
    match.act(sell(0))
    match.act(sell(1))  # seat 2 can form no set: nothing to decide
    return match


def test_a_player_over_10_cubes_returns_exactly_the_excess_of_their_choice():
    match = _over_the_limit()
    state = match.state
    assert state.phase == DISCARDING and GAME.to_act(state) == (0,)
    assert_refused(match, discard(0, "Y"), "you hold 12 cubes and return exactly 2 to come down to 10, not 1")
    assert_refused(match, discard(0, "YYY"), "exactly 2")
    assert_refused(match, discard(0, "GG"), "you cannot return 2 green")
    assert_refused(match, discard(1, "B"), "you need not return any cubes")
    assert_refused(match, Event("discard", 0, {"cubes": {"pink": 2}}), "'pink' is not a colour")
    bag = match.state.bag
    match.act(discard(0, "KY"))
    assert held(match, 0) == "YYYYYYYYKK" and match.state.bag == cu.add(bag, cu.parse("KY"))
    assert match.state.phase == MARKET and cubes_total(match.state) == 84


def test_everyone_over_the_limit_returns_cubes_at_once():
    match = _over_the_limit(seat_two="GGGGGG")
    assert GAME.to_act(match.state) == (0, 2)
    match.act(discard(2, "G"))
    assert GAME.to_act(match.state) == (0,) and match.state.phase == DISCARDING
    match.act(discard(0, "YY"))
    assert match.state.phase == MARKET


def test_the_view_offers_a_default_return():
    match = _over_the_limit()
    you = GAME.view(match.state, 0)["you"]
    assert you["to_do"] == "discard" and you["discard"]["excess"] == 2
    assert sum(you["discard"]["advice"].values()) == 2
    match.act(Event("discard", 0, {"cubes": you["discard"]["advice"]}))
    assert cu.total(match.state.cubes[0]) == 10


# ------------------------------------------------------------------ rotation and the end
def _finish_round(match):
    while match.state.phase in (BIDDING, PICKING, SELLING, DISCARDING):
        state = match.state
        seat = GAME.to_act(state)[0]
        if state.phase == BIDDING:
            match.act(bid(seat, 5))
        elif state.phase == PICKING:
            match.act(pick(seat, next(i for i, o in enumerate(state.lot_owner) if o is None)))
        elif state.phase == SELLING:
            match.act(sell(seat))
        else:
            match.act(discard(seat, cu.letters(suggested_return(state.cubes[seat], (), 10))))


def test_the_rightmost_card_leaves_the_two_others_slide_right_and_the_next_is_revealed_first():
    match = round_one()
    _finish_round(match)
    assert [c.name for c in match.state.markets] == ["M1", "M2"]
    assert match.state.records[-1]["kind"] == "rotation" and match.state.records[-1]["discarded"] == "M3"
    match.enter_chance("M10")
    assert [c.name for c in match.state.markets] == ["M10", "M1", "M2"]
    assert match.state.records[-1]["space"] == 1


def test_the_start_player_token_passes_clockwise_each_round():
    match = round_one(start=2)
    _finish_round(match)
    assert match.state.start == 0 and match.state.round == 2
    match.enter_chance("M4")
    draw(match, "YYY", "YYYY", "YYYYY")
    bids(match, 5, 5, 5)
    assert match.state.picking == [0, 1, 2]


def test_the_12th_card_starts_the_final_round_and_the_game_ends_after_it_after_10_rounds():
    match = round_one()
    for number in range(4, 13):
        _finish_round(match)
        assert not match.state.final_round and match.state.phase == MARKET
        match.enter_chance(f"M{number}")
        while match.state.phase == "lots":  # any cube the bag still holds
            match.enter_chance(min(match.waiting_for_card.remaining))
    assert match.state.final_round and match.state.round == 10
    revealed = [r for r in match.state.records if r["kind"] == "market"]
    assert [r["final_round"] for r in revealed] == [False] * 11 + [True]
    _finish_round(match)
    assert match.state.phase == OVER and len(match.state.markets) == 3
    assert kinds(match)[-1] == "end" and GAME.chance_request(match.state) is None
    assert GAME.to_act(match.state) == ()
    assert_refused(match, bid(0, 5), "the game is over")


def test_most_money_wins_then_most_cubes_then_a_shared_win():
    state = GAME.copy(round_one().state)
    state.money = [100, 100, 90]
    state.cubes = [cu.parse("YY"), cu.parse("YYY"), cu.parse("KKKKK")]
    result = GAME.result(state)
    assert result.places == (2, 1, 3) and result.winners == (1,) and result.scores == (100, 100, 90)
    assert result.breakdown["ties"] == [{"money": 100, "seats": [0, 1], "ahead": 1}]
    state.phase = OVER
    assert (
        "the most cubes left breaks the tie (Seat 1 2, Seat 2 3 cubes), so Seat 2 places "
        "ahead" in narration.score_sheet(state)
    )
    state.cubes[0] = cu.parse("BBB")
    result = GAME.result(state)
    assert result.places == (1, 1, 3) and result.winners == (0, 1)
    assert result.breakdown["ties"] == [{"money": 100, "seats": [0, 1], "ahead": None}]
    assert "so equal players share their place" in narration.score_sheet(state)
    state.money = [120, 100, 90]
    assert GAME.result(state).breakdown["ties"] == []


# ------------------------------------------------------------------ chance and entries
def test_a_digital_market_card_comes_from_the_deck_not_yet_drawn():
    match = round_one()
    _finish_round(match)
    request = match.waiting_for_card
    assert request.deck == "market" and set(request.remaining) == {f"M{i}" for i in range(4, 16)}
    with pytest.raises(RuleError, match="not in the market deck"):
        match.enter_chance("M2")


def test_nothing_but_the_chance_request_is_taken():
    match = table(2)
    assert_refused(match, chance_event("market", "M9"), "nothing is drawn from the market now")
    assert_refused(match, Event("fly", 0), "unknown action 'fly'")
    assert_refused(
        match, Event("entry", None, {"name": "market card", "value": "Y=1"}), "no market card is waiting"
    )


def test_cubes_are_always_all_84():
    match = round_one()
    assert cubes_total(match.state) == 84
    _finish_round(match)
    assert cubes_total(match.state) == 84
    assert Counter(kinds(match))["pick"] == 3
