"""Each server process delivers the outbox in a thread of its own, apart from the scheduler: the sweep's
clock step and the computer's moves never wait on a mail server or a webhook, and a delivery never
waits for them (the audit's N1: deliveries shared the scheduler's threads, and one webhook that answered
one byte every few seconds held them all).

A courier is asked to look (`kick`) by whatever may have made notices due: an append that queued some,
a sign-in link, the scheduler's sweep (every minute, or every few seconds in the lease holder of several
workers), which also brings back notices whose claim ran out in a process that died. A kick never waits;
kicks that come while a pass runs make it claim again (pbem/notify/sender.py), so none is lost.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from .. import store
from ..site import Site
from . import sender

log = logging.getLogger("pbem.courier")


class Courier:
    """One database's delivery in this process: a thread that runs a delivery pass when kicked."""

    def __init__(self, database: str, site: Site):
        self.database, self.site = database, site
        self._kicked = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def kick(self) -> None:
        """Deliver what is due, soon, in the courier's thread (started on the first kick)."""
        with self._lock:
            if self._stopped.is_set():
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="pbem-courier", daemon=True)
                self._thread.start()
        self._kicked.set()

    def stop(self) -> None:
        """Claim nothing more (the attempts under way end within their deadline, unmarked if the process
        ends first: their claims run out and another process sends them)."""
        self._stopped.set()
        self._kicked.set()

    def _run(self) -> None:
        while True:
            self._kicked.wait()
            if self._stopped.is_set():
                return
            self._kicked.clear()  # before the pass reads what is due: a later kick makes it look again
            try:
                db = store.connect(self.database)
                try:
                    counts = sender.deliver_due(db, self.site, None, wake=self._kicked, stop=self._stopped)
                finally:
                    db.close()
                if any(counts.values()):
                    log.info("delivery: %s", counts)
            except Exception:  # noqa: BLE001 - the next kick (the sweep's at the latest) tries again
                log.exception("delivery failed")
                self._stopped.wait(1)  # a broken database must not spin: a second, then the next kick


_couriers: dict[str, Courier] = {}
_registry = threading.Lock()


def for_database(database: str, site: Site) -> Courier:
    """This process's courier for the database (one, however many schedulers and wake-ups ask)."""
    key = str(Path(database).resolve())
    with _registry:
        if key not in _couriers:
            _couriers[key] = Courier(database, site)
        return _couriers[key]


def retire(database: str) -> None:
    """Stop the database's courier (its scheduler is shut down); a later kick starts a new one."""
    with _registry:
        found = _couriers.pop(str(Path(database).resolve()), None)
    if found is not None:
        found.stop()
