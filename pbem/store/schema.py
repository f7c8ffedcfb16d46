"""The database's schema: its versioned migrations, run once by the first process to open a database,
and `connect`, the one way to a connection (opened by the engine's module, then brought up to date).

The numbers are one sequence for both engines. SQLite's file goes through every step below; a new
PostgreSQL database starts at postgres.py's baseline (version 8, the same tables, keys and indexes) and
goes through the steps after it, each written for both. Tables are created explicitly, never by
inference on first insert."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import sqlite_utils

from . import lobby, postgres, ratings, seeks, tournaments
from .accounts import prove_address
from .connection import dialect, immediate
from .sqlite import open_file, raise_if_unreachable, retry_while_locked

SCHEMA_VERSION = 19

_current: set[str] = set()  # the PostgreSQL databases this process found (or made) current
_current_lock = threading.Lock()


def connect(path: str | Path):
    """A handle on the database PBEM_DB names, its schema at SCHEMA_VERSION: a SQLite file at `path`
    (sqlite.py's `open_file`), or a PostgreSQL database at a postgresql:// URL (postgres.py)."""
    if postgres.is_target(path):
        return connect_postgres(str(path))
    db = open_file(path)
    try:
        retry_while_locked(lambda: migrate(db))
    except sqlite3.OperationalError as error:
        db.close()
        raise_if_unreachable(error)
        raise
    return db


def connect_postgres(url: str) -> postgres.Database:
    """A handle on a PostgreSQL database, migrated by the first handle of this process to reach it."""
    db = postgres.open_database(url)
    if url in _current:
        return db
    try:
        if postgres.schema_version(db) < SCHEMA_VERSION:
            postgres.migrate(db, SCHEMA_VERSION, MIGRATIONS)
    except postgres.ERRORS as error:
        db.close()
        raise postgres.Unavailable(f"the database cannot be reached: {error}") from error
    except BaseException:
        db.close()
        raise
    with _current_lock:
        _current.add(url)
    return db


def migrate(db: sqlite_utils.Database) -> None:
    """Bring the database to SCHEMA_VERSION, one numbered step at a time, inside a write transaction taken
    at once, reading the version inside it, so two processes starting together migrate once. Tables are
    created explicitly, never by inference on first insert."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    with immediate(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for step in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step}")


def _v1_events_and_projections(db: sqlite_utils.Database) -> None:
    db["events"].create(
        {"game_id": str, "seq": int, "type": str, "actor": str, "data": str, "at": str, "hash": str, "command": str},
        pk=("game_id", "seq"),
        not_null={"game_id", "seq", "type", "actor", "data", "at", "hash"},
    )
    create_projections(db)
    db["secrets"].create({"game_id": str, "seed": str}, pk="game_id", not_null={"seed"})


def _v2_notifications(db: sqlite_utils.Database) -> None:
    """Seat notification settings, the outbox of notices, and the scheduler's lease."""
    if "email_on" not in db["seats"].columns_dict:
        db["seats"].add_column("email_on", int, not_null_default=1)
        db["seats"].add_column("digest", int, not_null_default=0)
    db["outbox"].create(
        {"id": int, "game_id": str, "seq": int, "seat": int, "channel": str, "kind": str, "recipient": str,
         "subject": str, "body_text": str, "body_html": str, "payload": str, "status": str, "tries": int,
         "next_try": str, "last_error": str, "created": str, "sent_at": str, "claimed_until": str},
        pk="id",
        not_null={"game_id", "seq", "seat", "channel", "kind", "recipient", "status", "tries", "created"},
        defaults={"tries": 0},
    )
    # A notice is written once per event, recipient, channel and kind, however often it is computed.
    db["outbox"].create_index(["game_id", "seq", "seat", "channel", "kind"], unique=True)
    db["outbox"].create_index(["status", "next_try"])
    db["locks"].create({"name": str, "owner": str, "until": str}, pk="name", not_null={"owner", "until"})


def _v3_flat_cost(db: sqlite_utils.Database) -> None:
    """Snapshots of folded games (never truth: dropped and rebuilt at will) and, in the games
    projection, when the clock next has something to do for a game, so the sweep reads only those."""
    db["snapshots"].create({"game_id": str, "seq": int, "code": str, "data": bytes}, pk=("game_id", "seq"),
                           not_null={"code", "data"})
    add_clock_columns(db)


def _v4_unsubscribed(db: sqlite_utils.Database) -> None:
    """Addresses that followed an unsubscribe link: never mailed again (kept as SHA-256 only); and the
    one-time views of a new game's seat links (pbem/web/started.py), kept until shown or an hour old."""
    db["unsubscribed"].create({"address_sha256": str, "at": str}, pk="address_sha256", not_null={"at"})
    db["started_views"].create({"id": str, "game_id": str, "created": str}, pk="id", not_null={"game_id", "created"})


def _v5_home(db: sqlite_utils.Database) -> None:
    """A player's home across games (issue 14, pbem/people/accounts.py): sessions, sign-in links, personal
    tokens and feed keys, and pending address confirmations, each kept as the SHA-256 of its secret only;
    in the games projection the last move in words and each owing seat's deadline; seats found by address."""
    db["home_sessions"].create({"sha256": str, "address": str, "created": str, "expires": str}, pk="sha256",
                               not_null={"address", "created", "expires"})
    db["signin_links"].create({"sha256": str, "address": str, "created": str, "expires": str, "used": str},
                              pk="sha256", not_null={"address", "created", "expires"})
    db["signin_links"].create_index(["address", "created"])
    db["home_keys"].create({"sha256": str, "address": str, "kind": str, "generation": int, "created": str},
                           pk="sha256", not_null={"address", "kind", "generation", "created"})
    db["home_keys"].create_index(["address", "kind"], unique=True)
    db["address_confirmations"].create(
        {"sha256": str, "game_id": str, "seat": int, "generation": int, "address": str, "created": str},
        pk="sha256", not_null={"game_id", "seat", "generation", "address", "created"})
    add_home_columns(db)


def _v6_no_status_deadline_index(db: sqlite_utils.Database) -> None:
    """The games projection's (status, deadline) index served the first sweep, which looked for active
    games past their deadline; the sweep reads `next_due` since version 3 and nothing reads by deadline.
    Every move rewrote an entry of it: a tenth of the pages a move writes (bench_flat)."""
    db.conn.execute("drop index if exists idx_games_status_deadline")


def _v7_server_and_asked(db: sqlite_utils.Database) -> None:
    """What `pbem serve` records of itself for the other commands (its base URL: `pbem links` prints the
    links it serves), and the mail addresses asked for (a sign-in link, lost seat links), answered on the
    delivery side (pbem/notify/asked.py)."""
    db["server"].create({"name": str, "value": str, "at": str}, pk="name", not_null={"value", "at"}, if_not_exists=True)
    db["asked"].create({"id": int, "kind": str, "address": str, "at": str}, pk="id",
                       not_null={"kind", "address", "at"}, if_not_exists=True)


def _v8_proven_addresses(db: sqlite_utils.Database) -> None:
    """Addresses that followed a link this server mailed them, per game (SHA-256 only), and the outbox by
    recipient, so the mail to an address from games it has not opened is counted (`enqueue`)."""
    if "proven_addresses" not in db.table_names():
        db["proven_addresses"].create({"address_sha256": str, "game_id": str, "at": str},
                                      pk=("address_sha256", "game_id"), not_null={"at"})
    db.conn.execute("create index if not exists outbox_recipient on outbox (lower(recipient), status)")
    # Games under way keep their players' mail: a seat that has played a move of its own (not the
    # computer's for it) is held by someone, and its address goes on hearing from that game; an address
    # that signed in is a player's, for sign-in mail. Every other address starts with the allowance.
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    played = db.execute(
        "select distinct s.game_id, s.email from seats s where s.email is not null and exists (select 1 from "
        "events e where e.game_id = s.game_id and e.command is not null and json_extract(e.command, '$.seat') = "
        "s.seat and json_extract(e.command, '$.verb') in ('move', 'resign') "
        "and coalesce(json_extract(e.command, '$.via'), '') != 'bot')").fetchall()
    signed_in = db.execute("select distinct address from signin_links where used is not null").fetchall()
    for game_id, address in [*played, *(("", address) for (address,) in signed_in)]:
        prove_address(db, address, game_id, now)


def _v9_rate_limit_counters(db) -> None:
    """The rate limits' counters (counters.py), in the database rather than a file of their own, so every
    node on one database counts together. Written once for both engines (the first step after
    PostgreSQL's baseline)."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists hits (name {text} not null, address {text} not null, "
                    "slot bigint not null, count bigint not null, primary key (name, address, slot))")


def _v10_notices_told_when_delivered(db) -> None:
    """What a notice tells, as arguments (JSON), for the process that delivers it to compose its words
    (pbem/notify/wording.py); the words' columns stay, for rows written before (sent as they are), digests
    and sign-in links. Written once for both engines."""
    if "args" not in dialect(db).columns_of(db, "outbox"):  # a file taken back to an older version keeps it
        db.conn.execute(f"alter table outbox add column args {dialect(db).TEXT}")


def _v11_address_settings(db) -> None:
    """A signed-in address's own settings, by the address's SHA-256 (issue 26: the language its pages are
    read in). Written once for both engines."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists address_settings (address_sha256 {text} primary key, "
                    f"language {text}, updated {text} not null)")


def _v12_address_rest_and_vacations(db) -> None:
    """An address's time zone and rest days (issue 28; each game it sits in records them as events too),
    and its vacations for all its games, which its yearly allowance counts. Written once for both engines."""
    text = dialect(db).TEXT
    columns = dialect(db).columns_of(db, "address_settings")
    for column in ("time_zone", "rest_days"):
        if column not in columns:
            db.conn.execute(f"alter table address_settings add column {column} {text}")
    db.conn.execute(f"create table if not exists address_vacations (address_sha256 {text} not null, "
                    f"starts {text} not null, ends {text} not null, made {text} not null, "
                    "primary key (address_sha256, starts))")


def _v13_push(db) -> None:
    """Web Push (architecture section 21, issue 30): the server's VAPID key pair, made at the first start,
    and the devices subscribed, each for one seat (`game_id`, `seat`) or for a signed-in address (its
    SHA-256: every seat of that address), and when each push was opened (the service worker reports a
click). Written once for both engines."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists push_keys (id integer primary key, private_key {text} not null, "
                    f"public_key {text} not null, created {text} not null)")
    db.conn.execute(f"create table if not exists push_subscriptions (id {text} primary key, endpoint {text} not null, "
                    f"p256dh {text} not null, auth {text} not null, game_id {text}, seat integer, generation integer, "
                    f"address_sha256 {text}, created {text} not null)")
    db.conn.execute("create index if not exists push_subscriptions_seat on push_subscriptions (game_id, seat)")
    db.conn.execute("create index if not exists push_subscriptions_address on push_subscriptions (address_sha256)")
    if "opened" not in dialect(db).columns_of(db, "outbox"):  # when a push's notification was opened
        db.conn.execute(f"alter table outbox add column opened {text}")


def _v14_quiet_hours(db) -> None:
    """An address's quiet hours (issue 30 item 4): from and until when, in its time zone, its pushes wait,
    and whether its mail waits too. Written once for both engines."""
    text = dialect(db).TEXT
    columns = dialect(db).columns_of(db, "address_settings")
    for column in ("quiet_hours", "quiet_mail"):
        if column not in columns:
            db.conn.execute(f"alter table address_settings add column {column} {text}")


def _v15_lobby(db) -> None:
    """Strangers who find each other (issue 31, architecture section 22): public names by a folded key
    (unique: case and look-alike variants of a name are the same name), the lobby's public games waiting
    for players, and each address's reliability per game. Written once for both engines (store/lobby.py)."""
    lobby.create_tables(db)


def _v16_seeks(db) -> None:
    """Seeks (issue 31 item 3): what signed-in addresses want to play, until matched, expired or cancelled.
    Written once for both engines (store/seeks.py)."""
    seeks.create_tables(db)


def _v17_ratings(db) -> None:
    """Ratings anyone can recompute (issue 32, architecture section 23): the rated games as they finished,
    and the fold over them per public name and game, with each change. Written once for both engines
    (store/ratings.py)."""
    ratings.create_tables(db)


def _v18_tournaments(db) -> None:
    """Tournaments (issue 32, item 3): each one, its entrants, its committed seeds (one a season) and its
    drawn games. Written once for both engines (store/tournaments.py)."""
    tournaments.create_tables(db)


def _v19_names_held(db) -> None:
    """Every public name an address has held (store/lobby.py): a name given up is not free for another
    address, which would take the ratings kept under it. Written once for both engines."""
    lobby.create_names_held(db)


MIGRATIONS = {1: _v1_events_and_projections, 2: _v2_notifications, 3: _v3_flat_cost, 4: _v4_unsubscribed,
              5: _v5_home, 6: _v6_no_status_deadline_index, 7: _v7_server_and_asked, 8: _v8_proven_addresses,
              9: _v9_rate_limit_counters, 10: _v10_notices_told_when_delivered, 11: _v11_address_settings,
              12: _v12_address_rest_and_vacations,
              13: _v13_push, 14: _v14_quiet_hours, 15: _v15_lobby, 16: _v16_seeks, 17: _v17_ratings,
              18: _v18_tournaments, 19: _v19_names_held}


def add_home_columns(db: sqlite_utils.Database) -> None:
    """The games projection's last move in words and per-seat deadlines, and the seats' address index
    (/me reads these instead of loading every game)."""
    columns = db["games"].columns_dict
    if "summary" not in columns:
        db["games"].add_column("summary", str)
    if "deadlines" not in columns:
        db["games"].add_column("deadlines", str)
    if "generation" not in db["seats"].columns_dict:  # the seat link's generation: /me derives the link
        db["seats"].add_column("generation", int, not_null_default=0)
    db.conn.execute("create index if not exists seats_email on seats (lower(email))")


def add_clock_columns(db: sqlite_utils.Database) -> None:
    columns = db["games"].columns_dict
    if "next_due" not in columns:
        db["games"].add_column("next_due", str)
    if "handled_until" not in columns:
        db["games"].add_column("handled_until", str)
    db.conn.execute("create index if not exists games_next_due on games (next_due) where next_due is not null")
    db.conn.execute("create index if not exists games_updated on games (updated)")


def create_projections(db) -> None:
    """The games and seats tables, made anew (`pbem rebuild`, inside its transaction)."""
    if isinstance(db, postgres.Database):
        for statement in postgres.statements(postgres.PROJECTIONS):
            db.conn.execute(statement.replace("create table", "create table if not exists")
                            .replace("create index", "create index if not exists")
                            .replace("create unique index", "create unique index if not exists"))
        return
    if "games" not in db.table_names():
        db["games"].create(
            {"id": str, "game": str, "status": str, "seq": int, "to_move": str, "deadline": str,
             "created": str, "updated": str, "seat_count": int, "outcome": str, "next_due": str,
             "handled_until": str},
            pk="id",
            not_null={"game", "status", "seq", "to_move", "created", "updated", "seat_count"},
        )
        add_clock_columns(db)
    if "seats" not in db.table_names():
        db["seats"].create(
            {"game_id": str, "seat": int, "name": str, "email": str, "webhook": str, "token_hash": str,
             "email_on": int, "digest": int},
            pk=("game_id", "seat"),
            not_null={"name", "token_hash"},
        )
        db["seats"].create_index(["token_hash"], unique=True)
    add_home_columns(db)


def drop_projections(db) -> None:
    for table in ("seats", "games"):
        db.conn.execute(f"drop table if exists {table}")
