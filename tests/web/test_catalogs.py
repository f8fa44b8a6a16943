"""The French catalog: every word a person reads has its French, the compiled catalog is the
one the .po says, and a Phrase or a refusal is never an f-string (which cannot be translated).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "web/translations/fr/LC_MESSAGES/messages.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")
TRANSLATED_CODE = ("web", "companion/core", "companion/games")
MARKERS = {"Phrase", "RuleError", "Refused"}


def read(path: Path):
    with path.open("rb") as f:
        return read_po(f, locale="fr")


def forms(message) -> tuple[str, ...]:
    """A message's French: one form, or a plural's forms (a list when read from a .mo)."""
    string = message.string
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


def ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


@pytest.fixture(scope="module")
def merged(tmp_path_factory):
    """The French catalog merged with what the source says today (scripts/catalogs on a copy,
    in a fr/LC_MESSAGES folder: the folder names the catalog's language)."""
    copy = tmp_path_factory.mktemp("catalog") / "fr/LC_MESSAGES/messages.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(PO, copy)
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(ROOT / "scripts/catalogs")],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PO": str(copy), "PYBABEL": str(pybabel)},
    )
    return read(copy)


def test_the_catalog_holds_every_word_of_the_source_and_no_other(merged):
    ours = {m.id for m in read(PO) if m.id}
    today = {m.id for m in merged if m.id}
    assert sorted(map(str, today - ours)) == [], "new words: run scripts/catalogs and translate them"
    assert sorted(map(str, ours - today)) == [], "words no longer used: run scripts/catalogs"


def test_every_word_has_its_french():
    missing = [ids(m)[0] for m in read(PO) if m.id and not all(forms(m))]
    fuzzy = [ids(m)[0] for m in read(PO) if m.id and m.fuzzy]
    assert missing == [] and fuzzy == []


def test_the_french_fills_in_the_same_placeholders():
    for message in read(PO):
        if not message.id:
            continue
        wanted = set(PLACEHOLDER.findall(" ".join(ids(message))))
        for form in filter(None, forms(message)):  # (no French yet: the test above)
            assert set(PLACEHOLDER.findall(form)) == wanted, (message.id, form)


def test_the_compiled_catalog_is_the_po_compiled():
    """The setup compiles the .po (scripts/setup.sh); a stale .mo would show old French."""
    with MO.open("rb") as f:
        compiled = {ids(m): forms(m) for m in read_mo(f) if m.id}
    written = {ids(m): forms(m) for m in read(PO) if m.id and all(forms(m))}
    assert compiled == written, "the .mo is out of date: run scripts/setup.sh (pybabel compile)"


def test_a_phrase_or_refusal_is_a_template_never_an_f_string():
    """An f-string's words are fixed before the catalog can see them: "{name}", name=… instead."""
    found = []
    for top in TRANSLATED_CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS
                    and any(isinstance(arg, ast.JoinedStr) for arg in node.args)
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_no_page_module_glues_a_colon_onto_words():
    """`label + ": " + value` reads "Merv: rouge" to a French reader, who writes "Merv : rouge":
    a page module says a label and its value with ``labelled`` (shell.js)."""
    glued = re.compile(r"""\+\s*"\)?: "|": "\s*\+""")
    modules = [*(ROOT / "web/static").glob("*.js"), *(ROOT / "companion/games").glob("*/web/static/*.js")]
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(modules)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if glued.search(line)
    ]
    assert modules and found == []
