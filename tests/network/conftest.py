"""The hotspot tests' fake NetworkManager (nm_rig.py)."""

from __future__ import annotations

import pytest
from nm_rig import FakeNetwork, fake_network


@pytest.fixture
def nm(tmp_path, monkeypatch) -> FakeNetwork:
    return fake_network(tmp_path, monkeypatch)
