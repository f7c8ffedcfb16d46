"""Loading games at a cost that does not grow with the game (architecture section 11).

`load` gives a game's head: the log folded through its last event. A game loaded lately in this process
is picked up where it was left (only the newer events are read and folded, after checking that the last
event it had is still in the log with the same hash); otherwise folding starts from the latest snapshot.
`at` gives the game as it stood after any seq, from the nearest position this process holds or the
nearest snapshot at or before it.

Snapshots are `Folded` values pickled into the `snapshots` table every SNAPSHOT_EVERY events or so, at
the end of an append, in the append's own transaction (no commit of their own). They are never truth:
each is checked against the hash of the event it was taken at, tagged with a fingerprint of the code
that folded it (a new version of the rules or of the fold makes old snapshots unused), and the table can
be emptied at any time. So looking back at event 10 and at event 10,000 both fold at most about
SNAPSHOT_EVERY events, and a cold load of a long game reads one snapshot and the events after it. They
are dense (2-3 kB every 16 events; Dragon Flagon's about 20 kB) so that a past position costs about what
the head does: with one every 128 events, a position 100 events after one cost 2 to 10 times the head
(audit N6); 16 Buccaneer events fold in about a millisecond.

Everything kept in memory is immutable (`Folded`), so one value may serve many threads.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from .. import store
from ..store.recent import Recent
from .errors import BadRequest, GameNotFound
from .folding import Folded, advance, begin, fold, settle_alone

SNAPSHOT_EVERY = 16  # the fewer events a look back folds, the flatter a past position's cost against the head
HEADS: Recent[Folded] = Recent(size=256)      # (database, game) -> the game at its head
PAST: Recent[Folded] = Recent(size=512)       # (database, game, seq) -> the game at that seq
_saved: dict[tuple[str, str], int] = {}       # (database, game) -> the last snapshot's seq, as known here


def database_file(db) -> str:
    """The file behind a connection (the caches are per database), asked once per connection."""
    return store.path_of(db)


@lru_cache(maxsize=None)
def code_of(game: str) -> str:
    """A fingerprint of the code that folds a game: the fold, the platform's events, the clock and the
    game's package. A snapshot taken by other code is not used."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    paths = [root / "play" / "folding.py", root / "play" / "clock.py", root / "play" / "rest_days.py",
             root / "games" / "base.py",
             *sorted((root / "events").glob("*.py")),
             *sorted((root / "games" / game).rglob("*.py")), *sorted((root / "games" / game).rglob("*.json"))]
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


# --- the head ----------------------------------------------------------------------------------------


def load(db, game_id: str) -> Folded:
    """The game as its log stands now."""
    key = (database_file(db), game_id)
    known = HEADS.get(key)
    if known is not None:
        newer = store.read_events_after(db, game_id, known.seq - 1)
        if newer and newer[0].seq == known.seq and newer[0].hash == known.last_hash:
            head = fold_forward(db, known, newer[1:]) if len(newer) > 1 else known
            HEADS.put(key, head)
            PAST.put((*key, head.seq), head)
            return head
    head = cold(db, game_id)
    HEADS.put(key, head)
    return head


def cold(db, game_id: str) -> Folded:
    base = snapshot_before(db, game_id, None)
    if base is not None:
        newer = store.read_events_after(db, game_id, base.seq)
        return fold_forward(db, base, newer)
    events = store.read_events(db, game_id)
    if not events:
        raise GameNotFound(f"no game {game_id!r} here")
    return fold_forward(db, None, events)


def snapshot_due(db, head: Folded) -> tuple[int, str, bytes] | None:
    """The snapshot of a head about to be appended, when one is due: (seq, code, pickled), for the append
    to write in its own transaction."""
    if head.batch_open or head.seq < last_saved(db, head.id) + SNAPSHOT_EVERY:
        return None
    return snapshot_row(head)


def snapshot_row(folded: Folded) -> tuple[int, str, bytes]:
    return folded.seq, code_of(folded.created["game"]), pickle.dumps(folded, protocol=pickle.HIGHEST_PROTOCOL)


def keep(db, head: Folded, snapshotted: bool = False) -> None:
    """Remember a head this process just wrote (after an append; `snapshotted`: the append wrote its
    snapshot). The head is kept as a past position too: the next append's notices tell what happened
    since a seat last acted, which is usually the end of a recent append, so looking back there folds
    nothing."""
    HEADS.put((database_file(db), head.id), head)
    PAST.put((database_file(db), head.id, head.seq), head)
    if snapshotted:
        _saved[(database_file(db), head.id)] = head.seq


# --- the past ----------------------------------------------------------------------------------------


class LookBack:
    """What telling or folding an append may look up in the log: called with an earlier seq, the game's
    state right after it (a rewind makes the game's state that of an earlier position; the log keeps
    everything); `move_number(seq)`, the number the move list gives the append that position ends, so
    that the words name moves, not event seqs (issue 27)."""

    def __init__(self, db, game_id: str):
        self.db, self.game_id = db, game_id

    def __call__(self, seq: int):
        return past(self.db, self.game_id, seq).state

    def move_number(self, seq: int) -> int:
        return store.events.appends_before(self.db, self.game_id, seq + 1)


def looking_back(db, folded: Folded) -> LookBack:
    """A look_back for `folding.advance` and for telling (pbem/words)."""
    return LookBack(db, folded.id)


def at(db, head: Folded, seq: int) -> Folded:
    """The game as it stood right after event `seq` (1 <= seq <= head.seq)."""
    if not 1 <= seq <= head.seq:
        raise BadRequest(f"the game has events 1 to {head.seq}, not {seq}")
    if seq == head.seq:
        return head
    return past(db, head.id, seq)


def past(db, game_id: str, seq: int) -> Folded:
    """The game right after event `seq`, from the nearest position at or before it that this process
    holds (stepping through a history asks for one position after another) or else the nearest snapshot."""
    key = (database_file(db), game_id, seq)
    found = PAST.get(key)
    if found is not None and store.hash_at(db, game_id, seq) == found.last_hash:
        return found
    base = held_before(db, game_id, seq) or snapshot_before(db, game_id, seq)
    after = base.seq if base is not None else 0
    events = store.read_events_after(db, game_id, after, upto=seq + 1)
    complete = len(events) == seq + 1 - after and events[-1].command is not None
    events = [e for e in events if e.seq <= seq]
    if not events:
        result = base
    elif base is None:
        result = fold_forward(db, None, events, complete, save_snapshots=False)
    else:
        result = fold_forward(db, base, events, complete, save_snapshots=False)
    PAST.put(key, result)
    return result


def held_before(db, game_id: str, seq: int) -> Folded | None:
    """The latest position before `seq`, fewer than SNAPSHOT_EVERY events back, that this process holds
    and that the log still has (checked against the hash of its last event). Only the end of a whole
    append will do, as for a snapshot: the fold goes on from one the same as from the log's start."""
    where = database_file(db)
    for earlier in range(seq - 1, max(0, seq - SNAPSHOT_EVERY), -1):
        held = PAST.get((where, game_id, earlier))
        if held is not None and not held.batch_open:
            return held if store.hash_at(db, game_id, earlier) == held.last_hash else None
    return None


# --- folding with snapshots along the way ---------------------------------------------------------------


def fold_forward(db, base: Folded | None, events: Sequence[store.StoredEvent], complete: bool = True,
                 save_snapshots: bool = True) -> Folded:
    """`base` (None: nothing yet) advanced through the events, in pieces of about SNAPSHOT_EVERY events
    that end where an append ends, each piece's result snapshotted when `save_snapshots`."""
    if base is None:
        first, events = events[0], events[1:]
        base = begin(first.game_id, first)
        if not events:
            return settle_alone(base) if complete else base
    folded = base
    start = 0
    mark = (folded.seq // SNAPSHOT_EVERY + 1) * SNAPSHOT_EVERY
    pieces: list[Folded] = []
    for index, event in enumerate(events):
        if event.command is not None and index > start and events[index - 1].seq >= mark:
            folded = advance(folded, events[start:index], look_back=looking_back(db, folded))
            pieces.append(folded)
            start = index
            mark = (folded.seq // SNAPSHOT_EVERY + 1) * SNAPSHOT_EVERY
    if save_snapshots and pieces:
        save(db, pieces)
    return advance(folded, events[start:], complete, look_back=looking_back(db, folded))


def snapshot_before(db, game_id: str, seq: int | None) -> Folded | None:
    """The latest usable snapshot at or before `seq` (None: any), checked against the log."""
    game = game_name(db, game_id)
    if game is None:
        return None
    found = store.read_snapshot(db, game_id, seq if seq is not None else 1 << 62, code_of(game))
    if found is None:
        return None
    snap_seq, data = found
    key = (database_file(db), game_id, snap_seq)
    folded = PAST.get(key)
    if folded is None:
        try:
            folded = pickle.loads(data)
        except Exception:  # noqa: BLE001 - a snapshot is never truth: one that does not load is ignored
            return None
    if not isinstance(folded, Folded) or store.hash_at(db, game_id, snap_seq) != folded.last_hash:
        return None
    PAST.put(key, folded)
    return folded


def save(db, pieces: Sequence[Folded]) -> None:
    """Snapshot these positions of one game, in one transaction (a cold fold of a long game makes many)."""
    whole_appends = [folded for folded in pieces if not folded.batch_open]  # only whole appends are snapshotted
    if not whole_appends:
        return
    store.write_snapshots(db, whole_appends[0].id, [snapshot_row(folded) for folded in whole_appends])
    key = (database_file(db), whole_appends[0].id)
    _saved[key] = max(_saved.get(key, 0), whole_appends[-1].seq)


def last_saved(db, game_id: str) -> int:
    key = (database_file(db), game_id)
    if key not in _saved:
        _saved[key] = store.snapshots.last_snapshot_seq(db, game_id)
    return _saved[key]


def game_name(db, game_id: str) -> str | None:
    kind = store.projections.game_kind(db, game_id)
    if kind is not None:
        return kind
    first = store.event_at(db, game_id, 1)
    return first.data["game"] if first is not None else None


def forget() -> None:
    """Drop what this process keeps (tests that rewrite a database behind the server's back)."""
    HEADS.clear()
    PAST.clear()
    _saved.clear()


def whole(db, game_id: str) -> Folded:
    """Fold a game's whole log from its first event, ignoring every cache and snapshot (verify, tests)."""
    events = store.read_events(db, game_id)
    if not events:
        raise GameNotFound(f"no game {game_id!r} here")
    return fold(game_id, events)
