"""The cubes of Samarkand Market: five colours, counted as a tuple in one fixed order.

A collection of cubes (a bag, a lot, a player's cubes, a set on a market card) is a tuple
of five counts in ``COLOURS`` order, so adding, subtracting and comparing are cheap. At the
edges (JSON, the table's typing) cubes are a mapping of colour to count, or a string of
colour letters (``"YYBK"``: two yellow, one blue, one black). The letters are the same in
every language; cubes in words are Phrases, so a page says them in its reader's language.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase

COLOURS = ("yellow", "blue", "red", "green", "black")
BAG = (22, 20, 17, 14, 11)
"""The 84 cubes in the cloth bag, by colour."""
LETTERS = {"Y": 0, "B": 1, "R": 2, "G": 3, "K": 4}
"""One letter a colour when cubes are typed: Y yellow, B blue, R red, G green, K black."""
INDEX = {colour: i for i, colour in enumerate(COLOURS)}
NONE = (0, 0, 0, 0, 0)

Cubes = tuple[int, int, int, int, int]


def total(cubes: Cubes) -> int:
    return sum(cubes)


def add(a: Cubes, b: Cubes) -> Cubes:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def sub(a: Cubes, b: Cubes) -> Cubes:
    return tuple(x - y for x, y in zip(a, b))  # type: ignore[return-value]


def times(a: Cubes, n: int) -> Cubes:
    return tuple(x * n for x in a)  # type: ignore[return-value]


def within(part: Cubes, whole: Cubes) -> bool:
    """Every colour of ``part`` is held in ``whole`` at least as many times."""
    return all(x <= y for x, y in zip(part, whole))


def one(colour: str) -> Cubes:
    counts = [0] * 5
    counts[INDEX[colour]] = 1
    return tuple(counts)  # type: ignore[return-value]


def to_dict(cubes: Cubes) -> dict[str, int]:
    """The colours held, as JSON (colours with none are left out)."""
    return {colour: n for colour, n in zip(COLOURS, cubes) if n}


def letters(cubes: Cubes) -> str:
    return "".join(letter * cubes[i] for letter, i in LETTERS.items())


def parse(raw: Any, what: str = Phrase("cubes"), allow_empty: bool = True) -> Cubes:
    """Cubes from JSON or typing: {"yellow": 2, "blue": 1} or "YYB"; a RuleError naming
    ``what`` and the fault otherwise."""
    counts = [0] * 5
    if isinstance(raw, str):
        for char in raw.replace(" ", "").upper():
            if char not in LETTERS:
                raise RuleError(
                    "{what}: {letter} is not a colour letter (Y yellow, B blue, R red, G green, K black)",
                    what=what,
                    letter=repr(char),
                )
            counts[LETTERS[char]] += 1
    elif isinstance(raw, dict):
        for colour, n in raw.items():
            if colour not in INDEX:
                raise RuleError(
                    "{what}: {colour} is not a colour ({colours})",
                    what=what,
                    colour=repr(colour),
                    colours=", ".join(COLOURS),
                )
            if type(n) is not int or n < 0:
                raise RuleError(
                    "{what}: the count of {colour} must be a whole number of 0 or more, not {count}",
                    what=what,
                    colour=colour,
                    count=repr(n),
                )
            counts[INDEX[colour]] = n
    else:
        raise RuleError(
            '{what}: expected colours and counts, e.g. {{"yellow": 2, "blue": 1}} or "YYB", not {value}',
            what=what,
            value=repr(raw),
        )
    if not allow_empty and not any(counts):
        raise RuleError("{what}: at least one cube", what=what)
    return tuple(counts)  # type: ignore[return-value]


def count(colour: str, n: int) -> Phrase:
    """``n`` cubes of one colour in words: "1 yellow", "3 yellow". Two templates, as French
    agrees the colour with the count ("1 jaune", "3 jaunes"); the page says the same."""
    if n == 1:
        return Phrase("1 {colour}", colour=colour)
    return Phrase("{n} {colour}", n=n, colour=colour)


def describe(cubes: Cubes) -> Phrase:
    """In words: "2 yellow, 1 black" (or "no cubes")."""
    counts = [count(colour, n) for colour, n in zip(COLOURS, cubes) if n]
    return joined(counts) if counts else Phrase("no cubes")


def joined(parts: list[Phrase], separator: str = ", ") -> Phrase:
    """Phrases one after the other: the template only places them (it is no catalog entry),
    and each is translated on its own."""
    params = {f"p{i}": part for i, part in enumerate(parts)}
    return Phrase(separator.join("{" + key + "}" for key in params), **params)
