"""The page shell with a second game in a real browser: the urn (the core's toy game)
chosen on the host console's generated form, its label entered in the entry form, a
blind draw entered from the draw buttons, and a phone acting through its own page
module, at a phone's size; and the host's buttons, which wait for the shell."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from browser_rig import NEEDED, Pages, T, host_console, join, log_in, served, wait_on
from web_rig import PIN, make_appliance

pytestmark = NEEDED
EARLY = """window.__early = null;
document.addEventListener("readystatechange", () => {
  if (document.readyState === "interactive")    // parsed; the deferred shell.js not run yet
    window.__early = [...document.querySelectorAll("button")]
      .filter((b) => !b.disabled && !b.closest("[hidden]")).map((b) => b.textContent);
});"""


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3}, {"step_ms": 60, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def test_the_host_starts_the_urn_enters_its_data_and_a_phone_plays_it(browser, server):
    srv, appliance = server
    pages, host = host_console(browser, srv, PIN)
    host.wait_for_selector("#new-game select[name=game] >> text=The urn", state="attached", timeout=T)
    host.select_option("select[name=game]", "urn")
    host.wait_for_selector("input[name='rules.label_at_table']", timeout=T)
    assert host.locator("input[name='table.step_ms']").count() == 0  # no countdown to set
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=mode]", "physical")
    host.check("input[name='rules.label_at_table']")
    host.click("#new-game button[type=submit]")  # the urn's lobby, with these options
    host.wait_for_selector("body[data-page=lobby_host]", timeout=T)
    ana = pages.open("/")
    join(ana, 0, "Ana", ready="#lobby-you")
    host.locator("#lobby-seats li").nth(1).locator("button", has_text="Put a bot here").click()
    host.wait_for_selector("#lobby-seats li:nth-child(2) >> text=a bot", timeout=T)
    host.click("#lobby-start")
    wait_on(
        host, lambda: appliance.spec is not None and appliance.spec.name == "urn", "the urn on the server"
    )
    host.wait_for_selector("body[data-page=host]", timeout=T)

    host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
    assert "label" in host.text_content("#entry-title")
    host.fill("#entry-value", "two words")
    host.click("#entry-form button")
    host.wait_for_selector("#toast:not([hidden]) >> text=one word", timeout=T)
    pages.refused(host, "/api/host/entry", "409 (CONFLICT)")  # that refusal was the point
    host.fill("#entry-value", "Amphora")
    host.click("#entry-form button")
    host.wait_for_selector("#entry-form[hidden]", state="attached", timeout=T)

    ana.wait_for_selector("#urn-actions button:not([disabled]) >> text=Want a ball", timeout=T)
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    ana.click("text=Want a ball")
    ana.wait_for_selector("#card-box:not([hidden]) #card-buttons button", timeout=T)  # hers: on her phone
    host.wait_for_selector("#card-box", state="hidden", timeout=T)
    ana.locator("#card-buttons button", has_text="5 (").click()  # the urn's balls are public
    ana.wait_for_selector("#urn-players >> text=Ana (you): 1 ball(s) 5", timeout=T)
    host.wait_for_selector("#urn-players >> text=Ana: 1 ball(s)", timeout=T)
    assert "5" not in host.text_content("#urn-players li:first-child")  # a blind draw
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_the_hosts_buttons_wait_for_the_shell_to_handle_them(browser, server):
    """shell.js is deferred: a button tapped before it has attached the handler does
    nothing (or sends the login form as a plain GET, the PIN in the address). Every
    button the host could tap is disabled in the page as parsed, until the shell runs."""
    srv, appliance = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    host = pages.open("/host", init_script=EARLY)
    host.wait_for_selector("#login-form button:not([disabled])", timeout=T)
    assert host.evaluate("window.__early") == []
    log_in(host, PIN)
    host.wait_for_selector("[data-command=pause]:not([disabled])", timeout=T)
    host.wait_for_selector("#new-game button[type=submit]:not([disabled])", timeout=T)
    assert host.evaluate("window.__early") == [] and host.is_enabled("#logout")
    assert host.is_disabled("[data-command=resume]")  # not paused: nothing to resume
    host.click("[data-command=pause]")
    wait_on(host, lambda: appliance.session.paused, "the pause")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
