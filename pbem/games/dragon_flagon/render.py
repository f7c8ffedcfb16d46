"""The ASCII picture of the game (spec section 20.1; the SVG one is in svg.py). Both show exactly what `view(state, seat)`
shows: a seat sees its own characters' planned cards; everyone else sees card backs (`##`)."""

from __future__ import annotations

from html import escape

from . import geometry as g
from .state import State
from .svg import render_svg  # noqa: F401  (the SVG picture lives in svg.py)
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
