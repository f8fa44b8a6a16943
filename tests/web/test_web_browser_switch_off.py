"""The host console switches the table off at the end of an evening, where the table is set
up to ([power] switch_off, install-pi.sh): on the lobby's console at a phone's size in
French and on a game's console at a table screen's size in English, asked to confirm. A
phone and the table screen then say so and when to unplug it, and keep saying it once the
table is gone, rather than "Reconnecting"."""

from __future__ import annotations

from dataclasses import replace

import pytest
from browser_rig import NEEDED, TABLE_SIZES, Pages, T, log_in, served, wait_on
from web_rig import PIN, make_appliance

from companion.config import PowerConfig
from companion.core.registry import game_spec
from companion.runtime.lobby import Lobby

pytestmark = NEEDED
WORDS = {
    "fr-FR": ("Éteindre la table", "La table s'éteint : débranchez-la"),
    "en-GB": ("Switch off the table", "The table is switching off: unplug it"),
}
STREAM_ERRORS = """const Stream = window.EventSource;
window.EventSource = class extends Stream {
  constructor(...args) {
    super(...args);
    this.addEventListener("error", () => { window.streamErrors = (window.streamErrors || 0) + 1; });
  }
};"""
"""An ``init_script`` that counts a page's stream errors (the table gone)."""


def table(tmp_path, switch_off: bool, lobby: bool):
    appliance = make_appliance(tmp_path, bots=True)
    appliance.config = replace(appliance.config, power=PowerConfig(switch_off=switch_off))
    appliance.asked = []
    appliance.power_off = lambda: appliance.asked.append("off")
    if lobby:
        appliance.open_lobby(Lobby.open("market", 3))
    else:
        appliance.new_game(game_spec("market").setup(3), game="market")
    return served(appliance, PIN)


@pytest.mark.parametrize(
    ("locale", "lobby", "size"),
    [("fr-FR", True, None), ("en-GB", False, TABLE_SIZES[0])],
    ids=["lobby", "game"],
)
def test_the_host_switches_the_table_off(browser, tmp_path, locale, lobby, size):
    served_table = table(tmp_path, switch_off=True, lobby=lobby)
    srv, appliance = next(served_table)
    try:
        pw, chromium = browser
        pages = Pages(pw, chromium, srv.url.rstrip("/"))
        host = pages.open("/host", phone=size is None, size=size, locale=locale)
        log_in(host, PIN)
        phone = pages.open("/", locale=locale, init_script=STREAM_ERRORS)
        screen = pages.open("/table", phone=False, size=size, locale=locale, init_script=STREAM_ERRORS)
        label, done = WORDS[locale]
        host.wait_for_selector(f"#switch-off:not([disabled]) >> text={label}", timeout=T)
        host.click("#switch-off")  # the confirmation is accepted (Pages)
        host.wait_for_selector(f"#toast:not([hidden]) >> text={done}", timeout=T)
        wait_on(host, lambda: appliance.asked == ["off"], "the table switched off")
        for page in (phone, screen):
            page.wait_for_selector(f"#switching-off:not([hidden]) >> text={done}", timeout=T)
        assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
        next(served_table, None)  # the Pi goes off: the rig's teardown closes server and table
        for page in (phone, screen):
            wait_on(page, lambda page=page: page.evaluate("window.streamErrors || 0"), "the stream to end")
            assert page.locator("#offline").is_hidden() and page.locator("#switching-off").is_visible()
    finally:
        next(served_table, None)  # the rig's teardown (no-op once done)


def test_a_table_not_set_up_to_switch_off_offers_no_button(browser, tmp_path):
    served_table = table(tmp_path, switch_off=False, lobby=False)
    srv, _ = next(served_table)
    try:
        pw, chromium = browser
        host = Pages(pw, chromium, srv.url.rstrip("/")).open("/host", phone=False, size=TABLE_SIZES[0])
        log_in(host, PIN)
        host.wait_for_selector("#logout:not([disabled])", timeout=T)
        assert host.locator("#switch-off").count() == 0
    finally:
        next(served_table, None)  # the rig's teardown (no-op once done)
