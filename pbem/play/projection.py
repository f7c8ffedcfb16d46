"""The rows of the `games` and `seats` projections for a folded game (architecture section 4): written in
the same transaction as the events that change them, and rebuilt from the events alone by `pbem rebuild`.

`next_due` is the earliest moment the clock has something to do for the game (a reminder, a timeout, a
vacation running out), so the scheduler's sweep reads only the games whose moment has come (section 11).
Reminders count from `handled_until`, the moment the sweep last handled the game. A game in which a
seat the server plays owes a move is due from its last append on."""

from __future__ import annotations

import json

from ..events.computer import owed_by_computer
from . import clock
from .folding import Folded


def projection_row(folded: Folded, now: str, handled_until: str | None = None, summary: str | None = None) -> dict:
    """The `games` row of a game as folded; `handled_until` defaults to the time of its last event.
    `summary` is the append's words (pbem/words/__init__.py `summary_of`); None keeps the one written before."""
    result = folded.outcome
    moment = clock.parse_time(now)
    pause = clock.pause_running(folded.vacations, moment)
    if pause is not None:  # the deadlines as they stand once the pause ends (a resume writes them again)
        moment = pause.end
    deadline = folded.earliest_deadline(moment)
    next_due = None
    if result is None:
        after = clock.parse_time(min(handled_until or folded.last_at, now))
        upcoming = clock.next_due(folded.clock, folded.owing_since, folded.vacations, folded.timed_out, after,
                                  folded.banks)
        next_due = clock.format_time(upcoming) if upcoming is not None else None
        if owed_by_computer(folded):  # the sweep plays it (pbem/people/computer.py), a few seconds after this append
            next_due = min(next_due or folded.last_at, folded.last_at)
    return {
        "id": folded.id, "game": folded.created["game"],
        "status": "finished" if result is not None else "waiting" if folded.facts.get("waiting") else "active",
        "seq": folded.seq,
        "to_move": json.dumps(sorted(folded.to_move) if result is None else []),
        "deadline": clock.format_time(deadline) if deadline else None,
        "created": folded.created_at, "updated": now, "seat_count": folded.seat_count,
        "outcome": json.dumps(result.to_json()) if result is not None else None,
        "next_due": next_due,
        # each owing seat's own deadline (pbem/people/mygames.py orders a player's games by it), the end of a
        # pause under way ("paused"), and when each seat's clock stands still before its deadline
        # ("stops": vacations, rest days; "held": the time left of a seat on a vacation with no end yet),
        # so that /me shows a countdown paused without loading the game
        "deadlines": json.dumps(deadlines_told(folded, moment, pause)) if result is None else None,
        "summary": summary,
    }


def deadlines_told(folded: Folded, moment, pause) -> dict:
    told: dict = {}
    stops: dict = {}
    held: dict = {}
    for seat in sorted(folded.owing_since):
        limit = folded.deadline(seat, moment)
        if limit is None:
            continue
        told[str(seat)] = clock.format_time(limit)
        if clock.on_vacation(folded.vacations, seat):
            held[str(seat)] = folded.time_left(seat, moment)
            continue
        spans = clock.stop_spans(folded.vacations, seat, moment, limit, moment, folded.owing_since[seat])
        if spans:
            stops[str(seat)] = [[clock.format_time(a), clock.format_time(b)] for a, b in spans]
    if pause:
        told["paused"] = clock.format_time(pause.end)
    if stops:
        told["stops"] = stops
    if held:
        told["held"] = held
    return told


def unopenable(game_id: str, seat: dict) -> str:
    """The key column of a seat no link opens (reopened, waiting for a newcomer: pbem/events/reopening.py):
    not a SHA-256 in hex, so no token's hash can ever equal it; unique, as the column must be."""
    return f"none:{game_id}:{seat['seat']}:{seat.get('generation', 0)}"


def seat_rows(folded: Folded) -> list[dict]:
    return [{"game_id": folded.id, "seat": s["seat"], "name": s["name"], "email": s["email"],
             "webhook": s["webhook"], "token_hash": s["token_sha256"] or unopenable(folded.id, s),
             "email_on": int(s["email_on"]),
             "digest": int(s["digest"]),
             "generation": int(s.get("generation", 0))} for s in folded.seats]
