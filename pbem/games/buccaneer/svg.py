"""The SVG picture of the board for one seat (spec 22.2): the 20x20 grid with its labels, the islands, the
bays, the six ports with their exit arrows and, beside each port outside the grid, a panel with what lies
in its Docks (crew as small red or black cards, treasure as labelled gems, value cards) and, for a home
port, its Safety Zone and owner. Ships are hulls in their port's colour turned to their heading, with
their cargo as gems on deck. A panel below the board holds the counts and the seat's own hand, which is drawn only
in that seat's picture (section 17). Static: no scripts; every player-supplied string is escaped."""

from __future__ import annotations

import html
import textwrap

from .board import (BAYS, COLUMNS, FLAT_COAST, FLAT_ISLAND, HOME_PORTS, PIRATE_ISLAND, PORT_AT, PORT_EXITS,
                    PORT_SQUARE, PORTS, SIZE, TREASURE_COAST, TREASURE_ISLAND, VECTORS, port_title, square_name)
from .cards import TREASURES, VALUE_CARDS, fighting_value, sailing_value
from .render import _items, _ships_by_square, header
from .state import State
from .view import fight_visible_to

CELL = 30
SIDE = 132  # room left and right of the grid for the panels of the west and east ports
ENDS = 84  # room above and below the grid for Cadiz's and Genoa's panels
LINE = 20  # the height of a line of the panel below the board
WRAP = 100  # characters in a line of that panel before it wraps
OX, OY = SIDE, ENDS  # the grid's top-left corner
GRID = SIZE * CELL

PORT_COLOURS = {"london": "#c0392b", "genoa": "#2471a3", "marseilles": "#d4ac0d", "cadiz": "#1e8449",
                "amsterdam": "#7d3c98", "venice": "#a04000"}
COLOUR_NAMES = {"london": "red", "genoa": "blue", "marseilles": "yellow", "cadiz": "green",
                "amsterdam": "purple", "venice": "brown"}
HEADING_ANGLE = {d: i * 45 for i, d in enumerate(("N", "NE", "E", "SE", "S", "SW", "W", "NW"))}
GEMS = {"diamond": ("#d6f1ff", "Di"), "ruby": ("#e0245e", "Ru"), "gold": ("#f1c40f", "Go"),
        "pearl": ("#f7f3e8", "Pe"), "rum": ("#8e5a2b", "Rm")}
VALUE_LABELS = {"doubloons": "Dbl", "pieces-of-eight": "Po8", "kidds-chart": "Map", "long-john-silver": "LJS"}


def _xy(square) -> tuple[float, float]:
    x, y = square
    return OX + (x - 1) * CELL, OY + (SIZE - y) * CELL


def _panel_box(port: str) -> tuple[float, float, float]:
    """Where a port's panel goes (left, top, width): outside the grid, next to the port's square."""
    px, py = _xy(PORT_SQUARE[port])
    if PORT_SQUARE[port][0] == 1:  # west edge: London, Venice
        return 4, py - 8, SIDE - 34
    if PORT_SQUARE[port][0] == SIZE:  # east edge: Amsterdam, Marseilles
        return OX + GRID + 30, py - 8, SIDE - 34
    width = 190
    left = min(max(px + CELL / 2 - width / 2, OX), OX + GRID - width)
    return (left, 4, width) if PORT_SQUARE[port][1] == SIZE else (left, OY + GRID + 26, width)


def _leader(port: str, left: float, top: float, width: float, bottom: float) -> str:
    """A short line joining a port's square to its panel."""
    px, py = _xy(PORT_SQUARE[port])
    x, y = PORT_SQUARE[port]
    if x == 1:
        x1, y1, x2, y2 = px, py + CELL / 2, left + width, py + CELL / 2
    elif x == SIZE:
        x1, y1, x2, y2 = px + CELL, py + CELL / 2, left, py + CELL / 2
    elif y == SIZE:
        x1, y1, x2, y2 = px + CELL / 2, bottom, px + CELL / 2, OY - 20
    else:
        x1, y1, x2, y2 = px + CELL / 2, top, px + CELL / 2, OY + GRID + 20
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{PORT_COLOURS[port]}" stroke-width="1.5"/>'


def _gem(x: float, y: float, token: str) -> str:
    fill, label = GEMS[token]
    ink = "#fff" if token in ("ruby", "rum") else "#000"
    return (f'<g class="gem"><title>{token}</title><rect x="{x:.1f}" y="{y:.1f}" width="16" height="12" rx="5" '
            f'fill="{fill}" stroke="#555" stroke-width="0.6"/><text x="{x + 8:.1f}" y="{y + 9:.1f}" '
            f'text-anchor="middle" font-size="7" fill="{ink}">{label}</text></g>')


def _crew_card(x: float, y: float, card: str, big: bool = False) -> str:
    w, h, size = (18, 26, 10) if big else (11, 14, 8)
    colour = "#c0392b" if card[0] == "R" else "#222"
    return (f'<g class="crew"><title>{card}</title><rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="2" '
            f'fill="#fff" stroke="{colour}"/><text x="{x + w / 2:.1f}" y="{y + h / 2 + size / 3:.1f}" '
            f'text-anchor="middle" font-size="{size}" fill="{colour}">{card[1]}</text></g>')


def _value_card(x: float, y: float, token: str) -> str:
    return (f'<g class="value-card"><title>{token}</title><rect x="{x:.1f}" y="{y:.1f}" width="20" height="14" rx="2" '
            f'fill="#fbeec1" stroke="#8a6d1e"/><text x="{x + 10:.1f}" y="{y + 10:.1f}" text-anchor="middle" '
            f'font-size="7">{VALUE_LABELS[token]}</text></g>')


def _row(out: list[str], x0: float, y: float, width: float, label: str, tokens: list[str]) -> float:
    """Draw a labelled row of crew, gems and value cards, wrapping within `width`; return the next y."""
    out.append(f'<text x="{x0:.1f}" y="{y + 10:.1f}" font-size="8">{label}</text>')
    x = x0 + 30
    if not tokens:
        out.append(f'<text x="{x:.1f}" y="{y + 10:.1f}" font-size="8">-</text>')
    for token in tokens:
        size = 13 if token[0] in "RB" and len(token) == 2 else 18 if token in GEMS else 22
        if x + size > x0 + width:
            x, y = x0 + 30, y + 16
        out.append(_crew_card(x, y, token) if size == 13 else _gem(x, y, token) if size == 18 else _value_card(x, y, token))
        x += size
    return y + 16


def _port_panel(state: State, port: str, names) -> list[str]:
    i = PORTS.index(port)
    left, top, width = _panel_box(port)
    docks = state.docks[i]
    title = port_title(port)
    if port in state.home_ports:
        seat = state.home_ports.index(port)
        title += f" ({names[seat]})" if names and seat < len(names) and names[seat] else " (home)"
    elif port in HOME_PORTS:
        title += " (unheld)"
    body: list[str] = []
    y = _row(body, left + 4, top + 16, width - 6, "Docks",
             list(docks.crew) + list(docks.treasure) + [VALUE_CARDS[c] for c in docks.cards])
    if port in HOME_PORTS:
        y = _row(body, left + 4, y, width - 6, "Safe", list(state.safety[i]))
    colour = PORT_COLOURS[port]
    return [f'<g class="docks" data-port="{port}"><title>{html.escape(title)}: Docks and Safety Zone</title>',
            _leader(port, left, top, width, y + 2),
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{y - top + 2:.1f}" rx="3" fill="#fff" '
            f'fill-opacity="0.85" stroke="{colour}" stroke-width="1.5"/>',
            f'<rect x="{left + 4:.1f}" y="{top + 4:.1f}" width="8" height="8" fill="{colour}"/>',
            f'<text x="{left + 16:.1f}" y="{top + 12:.1f}" font-size="9" font-weight="bold">{html.escape(title)}</text>',
            *body, '</g>']


def _board(out: list[str]) -> None:
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
        cx = OX + i * CELL + CELL / 2
        out.append(f'<text x="{cx:.1f}" y="{OY - 8}" text-anchor="middle">{letter}</text>')
        out.append(f'<text x="{cx:.1f}" y="{OY + GRID + 16}" text-anchor="middle">{letter}</text>')
    for y in range(1, SIZE + 1):
        cy = OY + (SIZE - y) * CELL + CELL / 2 + 4
        out.append(f'<text x="{OX - 12}" y="{cy:.1f}" text-anchor="middle">{y}</text>')
        out.append(f'<text x="{OX + GRID + 14}" y="{cy:.1f}" text-anchor="middle">{y}</text>')
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


def _ships(state: State, out: list[str]) -> None:
    for square, seats in sorted(_ships_by_square(state).items()):
        px, py = _xy(square)
        for k, s in enumerate(seats):
            ship = state.ships[s]
            # Two ships on a square side by side; ships in port stacked in the harbour, unrotated.
            offset = (k - (len(seats) - 1) / 2) * (10 if len(seats) <= 2 else 6)
            cx, cy = px + CELL / 2 + offset, py + CELL / 2
            angle = HEADING_ANGLE[ship.heading] if ship.heading else 0
            title = (f"{port_title(state.home(s))} {square_name(square)} heading {ship.heading or '-'} cargo "
                     f"{', '.join(ship.cargo) or '-'} hand {len(state.hands[s])}")
            out.append(f'<g class="ship" transform="translate({cx:.1f},{cy:.1f}) rotate({angle})"><title>{html.escape(title)}</title>'
                       f'<path d="M0,-11 L6,-2 L5,10 L-5,10 L-6,-2 Z" fill="{PORT_COLOURS[state.home(s)]}" stroke="#000" stroke-width="1"/>')
            for j, t in enumerate(ship.cargo):
                out.append(f'<circle cx="0" cy="{j * 6 - 1:.1f}" r="2.6" fill="{GEMS[t][0]}" stroke="#000" stroke-width="0.5"><title>{t}</title></circle>')
            if not state.hands[s]:
                out.append('<text x="0" y="4" text-anchor="middle" font-size="8" fill="#fff">X</text>')
            if ship.must_sail_ahead:
                out.append('<circle cx="0" cy="-13" r="2" fill="#000"/>')
            out.append('</g>')


def _panel_lines(state: State, seat: int | None, names) -> list[str]:
    lines = [html.escape(header(state).replace("BUCCANEER  ", ""))]
    for s, ship in enumerate(state.ships):
        name = port_title(state.home(s))
        if names and s < len(names) and names[s]:
            name += f" ({names[s]})"
        status = "resigned" if state.resigned[s] else f"hand {len(state.hands[s])}, held {', '.join(VALUE_CARDS[c] for c in state.held[s]) or '-'}"
        lines.append(html.escape(f"{name} [{COLOUR_NAMES[state.home(s)]}]: {status}"))
    lines.append("Ports: " + ", ".join(f"{port_title(p)} {COLOUR_NAMES[p]}" for p in PORTS[:3]))
    lines.append("       " + ", ".join(f"{port_title(p)} {COLOUR_NAMES[p]}" for p in PORTS[3:]))
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
    mine = seat is not None and 0 <= seat < state.seats
    if mine:
        hand = state.hands[seat]
        lines.append(html.escape(f"Your hand: {_items(hand)}"))
        lines.append(f"sailing {sailing_value(hand)}, fighting {fighting_value(hand)}, order: {html.escape(state.standing[seat])}")
    # Escaping happened above, so a wrap could split an entity such as &amp;: wrap only at spaces.
    return [part for line in lines for part in textwrap.wrap(line, WRAP, break_long_words=False) or [""]]


def _side_panel(state: State, seat: int | None, names, out: list[str], top: float) -> None:
    """The counts and the seat's own hand, below the board, so that the board keeps the page's width
    (on a phone, a panel beside it would shrink the grid)."""
    x0 = 12
    lines = _panel_lines(state, seat, names)
    for i, line in enumerate(lines):
        out.append(f'<text x="{x0}" y="{top + i * LINE + 10}" font-size="14">{line}</text>')
    if seat is not None and 0 <= seat < state.seats:
        out.append('<g class="your-hand">')
        out.extend(_crew_card(x0 + j * 22, top + len(lines) * LINE, card, big=True)
                   for j, card in enumerate(state.hands[seat]))
        out.append('</g>')


def _panel_height(state: State, seat: int | None, names) -> float:
    hand = 40 if seat is not None and 0 <= seat < state.seats else 0
    return len(_panel_lines(state, seat, names)) * LINE + hand + 8


def render_svg(state: State, seat: int | None, names=()) -> str:
    width = OX + GRID + SIDE
    top = OY + GRID + ENDS + 8
    height = top + _panel_height(state, seat, names)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="10">',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fdfaf2"/>']
    _board(out)
    for port in PORTS:
        out.extend(_port_panel(state, port, names))
    _ships(state, out)
    _side_panel(state, seat, names, out, top)
    out.append("</svg>")
    return "\n".join(out) + "\n"
