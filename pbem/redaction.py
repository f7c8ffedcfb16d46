"""What one seat may see of one stored event, on every channel: pages, the JSON API, notices, words,
the record, feeds. Everything that shows an event to a person or a program goes through `public_event`,
so hidden information is withheld in one place (architecture section 5).

The game's own events go through the game's `redact` while the game runs; once it is over everything is
shown. The platform's events are redacted here: addresses and webhooks are nobody else's business, and
a custom start position stays hidden until the end (it may hold hidden cards)."""

from __future__ import annotations

from typing import Any

from .folding import GAME_CREATED, PLATFORM_EVENTS, SETTINGS_CHANGED, Folded, game_event

HIDDEN_POSITION = "(shown when the game ends)"


def public_created(data: dict, finished: bool) -> dict:
    options = dict(data["options"])
    if options.get("position") is not None and not finished:
        options["position"] = HIDDEN_POSITION
    out = {"game": data["game"], "seat_count": data["seat_count"], "options": options,
           "clock": data.get("clock"), "seats": [{"seat": s["seat"], "name": s["name"]} for s in data["seats"]],
           "commitment": data["commitment"]}
    if "rules_version" in data:
        out["rules_version"] = data["rules_version"]
    return out


def public_data(folded: Folded, event: Any, seat: int | None) -> dict:
    """The part of an event's data that `seat` (None: a spectator) may see."""
    if event.type == GAME_CREATED:
        return public_created(event.data, folded.finished)
    if event.type == SETTINGS_CHANGED:
        return {"seat": event.data["seat"]}
    if event.type in PLATFORM_EVENTS or folded.finished:
        return event.data
    return folded.module.redact(game_event(event), seat)


def public_event(folded: Folded, event: Any, seat: int | None) -> dict:
    """One stored event as that seat may see it: the shape of GET /api/games/<id>/events."""
    return {"seq": event.seq, "type": event.type, "actor": event.actor, "at": event.at,
            "data": public_data(folded, event, seat), "hash": event.hash}
