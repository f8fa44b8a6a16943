"""A game's JSON tools on the command line (``samarkand score marche FILE``): JSON in from
a file or standard input, JSON out, and a malformed file named on one line with exit 2."""

from __future__ import annotations

import json
import sys
from typing import Any

from companion.core.registry import game_spec


class JsonFileError(ValueError):
    """A JSON file that cannot be read or is not JSON; the message names it."""


def run_tool(game: str, tool: str, path: str) -> int:
    spec = game_spec(game)
    if tool not in spec.tools:
        return _fail(f"{spec.title} has no {tool} tool")
    try:
        answer = spec.tools[tool](read_json(path))
    except ValueError as refused:  # the file, or the field the tool finds wrong, named
        return _fail(str(refused))
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    return 0


def read_json(path: str) -> Any:
    """The JSON of a file, or of standard input for ``-``, as the command line reads a
    person's file: anything wrong with it is a JsonFileError naming it."""
    try:
        return json.loads(_read(path))
    except json.JSONDecodeError as exc:
        raise JsonFileError(f"{path}: not valid JSON ({exc})") from None
    except RecursionError:
        raise JsonFileError(f"{path}: JSON nested too deeply to read") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JsonFileError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2
