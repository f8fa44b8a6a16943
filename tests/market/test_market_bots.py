"""The bots play legal games with intent in their own styles; the simulator plays Samarkand
Market through the contract, the same for a seed; the narration tells only public facts."""

from __future__ import annotations

import json
import random

import pytest
from market_driver import GAME, bid, bids, draw, pick, table

from companion.appliance.cli import main
from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event, chance_event
from companion.core.registry import game_spec
from companion.games.market import cubes as cu
from companion.games.market import narration
from companion.games.market.bots import STYLES, Hoarder, Thrifty, Trader, table_on
from companion.games.market.cards import parse_card
from companion.games.market.sale import SaleTable
from companion.games.market.view import SeatView
from companion.simulation import simulate


def view(**changes) -> SeatView:
    base = dict(
        seat=0,
        players=3,
        phase="bidding",
        round=1,
        final_round=False,
        start=0,
        money=75,
        open_money=None,
        cubes=(cu.NONE,) * 3,
        markets=(parse_card("A: KK=80, K=30"), parse_card("B: Y=5"), parse_card("C: R=5")),
        lots=(cu.parse("YYY"), cu.parse("YRRR"), cu.parse("KKYYY")),
        lot_owner=(None,) * 3,
        picking=(),
        bag=cu.BAG,
        my_bid=None,
    )
    base.update(changes)
    return SeatView(**base)


def test_the_host_is_offered_easy_first_and_strong_last_and_the_table_seats_the_three_others():
    spec = game_spec("market")
    assert list(STYLES) == ["easy", "hoarder", "thrifty", "trader", "strong"] == list(spec.bots)
    assert spec.default_styles() == ["hoarder", "thrifty", "trader"]


def test_a_bot_picks_the_lot_worth_most_to_it():
    assert Trader(random.Random(1)).pick(view(phase="picking")) == 2


def test_a_bot_bids_more_when_one_lot_is_worth_much_more_and_the_eager_bid_most():
    rich = view(lots=(cu.parse("YYY"), cu.parse("YRRR"), cu.parse("KYY")))
    flat = view(lots=(cu.parse("YYY"), cu.parse("YYY"), cu.parse("YYY")))
    for style in (Trader, Hoarder):
        assert style(random.Random(1)).bid(rich) > style(random.Random(1)).bid(flat) == 5
    assert (
        Hoarder(random.Random(1)).bid(rich)
        > Trader(random.Random(1)).bid(rich)
        > Thrifty(random.Random(1)).bid(rich)
    )


def test_a_bot_never_bids_what_it_needs_for_the_minimum_bids_still_to_come():
    late = view(round=9, money=12, lots=(cu.parse("YYY"), cu.parse("YRRR"), cu.parse("KKKKK")))
    assert Hoarder(random.Random(1)).bid(late) == 7
    assert Hoarder(random.Random(1)).bid(view(lots=late.lots)) == 30  # 75 less 9 bids of 5
    assert Hoarder(random.Random(1)).bid(view(round=2, money=5)) == 5


def test_the_trader_sells_the_best_sale_and_the_hoarder_only_sets_that_pay_well_a_cube():
    selling = view(phase="selling", cubes=(cu.parse("KKYR"), cu.NONE, cu.NONE))
    assert Trader(random.Random(1)).sell(selling).payout == 90  # KK + Y + R
    assert Hoarder(random.Random(1)).sell(selling).payout == 80  # KK only: 40 a cube
    assert (
        Hoarder(random.Random(1))
        .sell(view(phase="selling", final_round=True, cubes=(cu.parse("KKYR"), cu.NONE, cu.NONE)))
        .payout
        == 90
    )


def test_a_bot_over_the_limit_returns_what_the_cards_that_stay_want_least():
    over = view(
        phase="discarding",
        cubes=(cu.parse("KKKYYYYYYYYY"), cu.NONE, cu.NONE),
        markets=(parse_card("A: KK=80, K=30"), parse_card("B: R=5"), parse_card("C: Y=50")),
    )
    assert Trader(random.Random(1)).discard(over) == cu.parse("YY")  # card C leaves the market


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_of_every_style_play_whole_legal_games(players):
    match = table(players)
    bots = [STYLES[style](random.Random(seat)) for seat, style in zip(range(players), sorted(STYLES) * 2)]
    rng = random.Random(players)
    while not GAME.is_over(match.state):
        if match.waiting_for_card:
            match.enter_chance(rng.choice([c for c, n in match.waiting_for_card.remaining.items() if n]))
            continue
        for seat in GAME.to_act(match.state):
            if seat in GAME.to_act(match.state):
                match.act(bots[seat].decide(GAME.seat_view(match.state, seat), seat))
    assert match.state.round == 10 and sum(match.state.money) > 75 * players


def test_a_bot_keeps_the_cards_table_while_they_stay_and_takes_the_new_cards_table():
    bot = Trader(random.Random(1))
    cards = (parse_card("A: KK=80, K=30"), parse_card("B: YB=25"), parse_card("C: R=5"))
    assert bot.table(cards) is table_on(cards, 0.0)
    assert bot.table(tuple(cards)) is bot.table(cards)  # equal cards, the same table
    later = (parse_card("D: GG=40"), *cards[:2])
    assert bot.table(later) is table_on(later, 0.0) and bot.table(later).value(cu.parse("GG")) == (40, 2)
    cheap = cu.parse("YB")  # 12.5 a cube
    assert bot.table(later).value(cheap) == (25, 2)
    assert bot.table(later, 18.0) is table_on(later, 18.0) and bot.table(later, 18.0).value(cheap) == (0, 0)


def test_what_the_bots_ask_the_shared_tables_is_what_a_fresh_table_answers():
    """Over every decision of seeded games on the sample deck, the tables the bots share
    (each has answered earlier questions) value the lots and name the sales as a table
    asked nothing else does."""
    spec = game_spec("market")
    for seed in range(4):
        state, chance = GAME.new_state(spec.setup(4, None)), SeededChance(seed)
        bots = [STYLES[style](random.Random(seed)) for style in ("hoarder", "thrifty", "trader", "hoarder")]
        bids_checked = 0
        for step in range(10_000):
            if GAME.is_over(state):
                break
            if (request := GAME.chance_request(state)) is not None:
                GAME.advance(state, chance_event(request.deck, chance.draw(request, step), request.seen_by))
                continue
            seat = GAME.to_act(state)[0]
            seen = GAME.seat_view(state, seat)
            bot, mine = bots[seat], seen.cubes[seat]
            if seen.phase == "bidding":
                fresh = [SaleTable(seen.markets).value(cu.add(mine, lot)) for lot in seen.lots]
                assert bot.table(seen.markets).values_with(mine, seen.lots) == fresh
                bids_checked += 1
            if seen.phase == "selling":
                for least in (0.0, bot.min_per_cube):
                    assert bot.table(seen.markets, least).sale(mine) == SaleTable(seen.markets, least).sale(
                        mine
                    )
            GAME.advance(state, bot.decide(seen, seat))
        assert GAME.is_over(state) and bids_checked == 4 * 10


def test_a_bot_is_not_asked_to_act_while_nothing_is_due():
    with pytest.raises(ValueError, match="not asked to act"):
        Trader(random.Random(1)).decide(view(phase="lots"), 0)


# ------------------------------------------------------------------ simulation
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_plays_samarkand_market_and_summarises_it(players):
    summary = simulate("market", players, 6, seed=3).to_dict()
    assert summary["games"] == 6 and summary["capped"] == 0
    assert sum(summary["wins_by_seat"].values()) >= 6
    assert set(summary["wins_by_bot"]) <= set(STYLES)
    assert all(score > 0 for score in summary["average_score_by_seat"].values())
    assert summary["per_game"]["events"] > 100


def test_simulate_takes_rule_options_and_refuses_bad_ones():
    summary = simulate("market", 3, 3, seed=1, rules={"broke_player": "sits_out", "open_money": True})
    assert summary.games == 3
    with pytest.raises(RuleError, match="broke_player"):
        simulate("market", 3, 3, seed=1, rules={"broke_player": "never"})


def test_samarkand_simulate_market_from_the_command_line(capsys):
    assert (
        main(
            [
                "simulate",
                "market",
                "--players",
                "3",
                "--games",
                "5",
                "--seed",
                "2",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "market" and summary["games"] == 5 and summary["players"] == 3


# ------------------------------------------------------------------ narration
def test_the_narration_says_a_bid_is_in_never_whose_or_how_much():
    match = table(3)
    draw(match, "YYB", "BRRK", "GGKYY")
    before = GAME.copy(match.state)
    match.act(bid(1, 17))
    assert narration.describe(match.log[-1], before, match.state) == ["A bid is in (1 of 3)"]
    before = GAME.copy(match.state)
    match.act(bid(0, 12))
    match.act(bid(2, 30))
    lines = narration.describe(match.log[-1], before, match.state)
    assert any("Seat 2 17" in line and "Picking order: Seat 3, Seat 2, Seat 1" in line for line in lines)


def test_the_narration_tells_picks_sales_and_the_score_sheet():
    match = table(2, start=1)
    draw(match, "YYB", "KKRRG")
    bids(match, 5, 9)
    before = GAME.copy(match.state)
    match.act(pick(1, 1))
    lines = narration.describe(match.log[-1], before, match.state)
    assert "Seat 2 takes lot 2 (2 red, 1 green, 2 black)" in lines
    assert "Seat 1 takes lot 1 (2 yellow, 1 blue)" in lines
    match.state.phase = "over"
    sheet = narration.score_sheet(match.state)
    assert "Winner: Seat 1" in sheet and "piasters" in sheet


def test_the_keyboard_commands():
    match = table(2)
    draw(match, "YYB", "KKRRG")
    state = match.state
    assert narration.command(state, 0, "b 12") == Event("bid", 0, {"amount": 12})
    assert narration.command(state, 0, "p 2") == Event("pick", 0, {"lot": 1})
    assert narration.command(state, 0, "s -") == Event("sell", 0, {"sales": []})
    for typed in ("s 1.2x3 3.1", "s 1.2×3 3.1"):  # x, or × as the help writes it
        assert narration.command(state, 0, typed) == Event(
            "sell", 0, {"sales": [{"market": 0, "set": 1, "times": 3}, {"market": 2, "set": 0, "times": 1}]}
        )
    assert narration.command(state, 0, "d YYK") == Event("discard", 0, {"cubes": {"yellow": 2, "black": 1}})
    for text in ("b lots", "p", "s 1", "x"):
        with pytest.raises(RuleError):
            narration.command(state, 0, text)
