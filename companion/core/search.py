"""Choosing a decision by truncated rollouts over determinised states, through the game
contract alone (``apply``/``advance``, ``chance_request``, ``to_act``, ``seat_view``,
``is_over``): nothing here knows a game, so any game's searching bot may use it (Samarkand's
strong style does).

A searching bot first makes a few *determinisations*: full states that agree with what its
seat may know, the hidden parts drawn at random from what that seat can infer (never read
from the real state). For each one it tries every candidate decision and plays on with a
rollout policy (a cheap bot per seat), drawing every card or die from what the state says
is left, until a horizon; each candidate is scored by the mean of a value of the final
states. Every candidate of one determinisation meets the same draws (common random
numbers: the same seed for the draws of each candidate), so the comparison measures the
decision, not the luck. This is "determinised Monte Carlo with rollouts", the flat form of
the information-set Monte Carlo search that OpenSpiel's IS-MCTS bot refines.

The budget is counted in rollouts, never read from a clock: the same rng gives the same
decision on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from companion.core.game import Event, Game, chance_event

S = TypeVar("S")

Policy = Callable[[Any, int, random.Random], Event]
"""The rollout policy: (state, seat, rng) -> that seat's decision, any chance it takes
drawn from ``rng`` (the rollout's own, so the candidates of one world meet the same)."""


class Rollouts(Generic[S]):
    """Truncated rollouts of one game: ``policy`` decides for every seat, ``horizon(state)``
    says where a rollout stops (or the game's end), ``value(state)`` scores where it stopped
    (for the searching seat), ``max_steps`` bounds a rollout whatever the policy does."""

    def __init__(
        self,
        game: Game[S],
        policy: Policy,
        horizon: Callable[[S], bool],
        value: Callable[[S], float],
        max_steps: int = 400,
    ) -> None:
        self.game, self.policy, self.horizon, self.value = game, policy, horizon, value
        self.max_steps = max_steps

    def play_out(self, state: S, rng: random.Random) -> float:
        """Play ``state`` (owned: changed in place) on to the horizon; its value there."""
        game = self.game
        for _ in range(self.max_steps):
            if game.is_over(state) or self.horizon(state):
                break
            request = game.chance_request(state)
            if request is not None:
                cards = sorted(request.remaining)
                card = rng.choices(cards, weights=[request.remaining[c] for c in cards])[0]
                event = chance_event(request.deck, card, request.seen_by)
            else:
                seats = game.to_act(state)
                if not seats:
                    break
                event = self.policy(state, seats[0], rng)
            game.advance(state, event)
        return self.value(state)

    def best(
        self, worlds: Sequence[S], candidates: Sequence[Event], rng: random.Random
    ) -> tuple[Event, list[float]]:
        """The candidate with the best mean value over ``worlds`` (the determinisations),
        each candidate of a world meeting the same draws; the first of equal means. Also
        each candidate's mean."""
        totals = [0.0] * len(candidates)
        for world in worlds:
            seed = rng.getrandbits(64)
            for i, candidate in enumerate(candidates):
                state = self.game.apply(world, candidate)
                totals[i] += self.play_out(state, random.Random(seed))
        means = [total / max(len(worlds), 1) for total in totals]
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best], means
