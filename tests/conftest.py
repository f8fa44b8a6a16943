"""The long suites (``@pytest.mark.long``) run only with SAMARKAND_LONG=1.

They are deselected, not skipped, otherwise: nothing they need is missing, they are
only slow (over a hundred SIGKILLs of the real appliance).
"""
from __future__ import annotations

import os


def pytest_collection_modifyitems(config, items):
    if os.environ.get("SAMARKAND_LONG") == "1":
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]
