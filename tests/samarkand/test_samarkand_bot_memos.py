"""A bot keeps what it found (the sales by the counts the markets buy, the gift, the worth
of its goods, each space's worth) while what it depends on holds, across decisions: over
every decision of seeded games of both editions, what it keeps is what a fresh bot finds."""

from __future__ import annotations

import random

import pytest

from companion.core.chance import SeededChance
from companion.core.game import chance_event
from companion.games.samarkand import SPEC
from companion.games.samarkand.bots import Hoarder, Merchant

GAMES = 3


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_what_a_bot_keeps_is_what_a_fresh_bot_finds(edition):
    compared = 0
    for index in range(GAMES):
        game = SPEC.engine()
        state = game.new_state(SPEC.setup(4, {"edition": edition}))
        chance = SeededChance(f"memos/{index}")
        bots = [style(random.Random(seat)) for seat, style in enumerate((Merchant, Hoarder) * 2)]
        for step in range(10_000):
            if game.is_over(state):
                break
            if (request := game.chance_request(state)) is not None:
                event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
            else:
                seat = game.to_act(state)[0]
                view = game.seat_view(state, seat)
                bot, fresh = bots[seat], type(bots[seat])(random.Random(0))
                spaces = [s.id for s in view.the_board().spaces]
                kept = [(bot.lead_worth(view, sid), bot.space_worth(view, sid)) for sid in spaces]
                assert kept == [(fresh.lead_worth(view, sid), fresh.space_worth(view, sid)) for sid in spaces]
                assert [bot.sale_worth(view, city) for city in view.cities] == [
                    fresh.sale_worth(view, city) for city in view.cities
                ]
                compared += 1
                event = bot.decide(view, seat)
            game.advance(state, event)
        assert game.is_over(state)
    assert compared > 200 * GAMES
