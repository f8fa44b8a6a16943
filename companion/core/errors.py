"""Errors a person can read: every refusal names what is wrong."""


class RuleError(ValueError):
    """An action the rules refuse; the state it was applied to is untouched."""
