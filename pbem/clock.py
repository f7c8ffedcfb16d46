"""The correspondence clock: time per move, reminders, timeouts and vacations, as pure functions of
event times and a passed-in `now` (architecture section 8).

A seat's clock runs from the moment it began to owe a decision (the time of the event after which it
first appeared in `to_move`, without a break since) to its deadline, `time_per_move` later, pushed back
by every vacation the seat took meanwhile. Nothing here reads the clock itself: the scheduler passes
`now`, so tests can set any time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Iterable, Mapping, Sequence

from .games.base import InvalidOptions, Option

TIMEOUT_ACTIONS = ("remind", "skip", "forfeit", "bot")
MAX_DURATION = 365 * 86400  # no clock setting is longer than a year: time arithmetic stays in range
DEFAULT_REMINDERS = "1d,1h"
DEFAULT_VACATION_DAYS = 14
# The shortest time per move: an hour. A correspondence move is answered between other things, and a
# notice may take minutes to arrive; below an hour a seat would time out before its mail was read. With
# the bounds below, one seat's clock mails at most MAX_REMINDERS + 1 + OVERDUE_REMINDERS notices a
# deadline, and a deadline lasts at least an hour (audit N2: a minute's clock mailed 1,448 times a day).
MIN_TIME_PER_MOVE = 3600
MAX_REMINDERS = 3  # reminders before one deadline
OVERDUE_REMINDERS = 3  # after a timeout that reminds: one period later, then two, then four; then silence

CLOCK_OPTIONS: dict[str, Option] = {
    "time_per_move": Option("str", "", "How long each player has for a decision, like 3d (three days), 12h or "
                                       "1d12h; empty for no clock.", label="Time per move"),
    "reminders": Option("str", DEFAULT_REMINDERS, "When to remind a player before their time runs out, like "
                                                  "1d,1h (at most three; those longer than the time per move "
                                                  "are left out); 'none' for no reminders.", label="Reminders"),
    "on_timeout": Option("choice", "remind", "What happens when a player's time runs out.",
                         choices=TIMEOUT_ACTIONS, label="When time runs out",
                         choice_labels={"remind": "remind them three more times", "skip": "pass their turn, where the game "
                                        "allows a pass", "forfeit": "they lose the game",
                                        "bot": "the computer plays for them until they are back"}),
    "vacation_days": Option("int", DEFAULT_VACATION_DAYS, "Days of vacation each player may take in a year; "
                                                          "their clock is paused meanwhile.", minimum=0, maximum=365,
                            label="Vacation days a year"),
}

_UNIT = {"w": 7 * 86400, "d": 86400, "h": 3600, "m": 60, "s": 1}
_DURATION = re.compile(r"(\d+)\s*([wdhms])")


def parse_duration(text: str) -> int:
    """Seconds in a duration like `3d`, `12h`, `1d12h`, `90m`, at most a year; raises ValueError with what
    is expected. Bounded here, where it is parsed, so no later date arithmetic can overflow."""
    compact = str(text).strip().lower().replace(" ", "")
    if len(compact) > 40 or not compact or _DURATION.sub("", compact):
        raise ValueError(f"{str(text)[:40]!r} is not a duration: write it like 3d, 12h, 1d12h or 90m")
    parts = _DURATION.findall(compact)
    if any(len(n) > 9 for n, _ in parts):
        raise ValueError(f"{compact!r} is longer than a year: at most 365d")
    seconds = sum(int(n) * _UNIT[u] for n, u in parts)
    if seconds > MAX_DURATION:
        raise ValueError(f"{compact!r} is longer than a year: at most 365d")
    return seconds


def format_duration(seconds: int) -> str:
    parts = []
    for unit in ("d", "h", "m", "s"):
        amount, seconds = divmod(seconds, _UNIT[unit])
        if amount:
            parts.append(f"{amount}{unit}")
    return "".join(parts) or "0s"


def resolve_clock(options: Mapping) -> dict:
    """Check the clock options and give them in stored form: seconds, or None for no clock."""
    from .games.base import check_options

    resolved = check_options(CLOCK_OPTIONS, options)
    out: dict = {"on_timeout": resolved["on_timeout"], "vacation_days": resolved["vacation_days"]}
    try:
        out["time_per_move"] = parse_duration(resolved["time_per_move"]) if resolved["time_per_move"] else None
    except ValueError as error:
        raise InvalidOptions(f"option 'time_per_move': {error}") from None
    if out["time_per_move"] is not None and out["time_per_move"] < MIN_TIME_PER_MOVE:
        raise InvalidOptions("option 'time_per_move' must be at least an hour (1h)")
    text = str(resolved["reminders"]).strip().lower()
    try:
        reminders = [] if text in ("", "none") else [parse_duration(p) for p in text.split(",")]
    except ValueError as error:
        raise InvalidOptions(f"option 'reminders': {error}") from None
    out["reminders"] = sorted(set(reminders), reverse=True)
    if len(out["reminders"]) > MAX_REMINDERS:
        raise InvalidOptions(f"option 'reminders': at most {MAX_REMINDERS} reminders before a deadline")
    if out["time_per_move"] is not None:  # those that would fall before the turn began are left out: a
        # one-day clock with the default 1d,1h reminds an hour before (the form always sends the field)
        out["reminders"] = [r for r in out["reminders"] if r < out["time_per_move"]]
    return out


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def format_time(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Vacation:
    seat: int
    start: datetime
    end: datetime | None  # None: still on vacation


@dataclass(frozen=True)
class Due:
    """Something the sweep must do: a reminder or a timeout for a seat, keyed so it happens once."""

    kind: str  # "reminder" or "timeout"
    seat: int
    at: datetime
    key: str


def paused(vacations: Iterable[Vacation], seat: int, since: datetime, now: datetime) -> timedelta:
    """How long the seat's vacations overlap the span from `since` to `now`."""
    total = timedelta(0)
    for vacation in vacations:
        if vacation.seat != seat:
            continue
        start = max(vacation.start, since)
        end = min(vacation.end or now, now)
        if end > start:
            total += end - start
    return total


def on_vacation(vacations: Iterable[Vacation], seat: int) -> bool:
    return any(v.seat == seat and v.end is None for v in vacations)


def deadline(clock: Mapping, since: datetime, vacations: Sequence[Vacation], seat: int, now: datetime) -> datetime | None:
    """When the seat's time runs out, as far as can be said at `now` (an ongoing vacation keeps pushing
    it back). None when the game has no clock."""
    if not clock.get("time_per_move"):
        return None
    return since + timedelta(seconds=clock["time_per_move"]) + paused(vacations, seat, since, now)


def vacation_used(vacations: Iterable[Vacation], seat: int, now: datetime) -> timedelta:
    """Vacation the seat took in the 365 days up to `now` (the yearly allowance is a rolling year)."""
    year_ago = now - timedelta(days=365)
    return paused(vacations, seat, year_ago, now)


def vacation_runs_out(clock: Mapping, vacations: Sequence[Vacation], seat: int) -> datetime | None:
    """When the seat's vacation going on now uses up its yearly allowance (None: not on vacation)."""
    current = next((v for v in vacations if v.seat == seat and v.end is None), None)
    if current is None:
        return None
    earlier = [v for v in vacations if v is not current]
    used = vacation_used(earlier, seat, current.start)
    left = timedelta(days=clock.get("vacation_days", DEFAULT_VACATION_DAYS)) - used
    return current.start + max(left, timedelta(0))


def due(clock: Mapping, owing_since: Mapping[int, datetime], vacations: Sequence[Vacation], now: datetime,
        timed_out: Iterable[int] = ()) -> list[Due]:
    """What is due at `now`: for each seat owing a decision, the reminders whose time has come, and the
    timeout once its deadline has passed (unless already recorded). After a timeout with
    `on_timeout: remind`, a few more reminders fall due at growing gaps (`overdue_moments`). A vacation
    that has used up the year's allowance ends."""
    out: list[Due] = []
    if not clock.get("time_per_move"):
        return out
    timed_out = set(timed_out)
    period = timedelta(seconds=clock["time_per_move"])
    for seat, since in sorted(owing_since.items()):
        if on_vacation(vacations, seat):
            runs_out = vacation_runs_out(clock, vacations, seat)
            if runs_out is not None and now >= runs_out:
                out.append(Due("vacation_end", seat, runs_out, f"vacation_end:{format_time(runs_out)}"))
            continue
        limit = deadline(clock, since, vacations, seat, now)
        stamp = format_time(since)
        if now >= limit:
            if seat not in timed_out:
                out.append(Due("timeout", seat, limit, f"timeout:{stamp}"))
            elif clock["on_timeout"] == "remind":
                passed = [(k, m) for k, m in overdue_moments(limit, period) if now >= m]
                if passed:  # the latest only: a missed earlier one is superseded, as before a deadline
                    k, moment = passed[-1]
                    out.append(Due("reminder", seat, moment, f"overdue{k}:{stamp}"))
            continue
        for before in kept_reminders(clock):  # the latest reminder first
            moment = limit - timedelta(seconds=before)
            if moment > since and now >= moment:
                out.append(Due("reminder", seat, moment, f"before{before}:{stamp}"))
                break  # a missed earlier reminder is superseded by the one due now
    return out


def next_due(clock: Mapping, owing_since: Mapping[int, datetime], vacations: Sequence[Vacation],
             timed_out: Iterable[int], after: datetime) -> datetime | None:
    """The earliest moment at which `due` has something new to do, counting only reminders after `after`
    (those at or before it were handled) but every deadline not yet acted on, however old. None when
    nothing will ever be due without a new event. The games projection keeps it, indexed, so the sweep
    reads only the games whose moment has come."""
    if not clock.get("time_per_move"):
        return None
    timed_out = set(timed_out)
    period = timedelta(seconds=clock["time_per_move"])
    moments: list[datetime] = []
    for seat, since in owing_since.items():
        if on_vacation(vacations, seat):
            runs_out = vacation_runs_out(clock, vacations, seat)
            if runs_out is not None:
                moments.append(runs_out)
            continue
        limit = deadline(clock, since, vacations, seat, after)
        if seat not in timed_out:
            moments.append(limit)
            moments += [m for m in (limit - timedelta(seconds=r) for r in kept_reminders(clock)) if since < m and m > after]
        elif clock["on_timeout"] == "remind":
            moments += [m for _, m in overdue_moments(limit, period) if m > after][:1]
    return min(moments) if moments else None


def kept_reminders(clock: Mapping) -> list[int]:
    """The reminders of a deadline, latest first: at most MAX_REMINDERS, also for a game created before
    there was that bound (its stored clock may list any number)."""
    return sorted(clock["reminders"])[:MAX_REMINDERS]


def overdue_moments(limit: datetime, period: timedelta) -> list[tuple[int, datetime]]:
    """When a seat that timed out under `on_timeout: remind` is reminded again: one period after the
    deadline, then two periods later, then four; after OVERDUE_REMINDERS, never (a seat that does not
    answer three reminders is not answering, and the address may not be theirs at all)."""
    return [(k, limit + (2 ** k - 1) * period) for k in range(1, OVERDUE_REMINDERS + 1)]
