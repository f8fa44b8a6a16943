"""Issue 23's rough edges in the engine and the views: 1998's refusals name its cards, the
help said to a player with no piasters, nothing of the last turn at the end, and the
result's accounts of each player's money."""

from __future__ import annotations

from samarkand_driver import GAME, act, refused, set_field, set_hand, table
from test_samarkand_cities import at_city

from companion.games.samarkand.rules import result


def test_1998_the_chip_refusal_names_the_cards_and_no_raw_field():
    match = at_city("isfahan", {"yellow": 4}, "1998")
    match.state.chips = ["red", "blue"]
    said = refused(match, 0, "sell", "choose the one that moves onto grain", market=1, count=4)
    assert "copper" in said and "carpets" in said
    assert '"chip"' not in said and "red" not in said and "yellow" not in said


def test_1998_a_refusal_naming_goods_names_cards():
    match = at_city("isfahan", {"yellow": 4}, "1998")
    said = refused(match, 0, "sell", "you do not have", market=1, count=5)
    assert "5 × grain" in said and "yellow" not in said


def help_at(match, space: str) -> dict:
    return GAME.view(match.state, 0)["you"]["help"]["spaces"][space]


def test_with_no_piasters_a_city_without_a_sale_means_elimination_in_2_0_and_nothing_to_pay_in_1998():
    for edition, out in (("2.0", True), ("1998", False)):
        match = table(2, places=["camp7", "camp7"], edition=edition)
        set_hand(match, 0, {"yellow": 1})
        match.state.money[0] = 0
        assert help_at(match, "merv")["cannot_sell"] == {"pays": 0, "out": out}
        match.state.money[0] = 12
        assert help_at(match, "merv")["cannot_sell"] == {"pays": 12, "out": False}
    set_hand(match, 0, {"red": 2})
    assert "cannot_sell" not in help_at(match, "merv")


def test_with_no_piasters_a_full_camp_gives_nothing_and_no_gift_costs_nothing():
    match = table(2, places=["camp8", "camp8"])
    set_field(match, "camp9", {"red": 4})  # camp9 (4): full
    match.state.money[0] = 0
    camp9 = help_at(match, "camp9")
    assert camp9["full"] and camp9["cannot_pay"] and camp9["fee"] == 10
    match.state.money[0] = 10
    assert not help_at(match, "camp9")["cannot_pay"]
    set_field(match, "camp9", {"red": 1})
    set_hand(match, 0, {})
    match.state.money[0] = 0
    camp9 = help_at(match, "camp9")
    assert camp9["no_gift"] and camp9["no_gift_fee"] == 0
    match.state.money[0] = 50
    assert help_at(match, "camp9")["no_gift_fee"] == 20


def a_game_won_after_a_cannot_sell():
    """Seat 2 cannot sell at Merv (shows a yellow, pays 20); seat 1 then sells 5 red there
    and reaches the target."""
    match = table(2, places=["camp7", "camp7"], target=250, first_player=2)
    set_hand(match, 1, {"yellow": 1})
    set_hand(match, 0, {"red": 5})
    act(match, 1, "move", to="merv")
    assert GAME.view(match.state, None)["proof"]["seat"] == 1
    act(match, 0, "move", to="merv")
    act(match, 0, "sell", market=0, count=5)
    assert GAME.is_over(match.state)
    return match


def test_at_the_end_the_view_shows_no_proof_of_the_last_turn():
    match = a_game_won_after_a_cannot_sell()
    assert GAME.view(match.state, None)["proof"] is None
    assert GAME.view(match.state, 1)["proof"] is None


def test_the_result_says_how_each_players_money_was_made():
    match = a_game_won_after_a_cannot_sell()
    players = result(match.state).breakdown["players"]
    assert players[0] | {} == {
        **players[0],
        "start": 200,
        "sales": 70,
        "sold": 1,
        "penalties": 0,
        "rolls": 0,
        "oases": 0,
        "camps": 0,
        "money": 270,
    }
    assert players[1]["penalties"] == 20 and players[1]["money"] == 180 and players[1]["sold"] == 0
    for p in players:
        paid = p["rolls"] + p["oases"] + p["camps"] + p["penalties"]
        assert p["start"] + p["sales"] - paid == p["money"]
