"""Every rule of docs/rules/marche.md (its rulings included), one test each."""

from collections import Counter

import pytest
from marche_driver import (
    BANK,
    CAMEL,
    END,
    GAME,
    assert_refused,
    buy,
    claim,
    offer,
    pick,
    stop,
    table_match,
)

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.match import Match
from companion.games.marche import SPEC
from companion.games.marche.options import MarcheOptions
from companion.games.marche.state import COUNTDOWN, OVER, PICKING

RULEBOOK = MarcheOptions.from_rules()
DEFAULT_GOODS_CARDS, DEFAULT_CAMEL_CARDS = RULEBOOK.goods_cards, RULEBOOK.camel_cards

# Four players sell jewels, spices, vegetables, carpets; seat 0 is the first Dean.


def market(players=4, cards=(7, 1, 2, 3), bank=None, **kw):
    """A match whose first turn's offers are revealed: seat s offers cards[s]."""
    return offer(table_match(players, **kw), cards[:players], bank)


def kinds(match):
    return [r["kind"] for r in match.state.records]


# ------------------------------------------------------------------ setup
def test_four_players_start_with_15_dirhams_and_no_bank():
    state = table_match(4).state
    assert state.money == [15] * 4 and state.bank == 0
    assert state.bank_type is None and state.bank_deck == {}


def test_five_players_start_with_15_dirhams_each():
    assert table_match(5).state.money == [15] * 5


def test_three_players_start_with_25_and_the_bank_sells_a_fourth_type_from_a_deck():
    state = table_match(3).state
    assert state.money == [25] * 3
    assert state.bank_type == "carpets" and state.bank_type not in state.sells
    assert state.bank_deck == Counter(DEFAULT_GOODS_CARDS)


def test_three_players_see_a_bank_card_turned_up_each_turn_after_the_picks():
    match = offer(table_match(3), [1, 2, 3])
    assert match.waiting_for_card.deck == "bank"
    match.enter_chance(7)
    assert match.state.offers == {0: 1, 1: 2, 2: 3, BANK: 7}
    match.act(END)
    offer(match, [1, 2, 3])
    assert match.waiting_for_card.remaining == Counter(DEFAULT_GOODS_CARDS) - Counter([7])


def test_money_for_a_bank_card_goes_to_the_bank():
    match = market(3, bank=7)
    buy(match, 8, 1, BANK)
    assert match.state.money == [25, 17, 25] and match.state.bank == 8
    assert match.state.goods[1] == {"carpets": [7]}


def test_each_seat_holds_the_ten_cards_of_its_type():
    state = table_match(5).state
    assert state.sells == ("jewels", "spices", "vegetables", "carpets", "textiles")
    assert all(hand == sorted(DEFAULT_GOODS_CARDS) for hand in state.hands)


def test_the_first_camel_is_face_up_before_the_first_pick():
    match = table_match(4, camel=None)
    assert match.waiting_for_card.deck == "camels"
    assert match.waiting_for_card.remaining == Counter(DEFAULT_CAMEL_CARDS)
    assert_refused(match, pick(0, 1), "turned up first")
    match.enter_chance(6)
    assert match.state.camel_up == 6 and sum(match.state.camel_deck.values()) == 15


def test_a_digital_match_turns_up_the_first_camel_itself():
    match = Match(GAME, {"players": 4}, SeededChance(1))
    match.fill_chance()
    assert match.state.camel_up in DEFAULT_CAMEL_CARDS and match.waiting_for_card is None


@pytest.mark.parametrize("players", [2, 6, "four"])
def test_only_three_to_five_players(players):
    with pytest.raises(RuleError, match="is played by 3 to 5 players"):
        SPEC.setup(players)


def test_the_first_dean_is_seat_0_or_the_first_dean_setting():
    assert table_match(4).state.dean == 0
    assert table_match(4, first_dean=2).state.dean == 2


# ------------------------------------------------------------------ simultaneous picks
def test_picks_are_secret_until_all_have_picked_then_revealed_at_once():
    match = table_match(4)
    match.act(pick(0, 7))
    for viewer in (None, 1, 2, 3):
        view = GAME.view(match.state, viewer)
        assert view["offers"] == {} and view["players"][0]["picked"] is True
        assert view.get("you", {}).get("pick") is None
        assert GAME.redact(match.log[-1], viewer)["data"] == {}
    assert GAME.view(match.state, 0)["you"]["pick"] == 7
    assert GAME.redact(match.log[-1], 0)["data"] == {"card": 7}
    for seat, card in ((1, 1), (2, 2)):
        match.act(pick(seat, card))
        assert match.state.offers == {}
    match.act(pick(3, 3))
    assert match.state.phase == COUNTDOWN
    for viewer in (None, 0, 1, 2, 3):
        assert GAME.view(match.state, viewer)["offers"] == {"0": 7, "1": 1, "2": 2, "3": 3}


def test_a_second_pick_in_the_same_turn_is_refused():
    match = table_match(4)
    match.act(pick(0, 7))
    assert_refused(match, pick(0, 6), "already picked")


def test_a_card_not_in_hand_cannot_be_picked():
    match = table_match(4)
    assert_refused(match, pick(0, 4), "no 4 card")


def test_a_card_offered_in_an_earlier_turn_cannot_be_picked_again():
    match = market()
    match.act(END)
    assert_refused(match, pick(0, 7), "no 7 card")


# ------------------------------------------------------------------ a single claimant
def test_a_single_claimant_pays_the_count_to_the_seller_and_takes_the_card_face_up():
    match = buy(market(), 9, 1, 0)
    state = match.state
    assert state.money == [24, 6, 15, 15] and state.bank == 0
    assert state.goods[1] == {"jewels": [7]} and 0 not in state.offers
    for viewer in (None, 2):
        assert GAME.view(state, viewer)["players"][1]["goods"] == {"jewels": [7]}


def test_a_camel_is_paid_to_the_bank_and_goes_behind_the_screen():
    match = buy(market(), 6, 2, CAMEL)
    state = match.state
    assert state.money == [15, 15, 9, 15] and state.bank == 6 and state.camels[2] == [5]
    assert GAME.view(state, 2)["you"]["camels"] == [5]
    for viewer in (None, 1):
        assert "camels" not in GAME.view(state, viewer)["players"][2]


def test_the_countdown_resumes_one_below_the_stop():
    match = buy(market(), 9, 1, 0)
    assert match.state.price == 8
    assert_refused(match, stop(9, 2), "from 1 to 8")
    match.act(stop(8, 2))
    assert match.state.stop.count == 8


def test_a_player_may_stop_several_times_in_a_turn():
    match = buy(buy(market(), 5, 1, 0), 4, 1, 2)
    assert match.state.goods[1] == {"jewels": [7], "vegetables": [2]}
    assert match.state.money == [20, 6, 19, 15]


# ------------------------------------------------------------------ simultaneous stops
def test_simultaneous_stoppers_naming_different_cards_each_buy_at_the_count():
    match = market()
    match.act(stop(6, 1, 2))
    match.act(claim(1, 0))
    match.act(claim(2, 3))
    state = match.state
    assert state.money == [21, 9, 9, 21]
    assert state.goods[1] == {"jewels": [7]} and state.goods[2] == {"carpets": [3]}


def test_money_received_earlier_in_a_stop_pays_for_a_card_settled_later_in_it():
    match = buy(buy(market(), 10, 2, 0), 5, 2, 3)  # seat 2 is down to 0
    assert match.state.money[2] == 0
    match.act(stop(4, 1, 2))  # seat 1 pressed first
    match.act(claim(2, 1))  # seat 2 buys seat 1's card...
    match.act(claim(1, 2))  # ...with the 4 seat 1 pays for seat 2's
    assert match.state.goods[2] == {"jewels": [7], "carpets": [3], "spices": [1]}
    assert match.state.goods[1] == {"vegetables": [2]}
    assert "false_stop" not in kinds(match)


def test_claims_of_nothing_are_charged_before_cards_are_settled():
    match = market()
    match.act(stop(7, 3, 1))
    match.act(claim(3, 0))
    match.act(claim(1, None))
    assert kinds(match) == ["false_stop", "buy"]


# ------------------------------------------------------------------ disputes
def test_goods_dispute_with_the_dean_the_dean_buys_at_the_full_count_others_pay_nothing():
    match = market()
    match.act(stop(6, 1, 0))
    match.act(claim(1, 2))
    match.act(claim(0, 2))
    state = match.state
    assert state.money == [9, 15, 21, 15] and state.goods[0] == {"vegetables": [2]}
    assert kinds(match) == ["dean_priority", "buy"]


@pytest.mark.parametrize("count, half", [(7, 4), (6, 3), (1, 1)])
def test_goods_dispute_without_the_dean_discards_the_card_and_each_pays_half_up(count, half):
    match = market()
    match.act(stop(count, 1, 2))
    match.act(claim(1, 3))
    match.act(claim(2, 3))
    state = match.state
    assert state.money == [15, 15 - half, 15 - half, 15 + 2 * half]
    assert ("carpets", 3) in state.discarded and 3 not in state.offers
    assert state.goods == [{}, {}, {}, {}]


def test_a_bank_goods_dispute_pays_the_halves_to_the_bank():
    match = market(3, bank=7)
    match.act(stop(5, 1, 2))
    match.act(claim(1, BANK))
    match.act(claim(2, BANK))
    assert match.state.money == [25, 22, 22] and match.state.bank == 6
    assert ("carpets", 7) in match.state.discarded


def test_camel_dispute_with_the_dean_the_dean_gets_the_camel():
    match = market()
    match.act(stop(5, 2, 0))
    match.act(claim(2, CAMEL))
    match.act(claim(0, CAMEL))
    state = match.state
    assert state.camels == [[5], [], [], []] and state.money == [10, 15, 15, 15]
    assert state.bank == 5


def test_camel_dispute_without_the_dean_returns_it_to_the_deck_and_turns_up_the_next():
    match = market()
    match.act(stop(5, 1, 2))
    match.act(claim(1, CAMEL))
    match.act(claim(2, CAMEL))
    state = match.state
    assert state.camels == [[], [], [], []] and state.camel_up is None
    assert state.money == [15, 12, 12, 15] and state.bank == 6
    assert match.waiting_for_card.deck == "camels"
    assert match.waiting_for_card.remaining == Counter(DEFAULT_CAMEL_CARDS)
    match.enter_chance(5)  # the same camel may come up again
    assert match.state.camel_up == 5 and match.state.phase == COUNTDOWN


# ------------------------------------------------------------------ false stops and caps
def test_naming_nothing_is_a_false_stop_costing_1_dirham_to_the_bank():
    match = buy(market(), 8, 1, None)
    state = match.state
    assert state.money == [15, 14, 15, 15] and state.bank == 1
    assert state.offers == {0: 7, 1: 1, 2: 2, 3: 3} and state.price == 7
    assert state.records[-1]["kind"] == "false_stop" and state.records[-1]["why"] == "named no card"


def test_a_single_claimant_who_cannot_pay_makes_a_false_stop():
    match = buy(buy(market(), 10, 1, 0), 9, 1, 2)  # 5 left, cannot pay 9
    state = match.state
    assert state.money[1] == 4 and state.bank == 1 and 2 in state.offers
    assert state.records[-1]["kind"] == "false_stop" and state.records[-1]["why"] == "cannot pay"


def test_money_never_goes_below_0_and_the_record_keeps_due_and_paid():
    match = buy(buy(market(), 10, 1, 0), 5, 1, 2)  # seat 1 is down to 0
    buy(match, 4, 1, None)
    assert match.state.money[1] == 0 and match.state.bank == 0
    last = match.state.records[-1]
    assert (last["kind"], last["due"], last["paid"]) == ("false_stop", 1, 0)


def test_a_dispute_payment_is_capped_by_the_payers_money():
    match = buy(buy(market(), 10, 1, 0), 5, 1, 2)  # seat 1 is down to 0
    match.act(stop(3, 1, 3))
    match.act(claim(1, CAMEL))
    match.act(claim(3, CAMEL))
    assert match.state.money[1] == 0 and match.state.money[3] == 13 and match.state.bank == 2
    first = match.state.records[-2]
    assert (first["kind"], first["seat"], first["due"], first["paid"]) == ("dispute", 1, 2, 0)


def test_a_dean_who_cannot_pay_is_a_false_stop_and_the_other_claimant_buys():
    match = buy(market(), 10, 0, 1)  # the Dean is down to 5
    match.act(stop(8, 0, 1))
    match.act(claim(0, 2))
    match.act(claim(1, 2))
    state = match.state
    assert state.money == [4, 17, 23, 15] and state.bank == 1
    assert state.goods[1] == {"vegetables": [2]}
    assert kinds(match) == ["buy", "false_stop", "buy"]


def test_a_dean_who_cannot_pay_leaves_the_others_to_dispute():
    match = buy(market(), 10, 0, 1)
    match.act(stop(8, 0, 1, 3))
    for seat in (0, 1, 3):
        match.act(claim(seat, 2))
    state = match.state
    assert state.money == [4, 21, 23, 11] and ("vegetables", 2) in state.discarded
    assert kinds(match) == ["buy", "false_stop", "dispute", "dispute"]


# ------------------------------------------------------------------ what can be claimed
def test_a_player_can_never_buy_their_own_card_but_may_then_name_another():
    match = market()
    match.act(stop(6, 1))
    assert_refused(match, claim(1, 1), "own card")
    match.act(claim(1, 0))
    assert match.state.goods[1] == {"jewels": [7]}


def test_a_card_no_longer_on_offer_is_refused():
    match = buy(market(), 9, 1, 0)
    match.act(stop(8, 2))
    assert_refused(match, claim(2, 0), "not on offer")


# ------------------------------------------------------------------ the camel deck
def test_a_camel_sold_while_goods_remain_is_replaced_at_once():
    match = buy(market(), 6, 2, CAMEL)
    assert match.waiting_for_card.deck == "camels" and match.state.turn == 1
    match.enter_chance(3)
    assert match.state.camel_up == 3 and match.state.phase == COUNTDOWN


def sell_all_goods_then_the_camel(rules=None):
    match = market(rules=rules)
    for count, seat, target in ((10, 1, 0), (9, 2, 1), (8, 3, 2), (7, 0, 3), (6, 1, CAMEL)):
        buy(match, count, seat, target)
    return match


def test_rulebook_a_camel_sold_with_no_goods_left_is_replaced_at_the_next_turn():
    match = sell_all_goods_then_the_camel()
    assert match.state.turn == 2 and match.state.phase == PICKING
    assert match.waiting_for_card.deck == "camels"


def test_immediate_refill_replaces_a_camel_sold_with_no_goods_left_at_once():
    match = sell_all_goods_then_the_camel({"camel_refill": "immediate"})
    assert match.state.turn == 1 and match.waiting_for_card.deck == "camels"
    match.enter_chance(4)
    assert match.state.camel_up == 4 and match.state.phase == COUNTDOWN


def test_an_empty_camel_deck_means_no_camel_can_be_bought():
    match = market(rules={"camel_cards": [4]}, camel=4)
    buy(match, 6, 2, CAMEL)
    assert match.waiting_for_card is None and match.state.camel_up is None
    match.act(stop(5, 1))
    assert_refused(match, claim(1, CAMEL), "no camel")
    match.act(claim(1, 0))
    match.act(END)
    assert match.waiting_for_card is None and match.state.phase == PICKING


# ------------------------------------------------------------------ the end of a turn
def test_the_turn_ends_as_soon_as_nothing_is_left_to_buy():
    match = market(rules={"camel_cards": [4]}, camel=4)
    for count, seat, target in ((9, 1, CAMEL), (8, 2, 0), (7, 3, 1), (6, 0, 2)):
        buy(match, count, seat, target)
    assert match.state.turn == 1 and "false_stop" not in kinds(match)
    buy(match, 5, 1, 3)
    assert match.state.turn == 2 and match.state.phase == PICKING


def test_a_stop_at_the_lowest_price_ends_the_turn_once_resolved():
    match = buy(market(), 1, 1, 0)
    assert match.state.turn == 2 and match.state.goods[1] == {"jewels": [7]}


def test_unsold_goods_are_discarded_for_good_and_the_camel_stays_at_10():
    match = buy(market(), 9, 1, 0)
    match.act(END)
    state = match.state
    assert sorted(state.discarded) == [("carpets", 3), ("spices", 1), ("vegetables", 2)]
    assert state.offers == {} and state.turn == 2 and state.price == 10
    assert state.camel_up == 5 and match.waiting_for_card is None
    assert state.hands[1] == [1, 2, 2, 2, 3, 3, 5, 6, 7]


def play_silent_turn(match):
    offer(
        match,
        [hand[0] for hand in match.state.hands],
        bank=min(match.state.bank_deck) if match.state.bank_type else None,
    )
    match.act(END)


@pytest.mark.parametrize(
    "players, first, deans",
    [
        (4, 0, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]),
        (3, 2, [2, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ],
)
def test_the_dean_passes_to_the_next_seat_each_turn(players, first, deans):
    match = table_match(players, first_dean=first)
    seen = []
    for _ in range(10):
        seen.append(match.state.dean)
        play_silent_turn(match)
    assert seen == deans


@pytest.mark.parametrize("players", [3, 4])
def test_the_game_is_over_after_exactly_ten_turns(players):
    match = table_match(players)
    for turn in range(1, 11):
        assert match.state.turn == turn and match.state.phase == PICKING
        play_silent_turn(match)
    state = match.state
    assert state.phase == OVER and GAME.is_over(state)
    assert state.hands == [[]] * players and state.bank_deck == {}
    assert_refused(match, pick(0, 1), "over")
