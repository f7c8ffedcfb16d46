"""Group commit: the appends of many requests made durable by one commit (architecture section 11).

With `synchronous=FULL` every commit waits for the disk to confirm (an fsync), and a disk confirms only so
many times a second: some do about a hundred. Committing each move on its own would cap the server at
that many moves a second, whatever its cores. So an append joins a queue, one per database and process,
and whichever request thread holds the commit lock takes every append waiting, runs each inside a
savepoint of one transaction (an append that fails, by a lost race or anything else, is rolled back alone
and reported to its caller alone), and commits once; only then is each caller told its append is done.
While it waits for the disk the others queue behind the lock, and the next to take it finds its own
append already committed, or commits the whole queue. Under load one fsync carries many moves; alone, a
move waits for nothing but its own commit. The request threads commit themselves (rather than handing
the work to a writer thread) because a handoff between threads costs a wake-up and a turn of Python's
global lock per move, measured as a tenth of the server's time per move.

Several server processes on one database (`pbem serve --workers N`) take turns by a lock on a file beside
it, `<database>-commit`, before they ask SQLite for its write lock. SQLite cannot queue a waiting process:
it can only try again after a sleep, and a sleep either spins a core (short) or leaves the lock unused
while the waiter sleeps on (long). The kernel queues a waiter on a file lock and wakes it the moment the
lock is given up (measured with two workers: a tenth fewer processor-milliseconds per move and a tenth
more moves a second than short sleeps). Other writers (the scheduler, sign-ins) do not take the file lock;
the committer still waits for them in short steps.

A process forked from one that had a committer makes its own (locks and connections do not survive a
fork); a committer unused for a while closes its connection and its lock file.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections import deque
from concurrent.futures import Future
from typing import Any, Callable

from .. import private

IDLE_SECONDS = 30
MOST_PER_COMMIT = 64


class Committer:
    """The commit lock, the queue and the writing connection of one database in one process."""

    def __init__(self, path: str, connect: Callable[[str], Any]):
        self.path = path
        self.connect = connect
        self.pid = os.getpid()
        self.waiting: deque[tuple[Callable, Future]] = deque()
        self.lock = threading.Lock()
        self.db = None
        self.turn = None  # the open `<database>-commit` file, whose lock orders the processes' committers
        self.used = time.monotonic()

    def commit_waiting(self) -> None:
        """Commit what is queued, in batches of at most MOST_PER_COMMIT (the caller holds the lock)."""
        if self.db is None:
            try:
                self.db = self.connect(self.path)
                self.db.conn.execute("PRAGMA busy_timeout = 0")  # begin() waits its own way; see there
            except BaseException as error:  # noqa: BLE001 - handed to every append waiting
                self.fail_waiting(error)
                return
        while self.waiting:
            try:
                # the turn first: appends that queue while another process commits join this commit
                self.take_turn()
            except BaseException as error:  # noqa: BLE001 - e.g. the lock file cannot be opened
                self.fail_waiting(error)
                return
            try:
                batch = []
                while self.waiting and len(batch) < MOST_PER_COMMIT:
                    batch.append(self.waiting.popleft())
                outcomes = self.commit(self.db, batch)
            finally:
                self.end_turn()
            for future, result, error in outcomes:  # the callers go on once the other processes can
                if error is not None:
                    future.set_exception(error)
                else:
                    future.set_result(result)
        self.used = time.monotonic()

    def fail_waiting(self, error: BaseException) -> None:
        """Every append waiting fails alike, none is left behind."""
        while self.waiting:
            self.waiting.popleft()[1].set_exception(error)

    def commit(self, db, batch: list[tuple[Callable, Future]]) -> list[tuple[Future, Any, BaseException | None]]:
        """One transaction for the batch, each append in a savepoint of its own: what to tell each caller."""
        conn = db.conn
        outcomes: list[tuple[Future, Any, BaseException | None]] = []
        try:
            begin(conn)
            for job, future in batch:
                conn.execute("SAVEPOINT append")
                try:
                    result = job(db)
                except BaseException as error:  # noqa: BLE001 - handed to the caller of this append
                    conn.execute("ROLLBACK TO append")
                    conn.execute("RELEASE append")
                    outcomes.append((future, None, error))
                else:
                    conn.execute("RELEASE append")
                    outcomes.append((future, result, None))
            conn.execute("COMMIT")
        except BaseException as error:  # noqa: BLE001 - the commit failed: nothing of the batch is written
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return [(future, None, error) for _, future in batch]
        return outcomes

    def take_turn(self) -> None:
        """Wait, queued by the kernel, until no other process's committer is writing to this database."""
        if self.turn is None:
            self.turn = os.fdopen(private.open_file(self.path + "-commit", os.O_WRONLY | os.O_APPEND), "ab")
        fcntl.flock(self.turn.fileno(), fcntl.LOCK_EX)  # blocks without Python's global lock

    def end_turn(self) -> None:
        if self.turn is not None:
            fcntl.flock(self.turn.fileno(), fcntl.LOCK_UN)

    def close_if_idle(self, now: float) -> None:
        if self.db is not None and now - self.used > IDLE_SECONDS and self.lock.acquire(blocking=False):
            try:
                if not self.waiting and self.db is not None:
                    self.db.close()
                    self.db = None
                    if self.turn is not None:
                        self.turn.close()
                        self.turn = None
            finally:
                self.lock.release()


def begin(conn, seconds: float = 30) -> None:
    """BEGIN IMMEDIATE on the committer's connection, whose busy timeout is 0, waiting while a writer that
    is not a committer (the scheduler, a sign-in) holds the lock. SQLite's own busy handler sleeps 1, 2, 5,
    10 ms and more between tries, far longer than such a write holds the lock on a disk that confirms in a
    tenth of a millisecond; the committer waits in short steps of its own instead."""
    deadline = time.monotonic() + seconds
    pause = 0.0001
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except Exception as error:  # sqlite3.OperationalError: database is locked
            if "locked" not in str(error) and "busy" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.002)


_committers: dict[str, Committer] = {}
_lock = threading.Lock()


def committer_for(path: str, connect: Callable[[str], Any]) -> Committer:
    with _lock:
        committer = _committers.get(path)
        if committer is None or committer.pid != os.getpid():
            now = time.monotonic()
            for other in list(_committers.values()):  # a process that opened many databases (the tests)
                if other.pid == os.getpid():           # keeps no idle connections to them
                    other.close_if_idle(now)
            committer = _committers[path] = Committer(path, connect)
        return committer


def run(path: str, connect: Callable[[str], Any], job: Callable[[Any], Any]) -> Any:
    """Run `job(db)` inside the next group commit on the database at `path`, and return its result once
    that commit is durable (or raise what the job or the commit raised)."""
    committer = committer_for(path, connect)
    future: Future = Future()
    committer.waiting.append((job, future))
    with committer.lock:
        if not future.done():  # nobody committed it while this thread waited for the lock: commit the queue
            committer.commit_waiting()
    return future.result()
