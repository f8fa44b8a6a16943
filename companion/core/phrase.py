"""English a person reads, kept with how it was made so a page can say it in French.

A ``Phrase`` is a ``str`` (the English, for the terminal and the logs) that also keeps its
template and parameters: the web looks the template up in the gettext catalogs and fills it
in the reader's language. Templates use ``{name}`` placeholders, the same in Python and in
the pages' JavaScript. ``Phrase("…")`` is also how game code marks a fixed string (a title,
an option's description, a prompt) for the catalogs: ``pybabel extract`` finds every call.
"""

from __future__ import annotations

from typing import Any


class Phrase(str):
    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Phrase:
        phrase = super().__new__(cls, template.format(**params) if params else template)
        phrase.template, phrase.params = template, params
        return phrase

    @classmethod
    def of(cls, text: str, /, **params: Any) -> Phrase:
        """``text`` as a Phrase: itself if it already is one (and nothing is to be filled in)."""
        return text if isinstance(text, Phrase) and not params else cls(str(text), **params)

    def __reduce__(self):
        """Pickled (to a simulation worker) as itself, not as a plain str."""
        return _rebuild, (self.template, self.params)

    def to_dict(self) -> dict[str, Any]:
        """For a page: the English, and the template and parameters to translate."""
        return {"text": str(self), "template": self.template, "params": self.params}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Phrase:
        """The Phrase ``to_dict`` gave, as the store keeps it."""
        return cls(data["template"], **data["params"])


def _rebuild(template: str, params: dict[str, Any]) -> Phrase:
    return Phrase(template, **params)
