"""The seat page's text mode (architecture section 25, issue 29 item 3), like Lichess's blind mode:
`/play/<token>/text` gives the position, the legal moves, the last moves and the commands as headings,
lists and plain forms, with no picture of the board and no script, for a screen reader or a braille
display. Every move is a button that plays it after the usual confirmation, and the confirmation and
the answer come back to this page (the forms carry `mode=text`). It shows what the seat page shows and
nothing more: the board's words come from the game's `board_names` and the panels from the seat's view."""

from __future__ import annotations

from flask import render_template

from . import board, languages
from .pages import bp, seat_context, seat_from_token


def moves_in_words(hints: list[dict], pieces: dict[str, str], squares: dict[str, str]) -> list[tuple[str, list[dict]]]:
    """The legal moves grouped in words: by the piece they move (its name), else by the game's heading,
    in the order of the legal moves. Each move says its notation, its choice and its effect."""
    groups: dict[str, list[dict]] = {}
    for hint in hints:
        if hint["piece"]:
            heading = pieces.get(hint["piece"], hint["piece"])
        else:
            heading = hint["group"] or ""
        where = squares.get(hint["target"], hint["target"]) if hint["target"] else ""
        groups.setdefault(heading, []).append({**hint, "where": where})
    return list(groups.items())


@bp.get("/play/<token>/text")
def seat_text(token):
    loaded, seat = seat_from_token(token)
    context = seat_context(loaded, seat)
    hints = board.hints_of(loaded, seat, context["legal"])
    named = board.names_of(loaded, seat, languages.current())
    return render_template("seat/text_mode.html", token=token,
                           pieces=sorted(named["pieces"].values()),
                           grouped=moves_in_words(hints, named["pieces"], named["squares"]), **context)
