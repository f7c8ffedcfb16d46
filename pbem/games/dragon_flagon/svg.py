"""The board picture of the game (spec section 20.2), for the seat page: water, the two hulls with
tapered bows, gangplanks, tables, rugs, objects and the standees. Everything that is not the board itself
(character cards, reputation, the time track, Game End tokens, scores, the legend) is HTML beside it
(`panel.py` and templates/games/dragon_flagon.html), so the board keeps the page's width and its text
stays readable on a phone.

For playing on the board (architecture section 12): every square drawn carries `data-square` with its
name in the notation (`f8`, or `[r,c]` off the printed grid), and every standee `data-piece` with its
character id; the move hints (`hints.py`) use the same ids. Decorations on top of the squares (tables,
rugs, objects, labels) let clicks through to the square under them. It draws only what
`view(state, seat)` shows, and nothing on the board is hidden from anyone.
"""

from __future__ import annotations

import math
from html import escape

from ..base import N_, Phrase, joined, said
from . import geometry as g
from .cardtext import character_name
from .phrases import between, direction, object_kind, object_phrase
from .phrases import character_name as name_phrase
from .state import State
from .view import view

CELL = 36     # one square
LABEL = 22    # file letters and rank numbers
PAD = 4
LABEL_FONT = 13
GLYPH_FONT = 13

TEAM_COLOURS = ("#c0392b", "#1f5fa8", "#1e8449", "#7d3c98", "#b9770e", "#148f77", "#5d6d7e", "#a04000")
DECK, DECK_LINE, HULL = "#deb887", "#b08d63", "#6b4423"
# the coordinates stand on a white edge of their own where a ship's hull passes behind them (issue 29)
LABEL_HALO = 'stroke="#fff" stroke-width="3" paint-order="stroke"'
WATER, ORANGE, BLUE_SQUARE = "#5dade2", "#f5a623", "#aed6f1"
FLOOR, WALL = "#eadcc0", "#4d4d4d"
QUIET = 'pointer-events="none"'  # decorations: a click goes to the square underneath
NOT_STARTED = N_("not started")
FALLEN = N_(", Fallen")
DAZED = N_(", Dazed")


def render_svg(state: State, seat, names=(), words=str) -> str:
    """The board; `words(phrase)` says its titles and labels in the reader's language (default: English)."""
    if state.phase == "pregame":
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="14">'
                f'{_said(words, NOT_STARTED)}</text></svg>')
    return _Picture(state, seat, words).draw()


def _said(words, phrase) -> str:
    """A Phrase in the reader's language (`words`), escaped for the SVG."""
    return escape(words(phrase), quote=True)


def team_colour(team: int) -> str:
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


def badge(cid: str) -> str:
    """The two letters on a standee: the start of its one name (Ba, Bu, Cl, ...)."""
    return character_name(cid)[:2]


def drawn_squares(state: State) -> set:
    """Every square the picture draws with a `data-square`: the printed grid and any table square pushed
    beyond it. Hints name only these."""
    board = state.data.board
    squares = {(r, c) for r in range(board.rows) for c in range(board.cols)}
    for _, table in state.tables:
        squares.update(table)
    return squares


class _Picture:
    def __init__(self, state: State, seat, words=str):
        self.state, self.seat, self.words = state, seat, words
        self.v = view(state, seat)
        self.data = state.data
        self.board = state.data.board
        drawn = drawn_squares(state)
        self.r0, self.r1 = min(s[0] for s in drawn), max(s[0] for s in drawn)
        self.c0, self.c1 = min(s[1] for s in drawn), max(s[1] for s in drawn)
        self.bx = self.by = PAD + LABEL
        self.bw = (self.c1 - self.c0 + 1) * CELL
        self.bh = (self.r1 - self.r0 + 1) * CELL
        self.width = self.bx + self.bw + LABEL + PAD
        self.height = self.by + self.bh + LABEL + PAD
        self.tables = {s: t for t, squares in state.tables for s in squares}
        self.rugs = {s for _, squares in state.rugs for s in squares}
        self.starts = {s for _, squares in self.board.start_squares for s in squares}
        # Each square's title names what lies there: index the objects once, not once per square (a board
        # has about 170 squares and 20 objects; parsing every object's square for each was most of a render).
        self.objects_at: dict = {}
        for thing in self.v["objects"]:
            self.objects_at.setdefault(self.square(thing["square"]), []).append(thing)
        self.familiar_at = self.square(self.v["familiar"]) if self.v["familiar"] else None
        self.out: list[str] = []

    # --- helpers ---------------------------------------------------------------------------------------

    def xy(self, square):
        return self.bx + (square[1] - self.c0) * CELL, self.by + (square[0] - self.r0) * CELL

    def square(self, name):
        return g.parse_square(name, self.board.rows, self.board.cols)

    def name(self, square):
        return g.square_name(square, self.board.rows, self.board.cols)

    def add(self, text: str):
        self.out.append(text)

    # --- the whole picture -----------------------------------------------------------------------------

    def draw(self) -> str:
        self.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
                 f'width="{self.width}" height="{self.height}" font-family="sans-serif" class="dragon-flagon" '
                 f'role="img" aria-label="{_said(self.words, self.summary())}">')
        self.add(f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="#fdfefe"/>')
        self.add('<defs><pattern id="df-rug" width="8" height="8" patternUnits="userSpaceOnUse" '
                 'patternTransform="rotate(45)"><rect width="8" height="8" fill="#b03a2e"/>'
                 '<rect width="2" height="8" fill="#e59866"/></pattern></defs>')
        self.terrain()
        self.squares()
        self.labels()
        self.rugs_drawn()
        self.tables_drawn()
        self.objects()
        self.standees()
        self.add("</svg>")
        return "\n".join(self.out)

    def summary(self) -> Phrase:
        if self.board.pirate:
            return said("The board: two ships joined by three gangplanks, time %(n)s", n=self.v["space"])
        return said("The board: the tavern, time %(n)s", n=self.v["space"])

    # --- terrain: water, hulls, gangplanks, the tavern walls ------------------------------------------------

    def terrain(self):
        board = self.board
        background = WATER if board.pirate else FLOOR
        self.add(f'<rect x="{self.bx}" y="{self.by}" width="{self.bw}" height="{self.bh}" fill="{background}" {QUIET}/>')
        if board.pirate:
            for ship in "AB":
                self.hull(ship)
        else:
            x, y = self.xy((0, 0))
            self.add(f'<rect x="{x - 3}" y="{y - 3}" width="{board.cols * CELL + 6}" height="{board.rows * CELL + 6}" '
                     f'fill="none" stroke="{WALL}" stroke-width="6" {QUIET}/>')
        for r in range(board.rows):
            for c in range(board.cols):
                letter = board.terrain[r][c]
                x, y = self.xy((r, c))
                if letter == "o":
                    self.add(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{ORANGE}" '
                             f'opacity="0.85" {QUIET}/>')
                elif letter == "=":
                    self.gangplank(x, y)

    def hull_outline(self, ship: str):
        board = self.board
        squares = [(r, c) for r in range(board.rows) for c in range(board.cols) if board.terrain[r][c] == ship]
        if not squares:
            return None
        rows = [s[0] for s in squares]
        cols = [s[1] for s in squares]
        left, top = self.xy((min(rows), min(cols)))
        right, bottom = self.xy((max(rows) + 1, max(cols) + 1))
        bows = [s for s in squares if s in board.partial_bows]
        if not bows:
            return f"M{left},{top} H{right} V{bottom} H{left} Z"
        # The bow rises from the first full rank to a point over the top partial square.
        base = self.xy((max(s[0] for s in bows) + 1, 0))[1]
        tip_x = (left + right) / 2
        return (f"M{left},{bottom} L{left},{base} Q{left},{top + (base - top) * 0.35} {tip_x},{top} "
                f"Q{right},{top + (base - top) * 0.35} {right},{base} L{right},{bottom} Z")

    def hull(self, ship: str):
        outline = self.hull_outline(ship)
        if outline:
            self.add(f'<clipPath id="df-hull-{ship}"><path d="{outline}"/></clipPath>')
            self.add(f'<path d="{outline}" fill="{DECK}" {QUIET}/>')

    def gangplank(self, x, y):
        self.add(f'<g {QUIET}><rect x="{x - 6}" y="{y + 5}" width="{CELL + 12}" height="{CELL - 10}" fill="#a0522d" stroke="#4a2a0a"/>')
        for i in range(1, 6):
            lx = x - 6 + i * (CELL + 12) / 6
            self.add(f'<line x1="{lx:.1f}" y1="{y + 5}" x2="{lx:.1f}" y2="{y + CELL - 5}" stroke="#5d3a1a" stroke-width="0.8"/>')
        self.add('</g>')

    # --- the squares: one element per square, with its name and what lies there --------------------------

    def square_title(self, square) -> Phrase | str:
        board = self.board
        parts: list = [self.name(square)]
        letter = board.terrain_at(square)
        if square in self.tables:
            parts.append(N_("table"))
        if letter == "=":
            parts.append(N_("gangplank"))
        elif letter in "~o" and square not in self.tables:
            parts.append(N_("water"))
        elif letter == "#" and not board.pirate:
            parts.append(N_("wall"))
        if square in board.blue_squares:
            parts.append(N_("blue square"))
        if square in self.starts:
            parts.append(N_("start square"))
        if square in self.rugs:
            parts.append(N_("rug"))
        things = [object_kind(o["id"]) for o in self.objects_at.get(square, ())]
        if self.familiar_at == square:
            things.append(N_("the Wizard's familiar"))
        said_parts = between(parts, ", ")
        return joined(said_parts, ": ", between(things, ", ")) if things else said_parts

    def squares(self):
        board = self.board
        by_ship = {"A": [], "B": []}
        loose = []
        for square in sorted(drawn_squares(self.state)):
            ship = board.ship_of(square) if board.pirate else None
            (by_ship[ship] if ship in by_ship and square not in self.tables else loose).append(square)
        for ship, squares in by_ship.items():
            if squares:
                self.add(f'<g clip-path="url(#df-hull-{ship})">')
                for square in squares:
                    self.square_rect(square)
                self.add('</g>')
        for square in loose:
            self.square_rect(square)
        if board.pirate:
            for ship in "AB":
                outline = self.hull_outline(ship)
                if outline:
                    self.add(f'<path d="{outline}" fill="none" stroke="{HULL}" stroke-width="4" stroke-linejoin="round" {QUIET}/>')
        for square in sorted(self.starts):
            x, y = self.xy(square)
            self.add(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - 4}" fill="none" stroke="#7d6608" '
                     f'stroke-width="1.2" stroke-dasharray="3,3" {QUIET}/>')

    def square_rect(self, square):
        board = self.board
        x, y = self.xy(square)
        letter = board.terrain_at(square)
        if letter in "AB.":
            fill, stroke = (BLUE_SQUARE if square in board.blue_squares else (DECK if board.pirate else FLOOR)), DECK_LINE
            paint = f'fill="{fill}" stroke="{stroke}" stroke-width="0.6"'
        else:  # water, orange water, gangplank: drawn underneath; the square itself is only its outline
            paint = 'fill="#ffffff" fill-opacity="0" stroke="#ffffff" stroke-opacity="0.25" stroke-width="0.6"'
        self.add(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" {paint} data-square="{self.name(square)}">'
                 f'<title>{_said(self.words, self.square_title(square))}</title></rect>')

    def labels(self):
        board = self.board
        for c in range(self.c0, self.c1 + 1):
            if 0 <= c < board.cols:
                x = self.xy((0, c))[0] + CELL / 2
                for y in (self.by - 7, self.by + self.bh + 16):
                    self.add(f'<text x="{x}" y="{y}" font-size="{LABEL_FONT}" text-anchor="middle" fill="#333" {LABEL_HALO} {QUIET}>{g.FILES[c]}</text>')
        for r in range(self.r0, self.r1 + 1):
            if 0 <= r < board.rows:
                y = self.xy((r, 0))[1] + CELL / 2 + 4.5
                self.add(f'<text x="{self.bx - 4}" y="{y}" font-size="{LABEL_FONT}" text-anchor="end" fill="#333" {LABEL_HALO} {QUIET}>{r + 1}</text>')
                self.add(f'<text x="{self.bx + self.bw + 4}" y="{y}" font-size="{LABEL_FONT}" fill="#333" {LABEL_HALO} {QUIET}>{r + 1}</text>')

    # --- furniture --------------------------------------------------------------------------------------

    def box(self, squares):
        rows = [s[0] for s in squares]
        cols = [s[1] for s in squares]
        x, y = self.xy((min(rows), min(cols)))
        return x, y, (max(cols) - min(cols) + 1) * CELL, (max(rows) - min(rows) + 1) * CELL

    def rugs_drawn(self):
        for _, squares in self.state.rugs:
            x, y, w, h = self.box(squares)
            self.add(f'<rect x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" fill="url(#df-rug)" opacity="0.75" '
                     f'stroke="#7b241c" stroke-width="1.5" {QUIET}/>')

    def tables_drawn(self):
        for _, squares in self.state.tables:
            x, y, w, h = self.box(squares)
            self.add(f'<g {QUIET}>'
                     f'<rect x="{x + 6}" y="{y + 6}" width="{w - 6}" height="{h - 6}" rx="3" fill="#000" opacity="0.3"/>'
                     f'<rect x="{x + 2}" y="{y + 2}" width="{w - 6}" height="{h - 6}" rx="3" fill="#8e5b2c" fill-opacity="0.9" '
                     f'stroke="#4a2a0a" stroke-width="1.5"/>'
                     f'<rect x="{x + 6}" y="{y + 6}" width="{w - 14}" height="{h - 14}" rx="2" fill="none" stroke="#b07840"/></g>')

    # --- pieces ----------------------------------------------------------------------------------------

    def objects(self):
        here: dict = {}
        for entry in self.v["objects"]:
            here.setdefault(self.square(entry["square"]), []).append(entry["kind"])
        if self.v["familiar"]:
            here.setdefault(self.square(self.v["familiar"]), []).append("familiar")
        standing = {self.square(e["square"]) for e in self.v["characters"] if e["square"]}
        corners = ((9, 9), (CELL - 9, 9), (9, CELL - 9), (CELL - 9, CELL - 9))
        for square, kinds in here.items():
            x, y = self.xy(square)
            if len(kinds) == 1 and square not in standing:
                self.add(icon(kinds[0], x + CELL / 2, y + CELL / 2, 22))
                continue
            for kind, (dx, dy) in zip(kinds, corners * 2):
                self.add(icon(kind, x + dx, y + dy, 14))

    def standees(self):
        overboard = {}
        pending = self.v["pending"]
        drawn = pending.get("character") if pending["kind"] in ("choose", "drawn_return", "returns", "setup") else None
        for entry in self.v["characters"]:
            if entry["square"] is None:
                if entry["overboard"]:
                    overboard.setdefault(entry["team"], []).append(entry)
                continue
            x, y = self.xy(self.square(entry["square"]))
            self.standee(entry, x + CELL / 2, y + CELL / 2, entry["id"] == drawn)
        for team, entries in overboard.items():
            for entry, square in zip(entries, self.water_beside(team)):
                x, y = self.xy(square)
                self.swimmer(entry, x + CELL / 2, y + CELL / 2, entry["id"] == drawn)

    def water_beside(self, team: int):
        """Open water squares on a crew's own side of the board, where its Overboard characters swim (the
        tavern has no water: they wait on the wall's edge of the picture, which never happens there)."""
        board = self.board
        half = range(0, board.cols // 2) if team % 2 == 0 else range(board.cols - 1, board.cols // 2, -1)
        found = [(r, c) for c in half for r in range(board.rows)
                 if board.terrain[r][c] == "~" and (r, c) not in self.tables]
        return found or [(self.r0, self.c0)]

    def mine(self, entry) -> bool:
        return self.seat is not None and entry["seat"] == self.seat

    def swimmer(self, entry, cx, cy, drawn: bool):
        colour = team_colour(entry["team"])
        ring = self.ring(cx, cy, drawn, entry)
        title = said("%(character)s, overboard", character=name_phrase(entry["id"]))
        self.add(f'<g data-piece="{entry["id"]}" opacity="0.8"><title>{_said(self.words, title)}</title>'
                 f'{hit_area(cx, cy)}{ring}'
                 f'<circle cx="{cx}" cy="{cy}" r="13" fill="{colour}" stroke="#fff" stroke-width="1.5" stroke-dasharray="3,2"/>'
                 f'<text x="{cx}" y="{cy + 4.5}" font-size="{GLYPH_FONT}" font-weight="bold" fill="#fff" text-anchor="middle">'
                 f'{badge(entry["id"])}</text></g>')

    def ring(self, cx, cy, drawn: bool, entry) -> str:
        """The drawn character glows; the viewer's own characters wear a white ring."""
        out = ""
        if drawn:
            out += f'<circle cx="{cx}" cy="{cy}" r="17" fill="#f7dc6f" fill-opacity="0.9" stroke="#b7950b" stroke-width="1.5"/>'
        if self.mine(entry):
            out += f'<circle cx="{cx}" cy="{cy}" r="15" fill="#ffffff"/>'
        return out

    def standee(self, entry, cx, cy, drawn: bool):
        colour = team_colour(entry["team"])
        dr, dc = g.DIRECTIONS[entry["facing"]]
        length = (dr * dr + dc * dc) ** 0.5
        ux, uy = dc / length, dr / length  # unit vector of the facing, screen coordinates
        tip = (cx + ux * 17.5, cy + uy * 17.5)
        base = (cx + ux * 9, cy + uy * 9)
        wing = (-uy * 7, ux * 7)
        arrow = (f"{base[0] + wing[0]:.1f},{base[1] + wing[1]:.1f} {tip[0]:.1f},{tip[1]:.1f} "
                 f"{base[0] - wing[0]:.1f},{base[1] - wing[1]:.1f}")
        more = [word for word, on in ((FALLEN, entry["fallen"]), (DAZED, entry["dazed"])) if on]
        if entry["holds"]:
            more.append(said(", holding %(thing)s", thing=object_phrase(entry["holds"])))
        title = said("%(character)s, facing %(direction)s%(more)s", character=name_phrase(entry["id"]),
                     direction=direction(entry["facing"]), more=joined(*more) if more else "")
        self.add(f'<g data-piece="{entry["id"]}"><title>{_said(self.words, title)}</title>')
        self.add(hit_area(cx, cy))
        self.add(self.ring(cx, cy, drawn, entry))
        if entry["fallen"]:
            self.add(f'<ellipse cx="{cx}" cy="{cy + 2}" rx="15" ry="10" fill="{colour}" stroke="#111" stroke-width="1.5"/>')
        else:
            self.add(f'<circle cx="{cx}" cy="{cy}" r="13" fill="{colour}" stroke="#111" stroke-width="1.5"/>')
        self.add(f'<polygon points="{arrow}" fill="#111" stroke="#fff" stroke-width="1"/>')
        self.add(f'<text x="{cx}" y="{cy + 4.5}" font-size="{GLYPH_FONT}" font-weight="bold" fill="#fff" text-anchor="middle">'
                 f'{badge(entry["id"])}</text>')
        if entry["dazed"]:
            for dx in (-8, 8):
                self.add(f'<polygon points="{star(cx + dx, cy - 13, 5.5)}" fill="#f4d03f" stroke="#7d6608" stroke-width="0.8"/>')
        if entry["holds"]:
            self.add(icon(entry["holds"].rstrip("0123456789"), cx + 11, cy + 11, 13))
        self.add('</g>')


# --- shapes ------------------------------------------------------------------------------------------------


def hit_area(cx: float, cy: float) -> str:
    """An invisible disc the size of the square under a character, for a finger to tap: a fallen
    standee alone is under 24 CSS px tall on a 390 px phone (WCAG 2.2's least target; issue 27)."""
    return f'<circle class="hit" cx="{cx}" cy="{cy}" r="{CELL / 2}" fill="#000" fill-opacity="0"/>'


def icon(kind: str, cx: float, cy: float, size: float, quiet: bool = True) -> str:
    """A small drawing of an object centred on (cx, cy), `size` across."""
    s = size / 2
    parts = [f'<g {QUIET}>' if quiet else '<g>']
    if kind == "mug":
        parts.append(f'<rect x="{cx - s * 0.7:.1f}" y="{cy - s * 0.8:.1f}" width="{s * 1.2:.1f}" height="{s * 1.6:.1f}" rx="1.5" fill="#f7dc6f" stroke="#7d6608"/>'
                     f'<path d="M{cx + s * 0.5:.1f},{cy - s * 0.4:.1f} h{s * 0.4:.1f} v{s * 0.8:.1f} h-{s * 0.4:.1f}" fill="none" stroke="#7d6608" stroke-width="1.2"/>')
    elif kind == "chair":
        parts.append(f'<rect x="{cx - s * 0.8:.1f}" y="{cy - s * 0.3:.1f}" width="{s * 1.6:.1f}" height="{s * 0.9:.1f}" fill="#a04000" stroke="#3b1a00"/>'
                     f'<rect x="{cx - s * 0.8:.1f}" y="{cy - s * 0.9:.1f}" width="{s * 1.6:.1f}" height="{s * 0.45:.1f}" fill="#6e2c00" stroke="#3b1a00"/>')
    elif kind == "barrel":
        parts.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{s * 0.8:.1f}" ry="{s * 0.95:.1f}" fill="#7e5109" stroke="#2e1a00"/>'
                     f'<line x1="{cx - s * 0.75:.1f}" y1="{cy - s * 0.4:.1f}" x2="{cx + s * 0.75:.1f}" y2="{cy - s * 0.4:.1f}" stroke="#2e1a00"/>'
                     f'<line x1="{cx - s * 0.75:.1f}" y1="{cy + s * 0.4:.1f}" x2="{cx + s * 0.75:.1f}" y2="{cy + s * 0.4:.1f}" stroke="#2e1a00"/>')
    elif kind == "chest":
        parts.append(f'<rect x="{cx - s * 0.9:.1f}" y="{cy - s * 0.7:.1f}" width="{s * 1.8:.1f}" height="{s * 1.4:.1f}" rx="1.5" fill="#d4ac0d" stroke="#5b4100" stroke-width="1.2"/>'
                     f'<line x1="{cx - s * 0.9:.1f}" y1="{cy - s * 0.15:.1f}" x2="{cx + s * 0.9:.1f}" y2="{cy - s * 0.15:.1f}" stroke="#5b4100"/>'
                     f'<rect x="{cx - s * 0.15:.1f}" y="{cy - s * 0.3:.1f}" width="{s * 0.3:.1f}" height="{s * 0.4:.1f}" fill="#5b4100"/>')
    elif kind == "flagon":
        parts.append(f'<rect x="{cx - s * 0.25:.1f}" y="{cy - s:.1f}" width="{s * 0.5:.1f}" height="{s * 0.8:.1f}" fill="#922b21" stroke="#4a0d08"/>'
                     f'<circle cx="{cx}" cy="{cy + s * 0.3:.1f}" r="{s * 0.7:.1f}" fill="#e74c3c" stroke="#4a0d08"/>')
    else:  # the Wizard's familiar
        parts.append(f'<polygon points="{star(cx, cy, s)}" fill="#bb8fce" stroke="#4a235a"/>')
    parts.append('</g>')
    return "".join(parts)


def legend_icon(kind: str) -> str:
    """An object's drawing as a small standalone SVG, for the legend beside the board."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">'
            f'{icon(kind, 10, 10, 17, quiet=False)}</svg>')


def star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star's points."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)
