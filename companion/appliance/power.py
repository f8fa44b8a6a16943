"""Switching the table off from the host console: a Pi is unplugged at the end of an
evening, and a clean shutdown spares its SD card (and saves its clock for the next boot).

Only where the configuration says so (``[power] switch_off``, which install-pi.sh sets with
a polkit rule letting the service's user power the Pi off): a laptop running the table is
never switched off from a phone. systemd then stops the service like any stop (SIGTERM), so
a game in progress is kept and resumes at the next start.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable

from companion.core.errors import RuleError

POWER_OFF = ("systemctl", "poweroff")

Run = Callable[..., subprocess.CompletedProcess]


def switch_off(run: Run = subprocess.run) -> None:
    """Ask systemd to power the machine off; a refusal says why, in the host's words."""
    try:
        done = run(POWER_OFF, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuleError("the table cannot switch itself off ({reason})", reason=str(exc)) from None
    if done.returncode != 0:
        reason = (done.stderr or done.stdout or "").strip() or f"exit status {done.returncode}"
        raise RuleError("the table cannot switch itself off ({reason})", reason=reason)
