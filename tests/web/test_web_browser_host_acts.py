"""The host console decides for a seat only where no connected phone holds it, and says so
(Chromium, Le Marché's claims, in English at a table screen's size and in French at a
phone's size): a stopper whose phone is open claims on it; a stopper whose phone has gone
gets the host's claim buttons."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, Pages, T, join, log_in, wait_on
from test_web_browser_stops import server  # noqa: F401  (Ana, Bo and Cy at Le Marché, served)
from web_rig import PIN, counting, phase

from companion.core.game import Event

pytestmark = NEEDED
WORDS = {
    "en-GB": ("You decide here only for a seat no connected phone holds", "Cy:"),
    "fr-FR": ("Vous ne décidez ici que pour une place qu'aucun téléphone connecté ne tient", "Cy :"),
}


@pytest.mark.parametrize("locale, phone_sized", [("en-GB", False), ("fr-FR", True)], ids=["en", "fr"])
def test_the_host_claims_only_for_the_stopper_whose_phone_has_gone(browser, server, locale, phone_sized):
    pw, chromium = browser
    srv, appliance = server
    hint, cy_row = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = [pages.open("/", locale=locale) for _ in range(3)]
    for seat, (page, name) in enumerate(zip(phones, ("Ana", "Bo", "Cy"))):
        join(page, seat, name)
    host = pages.open("/host", phone=phone_sized, locale=locale)
    log_in(host, PIN)
    phones[2].context.close()  # Cy's phone goes away
    wait_on(host, lambda: appliance.disconnected() == {2}, "Cy's phone to be seen gone")

    for seat in range(3):
        appliance.call(lambda now, seat=seat: appliance.session.act(Event("pick", seat, {"card": 7}), now))
    wait_on(host, lambda: counting(appliance), "the countdown")

    def both_press(now: int) -> None:  # Ana and Cy stop together
        for seat in (0, 2):
            appliance.inputs.press(seat, True, now)
            appliance.inputs.press(seat, False, now + 100_000)

    appliance.call(both_press)
    wait_on(host, lambda: phase(appliance) == "claiming", "the stop")

    box = host.locator("#host-claims:not([hidden])")
    box.wait_for(timeout=T)
    assert hint in box.text_content()
    rows = host.locator("#claim-rows > div")
    assert rows.count() == 1 and rows.first.locator("strong").text_content() == cy_row
    with host.expect_response(lambda r: r.url.endswith("/api/host/act")) as answer:
        rows.first.locator("button.quiet").click()  # "nothing": a false stop
    assert answer.value.status == 200
    wait_on(host, lambda: appliance.session.state.stop.claims.get(2, "none") is None, "Cy's claim")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_a_console_whose_login_a_restart_forgot_asks_for_the_pin_again(browser, server):
    """The host's login lives in the table's memory: after a restart the open console's
    next command is refused, and the console then shows the PIN form by itself."""
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    host = pages.open("/host", phone=False)
    log_in(host, PIN)
    pause = host.locator("button[data-command=pause]:not([disabled])")
    pause.wait_for(timeout=T)
    srv.app.extensions["samarkand.hosts"].sessions.clear()  # as a restart forgets them
    with host.expect_response(lambda r: r.url.endswith("/api/host/pause")) as answer:
        pause.click()
    assert answer.value.status == 403
    pages.refused(host, "/api/host/pause", "403 (FORBIDDEN)")  # that refusal was the point
    host.wait_for_selector("#login-form #pin", timeout=T)
    log_in(host, PIN)
    host.locator("button[data-command=pause]:not([disabled])").wait_for(timeout=T)
    assert pages.errors == [], pages.errors
