"""The store: every SQL statement pbem runs, over SQLite through sqlite-utils (architecture sections 4,
11 and 18). Nothing outside this package writes SQL (tests/test_layers.py holds it to that), so a second
engine needs only a second store. It is a low layer: it imports nothing of pbem above it.

- connection.py: opening a file (pragmas, file modes), transactions (`immediate`), reads as dicts, the
  database that cannot be reached (`Unavailable`, 503) and the health check's round trip
- schema.py: the versioned migrations, and `connect`, the one way to a connection
- events.py: the events, the only truth (append, reads, hashes), and the games' seeds
- groupcommit.py: the write path of appends, many made durable by one commit
- projections.py: the games and seats tables, rebuilt from the events at will
- snapshots.py: folded games kept to start from
- heads.py: the hashes at given seqs, for clients that compare the heads they kept
- outbox.py: the notices' rows (enqueue, claim, marks, digests' reads)
- accounts.py: sign-in links, sessions, keys, proven addresses, asked requests, the block list
- leases.py: the scheduler's lease and what `pbem serve` records of itself
- copying.py: whole databases copied (backup, restore, copy): tables, emptiness, rows in batches
- counters.py: the rate limits' counters, in a file of their own (pbem/ratelimit.py decides)

What the rest of pbem called as `store.x` when this was one module is here under the same name.
"""

from . import (accounts, connection, copying, counters, events, groupcommit, heads, leases, outbox, projections, schema,
               snapshots)
from .accounts import address_sha256, ask, is_proven, prove_address, take_asked
from .connection import (BUSY_TIMEOUT_SECONDS, ENGINE, ENGINE_ERRORS, Unavailable, end_request, health, immediate,
                         path_of, rows_of, unreachable)
from .events import (SEEDS, Conflict, NewEvent, Prepared, StoredEvent, append, canonical_json, command_seqs,
                     commands_of, event_at, event_hash, events_at, game_ids, hash_at, head, last_event, prepare,
                     read_events, read_events_after, read_seed, write_imported)
from .leases import record_server, recorded_server
from .outbox import MAILED, OUTBOX_COLUMNS, UNPROVEN_MAILS_AT_MOST, enqueue, enqueue_now, may_mail
from .projections import (game_row, games_with_names, list_games, seat_by_token_hash, seats_of, write_projection,
                          write_projection_now)
from .schema import (MIGRATIONS, SCHEMA_VERSION, add_clock_columns, add_home_columns, connect, create_projections,
                     drop_projections, migrate)
from .snapshots import drop_snapshots, read_snapshot, write_snapshots
