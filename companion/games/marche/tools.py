"""Le Marché's command-line tool (GameSpec.tools): ``score``, a finished game typed in as
JSON scored (``samarkand score marche FILE``).

The JSON edge of scoring.py: every field is checked and a bad one is named in the error,
which the command line prints on one line with exit code 2, so a table can fix its file
without reading a traceback.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.errors import RuleError
from companion.games.marche.options import MarcheOptions
from companion.games.marche.rules import GOODS_TYPES
from companion.games.marche.scoring import Holdings, checked_keep, score_game

PLAYER_KEYS = {"name", "sells", "money", "camels", "goods", "keep"}


class ScoreFileError(ValueError):
    """A field of the score file is missing or malformed; the message names it."""

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}")


def score_data(data: Any) -> dict:
    """Validate a parsed score file and return the scores as JSON-ready data."""
    _expect_object(data, "file", {"players", "types", "rules"})
    rules = _rules(data.get("rules"))
    types = _types(data.get("types"))
    players, keeps = _players(data.get("players"), types, rules)
    return score_game(players, types, rules.set_scoring, keeps).to_dict()


def _rules(raw: Any) -> MarcheOptions:
    if raw is not None:
        _expect_object(raw, "rules")
    try:
        return MarcheOptions.from_rules(raw)
    except RuleError as exc:
        raise ScoreFileError("rules", str(exc)) from None


def _types(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not raw:
        raise ScoreFileError("types", "expected a non-empty list of goods types")
    for i, t in enumerate(raw):
        if t not in GOODS_TYPES:
            raise ScoreFileError(f"types[{i}]", f"expected one of {', '.join(GOODS_TYPES)}")
        if t in raw[:i]:
            raise ScoreFileError(f"types[{i}]", f"{t!r} is listed twice")
    return list(raw)


def _players(raw: Any, types: list[str], rules: MarcheOptions) -> tuple[list[Holdings], dict]:
    if not isinstance(raw, list) or not 3 <= len(raw) <= 5:
        raise ScoreFileError("players", "expected a list of 3 to 5 players")
    if len(types) != max(len(raw), 4):
        raise ScoreFileError(
            "types",
            f"{len(raw)} players need {max(len(raw), 4)} goods types "
            "in play (with 3 players, the bank's type too)",
        )
    players: list[Holdings] = []
    keeps: dict[str, dict[str, list[int]]] = {}
    for i, p in enumerate(raw):
        at = f"players[{i}]"
        _expect_object(p, at, PLAYER_KEYS)
        for key in ("name", "sells", "money", "camels", "goods"):
            if key not in p:
                raise ScoreFileError(f"{at}.{key}", "missing")
        name = p["name"]
        if not isinstance(name, str) or not name.strip():
            raise ScoreFileError(f"{at}.name", "expected a non-empty string")
        if name in (q.name for q in players):
            raise ScoreFileError(f"{at}.name", f"{name!r} is already another player's name")
        sells = p["sells"]
        if sells not in types:
            raise ScoreFileError(f"{at}.sells", "expected one of the types in play")
        if sells in (q.sells for q in players):
            raise ScoreFileError(f"{at}.sells", f"{sells!r} is already sold by another player")
        money = _int(p["money"], f"{at}.money", minimum=0)
        if not isinstance(p["camels"], list):
            raise ScoreFileError(f"{at}.camels", "expected a list of positive integers")
        camels = tuple(_int(c, f"{at}.camels[{j}]", minimum=1) for j, c in enumerate(p["camels"]))
        for j, camel in enumerate(camels):
            if camel not in rules.camel_cards:
                raise ScoreFileError(
                    f"{at}.camels[{j}]",
                    f"no camel card carries {camel} (the camels: {sorted(set(rules.camel_cards))})",
                )
        goods = _cards(p["goods"], f"{at}.goods", types, sells, rules)
        players.append(Holdings(name, sells, money, camels, goods))
        if "keep" in p:  # the table's own discard instead of the advice
            keep = _cards(p["keep"], f"{at}.keep", types, sells, rules)
            try:
                keeps[name] = checked_keep(name, goods, sum(camels), keep)
            except RuleError as exc:
                raise ScoreFileError(f"{at}.keep", str(exc)) from None
    return players, keeps


def _cards(raw: Any, at: str, types: list[str], sells: str, rules: MarcheOptions) -> dict:
    """A type -> card values table, each type in play, never the player's own."""
    _expect_object(raw, at)
    deck = Counter(rules.goods_cards)
    cards = {}
    for t, values in raw.items():
        if t not in types:
            raise ScoreFileError(f"{at}.{t}", "not a goods type in play")
        if t == sells:
            raise ScoreFileError(f"{at}.{t}", "a player cannot hold the type they sell")
        if not isinstance(values, list):
            raise ScoreFileError(f"{at}.{t}", "expected a list of non-negative integers")
        cards[t] = tuple(_int(v, f"{at}.{t}[{j}]", minimum=0) for j, v in enumerate(values))
        extra = Counter(cards[t]) - deck
        if extra:
            raise ScoreFileError(
                f"{at}.{t}",
                f"more cards valued {min(extra)} than a type has (deck: {list(rules.goods_cards)})",
            )
    return cards


def _int(value: Any, at: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        kind = "non-negative" if minimum == 0 else "positive"
        raise ScoreFileError(at, f"expected a {kind} integer")
    return value


def _expect_object(value: Any, at: str, keys: set[str] | None = None) -> None:
    if not isinstance(value, dict):
        raise ScoreFileError(at, "expected an object")
    if keys is None:
        return
    unknown = sorted(set(value) - keys)
    if unknown:
        raise ScoreFileError(
            f"{at}.{unknown[0]}" if at != "file" else unknown[0],
            f"unknown key; expected {', '.join(sorted(keys))}",
        )
