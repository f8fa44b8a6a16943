"""``samarkand bench``: run the benchmark scripts of bench/ and print their figures.

The benchmarks live as scripts in the checkout's bench/ folder (each has ``run() -> dict``);
they measure, they never pass or fail. ``samarkand bench NAME…`` runs only those named.
Standard output holds the figures alone (``--json``: one JSON object); whatever else a
benchmark prints, the countdown of the table it runs, goes to standard error.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent.parent / "bench"
ORDER = (
    "simulate",
    "bots",
    "discard",
    "bazaar_planner",
    "market_advice",
    "edges",
    "runtime",
    "store",
    "resume",
    "bridge",
    "web",
)


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None, f"no bench file {name}.py"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parser() -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(
        prog="samarkand bench",
        description="Run the benchmarks of bench/ and print their figures "
        "(they measure; they never pass or fail).",
    )
    described.add_argument(
        "names", nargs="*", metavar="NAME", help=f"the benchmarks to run (default: all of {', '.join(ORDER)})"
    )
    described.add_argument("--json", action="store_true", help="one JSON object for all")
    return described


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    as_json = args.json
    names = args.names or list(ORDER)
    unknown = [n for n in names if n not in ORDER]  # a path to some other .py file too
    if unknown:
        print(f"error: no benchmark {unknown[0]!r}; there are: {', '.join(ORDER)}", file=sys.stderr)
        return 2
    results = {}
    told = not as_json and sys.stderr.isatty()  # progress for a person, as simulate's bar
    for name in names:
        if told:
            print(f"{name}…", file=sys.stderr, flush=True)
        with redirect_stdout(sys.stderr):  # what a benchmark's appliance says aloud
            results[name] = _load(name).run()
        if not as_json:
            print(f"== {name}")
            print(json.dumps(results[name], indent=2, default=str))
    if as_json:
        print(json.dumps(results, default=str))
    return 0
