"""A port for a test's own server that no other program takes between the test's choice
and the server's bind."""

from __future__ import annotations

import random
import socket
from pathlib import Path

EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")


def free_port() -> int:
    """A port nothing holds, below the range the kernel gives outgoing connections: a port
    the kernel picks (a bind to 0) comes from that range, where any program's next
    connection may take it before the server binds it (seen with the machine busy)."""
    first_ephemeral = int(EPHEMERAL.read_text().split()[0]) if EPHEMERAL.exists() else 32768
    for port in random.sample(range(20000, first_ephemeral), 50):
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise OSError("no free port from 20000 below the ephemeral range")
