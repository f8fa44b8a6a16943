"""Shared fixtures: the long suites and the browser.

The long suites (``@pytest.mark.long``) run only with SAMARKAND_LONG=1. They are
deselected, not skipped, otherwise: nothing they need is missing, they are only slow
(over a hundred SIGKILLs of the real appliance).
"""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config, items):
    if os.environ.get("SAMARKAND_LONG") == "1":
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]


@pytest.fixture(scope="module")
def chromium_once():
    """Debian's chromium under Playwright (tests/web/browser_rig.py), one per test module."""
    from browser_rig import driven

    with driven() as (pw, chromium):
        yield pw, chromium


@pytest.fixture
def browser(chromium_once):
    """The module's chromium; the pages a test opened are closed after it, or they would
    keep reconnecting their streams to a server that is gone, a load on the tests after."""
    yield chromium_once
    for context in chromium_once[1].contexts:
        context.close()
