"""What the HTML panel beside the RIGADOON board shows (templates/games/rigadoon.html), from a seat's view.

The template calls `panel(view, names, seat)` through the game module. Only the view is read (the page
never hands the panel anything a seat may not see; Rigadoon hides nothing, but the rule holds): the
fleets and their ships, the wind with its card (orange squares: any ship with a mast; yellow circles:
only ships with all 3 masts), the pile or the die, the open decision of a chain in words, and which
ships still owe an action this turn.
"""

from __future__ import annotations

from .board import DIRECTIONS, ORDER

COMPASS_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                 "SW": "south-west", "W": "west", "NW": "north-west"}
ARROWS = {"N": "\u2191", "NE": "\u2197", "E": "\u2192", "SE": "\u2198", "S": "\u2193", "SW": "\u2199",
          "W": "\u2190", "NW": "\u2196"}
FLEETS = (("B", "blue"), ("G", "green"))
CARD = 9  # the wind card's squares per side, the ship in the middle


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
            status = {"at_sea": "at sea", "aground": "aground on a chest", "absent": "off the board"}.get(state["status"], "")
            if state["status"] == "in_port":
                status = f"in port on island {islands.get(square, '')}"
            notes = []
            acted = state["acted"] and not state["bonus_sail"]
            if acted:
                notes.append("has acted")
            if state["owes_action"]:
                notes.append("must still act")
            if state["bonus_sail"]:
                notes.append("may sail again (Rigadoon)")
            ships.append({"name": name, "square": square, "masts": masts, "status": status, "notes": notes,
                          "acted": acted})
        in_port = sum(1 for s in ships if s["status"].startswith("in port"))
        out.append({
            "letter": letter, "colour": colour, "title": colour.capitalize(),
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
    summary = (f"Ships sail farthest toward the {COMPASS_WORDS[down]}: {farthest[0]} squares, {farthest[1]} with all 3 masts; "
               f"into the wind only {against[0]} ({against[1]} with 3 masts).")
    if detail["mode"] == "deck":
        supply = f"Wind deck: {len(detail['pile'])} card{'s' if len(detail['pile']) != 1 else ''} to draw from"
        supply += f" ({' '.join(detail['pile'])})" if detail["pile"] else ""
        if detail["discards"]:
            supply += f"; discarded: {' '.join(detail['discards'])}"
        supply += "."
    else:
        supply = "The wind changes by a roll of the wind die."
    return {"from": detail["from"], "from_words": COMPASS_WORDS[detail["from"]], "downwind": down,
            "downwind_words": COMPASS_WORDS[down], "arrow": ARROWS[down], "cells": cells, "summary": summary,
            "supply": supply, "changed": view["turn_record"]["wind_changed"]}


def _status(view: dict, names, seat) -> str:
    phase = view["phase"]

    def name(s):
        return names[s] if s is not None and s < len(names) else f"seat {s}"

    if phase == "first":
        return "Drawing who chooses a fleet first."
    if phase == "colour":
        return f"{name(view['first_seat'])} chooses a fleet colour and will take the first turn."
    if phase == "opening":
        return f"{name(1 - view['first_seat'])} chooses the opening wind."
    if phase == "over":
        result = view.get("result") or {}
        winner = result.get("winner_seat")
        reason = {"two_chests": "two ships in port", "infinite_loop": "an endless loop of attacks",
                  "turn_limit": "the turn limit", "resigned": "a resignation"}.get(result.get("termination"), "")
        if winner is None:
            return f"The game is over: a draw ({reason})." if reason else "The game is over."
        return f"The game is over: {name(winner)} wins" + (f" ({reason})." if reason else ".")
    colour = view["to_move"]
    who = _seat_of(view, colour)
    record = view["turn_record"]
    wind = "the wind has changed this turn" if record["wind_changed"] else "the wind has not changed yet this turn"
    mover = "Your" if who == seat else f"{name(who)}'s"
    return f"Turn {view['turn']}: {mover} {colour.capitalize()} fleet; {wind}."


def _decision(view: dict) -> dict | None:
    chain = view["chain"]
    if chain is None:
        return None
    pending = [f"{a} on {t}" for a, t in chain["pending"]]
    if chain["decision"] == "attack":
        title = "Which attack first?"
        text = (f"Attacks waiting: {_list(pending)}. Choose the attacking ship, then the ship it fires on "
                "(or a move in the list). Each ship hit loses a mast and is blasted 2 squares away.")
    elif chain["decision"] == "chest":
        ship = chain["blasted"]
        title = f"{ship} is blasted into a chest"
        text = (f"Choose {ship}, then the square where it stops: it pushes the chest ahead to the end of its blast, "
                "or sinks the chest (Open Water) or runs aground on it (The Shallows), after pushing it or at once.")
    else:
        title = "Where does the sunk chest wash up?"
        text = "Choose the ship that sank it, then a free island: the first ship to land there claims the chest."
    if pending and chain["decision"] != "attack":
        text += f" Attacks still waiting: {_list(pending)}."
    return {"title": title, "text": text, "options": chain["options"]}


def _owing(view: dict) -> list[str]:
    if view["phase"] != "play" or view["chain"] is not None:
        return []
    owing = []
    for name, state in sorted(view["ship_state"].items()):
        if state["owes_action"]:
            masts = view["ships"][name][1]
            owing.append(f"{name} (must {'repair' if masts == 0 else 'sail' if masts == 3 else 'sail or repair'})")
    return owing
