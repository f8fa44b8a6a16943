"""The easy and strong bots: legal games, the strong one's determinism and its seat view
alone (no other seat's secret, no deck order), its edge over the easy one; and the
engine's enumerations bounded on the largest position the rules allow."""

from __future__ import annotations

import random
from math import comb

from bazaar_driver import GAME, SPEC, hold, table, trade

from companion.core.chance import SeededChance
from companion.core.game import chance_event
from companion.games.bazaar.bots import Easy, Strong
from companion.games.bazaar.rules import CUBE_LIMIT
from companion.games.bazaar.state import ACT, DISCARD, OVER, BazaarState
from companion.simulation import simulate

SIDE = 5
"""The most cubes on one side of an equation."""


def play(styles: list[str], seed: str, record=None) -> BazaarState:
    """A digital game between ``styles``, each event checked legal; ``record(state, seat)``
    is called before each bot decision."""
    state = GAME.new_state(SPEC.setup(len(styles), None))
    chance = SeededChance(seed)
    rng = random.Random(seed)
    bots = [SPEC.bots[style](random.Random(rng.random())) for style in styles]
    for step in range(3000):
        if GAME.is_over(state):
            return state
        request = GAME.chance_request(state)
        if request is not None:
            event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
        else:
            seat = GAME.to_act(state)[0]
            if record is not None:
                record(state, seat)
            event = bots[seat].decide(GAME.seat_view(state, seat), seat)
            assert event in GAME.legal_actions(state, seat), event
        GAME.advance(state, event)
    raise AssertionError("the game did not end")


def test_the_easy_bot_plays_legal_games_to_the_end():
    for seed in ("easy/1", "easy/2"):
        state = play(["easy", "easy", "easy"], seed)
        assert state.phase == OVER and sum(len(b) for b in state.bought) >= 5


def test_the_strong_bot_is_deterministic_for_a_seed():
    def records(seed: str) -> list:
        return play(["strong", "greedy", "strong", "quick"], seed).records

    assert records("strong/1") == records("strong/1")


def test_the_strong_bot_decides_from_its_seat_view_alone():
    """The same decision from the state, from every other seat's secret twin (Bazaar has
    none: the state itself), and from a state whose remaining ware deck is in another
    order (the seat may know what is left, never the order)."""
    bot = Strong(random.Random(3))
    checked = 0

    def check(state: BazaarState, seat: int) -> None:
        nonlocal checked
        if state.turn_number % 5:
            return
        decision = bot.decide(GAME.seat_view(state, seat), seat)
        for other in range(state.players):
            if other != seat:
                twin = GAME.secret_twin(GAME.copy(state), other)
                assert bot.decide(GAME.seat_view(twin, seat), seat) == decision
        shuffled = GAME.copy(state)
        assert shuffled.ware_deck is not None
        shuffled.ware_deck = dict(reversed(list(shuffled.ware_deck.items())))
        assert bot.decide(GAME.seat_view(shuffled, seat), seat) == decision
        checked += 1

    play(["strong", "greedy", "quick", "strong"], "view/1", record=check)
    assert checked >= 6


def test_the_strong_bot_beats_the_easy_bot_clearly():
    summary = simulate("bazaar", 4, 16, seed="edge", styles=["strong", "easy", "easy", "easy"])
    rates = summary.to_dict()["win_rate_by_bot"]
    assert rates["strong"] >= 0.4 and rates["strong"] > 2 * rates["easy"]


def test_a_lower_effort_looks_at_fewer_of_the_turns_outcomes():
    match = table()
    hold(match, 0, "RRYGB")
    view = GAME.seat_view(match.state, 0)
    full, low = Strong(random.Random(1)), Strong(random.Random(1), effort=0.05)
    assert full.judge(view).budget > low.judge(view).budget >= 1
    # a trade that buys a ware now is among the first outcomes judged
    assert full.decide(view, 0) == trade(0, 8, "right")
    assert low.decide(view, 0) in GAME.legal_actions(match.state, 0)


def test_the_easy_bot_trades_only_into_a_ware_it_buys_this_turn():
    easy = Easy(random.Random(1))
    match = table()
    hold(match, 0, "G")
    assert easy.decide(GAME.seat_view(match.state, 0), 0).kind == "roll"
    hold(match, 0, "RRYGB")  # R -> WW makes YGBWW (stall 1), YGB -> RRR makes RRRRR (stall 3)
    event = easy.decide(GAME.seat_view(match.state, 0), 0)
    assert event.kind == "trade"
    match.act(event)
    assert easy.decide(GAME.seat_view(match.state, 0), 0).kind == "buy"


# ----------------------------------------------------------------- the engine's enumerations
def test_legal_actions_stay_small_on_the_largest_positions():
    """A turn: the roll and both sides of the ten equations at most. A discard: the ways to
    pick the excess out of the holding, the largest after a trade of one cube for five
    from 10 cubes (14 held, 4 to return: at most the ways to spread 4 over 5 colours)."""
    match = table(
        players=2,
        cards=("R = Y; G = Y; B = Y; W = Y; R = G", "R = B; R = W; G = B; G = W; Y = RGBWW"),
    )
    hold(match, 0, "YYRGBWW")
    assert match.state.phase == ACT
    turn = GAME.legal_actions(match.state, 0)
    assert len(turn) == 1 + 2 * 10
    hold(match, 0, "YYRRGGBBWW")
    match.act(trade(0, 9, "left"))  # Y -> RGBWW: 14 cubes
    if match.state.phase != DISCARD:
        match.act(GAME.legal_actions(match.state, 0)[-1])  # done, no purchase
    assert match.state.phase == DISCARD
    owner, chooser, excess = match.state.discarding
    assert excess == SIDE - 1 and sum(match.state.cubes[owner]) == CUBE_LIMIT + SIDE - 1
    choices = GAME.legal_actions(match.state, chooser)
    assert 1 < len(choices) <= comb(excess + 4, 4)
