"""Rest days (architecture section 20, issue 28): the weekdays on which a seat's clock does not run,
midnight to midnight in the player's own time zone, as the game's log records them (`Rest`), and the
spans of those days within a turn. pbem/play/clock.py counts them among the stops of a clock; the names are
re-exported there, so callers say `clock.Rest`. A pure function of its arguments: no clock is read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


@dataclass(frozen=True)
class Rest:
    """A seat's rest days from `start` on (until its next Rest): weekdays (0 Monday .. 6 Sunday) on
    which its clock does not run, midnight to midnight in `zone`. Kept among the vacations, as every
    stop of a clock is, and told apart by its type."""

    seat: int
    start: datetime
    days: tuple[int, ...]
    zone: str



WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
MAX_REST_DAYS = 2  # a week: so that a clock with rest days still runs most of the time, and ends


def rest_days_of(names: Iterable[str]) -> tuple[int, ...]:
    """Weekday names ("sat") as the numbers a Rest keeps; ValueError for an unknown name or too many."""
    unknown = [n for n in names if str(n) not in WEEKDAYS]
    if unknown:
        raise ValueError(f"{str(unknown[0])[:20]!r} is not a day of the week: write mon, tue, wed, thu, fri, sat or sun")
    days = sorted({WEEKDAYS.index(str(n)) for n in names})
    if len(days) > MAX_REST_DAYS:
        raise ValueError(f"at most {MAX_REST_DAYS} rest days a week")
    return tuple(days)


def checked_zone(name: str) -> str:
    """An IANA time zone name (Europe/Berlin), checked; ValueError with what is expected."""
    try:
        ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{str(name)[:60]!r} is not a time zone: write one like Europe/Berlin or UTC") from None
    return str(name)


def day_names(days: Iterable[int]) -> list[str]:
    return [WEEKDAYS[d] for d in days]


def rest_in_force(stops: Iterable, seat: int, since: datetime) -> Rest | None:
    """The seat's rest days as they stood at `since` (a turn's beginning): the latest set by then."""
    found = None
    for stop in stops:
        if isinstance(stop, Rest) and stop.seat == seat and stop.start <= since:
            if found is None or stop.start >= found.start:
                found = stop
    return found if found is not None and found.days else None


def latest_rest(stops: Iterable, seat: int) -> Rest | None:
    """The seat's rest days as last set (they count from its next turn on)."""
    return next((s for s in reversed(list(stops)) if isinstance(s, Rest) and s.seat == seat), None)


def rest_spans(rest: Rest, since: datetime, until: datetime) -> list[tuple[datetime, datetime]]:
    """The rest days between `since` and `until`, each from midnight to midnight in the rest's zone."""
    zone = ZoneInfo(rest.zone)
    day = since.astimezone(zone).date() - timedelta(days=1)
    last = until.astimezone(zone).date()
    out = []
    while day <= last:
        if day.weekday() in rest.days:
            out.append((_midnight(day, zone), _midnight(day + timedelta(days=1), zone)))
        day += timedelta(days=1)
    return out


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), zone).astimezone(timezone.utc)
