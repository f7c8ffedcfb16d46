"""What the board needs to offer each legal move (architecture section 12): the seat's own boat, the field
its paid movement ends on, the fields it passes, the rotation that tells moves to the same field apart,
and the whole effect in players' words: what it costs or gains in logs and every reaction it sets off.

Nothing here decides anything: each move is played on a copy with the game's own pure `apply_move`, and
the words are read off the resulting turn trace, so they can never disagree with what the move will do.
Mississippi has no hidden information, so nothing needs redacting. Boats are named by their colour, or
by their players' names when the platform passes them (`names`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..base import Hint
from .boat import rotation_cost, side_numbers
from .game import legal_moves
from .notation import FORWARD, Move, parse_move
from .rules import apply_move, is_entering
from .state import ReactionStep, State, Trace
from .summary import colour_name


def piece_id(seat: int) -> str:
    """The `data-piece` of a seat's boat on the board."""
    return f"boat-{seat}"


def square_id(field: int) -> str:
    """The `data-square` of a river field: its number, as the board and the notation show it."""
    return str(field)


def move_hints(state: State, seat: int, names: tuple[str, ...] = ()) -> dict[str, Hint]:
    """A hint for every move of `legal_moves(state, seat)`, in the same order. With the players' `names`,
    the words call the other boats by their players' names ("Bob's 6 beats your 3") instead of colours."""
    hints = {text: hint_for(state, seat, parse_move(text)) for text in legal_moves(state, seat)}
    if names:
        hints = {text: replace(hint, words=with_names(hint.words, names)) for text, hint in hints.items()}
    return hints


def with_names(words: str, names: tuple[str, ...]) -> str:
    """The colours of the boats in these words, said as their players' names (in one pass, so a player
    named like another boat's colour is not renamed again)."""
    said = {colour_name(seat): name for seat, name in enumerate(names) if name and name.strip()}
    if not said:
        return words
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, said)) + r")\b")
    return pattern.sub(lambda match: said[match.group(1)], words)


def hint_for(state: State, seat: int, move: Move) -> Hint:
    after = apply_move(state, seat, move)
    trace = after.trace
    entering = is_entering(state, seat)
    return Hint(
        piece=piece_id(seat),
        target=square_id(trace.end),
        path=tuple(square_id(field) for field in passed(trace.start, trace.end)),
        choice="" if entering else rotation_label(move.rotation),
        words=" ".join(describe_move(state, after, seat, move)),
        rule=rule_anchor(move, trace, entering),
    )


def passed(start: int, end: int) -> range:
    """The fields between start and end in the order the boat passes them (jumped boats' fields too)."""
    return range(start + 1, end) if end > start else range(start - 1, end, -1)


def rule_anchor(move: Move, trace: Trace, entering: bool) -> str:
    """The section of the rules page a player needs for this move: the rotation when there is one (it is
    what the choice buttons tell apart), else the reactions when it sets some off, else the movement."""
    if entering:
        return "entering"
    if move.rotation:
        return "rotation"
    if trace.reactions:
        return "reactions"
    return "forward" if move.direction == FORWARD else "back"


# --- words -------------------------------------------------------------------------------------------


def rotation_label(steps: int) -> str:
    """The rotation in words with its price: what tells apart the moves that end on the same field."""
    if steps == 0:
        return "no turn"
    cost = rotation_cost(steps)
    price = "free" if cost == 0 else logs(cost)
    if abs(steps) == 3:
        return f"half turn, {price}"
    way = "clockwise" if steps > 0 else "counter-clockwise"
    return f"turn {60 * abs(steps)}° {way}, {price}"


def logs(count: int) -> str:
    return f"{count} log{'' if count == 1 else 's'}"


def fields(count: int) -> str:
    return f"{count} field{'' if count == 1 else 's'}"


def names(seats) -> str:
    """Blue, Blue and Red, Blue, Red and Green."""
    words = [colour_name(seat) for seat in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe_move(before: State, after: State, seat: int, move: Move) -> list[str]:
    """The sentences of one move's effect: the movement, what it costs or gains, every reaction pass,
    the number the boat then shows down the river, and the end of the game if it comes."""
    trace = after.trace
    sentences = [movement_sentence(before, seat, move, trace), logs_sentence(before, after, seat, move, trace)]
    if trace.end == before.board.goal:
        sentences.append("You reach the goal and win.")
        return sentences
    if not trace.reactions:
        sentences.append("No boat touches you there: no reaction.")
    for step in trace.reactions:
        sentences += reaction_sentences(after, seat, step)
    if after.finisher is None and (move.rotation or bend_taken(before, after, seat)):
        boat = after.boats[seat]
        ahead = side_numbers(boat.east, before.numbering)[before.board.forward_side(boat.field)]
        sentences.append(f"Your {ahead} then points down the river.")
    return sentences


def movement_sentence(state: State, seat: int, move: Move, trace: Trace) -> str:
    way = "Forward" if move.direction == FORWARD else "Back"
    text = f"{way} {move.distance} to {'the goal' if trace.end == state.board.goal else f'field {trace.end}'}"
    jumped = [state.occupant(field) for field in passed(trace.start, trace.end)]
    jumped = [other for other in jumped if other is not None and other != seat]
    if jumped:
        text += f", jumping {names(jumped)}"
    return text + "."


def logs_sentence(before: State, after: State, seat: int, move: Move, trace: Trace) -> str:
    held = after.logs[seat]
    turn = trace.rotation_cost
    if move.direction == FORWARD:
        parts = [f"Costs {logs(turn + trace.paid)}"]
        if turn:
            parts.append(f"({logs(turn)} to turn, {trace.paid} to move)")
        return " ".join(parts) + f"; you keep {held}."
    paid = f"Costs {logs(turn)} to turn; " if turn else ""
    supply = before.supply + turn  # what the rotation paid is in the supply before the boat takes logs back
    if trace.gained == move.distance:
        gained = f"takes {logs(trace.gained)} from the supply"
    elif trace.gained == 0:
        gained = "takes no logs: the supply is empty"
    else:
        gained = f"takes only {logs(trace.gained)}: the supply holds {supply}"
    sentence = paid + gained
    return sentence[0].upper() + sentence[1:] + f"; you then hold {held}."


def reaction_sentences(after: State, seat: int, step: ReactionStep) -> list[str]:
    """One reaction pass: who touches whom with which numbers, and who moves where."""
    moved = {mover: (start, end) for mover, start, end in step.moves}
    if seat in moved:
        winning = [c for c in step.contacts if c.difference > 0]
        compared = " and ".join(f"your {c.number} beats {colour_name(c.seat)}'s {c.other_number}" for c in winning)
        _, end = moved[seat]
        gain = sum(c.difference for c in winning)
        return [f"{capital(compared)}: you move on {advance(after, gain, end)}{won(after, seat)}."]
    if not step.moves:
        compared = " and ".join(f"your {c.number} meets {colour_name(c.seat)}'s {c.other_number}" for c in step.contacts)
        return [f"{capital(compared)}: equal, nothing moves."]
    by_seat = {c.seat: c for c in step.contacts}
    sentences = []
    for other, (_, end) in moved.items():
        c = by_seat[other]
        sentences.append(f"{colour_name(other)}'s {c.other_number} beats your {c.number}: {colour_name(other)} "
                         f"moves on {advance(after, -c.difference, end)}{won(after, other)}.")
    return sentences


def advance(after: State, count: int, end: int) -> str:
    """Where a reaction takes a boat: a reaction stops on the goal with fields to spare (A10)."""
    return "to the goal" if end == after.board.goal else f"{fields(count)} to field {end}"


def won(after: State, seat: int) -> str:
    if after.finisher != seat:
        return ""
    return " and you win" if after.trace.seat == seat else f" and {colour_name(seat)} wins"


def bend_taken(before: State, after: State, seat: int) -> bool:
    """Whether the boat ends on another leg of the river, where another of its numbers points ahead."""
    board = before.board
    start = before.boats[seat].field if before.boats[seat] is not None else 0
    return board.forward_side(start) != board.forward_side(after.boats[seat].field)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
