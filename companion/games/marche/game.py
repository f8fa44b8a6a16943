"""Le Marché on the core's contract: MarcheGame's methods, each handing over to the rules
(rules.py), who acts (choices.py), the views (view.py) or the scoring (final.py). The
engine keeps no state of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.game import ChanceRequest, Event, Game, Result, places_by, seat_names
from companion.core.phrase import Phrase
from companion.games.marche import choices, rules
from companion.games.marche.final import final_score
from companion.games.marche.options import MarcheOptions
from companion.games.marche.state import OVER, MarcheState
from companion.games.marche.view import SeatView, build_view, redact_event


class MarcheGame(Game[MarcheState]):
    """The core's Game protocol over the rules, which are plain functions of the state."""

    name = "marche"
    decisions = frozenset({"pick", "claim"})  # stops and ends are the countdown's

    def new_state(self, setup: Mapping[str, Any]) -> MarcheState:
        names = seat_names(setup)
        options = MarcheOptions.from_rules(setup.get("rules"), len(names))
        return rules.set_up(names, options, setup.get("types"), setup.get("first_dean", 0))

    def chance_request(self, state: MarcheState) -> ChanceRequest | None:
        return rules.chance_request(state)

    def copy(self, state: MarcheState) -> MarcheState:
        return state.copy()

    def advance(self, state: MarcheState, event: Event) -> None:
        rules.advance(state, event)

    def names(self, state: MarcheState) -> tuple[str, ...]:
        return state.names

    def to_act(self, state: MarcheState) -> tuple[int, ...]:
        return choices.to_act(state)

    def legal_actions(self, state: MarcheState, seat: int) -> list[Event] | None:
        return choices.legal_actions(state, seat)

    def summary(self, state: MarcheState) -> dict[str, Any]:
        over = state.phase == OVER
        return {
            "turn": state.turn,
            "phase": state.phase,
            "money": list(state.money),
            "bank": state.bank,
            "scores": final_score(state).to_dict() if over else None,
        }

    def seat_view(self, state: MarcheState, seat: int) -> SeatView:
        return SeatView(state, seat)

    def is_over(self, state: MarcheState) -> bool:
        return state.phase == OVER

    def standing(self, state: MarcheState) -> tuple[int, ...]:
        return tuple(state.money)

    def moment(self, before: MarcheState, event: Event, after: MarcheState) -> Phrase | None:
        """The stops: each sets a price and who pays it."""
        return Phrase("stop at {count}", count=event.data["count"]) if event.kind == "stop" else None

    def result(self, state: MarcheState) -> Result:
        """Scored with the optimal discard; the winners share the highest total."""
        score = final_score(state)
        totals = tuple(player.total for player in score.players)
        return Result(totals, places_by([(total,) for total in totals]), score.to_dict())

    def view(self, state: MarcheState, viewer: Any) -> dict[str, Any]:
        """``viewer`` as asked for: build_view refuses anything but a seat or None."""
        return build_view(state, viewer)

    def redact(self, event: Event, viewer: Any) -> dict[str, Any]:
        return redact_event(event, viewer)
