"""Files and folders that hold secrets, readable by the server's user alone (mode 0600, folders 0700),
whatever the umask: the database (running games' seeds, unsent seat links, sign-in links) and the files
SQLite keeps beside it (-wal, -shm), the rate-limit counters, the commit lock file, the server key, and
mail written as files.

SQLite creates a database file 0644 under the usual umask, and gives its -wal, -shm and journal files the
database file's own mode: so each file is made here, 0600, before SQLite opens it, and a file an older
version left readable by others is narrowed when it is next opened. The umask itself is never changed: it
belongs to the whole process, and threads create files too.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def folder(path: str | Path) -> Path:
    """A folder made 0700 if it is missing (a folder that exists is the operator's: left as it is)."""
    path = Path(path)
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    return path


def narrow(path: str | Path, mode: int = FILE_MODE) -> None:
    """Take group's and others' access away from a file or folder of ours that has it."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return
    if status.st_uid == os.geteuid() and stat.S_IMODE(status.st_mode) & 0o077:
        os.chmod(path, stat.S_IMODE(status.st_mode) & mode)


def open_file(path: str | Path, flags: int = os.O_RDWR) -> int:
    """A descriptor of the file at `path`, made 0600 if it is missing, narrowed if it is not. Never for a
    SQLite database (see sqlite_file)."""
    folder(Path(path).parent)
    descriptor = os.open(path, flags | os.O_CREAT, FILE_MODE)
    try:
        mode = stat.S_IMODE(os.fstat(descriptor).st_mode)
        if mode & 0o077 and os.fstat(descriptor).st_uid == os.geteuid():
            os.fchmod(descriptor, mode & FILE_MODE)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


_creating = threading.Lock()


def sqlite_file(path: str | Path) -> Path:
    """A SQLite database's file made 0600 before SQLite opens it, so the -wal and -shm files SQLite makes
    beside it get the same mode; a database and side files an older version left open are narrowed.

    Only a missing file is opened here, and only while no connection of this process can be on it: closing
    any descriptor of a file drops every POSIX lock this process holds on it, SQLite's locks included,
    which corrupts a database that other threads are writing (SQLite's FAQ, "How to corrupt")."""
    path = Path(path)
    with _creating:  # a thread that finds the file made by another waits until its descriptor is closed
        if not path.exists():
            folder(path.parent)
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
            except FileExistsError:  # another process made it first: it holds no lock of this process
                pass
    for name in (path, *(f"{path}{suffix}" for suffix in SQLITE_SIDE_FILES)):
        narrow(name)
    return path
