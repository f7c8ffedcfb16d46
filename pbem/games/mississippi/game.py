"""The game protocol for Mississippi: options, setup, decide, legal moves, view, outcome, resignation.

Follows `shared/specs/mississippi.md`, "Events and the protocol", "End of game" and the platform
rulings A21-A24; the rules themselves live in `rules.py`. `decide` checks a move, records it, then runs
the "next seat" steps: stop when the game is over, roll the die for a seat that has not entered
(`die_rolled`), skip a seat without a legal move (`turn_skipped`).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Mapping

from ..base import (N_, RULES, Chance, Event, GameError, IllegalMove, InvalidOptions, NotYourTurn, Option, Outcome,
                    Phrase, check_options, counted, said)
from .board import side_name
from .boat import rotation_cost, side_numbers
from .notation import BACK, FORWARD, Move, move_name, parse_move, rotation_name
from .position import check_position, starting_logs
from .rules import empty_ahead, empty_behind, evolve, has_legal_move, is_entering, move_groups, start_field
from .state import Boat, State, Trace
from .summary import trace_summary
from .tables import (COLOURS, DEFAULT_MAX_ROUNDS, DEFAULT_ROWS, DEFAULT_TWO_PLAYER_LOGS, DEFAULT_WIDTH, MAX_BACK,
                     PRINTS, ROWS_RANGE, TOTAL_LOGS, WIDTH_RANGE)

NAME = "mississippi"
TITLE = "Mississippi"
PLAYERS = (2, 6)  # 3-6 official; 2 is the unofficial variant (A17)
OPEN_INFORMATION = True  # nothing is hidden: every seat reads an append as a spectator does
RULES_VERSION = 1  # raise it when start, decide, evolve, legal_moves, resign or outcome change for a log
KNOWN_RULES_VERSIONS = (1,)

# Labels and help in players' words (the options page, the seat page's list of options that differ from
# the defaults); the spec's rulings behind them: rows/width A16, numbering A15, clockwise A6,
# two_player_logs A17, max_rounds A18, position A25.
OPTIONS = {
    "rows": Option(
        "int", DEFAULT_ROWS, minimum=ROWS_RANGE[0], maximum=ROWS_RANGE[1], label=N_("Legs of the river"),
        help=N_("How many times the river crosses the board, 5 to 9. More legs make a longer race. The "
                "printed board's size is not known: 7 legs of 12 fields is our reconstruction.")),
    "width": Option(
        "int", DEFAULT_WIDTH, minimum=WIDTH_RANGE[0], maximum=WIDTH_RANGE[1], label=N_("Fields per leg"),
        help=N_("How many fields each leg of the river has, 8 to 14. The legs lie side by side, so boats on "
                "neighbouring legs touch each other; shorter legs bring the bends closer together.")),
    "numbering": Option(
        "choice", "sequential", choices=tuple(PRINTS), label=N_("Numbers round a boat"),
        help=N_("The order of the six numbers round each boat. The printed rules do not show it, so this is a "
                "reconstruction. It decides which numbers face each other and how far a turn changes the "
                "number in front."),
        choice_labels={"sequential": N_("1 to 6 in order round the boat (1 opposite 4, 2 opposite 5, 3 opposite 6)"),
                       "die": N_("as on a die: opposite sides add up to 7")}),
    "clockwise": Option(
        "choice", "seats", choices=("seats", "spatial"), label=N_("Order of boats pushed on together"),
        help=N_("When none of the boats your boat touches loses to it and several beat it, each of those moves "
                "on, one after the other. The rules say \"in clockwise order\" without saying where to begin. "
                "The order matters when one boat's move changes how far the next one gets."),
        choice_labels={"seats": N_("in playing order, starting with the player after you"),
                       "spatial": N_("round your boat, clockwise from its right-hand (east) side")}),
    "two_player_logs": Option(
        "int", DEFAULT_TWO_PLAYER_LOGS, minimum=1, maximum=30, label=N_("Logs each in a two-player game"),
        help=N_("Mississippi is for 3 to 6 players; two may play with this many logs each (1 to 30) while the "
                "rest of the 60 logs start in the supply. With 30 each the supply starts empty, so moving "
                "back brings no logs until someone has paid some. No effect with 3 or more players.")),
    "max_rounds": Option(
        "int", DEFAULT_MAX_ROUNDS, minimum=1, maximum=1000, label=N_("Most rounds"),
        help=N_("After this many rounds (a turn for every player) the game ends even if no boat has reached "
                "the goal, and the boat furthest down the river wins. The printed rules have no limit; this "
                "stops careful players from shuffling back and forth for ever.")),
    "position": Option(
        "json", None, label=N_("Start position"),
        help=N_("Start from a set position instead of the usual start, for teaching or a puzzle: where each "
                "boat stands, which number faces east, how many logs each holds, the supply and who moves "
                "first. Leave it empty for a normal game; the rules page shows how to write one.")),
}


# --- options and setup ---------------------------------------------------------------------------------


def resolve_options(seats: int, options: Mapping[str, Any] | None) -> dict:
    low, high = PLAYERS
    if not isinstance(seats, int) or not low <= seats <= high:
        raise InvalidOptions(f"Mississippi takes {low} to {high} seats, not {seats}")
    try:
        resolved = check_options(OPTIONS, options)
    except GameError:
        raise
    except ValueError:  # json.loads refuses to read a number of more than 4300 digits
        raise InvalidOptions("option 'position' is not valid JSON: a number in it has more than 4300 digits") from None
    if resolved["position"] is not None:
        resolved["position"] = check_position(
            resolved["position"], seats, resolved["rows"], resolved["width"], resolved["two_player_logs"]
        )
    return resolved


def initial_state(seats: int, options: Mapping[str, Any], rules_version: int = RULES_VERSION) -> State:
    """The state before any event. It remembers its rules version: everything after follows it."""
    if type(rules_version) is not int or rules_version not in KNOWN_RULES_VERSIONS:
        known = ", ".join(map(str, KNOWN_RULES_VERSIONS))
        raise InvalidOptions(f"Mississippi has no rules version {rules_version!r}; it knows {known}")
    start = starting_logs(seats, options["two_player_logs"])
    boats: list[Boat | None] = [None] * seats
    logs = [start] * seats
    entered = [False] * seats
    supply = TOTAL_LOGS - start * seats
    current = 0
    position = options.get("position")
    if position is not None:
        for key, boat in position["boats"].items():
            seat = int(key)
            boats[seat] = Boat(boat["field"], boat["east"])
            logs[seat] = boat["logs"]
            entered[seat] = True
        supply = position["supply"]
        current = position["to_move"]
    return State(
        seats=seats, rows=options["rows"], width=options["width"], numbering=options["numbering"],
        clockwise=options["clockwise"], max_rounds=options["max_rounds"],
        two_player_logs=options["two_player_logs"], options_json=json.dumps(dict(options), sort_keys=True),
        boats=tuple(boats), entered=tuple(entered), logs=tuple(logs), supply=supply, current=current,
        rules_version=rules_version,
    )


def start(state: State, chance: Chance) -> list[Event]:
    """The first die roll (A24: seat 0 starts), or the "next seat" steps from a position's to_move."""
    return settle(state, chance)


def settle(state: State, chance: Chance) -> list[Event]:
    """The "next seat" steps, run on the seat whose turn it now is."""
    events: list[Event] = []
    while outcome(state) is None:
        seat = state.current
        if is_entering(state, seat):
            if state.boats[seat] is None:
                events.append(Event("die_rolled", {"seat": seat, "value": chance.roll(6)}, RULES))
            return events
        if has_legal_move(state, seat):
            return events
        skip = Event("turn_skipped", {"seat": seat}, RULES)
        events.append(skip)
        state = evolve(state, skip)
    return events


# --- moves ------------------------------------------------------------------------------------------------


def _logs(count: int) -> Phrase:
    return counted("%(n)s log", "%(n)s logs", count)


def check_move(state: State, seat: int, move: Move) -> None:
    """Raise IllegalMove naming the rule that forbids the move: its one argument a Phrase, the rule or
    ruling (`rule 6`, `A12`) a value as the rule texts write it, the rest said in the reader's language."""
    if is_entering(state, seat):
        if move.rotation:
            raise IllegalMove(said("%(rule)s: no rotation before your first move", rule="rule 6"))
        if move.direction == BACK:
            raise IllegalMove(said("%(rule)s: your entry move goes forward from the start field", rule="A12"))
    if move.distance < 1:
        raise IllegalMove(said("%(rule)s: there is no passing; a move covers at least 1 field", rule="A1"))
    logs = state.logs[seat]
    cost = rotation_cost(move.rotation)
    if cost > logs:
        raise IllegalMove(said("%(rule)s: rotate %(rotation)s costs %(cost)s, you have %(logs)s", rule="rule 6",
                               rotation=rotation_name(move.rotation), cost=_logs(cost), logs=logs))
    left = logs - cost
    field = start_field(state, seat)
    if move.direction == FORWARD:
        if left == 0:
            raise IllegalMove(said("%(rule)s: with no logs you must move back", rule="rule 2"))
        if move.distance > left:
            values = {"rule": "rule 1", "distance": move.distance, "needed": _logs(move.distance), "logs": left}
            if move.rotation:
                raise IllegalMove(said("%(rule)s: forward %(distance)s needs %(needed)s, you have %(logs)s after "
                                       "rotating", **values))
            raise IllegalMove(said("%(rule)s: forward %(distance)s needs %(needed)s, you have %(logs)s", **values))
        ahead = empty_ahead(state, field)
        if move.distance > ahead:
            raise IllegalMove(counted("%(rule)s: only %(n)s empty field is left to the goal",
                                      "%(rule)s: only %(n)s empty fields are left to the goal", ahead, rule="A19"))
    else:
        if move.distance > MAX_BACK:
            raise IllegalMove(said("%(rule)s: at most %(most)s fields back", rule="rule 2", most=MAX_BACK))
        behind = empty_behind(state, field)
        if move.distance > behind:
            raise IllegalMove(counted("%(rule)s: only %(n)s empty field is behind you",
                                      "%(rule)s: only %(n)s empty fields are behind you", behind, rule="A3"))


def _check_turn(state: State, seat: int) -> None:
    if outcome(state) is not None:
        raise NotYourTurn(said("the game is over"))
    if seat in state.resigned:
        raise NotYourTurn(said("you have resigned from this game"))
    if seat != state.current:
        # the colour's name is its id in the catalogs (words.py's COLOUR_WORDS, which imports this module)
        raise NotYourTurn(said("it is not your turn: %(colour)s is to move", colour=Phrase(COLOURS[state.current][0])))


def decide(state: State, seat: int, move: str, chance: Chance) -> list[Event]:
    _check_turn(state, seat)
    parsed = parse_move(move)
    check_move(state, seat, parsed)
    events: list[Event] = []
    played = Event.by_seat(seat, "move_played", {"seat": seat, "move": move_name(parsed)})
    events.append(played)
    return events + settle(evolve(state, played), chance)


def legal_moves(state: State, seat: int) -> list[str]:
    if outcome(state) is not None or seat != state.current or seat in state.resigned:
        return []
    return [name for group in move_groups(state, seat) for name in group_names(*group)]


@lru_cache(maxsize=4096)  # small numbers: a rotation and two distances (a few hundred combinations in play)
def group_names(steps: int, forward: int, back: int) -> tuple[str, ...]:
    """The names of one rotation's moves: forward 1..k, then back 1..k. A view lists every legal move
    (a hundred and more mid-game) and the names repeat from position to position: each is written once."""
    return tuple(move_name(Move(steps, FORWARD, k)) for k in range(1, forward + 1)) + \
        tuple(move_name(Move(steps, BACK, k)) for k in range(1, back + 1))


def to_move(state: State) -> frozenset[int]:
    return frozenset() if outcome(state) is not None else frozenset({state.current})


def timeout_move(state: State, seat: int) -> str | None:
    return None  # A1: there is no pass in Mississippi


def resign(state: State, seat: int, chance: Chance) -> list[Event]:
    if outcome(state) is not None:
        raise NotYourTurn(said("the game is over"))
    if not 0 <= seat < state.seats or seat in state.resigned:
        raise NotYourTurn(said("that seat is not playing in this game"))
    event = Event("seat_resigned", {"seat": seat}, RULES)
    return [event] + settle(evolve(state, event), chance)


# --- the end ------------------------------------------------------------------------------------------------


def ranking(state: State) -> tuple[int, ...]:
    """Active seats by field (highest first), then those not entered in seat order, then resigned
    seats, the last to resign first."""
    active = state.active
    on_river = [s for s in active if state.entered[s]]
    waiting = [s for s in active if not state.entered[s]]
    on_river.sort(key=lambda s: -state.boats[s].field)
    return tuple(on_river + waiting + list(reversed(state.resigned)))


def outcome(state: State) -> Outcome | None:
    if state.finisher is not None:
        order = ranking(state)
        return _outcome(state, "goal", order[0], order)
    if state.resigned and len(state.active) <= 1:
        order = ranking(state)
        return _outcome(state, "resigned", order[0], order)
    if state.turns >= state.turn_cap:
        order = ranking(state)
        return _outcome(state, "round_cap", order[0], order)
    if not any(has_legal_move(state, seat) for seat in state.active):
        order = ranking(state)
        return _outcome(state, "stalled", order[0], order)
    return None


def _outcome(state: State, termination: str, winner: int, order: tuple[int, ...]) -> Outcome:
    scores = {
        str(seat): {"field": boat.field if boat is not None and state.entered[seat] else None, "logs": state.logs[seat]}
        for seat, boat in enumerate(state.boats)
    }
    return Outcome(termination, (winner,), tuple((seat,) for seat in order), scores)


# --- the view ---------------------------------------------------------------------------------------------------


def redact(event: Event, seat: int | None) -> dict:
    return dict(event.data)  # no hidden information


def reveals(event: Event) -> bool:
    """Only the entry die is chance; moves, skips and resignations show nothing that was hidden."""
    return event.type == "die_rolled"


def trace_json(state: State, trace: Trace | None) -> dict | None:
    if trace is None:
        return None
    out: dict[str, Any] = {"seat": trace.seat, "move": trace.move, "skipped": trace.move is None}
    if trace.move is not None:
        out["rotation"] = {
            "steps": trace.rotation, "cost": trace.rotation_cost,
            "east_before": trace.east_before, "east_after": trace.east_after,
        }
        out["movement"] = {
            "direction": trace.direction, "from": trace.start, "to": trace.end,
            "paid": trace.paid, "gained": trace.gained,
        }
        out["reactions"] = [
            {
                "contacts": [
                    {"seat": c.seat, "side": side_name(c.side), "number": c.number,
                     "other_side": side_name((c.side + 3) % 6), "other_number": c.other_number,
                     "difference": c.difference}
                    for c in step.contacts
                ],
                "moves": [{"seat": s, "from": a, "to": b} for s, a, b in step.moves],
            }
            for step in trace.reactions
        ]
    out["summary"] = trace_summary(trace)
    return out


def seat_json(state: State, seat: int) -> dict:
    boat = state.boats[seat]
    out: dict[str, Any] = {
        "seat": seat, "colour": COLOURS[seat][0], "entered": state.entered[seat],
        "resigned": seat in state.resigned, "logs": state.logs[seat],
        "field": None, "east": None, "sides": None, "forward_side": None, "forward_number": None,
    }
    if boat is not None:
        numbers = side_numbers(boat.east, state.numbering)
        forward = state.board.forward_side(boat.field)
        out.update(
            field=boat.field, east=boat.east,
            sides={side_name(d): numbers[d] for d in range(6)},
            forward_side=side_name(forward), forward_number=numbers[forward],
        )
    return out


def view(state: State, seat: int | None) -> dict:
    result = outcome(state)
    return {
        # the position fields, verbatim: a view can be fed back as a `position`
        "boats": {
            str(s): {"field": b.field, "east": b.east, "logs": state.logs[s]}
            for s, b in enumerate(state.boats) if b is not None and state.entered[s]
        },
        "supply": state.supply,
        "to_move": state.current,
        # everything else sits beside them
        "board": {"rows": state.rows, "width": state.width, "size": state.board.size, "goal": state.board.goal},
        "options": json.loads(state.options_json),
        "seats": [seat_json(state, s) for s in range(state.seats)],
        "moving": None if result is not None else state.current,
        "turn": state.turns,
        "round": state.turns // state.seats + 1,
        "last_turn": trace_json(state, state.trace),
        "outcome": None if result is None else result.to_json(),
        "you": seat,
    }
