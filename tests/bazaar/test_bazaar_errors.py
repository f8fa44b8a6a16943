"""Bad input gets a clear refusal and changes nothing: neither the state nor the log."""

from __future__ import annotations

import pytest
from bazaar_driver import (
    GAME,
    assert_refused,
    buy,
    discard,
    hold,
    roll,
    rolled,
    setup,
    table,
    take,
    trade,
)

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match


def over_limit():
    match = table()
    hold(match, 0, "YYYYWWWWW")
    match.act(trade(0, 2))  # 13 cubes: Seat 2 chooses 3
    return match


def in_buy_after(action: str):
    match = table()
    if action == "trade":
        hold(match, 0, "RYGBW")
        match.act(trade(0, 1))
    else:
        hold(match, 0, "YGBW")
        rolled(match, 0, "white")
    return match


CASES = {
    "a trade the player cannot make": (table, trade(0, 2), "you need 1 yellow to give and hold 0"),
    "a trade of more than the player holds": (
        table,
        trade(0, 1, "right"),
        "you need 2 white to give and hold 0",
    ),
    "a second trade in a turn": (lambda: in_buy_after("trade"), trade(0, 0), "already traded this turn"),
    "a roll after a trade": (lambda: in_buy_after("trade"), roll(0), "already traded this turn"),
    "a trade after a roll": (lambda: in_buy_after("roll"), trade(0, 0), "already rolled this turn"),
    "a second roll": (lambda: in_buy_after("roll"), roll(0), "already rolled this turn"),
    "a ware whose cubes the player lacks": (
        lambda: in_buy_after("roll"),
        buy(0, 2),
        "you lack 5 red for the ware of stall 3",
    ),
    "a ware bought before the turn's action": (table, buy(0, 0), "roll or trade first"),
    "a stall that does not exist": (
        lambda: in_buy_after("roll"),
        buy(0, 4),
        "there is no stall 5: the stalls are numbered 1 to 4",
    ),
    "a stall given as text": (lambda: in_buy_after("roll"), buy(0, "1"), "there is no stall '1'"),
    "an equation that does not exist": (
        table,
        trade(0, 10),
        "there is no equation 11: the equations are numbered 1 to 10",
    ),
    "a side that is neither": (table, trade(0, 0, "up"), 'say which side you give: "left" or "right"'),
    "a move out of turn": (table, roll(1), "it is Seat 1's turn"),
    "an unknown seat": (table, roll(7), "unknown player 7"),
    "a seat given as text": (table, roll("0"), "unknown player '0'"),
    "a colour without a wild roll": (table, take(0, "red"), "only after rolling the wild face"),
    "an unknown action": (table, Event("steal", 0, {}), "unknown action 'steal'"),
    "a discard by the wrong player": (
        over_limit,
        discard(2, "WWW"),
        "Seat 2, the player to the left of Seat 1, chooses",
    ),
    "a discard by the owner": (
        over_limit,
        discard(0, "WWW"),
        "Seat 2, the player to your left, chooses the cubes you return",
    ),
    "a discard of cubes not held": (over_limit, discard(1, "RRR"), "Seat 1 does not hold 3 red"),
    "a discard of too few cubes": (
        over_limit,
        discard(1, "W"),
        "choose exactly 3 of Seat 1's cubes to return, not 1",
    ),
    "a discard of an unknown colour": (
        over_limit,
        Event("discard", 1, {"cubes": {"purple": 3}}),
        "'purple' is not a colour",
    ),
    "a discard given as a list": (
        over_limit,
        Event("discard", 1, {"cubes": ["W", "W", "W"]}),
        "given as colour: count",
    ),
    "a discard with a bad count": (
        over_limit,
        Event("discard", 1, {"cubes": {"white": -3}}),
        "must be a whole number",
    ),
    "a move while a discard is chosen": (over_limit, roll(1), "Seat 2 is choosing the cubes Seat 1 returns"),
    "a move by the owner while the discard is chosen": (
        over_limit,
        roll(0),
        "Seat 2 is choosing the cubes you return",
    ),
    "a discard when nobody is over": (table, discard(1, "W"), "nobody has more than 10 cubes"),
    "a die face nobody rolled": (
        table,
        Event("chance", None, {"deck": "die", "card": "red"}),
        "nothing is waiting to be drawn from the die deck",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_refused_and_changes_nothing(name):
    build, event, message = CASES[name]
    assert_refused(build(), event, message)


def test_a_die_face_that_is_not_on_the_die_is_refused():
    match = table()
    match.act(roll(0))
    with pytest.raises(
        RuleError, match="'purple' is not one of the choices: blue, green, red, white, wild, yellow"
    ):
        match.enter_chance("purple")
    assert match.waiting_for_card.deck == "die" and match.log[-1].kind == "roll"


def test_a_decision_while_a_card_is_awaited_is_refused():
    match = Match(GAME, setup(3), EnteredChance())
    with pytest.raises(RuleError, match="a card must come face up first"):
        match.act(roll(0))
    assert match.log == []


def test_a_decision_while_the_die_rolls_is_refused():
    match = table()
    match.act(roll(0))
    with pytest.raises(RuleError, match="the die must be rolled first"):
        match.act(trade(0, 0))


def test_a_wild_colour_the_bank_lacks_is_refused():
    match = table()
    hold(match, 0, "R", bank="Y")
    rolled(match, 0, "wild")
    assert_refused(match, take(0, "red"), "the bank has no red cube left")
    assert_refused(match, take(0, "pink"), "'pink' is not a colour")
