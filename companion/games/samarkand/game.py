"""Samarkand on the core's game contract: the engine the registry hands out.

The rules themselves are plain functions of the state in rules.py (its docstring lists
every event); what each viewer may see is view.py; what a seat may do, choices.py.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import ChanceRequest, Event, Game, Result, seat_names
from companion.core.phrase import Phrase
from companion.games.samarkand import goods as g
from companion.games.samarkand.board import CITY, Board, parse_board
from companion.games.samarkand.choices import legal_actions
from companion.games.samarkand.options import SamarkandOptions
from companion.games.samarkand.rules import (
    CAMP_START,
    CAMPS,
    START_GOODS,
    START_MONEY,
    advance,
    chance_request,
    over_limit,
    result,
)
from companion.games.samarkand.state import CUT, DRAW, OVER, PLACE, ROLL, SamarkandState
from companion.games.samarkand.view import SeatView, build_view, redact_event


@functools.lru_cache(maxsize=16)
def parsed_board(text: str) -> Board:
    return parse_board(text)


class SamarkandGame(Game[SamarkandState]):
    """The core's Game protocol over the rule functions below."""

    decisions = frozenset({"place", "move", "roll", "gift", "trade", "done", "buy", "lose", "sell", "cut"})

    def board(self, text: str) -> Board:
        """The board a file's text describes, parsed once per process: a board never
        changes, so every game on it shares its walks, and the bots what they read of it."""
        return parsed_board(text)

    # ------------------------------------------------------------ setup
    def new_state(self, setup: Mapping[str, Any]) -> SamarkandState:
        names = seat_names(setup)
        players = len(names)
        rules = SamarkandOptions.from_rules(setup.get("rules"), players)
        board = None
        if not rules.free:
            if not rules.board:
                raise RuleError(
                    "board movement needs a board: give the board file's text as "
                    "the rule option 'board', or play with movement \"free\""
                )
            board = self.board(rules.board)
        camps = board.camps if board else tuple(f"camp{i + 1}" for i in range(CAMPS))
        capacities = [board.space(c).capacity for c in camps] if board else [0] * CAMPS
        cities = {s.id: s.markets for s in board.spaces if s.type == CITY} if board else {}
        draws = [("camp", c) for c in range(CAMPS) for _ in range(CAMP_START)]
        draws += [("hand", seat) for seat in range(players) for _ in range(START_GOODS)]
        first = rules.first_player - 1
        return SamarkandState(
            rules=rules,
            board=board,
            names=names,
            phase=DRAW,
            turn=first,
            turns=0,
            supply=g.full_supply(rules.edition, players),
            hands=[{} for _ in range(players)],
            money=[START_MONEY] * players,
            camps=[{} for _ in range(CAMPS)],
            capacities=capacities,
            cities=cities,
            positions=[None] * players,
            eliminated=[False] * players,
            chips=[None, None] if rules.edition == "1998" else [],
            token=None,
            draws=draws,
            then=PLACE,
            records=[],
        )

    def copy(self, state: SamarkandState) -> SamarkandState:
        return state.copy()

    def names(self, state: SamarkandState) -> tuple[str, ...]:
        return state.names

    # ------------------------------------------------------------ what is awaited
    def chance_request(self, state: SamarkandState) -> ChanceRequest | None:
        return chance_request(state)

    def to_act(self, state: SamarkandState) -> tuple[int, ...]:
        if state.phase in (DRAW, ROLL, OVER):
            return ()
        if state.phase == CUT:
            return tuple(over_limit(state))
        return (state.turn,)

    def legal_actions(self, state: SamarkandState, seat: int) -> list[Event] | None:
        return legal_actions(state, seat)

    def advance(self, state: SamarkandState, event: Event) -> None:
        advance(state, event)

    def is_over(self, state: SamarkandState) -> bool:
        return state.phase == OVER

    def result(self, state: SamarkandState) -> Result:
        return result(state)

    def standing(self, state: SamarkandState) -> tuple[int, ...]:
        return tuple(state.money)

    def moment(self, before: SamarkandState, event: Event, after: SamarkandState) -> Phrase | None:
        """The sales, where the money is made, with what each paid; and 2.0's eliminations
        (which may follow a move or the die, not only a decision of the player's)."""
        for record in after.records[len(before.records) :]:
            name = after.names[record["seat"]] if record["seat"] is not None else ""
            if record["kind"] == "sold":
                return Phrase("{name} sells for {pays}", name=name, pays=record["pays"])
            if record["kind"] == "eliminated":
                return Phrase("{name} is out", name=name)
        return None

    def summary(self, state: SamarkandState) -> dict[str, Any]:
        over = state.phase == OVER
        return {
            "over": over,
            "phase": state.phase,
            "turns": state.turns,
            "turn": state.turn,
            "money": list(state.money),
            "winner": state.winner,
            "result": result(state).to_dict() if over else None,
        }

    def view(self, state: SamarkandState, viewer: Any) -> dict[str, Any]:
        return build_view(state, viewer)

    def secret_twin(self, state: SamarkandState, seat: int) -> SamarkandState:
        """What ``seat`` alone knows until the game is over: its goods (one of them swapped
        with a good of another kind from the deck or bag, so the sizes everyone sees and
        the goods in play stay the same) and, where money is secret, its piasters (an
        eliminated player's are known: none)."""
        twin = state.copy()
        if state.phase == OVER:
            return twin
        hand = twin.hands[seat]
        given = next((kind for kind in g.KINDS if hand.get(kind)), None)
        taken = next((kind for kind in g.KINDS if kind != given and twin.supply.get(kind)), None)
        if given is not None and taken is not None:
            g.take(hand, {given: 1})
            g.add(hand, {taken: 1})
            g.take(twin.supply, {taken: 1})
            g.add(twin.supply, {given: 1})
        if not state.rules.money_public and not state.eliminated[seat]:
            twin.money[seat] += 1000
        return twin

    def seat_view(self, state: SamarkandState, seat: int) -> SeatView:
        return SeatView(state, seat)

    def redact(self, event: Event, viewer: Any) -> dict[str, Any]:
        return redact_event(event, viewer)
