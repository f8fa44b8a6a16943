"""The styles the host chooses: strong plays to win from its seat's view alone, easy plays
legal, beatable games; and what a seat may do stays a short list on the largest position."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.games.marche import SPEC
from companion.games.marche.bots import STYLES, Easy, Strong
from companion.games.marche.choices import legal_actions
from companion.games.marche.game import MarcheGame
from companion.games.marche.playout import Table, play_out
from companion.games.marche.rules import stop
from companion.games.marche.simulate import play_game
from companion.games.marche.state import BANK, CAMEL, CLAIMING, COUNTDOWN, PICKING, MarcheState
from companion.games.marche.view import SeatView
from companion.simulation import simulate

GAME = MarcheGame()


def test_the_host_is_offered_easy_first_and_strong_last_neither_by_default():
    order = list(STYLES)
    assert order[0] == "easy" and order[-1] == "strong"
    assert not Easy.by_default and not Strong.by_default
    assert SPEC.default_styles() == ["camelteer", "collector", "miser"]


class Recording(Strong):
    """A strong bot that keeps a copy of the state of each of its decisions."""

    def __init__(self, rng: random.Random, seen: list[tuple[str, MarcheState]]) -> None:
        super().__init__(rng)
        self.seen = seen

    def decide_pick(self, view):
        self.seen.append(("pick", view._state.copy()))  # the test's own look behind the view
        return super().decide_pick(view)

    def decide_prices(self, view):
        self.seen.append(("prices", view._state.copy()))
        return super().decide_prices(view)


def positions(players: int, seed: int, rules: dict | None = None) -> list[tuple[str, MarcheState]]:
    """Every decision of a strong bot in seat 0 of a seeded game against the other styles."""
    seen: list[tuple[str, MarcheState]] = []
    rng = random.Random(seed)
    others = [STYLES[style] for style in ("camelteer", "collector", "miser", "easy")]
    bots = [Recording(rng, seen), *(others[seat % 4](rng) for seat in range(players - 1))]
    state = GAME.new_state({"players": players, "rules": rules or {}})
    play_out(Table(state, SeededChance(seed).draw), bots, rng)
    return seen


def decision(kind: str, state: MarcheState, seat: int = 0) -> Any:
    """A fresh strong bot's decision of that kind from ``state`` as ``seat`` sees it."""
    bot = Strong(random.Random(7))
    return getattr(bot, f"decide_{kind}")(SeatView(state, seat))


def reordered(state: MarcheState) -> MarcheState:
    """The same game with what is left in each deck in another order."""
    other = state.copy()
    other.camel_deck = dict(reversed(list(state.camel_deck.items())))
    other.bank_deck = dict(reversed(list(state.bank_deck.items())))
    return other


@pytest.mark.parametrize("players, rules", [(4, None), (3, {"hidden_goods": True}), (5, None)])
def test_strong_decides_the_same_from_any_game_its_seat_cannot_tell_apart(players, rules):
    """From a state, from its secret twin for every other seat (their money, camels, hands,
    picks, claims, what they paid) and from the decks in another order: one decision."""
    seen = positions(players, seed=players, rules=rules)
    assert {kind for kind, _ in seen} == {"pick", "prices"}
    for kind, state in seen[::3]:
        for asked in ["pick"] if kind == "pick" else ["prices", "bid"]:
            made = decision(asked, state)
            assert decision(asked, reordered(state)) == made
            for other in range(1, players):
                assert decision(asked, GAME.secret_twin(state, other)) == made


def test_strong_is_deterministic_for_a_seed_and_plays_legally():
    styles = ["strong", "miser", "collector", "strong"]
    first = play_game("same", styles)
    assert first == play_game("same", styles)
    for kind, state in positions(4, seed=11):
        made = decision(kind, state)
        if kind == "pick":
            assert made in legal_actions(state, 0)
            continue
        for count, target in made:
            assert state.rules.lowest_price <= count <= state.money[0]
            assert target in state.offers or (target == CAMEL and state.camel_up is not None)
        bid = decision("bid", state)
        if bid is not None:
            count, target = bid
            assert state.rules.lowest_price <= count <= min(state.price, state.money[0])
            assert target in state.offers or (target == CAMEL and state.camel_up is not None)


@pytest.mark.parametrize("players", [3, 5])
def test_easy_plays_legal_games_to_the_end(players):
    rng = random.Random(players)
    bots = [Easy(rng) for _ in range(players)]
    state = GAME.new_state({"players": players, "rules": {}})
    table = Table(state, SeededChance(players).draw)
    checked = Table.act

    def act(self, event):  # every event the easy bots make was among the legal actions
        assert event in legal_actions(self.state, event.actor)
        checked(self, event)

    table.act = act.__get__(table)  # type: ignore[method-assign]
    stops, _ = play_out(table, bots, rng)
    assert GAME.is_over(state) and stops > 0


def test_strong_beats_easy_clearly():
    """Two of each round a table of four, 40 games: strong wins far more often."""
    rates = simulate("marche", 4, 40, seed=3, styles=["strong", "easy"]).to_dict()["win_rate_by_bot"]
    assert rates["strong"] >= 0.3 and rates["strong"] >= 3 * rates["easy"]


# ----------------------------------------------------------------- legal_actions' bound
def largest(players: int, phase: str, goods_cards: list[int] | None = None) -> MarcheState:
    """A position with the most choices the rules allow: at the first pick, every card of
    the hand; at a claim, every other seat's card (the bank's too) and the camel on offer."""
    rules = {"goods_cards": goods_cards} if goods_cards else {}
    state = GAME.new_state({"players": players, "rules": rules})
    state.camel_up, state.camel_due = state.rules.camel_cards[0], None
    if phase == CLAIMING:
        for seat in range(players):
            GAME.advance(state, Event("pick", seat, {"card": state.hands[seat][-1]}))
        if state.bank_type:
            state.offers[BANK], state.phase = state.rules.goods_cards[0], COUNTDOWN
        state.camel_up = state.rules.camel_cards[0]
        stop(state, state.price, [[0, 0]])
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_stay_a_short_list_on_the_largest_position(players):
    """A pick lists each distinct card of the hand (at most a hand: ten with distinct
    values); a claim each other seller's card, the camel and nothing (at most players + 2)."""
    picking = largest(players, PICKING, goods_cards=list(range(1, 11)))
    assert len(legal_actions(picking, 0)) == 10
    claiming = largest(players, CLAIMING)
    listed = legal_actions(claiming, 0)
    sellers = players - 1 + (1 if claiming.bank_type else 0)
    assert len(listed) == sellers + 2 <= players + 2
    for event in listed:  # each one a claim the rules accept
        GAME.advance(claiming.copy(), event)
