"""Conditional moves (issue 15): "if they play this, I play that", several moves deep.

`conditionals_set {seat, seq, lines}` replaces the seat's lines; each line is
`[[their moves], my move, [their moves], my move, ...]`, starting at position `seq`. Sealed like a note:
the seat's own until the game ends, then everyone's; others see only that the seat set some.

The fold keeps the lines as set, with the position they start at. Which of them still match, and which
reply is due, is worked out from the log since then (`pbem/between/conditionals.py`): a line that stops
matching is simply not followed any more, so no event ever says that a line was dropped (such an event,
right after another seat's move, would tell that seat something about the lines).
"""

from __future__ import annotations

from ..games.base import N_, Event, Phrase, counted, joined, said
from .kinds import Kind, Working

CONDITIONALS_SET = "conditionals_set"


def conditionals_set(work: Working, event) -> None:
    data = event.data
    entries = dict(work.facts.get("conditionals") or {})
    entries[data["seat"]] = {"anchor": data["seq"], "set_at": event.seq, "lines": data["lines"]}
    work.facts["conditionals"] = entries


def sealed(data, finished: bool) -> dict:
    return dict(data) if finished else {"seat": data["seat"]}


def own_seat(data, seat) -> bool:
    return seat is not None and seat == data.get("seat")


def words(names, event) -> Phrase:
    seat = event.data.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else N_("someone")
    if "lines" not in event.data:
        return said("%(who)s sealed their conditional moves.", who=name)
    count = len(event.data["lines"])
    if count == 0:
        return said("%(who)s cleared their conditional moves.", who=name)
    lines = joined(*[part for index, line in enumerate(event.data["lines"])
                     for part in (("; ", line_words(line)) if index else (line_words(line),))])
    if "seq_move" in event.data:  # the move list's number, where told
        return counted("%(who)s set %(n)s conditional line from move %(move)s: %(lines)s.",
                       "%(who)s set %(n)s conditional lines from move %(move)s: %(lines)s.", count, who=name,
                       move=event.data["seq_move"], lines=lines)
    return counted("%(who)s set %(n)s conditional line from position %(seq)s: %(lines)s.",
                   "%(who)s set %(n)s conditional lines from position %(seq)s: %(lines)s.", count, who=name,
                   seq=event.data["seq"], lines=lines)


def line_words(line) -> Phrase:
    """A line as a player reads it: "if forward 3, then forward 2; if ..., then ..."."""
    parts: list = []
    for index in range(0, len(line) - 1, 2):
        theirs, mine = line[index], line[index + 1]
        if parts:
            parts.append(" ")
        parts.append(said("if %(theirs)s, then %(mine)s", theirs=", ".join(theirs), mine=mine) if theirs
                     else said("then %(mine)s", mine=mine))
    return joined(*parts)


KINDS = {CONDITIONALS_SET: Kind(conditionals_set, sealed, words, own=own_seat)}


def set_lines(module, state, command, chance) -> list[Event]:
    return [Event(CONDITIONALS_SET, {"seat": command["seat"], "seq": command["about"], "lines": command["lines"]},
                  str(command["seat"]))]


COMMANDS = {"conditionals": set_lines}
