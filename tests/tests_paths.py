"""Where the tests' own files are, for tests that start the appliance as a process."""

from pathlib import Path

TOY = Path(__file__).resolve().parent / "core"
"""The folder holding the toy game's package (``SAMARKAND_GAMES=toy_game``)."""
