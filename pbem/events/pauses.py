"""Pausing a game by agreement, and resuming it early (issue 28 item 4, architecture section 20).

A seat offers a pause until a moment (`proposal_made {kind: "pause", until}`, see pbem/events/agreements.py);
the last acceptance carries it out with `pause_agreed {until, proposal}`: from that event's time until
`until`, every seat's clock stands still (a `clock.Vacation` of no seat, folded into the game's list of
stops, so deadlines, banks, the sweep and `verify` all count it as they count vacations). Any seat may end
it early with `pause_resumed {seat}`: the pause then ends at that event's time. What may be offered (the
creator's option `pause`, how far ahead, how much a year) is decided in pbem/play/deciding.py.
"""

from __future__ import annotations

from ..games.base import Event
from .agreements import PROPOSALS, ProposalKind, name_of
from .kinds import Kind, Working

PAUSE_AGREED = "pause_agreed"
PAUSE_RESUMED = "pause_resumed"


def agreed(data, proposal: int) -> list[Event]:
    return [Event(PAUSE_AGREED, {"until": data["until"], "proposal": proposal}, "rules")]


PROPOSALS["pause"] = ProposalKind("a pause", agreed, fields=("until",),
                                  words=lambda data: f"to pause the game until {data['until']}")


def pause_agreed(work: Working, event) -> None:
    """Every clock stops from now until the agreed end (an end already past, for an offer accepted late,
    stops nothing)."""
    from ..play.clock import Vacation, parse_time

    until = max(parse_time(event.data["until"]), work.moment)
    work.vacations.append(Vacation(None, work.moment, until))
    work.facts["proposal"] = None


def pause_resumed(work: Working, event) -> None:
    """The pause under way ends now."""
    from ..play.clock import Vacation

    work.vacations = [Vacation(None, v.start, work.moment) if v.seat is None and v.start <= work.moment < v.end
                      else v for v in work.vacations]


def agreed_words(names, event) -> str:
    return f"Everyone agreed: the game is paused until {event.data['until']}; every clock stands still."


def resumed_words(names, event) -> str:
    return f"{name_of(names, event.data.get('seat'))} resumed the game: the clocks run again."


KINDS = {PAUSE_AGREED: Kind(pause_agreed, words=agreed_words),
         PAUSE_RESUMED: Kind(pause_resumed, words=resumed_words)}


def resume(module, state, command, chance) -> list[Event]:
    return [Event(PAUSE_RESUMED, {"seat": command["seat"]}, str(command["seat"]))]


COMMANDS = {"resume": resume}
