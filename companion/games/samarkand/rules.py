"""The table's rule options for Samarkand, checked: the edition and every option that
docs/rules/samarkand.md names, and the board (a board file's text, parsed and validated)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase

EDITIONS = ("2.0", "1998")
CHOICES: dict[str, tuple[str, ...]] = {
    "edition": EDITIONS,
    "open_money": ("by_edition", "open", "secret"),
    "covered_two": ("half", "none"),
    "movement": ("board", "free"),
}
DESCRIPTIONS = {
    "edition": Phrase(
        "2.0 (cubes, a bag, the closed-market token) or 1998 (cards, a deck, two transparent chips)"
    ),
    "target": Phrase("the piasters that win at once (the rules: 500)"),
    "open_money": Phrase("money public or secret: by_edition (1998 open, 2.0 secret), open, secret"),
    "covered_two": Phrase(
        "1998: two goods of a covered kind pay half the 2-goods price (half) or cannot be sold (none)"
    ),
    "movement": Phrase(
        "board: the companion knows the board and checks every move; free: each "
        "player says which space they landed on, nothing is checked"
    ),
    "first_player": Phrase("the seat (1, 2, …) of the oldest player, who places first and plays first"),
    "board": Phrase(
        "the board file's text (JSON or TOML, docs/rules/samarkand.md); the default "
        "is the sample board, which is INVENTED"
    ),
}


@dataclass(frozen=True, slots=True)
class Rules:
    edition: str = "2.0"
    target: int = 500
    open_money: str = "by_edition"
    covered_two: str = "half"
    movement: str = "board"
    first_player: int = 1
    board: str = ""

    @property
    def money_public(self) -> bool:
        if self.open_money == "by_edition":
            return self.edition == "1998"
        return self.open_money == "open"

    @property
    def free(self) -> bool:
        return self.movement == "free"

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None, players: int) -> Rules:
        data = dict(raw or {})
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RuleError(
                "{game} has no rule option {name} (options: {known})",
                game="Samarkand",
                name=repr(unknown[0]),
                known=", ".join(known),
            )
        for name, allowed in CHOICES.items():
            if name in data and data[name] not in allowed:
                raise RuleError(
                    "rule option {name} must be one of {allowed}, not {value}",
                    name=repr(name),
                    allowed=", ".join(map(repr, allowed)),
                    value=repr(data[name]),
                )
        target = data.get("target", 500)
        if type(target) is not int or not 1 <= target <= 100_000:
            raise RuleError(
                "rule option 'target' must be a whole number of piasters from 1 to 100000, not {value}",
                value=repr(target),
            )
        first = data.get("first_player", 1)
        if type(first) is not int or not 1 <= first <= players:
            raise RuleError(
                "rule option 'first_player' must be a seat from 1 to {players}, not {value}",
                players=players,
                value=repr(first),
            )
        board = data.get("board", "")
        if not isinstance(board, str):
            raise RuleError("rule option 'board' must be the board file's text")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        shown = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "board"}
        shown["money_public"] = self.money_public
        return shown
