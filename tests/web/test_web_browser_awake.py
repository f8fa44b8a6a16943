"""The phone keeps its screen awake while a countdown runs (the Screen Wake Lock API),
asks again when the page shows after being hidden (the browser drops the lock), lets it
go when the count stops, and a browser that refuses is left alone; the pages carry the
table's own favicon. Chromium at a phone's size, the API stubbed to record its calls."""

from __future__ import annotations

from functools import partial

import pytest
from browser_rig import NEEDED, Pages, T, join, served, wait_on
from web_rig import PIN, Phone, all_pick, make_appliance, stop

pytestmark = NEEDED
STUB = """
window.__wake = [];
window.__visibility = "visible";
Object.defineProperty(document, "visibilityState", { get: () => window.__visibility });
Object.defineProperty(navigator, "wakeLock", { value: { request(kind) {
  window.__wake.push("request " + kind);
  if (window.__refuse) return Promise.reject(new DOMException("no", "NotAllowedError"));
  const lock = new EventTarget();
  lock.release = () => { window.__wake.push("release"); lock.dispatchEvent(new Event("release"));
                         return Promise.resolve(); };
  window.__lock = lock;
  return Promise.resolve(lock);
} } });
"""


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3}, {"step_ms": 500, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def calls(page) -> list[str]:
    return page.evaluate("window.__wake")


def test_the_screen_stays_awake_while_the_count_runs(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    page = pages.open("/", init_script=STUB)
    assert page.locator("link[rel=icon]").get_attribute("href") == "/static/favicon.svg"
    assert page.request.get(srv.url + "static/favicon.svg").ok
    join(page, 0, "Ana")
    assert calls(page) == []  # picking: nothing to keep awake
    others = [Phone(srv.app).join(seat, name) for seat, name in ((1, "Bo"), (2, "Cy"))]
    page.locator("#hand button").first.click()
    all_pick(others, card_of=lambda seat: 7)
    page.wait_for_function("() => window.__wake.includes('request screen')", timeout=T)
    page.evaluate("""() => { window.__visibility = 'hidden'; window.__lock.release();
                            document.dispatchEvent(new Event('visibilitychange'));
                            window.__visibility = 'visible';
                            document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function("() => window.__wake.filter(c => c === 'request screen').length === 2", timeout=T)
    stop(appliance, {1: 0}, wait=partial(wait_on, page))
    page.wait_for_function("() => window.__wake[window.__wake.length - 1] === 'release'", timeout=T)
    assert pages.errors == [], pages.errors


def test_a_refused_wake_lock_is_silent(browser, server):
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    page = pages.open("/", init_script=STUB + "window.__refuse = true;")
    join(page, 0, "Ana")
    others = [Phone(srv.app).join(seat, name) for seat, name in ((1, "Bo"), (2, "Cy"))]
    page.locator("#hand button").first.click()
    all_pick(others)
    page.wait_for_function("() => window.__wake.includes('request screen')", timeout=T)
    page.wait_for_timeout(300)
    assert page.is_hidden("#toast") and pages.errors == [], pages.errors
