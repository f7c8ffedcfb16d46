"""The SVG picture of the game (spec section 20.2): water, the two hulls with tapered bows, gangplanks,
tables, rugs, objects, standees with a facing arrow, the time track as a ring around the board, and a
panel per character below it. It draws only what `view(state, seat)` shows, so a seat sees the faces
of its own characters' planned cards and card backs for everyone else's.

The picture is laid out for a page column: the panels sit below the board rather than beside it, so
that at phone width the board still gets most of the width. It scales through its viewBox.
"""

from __future__ import annotations

import math
from html import escape

from . import geometry as g
from .state import State
from .view import view

CELL = 36     # one square
LABEL = 22    # file letters and rank numbers
BAND = 44     # the time track ring, with room for the tokens beside each space
PAD = 4
ENTRY_H = 76  # one character's panel

TEAM_COLOURS = ("#c0392b", "#1f5fa8", "#1e8449", "#7d3c98", "#b9770e", "#148f77", "#5d6d7e", "#a04000")
DECK, DECK_LINE, HULL = "#deb887", "#b08d63", "#6b4423"
WATER, ORANGE, BLUE_SQUARE = "#5dade2", "#f5a623", "#aed6f1"
FLOOR, WALL = "#eadcc0", "#4d4d4d"
OBJECT_WORD = {"mug": "mug", "chair": "chair", "barrel": "barrel", "chest": "chest", "flagon": "Flagon"}
ROMAN = ("I", "II", "III")


def render_svg(state: State, seat, names=()) -> str:
    if state.phase == "pregame":
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="14">not started</text></svg>'
    return _Picture(state, seat, names).draw()


class _Picture:
    def __init__(self, state: State, seat, names):
        self.state, self.seat, self.names = state, seat, names
        self.v = view(state, seat)
        self.data = state.data
        self.board = state.data.board
        rows = [0, self.board.rows - 1] + [s[0] for _, sq in state.tables for s in sq]
        cols = [0, self.board.cols - 1] + [s[1] for _, sq in state.tables for s in sq]
        self.r0, self.r1, self.c0, self.c1 = min(rows), max(rows), min(cols), max(cols)
        self.bx = self.by = PAD + BAND + LABEL
        self.bw = (self.c1 - self.c0 + 1) * CELL
        self.bh = (self.r1 - self.r0 + 1) * CELL
        self.width = self.bx + self.bw + LABEL + BAND + PAD
        self.ring_bottom = self.by + self.bh + LABEL + BAND
        columns = 2
        rows_of_panels = -(-len(self.v["characters"]) // columns)
        self.panel_y = self.ring_bottom + PAD + 8
        self.height = self.panel_y + rows_of_panels * ENTRY_H + 15 * len(self.v["scores"]) + 48
        self.out: list[str] = []

    # --- helpers ---------------------------------------------------------------------------------------

    def xy(self, square):
        return self.bx + (square[1] - self.c0) * CELL, self.by + (square[0] - self.r0) * CELL

    def square(self, name):
        return g.parse_square(name, self.board.rows, self.board.cols)

    def name(self, square):
        return g.square_name(square, self.board.rows, self.board.cols)

    def colour(self, team: int) -> str:
        return TEAM_COLOURS[team % len(TEAM_COLOURS)]

    def add(self, text: str):
        self.out.append(text)

    # --- the whole picture -----------------------------------------------------------------------------

    def draw(self) -> str:
        self.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
                 f'width="{self.width}" height="{self.height}" font-family="sans-serif" class="dragon-flagon">')
        self.add(f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="#fdfefe"/>')
        self.add('<defs><pattern id="df-rug" width="8" height="8" patternUnits="userSpaceOnUse" '
                 'patternTransform="rotate(45)"><rect width="8" height="8" fill="#b03a2e"/>'
                 '<rect width="2" height="8" fill="#e59866"/></pattern></defs>')
        self.terrain()
        self.labels()
        self.rugs()
        self.tables()
        self.objects()
        self.standees()
        self.track()
        self.panels()
        self.add("</svg>")
        return "\n".join(self.out)

    # --- board -----------------------------------------------------------------------------------------

    def terrain(self):
        board = self.board
        background = WATER if board.pirate else FLOOR
        self.add(f'<rect x="{self.bx}" y="{self.by}" width="{self.bw}" height="{self.bh}" fill="{background}"/>')
        if board.pirate:
            for ship in "AB":
                self.hull(ship)
        else:
            for r in range(board.rows):
                for c in range(board.cols):
                    self.deck_square((r, c), FLOOR)
            x, y = self.xy((0, 0))
            self.add(f'<rect x="{x - 3}" y="{y - 3}" width="{board.cols * CELL + 6}" height="{board.rows * CELL + 6}" '
                     f'fill="none" stroke="{WALL}" stroke-width="6"><title>wall</title></rect>')
        for r in range(board.rows):
            for c in range(board.cols):
                letter = board.terrain[r][c]
                x, y = self.xy((r, c))
                if letter == "o":
                    self.add(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{ORANGE}" '
                             f'opacity="0.85"><title>{self.name((r, c))} water</title></rect>')
                elif letter == "=":
                    self.gangplank(x, y, self.name((r, c)))

    def hull(self, ship: str):
        """One ship: its deck squares clipped to a hull whose bow tapers over the partial squares."""
        board = self.board
        squares = [(r, c) for r in range(board.rows) for c in range(board.cols) if board.terrain[r][c] == ship]
        if not squares:
            return
        rows = [s[0] for s in squares]
        cols = [s[1] for s in squares]
        left, top = self.xy((min(rows), min(cols)))
        right, bottom = self.xy((max(rows) + 1, max(cols) + 1))
        bows = [s for s in squares if s in board.partial_bows]
        if bows:
            # The bow rises from the first full rank to a point over the top partial square.
            base = self.xy((max(s[0] for s in bows) + 1, 0))[1]
            tip_x = (left + right) / 2
            outline = (f"M{left},{bottom} L{left},{base} Q{left},{top + (base - top) * 0.35} {tip_x},{top} "
                       f"Q{right},{top + (base - top) * 0.35} {right},{base} L{right},{bottom} Z")
        else:
            outline = f"M{left},{top} H{right} V{bottom} H{left} Z"
        clip = f"df-hull-{ship}"
        self.add(f'<clipPath id="{clip}"><path d="{outline}"/></clipPath>')
        self.add(f'<path d="{outline}" fill="{DECK}"/>')
        self.add(f'<g clip-path="url(#{clip})">')
        for square in squares:
            self.deck_square(square, BLUE_SQUARE if square in board.blue_squares else DECK)
        self.add('</g>')
        self.add(f'<path d="{outline}" fill="none" stroke="{HULL}" stroke-width="4" stroke-linejoin="round">'
                 f'<title>ship {ship}</title></path>')

    def deck_square(self, square, fill):
        x, y = self.xy(square)
        name = self.name(square)
        kind = " (blue square)" if square in self.board.blue_squares else ""
        self.add(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{DECK_LINE}" '
                 f'stroke-width="0.6"><title>{name}{kind}</title></rect>')
        if any(square in squares for _, squares in self.board.start_squares):
            self.add(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - 4}" fill="none" '
                     f'stroke="#7d6608" stroke-width="1.2" stroke-dasharray="3,3"><title>{name} start square</title></circle>')

    def gangplank(self, x, y, name):
        self.add(f'<g><title>{name} gangplank</title>'
                 f'<rect x="{x - 6}" y="{y + 5}" width="{CELL + 12}" height="{CELL - 10}" fill="#a0522d" stroke="#4a2a0a"/>')
        for i in range(1, 6):
            lx = x - 6 + i * (CELL + 12) / 6
            self.add(f'<line x1="{lx:.1f}" y1="{y + 5}" x2="{lx:.1f}" y2="{y + CELL - 5}" stroke="#5d3a1a" stroke-width="0.8"/>')
        self.add('</g>')

    def labels(self):
        board = self.board
        for c in range(self.c0, self.c1 + 1):
            if 0 <= c < board.cols:
                x = self.xy((0, c))[0] + CELL / 2
                for y in (self.by - 9, self.by + self.bh + 18):
                    self.add(f'<text x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="#444">{g.FILES[c]}</text>')
        for r in range(self.r0, self.r1 + 1):
            if 0 <= r < board.rows:
                y = self.xy((r, 0))[1] + CELL / 2 + 4
                self.add(f'<text x="{self.bx - 8}" y="{y}" font-size="12" text-anchor="end" fill="#444">{r + 1}</text>')
                self.add(f'<text x="{self.bx + self.bw + 8}" y="{y}" font-size="12" fill="#444">{r + 1}</text>')

    def rugs(self):
        for rid, squares in self.state.rugs:
            x, y, w, h = self.box(squares)
            self.add(f'<rect x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" fill="url(#df-rug)" opacity="0.75" '
                     f'stroke="#7b241c" stroke-width="1.5"><title>{rid}</title></rect>')

    def tables(self):
        for tid, squares in self.state.tables:
            x, y, w, h = self.box(squares)
            self.add(f'<g><title>{tid}</title>'
                     f'<rect x="{x + 6}" y="{y + 6}" width="{w - 6}" height="{h - 6}" rx="3" fill="#000" opacity="0.3"/>'
                     f'<rect x="{x + 2}" y="{y + 2}" width="{w - 6}" height="{h - 6}" rx="3" fill="#8e5b2c" stroke="#4a2a0a" stroke-width="1.5"/>'
                     f'<rect x="{x + 6}" y="{y + 6}" width="{w - 14}" height="{h - 14}" rx="2" fill="none" stroke="#b07840"/>'
                     f'<text x="{x + w - 8}" y="{y + h - 8}" font-size="9" text-anchor="end" fill="#f0d9b5">{tid.replace("table", "T")}</text></g>')

    def box(self, squares):
        rows = [s[0] for s in squares]
        cols = [s[1] for s in squares]
        x, y = self.xy((min(rows), min(cols)))
        return x, y, (max(cols) - min(cols) + 1) * CELL, (max(rows) - min(rows) + 1) * CELL

    # --- pieces ----------------------------------------------------------------------------------------

    def objects(self):
        here: dict = {}
        for entry in self.v["objects"]:
            here.setdefault(self.square(entry["square"]), []).append((entry["kind"], entry["id"]))
        if self.v["familiar"]:
            here.setdefault(self.square(self.v["familiar"]), []).append(("familiar", "familiar"))
        standing = {self.square(e["square"]) for e in self.v["characters"] if e["square"]}
        corners = ((9, 9), (CELL - 9, 9), (9, CELL - 9), (CELL - 9, CELL - 9))
        for square, items in here.items():
            x, y = self.xy(square)
            if len(items) == 1 and square not in standing:
                kind, oid = items[0]
                self.add(icon(kind, oid, x + CELL / 2, y + CELL / 2, 20))
                continue
            for (kind, oid), (dx, dy) in zip(items, corners * 2):
                self.add(icon(kind, oid, x + dx, y + dy, 14))

    def standees(self):
        overboard = {0: [], 1: []}
        for entry in self.v["characters"]:
            if entry["square"] is None:
                if entry["overboard"]:
                    overboard.setdefault(entry["team"], []).append(entry)
                continue
            x, y = self.xy(self.square(entry["square"]))
            self.standee(entry, x + CELL / 2, y + CELL / 2)
        if self.board.pirate:
            for team, entries in overboard.items():
                for entry, square in zip(entries, self.water_beside(team)):
                    x, y = self.xy(square)
                    self.add(f'<g opacity="0.75"><title>{entry["id"]} overboard</title>'
                             f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="12" fill="{self.colour(entry["team"])}" stroke="#fff" stroke-dasharray="3,2"/>'
                             f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 5}" font-size="13" font-weight="bold" fill="#fff" text-anchor="middle">{self.data.glyphs[entry["id"]]}</text></g>')

    def water_beside(self, team: int):
        """Open water squares on a crew's own side of the board, where its Overboard characters swim."""
        board = self.board
        tables = {s for _, sq in self.state.tables for s in sq}
        half = range(0, board.cols // 2) if team == 0 else range(board.cols - 1, board.cols // 2, -1)
        return [(r, c) for r in range(board.rows) for c in half
                if board.terrain[r][c] == "~" and (r, c) not in tables]

    def standee(self, entry, cx, cy):
        colour = self.colour(entry["team"])
        dr, dc = g.DIRECTIONS[entry["facing"]]
        length = (dr * dr + dc * dc) ** 0.5
        ux, uy = dc / length, dr / length  # unit vector of the facing, screen coordinates
        tip = (cx + ux * 18, cy + uy * 18)
        base = (cx + ux * 8, cy + uy * 8)
        wing = (-uy * 7, ux * 7)
        arrow = (f"{base[0] + wing[0]:.1f},{base[1] + wing[1]:.1f} {tip[0]:.1f},{tip[1]:.1f} "
                 f"{base[0] - wing[0]:.1f},{base[1] - wing[1]:.1f}")
        status = "".join(f", {s}" for s in ("fallen", "dazed") if entry[s])
        self.add(f'<g><title>{entry["id"]} facing {entry["facing"]}</title>')
        self.add(f'<desc>{escape(self.data.names[entry["id"]])}{status}</desc>')
        if entry["fallen"]:
            self.add(f'<ellipse cx="{cx}" cy="{cy + 3}" rx="14" ry="8" fill="{colour}" stroke="#111" stroke-width="1.5"/>')
        else:
            self.add(f'<circle cx="{cx}" cy="{cy}" r="12.5" fill="{colour}" stroke="#111" stroke-width="1.5"/>')
        self.add(f'<polygon points="{arrow}" fill="#111" stroke="#fff" stroke-width="1"/>')
        self.add(f'<text x="{cx}" y="{cy + 5}" font-size="14" font-weight="bold" fill="#fff" text-anchor="middle">'
                 f'{self.data.glyphs[entry["id"]]}</text>')
        if entry["dazed"]:
            for dx in (-7, 7):
                self.add(f'<polygon points="{star(cx + dx, cy - 14, 5)}" fill="#f4d03f" stroke="#7d6608" stroke-width="0.8"/>')
        if entry["holds"]:
            kind = entry["holds"].rstrip("0123456789")
            self.add(icon(kind, f"holds {entry['holds']}", cx + 11, cy + 11, 12))
        self.add('</g>')

    # --- the time track ----------------------------------------------------------------------------------

    def track(self):
        v = self.v
        last = max([30] + [e["time"] for e in v["characters"]] + [t["space"] for t in v["game_end"]])
        ends = {t["space"]: t["face"] for t in v["game_end"]}
        ring = (PAD + BAND / 2, PAD + BAND / 2, self.width - PAD - BAND / 2, self.ring_bottom - BAND / 2)
        perimeter = 2 * ((ring[2] - ring[0]) + (ring[3] - ring[1]))
        step = perimeter / (last + 1)
        self.add(f'<rect x="{ring[0]}" y="{ring[1]}" width="{ring[2] - ring[0]}" height="{ring[3] - ring[1]}" rx="6" '
                 f'fill="none" stroke="#d5d8dc" stroke-width="14"><title>time track</title></rect>')
        for space in range(last + 1):
            d = step * space
            (x, y), (nx, ny) = on_ring(ring, d)
            now = space == v["space"]
            end = space in ends
            fill = "#f4d03f" if now else ("#4a235a" if end else "#ffffff")
            ink = "#fff" if end and not now else "#222"
            title = f"space {space}" + (" (time marker)" if now else "") + (" (Game End token)" if end else "")
            self.add(f'<g><title>{title}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{fill}" '
                     f'stroke="{"#7d6608" if now else "#555"}" stroke-width="{2.5 if now else 1}"/>'
                     f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" text-anchor="middle" fill="{ink}">{space}</text></g>')
            if end:
                face = ends[space] or "?"
                self.add(f'<text x="{x - nx * 17:.1f}" y="{y - ny * 17 + 3:.1f}" font-size="9" text-anchor="middle" '
                         f'fill="#4a235a" font-weight="bold">{escape(face)}</text>')
            tokens = [e for e in v["characters"] if e["time"] == space and not e["resigned"]]
            for i, e in enumerate(tokens):
                along = d + 16 + 11 * (i % 4)
                across = 0 if len(tokens) <= 4 else (-6 if i < 4 else 6)
                (tx, ty), (mx, my) = on_ring(ring, along % perimeter)
                tx, ty = tx + mx * across, ty + my * across
                self.add(f'<g><title>{e["id"]} time {space}</title><rect x="{tx - 5:.1f}" y="{ty - 5.5:.1f}" width="10" height="11" rx="2" '
                         f'fill="{self.colour(e["team"])}" stroke="#fff" stroke-width="0.6"/>'
                         f'<text x="{tx:.1f}" y="{ty + 3.5:.1f}" font-size="8.5" font-weight="bold" fill="#fff" text-anchor="middle">'
                         f'{self.data.glyphs[e["id"]]}</text></g>')

    # --- panels and caption ------------------------------------------------------------------------------

    def panels(self):
        v = self.v
        col_w = (self.width - 2 * PAD) / 2
        for i, entry in enumerate(v["characters"]):
            x = PAD + (i % 2) * col_w
            y = self.panel_y + (i // 2) * ENTRY_H
            self.panel(entry, x, y, col_w - 6)
        y = self.panel_y + -(-len(v["characters"]) // 2) * ENTRY_H + 14
        self.add(f'<text x="{PAD + 2}" y="{y}" font-size="12" font-weight="bold">{escape(self.caption())}</text>')
        for t in v["scores"]:
            y += 15
            self.add(f'<text x="{PAD + 2}" y="{y}" font-size="12" fill="{self.colour(t["team"])}">{escape(self.score_line(t))}</text>')
        y += 16
        self.legend(PAD + 2, y)

    def seat_name(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else f"seat {seat}"
        return name if len(name) <= 16 else name[:15] + "…"

    def panel(self, entry, x, y, w):
        colour = self.colour(entry["team"])
        yours = self.seat is not None and entry["seat"] == self.seat
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{ENTRY_H - 6}" rx="5" fill="{"#fef9e7" if yours else "#f8f9f9"}" '
                 f'stroke="{colour}" stroke-width="{2 if yours else 1}"/>')
        self.add(f'<circle cx="{x + 14}" cy="{y + 14}" r="9" fill="{colour}"/>'
                 f'<text x="{x + 14}" y="{y + 18}" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">{self.data.glyphs[entry["id"]]}</text>')
        title = f'{self.data.names[entry["id"]]} · {self.seat_name(entry["seat"])}'
        self.add(f'<text x="{x + 28}" y="{y + 18}" font-size="13" font-weight="bold" fill="{colour}">{escape(title)}</text>')
        self.add(f'<text x="{x + w - 6}" y="{y + 18}" font-size="13" font-weight="bold" text-anchor="end">rep {entry["reputation"]}</text>')
        if entry["resigned"]:
            where = "out of the game"
        elif entry["square"] is None:
            where = "overboard" if entry["overboard"] else "not placed"
        else:
            where = f'{entry["square"]} facing {entry["facing"]}'
        line = f'time {entry["time"]} · {where}' + (f' · holds {entry["holds"]}' if entry["holds"] else "")
        self.add(f'<text x="{x + 8}" y="{y + 35}" font-size="12">{escape(line)}</text>')
        extras = [s for s in ("fallen", "dazed") if entry[s]]
        extras += [f'face up {self.data.cards[d["card"]].name}' for d in entry["durations"]]
        extras.append(f'Dragon {entry["dragon"]}')
        self.add(f'<text x="{x + 8}" y="{y + 50}" font-size="12" fill="#555">{escape(" · ".join(extras))}</text>')
        cx = x + 8
        for i, slot in enumerate(entry["plan"]):
            if "token" in slot:
                text, fill, ink = f'{ROMAN[i]} {slot["token"]}', "#f5cba7", "#6e2c00"
            elif slot["card"]:
                text, fill, ink = f'{ROMAN[i]} {self.data.cards[slot["card"]].name}', "#ffffff", "#222"
            else:
                text, fill, ink = f'{ROMAN[i]} face down', "#34495e", "#fff"
            width = 9 + 6 * len(text)
            tip = f'{ROMAN[i]}: {slot.get("card") or slot.get("token") or "face down"}'
            self.add(f'<g><title>{tip}</title><rect x="{cx}" y="{y + 55}" width="{width:.0f}" height="15" rx="2" fill="{fill}" stroke="#888" stroke-width="0.6"/>'
                     f'<text x="{cx + 4}" y="{y + 66}" font-size="11" fill="{ink}">{escape(text)}</text></g>')
            cx += width + 4

    def caption(self) -> str:
        p = self.v["pending"]
        who = ", ".join(self.seat_name(s) for s in p["seats"]) or "nobody"
        doing = {"setup": "placing", "returns": "returning from the water", "drawn_return": "returning from the water",
                 "planning": "planning", "replan": "planning after going overboard", "choose": "choosing",
                 "over": "the game is over"}.get(p["kind"], p["kind"])
        detail = ""
        if p.get("character"):
            detail = " " + self.data.names[p["character"]]
        if p.get("card"):
            detail += " " + self.data.cards[p["card"]].name
        if p["kind"] == "over":
            return f"Time {self.v['space']}: the game is over"
        return f"Time {self.v['space']}: {doing}{detail} (waiting for {who})"

    def score_line(self, t) -> str:
        seats = ", ".join(self.seat_name(s) for s in t["seats"])
        if self.board.pirate:
            side = "Crew " + "AB"[t["team"]] if t["team"] < 2 else f"Team {t['team']}"
            parts = f'rep {t["reputation"]} + {t["chests"]} chest{"s" if t["chests"] != 1 else ""}'
            if t["bonus"]:
                parts += f' + bonus {t["bonus"]}'
            return f'{side} ({seats}): {t["total"]} = {parts}'
        return f'Team {t["team"]} ({seats}): {t["total"]}'

    def legend(self, x, y):
        kinds = ("mug", "chair", "barrel", "chest", "flagon", "familiar") if self.board.pirate else \
            ("mug", "chair", "barrel", "flagon", "familiar")
        for kind in kinds:
            self.add(icon(kind, kind, x + 7, y - 4, 13))
            word = OBJECT_WORD.get(kind, kind)
            self.add(f'<text x="{x + 17}" y="{y}" font-size="11" fill="#444">{word}</text>')
            x += 24 + 6.2 * len(word)


# --- shapes ------------------------------------------------------------------------------------------------


def icon(kind: str, title: str, cx: float, cy: float, size: float) -> str:
    """A small drawing of an object centred on (cx, cy), `size` across."""
    s = size / 2
    parts = [f'<g><title>{escape(title)}</title>']
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


def star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star's points."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def on_ring(ring, d):
    """The point at distance d clockwise along the ring rectangle from its top-left corner, and the unit
    vector pointing into the ring (toward the board)."""
    x0, y0, x1, y1 = ring
    w, h = x1 - x0, y1 - y0
    if d < w:
        return (x0 + d, y0), (0, 1)
    d -= w
    if d < h:
        return (x1, y0 + d), (-1, 0)
    d -= h
    if d < w:
        return (x1 - d, y1), (0, -1)
    return (x0, y1 - (d - w)), (1, 0)
