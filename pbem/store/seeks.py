"""Seeks (issue 31 item 3, architecture section 22): what a signed-in address wants to play (a game, a
number of players, a clock), kept until enough compatible seeks exist to start a game, until it expires,
or until its owner cancels it.

A seek keeps its owner's address (the seat's mail goes there once matched) and public name; nothing read
from here for a page holds the address. Matching claims the seeks in one transaction by a conditional
update: two requests that would complete the same match cannot both claim it (the second finds fewer
seeks still open, and its transaction is rolled back)."""

from __future__ import annotations

from .accounts import address_sha256
from .connection import dialect, immediate, rows_of

OPEN = "open"


def create_tables(db) -> None:
    """The seeks table and its indexes (schema version 16, both engines)."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists seeks (id {text} primary key, address {text} not null, "
                    f"address_sha256 {text} not null, name {text} not null, game {text} not null, "
                    f"players integer not null, clock {text} not null, created {text} not null, "
                    f"expires {text} not null, status {text} not null, game_id {text})")
    # the matching read: open seeks of one game, count and clock, oldest first
    db.conn.execute("create index if not exists seeks_matching on seeks (status, game, players, clock, created)")
    db.conn.execute("create index if not exists seeks_open on seeks (status, expires)")
    db.conn.execute("create index if not exists seeks_owner on seeks (address_sha256, status)")


def add_seek(db, row: dict) -> None:
    columns = ("id", "address", "address_sha256", "name", "game", "players", "clock", "created", "expires", "status")
    values = {**row, "address_sha256": address_sha256(row["address"]), "status": OPEN}
    with immediate(db):
        db.conn.execute(f"insert into seeks ({', '.join(columns)}) values ({', '.join('?' * len(columns))})",
                        [values[c] for c in columns])


def open_count(db, address: str, now: str) -> int:
    """How many unexpired seeks this address has open."""
    found = rows_of(db, "select count(*) as n from seeks where address_sha256 = ? and status = ? and expires > ?",
                    [address_sha256(address), OPEN, now])
    return int(found[0]["n"])


class Lost(Exception):
    """A seek meant for this match was claimed by another request meanwhile: try again."""


def claim_match(db, seek_id: str, now: str, match_id: str) -> list[dict] | None:
    """When the open seek `seek_id` and enough compatible open seeks of other addresses exist (one seek
    per address, oldest first), mark them all matched to `match_id` and give them back oldest first (the seek
    itself last); None otherwise (the seek stays open). One transaction; a lost race rolls it back and
    reads again."""
    for _ in range(5):
        try:
            return _claim_once(db, seek_id, now, match_id)
        except Lost:
            continue
    return None


def _claim_once(db, seek_id: str, now: str, match_id: str) -> list[dict] | None:
    with immediate(db):
        found = rows_of(db, "select * from seeks where id = ? and status = ? and expires > ?", [seek_id, OPEN, now])
        if not found:
            return None
        seek = found[0]
        others = rows_of(db, "select * from seeks where status = ? and game = ? and players = ? and clock = ? "
                             "and expires > ? and address_sha256 <> ? order by created, id limit 200",
                         [OPEN, seek["game"], seek["players"], seek["clock"], now, seek["address_sha256"]])
        chosen, owners = [seek], {seek["address_sha256"]}
        for other in others:
            if len(chosen) == seek["players"]:
                break
            if other["address_sha256"] not in owners:
                owners.add(other["address_sha256"])
                chosen.append(other)
        if len(chosen) < seek["players"]:
            return None
        # one row at a time, in the order of their ids: every claim takes its row locks in one order, so two
        # claims sharing seeks wait for each other (PostgreSQL) and never deadlock
        for seek_id_claimed in sorted(row["id"] for row in chosen):
            if not db.conn.execute("update seeks set status = 'matched', game_id = ? where status = ? and id = ?",
                                   [match_id, OPEN, seek_id_claimed]).rowcount:
                raise Lost()  # another request took it first: this transaction's updates are rolled back
    return [*chosen[1:], seek]  # the seekers in the order they came: this one last


def reopen(db, match_id: str) -> None:
    """The game of a claimed match could not be started: its seeks are open again."""
    with immediate(db):
        db.conn.execute("update seeks set status = ?, game_id = null where game_id = ? and status = 'matched'",
                        [OPEN, match_id])


def cancel(db, seek_id: str, address: str) -> bool:
    """The owner withdraws an open seek; False when it has no open seek of that id."""
    with immediate(db):
        return db.conn.execute("update seeks set status = 'cancelled' where id = ? and address_sha256 = ? "
                               "and status = ?", [seek_id, address_sha256(address), OPEN]).rowcount > 0


def seek_row(db, seek_id: str) -> dict | None:
    found = rows_of(db, "select * from seeks where id = ?", [seek_id])
    return found[0] if found else None


def open_seeks(db, now: str, game: str | None = None, limit: int = 50) -> list[dict]:
    """Unexpired open seeks, newest first, without their addresses (the lobby shows these)."""
    where, params = ["status = ?", "expires > ?"], [OPEN, now]
    if game:
        where.append("game = ?")
        params.append(game)
    return rows_of(db, "select id, address_sha256, name, game, players, clock, created, expires from seeks "
                       f"where {' and '.join(where)} order by created desc, id desc limit ?", [*params, limit])


def drop_expired(db, now: str) -> int:
    """Expired seeks leave the table (the scheduler's sweep): they never match and are never listed."""
    with immediate(db):
        return db.conn.execute("delete from seeks where status = ? and expires <= ?", [OPEN, now]).rowcount
