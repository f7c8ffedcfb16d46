"""Text and SVG pictures of the board for one seat (spec section 22). Both draw only what that seat may
see: the seat's own hand, values and standing order appear only in its own rendering; a fighter's
rendering adds the opponent's hand while the fight is being settled."""

from __future__ import annotations

import html

from .board import (BAYS, COLUMNS, FLAT_COAST, FLAT_ISLAND, PIRATE_ISLAND, PORT_AT, PORT_EXITS, PORT_SQUARE, PORTS,
                    SIZE, TREASURE_COAST, TREASURE_ISLAND, VECTORS, port_title, square_name)
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


# --- SVG ------------------------------------------------------------------------------------------------------

CELL = 30
MARGIN = 30
PANEL = 330
PORT_COLOURS = {"london": "#c0392b", "genoa": "#2471a3", "marseilles": "#d4ac0d", "cadiz": "#1e8449",
                "amsterdam": "#7d3c98", "venice": "#a04000"}
COLOUR_NAMES = {"london": "red", "genoa": "blue", "marseilles": "yellow", "cadiz": "green",
                "amsterdam": "purple", "venice": "brown"}
HEADING_ANGLE = {d: i * 45 for i, d in enumerate(("N", "NE", "E", "SE", "S", "SW", "W", "NW"))}


def _xy(square) -> tuple[float, float]:
    x, y = square
    return MARGIN + (x - 1) * CELL, MARGIN + (SIZE - y) * CELL


def render_svg(state: State, seat: int | None, names=()) -> str:
    width = MARGIN * 2 + SIZE * CELL + PANEL
    height = MARGIN * 2 + SIZE * CELL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="10">',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fdfaf2"/>']
    for x in range(1, SIZE + 1):
        for y in range(1, SIZE + 1):
            sq = (x, y)
            fill = "#cfe8f7"
            if sq in TREASURE_ISLAND:
                fill = "#e2c17b"
            elif sq in FLAT_ISLAND:
                fill = "#b9d68c"
            elif sq in PIRATE_ISLAND:
                fill = "#8c8c8c"
            elif sq in TREASURE_COAST:
                fill = "#f6e7b8"
            elif sq in FLAT_COAST:
                fill = "#e4f0d2"
            elif sq in PORT_AT:
                fill = PORT_COLOURS[PORT_AT[sq]]
            px, py = _xy(sq)
            out.append(f'<rect x="{px:.1f}" y="{py:.1f}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#9fb8c8" stroke-width="0.5"/>')
    for i, letter in enumerate(COLUMNS):
        cx = MARGIN + i * CELL + CELL / 2
        out.append(f'<text x="{cx:.1f}" y="{MARGIN - 10}" text-anchor="middle">{letter}</text>')
        out.append(f'<text x="{cx:.1f}" y="{MARGIN + SIZE * CELL + 18}" text-anchor="middle">{letter}</text>')
    for y in range(1, SIZE + 1):
        cy = MARGIN + (SIZE - y) * CELL + CELL / 2 + 4
        out.append(f'<text x="{MARGIN - 14}" y="{cy:.1f}" text-anchor="middle">{y}</text>')
        out.append(f'<text x="{MARGIN + SIZE * CELL + 14}" y="{cy:.1f}" text-anchor="middle">{y}</text>')
    for label, square in (("Treasure Island", (9, 10.5)), ("Flat Island", (2, 17.5)), ("Pirate Island", (17, 3.5))):
        px, py = _xy(square)
        out.append(f'<text x="{px + 2 * CELL:.1f}" y="{py + 4:.1f}" text-anchor="middle" font-weight="bold">{label}</text>')
    for square, label in BAYS.items():
        px, py = _xy(square)
        out.append(f'<text x="{px + CELL / 2:.1f}" y="{py + CELL / 2 + 3:.1f}" text-anchor="middle" font-size="7">{label}</text>')
    for port in PORTS:
        px, py = _xy(PORT_SQUARE[port])
        cx, cy = px + CELL / 2, py + CELL / 2
        for d in PORT_EXITS[port]:
            dx, dy = VECTORS[d]
            out.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{cx + dx * 13:.1f}" y2="{cy - dy * 13:.1f}" stroke="#333" stroke-width="1.5"/>')
        out.append(f'<text x="{cx:.1f}" y="{cy + 3:.1f}" text-anchor="middle" fill="#fff" font-size="8">{port_title(port)[:3]}</text>')
    ships = _ships_by_square(state)
    for square, seats in sorted(ships.items()):
        px, py = _xy(square)
        for k, s in enumerate(seats):
            ship = state.ships[s]
            offset = (k - (len(seats) - 1) / 2) * 10
            cx, cy = px + CELL / 2 + offset, py + CELL / 2
            angle = HEADING_ANGLE.get(ship.heading, 0) if ship.heading else 0
            title = (f"{port_title(state.home(s))} {square_name(square)} heading {ship.heading or '-'} cargo "
                     f"{', '.join(ship.cargo) or '-'} hand {len(state.hands[s])}")
            out.append(f'<g transform="translate({cx:.1f},{cy:.1f}) rotate({angle})"><title>{html.escape(title)}</title>'
                       f'<path d="M0,-11 L6,-2 L5,10 L-5,10 L-6,-2 Z" fill="{PORT_COLOURS[state.home(s)]}" stroke="#000" stroke-width="1"/>')
            for j, t in enumerate(ship.cargo):
                out.append(f'<circle cx="0" cy="{j * 6 - 1:.1f}" r="2.5" fill="#fff" stroke="#000" stroke-width="0.5"><title>{t}</title></circle>')
            if not state.hands[s]:
                out.append('<text x="0" y="4" text-anchor="middle" font-size="8" fill="#fff">X</text>')
            if ship.must_sail_ahead:
                out.append('<circle cx="0" cy="-13" r="2" fill="#000"/>')
            out.append('</g>')
    # side panel
    x0 = MARGIN * 2 + SIZE * CELL
    lines = [html.escape(_header_svg(state))]
    for s, ship in enumerate(state.ships):
        name = port_title(state.home(s))
        if names and s < len(names) and names[s]:
            name += f" ({names[s]})"
        status = "resigned" if state.resigned[s] else f"hand {len(state.hands[s])}, held {', '.join(VALUE_CARDS[c] for c in state.held[s]) or '-'}"
        lines.append(html.escape(f"{name} [{COLOUR_NAMES[state.home(s)]}]: {status}"))
    lines.append("Docks | Safety Zone")
    for i, port in enumerate(PORTS):
        docks = state.docks[i]
        items = list(docks.crew) + list(docks.treasure) + [VALUE_CARDS[c] for c in docks.cards]
        text = f"{port_title(port)} [{COLOUR_NAMES[port]}]: {_items(items)}"
        if port in ("london", "genoa", "marseilles", "cadiz"):
            text += f" | {_items(state.safety[i])}"
        lines.append(html.escape(text))
    lines.append(html.escape(f"Flat Island: {_items(list(state.flat.crew) + list(state.flat.treasure))}"))
    lines.append(html.escape("Treasure Island: " + ", ".join(f"{t} {n}" for t, n in zip(TREASURES, state.treasure_island))))
    lines.append(f"Pirate Island {len(state.pirate)} cards, chance deck {len(state.chance_deck)} cards")
    if state.last_chance:
        card, drawer, note = state.last_chance
        lines.append(html.escape(f"Last chance card {card} ({port_title(state.home(drawer))}): {note}"))
    if state.fight:
        fight = state.fight
        lines.append(html.escape(f"Fight: {port_title(state.home(fight.attacker))} v {port_title(state.home(fight.defender))}: {fight.result}"))
        if fight_visible_to(state, seat):
            lines.append(html.escape(f"  hands: {_items(fight.hands[0])} ({fight.values[0]}) v {_items(fight.hands[1])} ({fight.values[1]})"))
    if seat is not None and 0 <= seat < state.seats:
        hand = state.hands[seat]
        lines.append(html.escape(f"Your hand: {_items(hand)}"))
        lines.append(f"sailing {sailing_value(hand)}, fighting {fighting_value(hand)}, order: {html.escape(state.standing[seat])}")
    for i, line in enumerate(lines):
        out.append(f'<text x="{x0}" y="{MARGIN + i * 16}">{line}</text>')
    if seat is not None and 0 <= seat < state.seats:
        for j, card in enumerate(state.hands[seat]):
            cx = x0 + j * 22
            cy = MARGIN + len(lines) * 16
            colour = "#c0392b" if card[0] == "R" else "#222"
            out.append(f'<rect x="{cx}" y="{cy}" width="18" height="26" rx="2" fill="#fff" stroke="{colour}"/>'
                       f'<text x="{cx + 9}" y="{cy + 17}" text-anchor="middle" fill="{colour}">{card[1]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _header_svg(state: State) -> str:
    return header(state).replace("BUCCANEER  ", "")
