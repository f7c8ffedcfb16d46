"""What a seat (or a spectator) sees of a game through the JSON API: the game as it stands or as it
stood after any event, and its log, every event through the same redaction as every other channel."""

from __future__ import annotations

from datetime import datetime

from .. import store
from . import clock, loading
from .errors import BadRequest
from .folding import Folded, legal_moves
from .redaction import public_event


def game_view(db, head: Folded, seat: int | None, at: int | None = None, now: datetime | None = None) -> dict:
    """The JSON shape of GET /api/games/<id>, optionally as the game stood right after event `at`."""
    if at is not None and not 1 <= at <= head.seq:
        raise BadRequest(f"at must be between 1 and {head.seq}")
    folded = head if at is None else loading.at(db, head, at)
    module = folded.module
    result = folded.outcome
    legal = legal_moves(folded, seat) if at is None else []
    deadline = None
    moment = now or clock.parse_time(clock.format_time(datetime.now().astimezone()))
    if at is None and result is None:
        deadline = head.deadline(seat, moment) if seat in head.owing_since else \
            (head.earliest_deadline(moment) if seat is None else None)
    view = {
        "id": head.id, "game": module.NAME,
        "status": "finished" if result is not None else "waiting" if folded.facts.get("waiting") else "active",
        "seq": folded.seq,
        "to_move": sorted(folded.to_move),
        "you": seat,
        "legal": legal,
        "view": module.view(folded.state, seat),
        "outcome": result.to_json() if result is not None else None,
        "deadline": clock.format_time(deadline) if deadline else None,
        "rules_version": head.rules_version,
        "clock": clock_view(head, moment) if at is None else None,
    }
    return view


def clock_view(head: Folded, now: datetime) -> dict | None:
    """The game's clock as time left (architecture section 26): each seat's seconds, until its deadline
    while it owes a decision, else what its next turn starts with. None for a game without a clock.
    `stopped`: the seats owing a decision whose clock stands still now (on vacation, resting, or paused by agreement);
    `paused`: every seat owing a decision is stopped, so no countdown runs."""
    if not clock.has_clock(head.clock):
        return None
    stopped = head.stopped(now)
    return {"kind": clock.kind_of(head.clock), "paused": bool(stopped) and set(stopped) == set(head.owing_since),
            "stopped": stopped, "left": {str(seat): head.time_left(seat, now) for seat in range(head.seat_count)}}


def events_since(db, head: Folded, seat: int | None, since: int = 0, limit: int | None = None) -> list[dict]:
    """The log after `since`, each event as `seat` may see it."""
    events = store.read_events_after(db, head.id, since, upto=None if limit is None else since + limit)
    return [public_event(head, e, seat) for e in events]
