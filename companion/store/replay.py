"""A stored game replayed through its engine: the proof that its log is playable, the
state it leads to, and what is drawn or counted from it (its chart, its tallies)."""

from typing import Any

from .errors import StoreError
from .events import EventStore


class ReplayError(StoreError):
    """A stored game whose events the engine refuses: the store and the rules disagree."""


def replay_stored(store: EventStore, game_id: int) -> tuple[list, Any, dict]:
    """Replay a stored game through its engine: (active records, final state, summary).

    Raises ReplayError naming the first event (by seq) that the engine refuses.
    """
    from companion.core.errors import RuleError
    from companion.core.game import Event
    from companion.core.registry import game_spec

    config = store.config(game_id)
    try:
        game = game_spec(store.game(game_id)).engine()
    except RuleError as unknown:
        raise ReplayError(f"Game {game_id} cannot be replayed: {unknown}.") from None
    if "setup" not in config:
        raise ReplayError(f"Game {game_id} cannot be replayed: its configuration has no setup.")
    records = store.records(game_id)
    try:
        state = game.new_state(config["setup"])
    except RuleError as exc:
        raise ReplayError(f"Game {game_id} cannot be replayed: its setup is refused ({exc}).") from None
    for record in records:
        try:
            state = game.apply(state, Event.from_dict(record.event))
        except RuleError as exc:
            raise _refused(game_id, record, f"is refused by the rules: {exc}") from None
        except Exception as exc:  # the engine is pure: the event is not one it can apply
            raise _refused(game_id, record, f"cannot be applied ({type(exc).__name__}: {exc})") from None
    return records, state, game.summary(state)


def _refused(game_id: int, record, what: str) -> ReplayError:
    return ReplayError(
        f"Game {game_id} does not replay: event seq {record.seq} ({record.event.get('kind')!r}) {what}"
    )


def stored_chart(store: EventStore, game_id: int):
    """The chart of a closed game (companion/core/chart.py), with the names the table read;
    refused while the game is still being played (until then the standings may be secret)."""
    from companion.core.chart import progress
    from companion.core.game import Event
    from companion.core.registry import game_spec

    records, _, _ = replay_stored(store, game_id)  # a log the rules refuse is named
    if store.unfinished() == game_id:
        raise StoreError(
            f"Game {game_id} is still being played: its chart is drawn once it is "
            f"over (until then the standings may be secret)."
        )
    config = store.config(game_id)
    names = dict(enumerate(store.seat_names(game_id, config) or []))
    return progress(
        game_spec(store.game(game_id)).engine(),
        config["setup"],
        [Event.from_dict(r.event) for r in records],
        {seat: name for seat, name in names.items() if name},
    )
