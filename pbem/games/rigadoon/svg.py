"""The SVG board of a RIGADOON position for pages (spec "Rendering"; architecture section 12).

A pure function of the state, the seat looking and an optional selected ship: identical input gives
identical output. The picture holds the board itself and one line above it (the wind and who moves);
the wind card, the fleets and the open decision are HTML beside it (templates/games/rigadoon.html,
fed by `panel`), so that every text on the board stays readable on a phone.

Markup the seat page's board client relies on: every square is `<rect data-square="E5">`; every ship
is a `<g data-piece="B1" data-square="...">` (its own square, so choosing a ship's square as a target
marks the ship too). Kept for the older page script and its tests: ships' `data-ship`, and, in the
picture for the seat to move only, `data-reach-orange` / `data-reach-yellow` (the squares `reachable`
lists). Maelstroms carry `data-exit`, exits `data-exit-of`, pending attacks `data-attack`.
"""

from __future__ import annotations

import html

from ..base import N_, Phrase, counted, said
from .board import COLUMNS, ORDER, downwind
from .rules import to_move
from .state import FLEET_NAMES, State
from .views import reachable
from .words import FLEET_WORDS

STATUS_WORDS = {"in port": N_("in port"), "aground": N_("aground"), "at sea": N_("at sea")}
SHIP_FLEETS = {"B": N_("blue"), "G": N_("green")}
CHEST_WHERE = {"island": N_("treasure chest on %(square)s, on an island"),
               "shallows": N_("treasure chest on %(square)s, in The Shallows"),
               "open": N_("treasure chest on %(square)s, in Open Water")}

SIZE = 40       # one square
MARGIN = 26     # the row and column labels
HEADER = 28     # the wind and who moves, above the labels
FILL = {"open": "#cfe8f7", "shallows": "#f1dfae", "island": "#8fbf6a", "maelstrom": "#2f4f6f"}
FLEET_COLOUR = {"B": "#1f5fbf", "G": "#217a33"}
# The smallest font on the board, in the picture's units: the board is drawn about 366 CSS px wide on
# a phone (a scale near 0.77), where 11 units are 8.5 px; at 800 px wide on a desktop they are 18 px.
SMALL = 11
NAME_WIDTH = 14  # characters of a player's name shown in the heading line


def _f(x: float) -> str:
    return f"{x:.1f}"


def _centre(square) -> tuple[float, float]:
    r, c = square
    return MARGIN + c * SIZE + SIZE / 2, HEADER + MARGIN + r * SIZE + SIZE / 2


def _short(name: str) -> str:
    name = str(name)
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "\u2026"


def _said(words, phrase: Phrase) -> str:
    """A Phrase in the reader's language (`words`), escaped for the SVG."""
    return html.escape(words(phrase), quote=False)


def _heading(state: State, names, words=str) -> list[str]:
    """One line above the board: the wind with a drawn downwind arrow, and who moves (or the result)."""
    out = []
    y = HEADER - 8
    if state.wind:
        down = downwind(state.wind)
        cx, cy = MARGIN + 8, y - 4.5
        # an arrow drawn pointing north, turned to point downwind
        out.append(f'<g class="downwind-arrow" data-downwind="{down}" transform="rotate({ORDER.index(down) * 45} {_f(cx)} {_f(cy)})">'
                   f'<line x1="{_f(cx)}" y1="{_f(cy + 9)}" x2="{_f(cx)}" y2="{_f(cy - 3)}" stroke="#222" stroke-width="2.5"/>'
                   f'<path d="M{_f(cx - 5)} {_f(cy - 2)} L{_f(cx)} {_f(cy - 10)} L{_f(cx + 5)} {_f(cy - 2)} Z" fill="#222"/></g>')
        heading = _said(words, said("Wind from %(wind)s, blowing %(downwind)s", wind=state.wind, downwind=down))
        out.append(f'<text class="wind-heading" x="{MARGIN + 22}" y="{y}" font-size="13" font-weight="bold">{heading}</text>')
    else:
        heading = _said(words, N_("No wind yet"))
        out.append(f'<text class="wind-heading" x="{MARGIN}" y="{y}" font-size="13" font-weight="bold">{heading}</text>')
    fleet = None  # the winner's, once the game is over
    if state.phase == "over":
        winner = state.result[1] if state.result else None
        fleet = None if winner is None or state.blue_seat is None else ("B" if winner == state.blue_seat else "G")
        named = winner is not None and winner < len(names)
        if winner is None:
            who = N_("Game over: a draw")
        elif fleet and named:
            who = said("%(fleet)s wins: %(name)s", fleet=FLEET_WORDS[fleet], name=_short(names[winner]))
        elif fleet:
            who = said("%(fleet)s wins", fleet=FLEET_WORDS[fleet])
        elif named:
            who = said("Game over: %(name)s wins", name=_short(names[winner]))
        else:
            who = N_("Game over")
    elif state.phase in ("first", "colour", "opening"):
        who = N_("Setting up")
    else:
        seat = state.seat_of(state.active)
        if seat is not None and seat < len(names):
            who = said("%(fleet)s: %(name)s to move", fleet=FLEET_WORDS[state.active], name=_short(names[seat]))
        else:
            who = said("%(fleet)s to move", fleet=FLEET_WORDS[state.active])
    colour = FLEET_COLOUR.get(state.active, "#333") if state.phase == "play" else "#333"
    if fleet is not None:
        colour = FLEET_COLOUR[fleet]
    out.append(f'<text class="to-move" x="{MARGIN + state.board.size * SIZE}" y="{y}" text-anchor="end" font-size="13" '
               f'font-weight="bold" fill="{colour}">{_said(words, who)}</text>')
    return out


def render_svg(state: State, seat: int | None = None, names=(), ship: str | None = None, words=str) -> str:
    """The board; `words(phrase)` says its labels in the reader's language (default: English)."""
    board = state.board
    n = board.size
    top = HEADER + MARGIN
    width = MARGIN + n * SIZE + 6
    height = top + n * SIZE + 6
    # A viewBox and no width or height: the picture takes the width it is given and keeps its shape.
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" preserveAspectRatio="xMidYMin meet" '
           f'font-family="sans-serif" font-size="12" class="rigadoon-board">']
    title = _said(words, said("Rigadoon, turn %(turn)s", turn=state.turn))
    out.append(f"<title>{title}</title>")
    out.extend(_heading(state, names, words))
    for c in range(n):
        out.append(f'<text x="{_f(MARGIN + c * SIZE + SIZE / 2)}" y="{_f(top - 8)}" text-anchor="middle">{COLUMNS[c]}</text>')
    for r in range(n):
        out.append(f'<text x="{_f(MARGIN - 6)}" y="{_f(top + r * SIZE + SIZE / 2 + 4)}" text-anchor="end">{r + 1}</text>')
    selected = reachable(state, ship) if ship else {"orange": [], "yellow": []}
    for r in range(n):
        for c in range(n):
            out.extend(_square(state, (r, c), selected, words))
    for name in selected["orange"] + selected["yellow"]:
        corner = board.maelstrom_at(board.parse(name))
        if corner:
            (x1, y1), (x2, y2) = _centre(board.parse(name)), _centre(board.exit_of(corner))
            out.append(f'<line class="reach-portal" data-square="{name}" data-exit="{board.name(board.exit_of(corner))}" '
                       f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="#f39c34" stroke-width="1"/>')
    if len(state.last_path) > 1:
        points = " ".join("{},{}".format(*map(_f, _centre(sq))) for sq in state.last_path)
        out.append(f'<polyline class="last-path" points="{points}" fill="none" stroke="#333" stroke-width="1.5" '
                   f'stroke-dasharray="5 4"/>')
    for square in state.chests:
        out.append(_chest(state, square, words))
    if state.chain is not None:
        # under the ships, so that their names stay readable; visible between and around them
        for attacker, target in state.chain.pending:
            (x1, y1), (x2, y2) = _centre(state.ship(attacker).square), _centre(state.ship(target).square)
            out.append(f'<line class="pending-attack" data-attack="{attacker} {target}" x1="{_f(x1)}" y1="{_f(y1)}" '
                       f'x2="{_f(x2)}" y2="{_f(y2)}" stroke="#c0392b" stroke-width="4"/>')
            out.append(f'<circle class="pending-attack-end" cx="{_f(x2)}" cy="{_f(y2)}" r="5" fill="#c0392b"/>')
    may_choose = seat is not None and seat in to_move(state)  # only the seat to move chooses a ship
    for s in state.ships:
        if s.square is not None:
            out.extend(_ship(state, s, may_choose, words))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _square(state: State, square, selected, words=str) -> list[str]:
    board = state.board
    name = board.name(square)
    terrain = board.terrain(square)
    x, y = MARGIN + square[1] * SIZE, HEADER + MARGIN + square[0] * SIZE
    cx, cy = x + SIZE / 2, y + SIZE / 2
    # Open Water and The Shallows are the rules' names, the same in every language
    label = {"open": "Open Water", "shallows": "The Shallows", "island": N_("island"), "maelstrom": N_("maelstrom")}[terrain]
    extra = ""
    if board.island_at(square):
        label = said("island %(corner)s", corner=board.island_at(square))
    if board.maelstrom_at(square):
        exit_name = board.name(board.exit_of(board.maelstrom_at(square)))
        label = said("maelstrom %(corner)s, exit %(square)s", corner=board.maelstrom_at(square), square=exit_name)
        extra = f' data-exit="{exit_name}"'
    elif board.exit_at(square):
        label = said("exit of maelstrom %(corner)s, Open Water", corner=board.exit_at(square))
        extra = f' data-exit-of="{board.exit_at(square)}"'
    elif square == board.compass:
        label = N_("compass, The Shallows")
    label = _said(words, label) if isinstance(label, Phrase) else label
    out = [f'<rect id="sq-{name}" data-square="{name}" data-terrain="{terrain}"{extra} x="{x}" y="{y}" width="{SIZE}" '
           f'height="{SIZE}" fill="{FILL[terrain]}" stroke="#7a8a99" stroke-width="0.5"><title>{name}: {label}</title></rect>']
    if board.island_at(square):
        out.append(f'<text class="island-name" x="{_f(cx)}" y="{_f(y + 13)}" text-anchor="middle" font-size="{SMALL}" '
                   f'font-weight="bold" fill="#1e3d0f">{board.island_at(square)}</text>')
    elif board.maelstrom_at(square):
        out.append(f'<path d="M{_f(cx)} {_f(cy - 5)} m-2 0 a2 2 0 1 1 4 0 a4 4 0 1 1 -8 0 a6 6 0 1 1 12 0 a8 8 0 1 1 -16 0" '
                   f'fill="none" stroke="#e8f0f8" stroke-width="1.5"/>')
        # where the portal leads, written on it: readable without the tooltip or a script
        exit_name = board.name(board.exit_of(board.maelstrom_at(square)))
        out.append(f'<text class="maelstrom-exit" x="{_f(cx)}" y="{_f(y + SIZE - 4)}" text-anchor="middle" font-size="{SMALL}" '
                   f'font-weight="bold" fill="#ffffff">&#8594;{exit_name}</text>')
    elif board.exit_at(square):
        out.append(f'<text class="exit-of" x="{_f(cx)}" y="{_f(y + 13)}" text-anchor="middle" font-size="{SMALL}" '
                   f'fill="#2f4f6f">&#8595;{board.exit_at(square)}</text>')
    elif square == board.compass:
        out.append(f'<g class="compass" stroke="#a0804a" stroke-width="1"><line x1="{_f(cx)}" y1="{_f(y + 4)}" x2="{_f(cx)}" '
                   f'y2="{_f(y + SIZE - 4)}"/><line x1="{_f(x + 4)}" y1="{_f(cy)}" x2="{_f(x + SIZE - 4)}" y2="{_f(cy)}"/>'
                   f'<line x1="{_f(x + 8)}" y1="{_f(y + 8)}" x2="{_f(x + SIZE - 8)}" y2="{_f(y + SIZE - 8)}"/>'
                   f'<line x1="{_f(x + SIZE - 8)}" y1="{_f(y + 8)}" x2="{_f(x + 8)}" y2="{_f(y + SIZE - 8)}"/></g>')
    if name in selected["orange"]:
        out.append(f'<rect class="reach reach-orange" data-reach="orange" data-square="{name}" x="{x + 2}" y="{y + 2}" '
                   f'width="{SIZE - 4}" height="{SIZE - 4}" fill="#f39c34" fill-opacity="0.55"/>')
    elif name in selected["yellow"]:
        out.append(f'<circle class="reach reach-yellow" data-reach="yellow" data-square="{name}" cx="{_f(cx)}" cy="{_f(cy)}" '
                   f'r="{_f(SIZE / 2 - 4)}" fill="#f7dc3b" fill-opacity="0.7"/>')
    return out


def _chest(state: State, square, words=str) -> str:
    name = state.board.name(square)
    x, y = MARGIN + square[1] * SIZE, HEADER + MARGIN + square[0] * SIZE
    where = "island" if state.board.island_at(square) else "shallows" if state.board.is_shallows(square) else "open"
    title = _said(words, Phrase(CHEST_WHERE[where].id, {"square": name}))
    return (f'<g class="chest" data-chest="{name}"><title>{title}</title>'
            f'<rect x="{x + SIZE - 17}" y="{y + SIZE - 14}" width="14" height="11" rx="1.5" fill="#d4a017" stroke="#6b4e00"/>'
            f'<line x1="{x + SIZE - 17}" y1="{y + SIZE - 10}" x2="{x + SIZE - 3}" y2="{y + SIZE - 10}" stroke="#6b4e00"/></g>')


def _ship(state: State, s, may_choose: bool, words=str) -> list[str]:
    board = state.board
    name = board.name(s.square)
    x, y = MARGIN + s.square[1] * SIZE, HEADER + MARGIN + s.square[0] * SIZE
    reach = reachable(state, s.name) if may_choose else {"orange": [], "yellow": []}
    status = "in port" if state.in_port(s.name) else "aground" if state.aground(s.name) else "at sea"
    bonus = s.name in state.bonus_sails  # a Rigadoon: it has sailed, but may sail once more
    acted = s.name in state.acted and not bonus
    fleet = FLEET_NAMES[s.name[0]]
    attrs = (f'id="ship-{s.name}" class="ship fleet-{fleet}{" acted" if acted else ""}" data-piece="{s.name}" '
             f'data-ship="{s.name}" data-square="{name}" data-masts="{s.masts}" data-status="{status.replace(" ", "_")}"')
    if reach["orange"] or reach["yellow"]:
        attrs += f' data-reach-orange="{" ".join(reach["orange"])}" data-reach-yellow="{" ".join(reach["yellow"])}"'
    title = said("%(ship)s (%(fleet)s) on %(square)s, %(masts)s, %(status)s", ship=s.name, fleet=SHIP_FLEETS[s.name[0]],
                 square=name, masts=counted("%(n)s mast", "%(n)s masts", s.masts), status=STATUS_WORDS[status])
    notes = [N_("has acted this turn")] * acted + [N_("may sail once more (Rigadoon)")] * bonus
    out = [f"<g {attrs}><title>{', '.join(_said(words, part) for part in [title, *notes])}</title>"]
    # an invisible square under the ship, for a finger to tap: a ship with one mast alone is under 24 CSS px
    # wide on a 390 px phone (WCAG 2.2's least target; issue 27)
    out.append(f'<rect class="hit" x="{x + 1}" y="{y + 1}" width="{SIZE - 2}" height="{SIZE - 2}" fill="#000" fill-opacity="0"/>')
    colour = FLEET_COLOUR[s.name[0]]
    # a ship that has acted is faded, but its name stays as readable as any other
    out.append('<g class="hull" opacity="0.45">' if acted else '<g class="hull">')
    out.append(f'<path d="M{x + 4} {y + 25} L{x + 36} {y + 25} L{x + 31} {y + 35} L{x + 9} {y + 35} Z" fill="{colour}" stroke="#111"/>')
    for m in range(s.masts):
        mx = x + 13 + m * 7
        out.append(f'<line x1="{mx}" y1="{y + 25}" x2="{mx}" y2="{y + 15}" stroke="#111" stroke-width="2"/>')
    out.append("</g>")
    # Texts let clicks through to the square (pointer-events none): the middle of a ship's square stays
    # the square's, which the older page script and its tests click to choose the ship on it.
    out.append(f'<text x="{x + 20}" y="{y + 12}" text-anchor="middle" font-size="12" font-weight="bold" fill="{colour}" '
               f'stroke="#ffffff" stroke-width="2.5" paint-order="stroke" pointer-events="none">{s.name}</text>')
    if status == "in port":
        out.append(f'<text x="{x + 34}" y="{y + 22}" text-anchor="middle" font-size="{SMALL}" pointer-events="none">&#9875;</text>')
    out.append("</g>")
    return out
