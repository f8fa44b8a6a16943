"""``samarkand``: the appliance and its tools on one command line.

Each subcommand lives in the module that owns its concern; this file only dispatches and
turns the errors a person can cause into one readable line and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from companion.appliance import logs
from companion.core.errors import RuleError
from companion.core.registry import game_spec, game_specs


def _simulate(args) -> int:
    from companion.simulation import progress_bar, simulate

    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.workers < 0:
        return _fail("--workers must be 0 (every core) or more")
    spec = game_spec(args.game)
    players = spec.usual_players() if args.players is None else args.players
    workers = args.workers or os.cpu_count() or 1
    rules = {
        **(args.rules or {}),
        **{
            name[len(OPTION) :]: value
            for name, value in vars(args).items()
            if name.startswith(OPTION) and value is not None
        },
    }
    bar = None if args.json else progress_bar()
    try:
        summary = simulate(
            spec.name,
            players,
            args.games,
            args.seed,
            rules=rules or None,
            styles=args.bots,
            workers=workers,
            progress=bar,
        )
    except KeyboardInterrupt:
        if bar is not None:  # the bar's line ended, so that the shell's prompt has its own
            print(file=sys.stderr)
        raise
    data = summary.to_dict()
    if args.json:
        print(json.dumps(data))
        return 0
    print(
        f"{data['games']} games of {spec.title} with {data['players']} players in "
        f"{data['seconds']} s ({data['games_per_second']} games/s on {workers} "
        f"worker{'s' if workers > 1 else ''})"
    )
    for key in ("wins_by_seat", "wins_by_bot", "average_score_by_seat", "average_score_by_bot"):
        print(f"{key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in data[key].items()))
    rates = ", ".join(f"{style} {rate:.0%}" for style, rate in data["win_rate_by_bot"].items())
    print(f"win rate by bot, over the seats it held: {rates} (parity {1 / data['players']:.0%})")
    print("(a tied win counts as a win for each player who shares it)")
    print("  ".join(f"{key} per game: {value}" for key, value in data["per_game"].items()))
    if data["capped"]:
        print(f"{data['capped']} game(s) did not end within the step limit and are not scored")
    return 0


def _tool(args) -> int:
    from companion.appliance.tools import run_tool

    return run_tool(args.game, args.command, args.file)


def _play(args) -> int:
    from companion.appliance.script import Script, ScriptError, play_script
    from companion.appliance.tools import JsonFileError, read_json

    try:
        play_script(Script.parse(read_json(args.script)), sys.stdout)
    except (JsonFileError, ScriptError, RuleError) as exc:
        return _fail(str(exc))
    return 0


def _run(args) -> int:
    from companion.appliance.running import run

    return run(args)


def _wiring(args) -> int:
    from hardware.wiring_check import main

    return main(args.rest)


def _games(args) -> int:
    from companion.config import ConfigError, load_config
    from companion.store import cli

    if args.action is None:  # `samarkand games`: what it can do
        build_parser().parse_args(["games", "--help"])
    where = _store_options(argparse.ArgumentParser(add_help=False, allow_abbrev=False))
    late, rest = where.parse_known_args(args.rest)  # `games list --store X` too
    try:
        path = late.store or args.store or load_config(late.config or args.config).store.path
    except ConfigError as exc:
        return _fail(str(exc))
    commands = {
        "list": cli.list_main,
        "export": cli.export_main,
        "replay": cli.replay_main,
        "chart": cli.chart_main,
        "stats": cli.stats_main,
        "backup": cli.backup_main,
        "restore": cli.restore_main,
    }
    return commands[args.action](rest, path)


def _store_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Which store `samarkand games` reads: before or after its action."""
    parser.add_argument("--config", help="the appliance's TOML configuration file")
    parser.add_argument("--store", help="the store file (default: from the configuration)")
    return parser


def _bench(args) -> int:
    from companion.bench import main

    return main(args.rest)


def _doctor(args) -> int:
    from companion.appliance.doctor import main

    return main(args.rest)


def _bridge(args) -> int:
    from firmware_bridge.flash import main

    return main(args.rest)


def _styles(text: str) -> list[str]:
    """``--bots strong,miser,miser``: a list of style names, none of them empty."""
    styles = [name.strip() for name in text.split(",")]
    if not all(styles):
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of bot styles")
    return styles


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _json(text: str, expected: str | None):
    """JSON typed on the command line; when it is not JSON, the error ``expected``, or where
    that is None the text itself, for a check that reads text too (a deck file's TOML)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        if expected is None:
            return text
        raise argparse.ArgumentTypeError(expected) from None
    except RecursionError:
        raise argparse.ArgumentTypeError("JSON nested too deeply to read") from None


def _rules(text: str) -> dict:
    rules = _json(text, 'expected JSON, e.g. \'{"set_scoring": "doubling"}\'')
    if not isinstance(rules, dict):
        raise argparse.ArgumentTypeError("expected a JSON object of rule options")
    return rules


OPTION = "option_"
"""The prefix of a game's own rule options among simulate's parsed arguments."""


def _option_value(kind: str):
    """A rule option's value on the command line: a word for a text option, else JSON
    (5, true, [1, 2]); a list option's text that is not JSON goes to the option's own check,
    which reads a deck file's TOML, as --rules passes it on, or refuses it."""

    def parse(text: str):
        if kind == "str":
            return text
        return _json(text, None if kind == "list" else f"expected {kind} as JSON, e.g. 5, true or [1, 2]")

    return parse


def _as_typed(value) -> str:
    """A rule option's value as a flag takes it: a word as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _game_options(parser: argparse.ArgumentParser, game: str) -> None:
    """The chosen game's rule options as flags, built from its schema (``--edition 1998``)."""
    names = {spec.name for spec in game_specs()}
    if game not in names:
        return
    spec = game_spec(game)
    group = parser.add_argument_group(f"rule options of {spec.title}")
    for option in spec.options:
        # the values as typed here: the descriptions say them in words, as the host's form does
        shown = _as_typed(option.default)
        shown = shown if len(shown) <= 40 else "…"
        typed = [_as_typed(c) for c in option.choices]
        group.add_argument(
            "--" + option.name.replace("_", "-"),
            dest=OPTION + option.name,
            type=_option_value(option.kind),
            metavar="{" + ",".join(typed) + "}" if typed else option.kind.upper(),
            help=f"{option.description} (default: {shown})",
        )


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    described = __doc__.splitlines()[0].replace("``", "")  # the docstring's markup is not for a terminal
    parser = argparse.ArgumentParser(prog="samarkand", description=described)
    sub = parser.add_subparsers(dest="command", required=True)

    games = [spec.name for spec in game_specs()]
    run = sub.add_parser("run", help="run the table (simulation mode without GPIO)")
    run.add_argument("--simulate", action="store_true", help="mock pins and bots, even on a Pi")
    run.add_argument("--config", help="the appliance's TOML configuration file")
    run.add_argument("--port", type=int, help="the web page's port (default 8000)")
    run.add_argument(
        "--game",
        choices=games,
        help="the game the lobby opens with (an unfinished one is resumed; default: [lobby] game)",
    )
    run.add_argument(
        "--players",
        type=int,
        help="seats in the lobby, or in a game started at once (default: 4, or the nearest the game allows)",
    )
    run.add_argument("--seat", type=int, help="play this seat (1-based) from the keyboard")
    run.add_argument("--bridge", help="USB buzzer board: a port path, 'auto' or 'emulator'")
    run.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="SECTION.KEY=VALUE",
        help="override one configuration key, e.g. table.step_ms=500",
    )
    run.add_argument(
        "--no-web",
        action="store_true",
        help="no phone page: the game starts at once, bots in every other seat",
    )
    run.add_argument(
        "--autostart",
        action="store_true",
        help="no lobby: the game starts at once, bots in the seats nobody takes",
    )
    run.add_argument("--new", action="store_true", help="abandon an unfinished game and start anew")
    run.add_argument("--seed", type=int, help="seed for digital draws and bots")
    run.set_defaults(handler=_run)

    simulate = sub.add_parser("simulate", help="play headless games between bots")
    simulate.add_argument("game", choices=games)
    simulate.add_argument("--players", type=int, help="players (default: 4, or the nearest the game allows)")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--rules", type=_rules, default=None, help="rule options as JSON")
    simulate.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes to play on (0: every core); results do not depend on it",
    )
    simulate.add_argument(
        "--bots",
        type=_styles,
        default=None,
        help="the bots' styles, comma-separated, rotated round the table game by game "
        "(default: each of the game's styles)",
    )
    simulate.add_argument("--json", action="store_true", help="machine-readable output")
    if len(argv) > 1 and argv[0] == "simulate":
        _game_options(simulate, argv[1])
    simulate.set_defaults(handler=_simulate)

    for tool, what in (
        ("score", "score a finished physical game"),
        ("advise", "advice for a position: the best sale, a trade plan…"),
    ):
        parser_ = sub.add_parser(tool, help=f"{what} (JSON in, JSON out)")
        parser_.add_argument("game", choices=[s.name for s in game_specs() if tool in s.tools])
        parser_.add_argument("file", help="a JSON file, or - for standard input")
        parser_.set_defaults(handler=_tool)

    play = sub.add_parser("play", help="play a table script through the runtime on mock pins")
    play.add_argument("--script", required=True, help="the script (JSON), or - for standard input")
    play.set_defaults(handler=_play)

    wiring = sub.add_parser("wiring-check", help="light each LED, ask for each buzzer", add_help=False)
    wiring.add_argument("rest", nargs=argparse.REMAINDER)
    wiring.set_defaults(handler=_wiring)

    stored = sub.add_parser("games", help="stored games: list, export, replay, chart, stats, backup, restore")
    stored.add_argument(
        "action", nargs="?", choices=("list", "export", "replay", "chart", "stats", "backup", "restore")
    )
    _store_options(stored)
    stored.add_argument("rest", nargs=argparse.REMAINDER)
    stored.set_defaults(handler=_games)

    bench = sub.add_parser("bench", help="print the benchmarks' figures", add_help=False)
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    bench.set_defaults(handler=_bench)
    sub.add_parser("doctor", help="check a Pi for a game, with a fix for each fault")
    sub.add_parser("bridge", help="the USB buzzer board: bridge flash")
    return parser


PASSED_ON = {"wiring-check": _wiring, "bench": _bench, "doctor": _doctor, "bridge": _bridge}
"""Subcommands whose own parser takes the rest of the command line, options included."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    logs.configure()
    try:
        if argv and argv[0] in PASSED_ON:
            return PASSED_ON[argv[0]](argparse.Namespace(rest=argv[1:]))
        args = build_parser(argv).parse_args(argv)  # the registry finds the games
        return args.handler(args)
    except RuleError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `samarkand … | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
