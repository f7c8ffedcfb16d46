"""The correspondence clock as pure functions of event times and a passed-in `now`: durations,
deadlines, reminders, timeouts, overdue reminders and vacations."""

from datetime import datetime, timedelta, timezone

import pytest

from pbem import clock
from pbem.games.base import InvalidOptions

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


@pytest.mark.parametrize("text,seconds", [("3d", 259200), ("12h", 43200), ("1d12h", 129600), ("90m", 5400),
                                          ("1w", 604800), (" 2H ", 7200), ("1d 2h", 93600)])
def test_durations_parse(text, seconds):
    assert clock.parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "3", "three days", "3x", "d3", "-1d"])
def test_bad_durations_say_what_is_expected(text):
    with pytest.raises(ValueError, match="write it like 3d, 12h"):
        clock.parse_duration(text)


def test_clock_options_resolve_with_defaults():
    assert clock.resolve_clock({}) == {"time_per_move": None, "reminders": [86400, 3600], "on_timeout": "remind",
                                       "vacation_days": 14}
    resolved = clock.resolve_clock({"time_per_move": "3d", "reminders": "12h, 1h, 12h", "on_timeout": "forfeit"})
    assert resolved["time_per_move"] == 259200 and resolved["reminders"] == [43200, 3600]
    assert clock.resolve_clock({"reminders": "none"})["reminders"] == []


@pytest.mark.parametrize("options,reason", [
    ({"time_per_move": "soon"}, "time_per_move"), ({"time_per_move": "59m"}, "at least an hour"),
    ({"time_per_move": "1d", "reminders": "12h,6h,2h,1h"}, "at most 3 reminders"),
    ({"reminders": "1x"}, "reminders"), ({"on_timeout": "explode"}, "on_timeout"), ({"vacation_days": 400}, "vacation_days"),
])
def test_bad_clock_options_are_refused(options, reason):
    with pytest.raises(InvalidOptions, match=reason):
        clock.resolve_clock(options)


CLOCK = {"time_per_move": 2 * 86400, "reminders": [86400, 3600], "on_timeout": "remind", "vacation_days": 14}


def due_at(now, owing=None, vacations=(), timed_out=(), settings=CLOCK):
    return [(d.kind, d.seat, d.key.split(":")[0]) for d in
            clock.due(settings, owing or {1: T0}, list(vacations), now, timed_out)]


def test_no_clock_means_nothing_is_ever_due():
    assert clock.due({**CLOCK, "time_per_move": None}, {0: T0}, [], T0 + 100 * DAY) == []
    assert clock.deadline({**CLOCK, "time_per_move": None}, T0, [], 0, T0) is None


def test_reminders_fall_due_at_their_times_and_the_latest_supersedes():
    assert due_at(T0 + DAY - timedelta(seconds=1)) == []
    assert due_at(T0 + DAY) == [("reminder", 1, "before86400")]
    assert due_at(T0 + 2 * DAY - HOUR) == [("reminder", 1, "before3600")]
    assert due_at(T0 + 2 * DAY - timedelta(minutes=1)) == [("reminder", 1, "before3600")]


def test_a_reminder_longer_than_the_clock_is_never_sent_before_the_turn_began():
    short = {**CLOCK, "time_per_move": 12 * 3600}
    assert due_at(T0 + HOUR, settings=short) == []  # the 1d reminder would fall before T0
    assert due_at(T0 + 11 * HOUR, settings=short) == [("reminder", 1, "before3600")]


def test_the_timeout_falls_due_at_the_deadline_once():
    assert due_at(T0 + 2 * DAY) == [("timeout", 1, "timeout")]
    assert due_at(T0 + 2 * DAY, timed_out={1}) == []


def test_after_a_timeout_that_reminds_three_reminders_fall_due_at_growing_gaps_then_none():
    """Deadline T0+2d, a period of 2d: reminded 2d, 6d and 14d after the deadline, and never again (audit
    N2: an overdue seat was reminded every period, for ever)."""
    assert due_at(T0 + 4 * DAY - HOUR, timed_out={1}) == []
    assert due_at(T0 + 4 * DAY + HOUR, timed_out={1}) == [("reminder", 1, "overdue1")]
    assert due_at(T0 + 8 * DAY - HOUR, timed_out={1}) == [("reminder", 1, "overdue1")]
    assert due_at(T0 + 8 * DAY, timed_out={1}) == [("reminder", 1, "overdue2")]
    assert due_at(T0 + 16 * DAY, timed_out={1}) == [("reminder", 1, "overdue3")]
    assert due_at(T0 + 1000 * DAY, timed_out={1}) == [("reminder", 1, "overdue3")]  # the same key: sent once
    assert due_at(T0 + 6 * DAY, timed_out={1}, settings={**CLOCK, "on_timeout": "forfeit"}) == []
    after = [clock.next_due(CLOCK, {1: T0}, [], {1}, T0 + k * DAY) for k in (3, 4, 8, 16, 1000)]
    assert after == [T0 + 4 * DAY, T0 + 8 * DAY, T0 + 16 * DAY, None, None]


def test_a_one_day_clock_takes_the_default_reminders_leaving_out_those_that_do_not_fit():
    """As the new-game form sends it: the reminders field always filled in (a new user was refused)."""
    assert clock.resolve_clock({"time_per_move": "1d", "reminders": "1d,1h"})["reminders"] == [3600]
    assert clock.resolve_clock({"time_per_move": "1h", "reminders": "1d,1h,30m"})["reminders"] == [1800]


def test_at_most_three_reminders_fall_due_before_a_deadline_even_from_an_older_game():
    many = {**CLOCK, "reminders": [3600 * h for h in (40, 30, 20, 10, 5, 1)]}  # stored before the bound
    moments = [T0 + 2 * DAY - timedelta(hours=h) for h in (40, 30, 20, 10, 5, 1)]
    keys = {d.key for m in moments for d in clock.due(many, {1: T0}, [], m)}
    assert keys == {f"before{3600 * h}:{clock.format_time(T0)}" for h in (5, 1)} | \
        {f"before{3600 * 10}:{clock.format_time(T0)}"}


def test_keys_name_the_turn_so_each_notice_is_sent_once():
    first = clock.due(CLOCK, {1: T0}, [], T0 + DAY)
    again = clock.due(CLOCK, {1: T0}, [], T0 + DAY + HOUR)
    assert first[0].key == again[0].key
    later_turn = clock.due(CLOCK, {1: T0 + 3 * DAY}, [], T0 + 4 * DAY)
    assert later_turn[0].key != first[0].key


def test_vacation_pauses_the_deadline():
    vacation = [clock.Vacation(1, T0 + 2 * HOUR, T0 + 10 * HOUR)]
    assert clock.deadline(CLOCK, T0, vacation, 1, T0 + DAY) == T0 + 2 * DAY + 8 * HOUR
    assert due_at(T0 + 2 * DAY, vacations=vacation) == [("reminder", 1, "before86400")]
    assert due_at(T0 + 2 * DAY + 8 * HOUR, vacations=vacation) == [("timeout", 1, "timeout")]


def test_an_ongoing_vacation_keeps_pushing_the_deadline_and_silences_the_seat():
    vacation = [clock.Vacation(1, T0 + HOUR, None)]
    assert clock.deadline(CLOCK, T0, vacation, 1, T0 + 5 * DAY) == T0 + 2 * DAY + 5 * DAY - HOUR
    assert due_at(T0 + 5 * DAY, vacations=vacation) == []


def test_a_vacation_before_the_turn_or_of_another_seat_does_not_count():
    vacations = [clock.Vacation(1, T0 - 3 * DAY, T0 - DAY), clock.Vacation(0, T0, T0 + DAY)]
    assert clock.deadline(CLOCK, T0, vacations, 1, T0 + DAY) == T0 + 2 * DAY


def test_vacation_used_counts_the_last_365_days():
    vacations = [clock.Vacation(0, T0 - 400 * DAY, T0 - 390 * DAY), clock.Vacation(0, T0 - 10 * DAY, T0 - 7 * DAY)]
    assert clock.vacation_used(vacations, 0, T0) == 3 * DAY
