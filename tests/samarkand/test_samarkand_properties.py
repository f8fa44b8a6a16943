"""Invariants over random legal games of both editions: goods conserved (deck/bag + camps
+ hands), piasters consistent with the bank's flows, replay equals state, undo restores,
no secret in another seat's view or log. The players are random but legal (any listed
action, multi-good trades, every penalty), with a bot's move now and then so games reach
cities and end."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samarkand_driver import GAME, SPEC, conserved, table

from companion.core.chance import SeededChance
from companion.core.game import CHANCE, Event
from companion.core.match import Match, replay
from companion.games.samarkand import goods as g
from companion.games.samarkand.bots import STYLES

MAX_EVENTS = 700

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([2, 3, 4, 5]),
        "rules": st.fixed_dictionaries(
            {
                "edition": st.sampled_from(["2.0", "1998"]),
                "movement": st.sampled_from(["board", "board", "free"]),
                "covered_two": st.sampled_from(["half", "none"]),
                "open_money": st.sampled_from(["by_edition", "open", "secret"]),
                "target": st.sampled_from([300, 500]),
            }
        ),
    }
)
examples = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_decision(match: Match, rng: random.Random, bot) -> Event:
    state = match.state
    seat = rng.choice(GAME.to_act(state))
    legal = GAME.legal_actions(state, seat)
    if legal is None or rng.random() < 0.3:
        return bot.decide(GAME.seat_view(state, seat), seat)
    if state.phase == "trade" and state.hands[seat] and rng.random() < 0.3:
        field = state.camps[state.camp_index(state.here.id)]
        n = rng.randint(1, min(g.total(field), g.total(state.hands[seat])))
        take = rng.sample([k for k, c in field.items() for _ in range(c)], n)
        give = rng.sample([k for k, c in state.hands[seat].items() for _ in range(c)], n)
        return Event("trade", seat, {"take": take, "give": give})
    return rng.choice(legal)


def random_game(game: dict):
    """A random legal game: the match after every decision."""
    rng = random.Random(game["seed"])
    setup = SPEC.setup(game["players"], game["rules"])
    match = Match(GAME, setup, SeededChance(game["seed"]))
    match.fill_chance()
    bot = STYLES["merchant"](random.Random(game["seed"]))
    yield match
    while not GAME.is_over(match.state) and len(match.log) < MAX_EVENTS:
        match.act(random_decision(match, rng, bot))
        yield match


def money_consistent(state) -> bool:
    return sum(state.money) == 200 * state.players - state.bank_in + state.bank_out and min(state.money) >= 0


@examples
@given(games)
def test_goods_are_conserved_and_piasters_follow_the_bank(game):
    for match in random_game(game):
        assert conserved(match.state)
        assert money_consistent(match.state)
        assert all(
            g.total(field) <= cap or not cap for field, cap in zip(match.state.camps, match.state.capacities)
        )


@examples
@given(games)
def test_replay_equals_state_and_undo_restores(game):
    history = []
    for match in random_game(game):
        history.append((len(match.log), GAME.copy(match.state)))
    assert replay(GAME, match.setup, match.log) == match.state
    rng = random.Random(game["seed"])
    for _ in range(min(5, len(history) - 1)):
        length = len(match.log) - match.undo_length()
        match.undo()
        assert match.state == replay(GAME, match.setup, match.log)
        before = [state for at, state in history if at == length]
        assert before and match.state == before[-1]
        if rng.random() < 0.5:  # the same decision again draws the same goods
            break


@examples
@given(games)
def test_no_secret_reaches_another_seat(game):
    rng = random.Random(game["seed"] ^ 1)
    for match in random_game(game):
        state = match.state
        if rng.random() > 0.15 and not GAME.is_over(state):
            continue
        over = GAME.is_over(state)
        for viewer in [None, *range(state.players)]:
            view = GAME.view(state, viewer)
            json.dumps(view)
            for player in view["players"]:
                mine = player["seat"] == viewer
                assert ("goods" in player) == over
                assert ("money" in player) == (mine or over or state.rules.money_public)
            for record in view["records"]:
                if record.get("secret") and record["seat"] != viewer and not over:
                    assert "good" not in record and "goods" not in record
            if viewer is not None:
                assert view["you"]["goods"] == g.ordered(state.hands[viewer])
            else:
                assert "you" not in view
            for seat in range(state.players):  # what secret_twin declares the seat's own
                if seat != viewer:
                    assert GAME.view(GAME.secret_twin(state, seat), viewer) == view, (seat, viewer)
            for event in match.log[-30:]:
                shown = GAME.redact(event, viewer)
                if event.kind == CHANCE and event.data.get("seen_by") not in (None, viewer):
                    assert "card" not in shown["data"]
                if event.kind in ("lose", "cut") and event.actor != viewer:
                    assert "goods" not in shown["data"]


def test_a_secret_twin_changes_the_seats_goods_and_secret_money_in_its_own_view_only():
    """secret_twin declares the seat's goods (and 2.0's secret money) its own: they change
    in its view, the sizes and the goods in play stay, and no other view changes."""
    for edition, money_changes in (("2.0", True), ("1998", False)):
        state = table(3, edition=edition).state
        kept = GAME.copy(state)
        for seat in range(3):
            twin = GAME.secret_twin(state, seat)
            assert state == kept
            mine, theirs = GAME.view(twin, seat)["you"], GAME.view(state, seat)["you"]
            assert mine["goods"] != theirs["goods"]
            assert (mine["money"] != theirs["money"]) == money_changes
            assert g.total(twin.hands[seat]) == g.total(state.hands[seat])
            assert conserved(twin)
            assert GAME.view(twin, None) == GAME.view(state, None)
            for viewer in set(range(3)) - {seat}:
                assert GAME.view(twin, viewer) == GAME.view(state, viewer)
                assert GAME.seat_view(twin, viewer) == GAME.seat_view(state, viewer)
