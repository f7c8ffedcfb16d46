"""The correspondence clock as pure functions of event times and a passed-in `now`: durations,
deadlines, reminders, timeouts, overdue reminders and vacations."""

from datetime import datetime, timedelta, timezone

import pytest

from pbem.games.base import InvalidOptions
from pbem.play import clock

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


# --- the Fischer clock: a bank with an increment, up to a most (architecture section 20) ----------------

FISCHER = {"clock": {"kind": "fischer", "initial": "7d", "increment": "1d", "max": "14d"}}
BANK = clock.resolve_clock(FISCHER)


def test_a_fischer_clock_resolves_from_the_api_object_or_the_forms_fields_alike():
    assert BANK == {"kind": "fischer", "initial": 7 * 86400, "increment": 86400, "max": 14 * 86400,
                    "time_per_move": None, "reminders": [86400, 3600], "on_timeout": "remind", "vacation_days": 14}
    assert clock.resolve_clock({"clock": "fischer", "bank_initial": "7d", "bank_increment": "1d",
                                "bank_max": "14d"}) == BANK
    assert clock.resolve_clock({"clock": {"kind": "fischer", "initial": 604800, "increment": 86400,
                                          "max": 1209600}}) == BANK  # seconds, as the game answers give them
    assert clock.resolve_clock({"clock": {"kind": "fischer", "initial": "2d", "increment": "1h"}})["max"] == 2 * 86400
    assert clock.resolve_clock({"clock": {"kind": "per_move", "per_move": "3d"}}) == \
        clock.resolve_clock({"time_per_move": "3d"})
    assert clock.has_clock(BANK) and clock.is_fischer(BANK) and not clock.is_fischer(CLOCK)


@pytest.mark.parametrize("given,reason", [
    ({"kind": "fischer", "initial": "30m", "increment": "1h"}, "'bank_initial' must be at least an hour"),
    ({"kind": "fischer", "initial": "1d"}, "'bank_increment' is needed for a bank of time"),
    ({"kind": "fischer", "initial": "1d", "increment": "0s"}, "'bank_increment' must be at least an hour"),
    ({"kind": "fischer", "initial": "7d", "increment": "1d", "max": "3d"}, "must be at least the bank at the start"),
    ({"kind": "fischer", "initial": "2h", "increment": "1d", "max": "3h"}, "must be at most what the bank may hold"),
    ({"kind": "fischer", "initial": "400d", "increment": "1d"}, "longer than a year"),
    ({"kind": "fischer", "initial": "1d", "increment": "1h", "per_move": "1d"}, "takes kind, initial"),
    ({"kind": "sandglass"}, "the kind must be one of per_move, fischer"),
])
def test_a_fischer_clock_that_is_not_allowed_is_refused_with_the_reason(given, reason):
    with pytest.raises(InvalidOptions, match=reason):
        clock.resolve_clock({"clock": given})


@pytest.mark.parametrize("options,reason", [
    ({"clock": "fischer", "bank_initial": "1d", "bank_increment": "1h", "time_per_move": "1d"}, "no time per move"),
    ({"time_per_move": "1d", "bank_initial": "1d"}, "choose the clock 'fischer'"),
    ({"clock": {"kind": "per_move", "per_move": "1d"}, "time_per_move": "2d"}, "given twice"),
])
def test_a_time_per_move_and_a_bank_are_not_mixed(options, reason):
    with pytest.raises(InvalidOptions, match=reason):
        clock.resolve_clock(options)


def test_the_bank_loses_the_time_a_turn_took_and_gains_the_increment_up_to_its_most():
    def after(bank, hours, vacations=()):
        return clock.bank_after_turn(BANK, bank, T0, T0 + hours * HOUR, list(vacations), 1) / 86400

    assert after(None, 48) == 7 - 2 + 1  # a first turn starts from the initial bank
    assert after(14 * 86400, 1) == 14  # never more than the most it may hold
    assert after(86400, 10 * 24) == 1  # a seat that ran late starts again from nothing, plus the increment
    assert after(None, 48, [clock.Vacation(1, T0 + HOUR, T0 + 25 * HOUR)]) == 7 - 1 + 1  # its vacation is not spent


def test_a_fischer_deadline_is_the_seats_bank_and_its_reminders_fit_the_bank():
    assert clock.deadline(BANK, T0, [], 1, T0) == T0 + 7 * DAY  # no turn yet: the initial bank
    assert clock.deadline(BANK, T0, [], 1, T0, bank=3 * 3600) == T0 + 3 * HOUR
    low = {1: 3 * 3600}
    assert [d.key.split(":")[0] for d in clock.due(BANK, {1: T0}, [], T0 + 2 * HOUR, banks=low)] == ["before3600"]
    assert [d.kind for d in clock.due(BANK, {1: T0}, [], T0 + 3 * HOUR, banks=low)] == ["timeout"]
    assert clock.next_due(BANK, {1: T0}, [], (), T0, banks=low) == T0 + 2 * HOUR  # the 1d reminder is left out
    # after a timeout that reminds, the reminders come an increment apart, then two, then four
    assert clock.next_due(BANK, {1: T0}, [], {1}, T0 + 3 * HOUR, banks=low) == T0 + 3 * HOUR + DAY


# --- every clock ends (architecture section 20) -----------------------------------------------------------

from hypothesis import given, settings
from hypothesis import strategies as st  # noqa: E402

HOURS = st.integers(min_value=1, max_value=365 * 24)


@st.composite
def clock_options(draw) -> dict:
    """Any clock a creator may choose, as they would write it."""
    options: dict = {"on_timeout": draw(st.sampled_from(clock.TIMEOUT_ACTIONS)),
                     "vacation_days": draw(st.one_of(st.just(0), st.integers(min_value=0, max_value=365))),
                     "reminders": ",".join(f"{h}h" for h in draw(st.lists(HOURS, max_size=3))),
                     "rest_days": draw(st.booleans())}
    if draw(st.booleans()):
        options["time_per_move"] = f"{draw(HOURS)}h"
    else:
        initial = draw(HOURS)
        most = draw(st.integers(min_value=initial, max_value=365 * 24))
        options["clock"] = {"kind": "fischer", "initial": f"{initial}h",
                            "increment": f"{draw(st.integers(min_value=1, max_value=most))}h", "max": f"{most}h"}
    return options


@settings(max_examples=300, deadline=None)
@given(options=clock_options(), turns=st.lists(st.integers(min_value=0, max_value=400 * 24), max_size=6),
       vacation=st.one_of(st.none(), st.integers(min_value=-400 * 24, max_value=0)),
       earlier=st.lists(st.tuples(st.integers(min_value=-800 * 24, max_value=0), st.integers(min_value=0, max_value=400 * 24)),
                        max_size=3),
       rests=st.lists(st.tuples(st.integers(min_value=-400 * 24, max_value=400 * 24),
                                st.lists(st.sampled_from(clock.WEEKDAYS), max_size=2),
                                st.sampled_from(["UTC", "Europe/Berlin", "Pacific/Kiritimati", "America/St_Johns",
                                                 "Australia/Lord_Howe"])), max_size=3),
       pause=st.one_of(st.none(), st.tuples(st.integers(min_value=-30 * 24, max_value=800 * 24),
                                            st.integers(min_value=1, max_value=30 * 24))),
       forbidden=st.booleans())
def test_a_seat_that_never_moves_runs_out_within_the_bound_its_options_give(options, turns, vacation, earlier, rests,
                                                                             pause, forbidden):
    """Whatever the clock, whatever the seat's earlier turns left in its bank, whether or not it was on
    vacation (with earlier vacations too) when its turn began, whatever rest days it set before or during
    its turn, in any zone, and whatever pause by agreement stops every clock (one running as the turn
    began, or one the seat accepted before it that the others completed later, at most 30 days; none
    where the creator forbids pauses): the sweep, asked again and again for what is due next, times the
    seat out no later than `never_moves_bound` after its turn began."""
    settings_ = clock.resolve_clock({**options, **({"pause": False} if forbidden else {})})
    bound = clock.never_moves_bound(settings_)
    since = T0
    bank = None  # the seat's earlier turns, one after another, up to this one
    moment = since - sum(turns, 0) * HOUR
    for hours in turns:
        if clock.is_fischer(settings_):
            bank = clock.bank_after_turn(settings_, bank, moment, moment + hours * HOUR, [], 1)
        moment += hours * HOUR
    vacations = [clock.Vacation(1, since + start * HOUR, since + (start + length) * HOUR)
                 for start, length in earlier if since + (start + length) * HOUR < since + (vacation or 0) * HOUR]
    if vacation is not None:
        vacations.append(clock.Vacation(1, since + vacation * HOUR, None))
    if settings_.get("rest_days", True):  # a game that forbids rest days records none
        vacations += [clock.Rest(1, since + at * HOUR, clock.rest_days_of(days), zone) for at, days, zone in rests]
    if pause is not None and clock.pauses_allowed(settings_):
        start, length = pause
        vacations.append(clock.Vacation(None, since + start * HOUR, since + (start + length) * HOUR))
    now, banks = since, ({1: bank} if bank is not None else {})
    for _ in range(50):
        moment = clock.next_due(settings_, {1: since}, vacations, (), now, banks)
        assert moment is not None, "a clock that never falls due again"
        now = max(now, moment)
        items = clock.due(settings_, {1: since}, vacations, now, (), banks)
        if any(item.kind == "timeout" for item in items):
            break
        if any(item.kind == "vacation_end" for item in items):  # the clock ends it, as the sweep does
            vacations = [clock.Vacation(v.seat, v.start, now) if isinstance(v, clock.Vacation) and v.end is None else v
                         for v in vacations]
        if not items:
            now += timedelta(seconds=1)  # a reminder at exactly `now` was counted: look just after
    else:
        pytest.fail("the seat never timed out")
    assert now - since <= bound, (now - since, bound)


@settings(max_examples=300, deadline=None)
@given(minutes=st.integers(min_value=60, max_value=365 * 24 * 60), sent=st.booleans())
def test_any_time_per_move_works_with_the_default_reminders_and_each_is_sent(minutes, sent):
    """Whatever time per move a player may choose, the default reminders (as the form sends them, or
    left out) are accepted, and each one kept falls within the turn, so the sweep sends it."""
    resolved = clock.resolve_clock({"time_per_move": f"{minutes}m", **({"reminders": "1d,1h"} if sent else {})})
    assert 1 <= len(resolved["reminders"]) <= clock.MAX_REMINDERS
    for before in resolved["reminders"]:
        moment = T0 + timedelta(minutes=minutes) - timedelta(seconds=before)
        assert T0 < moment
        assert [d.key.split(":")[0] for d in clock.due(resolved, {1: T0}, [], moment)] == [f"before{before}"]


def test_a_one_hour_clock_is_reminded_halfway_by_the_default_reminders():
    assert clock.resolve_clock({"time_per_move": "1h"})["reminders"] == [1800]
    assert clock.resolve_clock({"time_per_move": "1h", "reminders": "none"})["reminders"] == []


def test_a_pause_stops_every_seats_clock_and_counts_once_beside_a_vacation():
    """A pause by agreement (a stop of no seat) stops each seat's clock; a vacation taken during it
    adds only what lies outside it, and a pause spends nobody's vacation allowance."""
    settings_ = clock.resolve_clock({"time_per_move": "3d"})
    pause = clock.Vacation(None, T0 + DAY, T0 + 3 * DAY)
    away = clock.Vacation(1, T0 + 2 * DAY, T0 + 4 * DAY)
    for seat in (0, 1):
        assert clock.deadline(settings_, T0, [pause], seat, T0 + 10 * DAY) == T0 + 5 * DAY
    assert clock.deadline(settings_, T0, [pause, away], 1, T0 + 10 * DAY) == T0 + 6 * DAY
    assert clock.vacation_used([pause, away], 1, T0 + 10 * DAY) == 2 * DAY
    assert clock.pause_running([pause], T0 + 2 * DAY) == pause and clock.pause_running([pause], T0 + 3 * DAY) is None
    # while it runs nothing is due, not even a reminder that the moving deadline would bring
    assert clock.due(settings_, {0: T0}, [pause], T0 + 2 * DAY) == []
    assert clock.next_due(settings_, {0: T0}, [pause], (), T0 + 2 * DAY) == T0 + 3 * DAY


def test_a_bank_loses_nothing_while_the_game_is_paused():
    settings_ = clock.resolve_clock(FISCHER)
    pause = clock.Vacation(None, T0 + HOUR, T0 + 3 * DAY)
    assert clock.bank_after_turn(settings_, None, T0, T0 + 3 * DAY + HOUR, [pause], 1) == 7 * 86400 - 2 * 3600 + 86400
