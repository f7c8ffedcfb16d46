"""Whether the server's log of a game still extends a record a player saved (architecture section 19,
issue 25): `pbem verify --against RECORD`. After a restore from a backup, or anything else that lost the
end of a log, a player's downloaded record (`/play/<token>/export.json`, `pbem export`, or a finished
game's full record) is the proof of what the server once showed them.

Each event of a record carries its seq and its hash, and the hash chains every earlier event, so the log
extends the record exactly when the log's hash at every seq of the record is the record's. Where they
differ first is where the server's history parts from what the player saw; a log that ends before the
record does has lost the record's later events. The record's own events may be redacted (a seat's record
hides the others' secrets), so only the hashes are compared: what the events hold is the log's to prove,
and `pbem verify` replays it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import store
from .errors import BadRequest

RECORD_FORMATS = ("pbem-record/1", "pbem-full-record/1")


@dataclass(frozen=True)
class Comparison:
    """How the log of `game_id` stands to a record: `parted_at` is the first seq whose hash differs, or,
    when the log ends first, the first seq of the record the log lacks; None when the log extends it."""

    game_id: str
    record_seq: int
    record_hash: str
    log_seq: int
    log_hash: str | None
    parted_at: int | None
    lost: bool  # the log ends before the record (rather than holding other events at the same seqs)

    @property
    def extends(self) -> bool:
        return self.parted_at is None

    def words(self) -> str:
        record = f"the record's {self.record_seq} events (head {self.record_seq} {self.record_hash[:16]})"
        if self.extends:
            more = self.log_seq - self.record_seq
            now = f"head {self.log_seq} {(self.log_hash or '')[:16]}"
            return (f"{self.game_id} extends the record: {record} are the server's first {self.record_seq}; "
                    f"the server has {more} event{'s' if more != 1 else ''} more ({now})")
        if self.log_seq == 0:
            return (f"{self.game_id} PARTS from the record: the server has no such game, so {record} are all lost "
                    "(a restore from a backup older than the game?)")
        if self.lost:
            return (f"{self.game_id} PARTS from the record at event {self.parted_at}: the server's log ends at event "
                    f"{self.log_seq}, the record's at {self.record_seq}: events {self.parted_at} to {self.record_seq} "
                    "are lost (a restore from an older backup?)")
        return (f"{self.game_id} PARTS from the record at event {self.parted_at}: the server's event {self.parted_at} "
                f"is not the record's (the hashes differ), so the record's events {self.parted_at} to "
                f"{self.record_seq} are not the server's; the server's log now ends at event {self.log_seq}")


def record_heads(record: Any) -> tuple[str, list[tuple[int, str]]]:
    """The game id and the (seq, hash) of every event of a saved record, in order; BadRequest saying what
    is wrong with a file that is not one."""
    if not isinstance(record, dict) or record.get("format") not in RECORD_FORMATS:
        raise BadRequest(f"not a game record: its format must be one of {', '.join(RECORD_FORMATS)} "
                         "(the record JSON a seat page offers, or pbem export)")
    game_id = record.get("id")
    if not isinstance(game_id, str) or not game_id.isalnum():
        raise BadRequest("the record's id must be letters and digits")
    events = record.get("events")
    if not isinstance(events, list) or not events:
        raise BadRequest("the record has no events")
    heads = []
    for index, event in enumerate(events, start=1):
        seq = event.get("seq") if isinstance(event, dict) else None
        digest = event.get("hash") if isinstance(event, dict) else None
        if isinstance(seq, bool) or seq != index or not isinstance(digest, str):
            raise BadRequest(f"the record's event {index} must have seq {index} and a hash")
        heads.append((seq, digest))
    return game_id, heads


def compare(db, record: Any, game_id: str | None = None) -> Comparison:
    """The log of the record's game (or of `game_id`, which must be the record's) against the record."""
    recorded_id, heads = record_heads(record)
    if game_id is not None and game_id != recorded_id:
        raise BadRequest(f"the record is of game {recorded_id}, not {game_id}")
    log = {event.seq: event.hash for event in store.read_events(db, recorded_id)}
    log_seq = max(log, default=0)
    parted_at = next((seq for seq, digest in heads if log.get(seq) != digest), None)
    record_seq, record_hash = heads[-1]
    return Comparison(recorded_id, record_seq, record_hash, log_seq, log.get(log_seq), parted_at,
                      lost=parted_at is not None and parted_at > log_seq)
