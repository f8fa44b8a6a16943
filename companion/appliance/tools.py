"""A game's JSON tools on the command line (``samarkand score marche FILE``): JSON in from
a file or standard input, JSON out, and a malformed file named on one line with exit 2."""

from __future__ import annotations

import json
import sys

from companion.core.registry import game_spec


def run_tool(game: str, tool: str, path: str) -> int:
    spec = game_spec(game)
    if tool not in spec.tools:
        return _fail(f"{spec.title} has no {tool} tool")
    try:
        data = json.loads(_read(path))
    except json.JSONDecodeError as exc:
        return _fail(f"{path}: not valid JSON ({exc})")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})")
    try:
        answer = spec.tools[tool](data)
    except ValueError as refused:  # the tool names the field that is wrong
        return _fail(str(refused))
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    return 0


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2
