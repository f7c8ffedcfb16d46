"""The boats and fields of the board in words, for assistive technology and the text mode (architecture
section 25): each `data-piece` and `data-square` id of the SVG with a Phrase that names it, so a screen
reader says "Ann: the blue boat on field 12, 4 pointing downstream" rather than "group". Pure: read from
the state alone; pbem/words.py reads the Phrases in the reader's language."""

from __future__ import annotations

from typing import Sequence

from ..base import Phrase, said
from .boat import side_numbers
from .hints import piece_id, square_id
from .state import State
from .tables import COLOURS
from .words import BOAT_WORDS


def board_names(state: State, seat: int | None, names: Sequence[str] = ()) -> dict[str, dict[str, Phrase]]:
    """{"pieces": {data-piece: Phrase}, "squares": {data-square: Phrase}} for every boat and field."""
    board = state.board
    pieces: dict[str, Phrase] = {}
    on_field: dict[int, Phrase] = {}
    for s, boat in enumerate(state.boats):
        if boat is None:
            continue
        forward = side_numbers(boat.east, state.numbering)[board.forward_side(boat.field)]
        the_boat = BOAT_WORDS[COLOURS[s][0]]
        who = names[s] if s < len(names) and names[s] else None
        if s == seat:
            pieces[piece_id(s)] = said("your boat, %(boat)s, on field %(field)s, %(value)s pointing downstream",
                                       boat=the_boat, field=boat.field, value=forward)
        elif who:
            pieces[piece_id(s)] = said("%(who)s's boat, %(boat)s, on field %(field)s, %(value)s pointing downstream",
                                       who=who, boat=the_boat, field=boat.field, value=forward)
        else:
            pieces[piece_id(s)] = said("%(boat)s on field %(field)s, %(value)s pointing downstream",
                                       boat=the_boat, field=boat.field, value=forward)
        on_field[boat.field] = the_boat
    squares = {square_id(field): said("field %(field)s, with %(boat)s", field=field, boat=on_field[field])
               if field in on_field else said("field %(field)s", field=field) for field in range(board.size)}
    return {"pieces": pieces, "squares": squares}
