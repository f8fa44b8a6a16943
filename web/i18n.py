"""French and English: the reader's language, the switch on every page, and the words the
pages' JavaScript reads.

The language is the one the reader chose on the page (a cookie), else the phone's own
(Accept-Language), else English. English is the source language: the templates, the
pages' modules and the games hold English, and the gettext catalogs in
``web/translations`` (compiled by the setup) say it in French. A game's message comes as a
``Phrase`` (``companion.core.phrase``): its template is looked up and filled in here, or by
the page with the same catalog, delivered to it as JSON in the page itself.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from flask import Blueprint, redirect, request
from flask_babel import Babel, get_locale, get_translations

from companion.core.default_names import FORMS
from companion.core.phrase import Phrase

LANGUAGES = {"en": "English", "fr": "Français"}
DEFAULT = "en"
LANGUAGE_COOKIE = "samarkand_lang"
bp = Blueprint("i18n", __name__)


def install(app) -> None:
    Babel(app, default_locale=DEFAULT, locale_selector=reader_language)
    app.jinja_env.globals.update(page_words=page_words, other_languages=other_languages, language=language)
    app.register_blueprint(bp)


def reader_language() -> str:
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


def language() -> str:
    return str(get_locale() or DEFAULT)


def other_languages() -> list[tuple[str, str]]:
    return [(code, name) for code, name in LANGUAGES.items() if code != language()]


@bp.get("/lang/<code>")
def choose(code: str):
    """The switch on every page: remember the reader's language and show the page again."""
    response = redirect(local_path(request.args.get("next", "/")))
    if code in LANGUAGES:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


LOCAL_PATH = re.compile(r"/(?!/)[!-\[\]-~]*")
"""A path of this appliance: printable ASCII but for spaces and backslashes, and no "//" at
the start. A browser drops tabs and newlines from a URL and reads a backslash as a slash,
so a tab or a backslash after the first slash would take it to another site."""


def local_path(back: str) -> str:
    """``back`` if it is a path of this appliance, else the front page."""
    return back if LOCAL_PATH.fullmatch(back) else "/"


def say(text: Any) -> str:
    """``text`` in the reader's language: a Phrase's template translated and filled in
    (its words translated too: a colour, a goods type), a plain string looked up as is."""
    translations = get_translations()
    if isinstance(text, Phrase):
        params = {key: say(value) if isinstance(value, str) else value for key, value in text.params.items()}
        template = translations.ugettext(text.template)
        if not params:
            return template
        return (elided(template, params) if language() == "fr" else template).format(**params)
    return in_words(str(text)) or translations.ugettext(str(text))


def in_words(name: str) -> str | None:
    """A seat's own name or a bot's mark as the appliance stores them in English ("Seat 3",
    "Seat 3 (bot)", "Tara (bot)": companion/core/default_names.py), in the reader's language
    (as the pages' shell.js says them); None for any other text."""
    for pattern, template in FORMS:
        found = pattern.fullmatch(name)
        if found:
            value = found.group(1)
            return say(Phrase(template, **({"n": int(value)} if "{n}" in template else {"name": value})))
    return None


ELISION = re.compile(r"\b(de|que) \{(\w+)\}")
VOWELS = "aeiouàâäéèêëîïôöûüù"


def elided(template: str, params: dict[str, Any]) -> str:
    """French elides "de" and "que" before a vowel, and a placeholder's value decides it:
    "les bijoux d'Ana", "c'est à Bo d'acheter" (the pages' shell.js does the same)."""

    def elide(match: re.Match) -> str:
        word, key = match.groups()
        starts = str(params.get(key, ""))[:1].lower()
        return f"{word[:-1]}'{{{key}}}" if starts and starts in VOWELS else match.group(0)

    return ELISION.sub(elide, template)


def page_words() -> dict[str, Any]:
    """The catalog of the reader's language for the page's JavaScript: msgid -> msgstr
    (a list of forms for a plural). Empty for English, which is the source."""
    return {"language": language(), "words": _words(language())}


@cache
def _words(language_code: str) -> dict[str, Any]:
    """Built once per language (the catalogs are read at start, like Flask-Babel's)."""
    words: dict[str, Any] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, text in getattr(get_translations(), "_catalog", {}).items():
        if isinstance(key, tuple):  # (msgid, plural form index)
            plurals.setdefault(key[0], {})[key[1]] = text
        elif key:  # "" is the catalog's header
            words[key] = text
    words.update({msgid: [forms[i] for i in sorted(forms)] for msgid, forms in plurals.items()})
    return words
