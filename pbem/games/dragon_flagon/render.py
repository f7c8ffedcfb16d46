"""ASCII and SVG pictures of the game (spec section 20). Both show exactly what `view(state, seat)`
shows: a seat sees its own characters' planned cards; everyone else sees card backs (`##`)."""

from __future__ import annotations

from html import escape

from . import geometry as g
from .state import State
from .view import view
from .world import kind_of

OBJECT_GLYPH = {"chest": "t", "flagon": "f", "barrel": "b", "chair": "h", "mug": "m"}
OBJECT_PRIORITY = ("chest", "flagon", "barrel", "chair", "mug")
TERRAIN_GLYPH = {"A": ".", "B": ".", ".": ".", "=": "=", "~": "~", "o": ":", "#": " "}
ROMAN = ("I", "II", "III")


def _extent(state: State):
    board = state.data.board
    rows = [0, board.rows - 1]
    cols = [0, board.cols - 1]
    for _, squares in state.tables:
        for r, c in squares:
            rows.append(r)
            cols.append(c)
    return min(rows), max(rows), min(cols), max(cols)


def _terrain_glyph(state: State, square, tables, rugs, starts) -> str:
    if square in tables:
        return "#"
    if square in rugs:
        return "_"
    if square in starts:
        return "+"
    return TERRAIN_GLYPH[state.data.board.terrain_at(square)]


def board_lines(state: State) -> list[str]:
    board = state.data.board
    data = state.data
    r0, r1, c0, c1 = _extent(state)
    tables = {s for _, sq in state.tables for s in sq}
    rugs = {s for _, sq in state.rugs for s in sq}
    starts = {s for _, sq in board.start_squares for s in sq}
    by_square = {}
    for o, sq in state.objects:
        by_square.setdefault(sq, []).append(kind_of(o))
    if state.familiar is not None:
        by_square.setdefault(state.familiar, []).append("familiar")
    chars = {c.square: c for c in state.chars if c.square is not None}
    header = "    " + "".join(f" {g.FILES[c]} " if 0 <= c < board.cols else "   " for c in range(c0, c1 + 1))
    lines = [header.rstrip()]
    for r in range(r0, r1 + 1):
        label = f"{r + 1:>3} " if 0 <= r < board.rows else "    "
        cells = []
        for c in range(c0, c1 + 1):
            square = (r, c)
            t = _terrain_glyph(state, square, tables, rugs, starts)
            kinds = by_square.get(square, [])
            if square in chars:
                ch = chars[square]
                occupant = data.glyphs[ch.id].lower() if ch.fallen else data.glyphs[ch.id]
                marker = g.FACING_MARK[ch.facing]
            else:
                ordered = sorted(kinds, key=lambda k: OBJECT_PRIORITY.index(k) if k in OBJECT_PRIORITY else 9)
                occupant = (OBJECT_GLYPH.get(ordered[0], "*")) if ordered else t
                marker = "&" if len(kinds) > 1 else t
            cells.append(t + occupant + marker)
        lines.append(label + "".join(cells))
    return lines


def _plan_text(entry) -> str:
    parts = []
    for i, slot in enumerate(entry["plan"]):
        text = slot["token"] if "token" in slot else (slot["card"] or "##")
        parts.append(f"{ROMAN[i]} {text}")
    return "  ".join(parts) or "-"


def render_text(state: State, seat) -> str:
    if state.phase == "pregame":
        return "(the game has not started)"
    v = view(state, seat)
    data = state.data
    lines = board_lines(state)
    lines.append("")
    for entry in v["characters"]:
        status = ",".join(s for s in ("fallen", "dazed") if entry[s]) or "-"
        where = entry["square"] or ("out" if entry["resigned"] else "overboard")
        durations = ",".join(d["card"] for d in entry["durations"]) or "-"
        lines.append(
            f"{data.glyphs[entry['id']]} {entry['id']:<12} seat {entry['seat']} team {entry['team']} rep {entry['reputation']:>2} "
            f"time {entry['time']:>2} {where:<9} {entry['facing'] or '-'} holds {entry['holds'] or '-'}"
        )
        lines.append(f"    status {status}; face up {durations}; dragon {entry['dragon']}; plan {_plan_text(entry)}")
    tokens = ", ".join(f"{e['id']} {e['time']}" for e in v["characters"] if not e["resigned"])
    ends = " ".join(f"{t['space']} {t['face'] or '?'}" for t in v["game_end"])
    lines.append(f"T={v['space']} | tokens: {tokens} | game end: {ends}")
    lines.append("totals: " + "; ".join(
        f"team {t['team']} (seats {','.join(map(str, t['seats']))}) rep {t['reputation']} chests {t['chests']} bonus {t['bonus']} = {t['total']}"
        for t in v["scores"]))
    p = v["pending"]
    who = ", ".join(f"seat {s}" for s in p["seats"]) or "nobody"
    detail = " ".join(str(p[k]) for k in ("character", "card") if p.get(k))
    lines.append(f"pending: {p['kind']} {detail} ({who})".replace("  ", " "))
    return "\n".join(lines) + "\n"


# --- SVG ------------------------------------------------------------------------------------------------

CELL = 32
TEAM_COLOURS = ("#c0392b", "#2471a3", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#7b7d7d", "#a04000")
TERRAIN_FILL = {"A": "#d9b38c", "B": "#d9b38c", ".": "#e8d5b0", "=": "#a0522d", "~": "#5dade2", "o": "#f5b041", "#": "#555555"}


def render_svg(state: State, seat, names=()) -> str:
    if state.phase == "pregame":
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="14">not started</text></svg>'
    v = view(state, seat)
    data = state.data
    board = state.data.board
    r0, r1, c0, c1 = _extent(state)
    margin = CELL
    width_cells = c1 - c0 + 1
    height_cells = r1 - r0 + 1
    track_h = CELL // 2
    bw = width_cells * CELL + 2 * margin
    panel_w = 330
    top = track_h
    height = max(top + height_cells * CELL + 2 * margin, top + 40 + 64 * len(v["characters"])) + CELL
    width = bw + panel_w
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">']
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fdfefe"/>')

    def xy(square):
        return margin + (square[1] - c0) * CELL, top + margin + (square[0] - r0) * CELL

    # terrain
    water = TERRAIN_FILL["~"] if board.pirate else TERRAIN_FILL["#"]
    out.append(f'<rect x="{margin}" y="{top + margin}" width="{width_cells * CELL}" height="{height_cells * CELL}" fill="{water}"/>')
    starts = {s for _, sq in board.start_squares for s in sq}
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            square = (r, c)
            t = board.terrain_at(square)
            if t in "~#":
                continue
            x, y = xy(square)
            fill = TERRAIN_FILL[t]
            if square in board.blue_squares:
                fill = "#85c1e9"
            name = g.square_name(square, board.rows, board.cols)
            if square in board.partial_bows:
                out.append(f'<polygon points="{x + 4},{y + CELL} {x + CELL - 4},{y + CELL} {x + CELL},{y + 6} {x},{y + 6}" fill="{fill}" stroke="#6e4b2a"><title>{name}</title></polygon>')
            else:
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#b08d63" stroke-width="0.5"><title>{name}</title></rect>')
            if square in starts:
                out.append(f'<circle cx="{x + CELL // 2}" cy="{y + CELL // 2}" r="{CELL // 2 - 3}" fill="none" stroke="#7d6608" stroke-dasharray="2,2"/>')
    for c in range(c0, c1 + 1):
        if 0 <= c < board.cols:
            x, _ = xy((0, c))
            out.append(f'<text x="{x + CELL // 2}" y="{top + margin - 6}" font-size="12" text-anchor="middle">{g.FILES[c]}</text>')
    for r in range(r0, r1 + 1):
        if 0 <= r < board.rows:
            _, y = xy((r, 0))
            out.append(f'<text x="{margin - 6}" y="{y + CELL // 2 + 4}" font-size="12" text-anchor="end">{r + 1}</text>')
    # rugs, tables
    for rid, squares in state.rugs:
        for s in squares:
            x, y = xy(s)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="#a93226" opacity="0.5" stroke="#f4d03f" stroke-dasharray="3,2"><title>{rid}</title></rect>')
    for tid, squares in state.tables:
        rows = [s[0] for s in squares]
        cols = [s[1] for s in squares]
        x, y = xy((min(rows), min(cols)))
        w = (max(cols) - min(cols) + 1) * CELL
        h = (max(rows) - min(rows) + 1) * CELL
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{w - 4}" height="{h - 4}" fill="#000000" opacity="0.25"/>')
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{w - 4}" height="{h - 4}" fill="#784212" stroke="#4a2a0a"><title>{tid}</title></rect>')
    # objects
    for entry in v["objects"]:
        square = _parse(state, entry["square"])
        x, y = xy(square)
        kind = entry["kind"]
        colour = {"mug": "#f7dc6f", "chair": "#a04000", "barrel": "#6e2c00", "chest": "#d4ac0d", "flagon": "#e74c3c"}[kind]
        out.append(f'<g><title>{escape(entry["id"])}</title><rect x="{x + 3}" y="{y + 3}" width="12" height="12" rx="3" fill="{colour}" stroke="#000000" stroke-width="0.5"/>'
                   f'<text x="{x + 9}" y="{y + 13}" font-size="9" text-anchor="middle">{OBJECT_GLYPH[kind]}</text></g>')
    if v["familiar"]:
        x, y = xy(_parse(state, v["familiar"]))
        out.append(f'<g><title>familiar</title><circle cx="{x + CELL - 8}" cy="{y + 8}" r="5" fill="#bb8fce"/></g>')
    # standees
    overboard = []
    for entry in v["characters"]:
        colour = TEAM_COLOURS[entry["team"] % len(TEAM_COLOURS)]
        glyph = data.glyphs[entry["id"]]
        if entry["square"] is None:
            if entry["overboard"]:
                overboard.append(entry)
            continue
        x, y = xy(_parse(state, entry["square"]))
        cx, cy = x + CELL // 2, y + CELL // 2
        dr, dc = g.DIRECTIONS[entry["facing"]]
        tip = (cx + dc * 16, cy + dr * 16)
        # a wedge from the disc's edge to the tip, perpendicular half-width 6
        base = (cx + dc * 8, cy + dr * 8)
        wedge = f"{base[0] - dr * 6},{base[1] + dc * 6} {tip[0]},{tip[1]} {base[0] + dr * 6},{base[1] - dc * 6}"
        ry = 6 if entry["fallen"] else 11
        out.append(f'<g><title>{entry["id"]} facing {entry["facing"]}</title>'
                   f'<polygon points="{wedge}" fill="#000000"/>'
                   f'<ellipse cx="{cx}" cy="{cy}" rx="11" ry="{ry}" fill="{colour}" stroke="#000000"/>'
                   f'<text x="{cx}" y="{cy + 4}" font-size="11" fill="#ffffff" text-anchor="middle">{glyph}</text>')
        if entry["dazed"]:
            out.append(f'<text x="{x + 2}" y="{y + 10}" font-size="10">**</text>')
        if entry["holds"]:
            out.append(f'<circle cx="{x + CELL - 6}" cy="{y + CELL - 6}" r="5" fill="#f9e79f" stroke="#000000"><title>holds {escape(entry["holds"])}</title></circle>')
        out.append('</g>')
    # water box
    box_y = top + height_cells * CELL + margin + 4
    if overboard:
        out.append(f'<text x="{margin}" y="{box_y + 14}" font-size="12">in the water: {", ".join(e["id"] for e in overboard)}</text>')
    # time track: a ring of numbered spaces around the board
    last = max([30] + [e["time"] for e in v["characters"]] + [t["space"] for t in v["game_end"]])
    ends = {t["space"]: t["face"] for t in v["game_end"]}
    x0, y0 = margin // 2, top + margin // 2
    x1, y1 = bw - margin // 2, top + height_cells * CELL + margin + margin // 2
    perimeter = 2 * ((x1 - x0) + (y1 - y0))
    for s_ in range(last + 1):
        x, y = _on_ring(x0, y0, x1, y1, perimeter * s_ / (last + 1))
        fill = "#f9e79f" if s_ == v["space"] else "#ffffff"
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{fill}" stroke="#555555"><title>space {s_}</title></circle>'
                   f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle">{s_}</text>')
        if s_ in ends:
            out.append(f'<text x="{x:.1f}" y="{y - 11:.1f}" font-size="8" text-anchor="middle">{escape(ends[s_] or "?")}</text>')
        here = [e for e in v["characters"] if e["time"] == s_ and not e["resigned"]]
        for i, e in enumerate(here):
            out.append(f'<text x="{x + 11 + 7 * i:.1f}" y="{y + 12:.1f}" font-size="8" fill="{TEAM_COLOURS[e["team"] % len(TEAM_COLOURS)]}">{data.glyphs[e["id"]]}</text>')
    # panels
    px = bw + 10
    py = top + 10
    for entry in v["characters"]:
        seat_name = names[entry["seat"]] if entry["seat"] < len(names) else f"seat {entry['seat']}"
        plan = _plan_text(entry)
        status = ",".join(s for s in ("fallen", "dazed") if entry[s]) or "-"
        durations = ",".join(d["card"] for d in entry["durations"]) or "-"
        out.append(f'<text x="{px}" y="{py}" font-size="12" fill="{TEAM_COLOURS[entry["team"] % len(TEAM_COLOURS)]}">{data.glyphs[entry["id"]]} {escape(data.names[entry["id"]])} ({escape(seat_name)}) rep {entry["reputation"]} time {entry["time"]}</text>')
        out.append(f'<text x="{px}" y="{py + 15}" font-size="10">status {status}; face up {escape(durations)}; dragon {entry["dragon"]}</text>')
        out.append(f'<text x="{px}" y="{py + 30}" font-size="10">plan {escape(plan)}</text>')
        py += 48
    p = v["pending"]
    totals = "; ".join(f"team {t['team']}: {t['total']}" for t in v["scores"])
    caption = f"T={v['space']} {p['kind']} {p.get('character') or ''} {p.get('card') or ''} | {totals}"
    out.append(f'<text x="{px}" y="{py + 10}" font-size="11">{escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _on_ring(x0, y0, x1, y1, d):
    """The point at distance d clockwise along the rectangle's edge from its top-left corner."""
    w, h = x1 - x0, y1 - y0
    if d < w:
        return x0 + d, y0
    d -= w
    if d < h:
        return x1, y0 + d
    d -= h
    if d < w:
        return x1 - d, y1
    return x0, y1 - (d - w)


def _parse(state: State, name: str):
    board = state.data.board
    return g.parse_square(name, board.rows, board.cols)
