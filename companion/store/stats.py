"""The statistics of the stored games, per person and per bot style, and the games' own
charts: pure computation over the games as the history reads them (history.py), so the
page and ``samarkand games stats`` say the same numbers.

A person is matched across games by the name they joined with; the host's merges make two
names one record. Only finished games count, and not those the host hid: an abandoned
game or one the host ended early has no winner.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.default_names import nobodys
from companion.core.phrase import Phrase
from companion.core.tally import Tally

FINISHED, ENDED, ABANDONED = "finished", "ended", "abandoned"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat of a closed game: its name, its place and score (None without a result), and
    the style of the bot that held it throughout (None: a person, or a hand-over)."""

    name: str
    place: int | None = None
    score: int | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """A closed game as the statistics read it: ``status`` finished, ended or abandoned."""

    id: int
    game: str
    title: str
    created: str
    status: str
    seats: tuple[Seat, ...]
    tallies: tuple[Tally, ...] = ()


def resolve(name: str, merges: Mapping[str, str]) -> str:
    """The name ``name`` counts as: followed through the merges (a loop stops where it
    would come back)."""
    seen = {name}
    while name in merges and merges[name] not in seen:
        name = merges[name]
        seen.add(name)
    return name


def shared_table(games: Iterable[Played], merges: Mapping[str, str], one: str, other: str) -> int | None:
    """A game where a name counting as ``one`` and a name counting as ``other`` both sat:
    two people, whom a merge would count as one, twice in that game (None: no such game)."""
    for played in games:
        people = {resolve(seat.name, merges) for seat in played.seats}
        if one in people and other in people:
            return played.id
    return None


def counted(games: Iterable[Played], hidden: Collection[int], game: str | None = None) -> list[Played]:
    """The games the statistics count: finished, not hidden, of ``game`` if named."""
    return [g for g in games if g.status == FINISHED and g.id not in hidden and game in (None, g.game)]


@dataclass
class _Record:
    places: list[int]

    def to_dict(self) -> dict[str, Any]:
        played = len(self.places)
        return {
            "played": played,
            "wins": self.places.count(1),
            "average_place": round(sum(self.places) / played, 2) if played else None,
        }


def statistics(
    games: Sequence[Played], merges: Mapping[str, str], hidden: Collection[int], game: str | None = None
) -> dict[str, Any]:
    """Each person's games, wins and average place, over all and per game (the best
    first); each bot style's per game; and each game's own charts, the tallies added up."""
    kept = counted(games, hidden, game)
    titles = {g.game: g.title for g in kept}
    people: dict[str, dict[str, _Record]] = defaultdict(lambda: defaultdict(lambda: _Record([])))
    names: dict[str, set[str]] = defaultdict(set)
    bots: dict[tuple[str, str], _Record] = defaultdict(lambda: _Record([]))
    for played in kept:
        for seat in played.seats:
            if seat.place is None:
                continue
            if seat.bot is not None:
                bots[(played.game, seat.bot)].places.append(seat.place)
            if nobodys(seat.name):  # no one's record (a bot's counts for its style)
                continue
            person = resolve(seat.name, merges)
            names[person].add(seat.name)
            people[person][played.game].places.append(seat.place)
    rows = [
        {
            "name": person,
            "names": sorted(names[person]),
            **_Record([p for record in by_game.values() for p in record.places]).to_dict(),
            "by_game": [
                {"game": name, "title": titles[name], **by_game[name].to_dict()} for name in sorted(by_game)
            ],
        }
        for person, by_game in people.items()
    ]
    rows.sort(key=lambda row: (-row["wins"], row["average_place"], row["name"]))
    return {
        "games": len(kept),
        "people": rows,
        "bots": [
            {"game": name, "title": titles[name], "style": style, **record.to_dict()}
            for (name, style), record in sorted(bots.items())
        ],
        "charts": charts(kept),
    }


def charts(games: Sequence[Played]) -> list[dict[str, Any]]:
    """Each game's own charts: its tallies added up over the games, bar by bar (a chart of
    the game's own bars has one per game, by its number)."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for played in games:
        for tally in played.tallies:
            chart = found.setdefault(
                (played.game, str(tally.chart)),
                {"game": played.game, "title": played.title, "chart": tally.chart, "bars": {}},
            )
            label = tally.bar if tally.bar is not None else Phrase("game {number}", number=played.id)
            key = (0, played.id, "") if tally.bar is None else _order(tally.bar)
            bar = chart["bars"].setdefault(key, {"label": label, "value": 0})
            bar["value"] += tally.amount
    return [
        {**chart, "bars": [chart["bars"][key] for key in sorted(chart["bars"])]}
        for _, chart in sorted(found.items(), key=lambda item: item[0])
    ]


def _order(bar: int | Phrase) -> tuple[int, int, str]:
    """Numbers in order, then words: by the first number in them ("2★", "20–29"), then
    in alphabetical order (as the English says them)."""
    if isinstance(bar, int):
        return (0, bar, "")
    number = next((value for value in bar.params.values() if isinstance(value, int)), 0)
    return (1, number, str(bar))


def said(data: Any, say: Callable[[Any], str] = str) -> Any:
    """``data`` with every Phrase in it said (``say``: in the reader's language; str: the
    English), for JSON."""
    if isinstance(data, Phrase):
        return say(data)
    if isinstance(data, dict):
        return {key: said(value, say) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [said(value, say) for value in data]
    return data
