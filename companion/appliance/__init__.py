"""The composition root: the one package that assembles the appliance from its parts.

The rules engines (companion.games, on companion.core), the session (companion.runtime),
the event store (companion.store), the Pi's pins (hardware), the USB board
(firmware_bridge) and the phone page (web) know nothing of each other beyond their
contracts; only this package imports them all, wires them together and gives them a
command line (``samarkand``).
"""
