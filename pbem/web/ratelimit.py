"""Rate limits per client address (issue 10, item 2): how many games one address may create, how many
lost-link or sign-in mails it may ask for, how many inbound mails and form posts it may send, in a period.

Counters live in the database's `hits` table (pbem/store/counters.py), so every server process and node
on one database counts together, and a count never waits for a disk: it commits without an fsync (a
power cut may forget a few seconds of counts, which is harmless). Each (limit, address) has one row per window of the limit's
period; the estimate is the sliding window over the current and the previous window (the previous one
weighted by how much of it still falls inside the period), so a client cannot burst twice the limit
across a window's edge. Rows older than the previous window are pruned as they are passed. A check and its
count are one write transaction (`hit`), so threads and processes racing get no more than the limit; a
request that did nothing after all gives its count back (`give_back`). Counters that cannot be read
refuse (`CountersDown`, answered 503 with Retry-After): letting everything through would lift every
limit at once.

Addresses are stored as a truncated SHA-256, never in clear; IPv6 addresses count per /64, since
anyone holding one address holds the whole /64.

`PBEM_RATE_LIMITS=off` turns every limit off (tests, trusted networks); `PBEM_RATE_LIMITS=create=50/1h,
form=120/1m` changes some of the values below and keeps the others."""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path

from ..games.base import N_, Phrase, counted, said
from ..store import counters

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    count: int  # at most this many ...
    seconds: int  # ... in any period this long


# The values on by default (README, "Security"): generous for people, tight for a script.
DEFAULT_LIMITS: dict[str, Limit] = {
    "create": Limit(20, 3600),  # games started from one address in an hour (each may mail 8 invitations)
    "computer": Limit(3, 3600),  # of those, games with computer seats only: each is played out at once, on
                                 # the server's processors (six seats: half a minute of one), for no one
    "public": Limit(5, 3600),  # public games listed in the lobby in an hour, per client and per signed-in
                               # address (issue 31: the lobby is everyone's page; a script could flood it)
    "seek": Limit(10, 3600),  # seeks posted in an hour, per client and per signed-in address (issue 31)
    "tournament": Limit(5, 3600),  # tournaments made in an hour, per client and per signed-in address: each is
                                   # listed on everyone's tournaments page, like a public game
    "links": Limit(5, 3600),  # lost-link requests ("mail me my seat links") in an hour
    "signin": Limit(5, 3600),  # sign-in mails and address confirmations asked for in an hour
    "handover": Limit(10, 3600),  # seats handed on in an hour (each mails the new holder a link)
    "inbound": Limit(60, 60),  # raw mails POSTed to /api/mail/inbound in a minute
    "form": Limit(60, 60),  # form posts on the pages in a minute (moves, settings, new games ...)
    "message": Limit(60, 3600),  # messages and notes posted from one address in an hour (issue 15; each
                                 # message also counts against its seat's own limit, kept in the log)
}


class CountersDown(Exception):
    """The counters cannot be read or written: refuse, and ask the client to come back in `retry_after`
    seconds (letting every request through would lift every limit at once, mail included)."""

    retry_after = 30

    def __init__(self, name: str):
        super().__init__(said("the server cannot count requests (%(name)s) just now; try again in %(wait)s",
                              name=name, wait=describe_wait(self.retry_after)))


class Limited(Exception):
    """Over a limit: try again in `retry_after` seconds."""

    def __init__(self, name: str, limit: Limit, retry_after: int):
        self.name, self.limit, self.retry_after = name, limit, retry_after
        # Phrases (ids and values) so that the 429 page and JSON body read in the reader's language; the
        # limit's name (create, form, signin ...) is the setting's as PBEM_RATE_LIMITS spells it
        super().__init__(said("too many requests (%(name)s: at most %(count)s per %(period)s); try again in %(wait)s",
                              name=name, count=limit.count, period=describe_period(limit.seconds),
                              wait=describe_wait(retry_after)))


def describe_period(seconds: int) -> Phrase:
    if seconds % 3600 == 0:
        return N_("hour") if seconds == 3600 else counted("%(n)s hour", "%(n)s hours", seconds // 3600)
    if seconds % 60 == 0:
        return N_("minute") if seconds == 60 else counted("%(n)s minute", "%(n)s minutes", seconds // 60)
    return counted("%(n)s second", "%(n)s seconds", seconds)


def describe_wait(seconds: int) -> Phrase:
    if seconds >= 120:
        return counted("%(n)s minute", "%(n)s minutes", math.ceil(seconds / 60))
    return counted("%(n)s second", "%(n)s seconds", seconds)


def parse_limits(text: str | None) -> dict[str, Limit] | None:
    """The limits in force from PBEM_RATE_LIMITS: None when off; the defaults, changed by any
    `name=COUNT/PERIOD` items (PERIOD a duration such as 1h, 10m, 90s)."""
    from ..config import ConfigurationError
    from ..play.clock import parse_duration

    text = (text or "").strip()
    if text.lower() in ("off", "0", "no", "false", "none"):
        return None
    limits = dict(DEFAULT_LIMITS)
    if text.lower() in ("", "on", "1", "yes", "true", "default"):
        return limits
    for item in text.split(","):
        name, _, value = item.strip().partition("=")
        count, _, period = value.partition("/")
        if name not in DEFAULT_LIMITS or not count.strip().isdigit():
            raise ConfigurationError(f"PBEM_RATE_LIMITS: {item.strip()!r} is not NAME=COUNT/PERIOD with NAME one of "
                             f"{', '.join(DEFAULT_LIMITS)} (or 'off')")
        try:
            limits[name] = Limit(int(count), parse_duration(period or "1h"))
        except ValueError as error:
            raise ConfigurationError(f"PBEM_RATE_LIMITS: {item.strip()!r}: {error}") from None
    return limits


def address_key(address: str) -> str:
    """What an address is counted under: the address, or its /64 for IPv6; hashed, never kept in clear."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        ip = None
    if ip is not None and ip.version == 6 and ip.ipv4_mapped is None:
        address = str(ipaddress.ip_network(f"{ip}/64", strict=False))
    elif ip is not None and ip.version == 6:
        address = str(ip.ipv4_mapped)
    return hashlib.sha256(address.encode()).hexdigest()[:32]


class Limiter:
    """The limits in force for one database; `None` limits means off."""

    def __init__(self, database: str | Path, limits: dict[str, Limit] | None, clock=time.time):
        self.database = str(database)
        self.limits = limits
        self.clock = clock

    @property
    def on(self) -> bool:
        return self.limits is not None

    def hit(self, name: str, address: str) -> int | None:
        """Check and count in one step, one write transaction across every thread and process: raise
        Limited when over (the refused attempt is not counted). Returns the window it was counted in, for
        `give_back`."""
        return self._run(name, address)

    def give_back(self, name: str, address: str, window: int | None) -> None:
        """Uncount one `hit` whose request did nothing after all (a game refused for its options, say)."""
        if self.limits is None or window is None:
            return
        try:
            counters.uncount(self.database, name, address_key(address), window)
        except counters.Error:  # the count stays, which errs on the side of the limit
            log.exception("rate limit %s: a count could not be given back", name)

    def _run(self, name: str, address: str) -> int | None:
        if self.limits is None:
            return None
        limit = self.limits[name]
        key = address_key(address)
        now = self.clock()
        window = int(now // limit.seconds)
        elapsed = (now - window * limit.seconds) / limit.seconds
        try:
            # counted only while the sliding estimate leaves room for one more
            current, previous, counted = counters.count(
                self.database, name, key, window,
                lambda current, previous: current + previous * (1 - elapsed) + 1 <= limit.count)
            over = not counted
        except counters.Error:
            # Counters that cannot be read refuse safely: 503 with Retry-After, never everything let through.
            log.exception("rate limit %s: the counters could not be read; refusing the request", name)
            raise CountersDown(name) from None
        if over:
            raise Limited(name, limit, retry_after(limit, current, previous, elapsed))
        return window


def retry_after(limit: Limit, current: int, previous: int, elapsed: float) -> int:
    """Seconds until the sliding estimate leaves room for one more."""
    room = limit.count - 1 - current  # what the previous window's weighted share must fall to
    if room >= 0 and previous > 0:
        wait = ((1 - room / previous) - elapsed) * limit.seconds
    else:  # the current window alone is full: wait for the next, where it counts as the previous
        wait = (1 - elapsed) * limit.seconds
        if current > 0:
            wait += max(0.0, 1 - (limit.count - 1) / current) * limit.seconds
    return max(1, math.ceil(wait))
