"""Closed games stored as the appliance stores them, for the history's tests: the
conformance suite's seeded games between bots (tests/games/test_conformance.py), each
kept with its setup and the table's names, the bots' styles, every event, the result
with the winners' names and the game's tallies (``Appliance.new_game``,
``Appliance.result``, ``history.keep_tallies``)."""

from __future__ import annotations

from games.test_conformance import played

from companion.core.registry import game_spec
from companion.store import EventStore
from companion.store.events import HANDS_KEY, JOINED_KEY
from companion.store.history import keep_tallies


def store_game(
    store: EventStore,
    name: str,
    names: list[str],
    seed: str = "a",
    close: str = "finish",
    phones: dict[int, str] | None = None,
    hands: list[dict] | None = None,
    tallies: bool = True,
) -> int:
    """A game of ``name`` between bots seated as ``names``, stored and closed: "finish"
    (played to its end), "end" (the host ended it halfway) or "abandon" (halfway too).
    ``phones``: the seats a phone joined, with the name it joined with (no bot's: the bot
    plays for it, as a phone's seat is played in these tests); ``hands``: who acted for a
    seat from which event on (``HANDS_KEY``); without ``tallies``, a game finished before
    the appliance kept its tallies."""
    spec = game_spec(name)
    game = played(name, len(names), seed)
    styles = sorted(spec.bots)
    config = {
        "game": name,
        "setup": {**spec.setup(len(names), names=names), "mode": "digital"},
        "table": {},
        "mode": "digital",
        "seed": seed,
        "bots": {
            str(seat): styles[seat % len(styles)] for seat in range(len(names)) if seat not in (phones or {})
        },
    }
    game_id = store.create_game(name, config)
    if phones:
        joined = {str(seat): {"token": f"digest{seat}", "name": called} for seat, called in phones.items()}
        store.set_checkpoint(game_id, JOINED_KEY, {"seats": joined, "bots": sorted(map(int, config["bots"]))})
    if hands:
        store.set_checkpoint(game_id, HANDS_KEY, {"changes": hands})
    events = [event.to_dict() for event in game.log]
    store.append_many(game_id, events if close == "finish" else events[: len(events) // 2])
    if close == "finish":
        result = spec.engine().result(game.final)
        if tallies and spec.tallies:
            keep_tallies(store, game_id, spec.tallies(game.final))
        store.finish(game_id, {**result.to_dict(), "winners": [names[seat] for seat in result.winners]})
    elif close == "end":
        store.end(game_id)
    else:
        store.abandon(game_id)
    return game_id


def style(name: str, seat: int) -> str:
    """The style ``store_game`` seats in ``seat``."""
    styles = sorted(game_spec(name).bots)
    return styles[seat % len(styles)]
