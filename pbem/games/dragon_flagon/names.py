"""The characters and squares of the board in words, for assistive technology and the text mode
(architecture section 25): each `data-piece` (a character's id) and `data-square` ("C4") of the SVG with
a Phrase, so a screen reader says "Barbarian (Ann's crew) on C4, facing north" rather than "group". A
character is named by its own name and its player, never by its crew's colour alone. Read from the
seat's view, so nothing hidden from the seat is named. Pure; pbem/words.py reads the Phrases in the
reader's language, the characters, facings and objects too."""

from __future__ import annotations

from typing import Sequence

from ..base import N_, Phrase, joined, said
from . import geometry as g
from .phrases import character_name, direction, object_phrase
from .state import State
from .svg import drawn_squares
from .view import view


def character_words(entry: dict, seat: int | None, names: Sequence[str]) -> Phrase:
    who = entry.get("seat")
    crew = (N_("your crew") if who == seat and seat is not None else
            said("%(who)s's crew", who=names[who]) if isinstance(who, int) and who < len(names) and names[who]
            else said("crew %(n)s", n=entry["team"] + 1))
    if entry["square"] is None:
        return said("%(character)s (%(crew)s), overboard", character=character_name(entry["id"]), crew=crew) \
            if entry.get("overboard") else said("%(character)s (%(crew)s), not on the board",
                                                 character=character_name(entry["id"]), crew=crew)
    more = [word for word, on in ((FALLEN, entry.get("fallen")), (DAZED, entry.get("dazed"))) if on]
    if entry.get("holds"):
        more.append(said(", holding %(thing)s", thing=object_phrase(entry["holds"])))
    return said("%(character)s (%(crew)s) on %(square)s, facing %(facing)s%(more)s",
                character=character_name(entry["id"]), crew=crew, square=entry["square"],
                facing=direction(entry["facing"]), more=joined(*more) if more else "")


FALLEN = N_(", fallen")
DAZED = N_(", dazed")


def board_names(state: State, seat: int | None, names: Sequence[str] = ()) -> dict[str, dict[str, Phrase]]:
    """{"pieces": {data-piece: Phrase}, "squares": {data-square: Phrase}} for every character and square."""
    if state.phase == "pregame":
        return {"pieces": {}, "squares": {}}  # no board drawn yet
    seen = view(state, seat)
    board = state.data.board
    pieces: dict[str, Phrase] = {}
    on_square: dict[str, Phrase] = {}
    for entry in seen["characters"]:
        pieces[entry["id"]] = character_words(entry, seat, names)
        if entry["square"] is not None:
            on_square[entry["square"]] = pieces[entry["id"]]
    squares: dict[str, Phrase] = {}
    for square in sorted(drawn_squares(state)):
        name = g.square_name(square, board.rows, board.cols)
        squares[name] = (said("square %(square)s, with %(piece)s", square=name, piece=on_square[name])
                         if name in on_square else said("square %(square)s", square=name))
    return {"pieces": pieces, "squares": squares}
