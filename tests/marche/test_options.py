"""Every rule option and card distribution of MarcheOptions, each against its default."""

from collections import Counter

import pytest
from marche_driver import CAMEL, END, GAME, assert_refused, buy, offer, stop, table_match

from companion.core.errors import RuleError
from companion.games.marche import SPEC
from companion.games.marche.final import final_score
from companion.games.marche.options import MarcheOptions
from companion.games.marche.realtime import MarcheCountdown, Timing
from companion.games.marche.state import OVER, PICKING


def market(rules=None, players=4, bank=None):
    return offer(table_match(players, rules=rules), [7, 1, 2, 3][:players], bank)


# ------------------------------------------------------------------ lowest_price
def test_lowest_price_1_refuses_a_stop_at_0_and_ends_the_turn_after_a_stop_at_1():
    match = market()
    assert_refused(match, stop(0, 1), "from 1 to 10")
    buy(match, 1, 1, 0)
    assert match.state.turn == 2


def test_lowest_price_0_allows_buying_at_0():
    match = buy(market({"lowest_price": 0}), 1, 1, 0)
    assert match.state.turn == 1 and match.state.price == 0
    buy(match, 0, 2, 3)
    state = match.state
    assert state.goods[2] == {"carpets": [3]} and state.money == [16, 14, 15, 15]
    assert state.turn == 2


@pytest.mark.parametrize("lowest_price, shown", [(1, ("blank", None)), (0, ("count", 0))], ids=["1", "0"])
def test_lowest_price_is_the_last_count_the_table_shows(lowest_price, shown):
    """The table's countdown (realtime.py) runs down to the lowest price: with 0 it shows 0
    and the countdown ends a step later, or a stop at 0 could never be pressed."""
    state = market({"lowest_price": lowest_price}).state
    timing = Timing()
    table = MarcheCountdown(timing)
    table.follow(state, 0)
    at_0 = timing.lead_in_us + 10 * timing.step_us + timing.step_us // 2  # halfway through 0's step
    assert table.shown(state, at_0) == shown
    ended = table.due(state, at_0)
    assert (ended is not None and ended.event == END) == (lowest_price == 1)


# ------------------------------------------------------------------ start_price
def test_start_price_is_where_every_turns_countdown_starts():
    """Not only the first turn's: each new turn's countdown starts from it again."""
    match = market({"start_price": 5})
    assert match.state.price == 5
    assert_refused(match, stop(6, 1), "from 1 to 5")
    buy(match, 5, 1, 0)
    match.act(END)
    assert match.state.turn == 2 and match.state.phase == PICKING and match.state.price == 5


# ------------------------------------------------------------------ set_scoring
@pytest.mark.parametrize("set_scoring, points", [("rulebook", 16), ("doubling", 32)])
def test_set_scoring_reaches_the_final_score(set_scoring, points):
    state = GAME.new_state({"players": 4, "rules": {"set_scoring": set_scoring}})
    state.goods[1] = {"jewels": [2, 2, 2], "vegetables": [2, 2], "carpets": [2, 2]}
    state.camels[1] = [4, 3]  # room for all seven 2s
    assert final_score(state).players[1].set_values == {2: points}


# ------------------------------------------------------------------ hidden_goods
def bought_by_seat_1(rules):
    return buy(market(rules), 9, 1, 0)


def test_bought_goods_are_public_by_default():
    state = bought_by_seat_1(None).state
    view = GAME.view(state, 2)
    assert view["players"][1]["goods"] == {"jewels": [7]} and view["records"][-1]["card"] == 7


def test_hidden_goods_hide_bought_goods_from_other_views():
    state = bought_by_seat_1({"hidden_goods": True}).state
    for viewer in (None, 0, 2, 3):
        view = GAME.view(state, viewer)
        assert "goods" not in view["players"][1]
        record = view["records"][-1]
        assert (record["seat"], record["count"], record["card"]) == (1, 9, None)
    assert GAME.view(state, 1)["players"][1]["goods"] == {"jewels": [7]}


def test_hidden_goods_are_shown_at_the_end_of_the_game():
    match = bought_by_seat_1({"hidden_goods": True})
    match.act(END)
    while match.state.phase != OVER:
        offer(match, [hand[0] for hand in match.state.hands])
        match.act(END)
    view = GAME.view(match.state, 2)
    assert view["players"][1]["goods"] == {"jewels": [7]} and view["records"][0]["card"] == 7


# ------------------------------------------------------------------ card distributions as data
def test_the_card_splits_no_source_prints_are_the_rulings_data_and_each_setup_carries_them():
    rulebook = MarcheOptions.from_rules()
    assert rulebook.goods_cards == (1, 1, 2, 2, 2, 3, 3, 5, 6, 7)
    assert Counter(rulebook.camel_cards) == {3: 4, 4: 4, 5: 4, 6: 4}
    rules = SPEC.setup(4)["rules"]  # what the store keeps with a game: a replay reads no file
    assert rules["goods_cards"] == list(rulebook.goods_cards)
    assert rules["camel_cards"] == list(rulebook.camel_cards)


def test_a_custom_goods_distribution_fills_the_hands_and_the_bank_deck():
    cards = [9, 0, 0, 1, 1, 1, 2, 2, 8, 9]
    state = table_match(3, rules={"goods_cards": cards}).state
    assert state.hands == [sorted(cards)] * 3 and state.bank_deck == Counter(cards)


def test_a_custom_camel_distribution_is_the_camel_deck():
    match = table_match(4, camel=None, rules={"camel_cards": [3, 7, 3]})
    assert match.waiting_for_card.remaining == {3: 2, 7: 1}
    with pytest.raises(RuleError, match="not in the camels deck"):
        match.enter_chance(5)
    match.enter_chance(7)
    buy(offer(match, [1, 1, 1, 1]), 8, 1, CAMEL)
    assert match.state.camels[1] == [7] and match.waiting_for_card.remaining == {3: 2}


def test_the_number_of_turns_follows_the_goods_cards():
    match = table_match(4, rules={"turns": 3, "goods_cards": [1, 2, 3]})
    for _ in range(3):
        offer(match, [1, 1, 1, 1] if match.state.turn == 1 else [h[0] for h in match.state.hands])
        match.act(END)
    assert match.state.phase == OVER


def test_a_countdown_starts_from_99_at_most():
    """A count of a billion made a turn no table or script could reach the end of."""
    match = table_match(4, rules={"start_price": 99})
    assert match.state.price == 99
    for too_high in (100, 1_000_000_000):
        with pytest.raises(RuleError, match=f"'start_price' must be from 1 to 99, not {too_high}"):
            GAME.new_state({"players": 4, "rules": {"start_price": too_high}})


def test_rules_round_trip_through_their_json_form():
    rules = MarcheOptions.from_rules(
        {
            "lowest_price": 0,
            "camel_refill": "immediate",
            "set_scoring": "doubling",
            "hidden_goods": True,
            "camel_cards": (3, 3, 7),
        }
    )
    assert MarcheOptions.from_rules(rules.to_dict()) == rules
    assert rules.camel_cards == (3, 3, 7) and rules.to_dict()["camel_cards"] == [3, 3, 7]


# ------------------------------------------------------------------ invalid values
@pytest.mark.parametrize(
    "rules, words",
    [
        ({"lowest_price": 2}, "lowest_price"),
        ({"lowest_price": True}, "lowest_price"),
        ({"camel_refill": "sometimes"}, "camel_refill"),
        ({"set_scoring": "tripling"}, "set_scoring"),
        ({"hidden_goods": "yes"}, "hidden_goods"),
        ({"hidden_goods": 1}, "hidden_goods"),
        ({"goods_cards": [1, 2, 3]}, "goods_cards"),
        ({"goods_cards": [1, 1, 2, 2, 2, 3, 3, 5, 6, -7]}, "goods_cards"),
        ({"goods_cards": "1,1,2,2,2,3,3,5,6,7"}, "goods_cards"),
        ({"goods_cards": [1, 1, 2, 2, 2, 3, 3, 5, 6, 7.5]}, "goods_cards"),
        ({"camel_cards": []}, "camel_cards"),
        ({"camel_cards": [3, 0]}, "camel_cards"),
        ({"start_price": 1}, "start_price"),
        ({"start_price": "10"}, "start_price"),
        ({"start_price": 10.5}, "start_price"),
        ({"turns": 0, "goods_cards": []}, "turns"),
        ({"camel_cards": [3, 4.5]}, "camel_cards"),
        ({"start_price": 0}, "start_price"),
        ({"camels": [3]}, "there is no rule option 'camels'"),
    ],
    ids=repr,
)
def test_invalid_rule_values_are_refused_by_name(rules, words):
    with pytest.raises(RuleError, match=words):
        GAME.new_state({"players": 4, "rules": rules})
