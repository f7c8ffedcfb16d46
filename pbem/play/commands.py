"""Commands and the events they produce: the one function that turns what a seat (or the clock) asked
for into events, used both to play and to replay (`pbem verify` re-runs every recorded command).

A command is a small JSON object stored with the first event of its append: `{"verb": "move", "seat",
"move"}`, `{"verb": "resign", "seat"}`, `{"verb": "timeout", "seat", "action"}`, ... Each verb is
defined beside the platform events it writes (pbem/events/), and registered there. Pure: the state and
the chance source come in."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..events import COMMANDS
from ..games.base import Event


def run_command(module: ModuleType, state: Any, command: dict, chance) -> list[Event]:
    """The events one command produces."""
    make = COMMANDS.get(command["verb"])
    if make is None:
        raise ValueError(f"unknown command verb {command['verb']!r}")
    return make(module, state, command, chance)
