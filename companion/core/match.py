"""A game in progress: the state, its append-only log, chance filling, replay and undo."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.chance import CardAwaited, EnteredChance
from companion.core.errors import RuleError
from companion.core.game import (
    CHANCE,
    ENTRY,
    ChanceRequest,
    Event,
    Game,
    InputRequest,
    chance_event,
    entry_event,
)


def replay(game: Game, setup: Mapping, events: Iterable[Event]) -> Any:
    """The state a log leads to; the log is the source of truth."""
    state = game.new_state(setup)
    for event in events:
        game.advance(state, event)
    return state


class Match:
    """Owns one game's state and log; every change goes through ``act``, ``enter_chance``,
    ``enter`` or ``undo``.

    A new match may wait for its first draws: call ``fill_chance`` and keep what it
    returns with the rest of the log.
    """

    def __init__(self, game: Game, setup: Mapping, chance, events: Iterable[Event] = ()) -> None:
        self.game = game
        self.setup = dict(setup)
        self.chance = chance
        self.log: list[Event] = list(events)
        self.state = replay(game, self.setup, self.log)

    def act(self, event: Event) -> list[Event]:
        """Apply a decision and the draws it makes due; returns what was appended.

        The event is checked before anything changes: a refused event leaves both the
        state and the log as they were.
        """
        self.state = self.game.apply(self.state, event)
        self.log.append(event)
        return [event, *self.fill_chance()]

    def fill_chance(self) -> list[Event]:
        """Answer pending draws from the chance source; a physical table may need input."""
        added = []
        while (request := self.game.chance_request(self.state)) is not None:
            try:
                card = self.chance.draw(request, len(self.log))
            except CardAwaited:
                break
            event = chance_event(request.deck, card, request.seen_by)
            self.state = self.game.apply(self.state, event)
            self.log.append(event)
            added.append(event)
        return added

    def enter_chance(self, card: Any) -> list[Event]:
        """A person at the physical table enters the card that came up."""
        request = self.waiting_for_card
        if request is None:
            raise RuleError("no card is waiting to be turned up")
        return self.act(chance_event(request.deck, card, request.seen_by))

    def enter(self, value: Any) -> list[Event]:
        """A person at the table enters the data the game waits for, checked by the game."""
        request = self.waiting_for_entry
        if request is None:
            raise RuleError("nothing is waiting to be entered")
        return self.act(entry_event(request, request.check(value)))

    def undo_length(self) -> int:
        """How many events the next ``undo`` drops: the last decision and its draws; at a
        physical table, the last thing a person entered too (a card, a die face, a typed
        card: a typo is mended by entering it again). A seeded draw is never undone alone:
        it would only come up again."""
        typed = (CHANCE, ENTRY) if isinstance(self.chance, EnteredChance) else ()
        for index in range(len(self.log) - 1, -1, -1):
            event = self.log[index]
            if event.kind in typed or self.game.undoable(event):
                return len(self.log) - index
        raise RuleError("nothing to undo")

    def undo(self) -> list[Event]:
        """Drop the last decision and the draws after it; returns the dropped events."""
        index = len(self.log) - self.undo_length()
        dropped = self.log[index:]
        self.log = self.log[:index]
        self.state = replay(self.game, self.setup, self.log)
        return dropped

    @property
    def waiting_for_card(self) -> ChanceRequest | None:
        return self.game.chance_request(self.state)

    @property
    def waiting_for_entry(self) -> InputRequest | None:
        return self.game.input_request(self.state)
