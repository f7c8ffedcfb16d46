"""The text picture of the board for one seat (spec 22.1; the SVG is in svg.py). It shows only what that
seat may see: the seat's own hand, values and standing order appear only in its own rendering; a
fighter's rendering adds the opponent's hand while the fight is being settled."""

from __future__ import annotations

from .board import (BAYS, COLUMNS, FLAT_COAST, FLAT_ISLAND, PIRATE_ISLAND, PORT_AT, PORTS, SIZE, TREASURE_COAST,
                    TREASURE_ISLAND, port_title, square_name)
from .cards import TREASURES, VALUE_CARDS, fighting_value, sailing_value
from .state import State
from .view import fight_visible_to

PENDING_TEXT = {
    "intercept": "attack or let pass", "spoils": "demand treasure or crew", "give": "give crew to the winner",
    "keep": "keep two pieces", "free": "free move", "face": "choose a heading", "either": "treasure or crew",
    "ctreasure": "choose treasure", "cut": "cut the crew", "name": "name a seat", "levy": "give crew (card 2)",
    "wash": "give to the nearest ship (card 7)", "lose": "choose what to lose", "return20": "return two crew",
    "swap": "confirm the blind swap", "fever": "return surplus crew (card 22)",
}


def _ships_by_square(state: State) -> dict:
    out: dict = {}
    for s, ship in enumerate(state.ships):
        if ship.at is not None and not state.resigned[s]:
            out.setdefault(ship.at, []).append(s)
    return out


def _cell(state: State, square, ships) -> str:
    here = ships.get(square, [])
    if len(here) >= 2:
        return str(min(len(here), 9))
    if here:
        return state.home(here[0])[0].upper()
    if square in PORT_AT:
        return "@"
    if square in BAYS:
        return "*"
    if square in TREASURE_ISLAND:
        return "T"
    if square in FLAT_ISLAND:
        return "F"
    if square in PIRATE_ISLAND:
        return "P"
    if square in TREASURE_COAST:
        return ":"
    if square in FLAT_COAST:
        return ","
    return "."


def _items(seq) -> str:
    return " ".join(seq) if seq else "-"


def header(state: State) -> str:
    if state.result:
        termination, winners, _ = state.result
        who = ", ".join(port_title(state.home(w)) for w in winners) or "nobody"
        return f"BUCCANEER  round {state.round}  game over ({termination}): {who} won"
    if state.phase == "setup":
        return "BUCCANEER  setting up: the ships wait for the deal"
    text = f"BUCCANEER  round {state.round}  turn: {port_title(state.home(state.turn))}"
    if state.pending:
        front = state.pending[0]
        owing = ", ".join(port_title(state.home(s)) for s in front.seats)
        text += f"  waiting for {owing}: {PENDING_TEXT.get(front.kind, front.kind)}"
    else:
        text += {"before": " (before moving)", "after": " (after moving)", "closed": " (free move made)"}.get(state.phase, "")
    return text


def render_text(state: State, seat: int | None) -> str:
    ships = _ships_by_square(state)
    lines = [header(state)]
    letters = "     " + " ".join(COLUMNS)
    lines.append(letters)
    for y in range(SIZE, 0, -1):
        row = " ".join(_cell(state, (x, y), ships) for x in range(1, SIZE + 1))
        lines.append(f"  {y:>2} {row} {y}")
    lines.append(letters)
    lines.append("Ships")
    for s, ship in enumerate(state.ships):
        name = port_title(state.home(s))
        if state.resigned[s]:
            lines.append(f"  {name:<11} resigned")
            continue
        if ship.at is None:  # before the deal the ships are not yet in their home ports
            where = "not yet afloat"
        else:
            where = square_name(ship.at)
            where += " in port" if ship.at in PORT_AT else f" facing {ship.heading}"
        extra = "  must sail ahead" if ship.must_sail_ahead else ""
        held = f"  held: {', '.join(VALUE_CARDS[c] for c in state.held[s])}" if state.held[s] else ""
        derelict = " (derelict)" if not state.hands[s] else ""
        lines.append(f"  {name:<11} {where:<18}{extra} hand {len(state.hands[s])}{derelict}  cargo "
                     f"{', '.join(ship.cargo) or '-'}{held}")
    lines.append("Ports (Docks | Safety Zone)")
    for i, port in enumerate(PORTS):
        docks = state.docks[i]
        cards = [VALUE_CARDS[c] for c in docks.cards]
        text = f"  {port_title(port):<11} {_items(list(docks.crew) + list(docks.treasure) + cards)}"
        if port in state.home_ports or port in ("london", "genoa", "marseilles", "cadiz"):
            text += f" | {_items(state.safety[i])}"
        lines.append(text)
    ti = ", ".join(f"{t} {n}" for t, n in zip(TREASURES, state.treasure_island))
    lines.append(f"Flat Island: {_items(list(state.flat.crew) + list(state.flat.treasure))}    Treasure Island: {ti}")
    last = ""
    if state.last_chance:
        card, drawer, note = state.last_chance
        last = f"    Last chance card: {card} ({port_title(state.home(drawer))}: {note})"
    lines.append(f"Pirate Island: {len(state.pirate)} cards    Chance deck: {len(state.chance_deck)} cards{last}")
    if state.fight:
        fight = state.fight
        a, d = port_title(state.home(fight.attacker)), port_title(state.home(fight.defender))
        text = f"Fight at {square_name(fight.square)}: {a} attacked {d}, result: {fight.result}"
        if fight_visible_to(state, seat):
            text += (f"  [{a}: {_items(fight.hands[0])} = {fight.values[0]}; "
                     f"{d}: {_items(fight.hands[1])} = {fight.values[1]}]")
        lines.append(text)
    if seat is not None and 0 <= seat < state.seats:
        hand = state.hands[seat]
        lines.append(f"Your hand ({port_title(state.home(seat))}): {_items(hand)}    sailing {sailing_value(hand)}"
                     f"    fighting {fighting_value(hand)}    standing order: {state.standing[seat]}")
    return "\n".join(lines) + "\n"
