"""Errors a person can read: every refusal names what is wrong, in words a page can translate."""

from __future__ import annotations

from typing import Any

from companion.core.phrase import Phrase


class RuleError(ValueError):
    """An action the rules refuse; the state it was applied to is untouched.

    ``RuleError("{name} has already bid", name=...)``: the message is a ``Phrase``, so the
    terminal prints it in English and a phone reads it in its own language.
    """

    def __init__(self, template: str, /, **params: Any) -> None:
        self.phrase = Phrase.of(template, **params)
        super().__init__(self.phrase)

    def __str__(self) -> str:
        return str(self.phrase)


def numbered(value: Any) -> str:
    """A lot's, a stall's or an equation's index as a person counts it, from 1 (the log
    counts from 0), for a refusal to name; anything not a whole number as it was sent."""
    return str(value + 1) if type(value) is int else repr(value)
