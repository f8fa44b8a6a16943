"""Cubes, exchange equations and ware cards, and the text notation they are written in.

A holding is five counts in the colours' order (yellow, green, red, blue, white: the order
the rulebook lists them). The same notation serves the host typing a card at a physical
table and the sample files in data/ (docs/rules/bazaar.md, "Card notation"):

- a side of an equation, or a ware card's cubes: colours by name, in English or French,
  or by letter (Y G R B W in both languages: French initials would make B both bleu and
  blanc), each optionally counted: ``R``, ``2W``, ``BGYW``, ``1 blue + 1 green + 2 white``,
  ``1 rouge + 2 blancs``;
- an equation: two sides joined by ``=``: ``R = BGYW``; sides share no colour and hold
  1 to 5 cubes;
- an exchange card: five equations separated by ``;`` (or given as a list of five);
- a ware card: five cubes, a ``*`` (or ``★`` or the word ``star``) for a starred card.

Everything here is pure; every refusal is a RuleError that says what is wrong, a template
the host reads in French or English (``what`` names what was read: a Phrase, so it is
translated too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase

COLOURS = ("yellow", "green", "red", "blue", "white")
LETTERS = "YGRBW"
NAMES = {
    **{colour: c for c, colour in enumerate(COLOURS)},
    **{
        name: c
        for c, french in enumerate(("jaune", "vert", "rouge", "bleu", "blanc"))
        for name in (french, french + "s")
    },
}
"""The colours' names the notation reads, the French ones with their plurals."""
WILD = "wild"
FACES = (*COLOURS, WILD)
"""The die's six faces, equally likely: the five colours and the wild face."""
PER_COLOUR = 20
EQUATIONS_PER_CARD = 5
MAX_SIDE = 5
WARE_SIZE = 5
STAR_MARKS = ("*", "★", "star")
A_WARE_CARD = Phrase("a ware card")

Cubes = tuple[int, int, int, int, int]
FULL_BANK: Cubes = (PER_COLOUR,) * 5

_TERM = re.compile(r"(\d+)?\s*([a-z]+)")


def colour_index(name: Any) -> int:
    """The index of a colour given by its name (the only spelling events use)."""
    if name not in COLOURS:
        raise RuleError("{name} is not a colour: {colours}", name=repr(name), colours=", ".join(COLOURS))
    return COLOURS.index(name)


def cubes_of(counts: Iterable[int]) -> Cubes:
    """Five counts, one per colour in COLOURS' order, as Cubes."""
    yellow, green, red, blue, white = counts
    return (yellow, green, red, blue, white)


def minus(a: Cubes, b: Cubes) -> Cubes:
    return cubes_of(x - y for x, y in zip(a, b))


def covers(have: Iterable[int], need: Iterable[int]) -> bool:
    """Whether ``have`` holds at least the cubes of ``need``."""
    return all(h >= n for h, n in zip(have, need))


def letters(cubes: Iterable[int]) -> str:
    """``(0, 0, 1, 0, 2)`` -> ``"RWW"``: each cube by its letter, in the colours' order."""
    return "".join(letter * n for letter, n in zip(LETTERS, cubes))


def as_dict(cubes: Iterable[int]) -> dict[str, int]:
    """The colours held, by name (JSON for the pages and the advice)."""
    return {colour: n for colour, n in zip(COLOURS, cubes) if n}


def from_dict(raw: Any, what: str = Phrase("the cubes")) -> Cubes:
    """``{"red": 1, "white": 2}`` as a holding; unknown colours and bad counts refused."""
    if not isinstance(raw, dict):
        raise RuleError(
            '{what} are given as colour: count, e.g. {{"red": 1}}, not {raw}', what=what, raw=repr(raw)
        )
    counts = [0] * 5
    for colour, n in raw.items():
        index = colour_index(colour)
        if type(n) is not int or n < 0:
            raise RuleError(
                "{what}: the count of {colour} must be a whole number, not {n}",
                what=what,
                colour=colour,
                n=repr(n),
            )
        counts[index] = n
    return cubes_of(counts)


# ----------------------------------------------------------------- parsing the notation
def parse_cubes(text: Any, what: str = Phrase("a side")) -> Cubes:
    """Cubes written by name or letter, counted or repeated: ``2W``, ``BGYW``, ``1 red + blue``."""
    if not isinstance(text, str):
        raise RuleError(
            "{what} is written as text such as 'R' or '2 white', not {text}", what=what, text=repr(text)
        )
    counts = [0] * 5
    rest = text.lower().replace("+", " ").replace(",", " ").strip()
    if not rest:
        raise RuleError("{what} is empty: write its cubes, e.g. 'R' or '2 white'", what=what)
    position = 0
    while position < len(rest):
        if rest[position].isspace():
            position += 1
            continue
        match = _TERM.match(rest, position)
        if match is None:
            raise RuleError(
                "cannot read {text}: write cubes as 'R', '2W' or '2 white'", text=repr(text.strip())
            )
        count, word = match.group(1), match.group(2)
        position = match.end()
        if word in NAMES:
            counts[NAMES[word]] += int(count) if count else 1
            continue
        if any(c.upper() not in LETTERS for c in word):
            raise RuleError(
                "{word} in {text} is not a colour: use yellow, green, red, blue, white "
                "or their letters Y G R B W",
                word=repr(word),
                text=repr(text.strip()),
            )
        if count and len(word) > 1:
            raise RuleError(
                "{term} in {text} is ambiguous: write a count before one colour, e.g. 2W + B",
                term=count + word,
                text=repr(text.strip()),
            )
        for c in word:
            counts[LETTERS.index(c.upper())] += int(count) if count else 1
    return cubes_of(counts)


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
        raise RuleError('say which side you give: "left" or "right", not {give}', give=repr(give))

    @property
    def text(self) -> str:
        return f"{letters(self.left)} = {letters(self.right)}"


def check_equation(left: Cubes, right: Cubes, text: str) -> Equation:
    for side, cubes in ((Phrase("the left side"), left), (Phrase("the right side"), right)):
        if not 1 <= sum(cubes) <= MAX_SIDE:
            raise RuleError(
                "each side of an equation has 1 to {most} cubes; {side} of {text} has {size}",
                most=MAX_SIDE,
                side=side,
                text=repr(text),
                size=sum(cubes),
            )
    shared = [colour for colour, a, b in zip(COLOURS, left, right) if a and b]
    if shared:
        raise RuleError(
            "the two sides of an equation share no colour: {colour} is on both sides of {text}",
            colour=shared[0],
            text=repr(text),
        )
    return Equation(left, right)


def parse_equation(value: Any) -> Equation:
    """``"R = BGYW"``, or a pair of sides ``["R", "BGYW"]``."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        text = f"{value[0]} = {value[1]}"
        return check_equation(parse_cubes(value[0]), parse_cubes(value[1]), text)
    if not isinstance(value, str):
        raise RuleError("an equation is written as 'R = BGYW', not {value}", value=repr(value))
    parts = value.split("=")
    if len(parts) != 2:
        raise RuleError("an equation has one '=' between its two sides: {value}", value=repr(value.strip()))
    return check_equation(parse_cubes(parts[0]), parse_cubes(parts[1]), value.strip())


def parse_card(value: Any) -> tuple[Equation, ...]:
    """An exchange card: five equations, as one text separated by ';' (or new lines), or a list."""
    if isinstance(value, str):
        items = [part for part in re.split(r"[;\n]", value) if part.strip()]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise RuleError(
            "an exchange card is its five equations, e.g. 'R = BGYW; R = WW; …', not {value}",
            value=repr(value),
        )
    if len(items) != EQUATIONS_PER_CARD:
        raise RuleError(
            "an exchange card has {count} equations, not {given}", count=EQUATIONS_PER_CARD, given=len(items)
        )
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
            raise RuleError("a ware card's star is true or false, not {star}", star=repr(star))
        cubes = parse_cubes(value.get("cubes"), A_WARE_CARD)
    elif isinstance(value, str):
        text, star = value.strip(), False
        for mark in STAR_MARKS:
            if text.lower().endswith(mark):
                text, star = text[: -len(mark)], True
                break
        cubes = parse_cubes(text, A_WARE_CARD)
    else:
        raise RuleError(
            "a ware card is written as its five cubes, e.g. 'YYGRB*', not {value}", value=repr(value)
        )
    if sum(cubes) != WARE_SIZE:
        raise RuleError(
            "a ware card pictures {count} cubes, not {given} ({cubes})",
            count=WARE_SIZE,
            given=sum(cubes),
            cubes=letters(cubes) or Phrase("none"),
        )
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
        if not sep or not head.strip().isdecimal():
            raise RuleError("exchange-card file, line {line}: write 'N: equation; …'", line=number)
        try:
            card = parse_card(body)
        except RuleError as exc:
            raise RuleError(
                "exchange-card file, line {line}: {problem}", line=number, problem=exc.phrase
            ) from None
        key = int(head)
        if key in cards:
            raise RuleError(
                "exchange-card file, line {line}: card {card} is listed twice", line=number, card=key
            )
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
            raise RuleError(
                "ware-card file, line {line}: {problem}", line=number, problem=exc.phrase
            ) from None
    return wares
