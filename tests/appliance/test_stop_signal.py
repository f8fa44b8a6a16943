"""Ctrl-C, or the service's stop (SIGTERM), ends ``samarkand run`` every time.

A signal's handler runs in the main thread between two bytecodes, maybe while that thread
holds a lock: a ``threading.Event``'s, as it waits on one every 0.2 s. A handler that took
that lock would wait for itself for ever. ``Event.set`` did: a Ctrl-C hung CI's lobby test,
and the process then ignored SIGTERM too. So the handler ``run`` installs takes no lock,
and ``run`` returns once it has been called."""

from __future__ import annotations

import io
import signal
import sys

import pytest

from companion.appliance.cli import build_parser
from companion.appliance.running import run
from companion.runtime.terminal import Narrator


def locks_taken(call) -> list[str]:
    """The locks ``call()`` takes (acquired, or entered with ``with``), as Python sees it."""
    taken = []

    def profile(_frame, event, arg):
        owner = getattr(arg, "__self__", None)
        if event == "c_call" and "lock" in type(owner).__name__.lower() and arg.__name__ != "locked":
            taken.append(f"{type(owner).__name__}.{arg.__name__}")

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return taken


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "service-stop"])
def test_the_stop_signals_handler_takes_no_lock_and_the_table_stops(tmp_path, monkeypatch, sig):
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    narrate = Narrator.run
    seen = {}

    def signalled(narrator, *args, **kwargs):
        """The terminal's loop, once the signal has come (at its worst moment or not, its
        handler must not wait)."""
        handler = signal.getsignal(sig)
        seen["locks"] = locks_taken(lambda: handler(sig, None))
        narrate(narrator, *args, **kwargs)

    monkeypatch.setattr(Narrator, "run", signalled)
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # no keys typed
    args = build_parser().parse_args(
        ["run", "--simulate", "--no-web", "--set", f"store.path={tmp_path / 's.db'}"]
    )
    try:
        assert run(args) == 0
    finally:
        for s, handler in handlers.items():
            signal.signal(s, handler)
    assert seen["locks"] == []
