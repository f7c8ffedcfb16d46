"""The computer player of Mississippi (`standard`): a pure function of the seat's view, its legal moves
and a seeded generator.

Mississippi has no hidden information, so the view holds the whole position; `state_from_view` rebuilds
a state from it (the entering boat's die, the turn counter and the resigned seats included) and the
player simulates each legal move with the game's own reducer.

What it values: a boat's worth is its field plus its logs, because a log buys a field and a boat
holding as many logs as there are empty fields ahead reaches the goal on its next turn. Paying for
fields and taking logs back from the supply leave that sum as it is; only reactions (and jumping
boats) add to it, and rotations and an empty supply take from it. So the player looks for reactions:
those its move sets off now, those it could set off on its coming turns from where it ends (a boat
touching another with a higher number on the touching side), and, for its best few moves, those the
next seat's replies would set off against it. The other boats' worth counts against it. A move that
wins is played; one that puts another boat on the goal, or leaves this seat behind when the round cap
ends the game, is avoided; on its last turn before the cap it goes as far as it can.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from ..base import Event
from .board import opposite
from .boat import rotate, rotation_cost, side_number
from .game import initial_state, legal_moves, outcome, resolve_options
from .rules import ROTATION_ORDER, empty_ahead, evolve
from .state import Boat, State
from .tables import MAX_BACK

WIN = 1_000_000.0
LOG_VALUE = 0.99         # a log buys a field; a hair less, so that of two equal positions the one further on wins
SPARE_LOG_VALUE = 0.1    # logs beyond the empty fields left to the goal
OTHERS_WEIGHT = 0.5      # how much the other boats' worth costs this seat
CHANCE_WEIGHT = 0.5      # a reaction this seat could set off next turn, if the others stay put
LATER = 0.5              # the same, a turn later (a boat more than 15 empty fields back), counts half
FINALISTS = 10           # moves looked at against every reply of the next seat
REPLY_WORST = 0.3        # the replies judged as a mix of their mean and their worst for this seat


def state_from_view(view: dict) -> State:
    """The position a seat's view shows, as a state of the game's own rules."""
    seats = len(view["seats"])
    options = {key: value for key, value in view["options"].items() if key != "position"}
    state = initial_state(seats, resolve_options(seats, options))
    boats = tuple(
        Boat(info["field"], info["east"]) if info["field"] is not None else None for info in view["seats"]
    )
    return replace(
        state,
        boats=boats,
        entered=tuple(bool(info["entered"]) for info in view["seats"]),
        logs=tuple(info["logs"] for info in view["seats"]),
        supply=view["supply"],
        current=view["to_move"],
        turns=view["turn"],
        resigned=tuple(info["seat"] for info in view["seats"] if info["resigned"]),
    )


def after_move(state: State, seat: int, move: str) -> State:
    return evolve(state, Event.by_seat(seat, "move_played", {"seat": seat, "move": move}))


def worth(state: State, seat: int) -> float:
    """Fields made plus the logs that will carry the boat on: a boat holding as many logs as there are
    empty fields left reaches the goal on its next turn, so logs count up to that and little beyond."""
    boat = state.boats[seat]
    if boat is None or not state.entered[seat]:
        return LOG_VALUE * state.logs[seat]
    logs = state.logs[seat]
    way_left = empty_ahead(state, boat.field)
    useful = min(logs, way_left)
    return boat.field + LOG_VALUE * useful + SPARE_LOG_VALUE * (logs - useful)


def field_of(state: State, seat: int) -> int:
    boat = state.boats[seat]
    return boat.field if boat is not None and state.entered[seat] else -1


def moves_again(state: State, seat: int) -> bool:
    """Whether the seat has another turn before the round cap ends the game."""
    return seat == state.current or state.turns + state.seats - 1 < state.turn_cap


def next_chance(state: State, seat: int) -> float:
    """The most this seat could gain by one reaction on its coming turns if no other boat moved: for
    each empty field touching another boat that it can reach (forward within its logs, or back) and
    each rotation it can pay, its number against the other boat's, less the logs the rotation costs
    and the logs moving back fails to bring from the supply; halved for each turn more it takes to get
    there (15 empty fields back a turn)."""
    boat = state.boats[seat]
    if boat is None or not state.entered[seat]:
        return 0.0
    board = state.board
    others = {b.field: b for s, b in enumerate(state.boats) if b is not None and s != seat}
    occupied = sorted(others)
    logs = state.logs[seat]
    turned = best_turned_numbers(boat.east, state.numbering, min(logs, 2))
    best = 0.0
    for other_field, other in others.items():
        for side, field in board.neighbours[other_field]:
            if field in others or field == boat.field:
                continue
            between = sum(1 for f in occupied if min(field, boat.field) < f < max(field, boat.field))
            count = abs(field - boat.field) - between
            if field > boat.field:
                if count > logs:
                    continue
                turns, loss = 1, 0
            else:
                turns, loss = -(-count // MAX_BACK), max(0, count - state.supply)
            gain = turned[opposite(side)] - side_number(other.east, side, state.numbering) - loss
            if gain > 0:
                best = max(best, gain * LATER ** (turns - 1))
    return best


@lru_cache(maxsize=None)
def best_turned_numbers(east: int, numbering: str, affordable: int) -> tuple[int, ...]:
    """Per side of the boat, the highest number a rotation costing at most `affordable` logs can put
    there, less that cost."""
    return tuple(
        max(
            side_number(rotate(east, steps, numbering), side, numbering) - rotation_cost(steps)
            for steps in ROTATION_ORDER if rotation_cost(steps) <= affordable
        )
        for side in range(6)
    )


def score(state: State, seat: int) -> float:
    """How good the position is for `seat`: a win or a loss outright; on its last turn before the
    round cap, its field against the others'; else its worth against theirs."""
    result = outcome(state)
    if result is not None:
        place = result.ranking.index((seat,)) if (seat,) in result.ranking else len(result.ranking)
        return (WIN if seat in result.winners else -WIN * (1 + place)) + field_of(state, seat)
    others = [s for s in state.active if s != seat]
    if not moves_again(state, seat):
        lead = field_of(state, seat) - max((field_of(state, s) for s in others), default=-1)
        return (WIN / 2 if lead > 0 else -WIN / 2) + lead
    theirs = [worth(state, s) for s in others]
    rival = max(theirs, default=0.0)
    mean = sum(theirs) / len(theirs) if theirs else 0.0
    return worth(state, seat) + CHANCE_WEIGHT * next_chance(state, seat) - OTHERS_WEIGHT * (rival + mean) / 2


def reply_score(state: State, seat: int) -> float:
    """The position after the next seat's reply, judged as a mix of every reply's mean and worst."""
    if outcome(state) is not None or state.current == seat:
        return score(state, seat)
    other = state.current
    replies = legal_moves(state, other)
    if not replies:
        return score(state, seat)
    scores = [score(after_move(state, other, move), seat) for move in replies]
    mean = sum(scores) / len(scores)
    return (1 - REPLY_WORST) * mean + REPLY_WORST * min(scores)


def choose(view: dict, legal: Sequence[str], rng) -> str:
    """The standard player: the best legal move by `score`, the best few checked against the replies;
    equal moves are told apart by `rng`."""
    if len(legal) == 1:
        return legal[0]
    state = state_from_view(view)
    seat = view["you"]
    tiebreak = {move: rng.random() for move in legal}
    results = {move: after_move(state, seat, move) for move in legal}
    first = sorted(legal, key=lambda move: (-score(results[move], seat), tiebreak[move]))
    finalists = first[:FINALISTS]
    return max(finalists, key=lambda move: (reply_score(results[move], seat), tiebreak[move]))


BOTS = {"standard": choose}
