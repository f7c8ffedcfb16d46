"""Mail that an address asks for itself -- a sign-in link (/signin, POST /api/signin) or its lost seat links
(/links) -- answered on the delivery side, not in the request.

The request only records what was asked: one row, whatever the address. So its answer, and the work and
the time behind it, are the same whether or not the address plays here. Looking the address up, loading
its games and writing its mail in the request told a stranger with a stopwatch who plays on this server
(audit N10), though the page said the same words to everyone.

Whoever takes a row answers it, once: the wake-up that the request asks for in its own process, right
after it (`answer_then_deliver`), or else the scheduler's next sweep (a server started with
--no-scheduler leaves it to `pbem worker`).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone

from .. import store
from ..people import accounts
from ..play import service
from ..site import Site
from . import lost_links

log = logging.getLogger("pbem.asked")

KINDS = ("signin", "lobby", "links")  # lobby: a sign-in link asked from a public game, for any address
MOST_AT_ONCE = 100
WAKE_MARGIN = 0.05


def ask(db, kind: str, address: str, now: str) -> None:
    """Record that `address` asked for its mail of `kind`: the only work a request does for it."""
    if kind not in KINDS:
        raise ValueError(f"no such request: {kind}")
    store.ask(db, kind, address.strip(), now)


def answer(db, site: Site, now: str | None = None) -> int:
    """Answer what was asked, oldest first: a sign-in link for an address with seats here (at most
    accounts.SIGNIN_MAILS_PER_HOUR an hour), the seat links of an address's games going on (each at most
    once an hour); nothing for any other address. Returns how many requests were taken."""
    taken = 0
    while True:
        rows = store.take_asked(db, MOST_AT_ONCE)
        for row in rows:
            when = now or service.utcnow()
            try:
                if row["kind"] in ("signin", "lobby"):
                    accounts.request_signin(db, site, row["address"], when, anyone=row["kind"] == "lobby")
                else:
                    lost_links.send_seat_links(db, site, row["address"], when)
            except Exception:  # noqa: BLE001 - one request must not hold up the others' mail
                log.exception("could not answer a request for %s mail", row["kind"])
        taken += len(rows)
        if len(rows) < MOST_AT_ONCE:
            return taken


def answer_then_deliver(database: str, site: Site) -> None:
    """A wake-up after a request: answer what was asked, then kick this process's courier to deliver
    it (no lease needed: each process takes the rows it answers and claims the rows it sends)."""
    from . import courier

    db = store.connect(database)
    try:
        answer(db, site)
    except Exception:  # noqa: BLE001 - the next sweep answers it
        log.exception("could not answer the requests for mail")
    finally:
        db.close()
    courier.for_database(database, site).kick()


def wake(scheduler, database: str, site: Site) -> None:
    """Ask this process's scheduler to answer and deliver right after the request that calls this."""
    scheduler.add_job(answer_then_deliver, "date", args=[database, site], misfire_grace_time=None,
                      run_date=datetime.now(timezone.utc) + timedelta(seconds=WAKE_MARGIN))
