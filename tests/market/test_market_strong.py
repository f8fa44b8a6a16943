"""The easy and the strong styles: the easy bot plays legal games to the end; the strong bot
decides the same for a seed, never from another seat's secret, and beats the others."""

from __future__ import annotations

import random

from market_driver import GAME

from companion.core.chance import SeededChance
from companion.core.game import chance_event
from companion.core.registry import game_spec
from companion.games.market.bots import Easy, Strong
from companion.simulation import simulate

SPEC = game_spec("market")


def positions(styles: list[str], seed: str):
    """(state, seat) at every decision of a seeded game between ``styles``, the state
    copied before the decision, and the game's end state."""
    state = GAME.new_state(SPEC.setup(len(styles)))
    chance = SeededChance(seed)
    bots = [SPEC.bots[style](random.Random(f"{seed}/{seat}")) for seat, style in enumerate(styles)]
    found = []
    for step in range(2000):
        if GAME.is_over(state):
            return found, state
        if (request := GAME.chance_request(state)) is not None:
            event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
        else:
            seat = GAME.to_act(state)[0]
            found.append((GAME.copy(state), seat))
            event = bots[seat].decide(GAME.seat_view(state, seat), seat)
        GAME.advance(state, event)
    raise AssertionError("the game did not end")


def strong_decision(state, seat: int):
    return Strong(random.Random(7)).decide(GAME.seat_view(state, seat), seat)


def test_the_strong_bot_decides_the_same_for_a_seed():
    first, _ = positions(["strong", "hoarder", "strong", "trader"], "same")
    again, _ = positions(["strong", "hoarder", "strong", "trader"], "same")
    assert [(GAME.summary(s), seat) for s, seat in first] == [(GAME.summary(s), seat) for s, seat in again]
    bids = [strong_decision(state, seat) for state, seat in first if state.phase == "bidding"]
    assert bids == [strong_decision(state, seat) for state, seat in first if state.phase == "bidding"]


def test_the_strong_bot_never_reads_another_seats_secret():
    """Its decision is the same from the state and from every other seat's secret twin
    (that seat's money and sealed bid changed). The bag is kept as counts by colour (the
    order of the draws is the chance source's, never the state's), so no two states differ
    only in its order."""
    found, _ = positions(["strong", "thrifty", "hoarder", "strong"], "secrets")
    strong_seats = [(state, seat) for state, seat in found if seat in (0, 3)]
    assert {state.phase for state, _ in strong_seats} >= {"bidding", "picking", "selling"}
    for state, seat in strong_seats[::3]:
        decided = strong_decision(state, seat)
        for other in range(GAME.players(state)):
            if other != seat:
                twin = GAME.secret_twin(state, other)
                assert twin != state or state.phase == "over"
                assert strong_decision(twin, seat) == decided, (state.round, state.phase, other)


def test_the_easy_bot_plays_legal_games_to_the_end():
    for players in (2, 5):
        _, end = positions(["easy"] * players, f"easy/{players}")
        assert GAME.is_over(end) and sum(GAME.result(end).scores) > 0


def test_the_strong_bot_beats_the_existing_styles_and_the_easy_bot():
    against_styles = simulate("market", 4, 24, seed=3, styles=["strong", "hoarder", "thrifty", "trader"])
    rates = against_styles.to_dict()["win_rate_by_bot"]
    assert rates["strong"] >= 0.5 > max(rates["hoarder"], rates["thrifty"], rates["trader"])
    against_easy = simulate("market", 2, 24, seed=3, styles=["strong", "easy"]).to_dict()
    assert against_easy["win_rate_by_bot"]["strong"] >= 0.7
    assert against_easy["average_score_by_bot"]["strong"] > against_easy["average_score_by_bot"]["easy"]


def test_the_strong_bot_spends_its_effort():
    """Fewer determinisations at a lower effort, never none."""
    found, _ = positions(["strong", "trader", "thrifty"], "effort")
    state, seat = next((s, seat) for s, seat in found if s.phase == "bidding" and seat == 0)
    view = GAME.seat_view(state, seat)
    for effort, samples in ((1.0, Strong.samples), (0.25, Strong.samples // 4), (0.0, 1)):
        bot = Strong(random.Random(1), effort)
        calls = []
        original = bot.determinised
        bot.determinised = lambda v: calls.append(1) or original(v)  # type: ignore[method-assign]
        bot.bid(view)
        assert len(calls) == samples


def test_the_easy_bot_bids_the_minimum_and_takes_the_biggest_lot():
    found, _ = positions(["easy", "easy", "easy"], "easy")
    for state, seat in found:
        event = Easy(random.Random(1)).decide(GAME.seat_view(state, seat), seat)
        if state.phase == "bidding":
            assert event.data["amount"] == 5
        elif state.phase == "picking":
            sizes = [sum(lot) for lot, owner in zip(state.lots, state.lot_owner) if owner is None]
            assert sum(state.lots[event.data["lot"]]) == max(sizes)
