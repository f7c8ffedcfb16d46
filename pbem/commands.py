"""Commands and the events they produce: the one function that turns what a seat (or the clock) asked
for into events, used both to play and to replay (`pbem verify` re-runs every recorded command).

A command is a small JSON object stored with the first event of its append: `{"verb": "move", "seat",
"move"}`, `{"verb": "resign", "seat"}`, `{"verb": "timeout", "seat", "action"}`, `{"verb":
"settings", ...}`, `{"verb": "vacation_start" | "vacation_end", "seat"}`. Pure: the state and the chance
source come in."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .folding import SETTINGS_CHANGED, TURN_TIMED_OUT, VACATION_ENDED, VACATION_STARTED
from .games.base import Event


def run_command(module: ModuleType, state: Any, command: dict, chance) -> list[Event]:
    """The events one command produces."""
    verb = command["verb"]
    if verb == "move":
        return module.decide(state, command["seat"], command["move"], chance)
    if verb == "resign":
        return module.resign(state, command["seat"], chance)
    if verb == "timeout":
        seat, action = command["seat"], command["action"]
        events = [Event(TURN_TIMED_OUT, {"seat": seat, "action": action}, "clock")]
        if action == "skip":
            events += module.decide(state, seat, module.timeout_move(state, seat), chance)
        elif action == "forfeit":
            events += module.resign(state, seat, chance)
        return events
    if verb == "settings":
        return [Event(SETTINGS_CHANGED, {"seat": command["seat"], **command["settings"]}, str(command["seat"]))]
    if verb in ("vacation_start", "vacation_end"):
        kind = VACATION_STARTED if verb == "vacation_start" else VACATION_ENDED
        actor = "clock" if command.get("by") == "clock" else str(command["seat"])
        return [Event(kind, {"seat": command["seat"]}, actor)]
    raise ValueError(f"unknown command verb {verb!r}")
