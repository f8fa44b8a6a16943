"""The browser tests' rig: Debian's chromium driven by Playwright's sync API, phone-sized
contexts that may only talk to the server under test, and every page error collected.

scripts/test installs chromium; under CI a missing browser fails the tests instead of
skipping them."""
from __future__ import annotations

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NEEDED = pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                            reason="needs Debian's chromium (scripts/test installs it)")
T = 15_000   # ms: the longest any step of the game may take


def launch(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)


class Pages:
    """Browser contexts that may only talk to the server; every outside request is failed."""

    def __init__(self, pw, browser, base: str) -> None:
        self.pw, self.browser, self.base = pw, browser, base
        self.outside: list[str] = []
        self.errors: list[str] = []

    def open(self, path: str = "/", phone: bool = True, width: int | None = None,
             init_script: str | None = None, locale: str = "en-GB"):
        """A new page (its own cookies); ``locale`` is the phone's language (Accept-Language)."""
        device = dict(self.pw.devices["iPhone 13"]) if phone else {}
        device.pop("default_browser_type", None)
        if width:
            device["viewport"] = {"width": width, "height": 740}
        context = self.browser.new_context(**device, locale=locale)
        context.route("**/*", self._only_local)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.on("console", lambda m: m.type == "error" and "404" not in m.text
                and self.errors.append(m.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(self.base + path)
        return page

    def _only_local(self, route) -> None:
        if route.request.url.startswith(self.base):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()


def join(page, seat: int, name: str, ready: str = "#me h1") -> None:
    """Take ``seat`` as ``name`` on the join page; ``ready`` shows the player's own page."""
    page.fill("#name", name)
    page.locator("#seats button").nth(seat).click()
    page.wait_for_selector(f"{ready} >> text={name}", timeout=T)     # drawn, with the name


def served(appliance, pin: str):
    """The appliance's runner started and its page served on a free port; a generator for
    a fixture: yields the server, then closes it and the appliance."""
    from web.server import Server
    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, pin)
    yield server, appliance
    server.close()
    appliance.close()


def log_in(host, pin: str) -> None:
    """The host console's login page, logged in with ``pin``."""
    host.fill("#pin", pin)
    host.click("#login-form button")


def host_console(browser, server, pin: str, locale: str = "en-GB"):
    """Pages on ``server`` (the ``browser`` fixture's), and the host console on them,
    logged in with ``pin``."""
    pw, chromium = browser
    pages = Pages(pw, chromium, server.url.rstrip("/"))
    host = pages.open("/host", locale=locale)
    log_in(host, pin)
    return pages, host


def seated_table(pages: Pages, names: list[str], pin: str, widths: dict[int, int] | None = None,
                 locale: str = "en-GB"):
    """Phones for ``names`` (seat by seat, each joined), the table screen, and the host
    console logged in with ``pin``: ``(phones, table, host)``, all in ``locale``'s language."""
    phones = [pages.open(width=(widths or {}).get(seat), locale=locale) for seat in range(len(names))]
    for seat, (page, name) in enumerate(zip(phones, names)):
        join(page, seat, name)
    table = pages.open("/table", phone=False, locale=locale)
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, pin)
    return phones, table, host


def wait_on(page, predicate, what: str, timeout_ms: int = T):
    """Poll ``predicate`` (the server's side) while ``page``'s Playwright keeps running: the
    sync API answers a page's dialogs (the console's confirm) only inside its own calls, so
    a plain sleep while a confirm is open would wait for ever."""
    waited = 0
    while waited < timeout_ms:
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(20)
        waited += 20
    raise AssertionError(f"timed out waiting for {what}")
