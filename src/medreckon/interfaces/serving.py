"""What the REST and MCP servers share about who may reach them: the environment variable that
holds the API token, and the loopback test that decides whether a token is required."""

from __future__ import annotations

import ipaddress

TOKEN_ENV = "MEDRECKON_API_TOKEN"


def is_loopback(host: str) -> bool:
    """True for `localhost` (any case) and loopback addresses (`127.0.0.1`, `::1`, `[::1]`)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
