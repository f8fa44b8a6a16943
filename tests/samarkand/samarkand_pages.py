"""Samarkand's browser tests' shared start: Ana's and Ben's phones (390×844) joined."""

from __future__ import annotations

from browser_rig import Pages, join

PHONE = (390, 844)


def two_phones(browser, server, locale: str):
    """The pages on the ``server`` fixture's server, and Ana's and Ben's phones joined in
    seats 1 and 2: ``(pages, ana, ben)``."""
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = [pages.open(locale=locale, size=PHONE) for _ in range(2)]
    for seat, (page, name) in enumerate(zip(phones, ("Ana", "Ben"))):
        join(page, seat, name)
    return (pages, *phones)
