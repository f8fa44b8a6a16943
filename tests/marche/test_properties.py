"""Invariants over random legal games: money, cards, replay, undo and secrecy.

The players are random but legal: they pick any card, stop at any allowed count, several
at once, and name any card (or nothing), so disputes, false stops and capped payments
all happen. Each invariant is checked after every event.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marche_driver import END, GAME, claim, pick

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.core.match import Match, replay
from companion.games.marche.state import BANK, CAMEL, CLAIMING, OVER, PICKING, REVEAL

MAX_EVENTS = 2000

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([3, 4, 5]),
        "rules": st.fixed_dictionaries(
            {
                "lowest_price": st.sampled_from([1, 0]),
                "camel_refill": st.sampled_from(["rulebook", "immediate"]),
                "hidden_goods": st.booleans(),
                "camel_cards": st.sampled_from([[3, 3, 4, 4, 5, 5, 6, 6], [3, 6], [4]]),
            }
        ),
    }
)
examples = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_decision(state, rng: random.Random) -> Event:
    """Any legal decision for the current phase."""
    players = range(state.players)
    if state.phase == PICKING:
        seat = rng.choice([s for s in players if state.picks[s] is None])
        return pick(seat, rng.choice(state.hands[seat]))
    if state.phase == CLAIMING:
        stop = state.stop
        seat = rng.choice([s for s in stop.seats() if s not in stop.claims])
        targets = [None] + [t for t in state.offers if t != seat]
        return claim(seat, rng.choice(targets + [CAMEL] * 2 if state.camel_up else targets))
    if rng.random() < 0.1:
        return END
    count = rng.randint(state.rules.lowest_price, state.price)
    seats = rng.sample(list(players), rng.choice([1, 1, 2, 2, 3]))
    offsets = sorted(rng.randrange(100_000) for _ in seats)
    return Event(
        "stop", None, {"count": count, "stoppers": [[s, o - offsets[0]] for s, o in zip(seats, offsets)]}
    )


def random_game(game: dict):
    """Play a random legal game, yielding the match after every decision."""
    rng = random.Random(game["seed"])
    match = Match(GAME, {"players": game["players"], "rules": game["rules"]}, SeededChance(game["seed"]))
    match.fill_chance()
    yield match
    for _ in range(MAX_EVENTS):
        if match.state.phase == OVER:
            return
        match.act(random_decision(match.state, rng))
        yield match
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ invariants
@examples
@given(games)
def test_money_is_conserved_and_never_negative(game):
    for match in random_game(game):
        state = match.state
        assert sum(state.money) + state.bank == state.start_money * state.players
        assert min(state.money) >= 0
        assert all(0 <= r.get("paid", 0) <= r["due"] for r in state.records)


def goods_places(state, seller) -> Counter:
    kind = state.type_of(seller)
    places = Counter(state.bank_deck if seller == BANK else state.hands[seller])
    places.update([state.offers[seller]] if seller in state.offers else [])
    for goods in state.goods:
        places.update(goods.get(kind, []))
    places.update(card for t, card in state.discarded if t == kind)
    return places


@examples
@given(games)
def test_every_card_is_in_exactly_one_place(game):
    for match in random_game(game):
        state = match.state
        sellers = list(range(state.players)) + ([BANK] if state.bank_type else [])
        for seller in sellers:
            assert goods_places(state, seller) == Counter(state.rules.goods_cards), seller
        camels = Counter(state.camel_deck)
        camels.update([state.camel_up] if state.camel_up is not None else [])
        for owned in state.camels:
            camels.update(owned)
        assert camels == Counter(state.rules.camel_cards)


@examples
@given(games)
def test_replaying_the_stored_log_gives_the_same_state(game):
    *_, match = random_game(game)
    stored = [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in match.log]
    assert replay(GAME, match.setup, stored) == match.state
    assert Match(GAME, match.setup, None, stored).state == match.state


@examples
@given(games)
def test_undo_restores_the_state_before_the_last_decision(game):
    rng = random.Random(game["seed"] + 1)
    previous = None
    for match in random_game(game):
        if previous is not None and rng.random() < 0.25:
            after = (match.state, list(match.log))
            match.undo()
            assert (match.state, match.log) == previous
            match.act(after[1][len(previous[1])])  # the same decision draws the same
            assert (match.state, match.log) == after
        previous = (match.state, list(match.log))


def assert_no_secrets_of_others(state, view: dict, viewer) -> None:
    assert json.loads(json.dumps(view)) == view
    for entry in view["players"]:
        if entry["seat"] != viewer:
            assert "money" not in entry and "camels" not in entry
            assert "goods" not in entry or not state.rules.hidden_goods
    assert view.get("you", {"seat": None})["seat"] == viewer
    if state.phase in (PICKING, REVEAL):
        assert view["offers"] == {}
    for record in view["records"]:
        if record["seat"] != viewer:
            assert "paid" not in record
            if record["target"] == CAMEL or (state.rules.hidden_goods and record["kind"] == "buy"):
                assert record["card"] is None
    if view["stop"] is not None and viewer not in state.stop.claims:
        assert view["stop"]["your_claim"] is None


@examples
@given(games)
def test_no_view_holds_another_players_secrets(game):
    for match in random_game(game):
        state = match.state
        if state.phase == OVER:
            break
        for viewer in [None, *range(state.players)]:
            assert_no_secrets_of_others(state, GAME.view(state, viewer), viewer)
            event = match.log[-1]
            if event.kind in ("pick", "claim") and event.actor != viewer:
                assert GAME.redact(event, viewer)["data"] == {}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_a_seats_secret_twin_changes_its_own_view_and_nobody_elses(game):
    for step, match in enumerate(random_game(game)):
        state = match.state
        if step % 3 or state.phase == OVER:
            continue
        for seat in range(state.players):
            twin = GAME.secret_twin(state, seat)
            assert GAME.view(twin, seat) != GAME.view(state, seat)
            for viewer in (None, *range(state.players)):
                if viewer != seat:
                    assert GAME.view(twin, viewer) == GAME.view(state, viewer), (seat, viewer)
                    assert GAME.to_act_shown(twin, viewer) == GAME.to_act_shown(state, viewer)
                    if viewer is not None:
                        assert GAME.seat_view(twin, viewer) == GAME.seat_view(state, viewer)
