"""Bots: legal decisions from their seat's view alone, and caches that never go stale."""

from __future__ import annotations

import copy
import random

import pytest

from companion.core.chance import SeededChance
from companion.core.game import Event, chance_event
from companion.games.marche.bots import STYLES, stands_richer
from companion.games.marche.game import MarcheGame
from companion.games.marche.state import (
    BANK,
    CAMEL,
    CLAIMING,
    COUNTDOWN,
    OVER,
    PICKING,
    REVEAL,
    MarcheState,
)
from companion.games.marche.view import SeatView, build_view

GAME = MarcheGame()
GAMES = [
    (5, None),
    (3, {"lowest_price": 0}),
    (4, {"camel_refill": "immediate"}),
    (4, {"hidden_goods": True}),
    (3, {"hidden_goods": True, "set_scoring": "doubling"}),
]


def play(players: int, seed: int, rules: dict | None, check) -> None:
    """A whole game between bots (a generator each), the decisions applied as events.

    Before each decision ``check(state, seat, bot, decide)`` is called, where ``decide(bot,
    state)`` is that decision (a pick, a bid or a claim) by ``bot`` from ``state`` as the
    seat sees it.
    """
    styles = sorted(STYLES)
    bots = [STYLES[styles[s % len(styles)]](random.Random(seed * 10 + s)) for s in range(players)]
    state = GAME.new_state({"players": players, "rules": rules or {}})
    chance = SeededChance(seed)
    log = [0]

    def act(event):
        if event is not None:
            GAME.advance(state, event)
            log[0] += 1
        while (request := GAME.chance_request(state)) is not None:
            GAME.advance(state, chance_event(request.deck, chance.draw(request, log[0])))
            log[0] += 1

    def decision(seat: int, decide):
        check(state, seat, bots[seat], decide)
        return decide(bots[seat], state)

    act(None)
    while state.phase != OVER:
        if state.phase == PICKING:
            for seat in range(players):
                act(decision(seat, lambda bot, state: bot.decide_pick(SeatView(state, seat))))
            continue
        assert state.phase == COUNTDOWN
        bids = [
            decision(seat, lambda bot, state: bot.decide_bid(SeatView(state, seat)))
            for seat in range(players)
        ]
        keen = [(bid[0], seat) for seat, bid in enumerate(bids) if bid]
        if not keen:
            act(Event("end_countdown"))
            continue
        count = max(keen)[0]
        stoppers = [seat for bid, seat in keen if bid == count]
        act(Event("stop", None, {"count": count, "stoppers": [[s, 0] for s in stoppers]}))
        assert state.phase == CLAIMING
        claims = [
            decision(seat, lambda bot, state: bot.decide_claim(SeatView(state, seat))) for seat in stoppers
        ]
        for event in claims:
            act(event)


@pytest.mark.parametrize("players, rules", GAMES)
def test_decisions_are_legal_events_and_match_a_fresh_valuation(players, rules):
    def check(state, seat, bot, decide):
        fresh = copy.deepcopy(bot)  # the same whims and generator, no valuations
        fresh.forget()
        decision = decide(copy.deepcopy(bot), state)  # from caches built earlier
        assert decide(fresh, state) == decision
        if state.phase == PICKING:
            assert decision.kind == "pick" and decision.actor == seat
            assert decision.data["card"] in state.hands[seat]
        elif state.phase == CLAIMING:
            assert decision.kind == "claim" and decision.actor == seat
            target = decision.data["target"]
            assert target is None or target in state.offers or target == CAMEL
            assert target != seat
        elif decision is not None:
            count, target = decision
            assert state.rules.lowest_price <= count <= min(state.price, state.money[seat])
            assert target in state.offers or (target == CAMEL and state.camel_up is not None)
            assert target != seat

    for seed in range(3):
        play(players, seed, rules, check)


@pytest.mark.parametrize("players, rules", GAMES)
def test_a_bot_decides_the_same_whatever_the_other_seats_hide(players, rules):
    """Everything its view hides from a seat (the others' money, camels, hands and picks,
    hidden goods, the decks' order, the others' claims, what they paid) scrambled: the
    seat's view is the same, and so is every decision of its bot."""
    rng = random.Random(players)
    seen = set()

    def check(state, seat, bot, decide):
        secret = scrambled(state, seat, rng)
        assert build_view(secret, seat) == build_view(state, seat)
        assert decide(copy.deepcopy(bot), secret) == decide(copy.deepcopy(bot), state)
        seen.add(state.phase)

    for seed in range(3):
        play(players, seed, rules, check)
    assert seen == {PICKING, COUNTDOWN, CLAIMING}


def scrambled(state: MarcheState, seat: int, rng: random.Random) -> MarcheState:
    """A copy of ``state`` with everything ``seat`` may not see changed at random."""
    secret = state.copy()
    cards = sorted(set(state.rules.goods_cards))
    others = [s for s in range(state.players) if s != seat]
    for other in others:
        secret.money[other] = rng.randrange(40)
        secret.camels[other] = [rng.choice(state.rules.camel_cards) for _ in range(rng.randrange(4))]
        secret.hands[other] = sorted(rng.choice(cards) for _ in state.hands[other])
        if secret.picks[other] is not None:
            secret.picks[other] = rng.choice(cards)
        if state.phase in (PICKING, REVEAL) and other in secret.offers:
            secret.offers[other] = rng.choice(cards)
        if state.rules.hidden_goods:
            secret.goods[other] = {
                kind: [rng.choice(cards) for _ in values] for kind, values in state.goods[other].items()
            }
    for deck in (secret.camel_deck, secret.bank_deck):
        size, values = sum(deck.values()), list(deck) or [1]
        deck.clear()
        for _ in range(size):
            card = rng.choice(values)
            deck[card] = deck.get(card, 0) + 1
    if secret.stop is not None:
        secret.stop.claims.update(
            {s: rng.choice([None, BANK, CAMEL, *others]) for s in secret.stop.claims if s != seat}
        )
    secret.records = [scrambled_record(record, seat, state, rng) for record in state.records]
    return secret


def scrambled_record(record: dict, seat: int, state: MarcheState, rng: random.Random) -> dict:
    if record["seat"] == seat:
        return record
    record = dict(record)
    if "paid" in record:
        record["paid"] = rng.randrange(record["due"] + 1)
    if record["target"] == CAMEL or (state.rules.hidden_goods and record["kind"] == "buy"):
        record["card"] = rng.randrange(1, 9)
    return record


def test_the_table_runtime_gets_the_same_decisions_through_the_contract():
    """decide and stop_at (the core's contract, afresh) are decide_pick/bid/claim."""

    def check(state, seat, bot, decide):
        twin = copy.deepcopy(bot)
        decision = decide(copy.deepcopy(bot), state)
        if state.phase in (PICKING, CLAIMING):
            assert twin.decide(SeatView(state, seat), seat) == decision
        else:
            assert twin.stop_at(SeatView(state, seat), seat) == (None if decision is None else decision[0])

    play(4, 7, None, check)


@pytest.mark.parametrize("players, rules", GAMES)
def test_a_plan_that_stands_richer_is_the_plan_made_with_more_money(players, rules):
    """``stands_richer`` lets the simulator keep a paid seller's plan: wherever it says so,
    the same bot (the same whims, no cached valuation) plans the same with more money. (It
    may say no where more money would change nothing: a price exactly the money.)"""
    seen = {True: 0, False: 0}

    def check(state, seat, bot, decide):
        if state.phase != COUNTDOWN:
            return
        money = state.money[seat]
        plan = fresh_plan(bot, state, seat)
        stands = stands_richer(plan, money, state.rules.lowest_price)
        if stands:
            for more in (1, 3, 10, 40):
                other = state.copy()
                other.money[seat] = money + more
                assert fresh_plan(bot, other, seat) == plan
        seen[stands] += 1

    for seed in range(3):
        play(players, seed, rules, check)
    assert seen[True] and seen[False]


def fresh_plan(bot, state: MarcheState, seat: int) -> list:
    twin = copy.deepcopy(bot)
    twin.forget()
    return twin.decide_prices(SeatView(state, seat))
