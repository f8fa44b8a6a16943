"""The board as data (a board file checked with clear errors; the sample board marked as
invented) and free-movement mode (the player says where they landed; nothing is checked
but what was told of the same camp or city before)."""

from __future__ import annotations

import copy
import json

import pytest
from samarkand_driver import GAME, SAMPLE_BOARD, act, camp, draw, records, refused, set_hand, table

from companion.core.errors import RuleError
from companion.games.samarkand.board import parse_board

SAMPLE = json.loads(SAMPLE_BOARD)


def broken(change) -> str:
    raw = copy.deepcopy(SAMPLE)
    change(raw)
    with pytest.raises(RuleError) as caught:
        parse_board(json.dumps(raw))
    return str(caught.value)


def space(raw, sid):
    return next(s for s in raw["spaces"] if s["id"] == sid)


def test_the_sample_board_is_a_valid_board_marked_as_invented():
    board = parse_board(SAMPLE_BOARD)
    assert board.invented and "INVENTED" in board.name
    assert [s.type for s in board.spaces].count("camp") == 10
    assert sorted(board.space("merv").markets) == ["red", "wild"]
    assert board.reach("camp7", 2) == ("oasis5", "camp9")  # in board order
    assert board.entries("camp1") == ("samarkand", "oasis6")


def test_the_walks_a_board_keeps_are_the_walks_along_its_arrows():
    """The board keeps each walk it answered (every roll and every bot weighing the die asks
    again): asked in any order, again and again, it answers what following the arrows gives."""
    board = parse_board(SAMPLE_BOARD)
    arrows = {s["id"]: s["exits"] for s in SAMPLE["spaces"]}
    order = [s["id"] for s in SAMPLE["spaces"]]
    for start in reversed(order):
        for steps in (5, 1, 3, 2, 4, 3, 1):
            here = {start}
            for _ in range(steps):
                here = {nxt for sid in here for nxt in arrows[sid]}
            assert board.reach(start, steps) == tuple(sid for sid in order if sid in here)
        into = tuple(sid for sid in order if start in arrows[sid])
        assert board.entries(start) == into and board.entries(start) == into
    for _ in range(2):  # the distances, found once and kept: the fewest steps that reach a space
        for start, far in board.distances().items():
            for to, steps in far.items():
                assert to in board.reach(start, steps) or (steps == 0 and to == start)
                assert all(to not in board.reach(start, fewer) for fewer in range(1, steps))
    assert parse_board(SAMPLE_BOARD) == board  # what it keeps is no part of the board


def test_a_board_file_in_toml_is_read_too():
    lines = [f'name = "{SAMPLE["name"]}"', "invented = true"]
    for s in SAMPLE["spaces"]:
        lines.append("[[spaces]]")
        for key, value in s.items():
            lines.append(f"{key} = {json.dumps(value)}")
    assert parse_board("\n".join(lines)) == parse_board(SAMPLE_BOARD)


@pytest.mark.parametrize(
    "change, text",
    [
        (lambda b: b["spaces"].pop(), "a board has 20 spaces, this one has 19"),
        (
            lambda b: (
                space(b, "camp1").update(type="oasis", one=5, four=20) or space(b, "camp1").pop("capacity")
            ),
            "a board has 10 camps, this one has 9",
        ),
        (lambda b: space(b, "camp1").update(capacity=7), 'a camp\'s "capacity" is 4, 5 or 6'),
        (lambda b: space(b, "oasis1").update(four="x"), "the price of 4 goods"),
        (lambda b: space(b, "merv").update(markets=["red"]), 'exactly 2 "markets"'),
        (lambda b: space(b, "merv").update(markets=["red", "gold"]), "not 'gold'"),
        (lambda b: space(b, "merv").update(markets=["red", "red"]), "its two markets are the same"),
        (lambda b: space(b, "merv").update(exits=["atlantis"]), "leads to 'atlantis', which is not a space"),
        (lambda b: space(b, "merv").update(exits=[]), '"exits" must list'),
        (lambda b: space(b, "merv").update(exits=["merv"]), "cannot lead back to the same space"),
        (lambda b: space(b, "merv").update(exits=["camp9", "camp9"]), "listed twice"),
        (lambda b: space(b, "camp2").update(id="camp1"), "two spaces have the id 'camp1'"),
        (lambda b: space(b, "camp2").update(at=[0, 0]), "two spaces stand at [0, 0]"),
        (lambda b: space(b, "camp2").update(at=[5, 0]), "its column must be a whole number from 0 to 4"),
        (lambda b: space(b, "camp2").update(colour="red"), "unknown key 'colour' for a camp"),
        (lambda b: space(b, "camp2").update(type="village"), '"type" must be camp, oasis or city'),
        (lambda b: b.update(spaces="many"), '"spaces" must be a list'),
        (lambda b: b.update(author="me"), "unknown key 'author'"),
        (lambda b: space(b, "oasis5").update(exits=["oasis5x"]), "not a space of the board"),
        (lambda b: space(b, "camp6").update(exits=["bukhara"]), "cannot be reached from space"),
    ],
)
def test_a_malformed_board_file_is_refused_naming_what_is_wrong(change, text):
    assert text in broken(change)


@pytest.mark.parametrize(
    "text, error",
    [
        ("{not json", "not valid JSON (line 1"),
        ("spaces = [", "neither JSON nor valid TOML"),
        ("[1, 2]", "neither JSON nor valid TOML"),
    ],
)
def test_a_board_file_that_cannot_be_read(text, error):
    with pytest.raises(RuleError, match=error.replace("(", r"\(")):
        parse_board(text)


def test_a_malformed_board_is_refused_when_a_game_is_set_up():
    with pytest.raises(RuleError, match="a board has 20 spaces"):
        GAME.new_state({"players": 2, "rules": {"board": json.dumps({"spaces": [1]})}})


# ----------------------------------------------------------------- free movement
def free_table(**rules):
    match = table(2, movement="free", **rules)
    assert match.state.phase == "move" and match.state.board is None  # no placing
    return match


def test_free_mode_the_player_names_the_camp_and_its_value_which_is_remembered():
    match = free_table()
    refused(match, 0, "move", "say which space", to="camp7")
    refused(match, 0, "move", "its number from 1 to 10", space={"type": "camp", "number": 11, "capacity": 5})
    refused(match, 0, "move", "value: 4, 5 or 6", space={"type": "camp", "number": 3})
    act(match, 0, "move", space={"type": "camp", "number": 3, "capacity": 4})
    assert match.state.capacities[2] == 4 and match.state.positions[0] == "camp3"
    act(match, 0, "gift", good="red")
    act(match, 0, "trade", take={"yellow": 1}, give={"blue": 1})
    act(match, 0, "done")
    refused(match, 1, "move", "told as 4 before", space={"type": "camp", "number": 3, "capacity": 6})
    act(match, 1, "move", space={"type": "camp", "number": 3})  # its value is known
    act(match, 1, "gift", good="white")  # 4 of 4: full
    act(match, 1, "done")
    act(match, 0, "move", space={"type": "camp", "number": 3})
    assert records(match, "full_camp")[0]["took"] == {"green": 1, "red": 1, "blue": 1, "white": 1}


def test_free_mode_an_extra_move_and_an_oasis_with_the_told_prices():
    match = free_table()
    act(match, 0, "move", space={"type": "camp", "number": 1, "capacity": 6})
    act(match, 0, "gift", good="red")
    act(match, 0, "move", space={"type": "oasis", "one": 5, "four": 30})
    assert match.state.phase == "oasis"
    act(match, 0, "buy", count=4)
    assert match.state.money[0] == 170
    draw(match, "red", "red", "red", "red")


def test_free_mode_a_roll_then_the_player_says_where_the_die_took_them():
    match = free_table()
    act(match, 0, "roll")
    draw(match, "4")
    assert match.state.phase == "steer"
    refused(match, 0, "move", "two markets", space={"type": "city", "number": 2, "markets": ["red"]})
    set_hand(match, 0, {"red": 3})
    act(match, 0, "move", space={"type": "city", "number": 2, "markets": ["red", "wild"]})
    act(match, 0, "sell", market=0, count=3)
    assert match.state.token == ("city2", 0) and match.state.cities["city2"] == ("red", "wild")
    set_hand(match, 1, {"red": 3, "white": 1, "blue": 1})
    refused(
        match,
        1,
        "move",
        "told as red, wild before",
        space={"type": "city", "number": 2, "markets": ["blue", "wild"]},
    )
    act(match, 1, "move", space={"type": "city", "number": 2})
    refused(match, 1, "sell", "closed", market=0, count=3)


def test_free_mode_refuses_a_space_of_no_known_type():
    match = free_table()
    refused(match, 0, "move", "a camp, an oasis or a city", space={"type": "well"})
    refused(match, 0, "move", "price for 4 goods", space={"type": "oasis", "one": 5})
    assert camp("camp1") == 0
