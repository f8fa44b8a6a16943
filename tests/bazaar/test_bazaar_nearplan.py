"""The default styles' planner (nearplan.py) against the exact planner without the bank's
limits, over the decisions of seeded bot games: within three turns the same turns, points
and expected roll, beyond them none; the trade it makes starts such a plan."""

from __future__ import annotations

import pytest

from companion.games.bazaar import bots
from companion.games.bazaar.cubes import FACES, cubes_of
from companion.games.bazaar.nearplan import HORIZON, UNLIMITED, Decision, choose
from companion.games.bazaar.planner import NEVER, plan
from companion.games.bazaar.rules import CUBE_LIMIT
from companion.simulation import simulate

BANK = tuple(UNLIMITED)


def decisions(monkeypatch, seed: int) -> list[tuple]:
    asked = []

    def recording(held, bank, equations, wares, bonus, rank):
        asked.append((held, bank, equations, wares, bonus))
        return choose(held, bank, equations, wares, bonus, rank)

    monkeypatch.setattr(bots, "choose", recording)
    simulate("bazaar", 4, 2, seed=seed)
    assert len(asked) > 50
    return asked


def within(turns):
    return turns if turns is not None and turns <= HORIZON else None


@pytest.mark.parametrize("seed", [3, 8])
def test_the_near_plans_are_the_exact_plans_within_three_turns(monkeypatch, seed):
    for held, bank, equations, wares, bonus in decisions(monkeypatch, seed):
        decision = Decision(held, bank, equations)
        for p in plan(held, BANK, equations, wares, bonus):
            if p is None:
                continue
            aim = decision.settle(decision.aim(p.stall, p.ware, bonus))
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
        decision = Decision(held, bank, equations)
        for stall, ware in enumerate(wares):
            if ware is None:
                continue
            aim = decision.settle(decision.aim(stall, ware, bonus))
            if aim.turns is None:
                continue
            trade = decision.first(aim)
            if trade is None:  # the bank pays none of the plan's first trades
                rich = Decision(held, BANK, equations)
                unpaid = rich.first(rich.settle(rich.aim(stall, ware, bonus)))
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
