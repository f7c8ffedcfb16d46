"""The rows of who is who (pbem/accounts.py and friends): the addresses proven to want a game's mail,
and the requests for mail asked for (a sign-in link, lost seat links) waiting to be answered."""

from __future__ import annotations

import hashlib

import sqlite_utils

from .connection import immediate, rows_of


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
    db.conn.execute("insert or ignore into proven_addresses (address_sha256, game_id, at) values (?, ?, ?)",
                    [address_sha256(address), game_id or "", now])


def ask(db: sqlite_utils.Database, kind: str, address: str, at: str) -> None:
    """Keep an address's request for mail (pbem/notify/asked.py): one row, whoever the address is."""
    db.conn.execute("insert into asked (kind, address, at) values (?, ?, ?)", [kind, address, at])


def take_asked(db: sqlite_utils.Database, most: int) -> list[dict]:
    """The oldest requests for mail, taken off the table: whoever takes a row answers it."""
    with immediate(db):
        return rows_of(db, "delete from asked where id in (select id from asked order by id limit ?) "
                           "returning kind, address, at", [most])
