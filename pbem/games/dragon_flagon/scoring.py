"""The end of a brawl: each team's total and the ranking (spec section 15; pirate rules PR-22 to PR-24).

Pirate crews score their characters' reputation, `pirate.chest_value` per Treasure Chest held by one of
them or lying loose on their own ship (a chest on a gangplank or over water counts for nobody), and
`pirate.uneven_bonus` per character the smaller crew lacks. Ties go to the crew with more chests (tavern:
the team with the best single character) unless the `tiebreak` option shares the victory.
"""

from __future__ import annotations

import json

from ..base import Outcome
from .state import State
from .world import kind_of


def ship_of_team(team: int) -> str:
    return "AB"[team]


def team_totals(state: State) -> list[dict]:
    opts = state.options
    board = state.data.board
    out = []
    sizes = [sum(1 for c in state.chars if c.team == t) for t in range(len(state.teams))]
    for t, seats in enumerate(state.teams):
        mine = [c for c in state.chars if c.team == t]
        rep = sum(c.rep for c in mine)
        chests = 0
        bonus = 0
        if board.pirate:
            chests += sum(1 for c in mine if c.holds and kind_of(c.holds) == "chest")
            ship = ship_of_team(t)
            chests += sum(1 for o, sq in state.objects if kind_of(o) == "chest" and board.ship_of(sq) == ship)
            bonus = opts["pirate.uneven_bonus"] * max(0, max(sizes) - sizes[t])
        total = rep + chests * opts["pirate.chest_value"] + bonus
        out.append({"team": t, "seats": list(seats), "reputation": rep, "chests": chests, "bonus": bonus,
                    "total": total, "best": max((c.rep for c in mine), default=0)})
    return out


def scores(state: State) -> dict:
    totals = team_totals(state)
    live = [t for t in totals if any(s not in state.resigned for s in t["seats"])]
    resigned_only = [t for t in totals if t not in live]
    pirate = state.data.board.pirate

    def key(t):
        if state.options["tiebreak"] == "shared":
            return (t["total"],)
        return (t["total"], t["chests"] if pirate else t["best"])

    groups = []
    for t in sorted(live, key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(t):
            groups[-1].append(t)
        else:
            groups.append([t])
    ranking = []
    for group in groups:
        seats = sorted(s for t in group for s in t["seats"] if s not in state.resigned)
        if seats:
            ranking.append(seats)
    tail = sorted(set(state.resigned) | {s for t in resigned_only for s in t["seats"]})
    if tail:
        ranking.append(tail)
    winners = ranking[0] if ranking and len(live) >= 1 else []
    termination = "resigned" if len(live) <= 1 and state.resigned else "finished"
    return {"totals": totals, "ranking": ranking, "winners": winners, "termination": termination}


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    result = json.loads(state.result_json)
    return Outcome(
        termination=result["termination"], winners=tuple(result["winners"]),
        ranking=tuple(tuple(group) for group in result["ranking"]),
        scores={str(t["team"]): t for t in result["totals"]},
    )


