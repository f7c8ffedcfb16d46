"""A finished game's full record, out and in (issue 16): every event exactly as stored (addresses and key
hashes included, for the hash chain covers them), the command of each append and the revealed seed, so
another server can check everything and keep the game.

`pbem export GAME --full` writes one (the operator's: the public record hides addresses, so it can be
replayed and checked but not imported); `pbem import FILE` checks its chain, its seed and every decision
and outcome by replaying each command as `pbem verify` does (decided again, then re-run under the rules
version in force there: pbem/play/audit.py), checks that no seat's link key is already another's, and only
then writes it, in one transaction. An imported game is an archive: its seat links were keys on the
server it came from.
"""

from __future__ import annotations

import json
from typing import Any

from .. import store
from ..games import UnknownGame, get_game
from ..games.base import GameError
from . import loading
from .audit import verify_events
from .errors import BadRequest, Conflicting, Forbidden
from .folding import SEED_REVEALED, fold
from .projection import projection_row, seat_rows

FORMAT = "pbem-full-record/1"
EVENT_FIELDS = ("seq", "type", "actor", "data", "at", "hash", "command")


def full_record(db, game_id: str) -> dict:
    """The complete log of a finished game with its seed."""
    head = loading.load(db, game_id)
    if not head.finished:
        raise Forbidden("only a finished game's full record can leave the server: while it runs its seed is secret")
    events = store.read_events(db, game_id)
    seed = store.read_seed(db, game_id)
    return {"format": FORMAT, "id": game_id, "game": head.created["game"], "rules_version": head.rules_version,
            "seed": seed.hex() if seed else None,
            "events": [{name: getattr(event, name) for name in EVENT_FIELDS} for event in events]}


def read_record(record: Any) -> tuple[str, list[store.StoredEvent], bytes]:
    """The game id, events and seed of a full record, or BadRequest saying what is wrong with it."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise BadRequest(f"not a full game record: its format must be {FORMAT!r} (pbem export GAME --full)")
    game_id = record.get("id")
    if not isinstance(game_id, str) or not game_id.isalnum() or not 1 <= len(game_id) <= 40:
        raise BadRequest("the record's id must be letters and digits")
    try:
        seed = bytes.fromhex(record["seed"])
    except (KeyError, TypeError, ValueError):
        raise BadRequest("the record has no seed: only a finished game's record can be imported") from None
    raw = record.get("events")
    if not isinstance(raw, list) or not raw:
        raise BadRequest("the record has no events")
    events = []
    for index, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or set(item) != set(EVENT_FIELDS):
            raise BadRequest(f"event {index} must have exactly the fields {', '.join(EVENT_FIELDS)}")
        kinds = (("seq", int), ("type", str), ("actor", str), ("data", dict), ("at", str), ("hash", str))
        for name, kind in kinds:
            if not isinstance(item[name], kind) or isinstance(item[name], bool):
                raise BadRequest(f"event {index}: {name} must be {kind.__name__}")
        if item["command"] is not None and not isinstance(item["command"], dict):
            raise BadRequest(f"event {index}: command must be an object or null")
        events.append(store.StoredEvent(game_id, item["seq"], item["type"], item["actor"], item["data"], item["at"],
                                        item["hash"], item["command"]))
    return game_id, events, seed


def import_record(db, record: Any) -> str:
    """Check a full record and keep its game; returns the game's id. A record of a game already here with
    the same last event is accepted again without change; another game of the same id is refused."""
    game_id, events, seed = read_record(record)
    try:
        get_game(events[0].data.get("game", ""))
    except (UnknownGame, AttributeError):
        raise BadRequest(f"the record's game {events[0].data.get('game')!r} is not hosted here") from None
    try:
        report = verify_events(events, seed)
    except (GameError, KeyError, TypeError, ValueError) as error:
        raise BadRequest(f"the record does not replay: {error}") from None
    if not report["ok"]:
        raise BadRequest("the record does not check: " + "; ".join(report["problems"]))
    if not any(event.type == SEED_REVEALED for event in events):
        raise BadRequest("the record is of a game still being played: only finished games can be imported")
    head = fold(game_id, events)
    if not head.finished:
        raise BadRequest("the record's game has no outcome: only finished games can be imported")
    existing = store.last_event(db, game_id)
    if existing is not None:
        if existing.seq == events[-1].seq and existing.hash == events[-1].hash:
            return game_id
        raise Conflicting(f"another game {game_id!r} is already here")
    seats = seat_rows(head)
    check_keys(db, game_id, seats)
    store.write_imported(db, events, seed, projection_row(head, events[-1].at), seats)
    return game_id


def check_keys(db, game_id: str, seats: list[dict]) -> None:
    """Each seat's link key (its hash) opens one seat on this server: a record whose key is another
    seat's, in the record or in a game here, is refused (a link would open the wrong seat)."""
    seen: dict[str, int] = {}
    for row in seats:
        key = row["token_hash"]
        if key is not None and key in seen:
            raise BadRequest(f"the record gives seats {seen[key] + 1} and {row['seat'] + 1} the same link key: "
                             "each seat has its own")
        seen[key] = row["seat"]
    for key, seat in seen.items():
        holder = store.seat_by_token_hash(db, key) if key is not None else None
        if holder is not None and holder["game_id"] != game_id:
            raise Conflicting(f"seat {seat + 1}'s link key is already the key of seat {holder['seat'] + 1} "
                              f"of game {holder['game_id']} here: the record cannot be kept beside it")


def load_file(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") if path != "-" else _stdin() as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        raise BadRequest(f"cannot read {path}: {error}") from None


def _stdin():
    import sys

    return sys.stdin
