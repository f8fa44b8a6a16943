"""The bots: legal in every phase, planning towards wares, in two styles; and simulation."""

from __future__ import annotations

import json
import random

import pytest
from bazaar_driver import GAME, SPEC, buy, hold, rolled, table, trade

from companion.appliance.cli import main
from companion.games.bazaar.bots import STYLES, Greedy, Quick, deficit
from companion.games.bazaar.cubes import parse_ware
from companion.games.bazaar.nearplan import Decision, exchange
from companion.games.bazaar.planner import plan
from companion.simulation import simulate


def decide(bot, match, seat=None):
    seat = match.state.turn if seat is None else seat
    return bot.decide(GAME.seat_view(match.state, seat), seat)


def test_four_styles_are_registered_the_easy_and_strong_ones_only_when_chosen():
    assert list(SPEC.bots) == ["easy", "greedy", "quick", "strong"] and SPEC.bots is STYLES
    assert SPEC.default_styles() == ["greedy", "quick"]


@pytest.mark.parametrize("style", [Quick, Greedy])
def test_a_bot_takes_the_first_step_of_a_plan_that_buys_a_ware_this_turn(style):
    match = table()
    hold(match, 0, "RRYGB")  # YGB -> RRR makes RRRRR: 5 points now
    event = decide(style(random.Random(1)), match)
    assert (event.kind, event.data) == ("trade", {"equation": 8, "give": "right"})
    match.act(event)
    assert decide(style(random.Random(1)), match) == buy(0, 2)


@pytest.mark.parametrize("style", [Quick, Greedy])
def test_a_bot_never_chooses_a_trade_the_bank_cannot_pay(style):
    """B -> RWWWW with 7 white held and 3 in the bank: the engine refuses it (issue 23)."""
    match = table(
        cards=(
            "B = RWWWW; Y = GG; G = YY; YG = RR; GGG = Y",
            "Y = GGG; YY = G; GG = YYY; YYY = GGGG; YYGG = R",
        ),
        wares=("RWWWW*", "YYYYY", "GGGGG", "YYGGB"),
    )
    hold(match, 1, "WWWWWWWWWW")
    hold(match, 0, "BWWWWWWW")
    assert match.state.bank[4] == 3
    event = decide(style(random.Random(1)), match)
    assert event in GAME.legal_actions(match.state, 0)
    match.act(event)


def test_the_quick_bot_goes_for_the_soonest_ware_and_the_greedy_one_for_points_per_turn():
    match = table(wares=("YGRRR", "BBBBW", "YWWWW*", "GRRBW*"))
    hold(match, 0, "YBW")
    plans = [
        (p.turns, p.points)
        for p in plan(
            match.state.cubes[0],
            match.state.bank,
            match.state.equations,
            [match.state.ware(k) for k in range(4)],
        )
    ]
    assert plans == [(3, 2), (2, 1), (4, 2), (3, 3)]
    quick, greedy = (decide(style(random.Random(1)), match) for style in (Quick, Greedy))
    assert quick.data == {"equation": 2, "give": "left"}  # Y -> GGGGG, towards BBBBW in 2
    # greedy aims at GRRBW★ (3 points in 3 turns); Y -> GGGGG is also the first trade, in
    # the equations' order, of a plan for it in 3 turns leaving 2 cubes
    decision = Decision(match.state.cubes[0], match.state.bank, exchange(match.state.equations))
    aims = [decision.aim(k, match.state.ware(k), False) for k in range(4)]
    assert [(a.turns, a.points) for a in aims] == [(3, 2), (2, 1), (None, None), (3, 3)]
    first = decision.first(aims[3])
    assert first is not None and (first.equation, first.give) == (2, "left")
    assert greedy.data == {"equation": 2, "give": "left"}


def test_a_bot_rolls_when_no_trade_leads_anywhere():
    match = table(
        cards=(
            "R = G; W = YGR; RW = BBB; B = YYYWW; YWW = GGRR",
            "Y = R; B = RW; B = RRRWW; GRR = WWW; YR = GGGB",
        )
    )
    hold(match, 0, "R")
    assert decide(Quick(random.Random(1)), match).kind == "roll"


def test_a_bot_chooses_a_colour_the_bank_has_after_a_wild_roll():
    match = table()
    hold(match, 0, "YGBW", bank="GR")
    rolled(match, 0, "wild")
    event = decide(Greedy(random.Random(1)), match)
    assert event.kind == "take" and event.data["colour"] in ("green", "red")


def test_a_bot_on_the_left_returns_the_cubes_that_keep_the_owner_furthest_from_the_wares():
    wares = ("YYYYG", "YYYYY*", "RRRRR", "GGGGB")
    match = table(wares=wares)
    hold(match, 0, "YYYYWWWWW")
    match.act(trade(0, 2))  # YYY GGGGG WWWWW: one cube from two wares
    event = decide(Quick(random.Random(1)), match, seat=1)
    assert event.kind == "discard" and sum(event.data["cubes"].values()) == 3
    match.act(event)  # a yellow and two greens: two from each
    assert event.data["cubes"] == {"yellow": 1, "green": 2}
    assert min(deficit(match.state.cubes[0], parse_ware(w)) for w in wares) == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_whole_games_legally_to_the_end(players):
    summary = simulate("bazaar", players, 6, seed=players)
    assert summary.games == 6 and summary.capped == 0
    assert sum(summary.wins_by_seat) >= 6


def test_samarkand_simulate_bazaar_prints_the_same_summary_as_the_other_games(capsys):
    assert main(["simulate", "bazaar", "--players", "3", "--games", "4", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "bazaar" and summary["games"] == 4 and summary["capped"] == 0
    assert set(summary["wins_by_bot"]) <= {"quick", "greedy"} and summary["per_game"]["events"] > 20
    assert {"wins_by_seat", "average_score_by_seat", "average_score_by_bot", "games_per_second"} <= set(
        summary
    )


def test_simulate_takes_rule_options(capsys):
    def played(rules: dict) -> dict:
        command = ["simulate", "bazaar", "--players", "2", "--games", "3", "--seed", "4", "--json"]
        assert main([*command, "--rules", json.dumps(rules)] if rules else command) == 0
        return json.loads(capsys.readouterr().out)

    plain, many = played({}), played({"wares_per_turn": "many", "first_player": 2})
    assert plain["capped"] == many["capped"] == 0
    # the same seeds, other rules: other games (more wares a turn, the other seat first)
    assert many["per_game"] != plain["per_game"] or many["wins_by_seat"] != plain["wins_by_seat"]
    assert main(["simulate", "bazaar", "--players", "2", "--rules", '{"wares_per_turn": 3}']) == 2
    assert "wares_per_turn" in capsys.readouterr().err
