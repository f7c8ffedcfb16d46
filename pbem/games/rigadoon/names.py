"""The ships and squares of the board in words, for assistive technology and the text mode (architecture
section 25): each `data-piece` (a ship's name) and `data-square` (a square's name) of the SVG with a
Phrase, so a screen reader says "B2, a blue ship on E5, 3 masts left, at sea" rather than "group". The
ships' names carry their fleet's letter, so the colour is never the only sign. Pure: read from the state
alone; pbem/words.py reads the Phrases in the reader's language."""

from __future__ import annotations

from typing import Sequence

from ..base import N_, Phrase, said
from .state import State
from .words import FLEET_WORDS, _masts_left

SHIP_WORDS = {"B": N_("a blue ship"), "G": N_("a green ship")}


def board_names(state: State, seat: int | None, names: Sequence[str] = ()) -> dict[str, dict[str, Phrase]]:
    """{"pieces": {data-piece: Phrase}, "squares": {data-square: Phrase}} for every ship and square."""
    board = state.board
    pieces: dict[str, Phrase] = {}
    on_square: dict[str, Phrase] = {}
    for ship in state.ships:
        if ship.square is None:
            continue
        square = board.name(ship.square)
        where = (N_("in port") if state.in_port(ship.name) else N_("aground") if state.aground(ship.name)
                 else N_("at sea"))
        acted = ship.name in state.acted and ship.name not in state.bonus_sails
        pieces[ship.name] = said("%(ship)s, %(fleet)s on %(square)s, %(masts)s, %(where)s%(acted)s",
                                 ship=ship.name, fleet=SHIP_WORDS[ship.name[0]], square=square,
                                 masts=_masts_left(ship.masts), where=where,
                                 acted=N_(", has acted this turn") if acted else "")
        on_square[square] = said("%(ship)s (%(fleet)s)", ship=ship.name, fleet=FLEET_WORDS[ship.name[0]])
    chests = {board.name(square) for square in state.chests}
    squares: dict[str, Phrase] = {}
    for r in range(board.size):
        for c in range(board.size):
            name = board.name((r, c))
            if name in on_square:
                squares[name] = said("square %(square)s, with ship %(ship)s", square=name, ship=on_square[name])
            elif name in chests:
                squares[name] = said("square %(square)s, with a treasure chest", square=name)
            else:
                squares[name] = said("square %(square)s", square=name)
    return {"pieces": pieces, "squares": squares}
