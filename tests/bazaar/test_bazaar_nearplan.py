"""The default styles' planner (nearplan.py) against the exact planner without the bank's
limits, over the decisions of seeded bot games: within three turns the same turns, points
and expected roll, beyond them none; the trade it makes starts such a plan. And its
wares' tables, shared by every game of the same equations, against the holdings' cubes
counted one trade at a time."""

from __future__ import annotations

import random

import pytest
from bazaar_driver import GAME, SPEC

from companion.games.bazaar import bots
from companion.games.bazaar.cubes import FACES, covers, cubes_of
from companion.games.bazaar.nearplan import (
    COMMON,
    HORIZON,
    ROWS,
    TARGETS,
    UNKNOWN,
    UNLIMITED,
    Decision,
    choose,
    exchange,
    outside,
    positions,
    target,
    written,
)
from companion.games.bazaar.planner import NEVER, SIDES, digits, has, holdings, index, plan
from companion.games.bazaar.rules import CUBE_LIMIT
from companion.simulation import simulate

BANK = tuple(UNLIMITED)
FAR = ROWS + 1  # no plan of that many turns


def sample_decks() -> tuple[list, list]:
    """The sample exchange cards and the distinct wares of the sample ware cards."""
    state = GAME.new_state(SPEC.setup(4, None))
    return list(state.exchange_deck.values()), sorted({w.cubes for w in state.wares_known.values()})


def counted_one_trade_at_a_time(equations, ware) -> list[dict]:
    """Per turn the ware is bought in (1 to ``HORIZON``), per holding: the fewest cubes
    left (at most ``ROWS``, ``FAR`` for none) by the best trade that buys it, from the
    holding itself, then from the holdings one trade (within 10 cubes) later."""
    trades = [equation.sides(give) for equation in equations for give in SIDES]

    def result(held, given, taken):
        return tuple(h - g + t for h, g, t in zip(held, given, taken))

    now = {}
    for held in holdings(CUBE_LIMIT):
        made = [
            sum(result(held, given, taken)) - sum(ware)
            for given, taken in trades
            if covers(held, given) and covers(result(held, given, taken), ware)
        ]
        now[held] = min(min(made), ROWS) if made else FAR
    turns = [now]
    while len(turns) < HORIZON:
        then = turns[-1]
        turns.append(
            {
                held: min(
                    (
                        then[result(held, given, taken)]
                        for given, taken in trades
                        if covers(held, given) and sum(result(held, given, taken)) <= CUBE_LIMIT
                    ),
                    default=FAR,
                )
                for held in then
            }
        )
    return turns


@pytest.mark.parametrize("seed", range(4))
def test_a_wares_table_holds_each_holdings_soonest_plan_and_its_cubes_left(seed):
    rng = random.Random(seed)
    cards, wares = sample_decks()
    equations = tuple(equation for card in rng.sample(cards, 2) for equation in card)
    ware = rng.choice(wares)
    table = target.__wrapped__(exchange(equations).market, ware)  # built afresh
    written_now = [table.plans[positions()[index(held)]] != UNKNOWN for held in holdings(CUBE_LIMIT)]
    assert written_now == [sum(held) <= COMMON for held in holdings(CUBE_LIMIT)]  # the others when asked
    counted = counted_one_trade_at_a_time(equations, ware)
    soonest = {
        held: next(
            ((turns, by_turn[held]) for turns, by_turn in enumerate(counted, 1) if by_turn[held] < FAR), None
        )
        for held in counted[0]
    }
    assert {held: table.plan(positions()[index(held)]) for held in soonest} == {
        held: (None, ROWS) if plan is None else plan for held, plan in soonest.items()
    }
    assert {plan and plan[0] for plan in soonest.values()} == {1, 2, 3, None}
    assert table.plans.count(UNKNOWN) == 0


@pytest.mark.parametrize("seed", range(3))
def test_each_holding_is_counted_outside_the_sets_of_a_chain_that_leave_it_out(seed):
    rng = random.Random(seed)
    bits = [index(held) for held in holdings(CUBE_LIMIT)]
    chain, inner = [], set()
    for _ in range(rng.randint(1, 15)):  # each set inside the one before: built from the inside
        inner |= set(rng.sample(bits, 200))
        chain.insert(0, sum(1 << bit for bit in inner))
    found = outside(chain)
    counts = [sum(not one >> bit & 1 for one in chain) for bit in bits]
    assert [sum(has(digit, bit) << place for place, digit in enumerate(found)) for bit in bits] == counts
    common = {bit: count for bit, count in zip(bits, counts) if sum(digits(bit)) <= COMMON}
    assert {bit: written(found)[positions()[bit]] for bit in common} == common


def test_games_of_the_same_equations_share_the_tables_and_keep_their_own_order():
    cards, wares = sample_decks()
    one = exchange((*cards[0], *cards[1]))
    other = exchange((*cards[1], *cards[0]))  # the same cards, the other way round
    assert one.target(wares[0]) is other.target(wares[0])
    assert [(t.given, t.taken) for t, _ in one.moves][:10] == [(t.given, t.taken) for t, _ in other.moves][
        10:
    ]
    kept = one.target(wares[0])
    target.cache_clear()
    assert exchange((*cards[2], *cards[3])).target(wares[0]) != kept  # other equations
    assert target(one.market, wares[0]) == kept  # built afresh: the same tables


def test_a_sides_holdings_are_those_that_can_make_its_trade_and_every_exchange_shares_them():
    cards, _ = sample_decks()
    one, other = exchange((*cards[0], *cards[1])), exchange((*cards[1], *cards[0]))
    small = list(holdings(CUBE_LIMIT))
    for trade, movers in one.moves:
        able = [covers(held, trade.given) and sum(held) + trade.net <= CUBE_LIMIT for held in small]
        assert [has(movers, index(held)) for held in small] == able
    assert {id(movers) for _, movers in one.moves} == {id(movers) for _, movers in other.moves}


def test_the_shared_tables_are_bounded_and_every_sample_game_fits():
    cards, wares = sample_decks()
    pairs = len(cards) * (len(cards) - 1) // 2
    assert target.cache_info().maxsize == TARGETS >= pairs * len(wares)
    table = exchange((*cards[0], *cards[1])).target(wares[0])
    assert len(table.plans) == len(list(holdings(CUBE_LIMIT)))
    kept = sum(map(len, table.digits)) + len(table.plans)
    assert TARGETS * kept < 48 * 2**20  # a full cache's tables: under 48 MB


def decisions(monkeypatch, seed: int) -> list[tuple]:
    asked = []

    def recording(held, bank, the_exchange, wares, bonus, rank):
        asked.append((held, bank, the_exchange.equations, wares, bonus))
        return choose(held, bank, the_exchange, wares, bonus, rank)

    monkeypatch.setattr(bots, "choose", recording)
    simulate("bazaar", 4, 2, seed=seed)
    assert len(asked) > 50
    return asked


def within(turns):
    return turns if turns is not None and turns <= HORIZON else None


@pytest.mark.parametrize("seed", [3, 8])
def test_the_near_plans_are_the_exact_plans_within_three_turns(monkeypatch, seed):
    for held, bank, equations, wares, bonus in decisions(monkeypatch, seed):
        decision = Decision(held, bank, exchange(equations))
        for p in plan(held, BANK, equations, wares, bonus):
            if p is None:
                continue
            aim = decision.aim(p.stall, p.ware, bonus)
            turns = within(p.turns)
            assert (aim.turns, aim.points) == (turns, p.points if turns else None)
            if turns:
                assert aim.row == min(p.cubes_left, 3)
            alone = NEVER if turns is None else turns
            faces = [within(p.rolls.get(face)) for face in FACES]
            assert aim.rolled == sum(alone + 1 if t is None else t for t in faces) / len(FACES)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_trade_made_starts_a_plan_of_the_turns_and_cubes_left_aimed_at(monkeypatch, seed):
    checked = 0
    for held, bank, equations, wares, bonus in decisions(monkeypatch, seed):
        decision = Decision(held, bank, exchange(equations))
        for stall, ware in enumerate(wares):
            if ware is None:
                continue
            aim = decision.aim(stall, ware, bonus)
            if aim.turns is None:
                continue
            trade = decision.first(aim)
            if trade is None:  # the bank pays none of the plan's first trades
                rich = Decision(held, BANK, exchange(equations))
                unpaid = rich.first(rich.aim(stall, ware, bonus))
                assert unpaid is not None and not decision.pays(unpaid)
                continue
            assert all(bank[c] >= n for c, n in enumerate(trade.taken))
            after = cubes_of(h - g + t for h, g, t in zip(held, trade.given, trade.taken))
            if aim.turns == 1:
                assert all(a >= n for a, n in zip(after, ware.cubes))
                assert min(sum(after) - sum(ware.cubes), 3) == aim.row
            else:
                assert sum(after) <= CUBE_LIMIT
                (then,) = plan(after, BANK, equations, [ware], bonus, rolls=False)
                assert (then.turns, min(then.cubes_left, 3)) == (aim.turns - 1, aim.row)
            checked += 1
    assert checked > 100
