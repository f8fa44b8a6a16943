"""``samarkand run | head``: a reader gone before the ways in are printed ends the run
quietly (``cli.main`` answers 0), the web page closed, and is never reported as a port
the web page cannot listen on."""

from __future__ import annotations

import errno
import io
import signal
import socket
import sys

import pytest
from ports import free_port

from companion.appliance.cli import build_parser
from companion.appliance.running import run


class ReaderGone(io.StringIO):
    """A stdout whose reader left once the table's first lines were read."""

    def write(self, text: str) -> int:
        if "Phones join at" in text:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")
        return super().write(text)


def test_a_reader_gone_before_the_ways_in_is_no_port_that_cannot_listen(tmp_path, monkeypatch, capsys):
    port = free_port()
    argv = ["run", "--simulate", "--port", str(port), "--set", f"store.path={tmp_path / 's.db'}"]
    args = build_parser().parse_args(argv)
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    monkeypatch.setattr(sys, "stdout", ReaderGone())
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # no keys typed
    try:
        with pytest.raises(BrokenPipeError):
            run(args)
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert "cannot listen" not in capsys.readouterr().err
    with socket.socket() as again:  # the web page closed: its port is free
        again.bind(("0.0.0.0", port))
