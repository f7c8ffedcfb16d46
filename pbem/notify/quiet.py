"""Quiet hours (architecture section 21, issue 30 item 4): an address names the hours of its night, in its
own time zone (the one its rest days are in, on /me), and its pushes wait until they end, and its mail
too where it chose so. A notice that falls due inside them stays queued, its next try set to their end,
and goes then, as the next notice of its device or address; nothing is dropped, nothing is sent twice.

The hours are two wall-clock times, `["22:00", "07:00"]`; a span that runs over midnight is the usual
case. Only a game's notices wait: a sign-in link, asked for this minute, never does.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from .. import store
from ..play import clock
from ..play.errors import Unprocessable
from ..store.accounts import address_sha256

DEFAULT_ZONE = "UTC"
TIME = re.compile(r"([0-9]{1,2}):([0-9]{2})")


def parsed(hours) -> tuple[time, time]:
    """Two "HH:MM" times, the first where quiet begins, the second where it ends; ValueError otherwise."""
    if not isinstance(hours, (list, tuple)) or len(hours) != 2:
        raise ValueError('quiet hours are two times, when they begin and when they end, like ["22:00", "07:00"]')
    times = [TIME.fullmatch(part) if isinstance(part, str) else None for part in hours]
    if not all(times) or any(int(found[1]) > 23 or int(found[2]) > 59 for found in times):
        raise ValueError(f"quiet hours are times of day written HH:MM, not {hours[0]!r} and {hours[1]!r}")
    begin, end = (time(int(found[1]), int(found[2])) for found in times)
    if begin == end:
        raise ValueError("quiet hours must not begin and end at the same time")
    return begin, end


def ends(hours, zone: str, now: datetime) -> datetime | None:
    """When the quiet hours that hold at `now` (aware, any zone) end, in UTC; None if `now` is not
    inside them. Wall-clock times in `zone`: a night over a change of summer time ends at 07:00 all
    the same."""
    begin, end = parsed(hours)
    local = now.astimezone(ZoneInfo(zone))
    at = local.time().replace(tzinfo=None)
    inside = begin <= at < end if begin < end else (at >= begin or at < end)
    if not inside:
        return None
    finish = datetime.combine(local.date(), end, tzinfo=local.tzinfo)
    if finish <= local:
        finish = datetime.combine(local.date() + timedelta(days=1), end, tzinfo=local.tzinfo)
    return finish.astimezone(timezone.utc)


def settings_of(db, address: str) -> dict:
    """The address's quiet hours (None: none) and whether its mail waits too, as /me and the API show them."""
    _, hours, mail = store.accounts.address_quiet(db, address_sha256(address))
    return {"quiet_hours": json.loads(hours) if hours else None, "quiet_mail": bool(mail)}


def set_quiet(db, address: str, hours, mail: bool, now: str) -> None:
    """Keep the address's quiet hours (None or [] ends them); 422 with the reason for hours not well made."""
    if hours:
        try:
            begin, end = parsed(hours)
        except ValueError as error:
            raise Unprocessable(str(error)) from None
        kept = json.dumps([begin.strftime("%H:%M"), end.strftime("%H:%M")])
    else:
        kept = None
    with store.immediate(db):
        store.accounts.set_address_quiet(db, address, kept, bool(mail), now)


def waits_until(db, row: dict, now: str) -> str | None:
    """When a claimed notice may go, if its recipient's quiet hours hold now: a push to a device of a
    seat or an address that has them, a game's mail to an address that lets its mail wait too."""
    if not row.get("game_id"):
        return None  # a sign-in link, a digest: asked for, or already once a day
    channel = row["channel"]
    if channel.startswith("push:"):
        owner = store.push.owner_sha256(db, channel.partition(":")[2])
        mail_only = False
    elif channel == "email" and row.get("recipient"):
        owner, mail_only = address_sha256(row["recipient"]), True
    else:
        return None
    if owner is None:
        return None
    zone, hours, mail = store.accounts.address_quiet(db, owner)
    if not hours or (mail_only and not mail):
        return None
    finish = ends(json.loads(hours), zone or DEFAULT_ZONE, clock.parse_time(now))
    return clock.format_time(finish) if finish else None
