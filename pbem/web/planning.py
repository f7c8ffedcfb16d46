"""Planning a conditional line on a copy of the board (issue 27 item 7): the read-only answer the planner
(templates/conditional.js, on the conditional moves page) asks for after each step. Given the steps so far
(`step=t:<their move>` and `step=m:<your move>`, as the row-by-row form sends them), it folds them on a
copy of the seat's position and answers the rows in words, the board after them as this seat would see
it, and the moves of whoever decides next with the hints the board needs to offer them by clicks.

It never appends: the line is stored only by "Save this line", the conditional moves page's own form
(pbem/web/between_pages.py, `conditionals.set_lines`). What the copy shows follows the row-by-row
builder there (`builder`), so hidden information stays hidden as it does on that page: in a game that
hides things from this seat the others' moves are typed, not listed (their legal moves could tell what
they hold), and nothing after one of them is drawn, the position there being unknown to this seat; a
move that draws chance ends what is known too. Their moves are told in the game's own words as any
reader would be told them (`describe`), not in the hints' words, which speak to the mover.
"""

from __future__ import annotations

from flask import request

from ..between.conditionals import ChanceNeeded, NoChance
from ..games.base import Event, GameError
from ..play.folding import PLATFORM_EVENTS, Folded
from ..words import read
from . import board, languages
from .between_pages import builder, steps_from
from .languages import gettext
from .pages import bp, seat_from_token


@bp.get("/play/<token>/plan.json")
def seat_plan(token):
    """The position after the steps asked, on a copy; 422 with the rules' reason for a step that is not
    legal there, 409 when the game moved on from the position the planner started at."""
    loaded, seat = seat_from_token(token)
    if loaded.finished:
        return {"error": languages.page_message("the game is over"), "seq": loaded.seq}, 409
    if request.args.get("seq", str(loaded.seq)) != str(loaded.seq):
        return {"error": gettext("The game moved on while you were choosing: start the line again from the "
                                 "position as it is now."), "seq": loaded.seq}, 409
    built = builder(loaded, seat, steps_from(request.args.getlist("step")))
    language = languages.current()
    rows = [{"role": row["role"], "move": row["move"], "said": row_said(row),
             "words": row_words(loaded, seat, row, language)} for row in built["rows"]]
    shown = built["state"] if built["state"] is not None else built["last_known"]
    answer = {
        "seq": loaded.seq, "steps": built["steps"], "rows": rows, "said": line_said(rows),
        "problem": languages.page_message(built["problem"]) if built["problem"] else None,
        "svg": board.board_svg(loaded, shown, seat, language), "known": built["state"] is not None,
        "next": next_step(loaded, seat, built, language), "can_save": bool(built.get("can_save")),
    }
    return answer, 422 if built["problem"] else 200


def row_said(row: dict) -> str:
    if row["role"] == "m":
        return gettext("you play %(move)s", move=row["move"])
    if row["who"] == "they":
        return gettext("if they play %(move)s", move=row["move"])
    return gettext("if %(who)s plays %(move)s", who=row["who"], move=row["move"])


def line_said(rows: list[dict]) -> str:
    """The whole line as one sentence: "If Bob plays 5+, you play 3-, ..."."""
    if not rows:
        return ""
    said = ", ".join(row["said"] for row in rows) + "."
    return said[:1].upper() + said[1:]


def row_words(loaded: Folded, seat: int, row: dict, language: str) -> str:
    """What the row's move does, in the game's words as this seat would be told it; nothing where the
    position before it is not known to the seat, or the move draws chance or shows something hidden."""
    module, before, actor = loaded.module, row["before"], row["actor"]
    if before is None or actor is None:
        return ""
    try:
        events = module.decide(before, actor, row["move"], NoChance())
    except (ChanceNeeded, GameError):
        return ""
    told = [Event(e.type, e.data, e.actor) for e in events if e.type not in PLATFORM_EVENTS]
    if any(module.reveals(e) for e in told):
        return ""
    return " ".join(read(line, language) for line in module.describe(before, told, seat, tuple(loaded.names)))


def next_step(loaded: Folded, seat: int, built: dict, language: str) -> dict:
    """What the next step asks: a move of this seat's or of the others' chosen on the copy (with the
    hints the board needs), one to type, or nothing (the game would be over, or a step was refused)."""
    following = built["next"]
    if following is None:
        return {"kind": "none", "prompt": ""}
    kind = following["kind"]
    if kind == "over":
        return {"kind": "over", "prompt": gettext("The game would be over there.")}
    if kind == "unknown":
        prompt = gettext("After a move of theirs, the position is not known to you here, so moves are not listed: "
                         "type them in the game's notation (they are checked when they come).") \
            if following["why"] == "hidden" else \
            gettext("The game draws chance there (a die, the wind), so the position after it is not known: type "
                    "the moves in the game's notation (they are checked when they come).")
        return {"kind": "typed", "role": None, "prompt": prompt}
    if following["options"] is None:  # their moves in a game that hides things from this seat
        return {"kind": "typed", "role": "t", "prompt": gettext(
            "This game hides things from you, so the others' moves are not listed (their legal moves could tell "
            "what they hold): type their move as you would see it played.")}
    state = built["state"]
    hints: list[dict] = []
    names: dict = {"pieces": {}, "squares": {}}
    for who in following["seats"]:
        legal = loaded.module.legal_moves(state, who)
        these = board.hints_of(loaded, who, legal, language, state=state)
        if who != seat:  # the hints' words speak to the mover ("you reach the goal"): not to this reader
            these = [{**hint, "words": ""} for hint in these]
        hints += these
        named = board.control_names(loaded, seat, these, language, state=state)  # named as this seat reads them
        names = {part: {**names[part], **named[part]} for part in names}
    if kind == "mine":
        prompt = gettext("Your move there: choose it on the board, or below.")
    else:
        who = " / ".join(loaded.names[s] for s in following["seats"])
        prompt = gettext("What %(who)s plays there: choose it on the board, or below.", who=who)
    return {"kind": kind, "role": "m" if kind == "mine" else "t", "prompt": prompt, "moves": hints, "names": names}
