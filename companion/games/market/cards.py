"""Market cards: each shows sets of cubes with what they pay, as data the table gives.

The publisher's 15 cards are printed in no source we have, so a card is never a constant
in code: at a physical table the host types each card as it is revealed, and a digital
game draws from a deck given in the rules (the package ships one invented sample deck,
data/sample_deck.toml). Everything that turns typed or filed data into cards is here,
each fault named by where it is ("card 3 (Saffron Row), set 2: ...") in a Phrase, so the
host reads it in the console's language.

The forms a card is accepted in (docs/rules/market.md, "Market-card files"):
- ``{"name": "Saffron Row", "sets": [{"cubes": {"yellow": 2}, "pays": 25}, ...]}``, the
  cubes also as colour letters (``"cubes": "YYB"``: Y yellow, B blue, R red, G green,
  K black);
- typed on one line: ``"YY=25, YBK=70"`` or ``"Saffron Row: YY=25, YBK=70"``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from companion.games.market import cubes as cu

CARDS_USED = 12
"""Cards a game uses: 3 current at the start and 9 revealed later (3 of 15 stay unseen)."""
MAX_SETS = 6
MAX_SET_CUBES = 10
MAX_PAYOUT = 10_000
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class CubeSet:
    cubes: cu.Cubes
    pays: int


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    sets: tuple[CubeSet, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sets": [{"cubes": cu.to_dict(s.cubes), "pays": s.pays} for s in self.sets],
        }

    def text(self) -> str:
        """The card on one line, as it is typed: "Saffron Row: YY=25, YBK=70"."""
        return f"{self.name}: " + ", ".join(f"{cu.letters(s.cubes)}={s.pays}" for s in self.sets)


# ------------------------------------------------------------------ one card
def parse_card(raw: Any, where: str = Phrase("market card"), default_name: str = "Card") -> Card:
    """A card from its JSON form or its typed line, every fault named with ``where``."""
    if isinstance(raw, Card):
        return raw
    if isinstance(raw, str):
        raw = _card_from_line(raw, where)
    if not isinstance(raw, dict):
        raise RuleError(
            '{where}: expected {{"name": ..., "sets": [{{"cubes": "YYB", "pays": 30}}]}} '
            'or a line like "YYB=30, RG=20", not {value}',
            where=where,
            value=repr(raw),
        )
    unknown = sorted(set(raw) - {"name", "sets"})
    if unknown:
        raise RuleError(
            "{where}: unknown field {field} (a card has a name and sets)", where=where, field=repr(unknown[0])
        )
    name = raw.get("name", default_name)
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise RuleError(
            "{where}: the name must be text of 1 to {most} characters, not {name}",
            where=where,
            most=MAX_NAME,
            name=repr(name),
        )
    name = name.strip()
    where = Phrase("{where} ({name})", where=where, name=name)
    sets = raw.get("sets")
    if not isinstance(sets, (list, tuple)) or not 1 <= len(sets) <= MAX_SETS:
        raise RuleError(
            "{where}: sets must list 1 to {most} sets, not {sets}",
            where=where,
            most=MAX_SETS,
            sets=repr(sets),
        )
    checked = tuple(_set(s, _set_where(where, i)) for i, s in enumerate(sets))
    for i, s in enumerate(checked):
        if any(other.cubes == s.cubes for other in checked[:i]):
            raise RuleError(
                "{where}: the same cubes ({cubes}) are a set twice on one card",
                where=_set_where(where, i),
                cubes=cu.letters(s.cubes),
            )
    return Card(name, checked)


def _set_where(where: str, i: int) -> Phrase:
    return Phrase("{where}, set {n}", where=where, n=i + 1)


def _set(raw: Any, where: str) -> CubeSet:
    if not isinstance(raw, dict):
        raise RuleError(
            '{where}: expected {{"cubes": ..., "pays": ...}}, not {value}', where=where, value=repr(raw)
        )
    unknown = sorted(set(raw) - {"cubes", "pays"})
    if unknown:
        raise RuleError(
            "{where}: unknown field {field} (a set has cubes and pays)", where=where, field=repr(unknown[0])
        )
    if "cubes" not in raw or "pays" not in raw:
        raise RuleError("{where}: a set needs both its cubes and what it pays", where=where)
    try:
        cubes = cu.parse(raw["cubes"])
    except RuleError as exc:
        raise RuleError("{where}: {fault}", where=where, fault=exc.phrase) from None
    if not 1 <= cu.total(cubes) <= MAX_SET_CUBES:
        raise RuleError(
            "{where}: a set is 1 to {most} cubes, not {count}",
            where=where,
            most=MAX_SET_CUBES,
            count=cu.total(cubes),
        )
    pays = raw["pays"]
    if type(pays) is not int or not 0 < pays <= MAX_PAYOUT:
        raise RuleError(
            "{where}: pays must be a whole number of piasters from 1 to {most}, not {pays}",
            where=where,
            most=MAX_PAYOUT,
            pays=repr(pays),
        )
    return CubeSet(cubes, pays)


def _card_from_line(line: str, where: str) -> dict:
    """ "Name: YY=25, YBK=70" (the name optional) as the card's JSON form."""
    card: dict[str, Any] = {}
    name, colon, rest = line.partition(":")
    if colon:
        card["name"] = name
    else:
        rest = line
    sets = []
    for i, part in enumerate(p for p in rest.replace(";", ",").split(",") if p.strip()):
        cubes, equals, pays = part.partition("=")
        if not equals or not pays.strip().isdecimal():
            raise RuleError(
                '{where}: write each set as colour letters = payout, like "YYB=30", not {part}',
                where=_set_where(where, i),
                part=repr(part.strip()),
            )
        sets.append({"cubes": cubes.strip(), "pays": int(pays)})
    card["sets"] = sets
    return card


# ------------------------------------------------------------------ a deck
def parse_deck(raw: Any, where: str = "market_deck") -> tuple[Card, ...]:
    """A deck from a list of cards, a deck file's parsed table ({"cards": [...]} or TOML's
    [[card]] tables) or a deck file's text (TOML or JSON)."""
    if isinstance(raw, str):
        raw = deck_text(raw, where)
    if isinstance(raw, dict):
        unknown = sorted(set(raw) - {"note", "invented", "card", "cards"})
        if unknown:
            raise RuleError(
                "{where}: unknown field {field} (a deck file has note, invented and its cards)",
                where=where,
                field=repr(unknown[0]),
            )
        raw = raw.get("cards", raw.get("card"))
    if not isinstance(raw, (list, tuple)):
        raise RuleError("{where}: expected a list of market cards, not {value}", where=where, value=repr(raw))
    if len(raw) < CARDS_USED:
        raise RuleError(
            "{where}: a deck needs at least {used} market cards (a game uses {used}), not {count}",
            where=where,
            used=CARDS_USED,
            count=len(raw),
        )
    cards = tuple(parse_card(card, _card_where(where, i), f"Card {i + 1}") for i, card in enumerate(raw))
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.name in seen:
            raise RuleError(
                "{where}: two cards are called {name}", where=_card_where(where, i), name=repr(card.name)
            )
        seen.add(card.name)
    return cards


def _card_where(where: str, i: int) -> Phrase:
    return Phrase("{where}: card {n}", where=where, n=i + 1)


def deck_text(text: str, where: str = "market_deck") -> Any:
    """A deck file's text, TOML or JSON (whichever it is), as parsed data."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")) and not stripped.startswith("[["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleError(
                "{where}: not valid JSON (line {line}: {fault})", where=where, line=exc.lineno, fault=exc.msg
            ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("{where}: not valid TOML or JSON ({fault})", where=where, fault=str(exc)) from None


def deck_to_data(cards: tuple[Card, ...]) -> list[dict]:
    return [card.to_dict() for card in cards]
