"""What the HTML panel beside the board shows (templates/games/buccaneer.html), built from one seat's
`view` only, so that the panel can never show what that seat may not see: the seat's own hand,
values and standing order are in its view alone, a fight's hands only in the two fighters' views.

`context(view, names)` turns the view into plain rows for the template: the seat's own ship and hand,
a fight being settled, the last chance card, every ship, every port's Docks and Safety Zone, the
islands and decks, and the legend of the board's colours and marks."""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase, listed, said
from .board import PORT_AT, TRADING_PORTS, parse_square
from .cards import TREASURE_VALUE, TREASURES
from .hints import ORDER_NAMES, ORDER_WORDS, TREASURE_NAMES
from .phrases import CHANCE_WORDS, DIRECTION_WORDS, VALUE_CARD_WORDS, crew_card, port_name
from .svg import BAY, COAST, FLAT_SHORE, GEM_COLOURS, PORT_COLOURS

WAITING = {
    "intercept": N_("to attack the passing ship or let it pass"), "spoils": N_("to demand treasure or crew"),
    "give": N_("to give crew to the winner"), "keep": N_("to choose which treasure to keep"),
    "free": N_("to make the free move"), "face": N_("to point the ship"), "either": N_("to choose treasure or crew"),
    "ctreasure": N_("to choose treasure"), "cut": N_("to cut the crew"), "name": N_("to name a player"),
    "levy": N_("to give crew to the crew levy"), "wash": N_("to give to the nearest ship"),
    "lose": N_("to choose what to lose"), "return20": N_("to return two crew"), "swap": N_("to swap crew"),
    "fever": N_("to return crew (Yellow Fever)"),
}
TERMINATIONS = {"won": N_("brought 20 in treasure home"), "turn_limit": N_("the round limit was reached")}
COLOUR_WORDS = {"london": N_("red"), "genoa": N_("blue"), "marseilles": N_("yellow"), "cadiz": N_("green"),
                "amsterdam": N_("purple"), "venice": N_("brown")}


def crew_cards(tokens, words=str) -> list[dict]:
    return [{"colour": "red" if t[0] == "R" else "black", "value": t[1], "words": words(crew_card(t))} for t in tokens]


def gems(tokens, words=str) -> list[dict]:
    return [{"kind": t, "name": words(TREASURE_NAMES[t]), "colour": GEM_COLOURS[t], "value": TREASURE_VALUE[t]}
            for t in tokens]


def value_cards(tokens, words=str) -> list[str]:
    return [words(VALUE_CARD_WORDS[t]) if t in VALUE_CARD_WORDS else t for t in tokens]


def who(port: str, seat_of: dict, names) -> Phrase:
    seat = seat_of.get(port)
    name = names[seat] if seat is not None and names and seat < len(names) and names[seat] else ""
    return said("%(port)s (%(name)s)", port=port_name(port), name=name) if name else port_name(port)


def context(view: dict, names=(), words=str) -> dict[str, Any]:
    """The panel's rows, every word said by `words(phrase)` in the reader's language (default: English)."""
    seat_of = {port: entry["home_of"] for port, entry in view["ports"].items() if entry["home_of"] is not None}
    out: dict[str, Any] = {"you": None, "fight": None, "last_chance": None}
    you = view.get("you")
    if you:
        ship = view["ships"][you["port"]]
        out["you"] = {
            "title": words(who(you["port"], seat_of, names)), "colour": PORT_COLOURS[you["port"]],
            "colour_name": words(COLOUR_WORDS[you["port"]]), "hand": crew_cards(you["hand"], words),
            "sailing": you["sailing_value"], "fighting": you["fighting_value"],
            "order": words(ORDER_NAMES[you["standing_order"]]), "order_words": words(ORDER_WORDS[you["standing_order"]]),
            "held": value_cards(ship["held"], words), "must_sail_ahead": ship["must_sail_ahead"],
        }
    fight = view.get("fight")
    if fight:
        attacker, defender = who(fight["attacker"], seat_of, names), who(fight["defender"], seat_of, names)
        result = {"attacker": said("%(who)s won", who=attacker), "defender": said("%(who)s won", who=defender),
                  "draw": N_("a draw")}[fight["result"]]
        sides = []
        for port in ("attacker", "defender"):
            hand = (fight.get("hands") or {}).get(fight[port])
            if hand is not None:
                sides.append({"title": words(who(fight[port], seat_of, names)), "hand": crew_cards(hand, words),
                              "fighting": fight["fighting_values"][fight[port]]})
        text = said("%(attacker)s attacked %(defender)s at %(square)s: %(result)s.", attacker=attacker,
                    defender=defender, square=fight["square"], result=result)
        out["fight"] = {"text": words(text), "sides": sides}
    last = view.get("last_chance")
    if last:
        out["last_chance"] = {"card": last["card"], "title": words(CHANCE_WORDS[last["card"]]),
                              "drawer": words(who(last["drawer"], seat_of, names))}
    out["status"] = words(status(view, seat_of, names))
    out["ships"] = [ship_row(port, ship, view, seat_of, names, words) for port, ship in view["ships"].items()]
    out["ports"] = [port_box(port, entry, view, seat_of, names, words) for port, entry in view["ports"].items()]
    out["treasure_island"] = [{"count": view["treasure_island"][t], **gems([t], words)[0]} for t in TREASURES]
    out["flat_island"] = {"crew": crew_cards(view["flat_island"]["crew"], words),
                          "treasure": gems(view["flat_island"]["treasure"], words)}
    out["pirate_island_count"] = view["pirate_island_count"]
    out["chance_deck_count"] = view["chance_deck_count"]
    out["legend"] = {"coast": COAST, "flat": FLAT_SHORE, "bay": BAY}
    return out


def status(view: dict, seat_of: dict, names) -> Phrase:
    result = view.get("outcome")
    if result:
        winners = [who(p, seat_of, names) for p in result["winners"]]
        how = TERMINATIONS.get(result["termination"], result["termination"])
        if not winners:
            return said("Game over: nobody won (%(how)s).", how=how)
        return said("Game over: %(winners)s won (%(how)s).", winners=listed(winners), how=how)
    turn = who(view["turn"], seat_of, names)
    pending = view.get("pending")
    if pending:
        owing = listed([who(p, seat_of, names) for p in pending["owing"]])
        waiting = WAITING.get(pending["kind"])
        if waiting is None:
            return said("Round %(round)s: %(who)s's turn; waiting for %(owing)s.", round=view["round"], who=turn,
                        owing=owing)
        return said("Round %(round)s: %(who)s's turn; waiting for %(owing)s %(what)s.", round=view["round"], who=turn,
                    owing=owing, what=waiting)
    if view["phase"] == "before":
        return said("Round %(round)s: %(who)s's turn, before moving.", round=view["round"], who=turn)
    if view["phase"] == "after":
        return said("Round %(round)s: %(who)s's turn, after moving.", round=view["round"], who=turn)
    return said("Round %(round)s: %(who)s's turn.", round=view["round"], who=turn)


def ship_row(port: str, ship: dict, view: dict, seat_of: dict, names, words=str) -> dict:
    harbour = PORT_AT.get(parse_square(ship["at"])) if ship["at"] else None
    if ship["resigned"]:
        where = N_("resigned")
    elif not ship["at"]:
        where = N_("not yet placed")
    elif harbour:
        where = said("in %(port)s", port=port_name(harbour))
    else:
        where = said("%(square)s, facing %(way)s", square=ship["at"], way=DIRECTION_WORDS[ship["heading"]])
    notes = []
    if ship["derelict"]:
        notes.append(words(N_("derelict: no crew, drifts one square")))
    if ship["must_sail_ahead"]:
        notes.append(words(N_("won a fight: must sail straight ahead next turn")))
    owing = (view.get("pending") or {}).get("owing") or ([view["turn"]] if "outcome" not in view else [])
    return {"port": port, "title": words(who(port, seat_of, names)), "colour": PORT_COLOURS[port],
            "colour_name": words(COLOUR_WORDS[port]), "where": words(where), "cargo": gems(ship["cargo"], words),
            "crew_count": ship["hand_count"], "held": value_cards(ship["held"], words), "notes": notes,
            "to_move": port in owing and not ship["resigned"], "resigned": ship["resigned"]}


def port_box(port: str, entry: dict, view: dict, seat_of: dict, names, words=str) -> dict:
    docks = entry["docks"]
    home_of = entry["home_of"]
    if port in TRADING_PORTS:
        kind = N_("trading port")
    elif home_of is None:
        kind = N_("nobody's home: a trading port")
    else:
        owner = (names[home_of] if names and home_of < len(names) and names[home_of]
                 else said("seat %(seat)s", seat=home_of + 1))  # counted from 1, as players count
        if view["ships"][port]["resigned"]:
            kind = said("home port of %(owner)s, who resigned: now a trading port", owner=owner)
        else:
            kind = said("home port of %(owner)s", owner=owner)
    safety = entry.get("safety_zone")
    home_value = None
    if home_of is not None:
        home_value = sum(TREASURE_VALUE[t] for t in docks["treasure"] + (safety or []))
    return {"port": port, "title": words(port_name(port)), "colour": PORT_COLOURS[port], "kind": words(kind),
            "crew": crew_cards(docks["crew"], words), "treasure": gems(docks["treasure"], words),
            "cards": value_cards(docks["cards"], words), "safety": gems(safety, words) if safety is not None else None,
            "home_value": home_value}
