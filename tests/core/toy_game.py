"""A tiny game on the core, so the core is tested without any real game's rules.

An urn of numbered balls: ``want`` asks for ``n`` balls to be drawn, ``note`` records a
word; a decision while a ball is awaited is refused, as is any unknown action.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from companion.core.errors import RuleError
from companion.core.game import CHANCE, ChanceRequest, Event, Game


@dataclass(frozen=True)
class Urn:
    left: tuple[int, ...]
    wanted: int = 0
    drawn: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()


class UrnGame(Game[Urn]):
    name = "urn"

    def new_state(self, setup):
        return Urn(tuple(sorted(setup.get("balls", (1, 1, 1, 2)))), setup.get("wanted", 0))

    def chance_request(self, state):
        return ChanceRequest("urn", Counter(state.left)) if state.wanted and state.left else None

    def apply(self, state, event):
        waiting = self.chance_request(state)
        if event.kind == CHANCE:
            card = event.data["card"]
            if waiting is None or card not in state.left:
                raise RuleError(f"ball {card!r} cannot be drawn now")
            left = list(state.left)
            left.remove(card)
            return replace(state, left=tuple(left), wanted=state.wanted - 1,
                           drawn=state.drawn + (card,))
        if waiting is not None:
            raise RuleError("a ball must be drawn first")
        if event.kind == "want":
            return replace(state, wanted=state.wanted + event.data["n"])
        if event.kind == "note":
            return replace(state, notes=state.notes + (event.data["word"],))
        raise RuleError(f"unknown action {event.kind!r}")

    def view(self, state, viewer):
        return {"drawn": list(state.drawn)}

    def redact(self, event, viewer):
        return event.to_dict()

    def is_over(self, state):
        return not state.left


def want(n: int = 1) -> Event:
    return Event("want", 0, {"n": n})


def note(word: str) -> Event:
    return Event("note", 0, {"word": word})
