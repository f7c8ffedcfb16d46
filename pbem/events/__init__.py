"""The platform's own events (as opposed to each game's): what each one changes in the folded game, what
other seats and spectators may see of it, and how it reads in words.

Each kind of event is defined once, in the module of the feature it belongs to, and registered here
explicitly, like the games: folding, redaction and words look the kind up in `KINDS`, so a new feature's
events need no change to any of them. Everything here is pure: folds change only the `Working` copy they
are given.
"""

from __future__ import annotations

from . import agreements, computer, conditional, core, home, pauses, reopening, rests, talk, versions
from .kinds import Kind, Working, hidden_data, whole_data

# home: issue 14; talk, agreements, conditional: issue 15; versions: issue 16; computer: issue 17;
# rests, pauses: issue 28; reopening: issue 31
MODULES = (core, home, talk, agreements, conditional, versions, computer, rests, pauses, reopening)

KINDS: dict[str, Kind] = {}
COMMANDS: dict = {}  # verb -> (module, state, command, chance) -> events
for _module in MODULES:
    for _name, _kind in _module.KINDS.items():
        assert _name not in KINDS, f"platform event {_name!r} defined twice"
        KINDS[_name] = _kind
    for _verb, _make in getattr(_module, "COMMANDS", {}).items():
        assert _verb not in COMMANDS, f"command {_verb!r} defined twice"
        COMMANDS[_verb] = _make

PLATFORM_EVENTS = frozenset(KINDS)

# Folded at the first event of every append, with its command, before its events: a feature's facts
# that follow from who did what (a person's own move ends the computer's playing for them).
AFTER_COMMAND = [m.after_command for m in MODULES if hasattr(m, "after_command")]

__all__ = ["AFTER_COMMAND", "COMMANDS", "KINDS", "PLATFORM_EVENTS", "Kind", "Working", "hidden_data", "whole_data"]
