"""Every game's phone page on the narrowest phones, with the rules at a glance open: nothing
reaches past the screen's sides, in French (the longer words) and English. Samarkand's price
table ran 77 px past a 320 px screen in French, and past 360 px in both languages: the
prices of six and seven goods were cut off; Le Marché's sets ran past 320 px."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, PHONE_SIZES, SMALLEST_PHONE, Pages, T, join, past_the_sides, served_lobby

pytestmark = NEEDED
GAMES = [("marche", 4), ("market", 3), ("bazaar", 3), ("samarkand", 3)]
LANGUAGES = {"fr-FR": "Ana", "en-GB": "Ben"}


@pytest.fixture(params=GAMES, ids=[name for name, _ in GAMES])
def table(request, tmp_path):
    """A lobby, for Ana and Ben to join before bots fill the other seats."""
    yield from served_lobby(tmp_path, *request.param)


def test_the_phone_page_fits_the_narrowest_phones_with_the_rules_at_a_glance_open(browser, table):
    srv, appliance = table
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = {locale: pages.open("/", size=SMALLEST_PHONE, locale=locale) for locale in LANGUAGES}
    for seat, (locale, name) in enumerate(LANGUAGES.items()):
        join(phones[locale], seat, name, ready="#lobby-you")
    appliance.start_lobby(fill={})  # bots in the other seats
    for locale, phone in phones.items():
        phone.wait_for_selector("body[data-page=player] #me", timeout=T)
        phone.click("#glance summary")
        phone.wait_for_selector("#glance-body", timeout=T)
        for width, height in (SMALLEST_PHONE, *PHONE_SIZES):
            phone.set_viewport_size({"width": width, "height": height})
            assert past_the_sides(phone) == [], (locale, width)
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
