"""The operator's backups (architecture section 19, issue 25): `pbem backup FILE` while the server runs,
`pbem restore FILE` into an empty database, and `pbem copy --from SRC --to DST` between databases, each
restore or copy checking every game's chain and replay on arrival, as `pbem verify --all` does.

The copying itself is the store's (pbem/store/copying.py); what is decided here is what may be copied
where (only into an empty database: a restore never mixes two histories) and what is said about it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import store
from .audit import verify
from .errors import BadRequest


def described(holdings: dict) -> str:
    """What a database holds, in words: games, events, the newest game's head."""
    games, events, newest = holdings["games"], holdings["events"], holdings["newest"]
    line = f"{games} game{'s' if games != 1 else ''}, {events} event{'s' if events != 1 else ''}"
    if newest is not None:
        line += f"; the newest game, {newest['game_id']}, at its head {newest['seq']} {newest['hash'][:16]}"
    return line


def backup(database: str, path: str) -> dict:
    """A consistent copy of the database at `path` (a SQLite file, 0600), taken while the server runs; what
    it holds, read from the copy itself."""
    db = store.connect(database)
    try:
        store.copying.backup(db, path)
    finally:
        db.close()
    copy = store.copying.open_backup(path, store.SCHEMA_VERSION)
    try:
        return store.copying.holdings(copy)
    finally:
        copy.close()


@dataclass(frozen=True)
class Arrival:
    """What a restore or a copy wrote, and each game's check."""

    rows: dict[str, int]
    holdings: dict
    problems: dict[str, list[str]]  # game id -> its problems, for the games that have any

    @property
    def verified(self) -> int:
        return self.holdings["games"] - len(self.problems)


def copy_into(source, database: str) -> Arrival:
    """Every table of `source` into the (empty) database `database`, then every game there verified."""
    target = store.connect(database)
    try:
        if not store.copying.is_empty(target):
            held = store.copying.holdings(target)
            raise BadRequest(f"the database {database} is not empty ({described(held)}): a restore or copy goes "
                             "only into an empty database, so that two histories are never mixed; move it aside, "
                             "or name a new one in PBEM_DB")
        try:
            rows = store.copying.copy_tables(source, target)
        except store.copying.CannotCopy as error:
            raise BadRequest(str(error)) from None
        problems = {}
        for game_id in store.game_ids(target):
            report = verify(target, game_id)
            if not report["ok"]:
                problems[game_id] = report["problems"]
        return Arrival(rows, store.copying.holdings(target), problems)
    finally:
        target.close()


def restore(path: str, database: str) -> Arrival:
    """A backup file's every table into the empty database `database`, each game verified."""
    try:
        source = store.copying.open_backup(path, store.SCHEMA_VERSION)
    except store.copying.CannotCopy as error:
        raise BadRequest(str(error)) from None
    try:
        return copy_into(source, database)
    finally:
        source.close()


def copy(source_database: str, database: str) -> Arrival:
    """A live database's every table, read in one transaction (the server may run on it), into the empty
    database `database`, each game verified."""
    if str(source_database) == str(database):
        raise BadRequest("--from and --to name the same database")
    if "://" not in str(source_database) and not Path(source_database).is_file():
        raise BadRequest(f"there is no database at {source_database}")
    source = store.connect(source_database)
    try:
        return copy_into(source, database)
    finally:
        source.close()
