"""A game's record to download and keep: who played, the options, the outcome, and every event as the
given seat (None: a spectator) may see it, each append told in words beside its first event -- the same
redaction and words as every other channel, so a record taken during play hides what the pages hide, and
a record of a finished game holds everything, the seed included, for anyone to audit.

Served as JSON by `/games/<id>/export.json`, `/play/<token>/export.json` and `pbem export`; a finished
game's move list with its result also as plain text (`record.txt`)."""

from __future__ import annotations

from . import store
from .loading import looking_back
from .folding import Folded
from .redaction import public_event
from .words import tell_events

FORMAT = "pbem-record/1"


def game_record(db, loaded: Folded, seat: int | None) -> dict:
    outcome = loaded.outcome
    stored = store.read_events(db, loaded.id)
    told = {item.first: item.lines for item in tell_events(loaded, None, stored, seat, looking_back(db, loaded))}
    events = [public_event(loaded, event, seat) for event in stored]
    record = {
        "format": FORMAT,
        "id": loaded.id,
        "game": loaded.module.NAME,
        "title": loaded.module.TITLE,
        "players": [{"seat": s, "name": name} for s, name in enumerate(loaded.names)],
        "as_seat": seat,
        "status": "finished" if outcome else "active",
        "outcome": outcome.to_json() if outcome else None,
        "seq": loaded.seq,
        "events": [{**event, "lines": list(told.get(event["seq"], ()))} for event in events],
    }
    if "rules_version" in loaded.created:
        record["rules_version"] = loaded.rules_version
    return record


def text_record(db, loaded: Folded, seat: int | None, ending: str) -> str:
    """The move list in words, numbered by turn, with the players and the result: a record a person can
    read, print or paste."""
    names = loaded.names
    told = tell_events(loaded, None, store.read_events(db, loaded.id), seat, looking_back(db, loaded))
    lines = [f"{loaded.module.TITLE}, game {loaded.id}",
             "Players: " + ", ".join(names),
             f"Started {loaded.created_at}" + ("" if loaded.finished else f"; still being played at event {loaded.seq}"),
             ""]
    turn, previous = 0, object()
    for item in told:
        if item.seat != previous or item.seat is None:
            turn += 1
            previous = item.seat
            who = names[item.seat] if item.seat is not None else ""
            lines.append(f"{turn}. {who}".rstrip())
        lines += [f"   {line}" for line in item.lines]
    outcome = loaded.outcome
    if outcome is not None:
        lines.append("")
        winners = ", ".join(names[s] for s in outcome.winners) or "nobody (a draw)"
        lines.append(f"Result: {ending}. Winner: {winners}.")
        if outcome.ranking:
            lines.append("Ranking: " + "; ".join(" = ".join(names[s] for s in group) for group in outcome.ranking))
    return "\n".join(lines) + "\n"
