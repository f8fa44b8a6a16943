"""Switching the table off (companion/appliance/power.py): systemd is asked, and a refusal
or a machine without systemctl says why, in the host's words."""

from __future__ import annotations

import subprocess

import pytest

from companion.appliance.power import POWER_OFF, switch_off
from companion.core.errors import RuleError


def test_systemd_is_asked_to_power_off():
    asked = []

    def run(argv, **options):
        asked.append(argv)
        return subprocess.CompletedProcess(argv, 0, "", "")

    switch_off(run)
    assert asked == [POWER_OFF]


def test_a_refusal_says_systemds_reason():
    def refused(argv, **options):
        return subprocess.CompletedProcess(argv, 1, "", "Access denied\n")

    with pytest.raises(RuleError, match=r"cannot switch itself off \(Access denied\)$"):
        switch_off(refused)


def test_a_machine_without_systemctl_says_so():
    def missing(argv, **options):
        raise FileNotFoundError(2, "No such file or directory", "systemctl")

    with pytest.raises(RuleError, match="cannot switch itself off .*systemctl"):
        switch_off(missing)
