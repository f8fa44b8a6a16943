"""Samarkand's French: every msgid Samarkand's code and pages use reads with French
typography (a space before a colon), and the closed market is never "le marché noir"
(which reads as "the black market")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "web/translations/fr/LC_MESSAGES/messages.po"
METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2"), ("**.js", "javascript")]
KEYWORDS = {"Phrase": None, "RuleError": None, "_": None, "ngettext": (1, 2)}
TIGHT_COLON = re.compile(r"[^\s\"]:(?!//)")
"""A colon with no space before it (a URL's "://" and a JSON example's key aside)."""


def samarkand_ids() -> set[str]:
    found = extract_from_dir(ROOT / "companion/games/samarkand", METHODS, keywords=KEYWORDS)
    return {m if isinstance(m, str) else m[0] for _, _, m, _, _ in found}


def french() -> dict[str, tuple[str, ...]]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {
        (m.id if isinstance(m.id, str) else m.id[0]): (
            tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)
        )
        for m in catalog
        if m.id
    }


def test_samarkands_french_has_a_space_before_every_colon():
    ours, catalog = samarkand_ids(), french()
    assert len(ours) > 200 and ours <= set(catalog)
    tight = sorted(text for mid in ours for text in catalog[mid] if TIGHT_COLON.search(text))
    assert tight == []


def test_the_closed_market_is_never_the_black_market_in_french():
    catalog = french()
    for mid in samarkand_ids():
        for text in catalog[mid]:
            assert not re.search(r"marché \{(market|symbol)\}", text), (mid, text)
    assert catalog["the market for black"] == ("le marché aux cubes noirs",)
