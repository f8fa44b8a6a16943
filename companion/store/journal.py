"""The table's journal on the event store: an action is committed before anyone hears of it."""

from __future__ import annotations

import logging

from companion.core.game import Event
from companion.store.errors import StoreError
from companion.store.events import EventStore

log = logging.getLogger(__name__)

COUNTDOWN_KEY = "countdown"
HOLD_KEY = "hold"


class StoreJournal:
    def __init__(self, store: EventStore, game_id: int) -> None:
        self.store, self.game_id = store, game_id
        self.seqs = [r.seq for r in store.records(game_id)]

    def record(self, events: list[Event], notes: tuple[dict, ...] = ()) -> None:
        """The events and the notes that explain them (a stop's evidence) in one
        transaction; each note is kept as the checkpoint named by its "note"."""
        evidence = {note["note"]: note for note in notes}
        last = self.store.append_many(self.game_id, [e.to_dict() for e in events], evidence)
        self.seqs.extend(range(last - len(events) + 1, last + 1))

    def drop(self, count: int) -> None:
        """Undo the last ``count`` events; the move that ended the game may be taken back
        too (the game is open again) until the table starts another."""
        self.store.undo_to(self.game_id, self.seqs[-count], reopen=True)
        del self.seqs[-count:]

    def note(self, note: dict) -> None:
        """Ignored presses and stuck buzzers are not kept: they change no game."""

    def countdown_at(self, count: int) -> None:
        """Where the countdown stands, so a restart carries on from that count. Kept when
        it can be: on a full or failing disk the table plays on (the action that opened the
        countdown is committed already), and a restart would carry on from an older count."""
        try:
            self.store.set_checkpoint(self.game_id, COUNTDOWN_KEY, {"count": count, "events": len(self.seqs)})
        except StoreError as exc:
            log.warning("the countdown's count %d was not kept: %s", count, exc)

    def held(self, why: str | None) -> None:
        """Why the table is held, so that a restart holds it too; kept when it can be (the
        pause itself never waits on the disk)."""
        try:
            self.store.set_checkpoint(self.game_id, HOLD_KEY, {"why": why})
        except StoreError as exc:
            log.warning("the table's hold (%s) was not kept: %s", why, exc)

    def held_by(self) -> str | None:
        """Why the table was held when it stopped, if it was."""
        return (self.store.checkpoint(self.game_id, HOLD_KEY) or {}).get("why")

    def resume_count(self) -> int | None:
        """The count to restart from, if nothing happened since it was shown."""
        mark = self.store.checkpoint(self.game_id, COUNTDOWN_KEY)
        if mark and mark.get("events") == len(self.seqs):
            return mark["count"]
        return None
