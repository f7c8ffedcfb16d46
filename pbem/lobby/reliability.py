"""Reliability per public name (issue 31, item 4), counted from the games' events:

- finished: games the address sat in that have ended;
- timed_out ("lost on time"): games in which a seat of the address ran out of time at least once (a
  `turn_timed_out` event for it), whatever the game's clock then did (a reminder, a skipped turn, a
  forfeit);
- abandoned: finished games in which the seat's last decision was a timeout: it ran out of time and never
  moved again (a forfeit by timeout ends there too); and games whose seat the others reopened after it
  vanished (`seat_reopened`, issue 31): the game is over for that address then, its last decision a
  timeout, whoever takes the seat;
- in_time: of the decisions the seats owed (each move they made, each time their clock ran out), the
  share made before the deadline, in whole percent (100 for an address that has owed none yet: nobody
  starts with a bad record).

`with_append` keeps a small projection per (address, game, seat) from each append's events, in the
store's `reliability` table, written in the append's own transaction (service.WITH_APPEND: the counts
commit with the events, and a move costs one commit); `rebuild` counts every game again from its events
(`pbem rebuild`). Moves the computer made for a seat are not the person's decisions and are not counted."""

from __future__ import annotations

import logging
from typing import Iterable, Sequence

from .. import store
from ..events.core import TURN_TIMED_OUT
from ..events.reopening import SEAT_REOPENED
from ..play import audit, folding, loading
from ..play.folding import Folded
from . import names

def tally(folded: Folded, events: Sequence[store.StoredEvent]) -> list[dict]:
    """What these events of the game add to each seat with an address: moves, timeouts, whether its last
    decision among them was a timeout (None: it made none here), whether the game is over."""
    counts: dict[int, dict] = {}

    def of(seat: int) -> dict:
        return counts.setdefault(seat, {"moves": 0, "timeouts": 0, "last_timed_out": None})

    for event in events:
        command = event.command or {}
        if command.get("verb") == "move" and command.get("via") != "bot" and isinstance(command.get("seat"), int):
            seat = of(command["seat"])
            seat["moves"] += 1
            seat["last_timed_out"] = False
        if event.type == TURN_TIMED_OUT and isinstance(event.data.get("seat"), int):
            seat = of(event.data["seat"])
            seat["timeouts"] += 1
            seat["last_timed_out"] = True
    if folded.finished:  # the game's end counts for every seat, even one that did nothing in this append
        for seat in range(len(folded.seats)):
            of(seat)
    out = vanished(folded, events)
    for seat, count in sorted(counts.items()):
        address = folded.seats[seat].get("email") if seat < len(folded.seats) else None
        if address:
            out.append({"address": address.strip().lower(), "game_id": folded.id, "seat": seat,
                        "finished": folded.finished, **count})
    return out


def vanished(folded: Folded, events: Sequence[store.StoredEvent]) -> list[dict]:
    """The addresses whose seats these events reopened: each one's part in the game over, abandoned. The
    seat's record keeps the vanished addresses in order (pbem/events/reopening.py), so a rebuild that
    reads a seat reopened twice counts each holder once."""
    out, seen = [], {}
    for event in events:
        if event.type != SEAT_REOPENED:
            continue
        seat = event.data["seat"]
        gone = folded.seats[seat].get("vanished") or []
        index = seen[seat] = seen.get(seat, -1) + 1
        # the latest reopenings are the last entries: an append's events are the record's latest
        at = len(gone) - (sum(1 for e in events if e.type == SEAT_REOPENED and e.data["seat"] == seat) - index)
        address = gone[at] if 0 <= at < len(gone) else None
        if address:
            out.append({"address": address.strip().lower(), "game_id": folded.id, "seat": seat, "moves": 0,
                        "timeouts": 0, "last_timed_out": True, "finished": True})
    return out


def with_append(before: Folded, after: Folded, events: Sequence[store.StoredEvent]):
    """service.WITH_APPEND: the append's moves and timeouts, added to its seats' rows by the append itself.
    A count that cannot be told (a fault of this module) is logged and left out, never the move refused:
    `pbem rebuild` counts it again from the events."""
    try:
        counts = tally(after, events)
    except Exception:  # noqa: BLE001 - the players' move matters more than its count
        logging.getLogger("pbem.lobby").exception("the reliability of game %s could not be counted", after.id)
        return None
    if not counts:
        return None
    return lambda db: store.lobby.count_reliability(db, counts)


def rebuild(db, game_ids: Iterable[str]) -> None:
    """Count these games again from all their events."""
    for game_id in game_ids:
        counts = counted_from_log(db, game_id)
        with store.immediate(db):
            store.lobby.forget_reliability(db, game_id)
            store.lobby.count_reliability(db, counts)  # rows of one seat and address add up, as appends do


def counted_from_log(db, game_id: str) -> list[dict]:
    """What each append of the game counted, append by append, each told with the game as it stood after
    it, as `with_append` told it then: a seat's moves before a handover are its earlier holder's."""
    folded, counts = None, []
    look_back = loading.LookBack(db, game_id)
    for batch in audit.appends(store.read_events(db, game_id)) or []:
        folded = folding.fold(game_id, batch, look_back=look_back) if folded is None else \
            folding.advance(folded, batch, look_back=look_back)
        counts += tally(folded, batch)
    return counts


def summed(row: dict) -> dict:
    owed = row["moves"] + row["timeouts"]
    return {"finished": row["finished"], "timed_out": row["timed_out"], "abandoned": row["abandoned"],
            "in_time": 100 if owed == 0 else int(row["moves"] * 100 // owed)}


def of_address(db, address: str) -> dict:
    return summed(store.lobby.reliability_of(db, store.address_sha256(address.strip().lower())))


def of_name(db, name: str) -> tuple[str, dict] | None:
    """(the name as its holder chose it, its reliability), or None when no address holds it."""
    holder = names.holder(db, name)
    if holder is None:
        return None
    chosen = store.lobby.name_holder(db, names.folded(name))[1]
    return chosen, summed(store.lobby.reliability_of(db, holder))


def in_time_of_names(db, shown: set[str]) -> dict[str, int]:
    """name -> share of decisions in time, for the names a lobby page shows (a page holds at most 50)."""
    out = {}
    for name in shown:
        found = of_name(db, name)
        if found is not None:
            out[name] = found[1]["in_time"]
    return out
