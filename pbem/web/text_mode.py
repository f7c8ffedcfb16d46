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
        groups.setdefault(heading, []).append({**hint, "where": where, **said_once(hint, where)})
    return list(groups.items())


def said_once(hint: dict, where: str) -> dict:
    """A move's button in words, each thing said once: its choice only where the notation or the hint's
    words do not begin with it (nor the words hold it, when it is more than a word), its place only where
    the words do not name it, and the words without a first phrase that repeats the notation (the
    button then reads "always attack: your ship attacks..." rather than "always attack: Always attack.
    Always attack: your ship..."). {"choice_once", "place_once", "rest": the words}."""
    words = (hint.get("words") or "").strip()
    lowered, move = words.lower(), hint["move"]
    choice = hint.get("choice") or ""
    said = choice.lower().rstrip(".")
    if choice and (move.lower().startswith(choice.lower()) or lowered.startswith(said)
                   or len(said.split()) > 1 and said in lowered):  # "Face north" in "..., then face north."
        choice = ""
    # the place by its short name (what comes before the first comma or bracket): said already when the words name it
    short = where.split(",")[0].split(" (")[0].strip()
    short_id = hint.get("target") or ""  # "A1": said when the words name it; a bare number ("3") is too common
    named = short.lower() in lowered or not short_id.isdigit() and short_id.lower() in lowered
    place = where if where and not named else ""
    if lowered.startswith((move.lower() + ":", move.lower() + ".")):
        words = words[len(move) + 1:].strip()
    return {"choice_once": choice, "place_once": place, "rest": words}


@bp.get("/play/<token>/text")
def seat_text(token):
    loaded, seat = seat_from_token(token)
    context = seat_context(loaded, seat)
    hints = board.hints_of(loaded, seat, context["legal"], languages.current())
    named = board.names_of(loaded, seat, languages.current())
    return render_template("seat/text_mode.html", token=token,
                           pieces=sorted(named["pieces"].values()),
                           grouped=moves_in_words(hints, named["pieces"], named["squares"]), **context)
