"""Running out of goods (every supply cut to 12, the draw goes on, or gives what there is),
the options (open_money, target, first_player, edition, movement, covered_two are tested
with their rules) and the checks on a setup."""

from __future__ import annotations

import json

import pytest
from samarkand_driver import (
    GAME,
    SAMPLE_BOARD,
    SPEC,
    act,
    conserved,
    draw,
    records,
    refused,
    set_field,
    set_hand,
    setup,
    table,
)

from companion.core.errors import RuleError
from companion.games.samarkand import goods as g


def empty_supply(match, seat_hands: dict[int, dict]):
    """Give the seats these holdings and put every other good on camp fields, so the
    supply is empty (goods stay conserved)."""
    state = match.state
    for seat, goods in seat_hands.items():
        set_hand(match, seat, goods)
    rest = dict(state.supply)
    for index in range(10):
        field = state.camps[index]
        g.add(state.supply, field)
        state.camps[index] = {}
    rest = dict(state.supply)
    state.supply = {}
    state.camps[1] = rest  # camp2's field holds the rest (no limit checked)


def test_an_empty_bag_during_a_draw_cuts_every_supply_over_12_and_the_draw_goes_on():
    match = table(3, places=["camp6", "camp6", "camp6"])
    empty_supply(match, {0: {"red": 10}, 1: {"blue": 14}, 2: {"white": 13, "black": 2}})
    act(match, 0, "move", to="oasis4")
    act(match, 0, "buy", count=4)
    state = match.state
    assert state.phase == "cut" and GAME.to_act(state) == (1, 2)
    assert records(match, "ran_out")
    refused(match, 0, "cut", "you have no more than 12 goods: nothing to cut", goods={"red": 1})
    refused(match, 1, "cut", "you return 2 goods", goods={"blue": 1})
    refused(match, 2, "cut", "you do not have", goods={"red": 3})
    act(match, 2, "cut", goods={"white": 2, "black": 1})
    assert GAME.to_act(match.state) == (1,)
    act(match, 1, "cut", goods={"blue": 2})
    state = match.state
    assert state.phase == "draw" and state.supply == {"white": 2, "black": 1, "blue": 2}
    assert GAME.chance_request(state).seen_by == 0
    draw(match, "blue", "blue", "white", "white")  # the 4 bought: the bag has 5
    state = match.state
    assert state.hands[0] == {"red": 10, "blue": 2, "white": 2} and state.turn == 1
    assert conserved(state)


def test_with_nobody_over_12_the_draw_gives_what_there_is():
    match = table(2, places=["camp6", "camp6"])
    empty_supply(match, {0: {"red": 3}, 1: {"blue": 3}})
    act(match, 0, "move", to="oasis4")
    act(match, 0, "buy", count=4)
    state = match.state
    assert state.money[0] == 180 and state.hands[0] == {"red": 3} and state.turn == 1
    assert len(records(match, "nothing_to_draw")) == 4 and conserved(state)


def test_a_refill_that_runs_out_after_a_cut():
    match = table(2, places=["oasis4", "oasis4"])
    empty_supply(match, {0: {"red": 12}, 1: {"blue": 13}})
    set_field(match, "camp7", {})  # nothing to take, but not full: a gift
    state = match.state
    state.camps[8] = {"green": 5}  # camp7 (capacity 5) full
    g.take(state.camps[1], {"green": 5})
    act(match, 0, "move", to="camp7")  # 17 in hand: the refill finds nothing
    assert match.state.phase == "cut" and GAME.to_act(match.state) == (0, 1)
    act(match, 0, "cut", goods={"red": 5})
    act(match, 1, "cut", goods={"blue": 1})
    draw(match, "red", "blue")
    assert match.state.camps[8] == {"red": 1, "blue": 1} and conserved(match.state)


OPEN_MONEY = pytest.mark.parametrize(
    "edition, option, public",
    [
        ("1998", "by_edition", True),
        ("2.0", "by_edition", False),
        ("1998", "secret", False),
        ("2.0", "open", True),
    ],
)
"""Each edition's default and a table's own choice: whether a player's money is public."""


@OPEN_MONEY
def test_open_money_by_edition_or_as_chosen(edition, option, public):
    match = table(3, places=["camp6"] * 3, edition=edition, open_money=option)
    view = GAME.view(match.state, 1)
    assert ("money" in view["players"][0]) == public
    assert view["players"][1]["money"] == 200 and view["you"]["money"] == 200
    assert ("money" in GAME.view(match.state, None)["players"][2]) == public


@OPEN_MONEY
def test_open_money_reaches_what_the_bots_read(edition, option, public):
    """A bot decides from its seat view: where money is open it reads everyone's (the
    strong bot's drawn states start from it), where it is secret nobody's but its own."""
    match = table(3, places=["camp6"] * 3, edition=edition, open_money=option)
    match.state.money[0] = 150
    seen = GAME.seat_view(match.state, 1)
    assert seen.others_money == ([150, 200, 200] if public else None) and seen.money == 200


def test_money_is_shown_to_all_once_the_game_is_over():
    match = table(2, places=["camp10", "camp10"], edition="2.0", target=210)
    set_hand(match, 0, {"black": 2})
    act(match, 0, "move", to="samarkand")
    act(match, 0, "sell", market=0, count=2)
    view = GAME.view(match.state, None)
    assert view["phase"] == "over" and [p["money"] for p in view["players"]] == [220, 200]
    assert view["players"][1]["goods"] == match.state.hands[1]


@pytest.mark.parametrize(
    "rules, text",
    [
        ({"edition": "2.1"}, "'edition' must be one of"),
        ({"movement": "teleport"}, "'movement' must be one of"),
        ({"open_money": True}, "'open_money' must be str"),
        ({"covered_two": "third"}, "'covered_two' must be one of"),
        ({"target": 0}, "'target' must be from 1 to 100000"),
        ({"target": "500"}, "'target' must be int"),
        ({"first_player": 4}, "'first_player' must be from 1 to 3"),
        ({"colour": "red"}, "no rule option 'colour'"),
        ({"board": 7}, "'board' must be str"),
        ({"board": '{"spaces": []}'}, "a board has 20 spaces"),
    ],
)
def test_bad_rules_are_refused_with_what_is_wrong(rules, text):
    with pytest.raises(RuleError, match=text):
        GAME.new_state({"players": 3, "rules": rules})


@pytest.mark.parametrize("players", [1, 6])
def test_the_spec_refuses_a_table_of_1_or_6(players):
    with pytest.raises(RuleError, match="2 to 5 players"):
        SPEC.setup(players)


def test_the_names_must_be_distinct():
    with pytest.raises(RuleError, match="distinct name"):
        GAME.new_state({"players": 2, "names": ["A", "A"]})


def test_the_board_option_is_needed_for_board_movement_only():
    with pytest.raises(RuleError, match="board movement needs a board"):
        GAME.new_state({"players": 2, "rules": {"board": ""}})
    # a setup that gives no board gets the option's default: the sample board
    assert GAME.new_state({"players": 2}).board.name.startswith("Sample board (INVENTED")
    assert GAME.new_state({"players": 2, "rules": {"movement": "free"}}).board is None
    assert GAME.new_state(setup(2)).board.name.startswith("Sample board (INVENTED")


def test_a_tables_own_board_is_the_board_played_on():
    """The board option is the board: a table's own file (here the sample with another
    name and dearer goods at Oasis 4) is what the game moves on and charges by."""
    own = json.loads(SAMPLE_BOARD)
    own["name"] = "Our board"
    next(s for s in own["spaces"] if s["id"] == "oasis4")["four"] = 35
    match = table(2, places=["camp6", "camp6"], board=json.dumps(own))
    assert match.state.board.name == "Our board"
    act(match, 0, "move", to="oasis4")
    act(match, 0, "buy", count=4)
    assert match.state.money[0] == 200 - 35


def test_first_player_places_and_plays_first():
    match = table(3, places=["camp6"] * 3, first_player=3)
    assert match.state.turn == 2 and GAME.to_act(match.state) == (2,)
