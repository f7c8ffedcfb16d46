"""A Mississippi turn told in words: the lines a person reads for one append, for the notices, the
history page, the record and the feeds.

Mississippi has no hidden information, so every reader gets the same lines. The events of an append
are folded through the game's own reducer from `before`, and each move is told from the turn trace
the reducer keeps (rotation, the paid or gainful movement, every reaction in order), with the boats it
jumped read from the position before it. One line per move, reactions folded into it; one line per
entry die and per skipped turn; a last line when the append ended the game.

Each line is a Phrase (pbem/games/base.py): English message ids with their values, read in the reader's
language when shown; the players' names and every number stay as they are.
"""

from __future__ import annotations

from typing import Sequence

from ..base import AND, N_, Event, Phrase, counted, joined, listed, said
from .events import EVENT_SCHEMAS
from .game import outcome
from .rules import evolve
from .state import ReactionStep, State, Trace
from .tables import COLOURS

ROTATION_WORDS = {
    1: N_("one step clockwise"), -1: N_("one step counter-clockwise"),
    2: N_("two steps clockwise"), -2: N_("two steps counter-clockwise"), 3: N_("half round"),
}
COLOUR_WORDS = {"Blue": N_("Blue"), "Red": N_("Red"), "Green": N_("Green"), "Yellow": N_("Yellow"),
                "Purple": N_("Purple"), "Orange": N_("Orange")}
BOAT_WORDS = {"Blue": N_("the blue boat"), "Red": N_("the red boat"), "Green": N_("the green boat"),
              "Yellow": N_("the yellow boat"), "Purple": N_("the purple boat"), "Orange": N_("the orange boat")}


def describe(before: State, events: Sequence[Event], seat: int | None, names: Sequence[str]) -> list[Phrase]:
    """The words for the events of one append, the same for every reader (nothing is hidden)."""
    teller = _Teller(names, before.seats)
    lines: list[Phrase] = []
    state = before
    for event in events:
        if event.type not in EVENT_SCHEMAS:
            continue  # not one of this game's events (the platform keeps its own)
        after = evolve(state, event)
        line = teller.event_line(state, after, event)
        if line:
            lines.append(line)
        state = after
    ended = outcome(state)
    if outcome(before) is None and ended is not None:
        lines.append(teller.ending_line(state, ended))
    return lines


class _Teller:
    """Names the seats: the player's name (on one line), or the boat's colour where no name is known."""

    def __init__(self, names: Sequence[str], seats: int):
        given = [" ".join(str(name).split()) for name in names]
        self.names = [given[s] if s < len(given) and given[s] else colour(s) for s in range(seats)]

    def name(self, seat: int) -> Phrase | str:
        return self.names[seat]

    # --- one event ---------------------------------------------------------------------------------

    def event_line(self, state: State, after: State, event: Event) -> Phrase | None:
        data = event.data
        if event.type == "die_rolled":
            seat, value = data["seat"], data["value"]
            return said("%(who)s rolled a %(value)s for the entry: %(boat)s waits on the start with its %(value)s "
                        "pointing downstream.", who=self.name(seat), value=value, boat=BOAT_WORDS[COLOURS[seat][0]])
        if event.type == "turn_skipped":
            return said("%(who)s had no move (no logs and nothing empty behind the boat): turn skipped.",
                        who=self.name(data["seat"]))
        if event.type == "seat_resigned":
            seat = data["seat"]
            if state.entered[seat]:
                return said("%(who)s resigned; the boat stays on the river as an obstacle.", who=self.name(seat))
            return said("%(who)s resigned before entering; the boat leaves the start.", who=self.name(seat))
        if event.type == "move_played" and after.trace is not None:
            return self.move_line(state, after.trace)
        return None

    def move_line(self, before: State, trace: Trace) -> Phrase:
        seat = trace.seat
        parts: list = [self.name(seat), " ", self.movement(before, trace)]
        for step in trace.reactions:
            parts += ["; ", self.reaction(trace.seat, step, before.board.goal)]
        return joined(*parts, ".")

    def movement(self, before: State, trace: Trace) -> Phrase:
        """`turned one step clockwise (free) and went forward 3 to field 8, jumping Bob's boat, paying 3
        logs (7 left)`, from the position before the move."""
        entering = not before.entered[trace.seat]
        logs_after = before.logs[trace.seat] - trace.rotation_cost - trace.paid + trace.gained
        parts: list = []
        if trace.rotation:
            cost = N_("free") if not trace.rotation_cost else _logs(trace.rotation_cost)
            parts += [said("turned %(rotation)s (%(cost)s) and", rotation=ROTATION_WORDS[trace.rotation], cost=cost),
                      " "]
        distance = _distance(trace)
        where = _place(trace.end, before.board.goal)
        if trace.direction == "forward":
            went = said("went forward %(distance)s to %(place)s", distance=distance, place=where)
            if entering:
                went = said("entered the river, forward %(distance)s from the start to %(place)s", distance=distance,
                            place=where)
        else:
            went = said("went back %(distance)s to %(place)s", distance=distance, place=where)
        parts.append(went)
        jumped = self.jumped(before, trace)
        if jumped:
            parts += [", ", jumped]
        if trace.direction == "forward":
            money = said("paying %(logs)s (%(left)s left)", logs=_logs(trace.paid), left=logs_after)
        elif trace.gained == distance:
            money = said("taking %(logs)s from the supply (now holding %(left)s)", logs=_logs(trace.gained),
                         left=logs_after)
        elif trace.gained:
            money = said("taking %(logs)s, all the supply held (now holding %(left)s)", logs=_logs(trace.gained),
                         left=logs_after)
        else:
            money = said("taking no logs, the supply being empty (%(left)s left)", left=logs_after)
        return joined(*parts, ", ", money)

    def jumped(self, before: State, trace: Trace) -> Phrase | None:
        low, high = sorted((trace.start, trace.end))
        seats = [
            s for s, boat in enumerate(before.boats)
            if s != trace.seat and boat is not None and low < boat.field < high
        ]
        seats.sort(key=lambda s: before.boats[s].field, reverse=trace.direction != "forward")
        if not seats:
            return None
        if len(seats) == 1:
            return said("jumping %(owner)s's boat", owner=self.name(seats[0]))
        owners = [said("%(who)s's", who=self.name(s)) for s in seats]  # not inside said(): the extractor misses it
        return said("jumping %(owners)s boats", owners=listed(owners))

    # --- reactions (rules 3-5) ---------------------------------------------------------------------

    def reaction(self, mover: int, step: ReactionStep, goal: int) -> Phrase:
        """`Cy's 6 beat Bob's 2 and Cy's 4 beat Ann's 2: Cy moved on 6 to field 22`, `Ann's 5 beat Cy's
        3: Ann moved on 2 to field 40, then Bob on 1 to field 45`, `Cy's 4 met Ann's 4: nothing moved`."""
        moved = [seat for seat, _, _ in step.moves]
        if mover in moved:
            (_, _, end), = step.moves
            gains = [c for c in step.contacts if c.difference > 0]
            beats = _and([self.beat(mover, c.number, c.seat, c.other_number) for c in gains])
            total = sum(c.difference for c in gains)
            return said("%(beats)s: %(who)s moved on %(total)s to %(place)s", beats=beats, who=self.name(mover),
                        total=total, place=_place(end, goal))
        if not step.moves:
            met = _and([said("%(who)s's %(number)s met %(other)s's %(other_number)s", who=self.name(mover),
                             number=c.number, other=self.name(c.seat), other_number=c.other_number)
                        for c in step.contacts])
            return said("%(met)s: nothing moved", met=met)
        by_seat = {c.seat: c for c in step.contacts}
        beats = _and([self.beat(seat, by_seat[seat].other_number, mover, by_seat[seat].number) for seat in moved])
        travels: list = []
        for index, (seat, _, end) in enumerate(step.moves):
            values = {"who": self.name(seat), "total": -by_seat[seat].difference, "place": _place(end, goal)}
            if index == 0:
                travels.append(said("%(who)s moved on %(total)s to %(place)s", **values))
            else:
                travels += [", ", said("then %(who)s on %(total)s to %(place)s", **values)]
        return said("%(beats)s: %(travels)s", beats=beats, travels=joined(*travels))

    def beat(self, seat: int, number: int, other: int, other_number: int) -> Phrase:
        return said("%(who)s's %(number)s beat %(other)s's %(other_number)s", who=self.name(seat), number=number,
                    other=self.name(other), other_number=other_number)

    # --- the end -----------------------------------------------------------------------------------

    def ending_line(self, state: State, result) -> Phrase:
        winner = result.winners[0]
        if result.termination == "goal":
            if state.finisher == winner:
                return said("%(who)s won: the boat reached the goal.", who=self.name(winner))
            return said("%(finisher)s's boat reached the goal, but %(finisher)s had resigned: %(who)s won, farthest "
                        "down the river.", finisher=self.name(state.finisher), who=self.name(winner))
        if result.termination == "resigned":
            return said("%(who)s won: the only player left.", who=self.name(winner))
        boat = state.boats[winner]
        if result.termination == "round_cap":
            reason = counted("The game reached its limit of %(n)s round", "The game reached its limit of %(n)s rounds",
                             state.max_rounds)
        elif result.termination == "stalled":
            reason = N_("No boat could move any more")
        else:
            reason = N_("The game ended")
        if boat is not None and state.entered[winner]:
            return said("%(reason)s: %(who)s won, farthest down the river (field %(field)s).", reason=reason,
                        who=self.name(winner), field=boat.field)
        return said("%(reason)s: %(who)s won, farthest down the river.", reason=reason, who=self.name(winner))


def _distance(trace: Trace) -> int:
    """The k of `forward k` or `back k`, from the canonical move text (jumped fields do not count)."""
    return int(trace.move.rsplit(" ", 1)[1])


def _logs(count: int) -> Phrase:
    return counted("%(n)s log", "%(n)s logs", count)


def _place(field: int, goal: int) -> Phrase:
    return N_("the goal") if field == goal else said("field %(field)s", field=field)


def _and(items: list) -> Phrase:
    """Items joined by " and " alone (no commas), as a reaction's contacts are told."""
    parts: list = []
    for index, item in enumerate(items):
        parts += [" ", AND, " ", item] if index else [item]
    return joined(*parts)


def colour(seat: int) -> Phrase:
    """A seat without a name is called by its boat's colour."""
    return COLOUR_WORDS[COLOURS[seat][0]]


# --- the last turn's trace beside the board (the view's `last_turn`, told as summary.py's one line) ------


def last_turn_words(last_turn: dict) -> Phrase:
    """The view's last turn in words, part for part as `trace_summary` writes it (`Blue forward 2: 2→4;
    +3 vs Red (E 6 vs W 3): 4→8`): the colours and the words between the numbers in the reader's language,
    the move, the numbers and the sides as they are."""
    who = colour(last_turn["seat"])
    if last_turn["skipped"]:
        return said("%(who)s skipped (no legal move)", who=who)
    movement, rotation = last_turn["movement"], last_turn["rotation"]
    first: Phrase | str = f"{movement['from']}→{movement['to']}"
    if rotation["steps"]:
        first = said("east %(before)s→%(after)s, %(movement)s", before=rotation["east_before"],
                     after=rotation["east_after"], movement=first)
    if movement["gained"] or movement["direction"] == "back":
        first = counted("%(movement)s (+%(n)s log)", "%(movement)s (+%(n)s logs)", movement["gained"], movement=first)
    parts: list = [first]
    for step in last_turn["reactions"]:
        if any(move["seat"] == last_turn["seat"] for move in step["moves"]):
            positive = [c for c in step["contacts"] if c["difference"] > 0]
            (move,) = step["moves"]
            parts.append(said("+%(total)s vs %(contacts)s: %(start)s→%(end)s",
                              total=sum(c["difference"] for c in positive), contacts=_contacts(positive),
                              start=move["from"], end=move["to"]))
        elif not step["moves"]:
            parts.append(said("0 vs %(contacts)s", contacts=_contacts(step["contacts"])))
        else:
            by_seat = {c["seat"]: c for c in step["contacts"]}
            for move in step["moves"]:
                c = by_seat[move["seat"]]
                parts.append(said("%(who)s +%(n)s (%(side)s %(number)s vs %(other_side)s %(other)s): "
                                  "%(start)s→%(end)s", who=colour(move["seat"]), n=-c["difference"],
                                  side=c["other_side"], number=c["other_number"], other_side=c["side"], other=c["number"],
                                  start=move["from"], end=move["to"]))
    return joined(who, " ", last_turn["move"], ": ", *_between(parts, "; "))


def _contacts(contacts: list[dict]) -> Phrase:
    """`Red (E 6 vs W 3), Green (W 3 vs E 1)`: each boat touched, its side against the mover's."""
    told = [said("%(who)s (%(side)s %(number)s vs %(other_side)s %(other)s)", who=colour(c["seat"]), side=c["side"],
                 number=c["number"], other_side=c["other_side"], other=c["other_number"]) for c in contacts]
    return joined(*_between(told, ", "))


def _between(items: list, separator: str) -> list:
    """The items with the separator between each two (the parts of a joined Phrase)."""
    out: list = []
    for item in items:
        out += [separator, item] if out else [item]
    return out
