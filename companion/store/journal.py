"""The table's journal on the event store: an action is committed before anyone hears of it."""
from __future__ import annotations

from companion.core.game import Event
from companion.store.events import EventStore

COUNTDOWN_KEY = "countdown"
STOP_KEY = "last_stop"


class StoreJournal:
    def __init__(self, store: EventStore, game_id: int) -> None:
        self.store, self.game_id = store, game_id
        self.seqs = [r.seq for r in store.records(game_id)]

    def record(self, events: list[Event]) -> None:
        last = self.store.append_many(self.game_id, [e.to_dict() for e in events])
        self.seqs.extend(range(last - len(events) + 1, last + 1))

    def drop(self, count: int) -> None:
        self.store.undo_to(self.game_id, self.seqs[-count])
        del self.seqs[-count:]

    def note(self, note: dict) -> None:
        if note.get("note") == "stop_evidence":
            self.store.set_checkpoint(self.game_id, STOP_KEY, note)

    def countdown_at(self, count: int) -> None:
        """Where the countdown stands, so a restart carries on from that count."""
        self.store.set_checkpoint(self.game_id, COUNTDOWN_KEY,
                                  {"count": count, "events": len(self.seqs)})

    def resume_count(self) -> int | None:
        """The count to restart from, if nothing happened since it was shown."""
        mark = self.store.checkpoint(self.game_id, COUNTDOWN_KEY)
        if mark and mark.get("events") == len(self.seqs):
            return mark["count"]
        return None
