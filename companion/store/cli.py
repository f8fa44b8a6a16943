"""`samarkand games list | export ID [--out FILE] | replay ID | chart ID [--out FILE]`: look
at stored games.

`replay` re-runs the stored events through the game's engine, so it proves the log is
playable (not merely readable) and shows the state it leads to.

Each entry point is `main(argv, store_path) -> exit code`; errors are printed as one line a
person can act on (exit 1), never a traceback. The store is opened read-only: a missing
store is reported, not created, and a file that is not one is refused and left as it is.
They read beside a running appliance, which holds the store only against other writers.
"""

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import StoreError
from .events import EventStore


def _open(store_path: str | Path) -> EventStore:
    path = Path(store_path).expanduser()
    if not path.exists():
        raise StoreError(f"No game store at {path} yet: no game has been played with it.")
    return EventStore(path, read_only=True)


def _run(prog: str, argv: list[str], store_path, build, body: Callable) -> int:
    parser = argparse.ArgumentParser(prog=f"samarkand games {prog}")
    build(parser)
    args = parser.parse_args(argv)
    try:
        with _open(store_path) as store:
            return body(store, args)
    except (StoreError, OSError) as exc:
        print(f"samarkand games {prog}: {exc}", file=sys.stderr)
        return 1


def _game_id(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", type=int, help="the game's number, as `games list` shows it")


def list_main(argv: list[str], store_path: str | Path) -> int:
    """One line per stored game: id, rules, when, status, number of events, winners."""

    def body(store: EventStore, args) -> int:
        games = store.list_games()
        if not games:
            print("No games stored yet.")
        for g in games:
            winners = ", ".join(str(w) for w in g.winners) or "-"
            print(
                f"{g.id:>4}  {g.game:<10} {g.created[:19]}  {g.status:<12}"
                f"{g.events:>6} events  winners: {winners}"
            )
        return 0

    return _run("list", argv, store_path, lambda p: None, body)


def export_main(argv: list[str], store_path: str | Path) -> int:
    """The game as JSON lines (header, then every event) to stdout or --out FILE."""

    def build(parser: argparse.ArgumentParser) -> None:
        _game_id(parser)
        parser.add_argument("--out", help="write to this file instead of the terminal")

    def body(store: EventStore, args) -> int:
        if args.out is None:
            store.export_jsonl(args.id, sys.stdout)
            return 0
        with open(args.out, "w", encoding="utf-8") as out:
            count = store.export_jsonl(args.id, out)
        print(f"Exported game {args.id} ({count} events) to {args.out}", file=sys.stderr)
        return 0

    return _run("export", argv, store_path, build, body)


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


def replay_main(argv: list[str], store_path: str | Path) -> int:
    """Replay the game through its engine: each event as a JSON line, then the state's summary."""

    def body(store: EventStore, args) -> int:
        records, _, summary = replay_stored(store, args.id)
        for record in records:
            print(json.dumps({"seq": record.seq, "event": record.event}))
        print(json.dumps({"summary": summary}))
        return 0

    return _run("replay", argv, store_path, _game_id, body)


def chart_main(argv: list[str], store_path: str | Path) -> int:
    """The game's chart (the results screen's picture) as SVG, to stdout or --out FILE."""
    from companion.core.chart import progress, svg
    from companion.core.game import Event
    from companion.core.registry import game_spec

    def build(parser: argparse.ArgumentParser) -> None:
        _game_id(parser)
        parser.add_argument("--out", help="write to this file (an .svg) instead of the terminal")

    def body(store: EventStore, args) -> int:
        records, _, _ = replay_stored(store, args.id)  # a log the rules refuse is named
        if store.unfinished() == args.id:
            raise StoreError(
                f"Game {args.id} is still being played: its chart is drawn once it is "
                f"over (until then the standings may be secret)."
            )
        config = store.config(args.id)
        spec = game_spec(store.game(args.id))
        names = dict(enumerate(store.seat_names(args.id, config) or []))
        chart = progress(
            spec.engine(),
            config["setup"],
            [Event.from_dict(r.event) for r in records],
            {seat: name for seat, name in names.items() if name},
        )
        drawn = svg(chart, spec.standing_unit)
        if args.out is None:
            print(drawn)
            return 0
        Path(args.out).write_text(drawn + "\n", encoding="utf-8")
        print(f"Drew game {args.id} ({len(chart.standings) - 1} decisions) to {args.out}", file=sys.stderr)
        return 0

    return _run("chart", argv, store_path, build, body)
