"""Bazaar told on the terminal (narration, score sheet, keyboard seat) and
``samarkand advise bazaar`` (JSON in, JSON out)."""

from __future__ import annotations

import json

import pytest
from bazaar_driver import GAME, buy, hold, roll, rolled, table, trade

from companion.appliance.cli import main
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.bazaar.narration import command, describe, score_sheet
from companion.games.bazaar.tools import advise


def told(match, event):
    before = GAME.copy(match.state)
    match.act(event)
    return describe(event, before, match.state)


# ------------------------------------------------------------------ narration
def test_each_event_is_told_as_the_table_reads_it():
    match = table()
    assert told(match, trade(0, 1)) == ["Seat 1 trades R → WW (equation 2)", "Turn 2: Seat 2 to play"]
    match.act(roll(1))
    before = GAME.copy(match.state)
    match.enter_chance("blue")
    line = describe(match.log[-1], before, match.state)[0]
    assert line == "Seat 2 rolls blue and takes a blue cube"
    # a Phrase: the console says it in the reader's language, the colours looked up too
    assert line.template == "{who} rolls {face} and takes a {colour} cube"
    assert line.params == {"who": "Seat 2", "face": "blue", "colour": "blue"}


def test_a_purchase_an_empty_stall_and_a_discard_are_told():
    match = table(wares=("YGBWW", "YYYYY*", "RRRRR", "BBBBB"))
    match.state.stalls_left[3] = 1
    hold(match, 0, "BBBB")
    rolled(match, 0, "blue")
    lines = told(match, buy(0, 3))
    assert lines[:2] == [
        "Seat 1 buys BBBBB from stall 4 with 0 cube(s) left: 5 points",
        "Stall 4 is empty: every purchase now scores one star higher",
    ]
    hold(match, 1, "YYYYWWWWW")
    lines = told(match, trade(1, 2))
    assert lines == [
        "Seat 2 trades Y → GGGGG (equation 3)",
        "Seat 2 has 3 cube(s) over 10: Seat 3 chooses which go back",
    ]
    assert (
        told(match, Event("discard", 2, {"cubes": {"white": 3}}))[0]
        == "Seat 3 returns Seat 2's WWW to the bank"
    )


def test_the_score_sheet_ranks_by_points_then_fewest_wares():
    match = table()
    match.state.scores[:] = [8, 8, 3]
    match.state.bought[:] = [[{}, {}], [{}], []]
    sheet = score_sheet(match.state).splitlines()
    assert sheet[1].split()[:4] == ["1", "Seat", "2", "8"] and sheet[-1] == "Winner: Seat 2"


@pytest.mark.parametrize(
    "text, event",
    [
        ("r", Event("roll", 0)),
        ("d", Event("done", 0)),
        ("t 2", Event("trade", 0, {"equation": 1, "give": "left"})),
        ("t 2 r", Event("trade", 0, {"equation": 1, "give": "right"})),
        ("b 3", Event("buy", 0, {"stall": 2})),
        ("c R", Event("take", 0, {"colour": "red"})),
        ("c blue", Event("take", 0, {"colour": "blue"})),
        ("x RWW", Event("discard", 0, {"cubes": {"red": 1, "white": 2}})),
    ],
)
def test_the_keyboard_seat_types_each_action(text, event):
    assert command(table().state, 0, text) == event


def test_a_keyboard_typo_is_refused_with_the_keys():
    with pytest.raises(RuleError, match="keys: r = roll"):
        command(table().state, 0, "fly")
    with pytest.raises(RuleError, match="say which one by its number: t 2"):
        command(table().state, 0, "t two")


# ------------------------------------------------------------------ advise
SOURCE = ["R = YGBW; R = WW; GG = Y; B = RW; YY = GB", "W = GG; Y = RB; RR = YW; G = BW; BBB = YYR"]


def test_advise_gives_each_wares_plan_and_the_advice_in_a_sentence():
    answer = advise({"cubes": "YYRW", "cards": SOURCE, "wares": ["YYWWW*", "GGGGG", None, "RRRRR"]})
    best = answer["plans"][answer["best"]]
    assert answer["best"] == 0 and best["turns"] == 1 and best["steps"][0]["text"] == "R → WW"
    assert best["cubes_left"] == 0 and best["points"] == 8
    assert answer["advice"] == "Trade R → WW now, then buy YYWWW★ (stall 1) this turn for 8 points"
    assert answer["action"]["kind"] == "trade" and answer["action"]["equation"] == 1
    assert answer["plans"][2] is None
    assert answer["bank"] == {"yellow": 18, "green": 20, "red": 19, "blue": 20, "white": 19}


def test_advise_says_which_roll_would_buy_a_ware_trades_alone_never_reach():
    answer = advise(
        {
            "cubes": {"yellow": 2, "white": 2},
            "equations": ["R = WW", "GG = Y"],
            "wares": ["YYWWW"],
            "acted": True,
        }
    )
    (p,) = answer["plans"]
    assert p["turns"] is None and p["steps"] == [] and p["shorter_rolls"] == ["red", "white", "wild"]
    # white: bought next turn; red: R -> WW the turn after
    assert p["rolls"] == {"yellow": None, "green": None, "red": 2, "blue": None, "white": 1, "wild": 1}
    assert answer["best"] is None and answer["action"]["kind"] == "done"
    assert answer["advice"] == "End your turn: no ware can be bought now"
    answer = advise(
        {"cubes": {"yellow": 2, "white": 2}, "equations": ["R = WW", "GG = Y"], "wares": ["YYWWW"]}
    )  # the same, the turn's action to come
    assert (
        answer["advice"] == "Roll the die: a roll of white or wild buys YYWWW (stall 1) this turn "
        "(not by trades alone)"
    )


def test_advise_recommends_the_best_action_of_the_turn_a_roll_counted_as_a_turn():
    """Issue 23: "trade W → … now; buy in 4 turns (a roll of … would be sooner)" beside
    "5 turns" in the list. Four faces of six are sooner: the advice is the roll, and its
    count (3 turns after a yellow, this one counted) is counted as the list counts (5)."""
    answer = advise({"cubes": "W", "cards": SOURCE, "wares": ["BGRWY"]})
    (p,) = answer["plans"]
    assert p["turns"] == 5 and p["shorter_rolls"] == ["yellow", "red", "blue", "wild"]
    assert answer["action"] == {
        "kind": "roll",
        "stall": 0,
        "turns": 3,
        "points": p["points"],
        "faces": ["yellow", "wild"],
        "trades": 5,
    }
    assert (
        answer["advice"] == "Roll the die: a roll of yellow or wild brings YGRBW (stall 1) in 3 turns, "
        "this one counted (by trades alone: 5 turns)"
    )
    assert p["summary"] == f"YGRBW (stall 1): 5 turns, this one counted, {p['points']} points"


def test_advise_never_advises_a_last_trade_the_bank_cannot_pay():
    """Issue 23's position: B -> RWWWW takes 4 white from a bank of 3, and the engine refuses it."""
    answer = advise(
        {
            "cubes": "BWWWWWWW",
            "bank": {"yellow": 20, "green": 20, "red": 20, "blue": 19, "white": 3},
            "wares": ["RWWWW*"],
            "equations": ["B = RWWWW"],
        }
    )
    (p,) = answer["plans"]
    assert p["turns"] is None and p["steps"] == [] and answer["action"]["kind"] == "roll"
    assert (
        answer["advice"] == "Roll the die: a roll of red or wild buys RWWWW★ (stall 1) this turn "
        "(not by trades alone)"
    )


def test_advise_with_a_ware_in_hand_once_acted_says_buy_now():
    answer = advise(
        {"cubes": "YYWWW", "equations": ["R = WW"], "wares": ["YYWWW"], "acted": True, "bonus": True}
    )
    assert answer["advice"] == "Buy YYWWW (stall 1) now for 8 points"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"cubes": "R", "wares": ["YYWWW"]}, "cards: give the equations"),
        ({"cubes": "Q", "equations": ["R = WW"], "wares": ["YYWWW"]}, "cubes: 'q' in 'Q' is not a colour"),
        ({"cubes": "R", "equations": ["R = RW"], "wares": ["YYWWW"]}, "equations: the two sides"),
        ({"cubes": "R", "equations": ["R = WW"], "wares": ["YYWW"]}, "wares: a ware card pictures 5 cubes"),
        ({"cubes": "R", "equations": ["R = WW"], "wares": []}, "wares: a list of 1 to 4"),
        (
            {"cubes": "R", "equations": ["R = WW"], "wares": ["YYWWW"], "bank": {"red": 30}},
            "bank: the bank holds at most 20",
        ),
        (
            {"cubes": "RRRRRRRRRRR", "equations": ["R = WW"], "wares": ["YYWWW"]},
            "cubes: a turn starts with at most 10",
        ),
        ({"cubes": "R", "equations": ["R = WW"], "wares": ["YYWWW"], "acted": "yes"}, "acted: true or false"),
        ({"cubes": "R", "equations": ["R = WW"], "wares": ["YYWWW"], "colour": 1}, "colour: not a field"),
        ([], "the input is a JSON object"),
    ],
)
def test_a_malformed_input_is_refused_naming_the_field(data, message):
    with pytest.raises(ValueError, match=message):
        advise(data)


def test_samarkand_advise_bazaar_reads_json_and_prints_json(tmp_path, capsys):
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"cubes": "YYRW", "cards": SOURCE, "wares": ["YYWWW*"]}))
    assert main(["advise", "bazaar", str(position)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["plans"][0]["points"] == 8
    position.write_text(json.dumps({"cubes": "YYRW", "cards": SOURCE, "wares": ["YYWW"]}))
    assert main(["advise", "bazaar", str(position)]) == 2
    assert "wares: a ware card pictures 5 cubes, not 4" in capsys.readouterr().err
