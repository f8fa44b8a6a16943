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
from companion.games.marche.state import CAMEL, OVER, MarcheState
from companion.games.marche.view import (
    HIDDEN_OFFERS,
    PRIVATE_RECORD_KEYS,
    SeatView,
    build_view,
    card_hidden,
    redact_event,
)


class MarcheGame(Game[MarcheState]):
    """The core's Game protocol over the rules, which are plain functions of the state."""

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

    def secret_twin(self, state: MarcheState, seat: int) -> MarcheState:
        """``state`` with what only ``seat`` knows changed (view.py says what that is; once
        the game is over nothing is): its money, its hand, its camels' capacities, what it paid
        and which camel it bought in its records, its pick until the offers are revealed,
        its claim until the stop is settled, and with hidden_goods the goods it bought. The
        counts everyone sees (cards left, camels, goods, records, who has picked or claimed)
        are kept."""
        twin = state.copy()
        if state.phase == OVER:
            return twin
        hidden_goods = state.rules.hidden_goods
        twin.money[seat] += 1000
        twin.hands[seat] = [card + 100 for card in state.hands[seat]]  # the others see its size
        twin.camels[seat] = [camel + 10 for camel in state.camels[seat]]
        twin.records = [
            _record_twin(record, hidden_goods) if record["seat"] == seat else record
            for record in state.records
        ]
        pick = state.picks[seat]
        if state.phase in HIDDEN_OFFERS and pick is not None:
            twin.picks[seat] = pick + 100
            if seat in twin.offers:  # revealed to nobody yet: the bank's card is awaited
                twin.offers[seat] = pick + 100
        if twin.stop is not None and seat in twin.stop.claims:
            twin.stop.claims[seat] = CAMEL if twin.stop.claims[seat] is None else None
        if hidden_goods:
            twin.goods[seat] = {
                kind: [card + 100 for card in cards] for kind, cards in state.goods[seat].items()
            }
        return twin

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


def _record_twin(record: dict[str, Any], hidden_goods: bool) -> dict[str, Any]:
    """A seat's record with what only that seat sees of it changed: what it paid, and the
    card where the others see none (a camel; goods bought under hidden_goods)."""
    twin = dict(record)
    for key in PRIVATE_RECORD_KEYS:
        if key in twin:
            twin[key] += 1000
    if card_hidden(record, hidden_goods) and record["card"] is not None:
        twin["card"] += 100
    return twin
