"""Helpers for Dragon & Flagon rule tests: build a game from a `position`, play moves, look at it."""

from __future__ import annotations

import json
from functools import reduce

from pbem.games import dragon_flagon as game
from pbem.games.base import Event
from pbem.games.dragon_flagon.geometry import parse_square, square_name
from pbem.play.chance import ScriptedChance

FAR_END = [{"space": 27, "face": "blank"}, {"space": 28, "face": "blank"},
           {"space": 29, "face": "blank"}, {"space": 30, "face": "watch"}]


def ch(cid, seat, square, facing="e", plan=("move", "move"), time=0, rep=20, status=(), holds=None,
       durations=(), dragon="locked"):
    plan = list(plan)
    if plan == ["move", "move"]:
        plan = ["move", "dash"]
    return {"id": cid, "seat": seat, "square": square, "facing": facing if square else None, "rep": rep,
            "time": time, "status": list(status), "plan": plan, "durations": list(durations), "holds": holds,
            "dragon": dragon}


def position(chars, objects=None, tables=(), rugs=(), space=0, draw_order=None, game_end=None, teams=None,
             familiar=None, board="pirate"):
    seats = sorted({c["seat"] for c in chars})
    if teams is None:
        teams = [[s for s in seats if s % 2 == 0], [s for s in seats if s % 2 == 1]] if board == "pirate" else [[s] for s in seats]
    pos = {"board": board, "space": space, "teams": teams, "characters": chars,
           "objects": objects if objects is not None else [{"id": "flagon", "square": "f8" if board == "pirate" else "f6"}],
           "tables": [{"id": t[0], "squares": t[1]} for t in tables],
           "rugs": [{"id": r[0], "squares": r[1]} for r in rugs],
           "familiar": familiar, "game_end": game_end or FAR_END}
    if draw_order is not None:
        pos["draw_order"] = draw_order
    return pos


ZEROS = [0] * 200  # draws from a bag of one character, or "the first in the bag"


def new_game(pos, seats=None, chance=ZEROS, **options):
    seats = seats or (max(c["seat"] for c in pos["characters"]) + 1)
    opts = dict(options)
    opts["position"] = pos
    opts["board"] = pos.get("board", "pirate")
    resolved = game.resolve_options(seats, opts)
    state = game.initial_state(seats, resolved)
    events = game.start(state, ScriptedChance(list(chance)))
    return fold(state, events), events


def fold(state, events):
    return reduce(game.evolve, events, state)


def play(state, seat, move, chance=ZEROS):
    events = game.decide(state, seat, move, ScriptedChance(list(chance)))
    return fold(state, events), events


def sq(text):
    return parse_square(text, 15, 11)


def name(square):
    return square_name(square, 15, 11) if square else None


def where(state, cid):
    return name(state.char(cid).square)


def obj(state, oid):
    """The square name of a loose object, or None when held or gone."""
    for o, s in state.objects:
        if o == oid:
            return square_name(s, state.data.board.rows, state.data.board.cols)
    return None


def logs(events):
    return [line for e in events if e.type == "card_resolved" for line in e.data["log"]]


def through_json(events):
    return [Event(e.type, json.loads(json.dumps(dict(e.data))), e.actor) for e in events]
