"""What the HTML panel beside the RIGADOON board shows (templates/games/rigadoon.html), from a seat's view.

The template calls `panel(view, names, seat)` through the game module. Only the view is read (the page
never hands the panel anything a seat may not see; Rigadoon hides nothing, but the rule holds): the
fleets and their ships, the wind with its card (orange squares: any ship with a mast; yellow circles:
only ships with all 3 masts), the pile or the die, the open decision of a chain in words, and which
ships still owe an action this turn.

Its words are Phrases (pbem/games/base.py, issue 26), which the template reads in the page's language
(`|said`); ship names, squares and wind cards stay as the rules write them.
"""

from __future__ import annotations

from ..base import N_, Phrase, counted, listed, said
from .board import DIRECTIONS, ORDER
from .words import DIRECTION_WORDS, FLEET_WORDS

COMPASS_WORDS = DIRECTION_WORDS
ARROWS = {"N": "\u2191", "NE": "\u2197", "E": "\u2192", "SE": "\u2198", "S": "\u2193", "SW": "\u2199",
          "W": "\u2190", "NW": "\u2196"}
FLEETS = (("B", "blue"), ("G", "green"))
CARD = 9  # the wind card's squares per side, the ship in the middle


STATUS_WORDS = {"at_sea": N_("at sea"), "aground": N_("aground on a chest"), "absent": N_("off the board")}


def panel(view: dict, names, seat: int | None) -> dict:
    return {
        "fleets": _fleets(view, names, seat),
        "wind": _wind(view),
        "status": _status(view, names, seat),
        "decision": _decision(view),
        "owing": _owing(view),
    }


def _seat_of(view: dict, colour: str):
    seats = view.get("seats")
    return None if not seats else seats[colour]


def _fleets(view: dict, names, seat) -> list[dict]:
    islands = {square: corner for corner, square in view["board"]["islands"].items()}
    out = []
    for letter, colour in FLEETS:
        who = _seat_of(view, colour)
        ships = []
        for name, where in sorted(view["ships"].items()):
            if name[0] != letter or where is None:
                continue
            square, masts = where
            state = view["ship_state"][name]
            status = STATUS_WORDS.get(state["status"], "")
            if state["status"] == "in_port":
                status = said("in port on island %(island)s", island=islands.get(square, ""))
            notes = []
            acted = state["acted"] and not state["bonus_sail"]
            if acted:
                notes.append(N_("has acted"))
            if state["owes_action"]:
                notes.append(N_("must still act"))
            if state["bonus_sail"]:
                notes.append(N_("may sail again (Rigadoon)"))
            ships.append({"name": name, "square": square, "masts": masts, "status": status, "notes": notes,
                          "acted": acted, "in_port": state["status"] == "in_port"})
        in_port = sum(1 for s in ships if s["in_port"])
        out.append({
            "letter": letter, "colour": colour, "title": FLEET_WORDS[letter],
            "player": names[who] if who is not None and who < len(names) else None,
            "yours": who is not None and who == seat, "ships": ships, "in_port": in_port,
            "to_move": view["phase"] == "play" and view["to_move"] == colour,
        })
    return sorted(out, key=lambda fleet: not fleet["yours"])  # the seat's own fleet first


def _wind(view: dict) -> dict | None:
    detail = view["wind_detail"]
    if not detail["from"]:
        return None
    reach = detail["reach"]
    cells = [["" for _ in range(CARD)] for _ in range(CARD)]
    middle = CARD // 2
    cells[middle][middle] = "ship"
    for direction in ORDER:
        orange, full = reach[direction]
        dr, dc = DIRECTIONS[direction]
        for k in range(1, full + 1):
            r, c = middle + dr * k, middle + dc * k
            if 0 <= r < CARD and 0 <= c < CARD:
                cells[r][c] = "orange" if k <= orange else "yellow"
    down = detail["downwind"]
    farthest = reach[down]
    against = reach[view["wind"]]
    summary = said("Ships sail farthest toward the %(downwind)s: %(far)s squares, %(full)s with all 3 masts; into the "
                   "wind only %(against)s (%(against_full)s with 3 masts).", downwind=COMPASS_WORDS[down],
                   far=farthest[0], full=farthest[1], against=against[0], against_full=against[1])
    if detail["mode"] == "deck":
        pile, discards = " ".join(detail["pile"]), " ".join(detail["discards"])
        n = len(detail["pile"])
        if pile and discards:
            supply = counted("Wind deck: %(n)s card to draw from (%(pile)s); discarded: %(discards)s.",
                             "Wind deck: %(n)s cards to draw from (%(pile)s); discarded: %(discards)s.", n,
                             pile=pile, discards=discards)
        elif pile:
            supply = counted("Wind deck: %(n)s card to draw from (%(pile)s).",
                             "Wind deck: %(n)s cards to draw from (%(pile)s).", n, pile=pile)
        elif discards:
            supply = said("Wind deck: 0 cards to draw from; discarded: %(discards)s.", discards=discards)
        else:
            supply = N_("Wind deck: 0 cards to draw from.")
    else:
        supply = N_("The wind changes by a roll of the wind die.")
    return {"from": detail["from"], "from_words": COMPASS_WORDS[detail["from"]], "downwind": down,
            "downwind_words": COMPASS_WORDS[down], "arrow": ARROWS[down], "cells": cells, "summary": summary,
            "supply": supply, "changed": view["turn_record"]["wind_changed"]}


ENDINGS = {"two_chests": N_("two ships in port"), "infinite_loop": N_("an endless loop of attacks"),
           "turn_limit": N_("the turn limit"), "resigned": N_("a resignation")}


def _status(view: dict, names, seat) -> Phrase:
    phase = view["phase"]

    def name(s):
        return names[s] if s is not None and s < len(names) else said("seat %(seat)s", seat=s + 1)

    if phase == "first":
        return N_("Drawing who chooses a fleet first.")
    if phase == "colour":
        return said("%(name)s chooses a fleet colour and will take the first turn.", name=name(view["first_seat"]))
    if phase == "opening":
        return said("%(name)s chooses the opening wind.", name=name(1 - view["first_seat"]))
    if phase == "over":
        result = view.get("result") or {}
        winner = result.get("winner_seat")
        reason = ENDINGS.get(result.get("termination"))
        if winner is None:
            return said("The game is over: a draw (%(reason)s).", reason=reason) if reason else N_("The game is over.")
        if reason:
            return said("The game is over: %(name)s wins (%(reason)s).", name=name(winner), reason=reason)
        return said("The game is over: %(name)s wins.", name=name(winner))
    colour = view["to_move"]
    who = _seat_of(view, colour)
    fleet = FLEET_WORDS[colour[0].upper()]
    if who == seat:
        if view["turn_record"]["wind_changed"]:
            return said("Turn %(turn)s: Your %(fleet)s fleet; the wind has changed this turn.", turn=view["turn"], fleet=fleet)
        return said("Turn %(turn)s: Your %(fleet)s fleet; the wind has not changed yet this turn.", turn=view["turn"],
                    fleet=fleet)
    if view["turn_record"]["wind_changed"]:
        return said("Turn %(turn)s: %(name)s's %(fleet)s fleet; the wind has changed this turn.", turn=view["turn"],
                    name=name(who), fleet=fleet)
    return said("Turn %(turn)s: %(name)s's %(fleet)s fleet; the wind has not changed yet this turn.", turn=view["turn"],
                name=name(who), fleet=fleet)


def _decision(view: dict) -> dict | None:
    chain = view["chain"]
    if chain is None:
        return None
    pending = listed([said("%(attacker)s on %(target)s", attacker=a, target=t) for a, t in chain["pending"]])
    if chain["decision"] == "attack":
        title = N_("Which attack first?")
        text = said("Attacks waiting: %(pending)s. Choose the attacking ship, then the ship it fires on (or a move in "
                    "the list). Each ship hit loses a mast and is blasted 2 squares away.", pending=pending)
    elif chain["decision"] == "chest":
        ship = chain["blasted"]
        title = said("%(ship)s is blasted into a chest", ship=ship)
        text = said("Choose %(ship)s, then the square where it stops: it pushes the chest ahead to the end of its "
                    "blast, or sinks the chest (Open Water) or runs aground on it (The Shallows), after pushing it or "
                    "at once.", ship=ship)
    else:
        title = N_("Where does the sunk chest wash up?")
        text = N_("Choose the ship that sank it, then a free island: the first ship to land there claims the chest.")
    if chain["pending"] and chain["decision"] != "attack":
        text = said("%(text)s Attacks still waiting: %(pending)s.", text=text, pending=pending)
    return {"title": title, "text": text, "options": chain["options"]}


OWES = {0: N_("must repair"), 3: N_("must sail")}
MAY_EITHER = N_("must sail or repair")


def _owing(view: dict) -> list[Phrase]:
    if view["phase"] != "play" or view["chain"] is not None:
        return []
    owing = []
    for name, state in sorted(view["ship_state"].items()):
        if state["owes_action"]:
            masts = view["ships"][name][1]
            owing.append(said("%(ship)s (%(must)s)", ship=name, must=OWES.get(masts, MAY_EITHER)))
    return owing
