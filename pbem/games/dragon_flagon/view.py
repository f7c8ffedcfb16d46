"""What each seat may see: `view` and `redact` (spec sections 17.3 and 17.4).

Secret until revealed: face-down planned cards and hands (owner's seat only), Game End faces and a
position's forced draw order (nobody). Everything on the board, the number of face-down cards and
tokens in each plan, face-up Duration cards and Dragon states are public.
"""

from __future__ import annotations

import copy
import json

from . import geometry as g
from .cardtext import character_name  # one name per character everywhere: its class, from its id
from .queries import hand, owed, placing
from .rules import to_move
from .scoring import team_totals
from .state import State, is_token
from .world import kind_of


def _sq(state: State, square):
    if square is None:
        return None
    board = state.data.board
    return g.square_name(square, board.rows, board.cols)


def character_view(state: State, c, seat) -> dict:
    own = seat is not None and c.seat == seat
    plan = []
    for item in c.plan:
        if is_token(item):
            plan.append({"token": item[1:]})
        else:
            plan.append({"card": item if own else None})
    out = {
        "id": c.id, "name": character_name(c.id), "seat": c.seat, "team": c.team,
        "square": _sq(state, c.square), "facing": c.facing,
        "level": None if c.square is None else ("table" if any(c.square in sq for _, sq in state.tables) else "floor"),
        "reputation": c.rep, "time": c.time, "fallen": c.fallen, "dazed": c.dazed, "holds": c.holds,
        "durations": [{"card": d.card, "on_table": d.on_table, "lost": d.lost} for d in c.durations],
        "dragon": c.dragon, "plan": plan, "overboard": c.square is None and not c.out and state.phase != "setup",
        "resigned": c.out,
    }
    if own:
        out["hand"] = list(hand(state, c))
    return out


def pending(state: State) -> dict:
    phase = state.phase
    owing = sorted(to_move(state))
    out = {"kind": phase, "seats": owing}
    if phase in ("setup", "returns", "drawn_return"):
        out["character"] = placing(state)
    elif phase in ("planning", "replan"):
        out["owed"] = {c.id: owed(state, c) for c in state.chars if owed(state, c)}
    elif phase == "choose":
        out["character"] = state.drawn
        out["card"] = state.revealed
    return out


def view(state: State, seat) -> dict:
    if state.phase == "pregame":  # before game_started there is no board data to read
        return {"phase": "pregame"}
    board = state.data.board
    over = state.phase == "over"
    return {
        "board": {"id": board.id, "rows": board.rows, "cols": board.cols, "terrain": list(board.terrain)},
        "space": state.space,
        "phase": state.phase,
        "pending": pending(state),
        "characters": [character_view(state, c, None if over else seat) if not over else character_view(state, c, c.seat)
                       for c in state.chars],
        "objects": [{"id": o, "kind": kind_of(o), "square": _sq(state, sq)} for o, sq in state.objects],
        "tables": [{"id": t, "squares": [_sq(state, s) for s in sq]} for t, sq in state.tables],
        "rugs": [{"id": r, "squares": [_sq(state, s) for s in sq]} for r, sq in state.rugs],
        "familiar": _sq(state, state.familiar),
        "game_end": [{"space": s, "face": f if (r or over) else None} for s, f, r in state.game_end],
        "scores": team_totals(state),
        "box": state.box,
        "you": [c.id for c in state.chars if seat is not None and c.seat == seat],
        "resigned": list(state.resigned),
        # The options are public (the seat page lists them); the position is left out, as it holds
        # face-down cards, Game End faces and a forced draw order.
        "options": {k: v for k, v in state.options.items() if k != "position"},
    }


def redact(event, seat) -> dict:
    data = dict(event.data)
    if event.type == "card_planned":
        if seat is None or str(seat) != event.actor:
            data["card"] = None
        return data
    if event.type == "game_started":
        data = copy.deepcopy(json.loads(json.dumps(data)))
        data["game_end"] = [{"space": t["space"], "face": None} for t in data.get("game_end", [])]
        position = (data.get("options") or {}).get("position")
        if position:
            _redact_position(position, seat)
        return data
    return data


def _redact_position(position: dict, seat) -> None:
    for c in position.get("characters", []):
        if seat is None or c.get("seat") != seat:
            c["plan"] = [None for _ in c.get("plan", [])]
    if position.get("game_end") is not None:
        position["game_end"] = [{"space": t.get("space"), "face": None} for t in position["game_end"]]
    if position.get("draw_order") is not None:
        position["draw_order"] = None


# Events after which some seat knows what it could not know before (issue 15): chance (the deal, the
# placement order and the Game End tokens at the start, every draw) and hidden things shown (a planned
# card turned up, a Game End face, every remaining secret when the game ends).
REVEALING = frozenset({"game_started", "character_drawn", "card_revealed", "game_end_revealed", "game_ended"})


def reveals(event) -> bool:
    return event.type in REVEALING
