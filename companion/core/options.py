"""A game's rule options: the schema (the one source of each option's type, range, choices
and words) and the typed object a game reads them from, built from that schema.

The registry checks a setup's options against the schema when the host or the CLI makes
it; the engine builds its options object from the same schema when it reads a setup (a
stored or hand-made one), so the checks are written once, here, and each refusal has one
wording a translator sees once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.core.errors import RuleError


@dataclass(frozen=True)
class Option:
    """One rule option: its default (whose type is the option's type), a one-line
    description, the values allowed where they can be listed, the bounds of a number,
    and ``seat`` for a seat numbered from 1 (checked against the number of players)."""

    name: str
    default: Any
    description: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    seat: bool = False

    @property
    def kind(self) -> str:
        """The JSON type a form or a flag asks for: bool, int, str or list."""
        return {bool: "bool", int: "int", str: "str"}.get(type(self.default), "list")

    def check(self, value: Any, players: int | None = None) -> Any:
        """``value`` as the game keeps it, if it is of the option's type and allowed;
        else a RuleError saying what is allowed."""
        expected = type(self.default)
        same_type = type(value) is expected or (self.kind == "list" and isinstance(value, (list, tuple)))
        if not same_type:
            raise RuleError(
                "rule option {name} must be {kind}, not {value}",
                name=repr(self.name),
                kind=self.kind,
                value=repr(value),
            )
        if self.choices and value not in self.choices:
            raise RuleError(
                "rule option {name} must be one of {allowed}, not {value}",
                name=repr(self.name),
                allowed=", ".join(map(repr, self.choices)),
                value=repr(value),
            )
        low, high = (1, players) if self.seat else (self.low, self.high)
        if (low is not None and value < low) or (high is not None and value > high):
            raise RuleError(
                "rule option {name} must be from {low} to {high}, not {value}",
                name=repr(self.name),
                low=low,
                high="…" if high is None else high,
                value=repr(value),
            )
        return value

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "kind": self.kind,
            "description": self.description,
            "choices": list(self.choices),
            "low": 1 if self.seat else self.low,
            "high": self.high,
            "seat": self.seat,
        }


def find_option(schema: tuple[Option, ...], name: Any) -> Option:
    """The option called ``name``; one RuleError, naming the known ones, otherwise."""
    for option in schema:
        if option.name == name:
            return option
    raise RuleError(
        "there is no rule option {name} (options: {known})",
        name=repr(name),
        known=", ".join(o.name for o in schema) or "-",
    )


def check_options(
    schema: tuple[Option, ...], given: Mapping[str, Any] | None, players: int | None = None
) -> dict[str, Any]:
    """Every option of ``schema``: its default, or the value ``given``, checked."""
    chosen = {option.name: option.default for option in schema}
    for name, value in (given or {}).items():
        chosen[name] = find_option(schema, name).check(value, players)
    return chosen


class RuleOptions:
    """The base of a game's typed options: a frozen dataclass whose fields are named as
    the options of its ``schema``, built by ``from_rules`` (never field by field), so
    every option is checked by its schema entry; a game adds its own cross-checks in
    ``__post_init__`` and its derived facts as properties."""

    schema: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None = None, players: int | None = None) -> Self:
        """The options of a setup's ``rules`` (missing ones take their defaults)."""
        return cls(**check_options(cls.schema, rules, players))

    def to_dict(self) -> dict[str, Any]:
        return {option.name: getattr(self, option.name) for option in self.schema}
