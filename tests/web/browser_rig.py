"""The browser tests' rig: Debian's chromium driven by Playwright's sync API, phone-sized
contexts that may only talk to the server under test, and every page error collected.

Requests never wait on the test thread: Chromium itself fails every request that would
leave the machine (they all go to a proxy that does not exist, ``--proxy-server``, and
Chromium sends loopback requests direct), and the rig only records them (``outside``).
The sync API still runs the pages' event handlers (a confirm dialog answered, an error or
a request recorded) only while the test thread is inside a Playwright call, so a test that
acts through a page waits on the page: for the answer to what it did (``answered``), for
what the page shows (Playwright's own waits), or for the server while Playwright
dispatches (``wait_on``). web_rig.wait_for, a plain sleep, refuses while a browser runs.

SAMARKAND_BROWSER_ACT_DELAY_MS=100 delays every POST a page fetches by that many ms (an
init script wrapping ``window.fetch``): a test that does not wait for the answer to what it
clicked then fails every time, not one run in four.

scripts/test installs chromium; under CI a missing browser fails the tests instead of
skipping them."""

from __future__ import annotations

import os
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from web_rig import PIN, make_appliance, sleeping_refused

from companion.core.registry import game_spec
from companion.runtime.lobby import Lobby
from web.hub import STREAMS_TOTAL

CHROMIUM = "/usr/bin/chromium"
NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing listens, so the proxy fails
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    f"--proxy-server={NOWHERE}",
]
NEEDED = pytest.mark.skipif(
    not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
    reason="needs Debian's chromium (scripts/test installs it)",
)
T = 15_000  # ms: the longest any step of the game may take
DELAY_MS = int(os.environ.get("SAMARKAND_BROWSER_ACT_DELAY_MS") or 0)
DELAYED_POSTS = """(() => {
  const fetched = window.fetch.bind(window);
  window.fetch = (resource, options) =>
    String((options && options.method) || "GET").toUpperCase() === "POST"
      ? new Promise((later) => setTimeout(later, %d)).then(() => fetched(resource, options))
      : fetched(resource, options);
})();"""


@contextmanager
def driven():
    """Playwright and Debian's chromium, with web_rig.wait_for refused while they run."""
    from playwright.sync_api import sync_playwright

    why = "a sleep keeps Playwright from answering the pages: wait with browser_rig.wait_on"
    with sync_playwright() as pw, sleeping_refused(why):
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield pw, chromium
        finally:
            chromium.close()


class Pages:
    """Browser contexts that may only talk to the server; every outside request fails in
    Chromium and is recorded in ``outside`` (once Playwright has dispatched its event)."""

    def __init__(self, pw, browser, base: str) -> None:
        self.pw, self.browser, self.base = pw, browser, base
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.expected: set[str] = set()  # the refusals a test provoked (``refused``)

    def open(
        self,
        path: str = "/",
        phone: bool = True,
        width: int | None = None,
        init_script: str | None = None,
        locale: str = "en-GB",
        size: tuple[int, int] | None = None,
        timezone: str | None = None,
    ):
        """A new page (its own cookies); ``locale`` is the phone's language (Accept-Language);
        ``size`` the viewport (a phone 390×844 or 360 wide, a table screen 1280×800);
        ``timezone`` the device's (else the machine's)."""
        device = dict(self.pw.devices["iPhone 13"]) if phone else {}
        device.pop("default_browser_type", None)
        if width:
            device["viewport"] = {"width": width, "height": 740}
        if size:
            device["viewport"] = {"width": size[0], "height": size[1]}
        if timezone:
            device["timezone_id"] = timezone
        context = self.browser.new_context(**device, locale=locale)
        context.on("request", self._seen)
        if DELAY_MS:
            context.add_init_script(DELAYED_POSTS % DELAY_MS)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(self.base + path)
        return page

    def refused(self, page, path: str, status: str) -> None:
        """Wait for the console line of the one refusal a test provoked (``status``, as
        "409 (CONFLICT)", of the request to ``path``) and drop it, and any later report of
        it: Chromium may report it after the page has shown the refusal, and once more
        later on (its log replays the entries it holds when enabled anew, one refusal
        twice, CI's lobby test); any other error stays. A test that must see it refused
        once counts the responses (``page.on("response")``)."""
        line = f"Failed to load resource: the server responded with a status of {status} [{self.base}{path}]"
        wait_on(page, lambda: line in self.errors, f"the {status} console line")
        self.errors.remove(line)
        self.expected.add(line)

    def _console(self, message) -> None:
        if message.type == "error" and "404" not in message.text:
            line = said(message)
            if line not in self.expected:
                self.errors.append(line)

    def _seen(self, request) -> None:
        if not request.url.startswith(self.base + "/"):
            self.outside.append(request.url)


def said(message) -> str:
    """A console error's text, with the address of a resource that failed to load (the
    line alone does not say which request it was)."""
    url = message.location.get("url")
    return (
        f"{message.text} [{url}]"
        if message.text.startswith("Failed to load resource") and url
        else message.text
    )


BUZZES = """Object.defineProperty(navigator, "vibrate", {
  value: () => { window.buzzes = (window.buzzes || 0) + 1; return true; },
});"""
"""An ``init_script`` that counts a page's buzzes (headless Chromium has no motor to ask)."""


def buzzes(page) -> int:
    """How often a page opened with ``BUZZES`` buzzed the phone."""
    return page.evaluate("window.buzzes || 0")


def join(page, seat: int, name: str, ready: str = "#me h1") -> None:
    """Take ``seat`` as ``name`` on the join page; ``ready`` shows the player's own page."""
    page.fill("#name", name)
    page.locator("#seats button").nth(seat).click()
    page.wait_for_selector(f"{ready} >> text={name}", timeout=T)  # drawn, with the name


def served(appliance, pin: str):
    """The appliance's runner started and its page served on a free port; a generator for
    a fixture: yields the server, then closes it and the appliance."""
    from web.server import Server

    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, pin)
    # every page of a test comes from 127.0.0.1: phones, the table screen and the console
    # are one device here, and a page that reloads holds its old stream until the next
    # ping finds it gone, so five pages reloading at Start would pass a device's cap of 8
    server.app.extensions["samarkand.hub"].per_client = STREAMS_TOTAL
    yield server, appliance
    server.close()
    appliance.close()


def served_lobby(tmp_path, game: str, players: int):
    """A lobby of ``game`` with ``players`` seats, served (``served``, PIN ``web_rig.PIN``),
    for phones to join before bots fill the other seats."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.open_lobby(Lobby.open(game, players))
    yield from served(appliance, PIN)


def served_urn(tmp_path):
    """The core's toy game for two, its balls 2, 3 and 5 (three draws to its end), served
    (``served``, PIN ``web_rig.PIN``); the caller has registered the urn (toy_game)."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("urn").setup(2, {"balls": [2, 3, 5]}), game="urn")
    yield from served(appliance, PIN)


def pages_on(browser, server) -> Pages:
    """Pages on ``server`` (the ``browser`` fixture's)."""
    pw, chromium = browser
    return Pages(pw, chromium, server.url.rstrip("/"))


def log_in(host, pin: str) -> None:
    """The host console's login page, logged in with ``pin``."""
    host.fill("#pin", pin)
    host.click("#login-form button")


def host_console(browser, server, pin: str, locale: str = "en-GB"):
    """Pages on ``server`` (the ``browser`` fixture's), and the host console on them,
    logged in with ``pin``."""
    pages = pages_on(browser, server)
    host = pages.open("/host", locale=locale)
    log_in(host, pin)
    return pages, host


def seated_table(
    pages: Pages, names: list[str], pin: str, widths: dict[int, int] | None = None, locale: str = "en-GB"
):
    """Phones for ``names`` (seat by seat, each joined), the table screen, and the host
    console logged in with ``pin``: ``(phones, table, host)``, all in ``locale``'s language."""
    phones = [pages.open(width=(widths or {}).get(seat), locale=locale) for seat in range(len(names))]
    for seat, (page, name) in enumerate(zip(phones, names)):
        join(page, seat, name)
    table = pages.open("/table", phone=False, locale=locale)
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, pin)
    return phones, table, host


def answered(page, path: str):
    """Wait (``with answered(page, "/api/act"): page.click(...)``) for the answer to the
    POST to ``path`` the page makes meanwhile: once it is in, the server has done it."""
    return page.expect_response(
        lambda response: response.request.method == "POST" and urlsplit(response.url).path == path, timeout=T
    )


def decide(page, kind: str, data: dict) -> None:
    """Send a seat's decision as its page's own module does (shell.js's ``decide``, an
    export of the page's ES module), and wait for the server's answer."""
    with answered(page, "/api/act"):
        page.evaluate(
            "([kind, data]) => import('/static/shell.js').then((shell) => shell.decide(kind, data))",
            [kind, data],
        )


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


YOU = {"en": "(you)", "fr": "(vous)"}


def third_person(page, name: str, language: str = "en") -> list[str]:
    """Where a phone's page names its own player in the third person: each line of its
    visible text (its own header aside) that holds ``name`` not followed by "(you)"."""
    text = page.evaluate("""() => [...document.querySelectorAll("main > *:not(#me)")]
                                   .filter((e) => e.offsetParent !== null)
                                   .map((e) => e.innerText).join("\\n")""")
    mark = f"{name} {YOU[language]}"
    return [line for line in text.splitlines() if name in line.replace(mark, "")]


PHONE_SIZES = ((390, 844), (360, 740))
TABLE_SIZES = ((1280, 800), (1920, 1080))


OTHER_WINDOWS = ((1366, 625), (1024, 768), (3840, 2160))
"""Table screens outside the layout's 1280×800 to 1920×1080: a laptop's browser window
with its bars, a tablet, a television at its full resolution. The table screen is drawn
smaller or larger to fit them (shell.js fitTableScreen)."""


def page_scrolls(page, fitted: bool = False) -> list[str]:
    """What makes ``page`` scroll where a table screen must not: the page itself taller
    than the window, or any element but a ``.scroll-box`` cut off inside itself (an
    element whose content overflows it; not the headings only a screen reader says,
    ``.unseen``, cut to a pixel by design). Empty when everything fits. Unless ``fitted`` (a
    window outside the layout's sizes), a table screen drawn to fit counts too: from
    1280×800 to 1920×1080 the layout must fit as it is."""
    return page.evaluate(
        """(fitted) => {
      const found = [];
      const root = document.scrollingElement;
      if (root.scrollHeight > window.innerHeight + 1) found.push(`the page: ${root.scrollHeight} px in ${window.innerHeight}`);
      const screen = document.querySelector(".table-screen");
      if (!fitted && screen && screen.style.zoom) found.push(`the table screen, drawn at ${screen.style.zoom} to fit`);
      for (const node of document.querySelectorAll("body *")) {
        if (node.closest(".scroll-box, .unseen") || node.offsetParent === null) continue;
        const style = getComputedStyle(node).overflowY;
        if ((style === "auto" || style === "scroll" || style === "hidden") && node.scrollHeight > node.clientHeight + 1)
          found.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: ${node.scrollHeight} px in ${node.clientHeight}`);
      }
      return found;
    }""",
        fitted,
    )


SMALLEST_PHONE = (320, 568)
"""The narrowest phone still at a table (the first iPhone SE), and WCAG's reflow width."""


def past_the_sides(page, scroll_boxes: bool = True) -> list[str]:
    """What a phone's page shows past the window's sides (cut off, or reached only by a
    sideways scroll): the page itself wider than the window, or any element shown whose
    box reaches past either side. Empty when everything fits. Without ``scroll_boxes``,
    what lies in a box made to scroll sideways (``.scroll``: Le Marché's players on a
    visitor's phone, as on the host's) is not counted."""
    return page.evaluate(
        """(boxes) => {
      const found = [], width = window.innerWidth, root = document.scrollingElement;
      if (root.scrollWidth > width) found.push(`the page: ${root.scrollWidth} px in ${width}`);
      for (const node of document.querySelectorAll("body *")) {
        if (node.offsetParent === null || (!boxes && node.closest(".scroll"))) continue;
        const box = node.getBoundingClientRect();
        if (box.left < -1 || box.right > width + 1)
          found.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: ${Math.round(box.left)} to ${Math.round(box.right)} px in ${width}`);
      }
      return found;
    }""",
        scroll_boxes,
    )


def spills(page, scroll_boxes: bool = True) -> list[str]:
    """What is wider than its own box where nothing scrolls, so that it runs over what lies
    beside it (a name of 20 wide letters in a card, a table wider than its column): each
    block shown whose content is wider than itself. Empty when everything fits. Without
    ``scroll_boxes``, what lies in a box made to scroll sideways (``.scroll``) is not
    counted."""
    return page.evaluate(
        """(boxes) => {
      const found = [];
      for (const node of document.querySelectorAll("body *")) {
        if (node.offsetParent === null || node.closest("svg") || (!boxes && node.closest(".scroll"))) continue;
        const style = getComputedStyle(node);
        if (style.display.startsWith("inline") || style.overflowX !== "visible") continue;
        if (node.scrollWidth > node.clientWidth + 1)
          found.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: ${node.scrollWidth} px in ${node.clientWidth}`);
      }
      return found;
    }""",
        scroll_boxes,
    )


def in_first_screen(page, selector: str) -> bool:
    """Whether the element's whole box is inside the first window of the page (shown without
    scrolling)."""
    box = page.locator(selector).first.bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
