"""Every rule of the rulebook and every ruling of docs/rules/bazaar.md, one test (or a table
of cases) each.

The table (bazaar_driver.table): three players; seat 0 holds R, seat 1 W, seat 2 Y;
equations 0-4: R = YGBW; R = WW; Y = GGGGG; G = BBBBB; B = YY and 5-9: W = GR; YW = BB;
GG = RW; RRR = YGB; BBB = WWW; stalls 0-3: YGBWW, YYYYY*, RRRRR, RRBBW*.
"""

from __future__ import annotations

import pytest
from bazaar_driver import (
    CARD_1,
    CARD_2,
    GAME,
    WARES,
    assert_refused,
    buy,
    cubes,
    digital,
    discard,
    done,
    empty_stall,
    hold,
    roll,
    rolled,
    setup,
    table,
    take,
    trade,
)

from companion.core.chance import EnteredChance
from companion.core.match import Match, replay
from companion.games.bazaar.cubes import FACES
from companion.games.bazaar.state import ACT, BUY, DISCARD, OVER, REVEAL, START_WILD, WILD


# ------------------------------------------------------------------ components
def test_the_bank_holds_100_cubes_20_of_each_colour_less_the_first_cubes():
    match = table()
    assert sum(match.state.bank) == 97 and match.state.bank == [19, 20, 19, 20, 19]
    assert [cubes(match, s) for s in range(3)] == ["R", "W", "Y"]


def test_the_die_has_five_colours_and_a_wild_face_each_once_drawn_with_replacement():
    match = table()
    match.act(roll(0))
    request = match.waiting_for_card
    assert request.deck == "die" and dict(request.remaining) == {face: 1 for face in FACES}
    match.enter_chance("blue")
    match.act(roll(1))
    assert dict(match.waiting_for_card.remaining) == {face: 1 for face in FACES}  # the same six


def test_a_roll_takes_one_cube_of_the_colour_rolled():
    match = table()
    rolled(match, 0, "blue")
    assert cubes(match, 0) == "RB" and match.state.bank[3] == 19
    assert match.state.turn == 1  # nothing to buy: the turn ended


def test_a_roll_of_a_colour_the_bank_has_run_out_of_takes_nothing():
    match = table()
    hold(match, 0, "R", bank="YGRW")  # the bank has no blue left
    rolled(match, 0, "blue")
    assert cubes(match, 0) == "R" and match.state.bank[3] == 0
    assert match.state.records[-1] == {"kind": "roll", "turn": 1, "seat": 0, "face": "blue", "colour": None}


def test_the_wild_face_gives_one_cube_of_any_colour_the_bank_still_has():
    match = table()
    hold(match, 0, "R", bank="YG")
    rolled(match, 0, "wild")
    assert match.state.phase == WILD and GAME.to_act(match.state) == (0,)
    assert [e.data["colour"] for e in GAME.legal_actions(match.state, 0)] == ["yellow", "green"]
    assert_refused(match, take(0, "red"), "the bank has no red cube left")
    match.act(take(0, "green"))
    assert cubes(match, 0) == "GR" and match.state.turn == 1


def test_a_wild_roll_with_the_bank_empty_takes_nothing():
    match = table()
    hold(match, 0, "R", bank="")
    rolled(match, 0, "wild")
    assert match.state.phase == ACT and match.state.turn == 1 and cubes(match, 0) == "R"


# ------------------------------------------------------------------ the exchange
def test_an_equation_used_left_to_right_returns_the_left_side_and_takes_the_right():
    match = table()
    match.act(trade(0, 0))  # R = YGBW
    assert cubes(match, 0) == "YGBW" and match.state.bank == [18, 19, 20, 19, 18]


def test_an_equation_is_used_right_to_left_as_well():
    match = table()
    hold(match, 0, "WW")
    match.act(trade(0, 1, "right"))  # WW -> R
    assert cubes(match, 0) == "R"


@pytest.mark.parametrize("equation, after", [(0, "YGBW"), (1, "WW")])
def test_the_rulebooks_example_one_red_gives_four_cubes_or_two_white(equation, after):
    match = table()
    match.act(trade(0, equation))
    assert cubes(match, 0) == after


def test_a_trade_needs_the_player_to_hold_the_side_given():
    match = table()
    assert_refused(match, trade(0, 2), "you need 1 yellow to give and hold 0")


def test_a_trade_needs_the_bank_to_hold_the_side_taken():
    match = table()
    hold(match, 0, "R", bank="YGRWWWWW")  # no blue in the bank
    assert_refused(match, trade(0, 0), "the bank has only 0 blue and the trade takes 1")


def test_the_same_equation_may_be_used_again_on_a_later_turn():
    match = table()
    hold(match, 0, "RR")
    match.act(trade(0, 1))
    rolled(match, 1, "green")
    rolled(match, 2, "green")
    match.act(trade(0, 1))
    assert cubes(match, 0) == "WWWW"


# ------------------------------------------------------------------ a turn
def test_a_turn_is_exactly_one_roll_or_one_trade_so_no_trade_after_a_roll():
    match = table()
    hold(match, 0, "YGBW")
    rolled(match, 0, "white")  # now YGBWW: may buy, nothing else
    assert match.state.phase == BUY
    assert_refused(match, trade(0, 1), "already rolled this turn")
    assert_refused(match, roll(0), "already rolled this turn")


def test_one_trade_per_turn_and_no_roll_after_a_trade():
    match = table()
    hold(match, 0, "RYGBW")
    match.act(trade(0, 1))  # R -> WW: YGBWWW, stall 0 affordable
    assert match.state.phase == BUY
    assert_refused(match, trade(0, 1), "already traded this turn")
    assert_refused(match, roll(0), "already traded this turn")


def test_only_the_player_to_play_acts():
    match = table()
    assert GAME.to_act(match.state) == (0,)
    assert_refused(match, trade(1, 5), "it is Seat 1's turn")
    assert_refused(match, roll(2), "it is Seat 1's turn")


def test_play_goes_clockwise_round_the_table():
    match = table()
    for seat in (0, 1, 2, 0):
        assert match.state.turn == seat
        rolled(match, seat, "green")
    assert match.state.turn_number == 5


# ------------------------------------------------------------------ buying wares
def test_a_ware_whose_five_cubes_the_player_holds_is_bought_at_the_end_of_the_turn():
    match = table()
    hold(match, 0, "YGBW")
    assert_refused(match, buy(0, 0), "roll or trade first")
    rolled(match, 0, "white")
    match.act(buy(0, 0))
    assert cubes(match, 0) == "" and match.state.scores[0] == 5
    assert match.state.bought[0][0]["ware"] == "YGBWW" and match.state.bank[4] == 19
    assert match.state.phase == REVEAL and match.waiting_for_entry.name == "ware"


def test_the_next_card_of_the_stall_turns_face_up_after_a_purchase():
    match = table()
    hold(match, 0, "YGBW")
    rolled(match, 0, "white")
    match.act(buy(0, 0))
    match.enter("GGRRW")
    assert match.state.stalls_up[0] == "GGRRW" and match.state.stalls_left[0] == 4
    assert match.state.turn == 1  # one ware a turn: the turn is over


def test_a_ware_the_player_lacks_cubes_for_is_refused():
    match = table()
    hold(match, 0, "YGBWW")
    rolled(match, 0, "red")  # stall 0 may be bought
    assert_refused(match, buy(0, 2), "you lack 4 red for the ware of stall 3")


def test_a_player_may_decline_to_buy():
    match = table()
    hold(match, 0, "YGBW")
    rolled(match, 0, "white")
    match.act(done(0))
    assert match.state.turn == 1 and cubes(match, 0) == "YGBWW"


@pytest.mark.parametrize(
    "extra, star, points",
    [
        ("", False, 5),
        ("R", False, 3),
        ("RR", False, 2),
        ("RRR", False, 1),
        ("RRRRR", False, 1),
        ("", True, 8),
        ("R", True, 5),
        ("RR", True, 3),
        ("RRR", True, 2),
        ("RRRR", True, 2),
    ],
)
def test_the_scoring_chart_by_cubes_left_without_or_with_a_star(extra, star, points):
    ware = "YYYYY*" if star else "GGGGG"
    match = table(wares=("YGBWW", ware, "RRBBW*", "WWWWW"))
    hold(match, 0, ware[:4] + extra)
    rolled(match, 0, "yellow" if star else "green")
    match.act(buy(0, 1))
    assert match.state.scores[0] == points
    assert match.state.bought[0][0]["cubes_left"] == len(extra)


@pytest.mark.parametrize(
    "extra, star, points",
    [
        ("", False, 8),
        ("R", False, 5),
        ("RR", False, 3),
        ("RRR", False, 2),
        ("", True, 12),
        ("R", True, 8),
        ("RR", True, 5),
        ("RRRR", True, 3),
    ],
)
def test_once_a_stall_is_empty_every_purchase_scores_one_star_level_higher(extra, star, points):
    ware = "YYYYY*" if star else "GGGGG"
    match = table(wares=("YGBWW", ware, "RRBBW*", "BBBBB"))
    empty_stall(match, 3)
    assert match.state.bonus and match.state.emptied == [3]
    assert match.state.records[-1]["kind"] == "stall_empty"
    seat = match.state.turn
    hold(match, seat, ware[:4] + extra)
    rolled(match, seat, "yellow" if star else "green")
    match.act(buy(seat, 1))
    assert match.state.bought[seat][-1]["level"] == (2 if star else 1)
    assert match.state.bought[seat][-1]["points"] == points


def test_the_purchase_that_empties_the_first_stall_scores_at_the_old_level():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "BBBBB"))
    empty_stall(match, 3)
    assert match.state.bought[0][0] == {
        "ware": "BBBBB",
        "stall": 3,
        "star": False,
        "level": 0,
        "cubes_left": 0,
        "points": 5,
        "turn": 1,
    }


def test_an_empty_stall_turns_up_no_card_and_has_no_ware_to_buy():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "BBBBB"))
    empty_stall(match, 3)
    assert match.state.stalls_up[3] is None and match.waiting_for_entry is None
    seat = match.state.turn
    hold(match, seat, "YGBW")
    rolled(match, seat, "white")
    assert_refused(match, buy(seat, 3), "stall 4 is empty")


# ------------------------------------------------------------------ the cube limit
def test_over_10_cubes_at_the_end_of_the_turn_the_player_to_the_left_chooses_the_excess():
    match = table()
    hold(match, 0, "YYYYWWWWW")  # 9 cubes
    match.act(trade(0, 2))  # Y -> GGGGG: 13 cubes
    state = match.state
    assert state.phase == DISCARD and state.discard == (0, 1, 3)
    assert GAME.to_act(state) == (1,)  # the player to the left: the next seat
    assert_refused(match, discard(0, "WWW"), "Seat 2, the player to your left, chooses the cubes you return")
    assert_refused(match, discard(1, "WW"), "choose exactly 3 of Seat 1's cubes")
    assert_refused(match, discard(1, "RRR"), "Seat 1 does not hold 3 red")
    assert_refused(match, roll(1), "Seat 2 is choosing the cubes Seat 1 returns")
    match.act(discard(1, "GGW"))
    assert cubes(match, 0) == "YYYGGGWWWW" and match.state.turn == 1
    assert match.state.records[-1]["kind"] == "discard" and match.state.records[-1]["cubes"] == "GGW"


def test_the_left_neighbour_of_the_last_seat_is_the_first():
    match = table()
    rolled(match, 0, "red")
    rolled(match, 1, "red")
    hold(match, 2, "YYYYWWWWW")
    match.act(trade(2, 2))
    assert match.state.discard == (2, 0, 3)


def test_a_default_choice_of_the_excess_is_offered_beside_every_other():
    match = table()
    hold(match, 0, "YYYYWWWWW")
    match.act(trade(0, 2))  # YYY GGGGG WWWWW
    assert GAME.view(match.state, 1)["discard"]["default"] == {"green": 2, "white": 1}
    assert len(GAME.legal_actions(match.state, 1)) == 10  # every way to pick 3 of Y G W


def test_exactly_10_cubes_is_within_the_limit():
    match = table()
    hold(match, 0, "YYYYWWWWW")
    rolled(match, 0, "red")
    assert match.state.turn == 1 and sum(match.state.cubes[0]) == 10


def test_the_limit_comes_after_the_purchase():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "RRBBW*"))
    hold(match, 0, "YYYYYYWWWW")  # 10 cubes
    match.act(trade(0, 2))  # 14: YYYYY GGGGG WWWW
    match.act(buy(0, 2))  # GGGGG: 9 left
    assert match.state.scores[0] == 1
    match.enter("GGRRW")
    assert match.state.turn == 1 and sum(match.state.cubes[0]) == 9


# ------------------------------------------------------------------ the start
def test_each_player_rolls_for_a_first_cube_and_a_wild_face_is_their_choice():
    match = table(first=("red", "wild", "yellow"))
    assert [cubes(match, s) for s in range(3)] == ["R", "R", "Y"]
    kinds = [r["kind"] for r in match.state.records if r["kind"] in ("first_roll", "take")]
    assert kinds == ["first_roll", "first_roll", "take", "first_roll"]


def test_a_first_wild_roll_waits_for_that_players_choice():
    match = Match(GAME, setup(2), EnteredChance())
    for card in (CARD_1, CARD_2, *WARES):
        match.enter(card)
    match.enter_chance("wild")
    assert match.state.phase == START_WILD and GAME.to_act(match.state) == (0,)
    assert_refused(match, take(1, "red"), "it is Seat 1's turn")
    match.act(take(0, "blue"))
    assert match.waiting_for_card.deck == "die"  # the next player's first roll


def test_the_host_chooses_the_first_player():
    match = table(first_player=3)
    assert match.state.turn == 2
    assert [r["seat"] for r in match.state.records if r["kind"] == "first_roll"] == [2, 0, 1]


def test_two_players_play_by_the_same_rules():
    match = table(players=2)
    rolled(match, 0, "green")
    hold(match, 1, "YYYYWWWWW")
    match.act(trade(1, 2))
    assert match.state.discard == (1, 0, 3)


def test_the_setup_deals_four_stalls_of_five_cards_from_the_sample_deck():
    state = digital(4, seed=3).state
    assert state.stalls_left == [5, 5, 5, 5] and None not in state.stalls_up
    assert sum(state.ware_deck.values()) == 45 - 4
    assert len(state.exchange) == 2 and len(state.equations) == 10
    assert len(state.exchange_deck) == 8
    assert state.phase == ACT and [sum(c) for c in state.cubes] == [1, 1, 1, 1]


def test_a_new_game_deals_from_full_decks_whatever_the_game_before_drew():
    first = digital(4, seed=3).state
    assert len(first.exchange_deck) == 8 and sum(first.ware_deck.values()) == 45 - 4
    again = digital(4, seed=3).state
    assert (again.exchange_deck, again.ware_deck) == (first.exchange_deck, first.ware_deck)
    assert again.exchange_deck is not first.exchange_deck


def test_the_sample_deck_holds_45_distinct_ware_cards_15_with_a_star():
    known = digital(3).state.wares_known
    assert len(known) == 45 and sum(w.star for w in known.values()) == 15


# ------------------------------------------------------------------ the end
def test_the_game_ends_at_once_when_a_second_stall_is_emptied():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "BBBBB"), wares_per_turn="many")
    empty_stall(match, 3)
    assert match.state.phase == ACT
    seat = match.state.turn
    match.state.stalls_left[2] = 1
    hold(match, seat, "GGGGYGBWW")
    rolled(match, seat, "green")  # could buy stall 2, then stall 0
    match.act(buy(seat, 2))
    state = match.state
    assert state.phase == OVER and GAME.is_over(state) and GAME.to_act(state) == ()
    assert state.records[-1] == {"kind": "stall_empty", "turn": state.turn_number, "stall": 2, "closes": True}
    assert_refused(match, buy(seat, 0), "the game is over")


def test_most_points_win():
    match = table()
    match.state.scores[:] = [7, 9, 3]
    assert GAME.result(match.state).places == (2, 1, 3)


def test_a_tie_goes_to_the_fewest_wares_and_then_is_shared():
    match = table()
    match.state.scores[:] = [8, 8, 8]
    match.state.bought[:] = [[{}, {}], [{}], [{}]]
    result = GAME.result(match.state)
    assert result.places == (3, 1, 1) and result.winners == (1, 2)


def test_a_physical_game_replays_from_its_log_to_the_same_state():
    match = table()
    rolled(match, 0, "wild")
    match.act(take(0, "white"))
    match.act(trade(1, 5))
    assert replay(GAME, match.setup, match.log) == match.state
