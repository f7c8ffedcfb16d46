"""Events in words: one line per event for a seat, as the notices, the seat page's "since your last
move" and a game's record tell them. The data always comes through the same redaction as every other
channel (`redaction.public_data`) before it is put in words, so a line never says more than the seat may
know."""

from __future__ import annotations

from .redaction import public_data


def last_moves(loaded, events, seat: int | None) -> list[str]:
    """What happened in these events, in words that seat may read: the data comes through the same
    redaction as every other channel, then `describe` puts it in words."""
    lines = []
    for event in events:
        line = describe(loaded, event.type, event.actor, public_data(loaded, event, seat))
        if line:
            lines.append(line)
    return lines


QUIET = {"game_created", "seed_revealed", "seat_settings_changed"}  # bookkeeping nobody needs told


def describe(loaded, type: str, actor: str, data: dict) -> str | None:
    """One line for one (already redacted) event. The games' events share a few conventions, read here
    so that every game is told in words without a function of its own: `move` is the move as played
    (absent or None when hidden), `log` the lines a game wrote from public facts, `seat` the seat a
    rules event is about. Anything else is named by its type and its plain (non-nested) facts."""
    if type in QUIET:
        return None
    who = loaded.names[int(actor)] if actor.isdigit() else None
    if who is None and isinstance(data.get("seat"), int) and 0 <= data["seat"] < len(loaded.names):
        who = loaded.names[data["seat"]]
    if type == "seat_resigned":
        return f"{who} resigned"
    if type == "turn_timed_out":
        return f"{who} ran out of time ({data['action']})"
    if type in ("vacation_started", "vacation_ended"):
        return f"{who} {'went on' if type == 'vacation_started' else 'came back from'} vacation"
    if data.get("public_move"):
        return f"{who}: {data['public_move']}" if who else data["public_move"]
    if "move" in data:
        if data["move"] is None:
            return f"{who} moved" if who else None
        if actor.isdigit():
            return f"{who} played {data['move']}"
        return f"{who}: {data['move']} (automatic)" if who else f"{data['move']} (automatic)"
    if isinstance(data.get("log"), list) and data["log"]:
        return "; ".join(str(line) for line in data["log"])
    facts = ", ".join(f"{key} {value}" for key, value in data.items()
                      if isinstance(value, (str, int, float)) and not isinstance(value, bool) and key != "seat")
    words = type.replace("_", " ")
    line = f"{words}: {facts}" if facts else words
    return f"{who}: {line}" if who else line[0].upper() + line[1:]
