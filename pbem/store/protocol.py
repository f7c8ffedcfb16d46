"""What both engines of the store share and answer alike: `Unavailable`, the database that cannot be
reached now (the app answers it 503 with Retry-After, never 500), and a name quoted as an SQL identifier.
sqlite.py and postgres.py classify their own errors into it; connection.py picks the engine."""

from __future__ import annotations

RETRY_AFTER_SECONDS = 5  # what a client is told to wait when the database cannot be reached


class Unavailable(Exception):
    """The database cannot be reached: answer 503 and ask the client to come back after `retry_after`."""

    status = 503
    retry_after = RETRY_AFTER_SECONDS


def quoted(name: str) -> str:
    """A table's or column's name as an SQL identifier (standard double quotes, which both engines read)."""
    return '"' + name.replace('"', '""') + '"'
