"""The ships and squares of the board in words, for assistive technology and the text mode (architecture
section 25): each `data-piece` ("ship-<port>") and `data-square` ("J5") of the SVG with a Phrase, so a
screen reader says "the ship of Cadiz (Ann), on J5 facing north, cargo: 1 pearl" rather than "group".
A ship is named by its home port, never by its colour alone. Only what the board shows publicly is
said (positions, headings, cargo). Pure: read from the state alone; pbem/words.py reads the Phrases in
the reader's language."""

from __future__ import annotations

from typing import Sequence

from ..base import N_, Phrase, said
from .board import PORT_AT, SIZE, square_name
from .hints import ship_piece
from .phrases import DIRECTION_WORDS, place, port_name, treasure_phrase
from .render import _ships_by_square
from .state import State


def ship_words(state: State, s: int, seat: int | None, names: Sequence[str]) -> Phrase:
    ship = state.ships[s]
    port = port_name(state.home(s))
    who = names[s] if s < len(names) and names[s] else ""
    if s == seat:
        owner = said("your ship, the ship of %(port)s", port=port)
    elif who:
        owner = said("the ship of %(port)s (%(who)s)", port=port, who=who)
    else:
        owner = said("the ship of %(port)s", port=port)
    if tuple(ship.at) not in PORT_AT and ship.heading:
        where = said("on %(place)s facing %(direction)s", place=place(ship.at), direction=DIRECTION_WORDS[ship.heading])
    else:
        where = said("in %(place)s", place=place(ship.at))
    cargo = treasure_phrase(ship.cargo) or N_("no cargo")
    return said("%(owner)s, %(where)s, cargo: %(cargo)s", owner=owner, where=where, cargo=cargo)


def board_names(state: State, seat: int | None, names: Sequence[str] = ()) -> dict[str, dict[str, Phrase]]:
    """{"pieces": {data-piece: Phrase}, "squares": {data-square: Phrase}} for every ship and square."""
    pieces: dict[str, Phrase] = {}
    by_square = _ships_by_square(state)
    for square, seats in by_square.items():
        for s in seats:
            pieces[ship_piece(state.home(s))] = ship_words(state, s, seat, names)
    squares: dict[str, Phrase] = {}
    for y in range(1, SIZE + 1):
        for x in range(1, SIZE + 1):
            here = (x, y)
            ships = [pieces[ship_piece(state.home(s))] for s in by_square.get(here, [])]
            if len(ships) == 1:
                squares[square_name(here)] = said("square %(place)s, %(ship)s", place=place(here), ship=ships[0])
            elif ships:
                squares[square_name(here)] = said("square %(place)s, %(ship)s; %(other)s", place=place(here),
                                                  ship=ships[0], other=ships[1])
            else:
                squares[square_name(here)] = said("square %(place)s", place=place(here))
    return {"pieces": pieces, "squares": squares}
