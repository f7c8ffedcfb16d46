"""What one seat may see of one stored event, on every channel: pages, the JSON API, notices, words,
the record, feeds. Everything that shows an event to a person or a program goes through `public_event`,
so hidden information is withheld in one place (architecture section 5).

The game's own events go through the game's `redact` while the game runs; once it is over everything is
shown. The platform's events are redacted here: addresses and webhooks are nobody else's business, and
a custom start position stays hidden until the end (it may hold hidden cards)."""

from __future__ import annotations

from typing import Any

from ..events import KINDS
from ..events.core import HIDDEN_POSITION, public_created
from .folding import Folded, game_event


def public_data(folded: Folded, event: Any, seat: int | None) -> dict:
    """The part of an event's data that `seat` (None: a spectator) may see."""
    kind = KINDS.get(event.type)
    if kind is not None:
        if kind.own(event.data, seat) and event.seq >= private_since(folded, seat):
            return dict(event.data)
        return kind.public(event.data, folded.finished)
    if folded.finished:
        return event.data
    return folded.module.redact(game_event(event), seat)


def private_since(folded: Folded, seat: int | None) -> int:
    """From which seq the seat's own private events (its sealed notes, its address) are its holder's: a
    newcomer to a reopened seat (pbem/events/reopening.py) reads its predecessor's as any other seat does."""
    if seat is None or not 0 <= seat < len(folded.seats):
        return 0
    return int(folded.seats[seat].get("private_since") or 0)


def public_event(folded: Folded, event: Any, seat: int | None) -> dict:
    """One stored event as that seat may see it: the shape of GET /api/games/<id>/events."""
    return {"seq": event.seq, "type": event.type, "actor": event.actor, "at": event.at,
            "data": public_data(folded, event, seat), "hash": event.hash}
