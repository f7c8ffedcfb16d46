"""What the HTML panel beside the board shows (templates/games/buccaneer.html), built from one seat's
`view` only, so that the panel can never show what that seat may not see: the seat's own hand,
values and standing order are in its view alone, a fight's hands only in the two fighters' views.

`context(view, names)` turns the view into plain rows for the template: the seat's own ship and hand,
a fight being settled, the last chance card, every ship, every port's Docks and Safety Zone, the
islands and decks, and the legend of the board's colours and marks."""

from __future__ import annotations

from typing import Any

from .board import PORT_AT, TRADING_PORTS, parse_square, port_title
from .cards import CHANCE_TITLES, TREASURE_VALUE, TREASURES
from .hints import DIRECTION_WORDS, ORDER_WORDS, TREASURE_NAMES, VALUE_CARD_WORDS
from .svg import BAY, COAST, COLOUR_NAMES, FLAT_SHORE, GEM_COLOURS, PORT_COLOURS

WAITING = {
    "intercept": "to attack the passing ship or let it pass", "spoils": "to demand treasure or crew",
    "give": "to give crew to the winner", "keep": "to choose which treasure to keep", "free": "to make the free move",
    "face": "to point the ship", "either": "to choose treasure or crew", "ctreasure": "to choose treasure",
    "cut": "to cut the crew", "name": "to name a player", "levy": "to give crew to the crew levy",
    "wash": "to give to the nearest ship", "lose": "to choose what to lose", "return20": "to return two crew",
    "swap": "to swap crew", "fever": "to return crew (Yellow Fever)",
}
TERMINATIONS = {"won": "brought 20 in treasure home", "turn_limit": "the round limit was reached"}


def crew_cards(tokens) -> list[dict]:
    return [{"colour": "red" if t[0] == "R" else "black", "value": t[1], "words": ("red " if t[0] == "R" else "black ") + t[1]}
            for t in tokens]


def gems(tokens) -> list[dict]:
    return [{"kind": t, "name": TREASURE_NAMES[t], "colour": GEM_COLOURS[t], "value": TREASURE_VALUE[t]} for t in tokens]


def value_cards(tokens) -> list[str]:
    return [VALUE_CARD_WORDS.get(t, t) for t in tokens]


def who(port: str, seat_of: dict, names) -> str:
    seat = seat_of.get(port)
    name = names[seat] if seat is not None and names and seat < len(names) and names[seat] else ""
    return f"{port_title(port)} ({name})" if name else port_title(port)


def context(view: dict, names=()) -> dict[str, Any]:
    seat_of = {port: entry["home_of"] for port, entry in view["ports"].items() if entry["home_of"] is not None}
    out: dict[str, Any] = {"you": None, "fight": None, "last_chance": None}
    you = view.get("you")
    if you:
        ship = view["ships"][you["port"]]
        out["you"] = {
            "title": who(you["port"], seat_of, names), "colour": PORT_COLOURS[you["port"]],
            "colour_name": COLOUR_NAMES[you["port"]], "hand": crew_cards(you["hand"]),
            "sailing": you["sailing_value"], "fighting": you["fighting_value"],
            "order": you["standing_order"], "order_words": ORDER_WORDS[you["standing_order"]],
            "held": value_cards(ship["held"]), "must_sail_ahead": ship["must_sail_ahead"],
        }
    fight = view.get("fight")
    if fight:
        attacker, defender = who(fight["attacker"], seat_of, names), who(fight["defender"], seat_of, names)
        result = {"attacker": f"{attacker} won", "defender": f"{defender} won", "draw": "a draw"}[fight["result"]]
        sides = []
        for port in ("attacker", "defender"):
            hand = (fight.get("hands") or {}).get(fight[port])
            if hand is not None:
                sides.append({"title": who(fight[port], seat_of, names), "hand": crew_cards(hand),
                              "fighting": fight["fighting_values"][fight[port]]})
        out["fight"] = {"text": f"{attacker} attacked {defender} at {fight['square']}: {result}.", "sides": sides}
    last = view.get("last_chance")
    if last:
        out["last_chance"] = {"card": last["card"], "title": CHANCE_TITLES[last["card"]],
                              "drawer": who(last["drawer"], seat_of, names)}
    out["status"] = status(view, seat_of, names)
    out["ships"] = [ship_row(port, ship, view, seat_of, names) for port, ship in view["ships"].items()]
    out["ports"] = [port_box(port, entry, view, seat_of, names) for port, entry in view["ports"].items()]
    out["treasure_island"] = [{"count": view["treasure_island"][t], **gems([t])[0]} for t in TREASURES]
    out["flat_island"] = {"crew": crew_cards(view["flat_island"]["crew"]), "treasure": gems(view["flat_island"]["treasure"])}
    out["pirate_island_count"] = view["pirate_island_count"]
    out["chance_deck_count"] = view["chance_deck_count"]
    out["legend"] = {"coast": COAST, "flat": FLAT_SHORE, "bay": BAY}
    return out


def status(view: dict, seat_of: dict, names) -> str:
    result = view.get("outcome")
    if result:
        winners = ", ".join(who(p, seat_of, names) for p in result["winners"]) or "nobody"
        return f"Game over: {winners} won ({TERMINATIONS.get(result['termination'], result['termination'])})."
    text = f"Round {view['round']}: {who(view['turn'], seat_of, names)}'s turn"
    pending = view.get("pending")
    if pending:
        owing = ", ".join(who(p, seat_of, names) for p in pending["owing"])
        text += f"; waiting for {owing} {WAITING.get(pending['kind'], '')}".rstrip()
    else:
        text += {"before": ", before moving", "after": ", after moving"}.get(view["phase"], "")
    return text + "."


def ship_row(port: str, ship: dict, view: dict, seat_of: dict, names) -> dict:
    harbour = PORT_AT.get(parse_square(ship["at"])) if ship["at"] else None
    if ship["resigned"]:
        where = "resigned"
    elif not ship["at"]:
        where = "not yet placed"
    elif harbour:
        where = f"in {port_title(harbour)}"
    else:
        where = f"{ship['at']}, facing {DIRECTION_WORDS[ship['heading']]}"
    notes = []
    if ship["derelict"]:
        notes.append("derelict: no crew, drifts one square")
    if ship["must_sail_ahead"]:
        notes.append("won a fight: must sail straight ahead next turn")
    owing = (view.get("pending") or {}).get("owing") or ([view["turn"]] if "outcome" not in view else [])
    return {"port": port, "title": who(port, seat_of, names), "colour": PORT_COLOURS[port],
            "colour_name": COLOUR_NAMES[port], "where": where, "cargo": gems(ship["cargo"]),
            "crew_count": ship["hand_count"], "held": value_cards(ship["held"]), "notes": notes,
            "to_move": port in owing and not ship["resigned"], "resigned": ship["resigned"]}


def port_box(port: str, entry: dict, view: dict, seat_of: dict, names) -> dict:
    docks = entry["docks"]
    home_of = entry["home_of"]
    if port in TRADING_PORTS:
        kind = "trading port"
    elif home_of is None:
        kind = "nobody's home: a trading port"
    else:
        owner = names[home_of] if names and home_of < len(names) and names[home_of] else f"seat {home_of}"
        kind = f"home port of {owner}"
        if view["ships"][port]["resigned"]:
            kind += ", who resigned: now a trading port"
    safety = entry.get("safety_zone")
    home_value = None
    if home_of is not None:
        home_value = sum(TREASURE_VALUE[t] for t in docks["treasure"] + (safety or []))
    return {"port": port, "title": port_title(port), "colour": PORT_COLOURS[port], "kind": kind,
            "crew": crew_cards(docks["crew"]), "treasure": gems(docks["treasure"]), "cards": value_cards(docks["cards"]),
            "safety": gems(safety) if safety is not None else None, "home_value": home_value}
