"""What the board needs to offer each legal move (architecture section 12): the seat's own boat, the field
its paid movement ends on, the fields it passes, the rotation that tells moves to the same field apart,
and the whole effect in players' words: what it costs or gains in logs and every reaction it sets off.

Nothing here decides anything: each move is played on a copy with the game's own pure `apply_move`, and
the words are read off the resulting turn trace, so they can never disagree with what the move will do.
Mississippi has no hidden information, so nothing needs redacting. Boats are named by their colour, or
by their players' names when the platform passes them (`names`).
"""

from __future__ import annotations

from ..base import N_, Hint, Phrase, capitalised, counted, joined, listed, said
from .boat import rotation_cost, side_numbers
from .game import legal_moves
from .notation import FORWARD, Move, parse_move
from .rules import apply_move, is_entering
from .state import ReactionStep, State, Trace
from .summary import colour_name
from .words import COLOUR_WORDS, _and, _place


def piece_id(seat: int) -> str:
    """The `data-piece` of a seat's boat on the board."""
    return f"boat-{seat}"


def square_id(field: int) -> str:
    """The `data-square` of a river field: its number, as the board and the notation show it."""
    return str(field)


def move_hints(state: State, seat: int, names: tuple[str, ...] = ()) -> dict[str, Hint]:
    """A hint for every move of `legal_moves(state, seat)`, in the same order. With the players' `names`,
    the words call the other boats by their players' names ("Bob's 6 beats your 3") instead of colours."""
    call = caller(names)
    return {text: hint_for(state, seat, parse_move(text), call) for text in legal_moves(state, seat)}


def caller(names: tuple[str, ...]):
    """How the words call a seat's boat: its player's name when the platform passed one, else its colour
    (a Phrase, so that it is read in the reader's language)."""
    given = [" ".join(str(name).split()) for name in names]

    def call(seat: int) -> "str | Phrase":
        return given[seat] if seat < len(given) and given[seat] else COLOUR_WORDS[colour_name(seat)]
    return call


def hint_for(state: State, seat: int, move: Move, call=None) -> Hint:
    after = apply_move(state, seat, move)
    trace = after.trace
    entering = is_entering(state, seat)
    return Hint(
        piece=piece_id(seat),
        target=square_id(trace.end),
        path=tuple(square_id(field) for field in passed(trace.start, trace.end)),
        choice="" if entering else rotation_label(move.rotation),
        words=joined(*spaced(describe_move(state, after, seat, move, call or caller(())))),
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


def rotation_label(steps: int) -> Phrase:
    """The rotation in words with its price: what tells apart the moves that end on the same field."""
    if steps == 0:
        return N_("no turn")
    cost = rotation_cost(steps)
    price = N_("free") if cost == 0 else logs(cost)
    if abs(steps) == 3:
        return said("half turn, %(price)s", price=price)
    if steps > 0:
        return said("turn %(degrees)s° clockwise, %(price)s", degrees=60 * steps, price=price)
    return said("turn %(degrees)s° counter-clockwise, %(price)s", degrees=-60 * steps, price=price)


def logs(count: int) -> Phrase:
    return counted("%(n)s log", "%(n)s logs", count)


def fields(count: int) -> Phrase:
    return counted("%(n)s field", "%(n)s fields", count)


def spaced(sentences: list) -> list:
    """Sentences told one after another, a space between them."""
    out: list = []
    for sentence in sentences:
        out += [" ", sentence] if out else [sentence]
    return out


def describe_move(before: State, after: State, seat: int, move: Move, call) -> list[Phrase]:
    """The sentences of one move's effect: the movement, what it costs or gains, every reaction pass,
    the number the boat then shows down the river, and the end of the game if it comes. `call(seat)`
    names another seat's boat."""
    trace = after.trace
    sentences = [movement_sentence(before, seat, move, trace, call), logs_sentence(before, after, seat, move, trace)]
    if trace.end == before.board.goal:
        sentences.append(N_("You reach the goal and win."))
        return sentences
    if not trace.reactions:
        sentences.append(N_("No boat touches you there: no reaction."))
    for step in trace.reactions:
        sentences += reaction_sentences(after, seat, step, call)
    if after.finisher is None and (move.rotation or bend_taken(before, after, seat)):
        boat = after.boats[seat]
        ahead = side_numbers(boat.east, before.numbering)[before.board.forward_side(boat.field)]
        sentences.append(said("Your %(number)s then points down the river.", number=ahead))
    return sentences


def movement_sentence(state: State, seat: int, move: Move, trace: Trace, call) -> Phrase:
    place = _place(trace.end, state.board.goal)
    jumped = [state.occupant(field) for field in passed(trace.start, trace.end)]
    jumped = [other for other in jumped if other is not None and other != seat]
    forward = move.direction == FORWARD
    if jumped:
        boats = listed([call(other) for other in jumped])
        if forward:
            return said("Forward %(distance)s to %(place)s, jumping %(boats)s.", distance=move.distance, place=place,
                        boats=boats)
        return said("Back %(distance)s to %(place)s, jumping %(boats)s.", distance=move.distance, place=place,
                    boats=boats)
    if forward:
        return said("Forward %(distance)s to %(place)s.", distance=move.distance, place=place)
    return said("Back %(distance)s to %(place)s.", distance=move.distance, place=place)


def logs_sentence(before: State, after: State, seat: int, move: Move, trace: Trace) -> Phrase:
    held = after.logs[seat]
    turn = trace.rotation_cost
    if move.direction == FORWARD:
        if turn:
            return said("Costs %(cost)s (%(turn)s to turn, %(paid)s to move); you keep %(held)s.",
                        cost=logs(turn + trace.paid), turn=logs(turn), paid=trace.paid, held=held)
        return said("Costs %(cost)s; you keep %(held)s.", cost=logs(trace.paid), held=held)
    supply = before.supply + turn  # what the rotation paid is in the supply before the boat takes logs back
    if trace.gained == move.distance:
        gained = said("takes %(logs)s from the supply", logs=logs(trace.gained))
    elif trace.gained == 0:
        gained = N_("takes no logs: the supply is empty")
    else:
        gained = said("takes only %(logs)s: the supply holds %(supply)s", logs=logs(trace.gained), supply=supply)
    parts: list = [said("Costs %(turn)s to turn", turn=logs(turn)), "; ", gained] if turn else [capitalised(gained)]
    return joined(*parts, "; ", said("you then hold %(held)s", held=held), ".")


def reaction_sentences(after: State, seat: int, step: ReactionStep, call) -> list[Phrase]:
    """One reaction pass: who touches whom with which numbers, and who moves where."""
    moved = {mover: (start, end) for mover, start, end in step.moves}
    if seat in moved:
        winning = [c for c in step.contacts if c.difference > 0]
        compared = _and([said("your %(number)s beats %(other)s's %(other_number)s", number=c.number,
                              other=call(c.seat), other_number=c.other_number) for c in winning])
        _, end = moved[seat]
        gain = sum(c.difference for c in winning)
        return [joined(capitalised(compared), ": ", said("you move on %(advance)s", advance=advance(after, gain, end)),
                       *won(after, seat, call), ".")]
    if not step.moves:
        compared = _and([said("your %(number)s meets %(other)s's %(other_number)s", number=c.number,
                              other=call(c.seat), other_number=c.other_number) for c in step.contacts])
        return [joined(capitalised(compared), ": ", N_("equal, nothing moves"), ".")]
    by_seat = {c.seat: c for c in step.contacts}
    sentences = []
    for other, (_, end) in moved.items():
        c = by_seat[other]
        beats = said("%(other)s's %(other_number)s beats your %(number)s", other=call(other),
                     other_number=c.other_number, number=c.number)
        moves = said("%(other)s moves on %(advance)s", other=call(other), advance=advance(after, -c.difference, end))
        sentences.append(joined(beats, ": ", moves, *won(after, other, call), "."))
    return sentences


def advance(after: State, count: int, end: int) -> Phrase:
    """Where a reaction takes a boat: a reaction stops on the goal with fields to spare (A10)."""
    if end == after.board.goal:
        return N_("to the goal")
    return said("%(fields)s to field %(field)s", fields=fields(count), field=end)


def won(after: State, seat: int, call) -> list:
    if after.finisher != seat:
        return []
    return [" ", N_("and you win") if after.trace.seat == seat else said("and %(other)s wins", other=call(seat))]


def bend_taken(before: State, after: State, seat: int) -> bool:
    """Whether the boat ends on another leg of the river, where another of its numbers points ahead."""
    board = before.board
    start = before.boats[seat].field if before.boats[seat] is not None else 0
    return board.forward_side(start) != board.forward_side(after.boats[seat].field)
