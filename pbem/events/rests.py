"""A seat's rest days (issue 28, architecture section 20): the weekdays on which its clock does not run,
in its own time zone, recorded in the game when the seat (or its address, for all its games) sets them,
so that the clock and `pbem verify` read them from the log like every other stop of a clock."""

from __future__ import annotations

from ..games.base import Event
from .kinds import Kind, Working, hidden_data

REST_DAYS_SET = "rest_days_set"


def rest_days_set(work: Working, event) -> None:
    from ..play.clock import Rest, rest_days_of

    data = event.data
    work.vacations.append(Rest(data["seat"], work.moment, rest_days_of(data["days"]), data["zone"]))


def rest_days_words(names, event) -> str | None:
    return None  # the seat's own affair: its clock's countdown shows it resting


KINDS = {REST_DAYS_SET: Kind(rest_days_set, hidden_data, words=rest_days_words,
                             own=lambda data, seat: data.get("seat") == seat)}


def rest_days(module, state, command, chance) -> list[Event]:
    return [Event(REST_DAYS_SET, {"seat": command["seat"], "days": list(command["days"]), "zone": command["zone"]},
                  str(command["seat"]))]


COMMANDS = {"rest_days": rest_days}
