"""Invariants over random legal games: cubes conserved, replay equals state, undo restores.

Cubes: a purchase returns the ware's five cubes to the bank (the rulebook: "by returning the
cubes to the Bank"), so the bank and the players together hold
all 100 cubes, 20 of each colour, at every moment. (Issue 15 words the invariant as
"100 minus wares bought x 5", which would hold only if spent cubes left the game; they do
not. The test checks both the total and that every purchase paid its five cubes back.)

The players choose among the engine's own legal actions at random (half the time the bots'
choice, so purchases, emptied stalls and the end come often, and the rest any trade, any
roll, any discard). With cards = entered the host types random ware cards. Each invariant
is checked after every event.
"""

from __future__ import annotations

import random

from bazaar_driver import CARD_1, CARD_2, GAME, SPEC
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.chance import SeededChance
from companion.core.match import Match, replay
from companion.games.bazaar.bots import STYLES
from companion.games.bazaar.cubes import LETTERS, PER_COLOUR, letters, parse_ware
from companion.games.bazaar.state import ACT, OVER

MAX_EVENTS = 700
UNDO_EVERY = 9

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([2, 3, 4, 5]),
        "rules": st.fixed_dictionaries(
            {
                "wares_per_turn": st.sampled_from(["1", "many"]),
                "cards": st.sampled_from(["auto", "sample", "entered"]),
                "first_player": st.integers(1, 2),
            }
        ),
        "bots": st.floats(0.3, 0.9),
    }
)
examples = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_ware(rng: random.Random) -> str:
    return "".join(sorted((rng.choice(LETTERS) for _ in range(5)), key=LETTERS.index)) + (
        "*" if rng.random() < 0.3 else ""
    )


def random_game(game: dict):
    """Play a random legal game, yielding the match after every event it adds."""
    rng = random.Random(game["seed"])
    match = Match(GAME, SPEC.setup(game["players"], game["rules"]), SeededChance(game["seed"]))
    bots = [STYLES[sorted(STYLES)[s % 2]](random.Random(s)) for s in range(game["players"])]
    for _ in range(MAX_EVENTS):
        if GAME.is_over(match.state):
            return
        if match.fill_chance():
            yield match
            continue
        request = match.waiting_for_entry
        if request is not None:
            match.enter(
                CARD_1
                if request.name == "exchange" and not match.state.exchange
                else CARD_2
                if request.name == "exchange"
                else random_ware(rng)
            )
            yield match
            continue
        (seat,) = GAME.to_act(match.state)
        if rng.random() < game["bots"]:
            event = bots[seat].decide(GAME.seat_view(match.state, seat), seat)
        else:
            event = rng.choice(GAME.legal_actions(match.state, seat))
        yield match, event


def play(game: dict):
    """Each state of a random game, after every event; decisions are applied here."""
    for step in random_game(game):
        if isinstance(step, tuple):
            match, event = step
            match.act(event)
        else:
            match = step
        yield match


def bought_cubes(state) -> list[int]:
    spent = [0] * 5
    for purchases in state.bought:
        for purchase in purchases:
            for colour, n in enumerate(parse_ware(purchase["ware"]).cubes):
                spent[colour] += n
    return spent


@examples
@given(games)
def test_cubes_are_conserved_the_bank_and_the_players_hold_all_100(game):
    previous = None
    for match in play(game):
        state = match.state
        assert sum(state.bank) + sum(map(sum, state.cubes)) == 100
        for colour in range(5):
            assert state.bank[colour] + sum(cubes[colour] for cubes in state.cubes) == PER_COLOUR
            assert state.bank[colour] >= 0 and min(c[colour] for c in state.cubes) >= 0
        assert state.scores == [sum(p["points"] for p in b) for b in state.bought]
        if previous is not None and sum(map(len, state.bought)) > sum(map(len, previous.bought)):
            seat = previous.turn  # a purchase: its five cubes back to the bank
            paid = [a - b for a, b in zip(bought_cubes(state), bought_cubes(previous))]
            assert sum(paid) == 5
            assert [b - a for a, b in zip(previous.bank, state.bank)] == paid
            assert [a - b for a, b in zip(previous.cubes[seat], state.cubes[seat])] == paid
        previous = GAME.copy(state)


@examples
@given(games)
def test_every_turn_starts_with_everyone_within_10_cubes(game):
    for match in play(game):
        if match.state.phase == ACT:
            assert max(map(sum, match.state.cubes)) <= 10, [letters(c) for c in match.state.cubes]


@examples
@given(games)
def test_the_log_replays_to_the_same_state(game):
    match = None
    for count, match in enumerate(play(game)):
        if count % 25 == 0:
            assert replay(GAME, match.setup, match.log) == match.state
    assert replay(GAME, match.setup, match.log) == match.state


@examples
@given(games)
def test_undo_restores_the_state_before_a_decision_and_the_same_decision_redoes_it(game):
    for count, step in enumerate(random_game(game)):
        if not isinstance(step, tuple):
            continue
        match, event = step
        if count % UNDO_EVERY:
            match.act(event)
            continue
        before, length = GAME.copy(match.state), len(match.log)
        added = match.act(event)
        after = GAME.copy(match.state)
        dropped = match.undo()
        assert dropped == added and len(match.log) == length and match.state == before
        assert match.act(event) == added and match.state == after


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4, 5]))
def test_games_between_the_bots_end_by_the_second_empty_stall(seed, players):
    game = {
        "seed": seed,
        "players": players,
        "bots": 1.0,
        "rules": {"wares_per_turn": "1", "cards": "sample", "first_player": 1},
    }
    *_, match = play(game)
    state = match.state
    assert state.phase == OVER and len(state.emptied) == 2 and state.stalls_left.count(0) == 2
