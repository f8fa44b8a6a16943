"""The game-agnostic core: state as data, pure apply, explicit chance, an event log."""
