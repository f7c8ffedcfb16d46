"""The store: every SQL statement pbem runs, on two engines (architecture sections 4, 11 and 18): SQLite
through sqlite-utils (a path in PBEM_DB, or nothing), or PostgreSQL through psycopg (a postgresql://
URL). Nothing outside this package writes SQL (tests/test_layers.py holds it to that). It is a low
layer: it imports nothing of pbem above it.

- protocol.py: the database that cannot be reached (`Unavailable`, 503), whichever the engine
- connection.py: which engine a target or a handle is, transactions (`immediate`), reads as dicts, the
  errors of both engines, what a request leaves behind, the health check's round trip
- sqlite.py: SQLite's own: opening a file (pragmas, file modes), its error codes, its dialect
- postgres.py: PostgreSQL's own: the pool, the handle, its error classes, its dialect and baseline schema
- schema.py: the versioned migrations (numbered once for both engines), and `connect`, the one way to a
  handle
- events.py: the events, the only truth (append, reads, hashes), and the games' seeds
- groupcommit.py: the write path of appends, many made durable by one commit
- projections.py: the games and seats tables, rebuilt from the events at will
- snapshots.py: folded games kept to start from
- heads.py: the hashes at given seqs, for clients that compare the heads they kept
- outbox.py: the notices' rows (enqueue, claim, marks, digests' reads)
- accounts.py: sign-in links, sessions, keys, proven addresses, asked requests, the block list
- leases.py: the scheduler's lease and what `pbem serve` records of itself
- copying.py: whole databases copied (backup, restore, copy): tables, emptiness, rows in batches
- counters.py: the rate limits' counters, in the database's hits table (pbem/web/ratelimit.py decides)
- push.py: Web Push's VAPID keys and the devices subscribed
- lobby.py: public names, the lobby's public games, each address's reliability per game (issue 31)
- seeks.py: what signed-in addresses want to play, matched in one transaction (issue 31)
- ratings.py: the rated games as they finished, the ratings folded over them and each change (issue 32)
- tournaments.py: tournaments, their entrants, committed seeds and drawn games (issue 32)

What the rest of pbem called as `store.x` when this was one module is here under the same name.
"""

from . import (accounts, connection, copying, counters, events, groupcommit, heads, leases, lobby, outbox, postgres,
               projections, push, ratings, schema, seeks, snapshots, sqlite, tournaments)
from .accounts import address_sha256, ask, is_proven, prove_address, take_asked
from .connection import (BUSY_TIMEOUT_SECONDS, ENGINE, ENGINE_ERRORS, INTEGRITY_ERRORS, Unavailable, close_pools,
                         close_quietly, described, dialect, end_request, health, immediate, is_postgres,
                         listen_for_appends, path_of, rows_of, unreachable)
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
