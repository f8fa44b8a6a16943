"""A bot keeps what it found (the sales by the counts the markets buy, the gift, the worth
of its goods, each space's worth and lead) while what it depends on holds, across decisions:
over every decision of seeded games of both editions, what it keeps is what a fresh bot
finds, and each lead is the best distance-weighted sale of every other city."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import chance_event
from companion.games.samarkand import SPEC
from companion.games.samarkand import goods as g
from companion.games.samarkand.bots import FAR, Hoarder, Merchant, largest_sale, routes
from companion.games.samarkand.rules import die_reach
from companion.games.samarkand.state import DIE
from companion.games.samarkand.view import SeatView

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
                sales = {city: fresh.sale_worth(view, city) for city in view.cities}
                assert bot.sales(view) == sales
                steps = view.the_board().distances()
                plain = [
                    0.6
                    * max(
                        (
                            v * FAR ** steps[sid].get(c, 20)
                            for c, v in sales.items()
                            if v is not None and c != sid
                        ),
                        default=0.0,
                    )
                    for sid in spaces
                ]
                assert [lead for lead, _ in kept] == plain  # every city read, none skipped
                compared += 1
                event = bot.decide(view, seat)
            game.advance(state, event)
        assert game.is_over(state)
    assert compared > 200 * GAMES


@pytest.mark.parametrize("covered_two", ["half", "none"])
def test_a_citys_sale_from_its_markets_largest_sales_is_worth_the_rules_best_sale(covered_two):
    """A bot values a city's sale from each market's largest sale, found once per count
    held (``largest_sale``): for any holding, markets, chips and token, that is the worth
    of the best of every sale the rules list."""
    rng = random.Random(25)
    for bot in (Merchant(random.Random(0)), Hoarder(random.Random(0))):
        for _ in range(2000):
            hand = {kind: rng.randint(1, 8) for kind in rng.sample(g.KINDS, rng.randint(0, 6))}
            markets = tuple(rng.sample(g.SYMBOLS, 2))
            covered = set(rng.sample(g.SYMBOLS, rng.randint(0, 2)))
            closed = rng.choice((None, 0, 1))
            view = SimpleNamespace(
                hand=hand,
                rules=SimpleNamespace(covered_two=covered_two),
                markets=lambda city, m=markets, c=covered, x=closed: (m, c, x),
            )
            best = g.best_sale(
                g.sales(hand, markets, covered=covered, closed=closed, covered_two=covered_two)
            )
            worth = None if best is None else bot.sale_value(best.pays, best.count)
            assert bot.sale_worth(view, "city1") == worth
    assert largest_sale.cache_info().currsize < 7 * 23 * 2 * 2  # one per market, count, chip and ruling


def test_every_game_on_a_board_shares_its_parse_and_every_bot_its_routes():
    """A board never changes: a simulation's engines (one a game) parse it once, and every
    bot of every game reads one set of routes for it, whose die faces lead where the rules
    move a figure from each space; a wrong board is refused every time, never kept."""
    setup = SPEC.setup(4, {"edition": "2.0"})
    first, second = SPEC.engine().new_state(setup), SPEC.engine().new_state(setup)
    assert first.board is not None and first.board is second.board
    shared = routes(first.board)
    assert routes(second.board) is shared
    for sid in (s.id for s in first.board.spaces):
        first.positions[0] = sid
        assert shared.faces(sid) == [die_reach(first, 0, face) for face in DIE]
        bot = Hoarder(random.Random(0))
        assert bot.faces(SeatView(first, 0)) == shared.faces(sid)
    for _ in range(2):
        with pytest.raises(RuleError, match="20 spaces"):
            SPEC.engine().new_state(SPEC.setup(4, {"board": '{"spaces": []}'}))
