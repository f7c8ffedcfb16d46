"""The SVG picture of the board for one seat (spec 22.2): the 20x20 sea with its coordinates, the three
islands, the three bays, the six ports with their exit arrows and their names on coloured tabs beside
the board's edge, and the ships: hulls in their home port's colour turned to their heading, with their
cargo as gems on deck.

Everything else a player reads (each port's Docks and Safety Zone, the counts, the seat's own hand,
the last chance card, the fight) is HTML beside the board (panel.py, templates/games/buccaneer.html),
so that the board can be drawn at a phone's width with no text under 8 CSS px: every text here is
TEXT units high in a picture WIDTH units wide, and a 390 px phone draws it about 366 px wide.

For the seat page's board client (architecture section 12): every square is a `rect` with
`data-square="J5"` (the port squares too, e.g. "A14" for London), and every ship is a `g` with
`data-piece="ship-<port>"`. Ships other than the viewer's own let clicks through to the square below
(`pointer-events="none"`), so that a square holding a ship to attack can be chosen. Nothing hidden is
drawn or put in an attribute: ships, cargo and headings are public. Static: no scripts; every
player-supplied string is escaped."""

from __future__ import annotations

import html
import math

from ..base import N_, Phrase, counted, said
from .board import (BAYS, COLUMNS, FLAT_COAST, FLAT_ISLAND, PIRATE_ISLAND, PORT_AT, PORT_EXITS, PORT_SQUARE, PORTS,
                    SIZE, TREASURE_COAST, TREASURE_ISLAND, VECTORS, square_name)
from .hints import TREASURE_LABELS, ship_piece
from .phrases import BAY_WORDS, DIRECTION_WORDS, between, port_name
from .render import _ships_by_square
from .state import State

CELL = 30
HIT_RADIUS = 26  # the own ship's hit area, in the board's units (see _ships)
TEXT = 17  # the size of every text: 17 / 692 of a board 366 px wide is 9 px
NUMBERS = 25  # the coordinates' column (and row) outside the grid
BAND = 21  # between the coordinates and the grid: the tabs naming the ports and bays
MARGIN = NUMBERS + BAND
OX = OY = MARGIN  # the grid's top-left corner
GRID = SIZE * CELL
WIDTH = HEIGHT = GRID + 2 * MARGIN
CHAR = 10.6  # an estimate of one bold character's width at TEXT, for sizing tabs

PORT_COLOURS = {"london": "#c0392b", "genoa": "#2471a3", "marseilles": "#b7950b", "cadiz": "#1e8449",
                "amsterdam": "#7d3c98", "venice": "#a04000"}
COLOUR_NAMES = {"london": "red", "genoa": "blue", "marseilles": "yellow", "cadiz": "green",
                "amsterdam": "purple", "venice": "brown"}
TAB_INK = {"marseilles": "#111"}  # white on its yellow would be 2.9:1; dark ink is 6:1 (issue 29)
GEM_COLOURS = {"diamond": "#d6f1ff", "ruby": "#e0245e", "gold": "#f1c40f", "pearl": "#f7f3e8", "rum": "#8e5a2b"}
# each home port's ship carries a shape of its own on its bow, white edged black: circle, square, triangle, diamond
SHIP_MARKS = {"london": '<circle cy="-6.5" r="2.6" fill="#fff" stroke="#000" stroke-width="1" class="seat-mark"/>',
              "genoa": '<rect x="-2.4" y="-8.9" width="4.8" height="4.8" fill="#fff" stroke="#000" stroke-width="1" '
                       'class="seat-mark"/>',
              "marseilles": '<path d="M0,-10 L3,-4.2 L-3,-4.2 Z" fill="#fff" stroke="#000" stroke-width="1" '
                            'class="seat-mark"/>',
              "cadiz": '<path d="M0,-10.2 L3,-6.6 L0,-3 L-3,-6.6 Z" fill="#fff" stroke="#000" stroke-width="1" '
                       'class="seat-mark"/>'}
HEADING_ANGLE = {d: i * 45 for i, d in enumerate(("N", "NE", "E", "SE", "S", "SW", "W", "NW"))}

SEA, COAST, FLAT_SHORE, BAY = "#cfe8f7", "#f3dc9b", "#dcebc4", "#8fc3df"
LAND = {"treasure": "#d9b36a", "flat": "#9cc56e", "pirate": "#8c8c8c"}
ISLANDS = (("treasure", "ti", TREASURE_ISLAND), ("flat", "flat", FLAT_ISLAND), ("pirate", "pirate", PIRATE_ISLAND))
# an island's name as the board prints it, on two lines (a translator breaks a long word, "Piraten-" /
# "insel", so that it stays on its island at the board's one size)
ISLAND_LABELS = {"ti": N_("Treasure\nIsland"), "flat": N_("Flat\nIsland"), "pirate": N_("Pirate\nIsland")}


def _xy(square) -> tuple[float, float]:
    """The top-left corner of a square in the picture (north up)."""
    x, y = square
    return OX + (x - 1) * CELL, OY + (SIZE - y) * CELL


def tint(colour: str, white: float = 0.6) -> str:
    """A port's colour mixed with white: its harbour square, on which its own ship still stands out."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in channels)


def _fill(square) -> str:
    if square in PORT_AT:
        return tint(PORT_COLOURS[PORT_AT[square]])
    if square in BAYS:
        return BAY
    if square in TREASURE_ISLAND:
        return LAND["treasure"]
    if square in FLAT_ISLAND:
        return LAND["flat"]
    if square in PIRATE_ISLAND:
        return LAND["pirate"]
    if square in TREASURE_COAST:
        return COAST
    if square in FLAT_COAST:
        return FLAT_SHORE
    return SEA


def _squares(out: list[str]) -> None:
    for y in range(SIZE, 0, -1):
        for x in range(1, SIZE + 1):
            px, py = _xy((x, y))
            out.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{_fill((x, y))}" '
                       f'stroke="#9fb8c8" stroke-width="0.6" data-square="{square_name((x, y))}"/>')


def _islands(out: list[str], words=str) -> None:
    """An outline round each island and its name in its middle, in the reader's language, on the lines
    the catalog breaks it into (clicks pass through)."""
    for kind, where, squares in ISLANDS:
        xs = [x for x, _ in squares]
        ys = [y for _, y in squares]
        left, top = _xy((min(xs), max(ys)))
        width, height = (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL
        ink = "#fff" if kind == "pirate" else "#3b2a10"
        lines = [line.strip() for line in _said(words, ISLAND_LABELS[where]).split("\n") if line.strip()]
        texts = "".join(f'<text x="{left + width / 2}" y="{top + height / 2 + TEXT * (i - (len(lines) - 1) / 2) + 5:.1f}" '
                        f'text-anchor="middle" font-weight="bold" fill="{ink}">{line}</text>'
                        for i, line in enumerate(lines))
        out.append(f'<g class="island" pointer-events="none"><rect x="{left}" y="{top}" width="{width}" '
                   f'height="{height}" rx="6" fill="{LAND[kind]}" stroke="#6b5a3a" stroke-width="1.5"/>{texts}</g>')


def _tab(out: list[str], square, label: str, fill: str, ink: str, stroke: str, at_edge: bool = False) -> None:
    """A name on a tab in the band beside the grid's edge, next to `square` (on the edge), reading along
    the edge. `at_edge`: the tab starts at the board's corner instead of being centred on the square."""
    x, y = square
    px, py = _xy(square)
    length = len(label) * CHAR + 14
    if x in (1, SIZE):  # the west and east edges (a corner bay too): the tab stands upright
        left = OX - BAND if x == 1 else OX + GRID
        centre = py + CELL / 2
        if at_edge:
            centre = OY + GRID - length / 2 if y == 1 else OY + length / 2
        top = centre - length / 2
        angle = -90 if x == 1 else 90
        out.append(f'<g class="tab" pointer-events="none"><rect x="{left}" y="{top}" width="{BAND}" height="{length}" '
                   f'rx="4" fill="{fill}" stroke="{stroke}"/><text transform="translate({left + BAND / 2},{centre}) '
                   f'rotate({angle})" y="{TEXT * 0.35:.1f}" text-anchor="middle" font-weight="bold" fill="{ink}">'
                   f'{label}</text></g>')
        return
    top = OY - BAND if y == SIZE else OY + GRID
    centre = px + CELL / 2
    left = centre - length / 2
    out.append(f'<g class="tab" pointer-events="none"><rect x="{left}" y="{top}" width="{length}" height="{BAND}" '
               f'rx="4" fill="{fill}" stroke="{stroke}"/><text x="{centre}" y="{top + BAND / 2 + TEXT * 0.35:.1f}" '
               f'text-anchor="middle" font-weight="bold" fill="{ink}">{label}</text></g>')


def _ports_and_bays(out: list[str], words=str) -> None:
    for port in PORTS:
        square = PORT_SQUARE[port]
        px, py = _xy(square)
        cx, cy = px + CELL / 2, py + CELL / 2
        colour = PORT_COLOURS[port]
        arrows = []
        for d in PORT_EXITS[port]:
            dx, dy = VECTORS[d]
            tip_x, tip_y = cx + dx * 14, cy - dy * 14
            arrows.append(f'<line x1="{cx}" y1="{cy}" x2="{tip_x}" y2="{tip_y}"/>'
                          f'<circle cx="{tip_x}" cy="{tip_y}" r="2.4" fill="{colour}"/>')
        title = _said(words, said("%(port)s: leave or enter by the three arrows", port=port_name(port)))
        out.append(f'<g class="port-exits" stroke="{colour}" stroke-width="2" pointer-events="none">'
                   f'<title>{title}</title>'
                   f'<rect x="{px + 1.5}" y="{py + 1.5}" width="{CELL - 3}" height="{CELL - 3}" fill="none" '
                   f'stroke-width="3"/>{"".join(arrows)}</g>')
        _tab(out, square, _said(words, port_name(port)), PORT_COLOURS[port], TAB_INK.get(port, "#fff"),
             PORT_COLOURS[port])
    for square, name in BAYS.items():
        _tab(out, square, _said(words, BAY_WORDS[name]), "#fff", "#1f4e6b", BAY, at_edge=True)


def _coordinates(out: list[str]) -> None:
    for i, letter in enumerate(COLUMNS):
        cx = OX + i * CELL + CELL / 2
        out.append(f'<text x="{cx}" y="{NUMBERS - 6}" text-anchor="middle" fill="#555">{letter}</text>')
        out.append(f'<text x="{cx}" y="{HEIGHT - 7}" text-anchor="middle" fill="#555">{letter}</text>')
    for y in range(1, SIZE + 1):
        cy = OY + (SIZE - y) * CELL + CELL / 2 + TEXT * 0.35
        out.append(f'<text x="{NUMBERS / 2}" y="{cy:.1f}" text-anchor="middle" fill="#555">{y}</text>')
        out.append(f'<text x="{WIDTH - NUMBERS / 2}" y="{cy:.1f}" text-anchor="middle" fill="#555">{y}</text>')


def _said(words, phrase: Phrase) -> str:
    """A Phrase in the reader's language (`words`), escaped for the SVG."""
    return html.escape(words(phrase), quote=False)


def _ship_title(state: State, seat: int, names) -> Phrase:
    ship = state.ships[seat]
    port = port_name(state.home(seat))
    who = said("%(port)s (%(name)s)", port=port, name=names[seat]) if names and seat < len(names) and names[seat] else port
    where = (said("in %(port)s", port=port_name(PORT_AT[ship.at])) if ship.at in PORT_AT
             else said("at %(square)s, facing %(way)s", square=square_name(ship.at), way=DIRECTION_WORDS[ship.heading]))
    cargo = between([TREASURE_LABELS[t] for t in ship.cargo], ", ") if ship.cargo else N_("none")
    crew = counted("%(n)s crew card", "%(n)s crew cards", len(state.hands[seat]))
    if not state.hands[seat]:
        return said("%(who)s: %(where)s; cargo %(cargo)s; %(crew)s (derelict)", who=who, where=where, cargo=cargo,
                    crew=crew)
    return said("%(who)s: %(where)s; cargo %(cargo)s; %(crew)s", who=who, where=where, cargo=cargo, crew=crew)


def _ships(state: State, seat: int | None, owing: frozenset, names, out: list[str], words=str) -> None:
    for square, seats in sorted(_ships_by_square(state).items()):
        px, py = _xy(square)
        # Two ships on a sea square lie alongside, side by side across the first one's heading; ships in
        # port are stacked across the harbour, unturned.
        heading = next((state.ships[s].heading for s in seats if state.ships[s].heading), "N")
        across = math.radians(HEADING_ANGLE[heading])
        for k, s in enumerate(seats):
            ship = state.ships[s]
            port = state.home(s)
            offset = (k - (len(seats) - 1) / 2) * (8 if len(seats) <= 2 else 6)
            scale = "" if len(seats) == 1 else " scale(0.75)"
            cx = px + CELL / 2 + offset * round(math.cos(across), 3)
            cy = py + CELL / 2 + offset * round(math.sin(across), 3)
            angle = HEADING_ANGLE[ship.heading] if ship.heading else 0
            mine = s == seat
            derelict = not state.hands[s]
            title = _ship_title(state, s, names)
            title = _said(words, said("Your ship, %(ship)s", ship=title) if mine else title)
            attrs = f'class="ship{" own" if mine else ""}" data-piece="{ship_piece(port)}"'
            if not mine:
                attrs += ' pointer-events="none"'
            parts = [f'<g {attrs} transform="translate({cx:.1f},{cy:.1f}) rotate({angle}){scale}">',
                     f'<title>{title}</title>']
            if mine:
                # The hit area a finger taps: wider than the hull (at a phone's 390 px a square is 16 CSS px,
                # the hull less) so the own ship is a target of at least 24x24 px (WCAG 2.2, issue 27).
                parts.append(f'<circle class="hit" r="{HIT_RADIUS / (0.75 if scale else 1):.0f}" fill="#000" '
                             'fill-opacity="0"/>')
            if s in owing:
                parts.append('<circle r="15" fill="none" stroke="#111" stroke-width="1.5" stroke-dasharray="4 3"/>')
            if mine:
                parts.append('<path d="M0,-15.5 L9,-3 L8,14.5 L-8,14.5 L-9,-3 Z" fill="#fff" stroke="#111" stroke-width="1"/>')
            fill, dash = ("#fff", ' stroke-dasharray="3 2"') if derelict else (PORT_COLOURS[port], "")
            stroke = PORT_COLOURS[port] if derelict else "#000"
            parts.append(f'<path d="M0,-13 L7,-2 L6,12 L-6,12 L-7,-2 Z" fill="{fill}" stroke="{stroke}" '
                         f'stroke-width="1.5"{dash}/>')
            parts.append(SHIP_MARKS[port])  # a shape of its home port's on the bow: more than colour (issue 29)
            for j, t in enumerate(ship.cargo):
                parts.append(f'<circle cy="{j * 7 - 1}" r="3.4" fill="{GEM_COLOURS[t]}" stroke="#000" stroke-width="0.7"/>')
            if ship.must_sail_ahead:
                parts.append('<path d="M0,-21 L4.5,-15 L-4.5,-15 Z" fill="#111"/>')
            parts.append('</g>')
            out.append("".join(parts))


def _fight(state: State, out: list[str]) -> None:
    if state.fight is None:
        return
    px, py = _xy(tuple(state.fight.square))
    out.append(f'<rect class="fight" x="{px - 2}" y="{py - 2}" width="{CELL + 4}" height="{CELL + 4}" rx="4" '
               f'fill="none" stroke="#c0392b" stroke-width="3" pointer-events="none"/>')


def render_svg(state: State, seat: int | None, names=(), words=str) -> str:
    """The board; `words(phrase)` says its titles and the names printed on it (ports, islands, bays) in the
    reader's language (default: English), as the hints and the rules page name them."""
    viewer = seat if seat is not None and 0 <= seat < state.seats else None
    owing = frozenset() if state.phase in ("over", "setup") else (
        frozenset(state.pending[0].seats) if state.pending else frozenset({state.turn}))
    title = _said(words, N_("The Buccaneer board"))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
           f'height="{HEIGHT}" font-family="sans-serif" font-size="{TEXT}" class="buccaneer-board">',
           f'<title>{title}</title>',
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf6e9"/>']
    _squares(out)
    _islands(out, words)
    _ports_and_bays(out, words)
    _coordinates(out)
    _fight(state, out)
    _ships(state, viewer, owing, names, out, words)
    out.append("</svg>")
    return "\n".join(out) + "\n"
