"""SeatView and TableView: the facts build_view shows a viewer, as a program asks for them."""

from __future__ import annotations

import random

import pytest
from marche_driver import GAME, pick
from test_properties import random_decision

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import chance_event
from companion.games.marche.state import COUNTDOWN, OVER, REVEAL
from companion.games.marche.view import SeatView, TableView, build_view

GAMES = [(5, {}), (3, {"hidden_goods": True}), (4, {"lowest_price": 0})]


def advanced_in_place(players: int, rules: dict, seed: int):
    """A random legal game on one state the engine changes in place, yielded after each event."""
    rng, chance = random.Random(seed), SeededChance(seed)
    state = GAME.new_state({"players": players, "rules": rules})
    events = 0
    while True:
        while (request := GAME.chance_request(state)) is not None:
            GAME.advance(state, chance_event(request.deck, chance.draw(request, events)))
            events += 1
        yield state
        if state.phase == OVER:
            return
        GAME.advance(state, random_decision(state, rng))
        events += 1


@pytest.mark.parametrize("players, rules", GAMES)
def test_a_seat_view_gives_what_build_view_shows_that_seat(players, rules):
    """Checked after every event of a random game, on views made once at its start: a view
    follows the state it was made on."""
    states = advanced_in_place(players, rules, seed=players)
    state = next(states)
    views = [SeatView(state, seat) for seat in range(players)]
    for _ in states:
        for seat, seen in enumerate(views):
            shown = build_view(state, seat)
            mine = shown["players"][seat]
            assert (seen.turn, seen.phase, seen.dean, seen.price, seen.camel_up) == (
                shown["turn"],
                shown["phase"],
                shown["dean"],
                shown["price"],
                shown["camel_up"],
            )
            assert {str(k): v for k, v in seen.offers.items()} == shown["offers"]
            assert list(seen.hand) == shown["you"]["hand"] and seen.pick == shown["you"]["pick"]
            assert (seen.money, list(seen.camels)) == (mine["money"], mine["camels"])
            assert {k: list(v) for k, v in seen.goods.items()} == mine["goods"]
            assert seen.bought == sum(map(len, mine["goods"].values())) + len(mine["camels"])
            for other, entry in enumerate(shown["players"]):
                assert (seen.goods_of(other) is None) == ("goods" not in entry)
                assert (seen.money_of(other) is None) == ("money" not in entry)


def test_offers_are_hidden_until_the_bank_card_is_up_and_cannot_be_changed():
    state = GAME.new_state({"players": 3})
    GAME.advance(state, chance_event("camels", 4))
    seen = SeatView(state, 0)
    for seat, card in enumerate([1, 2, 3]):
        GAME.advance(state, pick(seat, card))
    assert state.phase == REVEAL and state.offers and not seen.offers
    GAME.advance(state, chance_event("bank", 5))
    assert state.phase == COUNTDOWN and dict(seen.offers) == {0: 1, 1: 2, 2: 3, "bank": 5}
    with pytest.raises(TypeError):
        seen.offers[1] = 9
    assert isinstance(seen.hand, tuple) and isinstance(seen.camels, tuple)


@pytest.mark.parametrize("viewer", [3, -1, True, "0", 1.0])
def test_an_unknown_seat_has_no_view(viewer):
    with pytest.raises(RuleError, match="unknown viewer"):
        SeatView(GAME.new_state({"players": 3}), viewer)


def test_the_table_sees_no_hand_of_its_own():
    seen = TableView(GAME.new_state({"players": 3}))
    assert seen.seat is None and not hasattr(seen, "hand")
