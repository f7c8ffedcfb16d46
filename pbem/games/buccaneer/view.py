"""What each seat may see (spec section 17): `view` of the state and `redact` of one event.

Secret: each hand (its count is public), both deck orders (their counts are public), a seat's standing
order (its own only), sailing and fighting values (Ruling 52). A fight shows the two fighters' hands and
values to each other only while its decisions are pending (and in their own event history for good).

View keys: round, dealer, turn, phase, pending {kind, owing, card?, options (owing seat only)}, ships
{port: at, heading, cargo, hand_count, held, derelict, must_sail_ahead, resigned}, ports {port: docks
{crew, treasure, cards}, safety_zone, home_of}, flat_island, treasure_island, pirate_island_count,
chance_deck_count, last_chance, fight, you {seat, port, hand, sailing_value, fighting_value,
standing_order}, outcome.
"""

from __future__ import annotations

from typing import Any

from .board import HOME_PORTS, PORTS, square_name
from .cards import CHANCE_TITLES, TREASURES, VALUE_CARDS, fighting_value, sailing_value
from .state import State


def _square(square) -> str | None:
    return square_name(tuple(square)) if square else None


def fight_visible_to(state: State, seat: int | None) -> bool:
    fight = state.fight
    return fight is not None and seat in (fight.attacker, fight.defender)


def view(state: State, seat: int | None, legal: list[str] | None = None) -> dict:
    ports = state.home_ports
    out: dict[str, Any] = {
        "round": state.round,
        "dealer": ports[state.dealer],
        "turn": ports[state.turn],
        "phase": state.phase,
    }
    if state.pending:
        front = state.pending[0]
        pending: dict[str, Any] = {"kind": front.kind, "owing": [ports[s] for s in front.seats]}
        if front.card:
            pending["card"] = front.card
        if seat is not None and seat in front.seats and legal is not None:
            pending["options"] = legal
        out["pending"] = pending
    ships = {}
    for s, ship in enumerate(state.ships):
        ships[ports[s]] = {
            "at": _square(ship.at),
            "heading": ship.heading,
            "cargo": list(ship.cargo),
            "hand_count": len(state.hands[s]),
            "held": [VALUE_CARDS[c] for c in state.held[s]],
            "derelict": not state.hands[s] and not state.resigned[s],
            "must_sail_ahead": ship.must_sail_ahead,
            "resigned": state.resigned[s],
        }
    out["ships"] = ships
    out["ports"] = {}
    for i, port in enumerate(PORTS):
        docks = state.docks[i]
        entry: dict[str, Any] = {
            "docks": {"crew": list(docks.crew), "treasure": list(docks.treasure),
                      "cards": [VALUE_CARDS[c] for c in docks.cards]},
            "home_of": ports.index(port) if port in ports else None,
        }
        if port in HOME_PORTS:
            entry["safety_zone"] = list(state.safety[i])
        out["ports"][port] = entry
    out["flat_island"] = {"crew": list(state.flat.crew), "treasure": list(state.flat.treasure)}
    out["treasure_island"] = dict(zip(TREASURES, state.treasure_island))
    out["pirate_island_count"] = len(state.pirate)
    out["chance_deck_count"] = len(state.chance_deck)
    if state.last_chance:
        card, drawer, note = state.last_chance
        out["last_chance"] = {"card": card, "title": CHANCE_TITLES[card], "drawer": ports[drawer], "note": note}
    if state.fight:
        fight = state.fight
        info: dict[str, Any] = {"attacker": ports[fight.attacker], "defender": ports[fight.defender],
                                "square": _square(fight.square), "result": fight.result}
        if fight_visible_to(state, seat):
            info["hands"] = {ports[fight.attacker]: list(fight.hands[0]), ports[fight.defender]: list(fight.hands[1])}
            info["fighting_values"] = {ports[fight.attacker]: fight.values[0], ports[fight.defender]: fight.values[1]}
        out["fight"] = info
    if seat is not None and 0 <= seat < state.seats:
        hand = state.hands[seat]
        out["you"] = {"seat": seat, "port": ports[seat], "hand": list(hand), "sailing_value": sailing_value(hand),
                      "fighting_value": fighting_value(hand), "standing_order": state.standing[seat]}
    if state.result:
        termination, winners, ranking = state.result
        out["outcome"] = {"termination": termination, "winners": [ports[w] for w in winners],
                          "ranking": [[ports[s] for s in group] for group in ranking]}
    return out


# --- redaction of events ------------------------------------------------------------------------------------


def _hidden_end(where: str) -> int | str | None:
    """A hidden endpoint: a hand (its seat) or the Pirate Island deck ("pirate"); None when face up."""
    if where.startswith("hand:"):
        return int(where[5:])
    if where == "pirate":
        return "pirate"
    return None


def crew_visible(effect: dict, seat: int | None) -> bool:
    ends = [_hidden_end(effect["from"]), _hidden_end(effect["to"])]
    if None in ends:
        return True  # one side is face up: Docks or Flat Island
    return seat in ends


def redact_effect(effect: dict, seat: int | None) -> dict:
    k = effect["k"]
    if k == "crew" and not crew_visible(effect, seat):
        return {"k": "crew", "from": effect["from"], "to": effect["to"], "n": len(effect["cards"])}
    if k == "deal":
        return {"k": "deal", "counts": [len(h) for h in effect["hands"]],
                **({"hand": list(effect["hands"][seat])} if seat is not None and seat < len(effect["hands"]) else {})}
    if k == "decks":
        return {"k": "decks", "pirate_count": len(effect["pirate"]), "chance_count": len(effect["chance"])}
    if k == "fight" and seat not in (effect["attacker"], effect["defender"]):
        return {key: value for key, value in effect.items() if key not in ("hands", "values")}
    if k == "order" and seat != effect["seat"]:
        return {"k": "order", "seat": effect["seat"]}
    if k == "swap" and seat not in (effect["a"], effect["b"]):
        return {"k": "swap", "a": effect["a"], "b": effect["b"], "a_n": len(effect["a_cards"]), "b_n": len(effect["b_cards"])}
    return dict(effect)


def redact(data: dict, seat: int | None) -> dict:
    out = {key: value for key, value in data.items() if key != "effects"}
    if "seen_by" in data and seat not in data["seen_by"]:
        out["move"] = data.get("public_move", "")
    if "effects" in data:
        out["effects"] = [redact_effect(e, seat) for e in data["effects"]]
    return out
