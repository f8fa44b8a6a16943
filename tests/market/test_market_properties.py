"""Invariants over random legal games: piasters and cubes conserved, replay equals state,
undo restores, and no secret in another seat's view.

The players are random but legal: any bid from 5 to their money, any lot, any sale their
cubes allow (sets of any card, any number of times, or nothing), any return down to 10.
Each invariant is checked after every event.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from market_driver import DECK, GAME, cubes_total

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.core.match import Match, replay
from companion.core.registry import game_spec
from companion.games.market import cubes as cu
from companion.games.market.rules import START_MONEY
from companion.games.market.state import BIDDING, DISCARDING, OVER, PICKING, SELLING

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([2, 3, 4, 5]),
        "rules": st.fixed_dictionaries(
            {
                "open_money": st.booleans(),
                "broke_player": st.sampled_from(["last_pick", "sits_out"]),
                "market_deck": st.sampled_from([DECK, game_spec("market").option("market_deck").default]),
            }
        ),
    }
)
examples = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_sale(state, seat: int, rng: random.Random) -> list[dict]:
    """Any sale the seat's cubes allow: sets chosen at random while they still fit."""
    left, parts = state.cubes[seat], {}
    for _ in range(rng.randrange(4)):
        options = [
            (m, j)
            for m, card in enumerate(state.markets)
            for j, s in enumerate(card.sets)
            if cu.within(s.cubes, left)
        ]
        if not options:
            break
        m, j = rng.choice(options)
        left = cu.sub(left, state.markets[m].sets[j].cubes)
        parts[(m, j)] = parts.get((m, j), 0) + 1
    return [{"market": m, "set": j, "times": t} for (m, j), t in parts.items()]


def random_return(held: cu.Cubes, rng: random.Random) -> dict:
    cubes = [c for c, n in zip(cu.COLOURS, held) for _ in range(n)]
    back = rng.sample(cubes, len(cubes) - 10)
    return {c: back.count(c) for c in set(back)}


def random_decision(state, rng: random.Random) -> Event:
    seat = rng.choice(GAME.to_act(state))
    if state.phase == BIDDING:
        high = state.money[seat] if rng.random() < 0.2 else min(state.money[seat], 30)
        return Event("bid", seat, {"amount": rng.randint(5, high)})
    if state.phase == PICKING:
        return Event(
            "pick", seat, {"lot": rng.choice([i for i, o in enumerate(state.lot_owner) if o is None])}
        )
    if state.phase == SELLING:
        return Event("sell", seat, {"sales": random_sale(state, seat, rng)})
    assert state.phase == DISCARDING
    return Event("discard", seat, {"cubes": random_return(state.cubes[seat], rng)})


def random_game(game: dict, undo_every: float = 0.0):
    """Play a random legal game, yielding the match after every change."""
    rng = random.Random(game["seed"])
    match = Match(GAME, {"players": game["players"], "rules": game["rules"]}, SeededChance(game["seed"]))
    match.fill_chance()
    yield match
    while match.state.phase != OVER:
        event = random_decision(match.state, rng)
        if rng.random() < undo_every:
            before = match.game.copy(match.state)
            match.act(event)
            match.undo()
            assert match.state == before, "undo restores the state before the decision"
        match.act(event)
        yield match


# ------------------------------------------------------------------ invariants
@examples
@given(games)
def test_piasters_are_conserved_and_never_negative(game):
    for match in random_game(game):
        state = match.state
        assert sum(state.money) == START_MONEY * state.players - state.paid_in + state.paid_out
        assert min(state.money) >= 0
        paid = sum(b for r in state.records if r["kind"] == "reveal" for b in r["bids"] if b is not None)
        sold = sum(r["payout"] for r in state.records if r["kind"] == "sale")
        assert (paid, sold) == (state.paid_in, state.paid_out)


@examples
@given(games)
def test_cubes_are_conserved_bag_lots_and_players_make_84(game):
    for match in random_game(game):
        state = match.state
        assert cubes_total(state) == 84
        assert all(n >= 0 for cubes in (state.bag, *state.cubes, *state.lots) for n in cubes)
        if state.phase not in (DISCARDING, SELLING, PICKING, BIDDING):
            assert all(cu.total(c) <= 10 for c in state.cubes)


@examples
@given(games)
def test_a_game_lasts_ten_rounds_and_ranks_by_money_then_cubes(game):
    *_, match = random_game(game)
    state = match.state
    assert state.round == 10 and state.revealed == 12 and GAME.is_over(state)
    result = GAME.result(state)
    keys = [(m, cu.total(c)) for m, c in zip(state.money, state.cubes)]
    best = max(keys)
    assert set(result.winners) == {s for s, k in enumerate(keys) if k == best}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_replay_equals_state_and_undo_restores(game):
    for step, match in enumerate(random_game(game, undo_every=0.1)):
        if step % 20 == 0:
            assert replay(GAME, match.setup, match.log) == match.state
    assert replay(GAME, match.setup, match.log) == match.state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_no_seat_sees_another_seats_secrets(game):
    for step, match in enumerate(random_game(game)):
        if step % 3:
            continue
        state = match.state
        for secret in range(state.players):
            changed = GAME.secret_twin(state, secret)
            for viewer in (None, *range(state.players)):
                if viewer == secret:
                    continue
                assert GAME.view(changed, viewer) == GAME.view(state, viewer), (secret, viewer)
                assert GAME.to_act_shown(changed, viewer) == GAME.to_act_shown(state, viewer)
                if viewer is not None:
                    assert GAME.seat_view(changed, viewer) == GAME.seat_view(state, viewer)
        for event in match.log[-3:]:
            for viewer in (None, *range(state.players)):
                shown = GAME.redact(event, viewer)
                if event.kind == "bid" and viewer != event.actor:
                    assert shown == {"kind": "bid", "actor": None, "data": {}}
