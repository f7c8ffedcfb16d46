"""A game's record to download and keep: who played, the options, the outcome, and every event as the
given seat (None: a spectator) may see it, with a line of words for each -- the same redaction as every
other channel (`service.public_event`), so a record taken during play hides what the pages hide, and a
record of a finished game holds everything, the seed included, for anyone to audit.

Served as JSON by `/games/<id>/export.json`, `/play/<token>/export.json` and `pbem export`."""

from __future__ import annotations

from . import store
from .folding import Folded
from .redaction import public_event
from .words import describe

FORMAT = "pbem-record/1"


def game_record(db, loaded: Folded, seat: int | None) -> dict:
    outcome = loaded.outcome
    events = [public_event(loaded, event, seat) for event in store.read_events(db, loaded.id)]
    return {
        "format": FORMAT,
        "id": loaded.id,
        "game": loaded.module.NAME,
        "title": loaded.module.TITLE,
        "players": [{"seat": s, "name": name} for s, name in enumerate(loaded.names)],
        "as_seat": seat,
        "status": "finished" if outcome else "active",
        "outcome": outcome.to_json() if outcome else None,
        "seq": loaded.seq,
        "events": [{**event, "line": describe(loaded, event["type"], event["actor"], event["data"])}
                   for event in events],
    }
