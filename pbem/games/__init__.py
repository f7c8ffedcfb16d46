"""The explicit registry of the games this server hosts.

A game is added here by name and never renamed: its NAME is stored in every game's creating event.
"""

from __future__ import annotations

from types import ModuleType

from . import buccaneer, dragon_flagon, mississippi, rigadoon
from .base import REQUIRED

_MODULES: tuple[ModuleType, ...] = (buccaneer, dragon_flagon, mississippi, rigadoon)

GAMES: dict[str, ModuleType] = {module.NAME: module for module in _MODULES}


class UnknownGame(LookupError):
    """No game of that name is hosted here."""


def get_game(name: str) -> ModuleType:
    try:
        return GAMES[name]
    except KeyError:
        hosted = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r}; this server hosts: {hosted}") from None


def missing_names(module: ModuleType) -> list[str]:
    """The protocol names a game module lacks (the conformance suite asserts there are none)."""
    return [name for name in REQUIRED if not hasattr(module, name)]
