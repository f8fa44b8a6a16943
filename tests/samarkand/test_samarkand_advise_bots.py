"""`samarkand advise samarkand`: the exact best sale (over both markets, chips or token) and
the reachable spaces; the bots (two styles, legal, towards sales) and the simulator for
both editions, with games that end (capped ones reported)."""

from __future__ import annotations

import json
import random

import pytest
from samarkand_driver import GAME, SPEC, set_hand, table

from companion.appliance.cli import main
from companion.games.samarkand.bots import Merchant
from companion.simulation import simulate

ADVISE = SPEC.tools["advise"]


@pytest.mark.parametrize(
    "goods, markets, extra, pays",
    [
        ({"red": 5}, ["red", "wild"], {}, 70),
        ({"blue": 6}, ["blue", "green"], {}, 160),
        ({"white": 1, "green": 1}, ["black", "wild"], {}, 10),
        ({"yellow": 5}, ["white", "yellow"], {}, 40),
        ({"yellow": 5}, ["white", "yellow"], {"edition": "1998", "chips": ["yellow"]}, 20),
        ({"black": 2}, ["black", "wild"], {"edition": "1998", "chips": ["black"]}, 10),
        ({"red": 5, "white": 1, "blue": 1}, ["red", "wild"], {"closed": 0}, 15),
        ({"black": 7, "red": 1}, ["black", "wild"], {}, 200),
    ],
)
def test_the_best_sale_is_exact(goods, markets, extra, pays):
    answer = ADVISE({"goods": goods, "markets": markets, **extra})
    assert answer["best_sale"]["pays"] == pays
    assert max(s["pays"] for s in answer["sales"]) == pays


def test_no_sale_says_what_follows():
    answer = ADVISE(
        {
            "goods": {"black": 2},
            "markets": ["black", "wild"],
            "edition": "1998",
            "chips": ["black"],
            "covered_two": "none",
        }
    )
    assert answer["best_sale"] is None and "pay 20" in answer["cannot_sell"]


def test_a_city_of_the_board_and_the_reachable_spaces():
    answer = ADVISE({"goods": {"red": 4}, "city": "merv"})
    assert answer["markets"] == ["red", "wild"] and answer["best_sale"]["pays"] == 40
    reach = ADVISE({"goods": {"red": 4}, "at": "camp7", "money": 20, "camps": {"camp9": {"red": 4}}})["reach"]
    assert reach["free"] == ["merv"] and reach["roll"]["2"] == ["oasis5", "camp9"]
    assert reach["spaces"]["camp9"]["full"] and reach["spaces"]["merv"]["best"]["pays"] == 40
    assert reach["spaces"]["oasis5"]["can_buy"] == [1]


@pytest.mark.parametrize(
    "data, field",
    [
        ([], "JSON object"),
        ({"goods": {"gold": 1}, "markets": ["red", "wild"]}, "goods"),
        ({"goods": {}, "markets": ["red"]}, "markets"),
        ({"goods": {}}, "say the city"),
        ({"goods": {}, "city": "camp7"}, "city"),
        ({"goods": {}, "at": "x"}, "at"),
        ({"goods": {}, "markets": ["red", "wild"], "chips": ["red"]}, "chips"),
        ({"goods": {}, "markets": ["red", "wild"], "closed": 3}, "closed"),
        ({"goods": {}, "markets": ["red", "wild"], "colour": 1}, "unknown field"),
        ({"goods": {}, "at": "camp7", "board": "{}"}, "board"),
    ],
)
def test_a_malformed_input_names_its_field(data, field):
    with pytest.raises(ValueError, match=field):
        ADVISE(data)


def test_an_input_that_is_not_an_object_is_answered_with_one_that_works():
    with pytest.raises(ValueError) as refused:
        ADVISE([])
    example = str(refused.value).split("such as ", 1)[1].split(" (fields: ")[0]
    assert ADVISE(json.loads(example))["best_sale"]["pays"] == 70  # 5 red


def test_advise_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"goods": {"blue": 6}, "markets": ["blue", "green"]}))
    assert main(["advise", "samarkand", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["best_sale"]["pays"] == 160


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_simulated_games_of_both_editions_end_with_bots_of_both_styles(edition):
    summary = simulate("samarkand", 4, 12, seed=3, rules={"edition": edition}).to_dict()
    assert summary["games"] == 12 and summary["capped"] == 0
    assert set(summary["wins_by_bot"]) <= {"merchant", "hoarder"}
    assert sum(summary["wins_by_seat"].values()) >= 12


def test_simulate_from_the_command_line_free_movement_and_two_players(capsys):
    assert (
        main(
            [
                "simulate",
                "samarkand",
                "--players",
                "2",
                "--games",
                "6",
                "--json",
                "--rules",
                '{"movement": "free"}',
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["capped"] == 0


def test_the_same_seed_plays_the_same_games():
    one = simulate("samarkand", 3, 4, seed=9).to_dict()
    two = simulate("samarkand", 3, 4, seed=9).to_dict()
    assert one["average_score_by_seat"] == two["average_score_by_seat"]


def test_a_bots_memos_hold_for_one_view_only():
    """A bot values each city's sale and each space once per view; the next view (other goods,
    another decision) is valued afresh, as a new bot would value it."""
    match = table(2, places=["camp6", "camp6"])
    before = GAME.seat_view(match.state, 0)
    bot = Merchant(random.Random(1))
    spaces = [s.id for s in before.the_board().spaces]
    worths = [bot.space_worth(before, sid) for sid in spaces]
    set_hand(match, 0, {"red": 5, "blue": 4})
    after = GAME.seat_view(match.state, 0)
    fresh = Merchant(random.Random(1))
    assert [bot.space_worth(after, sid) for sid in spaces] == [
        fresh.space_worth(after, sid) for sid in spaces
    ]
    assert worths != [fresh.space_worth(after, sid) for sid in spaces]  # the goods changed the worths
    assert [bot.space_worth(before, sid) for sid in spaces] == worths
