"""The games on the core, one package each; the registry finds them here."""
