"""Cubes, exchange equations and ware cards, and the text notation they are written in.

A holding is five counts in the colours' order (yellow, green, red, blue, white: the order
the rulebook lists them). The same notation serves the host typing a card at a physical
table and the sample files in data/ (docs/rules/bazaar.md, "Card notation"):

- a side of an equation, or a ware card's cubes: colours by name or letter (Y G R B W),
  each optionally counted: ``R``, ``2W``, ``BGYW``, ``1 blue + 1 green + 2 white``;
- an equation: two sides joined by ``=``: ``R = BGYW``; sides share no colour and hold
  1 to 5 cubes;
- an exchange card: five equations separated by ``;`` (or given as a list of five);
- a ware card: five cubes, a ``*`` (or ``★`` or the word ``star``) for a starred card.

Everything here is pure; every refusal is a RuleError that says what is wrong.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from companion.core.errors import RuleError

COLOURS = ("yellow", "green", "red", "blue", "white")
LETTERS = "YGRBW"
WILD = "wild"
FACES = COLOURS + (WILD,)
"""The die's six faces, equally likely: the five colours and the wild face."""
PER_COLOUR = 20
EQUATIONS_PER_CARD = 5
MAX_SIDE = 5
WARE_SIZE = 5
STAR_MARKS = ("*", "★", "star")

Cubes = tuple[int, int, int, int, int]
NO_CUBES: Cubes = (0, 0, 0, 0, 0)
FULL_BANK: Cubes = (PER_COLOUR,) * 5

_TERM = re.compile(r"(\d+)?\s*([a-z]+)")


def colour_index(name: Any) -> int:
    """The index of a colour given by its name (the only spelling events use)."""
    if name not in COLOURS:
        raise RuleError(f"{name!r} is not a colour: {', '.join(COLOURS)}")
    return COLOURS.index(name)


def one(colour: int) -> Cubes:
    cubes = [0] * 5
    cubes[colour] = 1
    return tuple(cubes)  # type: ignore[return-value]


def plus(a: Cubes, b: Cubes) -> Cubes:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def minus(a: Cubes, b: Cubes) -> Cubes:
    return tuple(x - y for x, y in zip(a, b))  # type: ignore[return-value]


def covers(have: Iterable[int], need: Iterable[int]) -> bool:
    """Whether ``have`` holds at least the cubes of ``need``."""
    return all(h >= n for h, n in zip(have, need))


def letters(cubes: Iterable[int]) -> str:
    """``(0, 0, 1, 0, 2)`` -> ``"RWW"``: each cube by its letter, in the colours' order."""
    return "".join(letter * n for letter, n in zip(LETTERS, cubes))


def as_dict(cubes: Iterable[int]) -> dict[str, int]:
    """The colours held, by name (JSON for the pages and the advice)."""
    return {colour: n for colour, n in zip(COLOURS, cubes) if n}


def from_dict(raw: Any, what: str = "cubes") -> Cubes:
    """``{"red": 1, "white": 2}`` as a holding; unknown colours and bad counts refused."""
    if not isinstance(raw, dict):
        raise RuleError(f"{what} are given as colour: count, e.g. {{\"red\": 1}}, not {raw!r}")
    counts = [0] * 5
    for colour, n in raw.items():
        index = colour_index(colour)
        if type(n) is not int or n < 0:
            raise RuleError(f"{what}: the count of {colour} must be a whole number, not {n!r}")
        counts[index] = n
    return tuple(counts)  # type: ignore[return-value]


def words(cubes: Iterable[int]) -> str:
    """``"1 red + 2 white"``: for the terminal's narration."""
    return " + ".join(f"{n} {colour}" for colour, n in zip(COLOURS, cubes) if n) or "nothing"


# ----------------------------------------------------------------- parsing the notation
def parse_cubes(text: Any, what: str = "a side") -> Cubes:
    """Cubes written by name or letter, counted or repeated: ``2W``, ``BGYW``, ``1 red + blue``."""
    if not isinstance(text, str):
        raise RuleError(f"{what} is written as text such as 'R' or '2 white', not {text!r}")
    counts = [0] * 5
    rest = text.lower().replace("+", " ").replace(",", " ").strip()
    if not rest:
        raise RuleError(f"{what} is empty: write its cubes, e.g. 'R' or '2 white'")
    position = 0
    while position < len(rest):
        if rest[position].isspace():
            position += 1
            continue
        match = _TERM.match(rest, position)
        if match is None:
            raise RuleError(f"cannot read {text.strip()!r}: write cubes as 'R', '2W' or '2 white'")
        count, word = match.group(1), match.group(2)
        position = match.end()
        if word in COLOURS:
            counts[COLOURS.index(word)] += int(count) if count else 1
            continue
        if any(c.upper() not in LETTERS for c in word):
            raise RuleError(f"{word!r} in {text.strip()!r} is not a colour: use yellow, green, red, "
                            f"blue, white or their letters {' '.join(LETTERS)}")
        if count and len(word) > 1:
            raise RuleError(f"{count}{word} in {text.strip()!r} is ambiguous: write a count before "
                            "one colour, e.g. 2W + B")
        for c in word:
            counts[LETTERS.index(c.upper())] += int(count) if count else 1
    return tuple(counts)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Equation:
    """One exchange equation, usable in either direction: ``left = right``."""

    left: Cubes
    right: Cubes

    def sides(self, give: str) -> tuple[Cubes, Cubes]:
        """(the cubes returned to the bank, the cubes taken) when giving side ``give``."""
        if give == "left":
            return self.left, self.right
        if give == "right":
            return self.right, self.left
        raise RuleError(f'say which side you give: "left" or "right", not {give!r}')

    @property
    def text(self) -> str:
        return f"{letters(self.left)} = {letters(self.right)}"


def check_equation(left: Cubes, right: Cubes, text: str) -> Equation:
    for name, side in (("left", left), ("right", right)):
        size = sum(side)
        if not 1 <= size <= MAX_SIDE:
            raise RuleError(f"each side of an equation has 1 to {MAX_SIDE} cubes; the {name} side "
                            f"of {text!r} has {size}")
    shared = [colour for colour, a, b in zip(COLOURS, left, right) if a and b]
    if shared:
        raise RuleError(f"the two sides of an equation share no colour: {shared[0]} is on both "
                        f"sides of {text!r}")
    return Equation(left, right)


def parse_equation(value: Any) -> Equation:
    """``"R = BGYW"``, or a pair of sides ``["R", "BGYW"]``."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        text = f"{value[0]} = {value[1]}"
        return check_equation(parse_cubes(value[0]), parse_cubes(value[1]), text)
    if not isinstance(value, str):
        raise RuleError(f"an equation is written as 'R = BGYW', not {value!r}")
    parts = value.split("=")
    if len(parts) != 2:
        raise RuleError(f"an equation has one '=' between its two sides: {value.strip()!r}")
    return check_equation(parse_cubes(parts[0]), parse_cubes(parts[1]), value.strip())


def parse_card(value: Any) -> tuple[Equation, ...]:
    """An exchange card: five equations, as one text separated by ';' (or new lines), or a list."""
    if isinstance(value, str):
        items = [part for part in re.split(r"[;\n]", value) if part.strip()]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise RuleError("an exchange card is its five equations, e.g. 'R = BGYW; R = WW; …', "
                        f"not {value!r}")
    if len(items) != EQUATIONS_PER_CARD:
        raise RuleError(f"an exchange card has {EQUATIONS_PER_CARD} equations, not {len(items)}")
    return tuple(parse_equation(item) for item in items)


def card_text(card: Iterable[Equation]) -> str:
    return "; ".join(equation.text for equation in card)


@dataclass(frozen=True, slots=True)
class Ware:
    """A ware card: the five cubes it pictures, and whether it carries a star."""

    cubes: Cubes
    star: bool = False

    @property
    def code(self) -> str:
        """``"YYGRB*"``: the card as the log, the pages and a draw name it."""
        return letters(self.cubes) + ("*" if self.star else "")


def parse_ware(value: Any) -> Ware:
    """``"YYGRB*"``, ``"2 yellow + green + red + blue star"``, or ``{"cubes": "YYGRB", "star": true}``."""
    if isinstance(value, dict):
        star = value.get("star", False)
        if type(star) is not bool:
            raise RuleError(f"a ware card's star is true or false, not {star!r}")
        cubes = parse_cubes(value.get("cubes"), "a ware card")
    elif isinstance(value, str):
        text, star = value.strip(), False
        for mark in STAR_MARKS:
            if text.lower().endswith(mark):
                text, star = text[: -len(mark)], True
                break
        cubes = parse_cubes(text, "a ware card")
    else:
        raise RuleError(f"a ware card is written as its five cubes, e.g. 'YYGRB*', not {value!r}")
    if sum(cubes) != WARE_SIZE:
        raise RuleError(f"a ware card pictures {WARE_SIZE} cubes, not {sum(cubes)} "
                        f"({letters(cubes) or 'none'})")
    return Ware(cubes, star)


# ----------------------------------------------------------------- the card files
def _lines(text: str) -> Iterable[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            yield number, line


def parse_exchange_file(text: str) -> dict[int, tuple[Equation, ...]]:
    """An exchange-card file: one card a line, ``N: equation; …`` (``#`` starts a comment)."""
    cards: dict[int, tuple[Equation, ...]] = {}
    for number, line in _lines(text):
        head, sep, body = line.partition(":")
        if not sep or not head.strip().isdigit():
            raise RuleError(f"exchange-card file, line {number}: write 'N: equation; …'")
        try:
            card = parse_card(body)
        except RuleError as exc:
            raise RuleError(f"exchange-card file, line {number}: {exc}") from None
        key = int(head)
        if key in cards:
            raise RuleError(f"exchange-card file, line {number}: card {key} is listed twice")
        cards[key] = card
    if len(cards) < 2:
        raise RuleError("an exchange-card file lists at least the 2 cards a game puts in play")
    return cards


def parse_ware_file(text: str) -> list[Ware]:
    """A ware-card file: one card a line, its five cubes and ``*`` for a star."""
    wares = []
    for number, line in _lines(text):
        try:
            wares.append(parse_ware(line))
        except RuleError as exc:
            raise RuleError(f"ware-card file, line {number}: {exc}") from None
    return wares
