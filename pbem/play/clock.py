"""The correspondence clock: time per move or a Fischer bank, reminders, timeouts, vacations and pauses
by agreement, as pure functions of event times and a passed-in `now` (architecture sections 8 and 20).

A seat's clock runs from the moment it began to owe a decision (the time of the event after which it
first appeared in `to_move`, without a break since) to its deadline, pushed back by every stop of its
clock meanwhile. Every stop is an interval derived from the game's events: a vacation (begun from the
seat page, or scheduled ahead for all of an address's games), the seat's rest days, whole days in
its own time zone, as they stood when the turn began (so that a turn's rest days are fixed, at most
MAX_REST_DAYS a week, and every clock ends), and the pauses every seat agreed to (a `Vacation` whose
`seat` is None: every clock of the game stops, from the agreement until the agreed end or an early
resume; rest days' own arithmetic is pbem/play/rest_days.py). How long a turn may last is the clock's kind:

- `per_move` (the default): `time_per_move` for every turn;
- `fischer`: the seat's bank, which starts at `initial`; when a turn ends, the time it took (vacations
  left out) is taken from the bank (never below nothing: a seat that ran late starts again from empty)
  and `increment` is added, up to `max`. The bank is folded from the log (pbem/play/folding.py calls
  `bank_after_turn`), never stored.

Nothing here reads the clock itself: the scheduler passes `now`, so tests can set any time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Iterable, Mapping, Sequence

from ..games.base import InvalidOptions, Option
from ..i18n import N_
from .rest_days import (MAX_REST_DAYS, WEEKDAYS, Rest, checked_zone, day_names, latest_rest, rest_days_of,
                        rest_in_force, rest_spans)

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
# A pause by agreement ends at most this far ahead of the offer, and a game is paused at most
# PAUSE_DAYS_A_YEAR in any 365 days: every clock still ends (never_moves_bound), as OGS's weekend
# pause once did not (online-go.com#714).
PAUSE_MOST_AHEAD = timedelta(days=30)
PAUSE_DAYS_A_YEAR = 30
OVERDUE_REMINDERS = 3  # after a timeout that reminds: one period later, then two, then four; then silence

CLOCK_KINDS = ("per_move", "fischer")
FISCHER_FIELDS = {"initial": "bank_initial", "increment": "bank_increment", "max": "bank_max"}  # API -> option

CLOCK_OPTIONS: dict[str, Option] = {
    "clock": Option("choice", "per_move", N_("A time for each move gives every turn the same time. A bank gives "
                                          "each player a store of time that their turns use up and that "
                                          "grows by the increment after each of their moves, up to the most "
                                          "it may hold: a quick move saves time for a hard one later."),
                    choices=CLOCK_KINDS, label=N_("Kind of clock"),
                    choice_labels={"per_move": N_("a time for each move"), "fischer": N_("a bank of time (Fischer)")}),
    "time_per_move": Option("str", "", N_("With a time for each move: how long each player has for a decision, "
                                       "like 3d (three days), 12h or 1d12h; empty for no clock."),
                            label=N_("Time per move")),
    "bank_initial": Option("str", "", N_("With a bank: the time each player starts with, like 7d (at least 1h)."),
                           label=N_("Bank at the start")),
    "bank_increment": Option("str", "", N_("With a bank: the time added to it after each of their moves, like 1d "
                                        "(at least 1h, so that even an empty bank gives a move an hour)."),
                             label=N_("Added after each move")),
    "bank_max": Option("str", "", N_("With a bank: the most it may hold, like 14d; empty: what it starts with."),
                       label=N_("Most in the bank")),
    "reminders": Option("str", DEFAULT_REMINDERS, N_("When to remind a player before their time runs out, like "
                                                  "1d,1h (at most three; those longer than the time per move "
                                                  "are left out, and a clock too short for 1d,1h is reminded "
                                                  "halfway); 'none' for no reminders."), label=N_("Reminders")),
    "on_timeout": Option("choice", "remind", N_("What happens when a player's time runs out."),
                         choices=TIMEOUT_ACTIONS, label=N_("When time runs out"),
                         choice_labels={"remind": N_("remind them three more times"), "skip": N_("pass their turn, where the game "
                                        "allows a pass"), "forfeit": N_("they lose the game"),
                                        "bot": N_("the computer plays for them until they are back")}),
    "vacation_days": Option("int", DEFAULT_VACATION_DAYS, N_("Days of vacation each player may take in a year; "
                                                          "their clock is paused meanwhile."), minimum=0, maximum=365,
                            label=N_("Vacation days a year")),
    "rest_days": Option("bool", True, N_("Players may name up to two days of the week on which their clock does "
                                      "not run, in their own time zone."), label=N_("Rest days allowed")),
    "pause": Option("bool", True, N_("Whether the players may pause the game by agreement: every clock stops "
                                     "until the day they agree on, at most 30 days ahead and 30 days a year."),
                    label=N_("Pauses by agreement")),
}

# The clock's options and what each combination does, in words, for the options page.
CLOCK_IN_WORDS: tuple[tuple[str, str], ...] = (
    (N_("No clock"), N_("Choose a time for each move and leave the time empty: nobody is reminded or runs out of "
                 "time, and the reminders, what happens when time runs out and the vacation days do nothing.")),
    (N_("A time for each move"), N_("Every turn gets the same time, counted from the moment it becomes the "
                             "player's turn; time a quick move does not use is not kept. With 3d, every move "
                             "is due three days after the turn began.")),
    (N_("A bank of time"), N_("Each player starts with the bank. The time they take over a move comes out of it, and "
                       "after each move the increment is added, up to the most it may hold. With 7d, +1d, at "
                       "most 14d: a player who answers within the day keeps their 7 days and slowly gains up to "
                       "14; one who takes 3 days over a move has 4 left, 5 after the increment. A player whose "
                       "bank is empty still has the increment for each move, so it is at least an hour.")),
    (N_("Reminders"), N_("Sent that long before a turn's time runs out, by mail or webhook as the player chose. Those "
                  "as long as the turn or longer (the time per move, or what is in the bank when the turn "
                  "begins) are left out, so the usual 1d,1h fits every clock: a 12h turn is reminded an hour "
                  "before, and a 1h turn, which neither fits, halfway.")),
    (N_("When time runs out"), N_("Remind: the game waits, and the player is reminded three more times, one "
                           "period after (the time per move, or a bank's increment), then two, then four. "
                           "Pass their turn: the game's default move is played for them where the rules allow "
                           "one (a bank then starts again from the increment). They lose: the game ends for "
                           "them. The computer plays: it moves for them until they say they are back.")),
    (N_("Vacation days"), N_("A player on vacation has their clock stopped, bank and all, for up to that many days "
                      "in any 365; a vacation that uses them up ends by itself.")),
    (N_("Rest days"), N_("A player may name up to two days of the week, like Saturday and Sunday, from midnight "
                  "to midnight in their own time zone: their clock does not run then. The rest days in force "
                  "when a turn begins count for that whole turn; a change counts from the next one. When "
                  "rest days are not allowed, nobody's clock stops for them.")),
    (N_("Pauses by agreement"), N_("Unless the game forbids them, a player may offer to pause the game until a day "
                            "at most 30 days ahead; once every other player accepts, every clock stops until "
                            "then, and any player may resume it sooner. A game is paused at most 30 days in "
                            "any 365.")),
    (N_("Every clock ends"), N_("However these are set, a player who does nothing runs out of time at the latest "
                         "after the time per move (or the most a bank holds), their vacation days, one pause of "
                         "at most 30 days and, with rest days, half as long again and three days.")),
)

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


def spread_clock(options: Mapping) -> dict:
    """The options with the API's `clock` object (`{"kind": "fischer", "initial", "increment", "max"}` or
    `{"kind": "per_move", "per_move"}`, durations as text like 7d or as seconds) spread into the flat
    options the new-game form sends (`clock`, `time_per_move`, `bank_*`)."""
    options = dict(options)
    given = options.get("clock")
    if not isinstance(given, Mapping):
        return options
    kind = given.get("kind", "per_move")
    if kind not in CLOCK_KINDS:
        raise InvalidOptions(f"option 'clock': the kind must be one of {', '.join(CLOCK_KINDS)}, not {str(kind)[:40]!r}")
    fields = {"per_move": "time_per_move"} if kind == "per_move" else FISCHER_FIELDS
    unknown = sorted(set(given) - set(fields) - {"kind"})
    if unknown:
        raise InvalidOptions(f"option 'clock': a {kind} clock takes {', '.join(['kind', *fields])}, not {unknown[0][:40]!r}")
    options["clock"] = kind
    for field, option in fields.items():
        if field not in given:
            continue
        if options.get(option) not in (None, ""):
            raise InvalidOptions(f"option 'clock': {field} is given twice (also as {option!r})")
        value = given[field]
        if isinstance(value, int) and not isinstance(value, bool):
            value = f"{value}s"  # seconds, as the game answers give them
        options[option] = value
    return options


def checked_duration(name: str, text: str, required: bool = False) -> int | None:
    """Seconds of a duration option, at least MIN_TIME_PER_MOVE; None when empty and not required."""
    if not str(text).strip():
        if required:
            raise InvalidOptions(f"option {name!r} is needed for a bank of time: write it like 7d")
        return None
    try:
        seconds = parse_duration(text)
    except ValueError as error:
        raise InvalidOptions(f"option {name!r}: {error}") from None
    if seconds < MIN_TIME_PER_MOVE:
        raise InvalidOptions(f"option {name!r} must be at least an hour (1h)")
    return seconds


def resolve_clock(options: Mapping) -> dict:
    """Check the clock options and give them in stored form: seconds, or None for no clock. A time per
    move is stored as before (no `kind`); a bank with `"kind": "fischer"` and `time_per_move` None."""
    from ..games.base import check_options

    resolved = check_options(CLOCK_OPTIONS, spread_clock(options))
    out: dict = {"on_timeout": resolved["on_timeout"], "vacation_days": resolved["vacation_days"]}
    if not resolved["rest_days"]:
        out["rest_days"] = False  # stored only when forbidden: a clock from before rest days allows them
    if not resolved["pause"]:  # stored only when forbidden: games from before pauses allow them
        out["pause"] = False
    bank = [key for key in FISCHER_FIELDS.values() if str(resolved[key]).strip()]
    if resolved["clock"] == "fischer":
        if str(resolved["time_per_move"]).strip():
            raise InvalidOptions("option 'time_per_move': a bank of time has no time per move; give "
                                 "bank_initial, bank_increment and bank_max instead")
        out.update(fischer_clock(resolved))
    elif bank:
        raise InvalidOptions(f"option {bank[0]!r} is for a bank of time: choose the clock 'fischer' as well")
    out["time_per_move"] = checked_duration("time_per_move", resolved["time_per_move"])
    text = str(resolved["reminders"]).strip().lower()
    try:
        reminders = [] if text in ("", "none") else [parse_duration(p) for p in text.split(",")]
    except ValueError as error:
        raise InvalidOptions(f"option 'reminders': {error}") from None
    out["reminders"] = sorted(set(reminders), reverse=True)
    if len(out["reminders"]) > MAX_REMINDERS:
        raise InvalidOptions(f"option 'reminders': at most {MAX_REMINDERS} reminders before a deadline")
    longest = out["max"] if is_fischer(out) else out["time_per_move"]
    if longest is not None:  # those that would fall before the turn began are left out: a one-day clock
        # with the default 1d,1h reminds an hour before (the form always sends the field); a bank's turn
        # is as long as its bank, so a reminder is also left out of a turn shorter than it (`due`)
        out["reminders"] = [r for r in out["reminders"] if r < longest]
        if not out["reminders"] and text == DEFAULT_REMINDERS:  # the defaults adapt: a one-hour clock, which
            # neither 1d nor 1h fits, is reminded halfway (to the minute), not never
            out["reminders"] = [longest // 2 // 60 * 60]
    return out


def fischer_clock(resolved: Mapping) -> dict:
    """A bank's stored fields, checked: initial and increment at least an hour, at most max."""
    initial = checked_duration("bank_initial", resolved["bank_initial"], required=True)
    increment = checked_duration("bank_increment", resolved["bank_increment"], required=True)
    most = checked_duration("bank_max", resolved["bank_max"]) or initial
    if most < initial:
        raise InvalidOptions(f"option 'bank_max' ({format_duration(most)}) must be at least the bank at the start "
                             f"({format_duration(initial)})")
    if increment > most:
        raise InvalidOptions(f"option 'bank_increment' ({format_duration(increment)}) must be at most what the bank "
                             f"may hold ({format_duration(most)})")
    return {"kind": "fischer", "initial": initial, "increment": increment, "max": most}


def left_in_words(seconds: float, say=None) -> str:
    """Time left as a player reads it, as the pages' countdowns say it: "2 days 3 hours", "5 hours 10
    minutes", "12 minutes". `say(message, amount)` puts "%(num)s day" (or "days", "hour", ...) into the
    reader's language (pbem/web/pages.py); without it, English."""
    minutes = int(max(0, seconds) // 60)
    days, hours, mins = minutes // 1440, minutes % 1440 // 60, minutes % 60

    def unit(amount, name):
        message = f"%(num)s {name}{'' if amount == 1 else 's'}"
        return say(message, amount) if say else message % {"num": amount}
    if days:  # "3 days", not "3 days 0 hours"
        return f"{unit(days, 'day')} {unit(hours, 'hour')}" if hours else unit(days, "day")
    if hours:
        return f"{unit(hours, 'hour')} {unit(mins, 'minute')}" if mins else unit(hours, "hour")
    return unit(mins, "minute")


def in_words(settings: Mapping) -> str:
    """The clock as a player reads it: "3d per move", "a bank of 7d, +1d after each move, at most 14d"."""
    if is_fischer(settings):
        return (f"a bank of {format_duration(settings['initial'])}, +{format_duration(settings['increment'])} "
                f"after each move, at most {format_duration(settings['max'])}")
    if settings.get("time_per_move"):
        return f"{format_duration(settings['time_per_move'])} per move"
    return "no clock"


def kind_of(settings: Mapping) -> str:
    return settings.get("kind") or "per_move"  # games from before the bank have no kind: a time per move


def is_fischer(settings: Mapping) -> bool:
    return kind_of(settings) == "fischer"


def has_clock(settings: Mapping) -> bool:
    """Whether the game has a clock at all (a time per move, or a bank)."""
    return is_fischer(settings) or bool(settings.get("time_per_move"))


def allowance(settings: Mapping, bank: int | None = None) -> int | None:
    """Seconds a turn may take, vacations left out: the time per move, or the seat's bank (its initial
    when it has had no turn yet). None without a clock."""
    if is_fischer(settings):
        return settings["initial"] if bank is None else bank
    return settings.get("time_per_move") or None


def turn_period(settings: Mapping) -> int | None:
    """The clock's usual turn, for the gaps between reminders after a timeout: the time per move, or the
    bank's increment (what a turn gets once the bank has run low)."""
    return settings["increment"] if is_fischer(settings) else settings.get("time_per_move") or None


def longest_allowance(settings: Mapping) -> int | None:
    """The longest a turn's own time may be: the time per move, or the most a bank may hold."""
    return settings["max"] if is_fischer(settings) else settings.get("time_per_move") or None


def bank_after_turn(settings: Mapping, bank: int | None, since: datetime, end: datetime,
                    vacations: Sequence[Vacation], seat: int) -> int:
    """A seat's bank once its turn, from `since` to `end`, is over: the time it took (its vacations left
    out) taken away, never below nothing, then the increment added, up to the most the bank may hold."""
    start = settings["initial"] if bank is None else bank
    spent = (end - since - paused(vacations, seat, since, end)).total_seconds()
    return int(min(settings["max"], max(0, start - spent) + settings["increment"]))


def never_moves_bound(settings: Mapping) -> timedelta | None:
    """How long after a turn begins a seat that does nothing at all has run out of time, at the latest:
    the turn's own time at its longest, plus each thing that may stop its clock meanwhile without the
    seat acting (`STOPS`), and with rest days allowed, half as long again and three days (`rest_stretch`).
    None without a clock. The property test in tests/test_clock.py checks it."""
    longest = longest_allowance(settings)
    if longest is None:
        return None
    bound = timedelta(seconds=longest) + sum((stop(settings) for stop in STOPS), timedelta(0))
    return rest_stretch(settings, bound)


def vacation_stop(settings: Mapping) -> timedelta:
    """A vacation under way when the turn begins runs until the year's allowance is used up (the clock
    ends it); a seat that does nothing starts no other one."""
    return timedelta(days=settings.get("vacation_days", DEFAULT_VACATION_DAYS))


def pause_stop(settings: Mapping) -> timedelta:
    """A seat that does nothing accepts no pause during its turn, and no pause is offered while one
    runs; so at most one pause stops its clock: one running when the turn began, or one it accepted
    before and the others completed after. Each ends at most PAUSE_MOST_AHEAD after it was offered."""
    return PAUSE_MOST_AHEAD if pauses_allowed(settings) else timedelta(0)


# What may stop a clock without its seat acting, each with the longest it may, so that every clock
# still ends (architecture section 20); rest days stretch the whole (never_moves_bound).
STOPS = [vacation_stop, pause_stop]


def pauses_allowed(settings: Mapping) -> bool:
    """Whether the game's players may pause it by agreement (the creator's option `pause`)."""
    return has_clock(settings) and settings.get("pause", True) is not False


def rest_stretch(settings: Mapping, running: timedelta) -> timedelta:
    """How long a span holding `running` time outside rest days lasts at the longest: at most
    MAX_REST_DAYS local days a week rest (a local day is at most 25 hours, so under 30% of a week), so
    the span is at most half as long again, and three days for a week cut at its edges."""
    if not rests_allowed(settings):
        return running
    return running * 3 / 2 + timedelta(days=3)


def rests_allowed(settings: Mapping) -> bool:
    return settings.get("rest_days", True) is not False


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def format_time(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Vacation:
    """An interval in which a clock stops: a seat's vacation, or (`seat` None) a pause every seat agreed
    to, which stops every clock of the game; its `end` is the agreed one, or the resume's moment."""

    seat: int | None
    start: datetime
    end: datetime | None  # None: still on vacation (one begun from the seat page); a scheduled one, and a
                          # pause, have their end


def pause_running(vacations: Iterable[Vacation], now: datetime) -> Vacation | None:
    """The pause by agreement under way at `now`, if any."""
    return next((v for v in vacations if v.seat is None and v.start <= now < v.end), None)


def paused_by_agreement(vacations: Iterable[Vacation], since: datetime, now: datetime) -> timedelta:
    """How long the game was paused by agreement between `since` and `now` (the yearly cap counts it)."""
    return paused([v for v in vacations if v.seat is None], -1, since, now)


@dataclass(frozen=True)
class Due:
    """Something the sweep must do: a reminder or a timeout for a seat, keyed so it happens once."""

    kind: str  # "reminder" or "timeout"
    seat: int
    at: datetime
    key: str


def stop_spans(stops: Iterable, seat: int, since: datetime, until: datetime, now: datetime,
               turn_began: datetime | None = None) -> list[tuple[datetime, datetime]]:
    """When the seat's clock stood still between `since` and `until`, as sorted spans that do not
    overlap: its vacations (one still under way counts up to `now`) and its rest days as they stood when
    its turn began (`turn_began`, by default `since`)."""
    stops = list(stops)
    spans = []
    for stop in stops:
        if isinstance(stop, Vacation) and (stop.seat == seat or stop.seat is None):  # None: a pause
            spans.append((stop.start, stop.end if stop.end is not None else max(now, stop.start)))
    rest = rest_in_force(stops, seat, turn_began or since)  # a game that forbids them records none
    if rest is not None:
        spans += rest_spans(rest, since, until)
    merged: list[tuple[datetime, datetime]] = []
    for start, end in sorted((max(a, since), min(b, until)) for a, b in spans):
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def paused(stops: Iterable, seat: int, since: datetime, now: datetime) -> timedelta:
    """How long the seat's clock stood still (vacations, rest days) in the span from `since` to `now`."""
    return sum((end - start for start, end in stop_spans(stops, seat, since, now, now)), timedelta(0))


def stopped_now(stops: Iterable, seat: int, since: datetime, now: datetime) -> bool:
    """Whether the seat's clock stands still at `now` (on vacation, or a rest day of its turn)."""
    return any(start <= now < end for start, end in stop_spans(stops, seat, since, now + timedelta(seconds=1), now))


def on_vacation_at(vacations: Iterable, seat: int, now: datetime) -> bool:
    """Whether the seat is on vacation at `now`: one begun from its seat page, or one scheduled ahead."""
    return any(isinstance(v, Vacation) and v.seat == seat and v.start <= now and (v.end is None or now < v.end)
               for v in vacations)


def on_vacation(vacations: Iterable, seat: int) -> bool:
    return any(isinstance(v, Vacation) and v.seat == seat and v.end is None for v in vacations)


def deadline(clock: Mapping, since: datetime, vacations: Sequence, seat: int, now: datetime,
             bank: int | None = None) -> datetime | None:
    """When the seat's time runs out, as far as can be said at `now`: its turn's time counted only while
    its clock runs, past every stop known by then (an ongoing vacation keeps pushing it back; rest days
    and scheduled vacations ahead are counted in). `bank` is the seat's under a Fischer clock (None: it
    has had no turn yet). None when the game has no clock."""
    turn = allowance(clock, bank)
    if turn is None:
        return None
    vacation = sum(((v.end or now) - v.start for v in vacations
                    if isinstance(v, Vacation) and v.seat == seat and (v.end or now) > since), timedelta(0))
    horizon = since + rest_stretch({}, timedelta(seconds=turn) + vacation) + timedelta(days=7)
    moment, remaining = since, timedelta(seconds=turn)
    for start, end in stop_spans(vacations, seat, since, horizon, now):
        if start - moment >= remaining:
            break
        remaining -= max(start - moment, timedelta(0))
        moment = max(moment, end)
    return moment + remaining


def vacation_used(vacations: Iterable, seat: int, now: datetime) -> timedelta:
    """Vacation the seat took in the 365 days up to `now` (the yearly allowance is a rolling year)."""
    year_ago = now - timedelta(days=365)
    return paused([v for v in vacations if isinstance(v, Vacation) and v.seat == seat], seat, year_ago, now)  # pauses are not its own


def vacation_taken(vacations: Iterable, seat: int, start: datetime, end: datetime, now: datetime) -> timedelta:
    """Vacation the seat takes, has taken or has scheduled in the 365 days before `end`, besides a new
    one from `start` to `end` (a scheduled one counts whole: it will be taken)."""
    year_ago = end - timedelta(days=365)
    total = timedelta(0)
    for v in vacations:
        if isinstance(v, Vacation) and v.seat == seat:
            a, b = max(v.start, year_ago), min(v.end if v.end is not None else max(now, v.start), end)
            total += max(b - a, timedelta(0))
    return total


def vacation_runs_out(clock: Mapping, vacations: Sequence[Vacation], seat: int) -> datetime | None:
    """When the seat's vacation going on now uses up its yearly allowance (None: not on vacation)."""
    current = next((v for v in vacations if isinstance(v, Vacation) and v.seat == seat and v.end is None), None)
    if current is None:
        return None
    earlier = [v for v in vacations if isinstance(v, Vacation) and v is not current]
    used = vacation_used(earlier, seat, current.start)
    left = timedelta(days=clock.get("vacation_days", DEFAULT_VACATION_DAYS)) - used
    return current.start + max(left, timedelta(0))


def due(clock: Mapping, owing_since: Mapping[int, datetime], vacations: Sequence[Vacation], now: datetime,
        timed_out: Iterable[int] = (), banks: Mapping[int, int] | None = None) -> list[Due]:
    """What is due at `now`: for each seat owing a decision, the reminders whose time has come, and the
    timeout once its deadline has passed (unless already recorded). After a timeout with
    `on_timeout: remind`, a few more reminders fall due at growing gaps (`overdue_moments`). A vacation
    that has used up the year's allowance ends. While the game is paused by agreement, nothing else is
    due. `banks`: each seat's bank under a Fischer clock."""
    out: list[Due] = []
    if not has_clock(clock):
        return out
    pause = pause_running(vacations, now)
    timed_out = set(timed_out)
    banks = banks or {}
    period = timedelta(seconds=turn_period(clock))
    for seat, since in sorted(owing_since.items()):
        if on_vacation(vacations, seat):
            runs_out = vacation_runs_out(clock, vacations, seat)
            if runs_out is not None and now >= runs_out:
                out.append(Due("vacation_end", seat, runs_out, f"vacation_end:{format_time(runs_out)}"))
            continue
        if pause is not None:
            continue  # no reminder and no timeout while every clock stands still
        limit = deadline(clock, since, vacations, seat, now, banks.get(seat))
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
             timed_out: Iterable[int], after: datetime, banks: Mapping[int, int] | None = None) -> datetime | None:
    """The earliest moment at which `due` has something new to do, counting only reminders after `after`
    (those at or before it were handled) but every deadline not yet acted on, however old. None when
    nothing will ever be due without a new event. The games projection keeps it, indexed, so the sweep
    reads only the games whose moment has come."""
    if not has_clock(clock):
        return None
    timed_out = set(timed_out)
    banks = banks or {}
    period = timedelta(seconds=turn_period(clock))
    moments: list[datetime] = []
    pause = pause_running(vacations, after)
    for seat, since in owing_since.items():
        if on_vacation(vacations, seat):
            runs_out = vacation_runs_out(clock, vacations, seat)
            if runs_out is not None:
                moments.append(runs_out)
            continue
        if pause is not None:  # the clocks run again at its end: what is due then is worked out then
            moments.append(pause.end)
            continue
        limit = deadline(clock, since, vacations, seat, after, banks.get(seat))
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
