"""The trade planner against an independent brute force, and on worked examples.

The brute force shares nothing with the planner but the rules: holdings are plain tuples,
the bank is tracked cube by cube, and every sequence of trades up to a depth is tried in
turn (a depth-first walk), each legal only if the player holds the side given and the bank
the side taken, with at most 10 cubes at the end of every turn but the one the ware is
bought in. It gives the fewest turns and, among those, the fewest cubes left.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.bazaar import bots
from companion.games.bazaar.cubes import (
    FACES,
    Ware,
    check_equation,
    letters,
    parse_card,
    parse_equation,
    parse_ware,
)
from companion.games.bazaar.nearplan import choose
from companion.games.bazaar.planner import (
    BITS,
    _cached_sets,
    _cap_limits,
    _pre_goal,
    _pre_goals,
    digits,
    first,
    holding_at_least,
    holdings,
    index,
    movers_of,
    plan,
    sets,
    trades_of,
)
from companion.simulation import simulate

DEPTH = 4
examples = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def covers(have, need):
    return all(h >= n for h, n in zip(have, need))


def brute(held, bank, equations, ware, acted, depth=DEPTH):
    """(turns, cubes left) of the best plan within ``depth`` trades, or None."""
    if acted and covers(held, ware):
        return 0, sum(held) - 5
    if acted and sum(held) > 10:
        return None
    best = None

    def walk(have, stock, turns):
        nonlocal best
        if turns and covers(have, ware):
            candidate = (turns, sum(have) - 5)
            best = candidate if best is None else min(best, candidate)
        if turns == depth or (turns and sum(have) > 10):
            return
        for equation in equations:
            for give, take in ((equation.left, equation.right), (equation.right, equation.left)):
                if covers(have, give) and covers(stock, take):
                    walk(
                        tuple(h - g + t for h, g, t in zip(have, give, take)),
                        tuple(s + g - t for s, g, t in zip(stock, give, take)),
                        turns + 1,
                    )

    walk(tuple(held), tuple(bank), 0)
    return best


def brute_roll(held, bank, equations, ware, colour, depth=DEPTH):
    """Turns if this turn is a roll of ``colour`` followed by trades (within ``depth``)."""
    after, stock = list(held), list(bank)
    if stock[colour]:
        after[colour] += 1
        stock[colour] -= 1
    if covers(after, ware):
        return 1
    if sum(after) > 10:
        return None
    found = brute(after, stock, equations, ware, acted=False, depth=depth - 1)
    return None if found is None else 1 + found[0]


# ------------------------------------------------------------------ strategies
@st.composite
def equations(draw):
    found = []
    for _ in range(draw(st.integers(1, 4))):
        left_colours = draw(st.lists(st.integers(0, 4), min_size=1, max_size=3, unique=True))
        right_colours = draw(
            st.lists(
                st.sampled_from([c for c in range(5) if c not in left_colours]),
                min_size=1,
                max_size=2,
                unique=True,
            )
        )
        left, right = [0] * 5, [0] * 5
        for c in left_colours:
            left[c] = draw(st.integers(1, 2))
        for c in right_colours:
            right[c] = draw(st.integers(1, 3))
        if sum(left) <= 5 and sum(right) <= 5:
            found.append(check_equation(tuple(left), tuple(right), "generated"))
    return found or [check_equation((0, 0, 1, 0, 0), (0, 0, 0, 0, 2), "R = WW")]


def counted(colours) -> tuple[int, ...]:
    return tuple(colours.count(c) for c in range(5))


wares = st.builds(Ware, st.lists(st.integers(0, 4), min_size=5, max_size=5).map(counted), st.booleans())


@st.composite
def positions(draw):
    held = draw(st.lists(st.integers(0, 4), max_size=10).map(counted))
    bank = draw(st.lists(st.one_of(st.integers(0, 3), st.just(20)), min_size=5, max_size=5))
    bank = [min(b, 20 - h) for b, h in zip(bank, held)]
    return tuple(held), tuple(bank), draw(equations()), draw(wares), draw(st.booleans())


def replay_steps(held, bank, steps, ware):
    """Play the plan's steps: each is legal, every turn but the last ends within 10 cubes."""
    have, stock = list(held), list(bank)
    for number, step in enumerate(steps):
        assert covers(have, step.given) and covers(stock, step.taken)
        have = [h - g + t for h, g, t in zip(have, step.given, step.taken)]
        stock = [s + g - t for s, g, t in zip(stock, step.given, step.taken)]
        if number < len(steps) - 1:
            assert sum(have) <= 10
    assert covers(have, ware.cubes)
    return sum(have) - 5


# ------------------------------------------------------------------ properties
@examples
@given(positions())
def test_the_planner_finds_the_brute_forces_fewest_turns_and_fewest_cubes_left(position):
    held, bank, eqs, ware, acted = position
    (found,) = plan(held, bank, eqs, [ware], acted=acted, rolls=False)
    expected = brute(held, bank, eqs, ware.cubes, acted)
    if expected is None:
        assert found.turns is None or found.turns > DEPTH
        return
    assert (found.turns, found.cubes_left) == expected
    assert len(found.steps) == found.turns
    assert replay_steps(held, bank, found.steps, ware) == found.cubes_left


@examples
@given(positions())
def test_a_roll_is_reported_exactly_where_it_is_sooner_than_trades_alone(position):
    held, bank, eqs, ware, _ = position
    (found,) = plan(held, bank, eqs, [ware])
    alone = brute(held, bank, eqs, ware.cubes, acted=False, depth=DEPTH + 1)
    alone_turns = None if alone is None else alone[0]
    if alone_turns is None and found.turns is not None:
        return  # deeper than the brute force looks
    for colour, face in enumerate(FACES[:5]):
        rolled = brute_roll(held, bank, eqs, ware.cubes, colour)
        if rolled is None:
            assert found.rolls[face] is None or found.rolls[face] > DEPTH
        elif alone_turns is None or rolled < alone_turns:
            assert found.rolls[face] == rolled, face
        else:
            assert found.rolls[face] is None, face
    open_colours = [c for c in range(5) if bank[c]] or range(5)
    sooner = [found.rolls[FACES[c]] for c in open_colours if found.rolls[FACES[c]] is not None]
    assert found.rolls["wild"] == (min(sooner) if sooner else None)


@examples
@given(positions(), st.lists(st.one_of(st.none(), wares), min_size=3, max_size=3))
def test_planning_four_wares_together_is_planning_each_alone(position, others):
    held, bank, eqs, ware, acted = position
    stalls = [ware, *others]
    together = plan(held, bank, eqs, stalls, acted=acted)
    for stall, w in enumerate(stalls):
        if w is None:
            assert together[stall] is None
            continue
        (alone,) = plan(held, bank, eqs, [w], acted=acted)
        assert (together[stall].turns, together[stall].cubes_left, together[stall].rolls) == (
            alone.turns,
            alone.cubes_left,
            alone.rolls,
        )


# ------------------------------------------------------------------ worked examples
SOURCE = parse_card("R = YGBW; R = WW; GG = Y; B = RW; YY = GB") + parse_card(
    "W = GG; Y = RB; RR = YW; G = BW; BBB = YYR"
)


def test_one_red_to_two_white_then_the_white_ware():
    wares = [parse_ware("YYWWW*")]
    (p,) = plan((2, 0, 1, 0, 1), (18, 20, 19, 20, 19), SOURCE, wares)
    assert p.turns == 1 and letters(p.first.given) == "R" and letters(p.first.taken) == "WW"
    assert p.cubes_left == 0 and p.star_level == 1 and p.points == 8


def test_a_ware_already_held_is_bought_now_once_the_turn_has_acted():
    (p,) = plan((2, 0, 0, 0, 3), (18, 20, 20, 20, 17), SOURCE, [parse_ware("YYWWW")], acted=True)
    assert (p.turns, p.steps, p.cubes_left, p.points, p.rolls) == (0, (), 0, 5, {})


def test_a_ware_held_before_the_turns_action_is_kept_through_a_trade_or_a_roll():
    (p,) = plan((2, 0, 1, 0, 3), (18, 20, 19, 20, 17), SOURCE, [parse_ware("YYWWW")])
    assert p.turns == 1 and p.cubes_left == 2  # R -> WW keeps it, 2 cubes over
    assert p.rolls == {face: None for face in FACES}  # a roll is no sooner


def test_the_bank_running_out_is_a_limit_on_the_plan():
    wares = [parse_ware("YYWWW*")]
    (p,) = plan((2, 0, 1, 0, 1), (18, 20, 19, 20, 1), SOURCE, wares)  # one white left in the bank
    assert p.turns is None and p.steps == ()  # the player and the bank hold 2 white of 3


def test_the_bank_limits_the_last_trade_too_even_past_10_cubes():
    """B -> RWWWW would make 11 white, with 7 held and 3 in the bank: the engine refuses it,
    so no plan may end with it (the bank's limit was only applied below 10 of a colour)."""
    eqs = (parse_equation("B = RWWWW"),)
    (p,) = plan((0, 0, 0, 1, 7), (20, 20, 20, 19, 3), eqs, [parse_ware("RWWWW*")])
    assert p.turns is None and p.steps == ()
    assert p.rolls["red"] == 1  # a red cube is all it lacks


def test_a_purchase_may_follow_a_trade_past_10_cubes():
    eqs = parse_card("Y = GGGGG; R = WW; B = YY; W = GR; G = BW")
    held = (6, 0, 0, 0, 4)  # 10 cubes
    (p,) = plan(held, (14, 20, 20, 20, 16), eqs, [parse_ware("GGGGG")])
    assert p.turns == 1 and p.cubes_left == 9 and p.points == 1


def test_an_empty_stall_has_no_plan_and_a_stall_empty_raises_the_star_level():
    plans = plan((0, 0, 1, 0, 0), (20, 20, 19, 20, 20), SOURCE, [None, parse_ware("YGRBW")], bonus=True)
    assert plans[0] is None and plans[1].star_level == 1


def test_a_turn_starts_with_at_most_10_cubes():
    import pytest

    with pytest.raises(ValueError, match="at most 10 cubes"):
        plan((11, 0, 0, 0, 0), (9, 20, 20, 20, 20), SOURCE, [parse_ware("YGRBW")])


# ------------------------------------------------------------------ the holdings' encoding
def test_every_holding_of_at_most_10_cubes_has_its_own_bit_and_reads_back():
    small = list(holdings(10))
    assert len(small) == 3003
    assert len({index(h) for h in small}) == len(small)
    assert all(digits(index(h)) == h and index(h) < BITS for h in small)


@examples
@given(st.lists(st.lists(st.integers(0, 4), max_size=10).map(counted), min_size=1, max_size=12))
def test_ties_go_to_the_holding_first_in_base_11_whatever_the_bits_order(chosen):
    bits = 0
    for h in chosen:
        bits |= 1 << index(h)
    in_base_11 = min(chosen, key=lambda h: sum(n * 11**c for c, n in enumerate(h)))
    assert digits(first(bits)) == in_base_11


# ------------------------------------------------------------------ the cached distances
@examples
@given(positions(), st.lists(st.lists(st.integers(0, 4), max_size=10).map(counted), min_size=1, max_size=8))
def test_a_wares_distances_are_the_turns_a_search_from_each_holding_finds(position, others):
    held, bank, eqs, ware, _ = position
    caps = tuple(h + b for h, b in zip(held, bank))
    table = sets(tuple(eqs), caps).distances(ware.cubes)
    for h in [held, *others]:
        if not covers(caps, h):
            continue
        (alone,) = plan(h, [c - n for c, n in zip(caps, h)], eqs, [ware], rolls=False)
        assert table.turns(index(h), most=1) == (alone.turns if alone.turns == 1 else None)
        assert table.turns(index(h)) == alone.turns


# ------------------------------------------------------------------ what is kept between plans
def clear_kept() -> None:
    for kept in (trades_of, movers_of, _pre_goal, _pre_goals, _cap_limits, _cached_sets, holding_at_least):
        kept.cache_clear()


@examples
@given(wares, wares.map(lambda ware: ware.cubes))
def test_a_sides_pre_goal_is_every_holding_it_buys_the_ware_from_and_their_fewest_cubes(ware, taken):
    given_side = tuple(min(n, 2) for n in ware.cubes[::-1])  # any side, the ware's own reversed
    kept = _pre_goal(given_side, taken, ware.cubes)
    clear_kept()
    held, fewest = _pre_goal(given_side, taken, ware.cubes)
    assert (held, fewest) == kept  # kept or made afresh alike
    after = {
        h: tuple(n - g + t for n, g, t in zip(h, given_side, taken))
        for h in holdings(10)
        if covers(h, given_side)
    }
    bought = {h for h, then in after.items() if covers(then, ware.cubes)}
    assert {h for h in holdings(10) if held >> index(h) & 1} == bought
    assert not bought or fewest == min(sum(h) for h in bought)


def outcome(plans):
    return [
        None
        if p is None
        else (p.turns, p.cubes_left, p.points, p.rolls, [(s.equation, s.give) for s in p.steps])
        for p in plans
    ]


def test_plans_from_what_earlier_plans_kept_are_the_plans_made_afresh(monkeypatch):
    """Every seat's plans of seeded bot games, made with the sets, searches and distances
    the game's earlier plans kept, against the same plans made with nothing kept."""
    asked = []

    def recording(held, bank, the_exchange, wares, bonus, rank):
        asked.append(((held, bank, the_exchange.equations, wares, bonus), {}))
        return choose(held, bank, the_exchange, wares, bonus, rank)

    monkeypatch.setattr(bots, "choose", recording)
    clear_kept()
    simulate("bazaar", 4, 3, seed=11)
    assert len(asked) > 100
    clear_kept()
    kept = [outcome(plan(*args, **options)) for args, options in asked]
    for (args, options), then in zip(asked, kept):
        clear_kept()
        assert outcome(plan(*args, **options)) == then
