"""Group commit: the appends of many requests made durable by one commit (architecture section 11).

With `synchronous=FULL` every commit waits for the disk to confirm (an fsync), and a disk confirms only so
many times a second: this machine's did about a hundred. Committing each move on its own would cap the
server at that many moves a second, whatever its cores. So appends go to one writer thread per database
and process: it takes every append waiting, runs each inside a savepoint of one transaction (an append
that fails, by a lost race or anything else, is rolled back alone and reported to its caller alone), and
commits once; only then is each caller told its append is done. Under load, one fsync carries many moves;
alone, a move waits for nothing but its own commit.

The writer's thread ends after a while with nothing to do, and a process forked from one that had a
writer starts its own (threads do not survive a fork)."""

from __future__ import annotations

import os
import queue
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable

IDLE_SECONDS = 30
MOST_PER_COMMIT = 64


class Writer:
    def __init__(self, path: str, connect: Callable[[str], Any]):
        self.path = path
        self.connect = connect
        self.pid = os.getpid()
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self.run, name=f"pbem-writer:{path}", daemon=True)

    def run(self) -> None:
        db = self.connect(self.path)
        try:
            while True:
                try:
                    first = self.jobs.get(timeout=IDLE_SECONDS)
                except queue.Empty:
                    with _lock:
                        if self.jobs.empty():
                            _writers.pop(self.path, None)
                            return
                    continue
                batch = [first]
                while len(batch) < MOST_PER_COMMIT:
                    try:
                        batch.append(self.jobs.get_nowait())
                    except queue.Empty:
                        break
                self.commit(db, batch)
        finally:
            db.close()

    def commit(self, db, batch: list[tuple[Callable, Future]]) -> None:
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
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            return
        for future, result, error in outcomes:
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)


def begin(conn, seconds: float = 30) -> None:
    """BEGIN IMMEDIATE, waiting while another process writes (the busy handler covers most of it)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except Exception as error:  # sqlite3.OperationalError: database is locked
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


_writers: dict[str, Writer] = {}
_lock = threading.Lock()


def run(path: str, connect: Callable[[str], Any], job: Callable[[Any], Any]) -> Any:
    """Run `job(db)` inside the next group commit on the database at `path`, and return its result once
    that commit is durable (or raise what the job or the commit raised)."""
    future: Future = Future()
    with _lock:
        writer = _writers.get(path)
        if writer is None or writer.pid != os.getpid():
            writer = _writers[path] = Writer(path, connect)
            writer.thread.start()
        writer.jobs.put((job, future))
    return future.result()
