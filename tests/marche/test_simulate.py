"""The headless simulator: reproducible, every game played to its end, styles mixed."""

import copy
import random

import pytest

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche import SPEC, playout
from companion.games.marche import simulate as simulator
from companion.games.marche.bots import STYLES, MarcheBot
from companion.games.marche.game import MarcheGame
from companion.games.marche.realtime import Timing
from companion.games.marche.simulate import play_game
from companion.simulation import seat_styles
from companion.simulation import simulate as simulate_game

TIMING = ("seconds", "games_per_second")


def simulate(players, games, seed):
    return simulate_game("marche", players, games, seed)


def without_timing(summary) -> dict:
    return {k: v for k, v in summary.to_dict().items() if k not in TIMING}


def test_the_same_seed_gives_the_same_summary():
    first = without_timing(simulate(4, 6, seed=11))
    assert first == without_timing(simulate(4, 6, seed=11))
    assert first != without_timing(simulate(4, 6, seed=12))


@pytest.mark.parametrize(
    "players, rules",
    [
        (3, None),
        (4, {"lowest_price": 0, "camel_refill": "immediate"}),
        (5, {"hidden_goods": True, "set_scoring": "doubling", "camel_cards": [4]}),
    ],
)
def test_every_game_is_played_to_its_end_and_scored(players, rules):
    for index in range(3):
        result = play_game(f"end/{index}", seat_styles(players, index, sorted(STYLES)), rules)
        assert len(result.totals) == players and result.stops > 0
        assert result.winners and all(result.totals[w] == max(result.totals) for w in result.winners)


def test_at_least_two_styles_play_and_rotate_round_the_table():
    """Unless the host chose, the default styles play (easy and strong only when chosen)."""
    styles = SPEC.default_styles()
    assert len(styles) >= 2 and {"easy", "strong"}.isdisjoint(styles)
    summary = simulate(3, len(styles), seed=5).to_dict()
    assert set(summary["average_score_by_bot"]) == set(styles)
    assert summary["games"] == len(styles)
    assert {seat_styles(3, i, styles)[0] for i in range(len(styles))} == set(styles)


@pytest.mark.parametrize("players, rules", [(3, None), (5, {"camel_refill": "immediate"})])
def test_a_simulated_game_is_the_game_its_decisions_replay_as_events(players, rules, monkeypatch):
    """The simulator's table applies its bots' events and its own stops in place, keeping no
    log: the same decisions through a Match, with the same seed, draw the same cards to the
    same end."""
    decisions, ends = [], []
    advance, stop, claim, end_countdown = playout.advance, playout.stop, playout.claim, playout.end_countdown

    def applied(state, event):
        decisions.append(event)
        advance(state, event)

    def stopped(state, count, stoppers):
        decisions.append(Event("stop", None, {"count": count, "stoppers": stoppers}))
        stop(state, count, stoppers)

    def claimed(state, seat, target):
        decisions.append(Event("claim", seat, {"target": target}))
        claim(state, seat, target)

    def ended(state):
        decisions.append(Event("end_countdown"))
        end_countdown(state)

    monkeypatch.setattr(playout, "advance", applied)
    monkeypatch.setattr(playout, "stop", stopped)
    monkeypatch.setattr(playout, "claim", claimed)
    monkeypatch.setattr(playout, "end_countdown", ended)
    score = simulator.final_score
    monkeypatch.setattr(simulator, "final_score", lambda state: ends.append(state) or score(state))

    result = play_game("replayed", seat_styles(players, 0, sorted(STYLES)), rules)
    match = Match(MarcheGame(), {"players": players, "rules": rules or {}}, SeededChance("replayed"))
    match.fill_chance()
    for event in decisions:
        match.act(event)
    assert {"pick", "stop", "claim"} <= {e.kind for e in decisions}
    assert result.stops == sum(e.kind == "stop" for e in decisions) > 0
    assert match.game.is_over(match.state) and match.state == ends[0]


@pytest.mark.parametrize(
    "players, rules",
    [(3, None), (4, {"camel_refill": "immediate", "lowest_price": 0}), (5, None), (5, {"camel_cards": [4]})],
)
def test_each_press_and_claim_from_a_kept_plan_is_what_the_bot_decides_afresh(players, rules, monkeypatch):
    """The simulator asks a bot for its prices only when its view changed otherwise than by
    cards leaving the market; every press it then makes from the plan it kept, and every
    card a stopper names, is the bid and the claim of a fresh copy of that bot (no cached
    valuation, the same whims) deciding from the seat's view at that moment."""
    owners = {}  # id of a plan -> the bot and view it was asked of
    seated = {}  # seat -> the bot and view of this game's last plan for it
    asked = MarcheBot.decide_prices

    def decide_prices(bot, view):
        plan = asked(bot, view)
        owners[id(plan)] = seated[view.seat] = (bot, view)
        return plan

    def fresh(bot):
        twin = copy.deepcopy(bot)
        twin.forget()
        return twin

    presses, bid_from = [], playout.bid_from

    def checked_bid(plan, offers, camel_up, price):
        bid = bid_from(plan, offers, camel_up, price)
        bot, view = owners[id(plan)]
        assert bid == fresh(bot).decide_bid(view)
        presses.append(view.seat)
        return bid

    claims, claim = [], playout.Table.claim

    def checked_claim(table, seat, target):
        bot, view = seated[seat]
        assert fresh(bot).decide_claim(view) == Event("claim", seat, {"target": target})
        claims.append(seat)
        claim(table, seat, target)

    monkeypatch.setattr(MarcheBot, "decide_prices", decide_prices)
    monkeypatch.setattr(playout, "bid_from", checked_bid)
    monkeypatch.setattr(playout.Table, "claim", checked_claim)
    for index in range(3):
        play_game(f"plans/{index}", seat_styles(players, index, sorted(STYLES)), rules)
    assert len(presses) > len(claims) > 0


@pytest.mark.parametrize(("step_ms", "together"), [(100, 1.0), (1000, 0.33), (10_000, 0.0)])
def test_simulated_bots_press_a_reaction_in_steps_after_their_count_as_the_tables_do(step_ms, together):
    """Two bots bidding the same count press as the table's bots would (``reaction_us``):
    at a fast countdown always within the tie window of 100 ms, at a slow one never, at
    the default one second a third of the time (1 - (1 - 100/550)² that |U - U′| × 550 ms ≤ 100)."""
    timing = Timing.from_ms(step_ms=step_ms, tie_window_ms=100)
    rng = random.Random(3)
    tied = [len(playout.simultaneous([0, 1], rng, timing)) == 2 for _ in range(2000)]
    assert sum(tied) / len(tied) == pytest.approx(together, abs=0.03)
