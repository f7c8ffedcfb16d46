"""Time away across an address's games (issue 28, architecture section 20): its rest days in its own
time zone, and one vacation, scheduled ahead from /me, for every game it sits in.

The address keeps its settings and its vacations (store/accounts.py), for /me and for the yearly
allowance; each game it sits in records them as its own events (`rest_days`, and a `vacation_start`
with its start and end), decided by pbem/play/deciding.py as `pbem verify` decides them again, so that every
game's clock stays a function of its own log. A game that forbids rest days, or whose own vacation days
are used up, takes no part of them; a game whose `vacation_days` allow less than the whole vacation takes
as much as they allow (its clock runs again when that part ends)."""

from __future__ import annotations

import json
import logging
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from .. import store
from ..play import clock, service
from ..play.deciding import end_scheduled_vacation_command, rest_days_command, scheduled_vacation_command
from ..play.errors import Forbidden, Unprocessable
from ..site import Site

DEFAULT_ZONE = "UTC"
# the appends that may seat an address anew: its rest days are recorded for that seat then
SEATING_VERBS = ("create", "create_open", "join", "set_address", "handover")

log = logging.getLogger(__name__)


def settings_of(db, address: str) -> dict:
    """The address's time zone and rest days, as /me and PUT /api/me/settings show them."""
    zone, days = store.accounts.address_rest(db, address)
    return {"time_zone": zone or DEFAULT_ZONE, "rest_days": json.loads(days) if days else []}


def checked_rest(days, zone) -> tuple[list[str], str]:
    try:
        return clock.day_names(clock.rest_days_of(days or [])), clock.checked_zone(zone or DEFAULT_ZONE)
    except ValueError as error:
        raise Unprocessable(str(error)) from None


def set_rest(db, site: Site | None, address: str, days, zone, now: str) -> dict:
    """The address's rest days and zone, kept, and recorded in each game it sits in that allows rest
    days (they count there from each seat's next turn)."""
    days, zone = checked_rest(days, zone)
    store.accounts.set_address_rest(db, address, zone, json.dumps(days), now)
    for game_id, seat in store.projections.active_seats_of_address(db, address):
        try:
            for_seat(db, site, game_id, seat, lambda folded: rest_days_command(folded, seat, days, zone), now)
        except (Unprocessable, Forbidden):
            continue  # a game that forbids rest days, or one just over: the setting does not apply there
    return settings_of(db, address)


def set_seat_rest(db, site: Site | None, game_id: str, token: str | None, days, zone, now: str):
    """One seat's own rest days and zone (PUT /api/games/<id>/settings, the seat settings page)."""
    return service.act(db, site, game_id, token, lambda folded, seat: rest_days_command(folded, seat, days, zone), now)


def after_append(db, site: Site | None, played) -> None:
    """service.AFTER_APPEND: a seat newly held by an address that has rest days (a game made or joined,
    an address added or a seat handed on) gets them recorded, at the append's own time, so they count
    from its first turn. Never raises: the append it follows is done."""
    try:
        command = played.events[0].command or {}
        head = played.loaded
        if command.get("verb") not in SEATING_VERBS or head.finished or not clock.rests_allowed(head.clock) \
                or not clock.has_clock(head.clock):
            return
        for seat, record in enumerate(head.seats):
            kept = settings_of(db, record["email"]) if record.get("email") else {}
            if kept.get("rest_days") and clock.latest_rest(head.vacations, seat) is None:
                days, zone = kept["rest_days"], kept["time_zone"]
                for_seat(db, site, head.id, seat, lambda folded: rest_days_command(folded, seat, days, zone),
                         played.events[-1].at)
    except Exception:  # noqa: BLE001 - the append is committed and acknowledged; this must not undo that
        log.exception("rest days for the seats of game %s could not be recorded", played.loaded.id)


def install() -> None:
    if after_append not in service.AFTER_APPEND:
        service.AFTER_APPEND.append(after_append)


def for_seat(db, site: Site | None, game_id: str, seat: int, decide, now: str):
    """Append what `decide(folded)` gives for the seat, retried on a lost race; None when it gives None."""
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        command = decide(folded)
        if command is None:
            return None
        try:
            return service.append_command(db, site, folded, command, now)
        except store.Conflict:
            continue
    raise service.Busy("the game is too busy right now; try again")


# --- one vacation for all my games ------------------------------------------------------------------------


def zone_of(db, address: str) -> ZoneInfo:
    kept = settings_of(db, address)
    return ZoneInfo(kept["time_zone"])


def taken_days(db, address: str, since: datetime, until: datetime) -> float:
    """Days of the address's vacations (taken, under way or ahead) between `since` and `until`."""
    total = timedelta(0)
    for starts, ends in store.accounts.address_vacations(db, address):
        start, end = max(clock.parse_time(starts), since), min(clock.parse_time(ends), until)
        total += max(end - start, timedelta(0))
    return total.total_seconds() / 86400


def vacation_of(db, address: str, now: str, allowance: int) -> dict:
    """The address's vacation under way or ahead (its dates in its zone), and the days left this year."""
    zone, moment = zone_of(db, address), clock.parse_time(now)
    current = [(s, e) for s, e in store.accounts.address_vacations(db, address) if clock.parse_time(e) > moment]
    # the last 365 days, and what is scheduled ahead (it will be taken)
    ever = datetime.max.replace(tzinfo=clock.timezone.utc)
    left = max(0, int(allowance - taken_days(db, address, moment - timedelta(days=365), ever)))
    if not current:
        return {"start": None, "end": None, "left_this_year": left}
    starts, ends = current[0]
    return {"start": clock.parse_time(starts).astimezone(zone).date().isoformat(),
            "end": (clock.parse_time(ends) - timedelta(seconds=1)).astimezone(zone).date().isoformat(),
            "left_this_year": left, "under_way": clock.parse_time(starts) <= moment}


def schedule_vacation(db, site: Site | None, address: str, start: str, end: str, allowance: int, now: str) -> dict:
    """A vacation for all the address's games from the start date to the end date (both whole days in
    its zone), within its yearly allowance; each game takes as much as its own vacation days allow."""
    zone, moment = zone_of(db, address), clock.parse_time(now)
    try:
        first, last = date.fromisoformat(str(start)), date.fromisoformat(str(end))
    except ValueError:
        raise Unprocessable("start and end are dates like 2026-12-24") from None
    if last < first:
        raise Unprocessable("the vacation ends before it begins")
    if first < moment.astimezone(zone).date():
        raise Unprocessable("a vacation for all your games is scheduled ahead: it cannot begin before today")
    if any(clock.parse_time(e) > moment for _, e in store.accounts.address_vacations(db, address)):
        raise Unprocessable("you have a vacation under way or ahead already: end it first")
    begins = max(datetime.combine(first, datetime.min.time(), zone).astimezone(clock.timezone.utc), moment)
    ends = datetime.combine(last + timedelta(days=1), datetime.min.time(), zone).astimezone(clock.timezone.utc)
    wanted = (ends - begins).total_seconds() / 86400
    left = allowance - taken_days(db, address, ends - timedelta(days=365), ends)
    if wanted > left + 1e-9:
        raise Unprocessable(f"that is beyond your vacation allowance: {max(0, int(left))} days left this year")
    store.accounts.add_address_vacation(db, address, clock.format_time(begins), clock.format_time(ends), now)
    games = []
    for game_id, seat in store.projections.active_seats_of_address(db, address):
        played = for_seat(db, site, game_id, seat,
                          lambda folded: scheduled_vacation_command(folded, seat, begins, ends, moment), now)
        if played is not None:
            taken = [v for v in played.loaded.vacations if isinstance(v, clock.Vacation) and v.seat == seat][-1]
            games.append({"id": game_id, "seat": seat, "start": clock.format_time(taken.start),
                          "end": clock.format_time(taken.end)})
    return {**vacation_of(db, address, now, allowance), "games": games}


def end_vacation(db, site: Site | None, address: str, allowance: int, now: str) -> dict:
    """The address's vacation ends now in every game (one not yet begun is dropped)."""
    moment = clock.parse_time(now)
    store.accounts.end_address_vacation(db, address, now)
    for game_id, seat in store.projections.active_seats_of_address(db, address):
        for_seat(db, site, game_id, seat, lambda folded: end_scheduled_vacation_command(folded, seat, moment), now)
    return vacation_of(db, address, now, allowance)
