"""Samarkand's rule options: the schema the host's form and the registry check (each
option's type, choices and words, checked by the core alone), and the typed options the
rules read: the edition and every option that docs/rules/samarkand.md names, and the board.

The board is an option too: ``board`` carries a board file's text. Its default is the
package's invented sample board (data/), read once when the package registers
(``data_file``, the one way a game carries data), so every setup carries its board and a
stored game replays without the file.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from companion.core.options import Option, RuleOptions
from companion.core.phrase import Phrase
from companion.core.registry import data_file

SAMPLE_BOARD = data_file(__package__, "sample_board.json")
"""The sample board's file text (INVENTED: not the printed board)."""

EDITIONS = ("2.0", "1998")

OPTIONS: tuple[Option, ...] = (
    Option(
        "edition",
        "2.0",
        Phrase("2.0 (cubes, a bag, the closed-market token) or 1998 (cards, a deck, two transparent chips)"),
        EDITIONS,
    ),
    Option(
        "open_money",
        "by_edition",
        Phrase("money public or secret: as the edition says (open in 1998, secret in 2.0), open or secret"),
        ("by_edition", "open", "secret"),
    ),
    Option(
        "covered_two",
        "half",
        Phrase(
            "1998: what two goods of a covered kind sell for: half the 2-goods price, or none (they cannot be sold)"
        ),
        ("half", "none"),
    ),
    Option(
        "movement",
        "board",
        Phrase(
            "how the figures move: along the board (the companion knows the board and "
            "checks every move) or free (each player says which space they landed on, "
            "nothing is checked)"
        ),
        ("board", "free"),
    ),
    Option("target", 500, Phrase("the piasters that win at once (the rules: 500)"), low=1, high=100_000),
    Option(
        "first_player",
        1,
        Phrase("the seat (1, 2, …) of the oldest player, who places first and plays first"),
        seat=True,
    ),
    Option(
        "board",
        SAMPLE_BOARD,
        Phrase(
            "the board file's text (JSON or TOML, docs/rules/samarkand.md); the default "
            "is the sample board, which is INVENTED"
        ),
    ),
)
"""The schema: each option's type, choices and words, checked by the core alone."""


@dataclass(frozen=True, slots=True)
class SamarkandOptions(RuleOptions):
    """The options of one game, built by ``from_rules`` from a setup's rules."""

    schema: ClassVar[tuple[Option, ...]] = OPTIONS

    edition: str
    open_money: str
    covered_two: str
    movement: str
    target: int
    first_player: int
    board: str

    @property
    def money_public(self) -> bool:
        if self.open_money == "by_edition":
            return self.edition == "1998"
        return self.open_money == "open"

    @property
    def free(self) -> bool:
        return self.movement == "free"

    def to_dict(self) -> dict[str, Any]:
        """The options every view shows: the board's text left out (the view shows the
        board itself), whether money is public added."""
        shown = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "board"}
        shown["money_public"] = self.money_public
        return shown
