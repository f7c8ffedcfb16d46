"""Re-export of the protocol's error types, so the game's modules import them from one place."""

from ..base import IllegalMove, InvalidMove, InvalidOptions, NotYourTurn  # noqa: F401
