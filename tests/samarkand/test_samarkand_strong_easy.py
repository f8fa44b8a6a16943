"""The strong style (rollouts over states drawn from its seat's knowledge) and the easy one:
the strong bot is deterministic for its seed and decides from its seat's view alone (the
same decision whatever another seat holds or however the bag is ordered); the easy bot
plays legal games to the end; and the strong bot beats the easy one clearly."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from samarkand_driver import GAME, SPEC

from companion.core.chance import SeededChance
from companion.core.game import chance_event
from companion.games.samarkand.bots import SEARCHED, Easy, Merchant, Strong
from companion.games.samarkand.state import SamarkandState
from companion.simulation import simulate


def positions(
    edition: str, seed: str, styles=(Merchant, Easy, Merchant)
) -> Iterator[tuple[SamarkandState, int]]:
    """Every decision of a seeded game between heuristic bots: (state, seat to decide)."""
    state = GAME.new_state(SPEC.setup(len(styles), {"edition": edition}))
    chance, rng = SeededChance(seed), random.Random(seed)
    bots = [style(random.Random(rng.random())) for style in styles]
    for step in range(3000):
        if GAME.is_over(state):
            return
        request = GAME.chance_request(state)
        if request is not None:
            event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
        else:
            seat = GAME.to_act(state)[0]
            yield GAME.copy(state), seat
            event = bots[seat].decide(GAME.seat_view(state, seat), seat)
        GAME.advance(state, event)


def sampled(edition: str, every: int = 25) -> list[tuple[SamarkandState, int]]:
    """A sample of the searched decisions of one seeded game."""
    found = [(s, seat) for s, seat in positions(edition, f"strong/{edition}") if s.phase in SEARCHED]
    return found[::every]


def strong_choice(state: SamarkandState, seat: int, seed: int = 5):
    return Strong(random.Random(seed), effort=0.5).decide(GAME.seat_view(state, seat), seat)


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_the_strong_bot_is_deterministic_for_a_seed(edition):
    sample = sampled(edition)[:8]
    assert sample
    assert [strong_choice(s, seat) for s, seat in sample] == [strong_choice(s, seat) for s, seat in sample]


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_the_strong_bot_never_reads_another_seats_secret_nor_the_bags_order(edition):
    """Its decision is the same from the state, from each other seat's secret twin (that
    seat's goods and money changed), and from a state whose bag lists its goods in another
    order."""
    sample = sampled(edition)[:6]
    assert sample
    for state, seat in sample:
        chosen = strong_choice(state, seat)
        for other in range(state.players):
            if other != seat:
                assert strong_choice(GAME.secret_twin(state, other), seat) == chosen
        shuffled = GAME.copy(state)
        shuffled.supply = dict(reversed(list(state.supply.items())))
        assert strong_choice(shuffled, seat) == chosen


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_the_easy_bot_plays_legal_games_to_the_end(edition):
    seen = 0
    for state, seat in positions(edition, f"easy/{edition}", styles=(Easy, Easy, Easy)):
        event = Easy(random.Random(seen)).decide(GAME.seat_view(state, seat), seat)
        legal = GAME.legal_actions(state, seat)
        assert legal is not None and event in legal
        seen += 1
    assert seen > 50
    summary = simulate("samarkand", 4, 6, seed=2, styles=["easy"], rules={"edition": edition}).to_dict()
    assert summary["capped"] == 0


def test_the_strong_bot_beats_the_easy_bot_clearly():
    summary = simulate("samarkand", 2, 12, seed=4, styles=["strong", "easy"]).to_dict()
    assert summary["capped"] == 0
    assert summary["win_rate_by_bot"]["strong"] >= 0.75
