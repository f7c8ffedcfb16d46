"""The rows of who is who (pbem/people/accounts.py and friends): sign-in links, sessions, personal keys and
address confirmations (each kept as the SHA-256 of its secret only), the addresses proven to want a
game's mail, the block list of unsubscribed addresses, the one-time views of a new game's seat links, and
the requests for mail asked for (a sign-in link, lost seat links) waiting to be answered.

Writes run inside the caller's transaction unless they say otherwise: the callers decide, this holds
the SQL."""

from __future__ import annotations

import hashlib

import sqlite_utils

from .connection import immediate, rows_of


def _one(db: sqlite_utils.Database, sql: str, params) -> tuple | None:
    return db.conn.execute(sql, params).fetchone()


# --- sign-in links ----------------------------------------------------------------------------------


def drop_expired_signin_links(db: sqlite_utils.Database, now: str) -> None:
    db.conn.execute("delete from signin_links where expires < ?", [now])


def signin_links_since(db: sqlite_utils.Database, address: str, since: str) -> int:
    """How many sign-in links were made for this (normalised) address after `since`."""
    return _one(db, "select count(*) from signin_links where address = ? and created > ?", [address, since])[0]


def add_signin_link(db: sqlite_utils.Database, sha256: str, address: str, created: str, expires: str) -> None:
    db.conn.execute("insert into signin_links (sha256, address, created, expires) values (?, ?, ?, ?)",
                    [sha256, address, created, expires])


def signin_link_address(db: sqlite_utils.Database, sha256: str, now: str) -> str | None:
    """The address of an unused sign-in link that has not expired."""
    row = _one(db, "select address from signin_links where sha256 = ? and used is null and expires > ?",
               [sha256, now])
    return row[0] if row else None


def mark_signin_link_used(db: sqlite_utils.Database, sha256: str, now: str) -> None:
    db.conn.execute("update signin_links set used = ? where sha256 = ?", [now, sha256])


# --- sessions -----------------------------------------------------------------------------------------


def drop_expired_sessions(db: sqlite_utils.Database, now: str) -> None:
    db.conn.execute("delete from home_sessions where expires < ?", [now])


def add_session(db: sqlite_utils.Database, sha256: str, address: str, created: str, expires: str) -> None:
    db.conn.execute("insert into home_sessions (sha256, address, created, expires) values (?, ?, ?, ?)",
                    [sha256, address, created, expires])


def session_address(db: sqlite_utils.Database, sha256: str, now: str) -> str | None:
    row = _one(db, "select address from home_sessions where sha256 = ? and expires > ?", [sha256, now])
    return row[0] if row else None


def drop_session(db: sqlite_utils.Database, sha256: str) -> None:
    db.conn.execute("delete from home_sessions where sha256 = ?", [sha256])


# --- personal tokens and feed keys ---------------------------------------------------------------------


def add_first_key(db: sqlite_utils.Database, sha256: str, address: str, kind: str, now: str) -> None:
    """The address's key of this kind at generation 0, unless it has one."""
    db.conn.execute("insert into home_keys (sha256, address, kind, generation, created) "
                    "values (?, ?, ?, 0, ?) on conflict do nothing", [sha256, address, kind, now])


def key_generation(db: sqlite_utils.Database, address: str, kind: str) -> int | None:
    row = _one(db, "select generation from home_keys where address = ? and kind = ?", [address, kind])
    return row[0] if row else None


def replace_key(db: sqlite_utils.Database, sha256: str, address: str, kind: str, generation: int, now: str) -> None:
    """The address's key of this kind is this one from now on; the one before is gone."""
    db.conn.execute("delete from home_keys where address = ? and kind = ?", [address, kind])
    db.conn.execute("insert into home_keys (sha256, address, kind, generation, created) values (?, ?, ?, ?, ?)",
                    [sha256, address, kind, generation, now])


def key_address(db: sqlite_utils.Database, sha256: str, kind: str) -> str | None:
    row = _one(db, "select address from home_keys where sha256 = ? and kind = ?", [sha256, kind])
    return row[0] if row else None


# --- address confirmations ----------------------------------------------------------------------------


def drop_confirmations_before(db: sqlite_utils.Database, before: str) -> None:
    db.conn.execute("delete from address_confirmations where created < ?", [before])


def add_confirmation(db: sqlite_utils.Database, sha256: str, game_id: str, seat: int, generation: int,
                     address: str, created: str) -> None:
    db.conn.execute("insert into address_confirmations (sha256, game_id, seat, generation, address, created) "
                    "values (?, ?, ?, ?, ?, ?)", [sha256, game_id, seat, generation, address, created])


def confirmation(db: sqlite_utils.Database, sha256: str, since: str) -> dict | None:
    """The confirmation (game_id, seat, generation, address) made after `since`, or None."""
    rows = rows_of(db, "select game_id, seat, generation, address from address_confirmations "
                       "where sha256 = ? and created > ?", [sha256, since])
    return rows[0] if rows else None


def drop_confirmation(db: sqlite_utils.Database, sha256: str) -> None:
    """In a transaction of its own."""
    with immediate(db):
        db.conn.execute("delete from address_confirmations where sha256 = ?", [sha256])


# --- the block list (pbem/notify/unsubscribe.py) ---------------------------------------------------------


def block(db: sqlite_utils.Database, address_sha256: str, now: str) -> None:
    """In a transaction of its own."""
    with immediate(db):
        db.conn.execute("insert into unsubscribed (address_sha256, at) values (?, ?) on conflict do nothing",
                        [address_sha256, now])


def unblock(db: sqlite_utils.Database, address_sha256: str) -> None:
    """In a transaction of its own."""
    with immediate(db):
        db.conn.execute("delete from unsubscribed where address_sha256 = ?", [address_sha256])


def is_blocked(db: sqlite_utils.Database, address_sha256: str) -> bool:
    return _one(db, "select 1 from unsubscribed where address_sha256 = ?", [address_sha256]) is not None


# --- one-time views of a new game's seat links (pbem/web/started.py) ----------------------------------------


def add_started_view(db: sqlite_utils.Database, view: str, game_id: str, now: str, drop_before: str) -> None:
    """Keep a view, and drop the views made before `drop_before`, in a transaction of their own."""
    with immediate(db):
        db.conn.execute("insert into started_views (id, game_id, created) values (?, ?, ?)", [view, game_id, now])
        db.conn.execute("delete from started_views where created < ?", [drop_before])


def take_started_view(db: sqlite_utils.Database, view: str) -> tuple[str, str] | None:
    """(game_id, created) of a view, which is deleted as it is read: two requests never both take it."""
    with immediate(db):
        rows = db.conn.execute("delete from started_views where id = ? returning game_id, created", [view]).fetchall()
    return (rows[0][0], rows[0][1]) if rows else None


# --- proven addresses -------------------------------------------------------------------------------------


def address_sha256(address: str) -> str:
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()


def is_proven(db: sqlite_utils.Database, address: str, game_id: str) -> bool:
    """Whether the address showed it wants this game's mail; for the mail of no game (sign-in links), whether
    it showed that for any game, or followed a sign-in link: a player, not a stranger's address."""
    if not game_id:
        return db.execute("select 1 from proven_addresses where address_sha256 = ? limit 1",
                          [address_sha256(address)]).fetchone() is not None
    return db.execute("select 1 from proven_addresses where address_sha256 = ? and game_id = ?",
                      [address_sha256(address), game_id]).fetchone() is not None


def prove_address(db: sqlite_utils.Database, address: str, game_id: str, now: str) -> None:
    """The address's owner followed a link mailed to it from this game: its mail is not counted."""
    db.conn.execute("insert into proven_addresses (address_sha256, game_id, at) values (?, ?, ?) "
                    "on conflict do nothing", [address_sha256(address), game_id or "", now])


# --- an address's own settings (issue 26) ----------------------------------------------------------------


def address_language(db: sqlite_utils.Database, address: str) -> str | None:
    row = _one(db, "select language from address_settings where address_sha256 = ?", [address_sha256(address)])
    return row[0] if row else None


def set_address_language(db: sqlite_utils.Database, address: str, language: str | None, now: str) -> None:
    db.conn.execute("insert into address_settings (address_sha256, language, updated) values (?, ?, ?) "
                    "on conflict (address_sha256) do update set language = excluded.language, "
                    "updated = excluded.updated", [address_sha256(address), language, now])


def address_rest(db: sqlite_utils.Database, address: str) -> tuple[str | None, str | None]:
    """The address's time zone and rest days (JSON), as /me set them (issue 28)."""
    row = _one(db, "select time_zone, rest_days from address_settings where address_sha256 = ?",
               [address_sha256(address)])
    return (row[0], row[1]) if row else (None, None)


def set_address_rest(db: sqlite_utils.Database, address: str, zone: str | None, days: str | None, now: str) -> None:
    db.conn.execute("insert into address_settings (address_sha256, time_zone, rest_days, updated) values (?, ?, ?, ?) "
                    "on conflict (address_sha256) do update set time_zone = excluded.time_zone, "
                    "rest_days = excluded.rest_days, updated = excluded.updated",
                    [address_sha256(address), zone, days, now])


def address_quiet(db: sqlite_utils.Database, address_sha: str) -> tuple[str | None, str | None, bool]:
    """An address's time zone, quiet hours (JSON) and whether its mail waits too, by its SHA-256 (a push
    device knows its owner only so; issue 30)."""
    row = _one(db, "select time_zone, quiet_hours, quiet_mail from address_settings where address_sha256 = ?",
               [address_sha])
    return (row[0], row[1], row[2] == "1") if row else (None, None, False)


def set_address_quiet(db: sqlite_utils.Database, address: str, hours: str | None, mail: bool, now: str) -> None:
    db.conn.execute("insert into address_settings (address_sha256, quiet_hours, quiet_mail, updated) values (?, ?, ?, ?) "
                    "on conflict (address_sha256) do update set quiet_hours = excluded.quiet_hours, "
                    "quiet_mail = excluded.quiet_mail, updated = excluded.updated",
                    [address_sha256(address), hours, "1" if mail else "0", now])


def address_vacations(db: sqlite_utils.Database, address: str) -> list[tuple[str, str]]:
    """The address's vacations for all its games, (start, end) in UTC, oldest first."""
    return [tuple(row) for row in db.execute("select starts, ends from address_vacations where address_sha256 = ? "
                                             "order by starts", [address_sha256(address)]).fetchall()]


def add_address_vacation(db: sqlite_utils.Database, address: str, starts: str, ends: str, now: str) -> None:
    db.conn.execute("insert into address_vacations (address_sha256, starts, ends, made) values (?, ?, ?, ?)",
                    [address_sha256(address), starts, ends, now])


def end_address_vacation(db: sqlite_utils.Database, address: str, now: str) -> None:
    """Vacations not yet begun are dropped; the one under way ends now."""
    key = address_sha256(address)
    db.conn.execute("delete from address_vacations where address_sha256 = ? and starts >= ?", [key, now])
    db.conn.execute("update address_vacations set ends = ? where address_sha256 = ? and ends > ?", [now, key, now])


# --- requests for mail (pbem/notify/asked.py) -----------------------------------------------------------


def ask(db: sqlite_utils.Database, kind: str, address: str, at: str) -> None:
    """Keep an address's request for mail (pbem/notify/asked.py): one row, whoever the address is."""
    db.conn.execute("insert into asked (kind, address, at) values (?, ?, ?)", [kind, address, at])


def take_asked(db: sqlite_utils.Database, most: int) -> list[dict]:
    """The oldest requests for mail, taken off the table: whoever takes a row answers it."""
    with immediate(db):
        return rows_of(db, "delete from asked where id in (select id from asked order by id limit ?) "
                           "returning kind, address, at", [most])
