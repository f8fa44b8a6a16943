"""Bots: legal decisions, and cached valuations that never go stale."""
import random

import pytest

from companion.core.chance import SeededChance
from companion.core.game import Event, chance_event
from companion.games.marche.bots import STYLES
from companion.games.marche.engine import MarcheGame
from companion.games.marche.state import CAMEL, CLAIMING, COUNTDOWN, OVER, PICKING

GAME = MarcheGame()


def play(players: int, seed: int, rules: dict | None, check) -> None:
    """A whole game between bots, calling ``check(state, bots)`` before every bid round."""
    styles = sorted(STYLES)
    bots = [STYLES[styles[s % len(styles)]](random.Random(seed * 10 + s)) for s in range(players)]
    state = GAME.new_state({"players": players, "rules": rules or {}})
    chance = SeededChance(seed)

    def act(event):
        if event is not None:
            GAME.advance(state, event)
        while (request := GAME.chance_request(state)) is not None:
            GAME.advance(state, chance_event(request.deck, chance.draw(request, len(state.records))))

    act(None)
    while state.phase != OVER:
        if state.phase == PICKING:
            for seat, bot in enumerate(bots):
                act(Event("pick", seat, {"card": bot.pick(state, seat)}))
            continue
        assert state.phase == COUNTDOWN
        check(state, bots)
        bids = [(bot.bid(state, seat), seat) for seat, bot in enumerate(bots)]
        keen = [(b[0], seat) for b, seat in bids if b]
        if not keen:
            act(Event("end_countdown"))
            continue
        count, seat = max(keen)
        act(Event("stop", None, {"count": count, "stoppers": [[seat, 0]]}))
        assert state.phase == CLAIMING
        act(Event("claim", seat, {"target": bots[seat].claim(state, seat, count)}))


@pytest.mark.parametrize("players, rules", [(5, None), (3, {"lowest_price": 0}),
                                            (4, {"camel_refill": "immediate"})])
def test_bids_and_claims_are_legal_and_match_a_fresh_valuation(players, rules):
    def check(state, bots):
        for seat, bot in enumerate(bots):
            bid = bot.bid(state, seat)        # from caches built at earlier stops
            claim = bot.claim(state, seat, bid[0]) if bid else None
            bot.forget()                      # valued afresh, with the turn's same whims
            assert bot.bid(state, seat) == bid
            if bid is None:
                continue
            count, target = bid
            assert state.rules.lowest_price <= count <= min(state.price, state.money[seat])
            assert target in state.offers or (target == CAMEL and state.camel_up is not None)
            assert target != seat
            assert bot.claim(state, seat, count) == claim in (target, None)

    for seed in range(3):
        play(players, seed, rules, check)
