"""`samarkand games list | export ID [--out FILE] | replay ID | chart ID [--out FILE] |
stats [--game NAME] [--json] | backup FILE | restore FILE`: look at stored games, and keep
or put back a copy of them all.

`replay` re-runs the stored events through the game's engine, so it proves the log is
playable (not merely readable) and shows the state it leads to.

Each entry point is `main(argv, store_path) -> exit code`; errors are printed as one line a
person can act on (exit 1), never a traceback. The store is opened read-only: a missing
store is reported, not created, and a file that is not one is refused and left as it is.
They read beside a running appliance, which holds the store only against other writers.
`restore` is the one that writes: only while no table plays on the store.
"""

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from .errors import StoreError
from .events import EventStore
from .keeping import games_in, restore
from .replay import replay_stored, stored_chart


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
    except StoreError as exc:
        print(f"samarkand games {prog}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `| head`: the command line ends quietly, as every command does
        raise
    except OSError as exc:  # writing --out
        out = getattr(args, "out", None)
        said = f"cannot write {out}: {exc.strerror or exc}" if out else str(exc)
        print(f"samarkand games {prog}: {said}", file=sys.stderr)
        return 1


def _out_file(store: EventStore, out: str) -> Path:
    """``--out FILE``, refused where it names the store itself: writing it would wipe out
    every game (as ``backup`` refuses it)."""
    path = Path(out)
    if path.resolve() == store.path.resolve():
        raise StoreError(f"{out} is the game store itself: name another file.")
    return path


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
            when = datetime.fromisoformat(g.created).astimezone().strftime("%Y-%m-%d %H:%M")  # local
            print(
                f"{g.id:>4}  {g.game:<10} {when}  {g.status:<12}"
                f"{g.events:>6} {'event ' if g.events == 1 else 'events'}  winners: {winners}"
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
        path = _out_file(store, args.out)
        store.game(args.id)  # a game that is not there leaves no empty file behind
        with open(path, "w", encoding="utf-8") as out:
            count = store.export_jsonl(args.id, out)
        print(f"Exported game {args.id} ({count} events) to {args.out}", file=sys.stderr)
        return 0

    return _run("export", argv, store_path, build, body)


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
    from companion.core.chart import svg
    from companion.core.registry import game_spec

    def build(parser: argparse.ArgumentParser) -> None:
        _game_id(parser)
        parser.add_argument("--out", help="write to this file (an .svg) instead of the terminal")

    def body(store: EventStore, args) -> int:
        path = None if args.out is None else _out_file(store, args.out)
        chart = stored_chart(store, args.id)
        drawn = svg(chart, game_spec(store.game(args.id)).standing_unit)
        if path is None:
            print(drawn)
            return 0
        path.write_text(drawn + "\n", encoding="utf-8")
        print(f"Drew game {args.id} ({len(chart.standings) - 1} decisions) to {args.out}", file=sys.stderr)
        return 0

    return _run("chart", argv, store_path, build, body)


def stats_main(argv: list[str], store_path: str | Path) -> int:
    """Each person's games, wins and average place, the bots' by style, and the games' own
    charts as numbers (the history page's statistics); --json for the same as data."""
    from companion.core.errors import RuleError
    from companion.core.registry import game_spec

    from .history import History
    from .stats import said

    def build(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--game", help="only this game's (marche, market, …)")
        parser.add_argument("--json", action="store_true", help="machine-readable output")

    def body(store: EventStore, args) -> int:
        if args.game is not None:
            try:
                game_spec(args.game)
            except RuleError as unknown:
                raise StoreError(str(unknown)) from None
        stats = said(History(store).statistics(args.game))
        if args.json:
            print(json.dumps(stats, indent=2, ensure_ascii=False))
        else:
            print(stats_text(stats))
        return 0

    return _run("stats", argv, store_path, build, body)


def backup_main(argv: list[str], store_path: str | Path) -> int:
    """A copy of the whole store (every game, the names merged, the lobby) in FILE, taken
    beside a running table: to keep elsewhere, or to carry the evenings to another Pi."""

    def build(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("file", help="the copy to write (replaced if it is there)")

    def body(store: EventStore, args) -> int:
        store.backup(Path(args.file))
        games = len(store.list_games())
        print(f"Copied the game store ({games} game{'' if games == 1 else 's'}) to {args.file}")
        return 0

    return _run("backup", argv, store_path, build, body)


def restore_main(argv: list[str], store_path: str | Path) -> int:
    """Put a copy (``backup``, or the one ``samarkand run`` keeps) in place of the store,
    which is moved aside, not deleted; refused while a table plays on it."""
    parser = argparse.ArgumentParser(prog="samarkand games restore")
    parser.add_argument("file", help="the copy to put back (games backup's, or the store's .kept)")
    args = parser.parse_args(argv)
    path = Path(store_path).expanduser()
    try:
        aside = restore(Path(args.file), path)
    except StoreError as exc:
        print(f"samarkand games restore: {exc}", file=sys.stderr)
        return 1
    games = games_in(path)
    print(f"Restored {args.file} as the game store {path} ({games} game{'' if games == 1 else 's'}).")
    if aside is not None:
        print(f"The store it replaced is kept at {aside}.")
    return 0


def stats_text(stats: dict) -> str:
    """The statistics as a person reads them on the Pi's terminal: each table's first
    column as wide as its longest name, so the figures stand under their headings."""
    games = stats["games"]
    lines = [f"{games} finished game{'' if games == 1 else 's'} counted."]
    people: list[tuple[str, dict]] = []
    for person in stats["people"]:
        also = [name for name in person["names"] if name != person["name"]]
        people.append((person["name"] + (f" (also {', '.join(also)})" if also else ""), person))
        people += [(f"  {row['title']}", row) for row in person["by_game"]]
    bots = [(f"{row['title']}: {row['style']}", row) for row in stats["bots"]]
    for heading, rows in (("person", people), ("bots by style", bots)):
        if rows:
            width = max(_columns(heading), *(_columns(name) for name, _ in rows)) + 2
            lines += ["", f"{_padded(heading, width)}{'games':>6} {'wins':>5} {'average place':>14}"]
            lines += [
                f"{_padded(name, width)}{row['played']:>6} {row['wins']:>5} {row['average_place']:>14}"
                for name, row in rows
            ]
    for chart in stats["charts"]:
        width = max((_columns(str(bar["label"])) for bar in chart["bars"]), default=0) + 4
        lines += ["", f"{chart['title']}: {chart['chart']}"]
        lines += [f"  {_padded(str(bar['label']), width)}{bar['value']:>6}" for bar in chart["bars"]]
    return "\n".join(lines)


def _columns(text: str) -> int:
    """The columns a terminal gives ``text``: two for a wide character (Chinese, Japanese,
    Korean, most emoji, or one shown as an emoji by U+FE0F), none for a combining mark or
    a format character (a zero-width joiner), one for the rest."""
    columns = last = 0
    for char in text:
        if char == "\ufe0f":  # the symbol before it shown as an emoji
            columns, last = columns + (last == 1), 2
        elif unicodedata.category(char) not in ("Mn", "Me", "Cf"):
            last = 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
            columns += last
    return columns


def _padded(text: str, width: int) -> str:
    """``text`` and the spaces that make it ``width`` columns wide on a terminal."""
    return text + " " * (width - _columns(text))
