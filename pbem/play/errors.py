"""The errors the server's verbs raise about a request, and the HTTP status each maps to.

The games raise their own errors (`pbem.games.base`: InvalidMove, IllegalMove, NotYourTurn, StaleMove,
InvalidOptions, all ValueErrors); the platform adds these. Pages, the JSON API and the CLI all map an
error to what they show with `status_of`, so a refusal reads the same on every channel."""

from __future__ import annotations

from ..games import UnknownGame
from ..games.base import GameError, NotYourTurn, StaleMove
from ..store import Unavailable


class ServiceError(Exception):
    status = 400


class BadRequest(ServiceError):
    status = 400


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class GameNotFound(ServiceError):
    status = 404


class Conflicting(ServiceError):
    """The request cannot be met in the game's present state (a seat already taken, say)."""

    status = 409


class Unprocessable(ServiceError):
    """The request is understood but not allowed as it stands (rest days in a game that forbids them, a
    vacation beyond the year's allowance, a push endpoint the server may not call)."""

    status = 422


class TooMany(ServiceError):
    """A rate limit: the client should wait `retry_after` seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Busy(ServiceError):
    """The game's writers kept colliding: try again. (A database that cannot be reached at all is the
    store's `Unavailable`, also 503, with Retry-After.)"""

    status = 503


def status_of(error: Exception) -> int:
    """The HTTP status for any error a verb raises (architecture section 6)."""
    if isinstance(error, (ServiceError, Unavailable)):
        return error.status
    if isinstance(error, StaleMove):
        return 409
    if isinstance(error, NotYourTurn):
        return 403
    if isinstance(error, (GameError, UnknownGame)):
        return 422
    raise error


class Refused(ServiceError):
    """Well-formed, but not possible (an empty message, a takeback past the game's start, a line of
    conditional moves that is not legal): 422, with the reason."""

    status = 422
