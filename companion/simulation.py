"""Headless games between bots, for any registered game, on as many cores as asked.

Each game is played from its own seed (``"{seed}/{index}"``) with the bots' styles rotated
round the table by its index, so a game's result depends on nothing but (seed, index):
the same seed gives the same summary whatever the number of worker processes, which only
decide where each game is played. A game plays through the contract (the generic
driver below: draws from a seeded source, each seat's bot deciding from its own view),
or through the game's own ``simulate`` where a real-time phase needs one (Le Marché's
countdown races).
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.core.bot import MAX_STEPS
from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import Result, chance_event
from companion.core.registry import GameSpec, game_spec

CHUNK = 25


@dataclass(frozen=True)
class Played:
    """One simulated game: the styles round the table and how it ended."""

    styles: tuple[str, ...]
    result: Result | None  # None: capped before the end
    counts: dict[str, int]


def seat_styles(players: int, index: int, styles: list[str]) -> list[str]:
    """Rotate the styles round the table each game so seat and style effects separate."""
    return [styles[(seat + index) % len(styles)] for seat in range(players)]


def play_one(
    spec: GameSpec, players: int, seed: Any, index: int, styles: list[str], rules: dict | None
) -> Played:
    """Game ``index`` of a run: its own seed, its own rotation of styles."""
    game_seed = f"{seed}/{index}"
    round_table = seat_styles(players, index, styles)
    setup = spec.setup(players, rules)
    if spec.simulate is not None:
        result, counts = spec.simulate(game_seed, round_table, setup["rules"])
        return Played(tuple(round_table), result, counts)
    return drive(spec, setup, game_seed, round_table)


def drive(spec: GameSpec, setup: dict, seed: Any, styles: list[str]) -> Played:
    """The generic driver: the game's draws from a seeded source, its decisions from the
    bots of the seats it waits for, each deciding from that seat's own view."""
    game = spec.engine()
    state = game.new_state(setup)
    chance = SeededChance(seed)
    rng = random.Random(f"bots/{seed}")
    bots = [spec.bots[style](random.Random(rng.random())) for style in styles]
    for step in range(MAX_STEPS):
        if game.is_over(state):
            return Played(tuple(styles), game.result(state), {"events": step})
        if (request := game.chance_request(state)) is not None:
            event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
        elif game.input_request(state) is not None:
            raise RuleError(
                "{game} needs data entered at the table: give it in the rules to simulate", game=spec.title
            )
        else:
            seats = game.to_act(state)
            if not seats:
                raise RuleError("{game} waits for nobody: it cannot be simulated", game=spec.title)
            seat = seats[0]
            event = bots[seat].decide(game.seat_view(state, seat), seat)
        game.advance(state, event)
    return Played(tuple(styles), None, {"events": MAX_STEPS})


@dataclass
class Summary:
    game: str
    players: int
    workers: int = 1
    games: int = 0
    capped: int = 0
    seconds: float = 0.0
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_style: dict[str, int] = field(default_factory=dict)
    score_by_seat: list[int] = field(default_factory=list)
    score_by_style: dict[str, list[int]] = field(default_factory=dict)
    """Each style's scores, one per seat it held in a scored game."""
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        """A tied win counts as a win for every player who shares it."""
        self.games += 1
        for key, value in played.counts.items():
            self.counts[key] = self.counts.get(key, 0) + value
        if played.result is None:
            self.capped += 1
            return
        for seat in played.result.winners:
            self.wins_by_seat[seat] += 1
            style = played.styles[seat]
            self.wins_by_style[style] = self.wins_by_style.get(style, 0) + 1
        for seat, score in enumerate(played.result.scores):
            self.score_by_seat[seat] += score
            self.score_by_style.setdefault(played.styles[seat], []).append(score)

    def to_dict(self) -> dict:
        scored = max(self.games - self.capped, 1)
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "capped": self.capped,
            "workers": self.workers,
            "wins_by_seat": {f"seat {i + 1}": w for i, w in enumerate(self.wins_by_seat)},
            "wins_by_bot": dict(sorted(self.wins_by_style.items())),
            "average_score_by_seat": {
                f"seat {i + 1}": round(s / scored, 2) for i, s in enumerate(self.score_by_seat)
            },
            "average_score_by_bot": {
                k: round(sum(v) / len(v), 2) for k, v in sorted(self.score_by_style.items())
            },
            # a style's wins over the seats it held: 1 / players is parity at a table of equals
            "win_rate_by_bot": {
                k: round(self.wins_by_style.get(k, 0) / len(v), 3)
                for k, v in sorted(self.score_by_style.items())
            },
            "per_game": {k: round(v / max(self.games, 1), 3) for k, v in sorted(self.counts.items())},
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
        }


def _play_chunk(job: tuple) -> list[Played]:
    """One worker's share: games ``first`` … ``first + count - 1`` (looked up by name, as a
    worker process has only what it imports)."""
    name, players, seed, first, count, styles, rules = job
    spec = game_spec(name)
    return [play_one(spec, players, seed, index, styles, rules) for index in range(first, first + count)]


def simulate(
    name: str,
    players: int,
    games: int,
    seed: Any,
    styles: list[str] | None = None,
    rules: dict | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """``games`` games of ``name`` between bots, on ``workers`` processes."""
    spec = game_spec(name)
    spec.setup(players, rules)  # refuse bad players or options before starting
    styles = styles or spec.default_styles()
    unknown = sorted(set(styles) - set(spec.bots))
    if unknown:
        raise RuleError(
            "{game} has no bot {name} (bots: {known})",
            game=spec.title,
            name=repr(unknown[0]),
            known=", ".join(spec.bots),
        )
    summary = Summary(name, players, workers, wins_by_seat=[0] * players, score_by_seat=[0] * players)
    jobs = (  # made as they are played: --games 100000000 lists no million chunks first
        (name, players, seed, first, min(CHUNK, games - first), styles, rules)
        for first in range(0, games, CHUNK)
    )
    started = time.perf_counter()
    for chunk in _results(jobs, workers):
        for played in chunk:
            summary.add(played)
        if progress:
            progress(summary.games, games)
    summary.seconds = time.perf_counter() - started
    return summary


def _results(jobs: Iterator[tuple], workers: int) -> Iterator[list[Played]]:
    """The chunks' results in the order of the jobs, however many processes play them."""
    if workers <= 1:
        yield from map(_play_chunk, jobs)
        return
    # fork: the workers start with every game this process registered (the tests' toy game too)
    with multiprocessing.get_context("fork").Pool(workers, initializer=_leave_ctrl_c) as pool:
        yield from pool.imap(_play_chunk, jobs)


def _leave_ctrl_c() -> None:
    """A worker ignores Ctrl-C, which a terminal sends to every process of the command: the
    parent stops the pool, rather than each worker printing its traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def progress_bar(stream=None, width: int = 30, clock: Callable[[], float] = time.monotonic):
    """A one-line bar on a terminal (games done, games a second, the time left), redrawn at
    most five times a second; silent when the output is not a terminal."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return None
    started = clock()
    drawn = [started - 1.0]

    def show(done: int, total: int) -> None:
        now = clock()
        if now - drawn[0] < 0.2 and done < total:
            return
        drawn[0] = now
        filled = done * width // total
        rate = done / (now - started) if now > started else 0.0
        if done == total:
            told = f"done in {_duration(now - started)}"
        else:
            told = f"{_duration((total - done) / rate)} left" if rate else "timing…"
        line = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games · {rate:.1f} games/s · {told}"
        stream.write("\r" + line.ljust(len(line) + 10) + ("\n" if done == total else ""))
        stream.flush()

    return show


def _duration(seconds: float) -> str:
    """A time left as a person reads it: 45 s, 3 min 20 s, 1 h 05 min."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
