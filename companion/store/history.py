"""The evenings remembered: the store's closed games as the history page and
``samarkand games stats`` read them, each with its players, result and the game's own
tallies, and the host's merges and hidden games (stats.py computes the statistics).

A game still being played is left out: until it is over its standings may be secret. A
closed game never changes but for its result (the table's own discards), and for a finished
one the table may reopen (the host takes back its last move, and it finishes again later):
so what a closed game's history reads (its seats, bots and tallies) is kept once read, a
finished game's for that finish, and an ended game's standings once replayed; only a
finished game's result is read each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta, tzinfo
from typing import Any

from companion.core.default_names import seat_name
from companion.core.tally import Tally

from .errors import StoreError
from .events import HANDS_KEY, TALLIES_KEY, EventStore, GameSummary
from .replay import replay_stored
from .stats import ABANDONED, ENDED, FINISHED, Played, Seat, statistics

EVENING_ENDS = timedelta(hours=6)
"""A game started before 6 in the morning belongs to the evening before."""


def evening(created: str, zone: tzinfo | None = None) -> str:
    """The evening a game was played on (its date, in the Pi's time zone unless ``zone``)."""
    return (datetime.fromisoformat(created).astimezone(zone) - EVENING_ENDS).date().isoformat()


def keep_tallies(store: EventStore, game_id: int, tallies: Iterable[Tally]) -> None:
    """Keep a finished game's tallies with it (``TALLIES_KEY``), for the history to read
    rather than replay the game; before it is marked finished, when its checkpoints close."""
    store.set_checkpoint(game_id, TALLIES_KEY, {"tallies": [tally.to_dict() for tally in tallies]})


class History:
    """A store's closed games, read for the history (``played``) and its statistics."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._replayed: dict[int, tuple[Any, Any]] = {}
        self._closed: dict[tuple[int, str | None], Played] = {}  # by game and finish

    def played(self) -> list[Played]:
        """Every closed game, the oldest first."""
        return [
            self._played(summary) for summary in self.store.list_games() if summary.status != "in progress"
        ]

    def statistics(self, game: str | None = None) -> dict[str, Any]:
        return statistics(self.played(), self.store.merged_names(), self.store.hidden_games(), game)

    def evenings(self, zone: tzinfo | None = None) -> list[dict[str, Any]]:
        """The closed games by evening, the latest first: each game's players, places and
        scores (none for an abandoned game), and whether it is hidden from the statistics."""
        hidden = self.store.hidden_games()
        days: dict[str, list[dict[str, Any]]] = {}
        for played in reversed(self.played()):
            days.setdefault(evening(played.created, zone), []).append(
                {
                    "id": played.id,
                    "game": played.game,
                    "title": played.title,
                    "created": played.created,
                    "status": played.status,
                    "hidden": played.id in hidden,
                    "seats": [
                        {"name": s.name, "place": s.place, "score": s.score, "bot": s.bot}
                        for s in played.seats
                    ],
                }
            )
        return [{"evening": day, "games": games} for day, games in days.items()]

    def sheet(self, game_id: int) -> dict[str, Any]:
        """A finished or ended game's results as the results screen reads them (the
        snapshot's ``score``): its stored result, else (ended early) the standings then."""
        summary = self._summary(game_id)
        if summary.status not in (FINISHED, ENDED):
            raise StoreError(f"Game {game_id} has no results: it is {summary.status}.")
        names = self.names(game_id)
        sheet = dict(self.store.result(game_id) or self._standing_result(game_id))
        if "standings" not in sheet:  # the engine's result, as the appliance stored it
            sheet["breakdown"] = dict(sheet.get("breakdown") or {})
            players = sheet["breakdown"].get("players")
            if isinstance(players, list):
                sheet["breakdown"]["players"] = [
                    {**p, "name": names[p["seat"]]} if isinstance(p, dict) and "seat" in p else p
                    for p in players
                ]
            sheet["standings"] = sorted(
                (
                    {"seat": seat, "name": names[seat], "score": score, "place": place}
                    for seat, (score, place) in enumerate(zip(sheet["scores"], sheet["places"]))
                ),
                key=lambda row: (row["place"], row["seat"]),
            )
            sheet["winners"] = [row["name"] for row in sheet["standings"] if row["place"] == 1]
        return sheet

    # ------------------------------------------------------------ reading one game
    def _summary(self, game_id: int) -> GameSummary:
        found = next((s for s in self.store.list_games() if s.id == game_id), None)
        if found is None or found.status == "in progress":
            raise StoreError(f"No closed game {game_id} in the store {self.store.path}.")
        return found

    def names(self, game_id: int, config: dict | None = None) -> list[str]:
        """Each seat's name as the table read it (the engine's where nobody named it);
        ``config``: the game's stored configuration, if read already."""
        config = self.store.config(game_id) if config is None else config
        stored = self.store.seat_names(game_id, config) or []
        players = (config.get("setup") or {}).get("players", len(stored))
        return [
            str(stored[seat]) if seat < len(stored) and stored[seat] else seat_name(seat)
            for seat in range(players)
        ]

    def _replay(self, game_id: int) -> tuple[Any, Any]:
        """(the engine, the final state) of a closed game, replayed once."""
        from companion.core.registry import game_spec

        if game_id not in self._replayed:
            _, state, _ = replay_stored(self.store, game_id)
            self._replayed[game_id] = (game_spec(self.store.game(game_id)), state)
        return self._replayed[game_id]

    def _standing_result(self, game_id: int) -> dict[str, Any]:
        """An ended game's standings when it stopped, as the results screen showed them."""
        spec, state = self._replay(game_id)
        result = (
            spec.table_scores(state, {}) if spec.table_scores is not None else spec.engine().result(state)
        )
        return result.to_dict()

    def _played(self, summary: GameSummary) -> Played:
        """A closed game with its places and scores. Its result is the summary's, read each
        time (the table may amend it); the rest once for its finish (``_seated``)."""
        finish = (summary.id, summary.finished)
        if finish not in self._closed:
            self._closed[finish] = self._seated(summary)
        played = self._closed[finish]
        if played.status != FINISHED:
            return played
        result = summary.result or {}
        places = result.get("places") or [None] * len(played.seats)
        scores = result.get("scores") or [None] * len(played.seats)
        return replace(
            played,
            seats=tuple(
                replace(seat, place=places[number], score=scores[number])
                for number, seat in enumerate(played.seats)
                if number < len(places)
            ),
        )

    def _seated(self, summary: GameSummary) -> Played:
        """A closed game without its result: who sat where (a bot's style), its tallies."""
        from companion.core.errors import RuleError
        from companion.core.registry import game_spec

        status = {"finished": FINISHED, "ended": ENDED}.get(summary.status, ABANDONED)
        config = self.store.config(summary.id)
        bots = self._bots(summary.id, config)
        try:
            spec = game_spec(summary.game)
            title = spec.title
            tallies = self._tallies(summary.id, spec.tallies) if status == FINISHED and spec.tallies else ()
        except (RuleError, StoreError):  # a game no longer known, a log that no longer replays: no tallies
            title, tallies = summary.game, ()
        seats = tuple(
            Seat(name, bot=bots.get(seat)) for seat, name in enumerate(self.names(summary.id, config))
        )
        return Played(summary.id, summary.game, title, summary.created, status, seats, tallies)

    def _tallies(self, game_id: int, count: Callable[[Any], Sequence[Tally]]) -> tuple[Tally, ...]:
        """A finished game's tallies: as kept when it finished (``TALLIES_KEY``), else (a game
        finished before they were kept) ``count``ed from its replay."""
        kept = self.store.checkpoint(game_id, TALLIES_KEY)
        if kept is not None:
            return tuple(Tally.from_dict(tally) for tally in kept["tallies"])
        return tuple(count(self._replay(game_id)[1]))

    def _bots(self, game_id: int, config: dict) -> dict[int, str]:
        """The seats a bot held throughout, with its style: those the lobby gave a bot
        (the stored configuration), but for a seat a person took over."""
        chosen = config.get("bots") or {}
        handed = {
            change.get("seat")
            for change in (self.store.checkpoint(game_id, HANDS_KEY) or {}).get("changes", [])
            if isinstance(change, dict) and change.get("by") == "person"
        }
        return {
            int(seat): str(style)
            for seat, style in chosen.items()
            if str(seat).isdecimal() and int(seat) not in handed
        }
