"""One module per calculator; the registry finds them here."""
