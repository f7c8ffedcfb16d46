"""The `position` option (spec section 19): checking one, and turning a seat's view back into one.

`validate_position` refuses anything that could not play or show with `InvalidOptions`, its message
`position: FIELD: reason` naming the field, so that every position it accepts starts, renders on every
channel and plays to its end (issue 10): every value has its type and range checked, squares lie where
pieces can be, numbers are bounded, and the Game End tokens still lie ahead of the time marker.

`position_from_view` writes a seat's view as a position (the computer player rebuilds the board from
it); face-down cards the seat cannot see are filled in by a function the caller gives.
"""

from __future__ import annotations

import re

from ..base import InvalidOptions
from . import geometry as g
from .data import CARDS_FILE, TABLES

CHARACTER_IDS = tuple(c["id"] for c in CARDS_FILE["characters"])
TOP_KEYS = ("board", "space", "teams", "characters", "objects", "tables", "rugs", "familiar", "game_end",
            "draw_order")
CHARACTER_KEYS = ("id", "seat", "square", "facing", "rep", "time", "status", "plan", "durations", "holds", "dragon")
MAX_SPACE = 99  # the time marker, time tokens and Game End spaces stay on a track that can be drawn
MAX_REPUTATION = 999
MAX_PIECE_SQUARES = 6  # a table or rug covers 1 to 6 squares (a large table is 2 x 3)
OBJECT_ID = re.compile(r"^(mug|chair|barrel|chest)([1-9]\d{0,2})$|^flagon$")
TABLE_ID = re.compile(r"^table([1-9]\d{0,2})$")
RUG_ID = re.compile(r"^rug([1-9]\d{0,2})$")
CARRIED = ("mug", "chair", "chest", "flagon")


def _bad(field: str, reason: str) -> InvalidOptions:
    return InvalidOptions(f"position: {field}: {reason}")


def _whole(value, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(field, "must be a whole number")
    if not low <= value <= high:
        raise _bad(field, f"must be from {low} to {high}, not {value}")
    return value


def _list(value, field: str, most: int) -> list:
    if not isinstance(value, list):
        raise _bad(field, "must be a list")
    if len(value) > most:
        raise _bad(field, f"lists at most {most} entries")
    return value


def _object(value, field: str, keys) -> dict:
    if not isinstance(value, dict):
        raise _bad(field, "must be a JSON object")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        raise _bad(field, f"unknown key {unknown[0]!r}")
    return value


class _Checker:
    """One position against the effective board and card data of one game."""

    def __init__(self, seats: int, resolved: dict, data: dict):
        self.seats = seats
        self.resolved = resolved
        self.pos = resolved["position"]
        self.raw = data["board"]
        self.rows, self.cols = len(self.raw["terrain"]), len(self.raw["terrain"][0])
        self.pirate = self.raw["off_grid"] == "water"
        self.cards = {c["id"]: c for c in data["cards"]}
        self.facings = g.facings(resolved["geometry.facings"])
        self.table_squares: dict = {}

    def square(self, text, field: str):
        if not isinstance(text, str):
            raise _bad(field, "must be a square like f8 or [7,5]")
        try:
            return g.parse_square(text, self.rows, self.cols)
        except g.BadSquare as error:
            raise _bad(field, str(error)) from None

    def on_grid(self, square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols

    def letter(self, square):
        return self.raw["terrain"][square[0]][square[1]] if self.on_grid(square) else None

    def open_water(self, square) -> bool:
        return self.pirate and square not in self.table_squares and (self.letter(square) in (None, "~", "o"))

    def standable(self, square, field: str, what: str) -> None:
        """A piece may lie there: on the printed grid or on a table, never in a wall or open water."""
        if not self.on_grid(square) and square not in self.table_squares:
            raise _bad(field, f"{what} lies off the board")
        if self.open_water(square):
            raise _bad(field, f"{what} stands in open water")
        if self.letter(square) == "#":
            raise _bad(field, f"{what} stands in a wall")

    def area(self, spec, field: str, beyond: int) -> tuple:
        if isinstance(spec, str):
            first, _, last = spec.partition(":")
            a, b = self.square(first, field), self.square(last or first, field)
            if abs(a[0] - b[0]) > 5 or abs(a[1] - b[1]) > 5:
                raise _bad(field, f"covers 1 to {MAX_PIECE_SQUARES} squares")
            squares = tuple((r, c) for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                            for c in range(min(a[1], b[1]), max(a[1], b[1]) + 1))
        else:
            squares = tuple(sorted(self.square(s, field) for s in _list(spec, field, MAX_PIECE_SQUARES)))
        if not 1 <= len(squares) <= MAX_PIECE_SQUARES or len(set(squares)) != len(squares):
            raise _bad(field, f"covers 1 to {MAX_PIECE_SQUARES} different squares")
        for r, c in squares:
            if not (-beyond <= r < self.rows + beyond and -beyond <= c < self.cols + beyond):
                raise _bad(field, "lies too far off the board")
        if not _connected(squares):
            raise _bad(field, "its squares must touch one another side by side")
        return squares

    # --- the parts -------------------------------------------------------------------------------

    def check(self) -> None:
        pos = _object(self.pos, "position", TOP_KEYS)
        if pos.get("board", self.resolved["board"]) != self.resolved["board"]:
            raise _bad("board", f"{pos.get('board')!r} differs from the board option")
        self.space = _whole(pos.get("space", 0), "space", 0, MAX_SPACE)
        self.teams()
        self.tables()
        self.rugs()
        chars = self.characters()
        self.objects(chars)
        self.familiar(chars)
        self.game_end()
        self.draw_order(chars)

    def teams(self) -> None:
        teams = _list(self.pos.get("teams"), "teams", 8)
        seats = []
        for i, team in enumerate(teams):
            for j, seat in enumerate(_list(team, f"teams[{i}]", 8)):
                seats.append(_whole(seat, f"teams[{i}][{j}]", 0, self.seats - 1))
            if not team:
                raise _bad(f"teams[{i}]", "a team needs at least one seat")
        if sorted(seats) != list(range(self.seats)):
            raise _bad("teams", "teams must list every seat exactly once")
        if self.pirate and len(teams) != 2:
            raise _bad("teams", "the pirate board needs two teams (crews)")
        if len(teams) < 2:
            raise _bad("teams", "a brawl needs at least two teams")

    def tables(self) -> None:
        beyond = TABLES["line_beyond_grid"] if self.pirate else 0
        for i, t in enumerate(_list(self.raw["tables"], "tables", 10)):
            field = f"tables[{i}]"
            _object(t, field, ("id", "squares", "size"))
            if not isinstance(t.get("id"), str) or not TABLE_ID.fullmatch(t["id"]):
                raise _bad(f"{field}.id", "a table id is table1, table2, ...")
            squares = self.area(t.get("squares"), f"{field}.squares", beyond)
            for s in squares:
                if s in self.table_squares:
                    raise _bad(f"{field}.squares", f"tables {self.table_squares[s]} and {t['id']} overlap")
                self.table_squares[s] = t["id"]
            if self.pirate and all(self.letter(s) in (None, "~", "o") for s in squares):
                raise _bad(f"{field}.squares", "lies wholly over water (PR-17: such a table leaves the game)")
        ids = [t["id"] for t in self.raw["tables"]]
        if len(set(ids)) != len(ids):
            raise _bad("tables", "a table id appears twice")

    def rugs(self) -> None:
        covered = {}
        for i, r in enumerate(_list(self.raw["rugs"], "rugs", 10)):
            field = f"rugs[{i}]"
            _object(r, field, ("id", "squares"))
            if not isinstance(r.get("id"), str) or not RUG_ID.fullmatch(r["id"]) or r["id"] in covered.values():
                raise _bad(f"{field}.id", "a rug id is rug1, rug2, ..., each once")
            for s in self.area(r.get("squares"), f"{field}.squares", 0):
                if self.letter(s) in ("~", "o"):
                    raise _bad(f"{field}.squares", "a rug lies on deck or floor, not on water")
                if s in covered:
                    raise _bad(f"{field}.squares", f"rugs {covered[s]} and {r['id']} overlap")
                covered[s] = r["id"]

    def characters(self) -> dict:
        chars = _list(self.pos.get("characters"), "characters", len(CHARACTER_IDS))
        if not chars:
            raise _bad("characters", "characters must be a non-empty list")
        seen, self.squares, self.held = {}, {}, {}
        for i, c in enumerate(chars):
            field = f"characters[{i}]"
            _object(c, field, CHARACTER_KEYS)
            cid = c.get("id")
            if cid not in CHARACTER_IDS:
                raise _bad(f"{field}.id", f"unknown character {cid!r}")
            if cid in seen:
                raise _bad(f"{field}.id", f"the {cid} appears twice")
            seen[cid] = c
            _whole(c.get("seat"), f"{field}.seat", 0, self.seats - 1)
            self.character(c, field)
        return seen

    def character(self, c: dict, field: str) -> None:
        cid = c["id"]
        squares = self.squares
        square = None
        if c.get("square") is not None:
            square = self.square(c["square"], f"{field}.square")
            self.standable(square, f"{field}.square", cid)
            if square in squares:
                raise _bad(f"{field}.square", f"{cid} and {squares[square]} overlap on {c['square']}")
            squares[square] = cid
            if c.get("facing") not in self.facings:
                raise _bad(f"{field}.facing", f"must be one of {' '.join(self.facings)}")
        elif c.get("facing") is not None and c.get("facing") not in self.facings:
            raise _bad(f"{field}.facing", f"must be one of {' '.join(self.facings)}, or null")
        _whole(c.get("rep", self.resolved["reputation.start"]), f"{field}.rep", 0, MAX_REPUTATION)
        time = _whole(c.get("time", self.space), f"{field}.time", 0, MAX_SPACE)
        if time < self.space:
            raise _bad(f"{field}.time", f"its time token ({time}) lies behind the time marker ({self.space})")
        status = _list(c.get("status", []), f"{field}.status", 2)
        if any(s not in ("dazed", "fallen") for s in status) or len(set(status)) != len(status):
            raise _bad(f"{field}.status", "lists dazed/fallen tokens at most once each")
        if status and square is None:
            raise _bad(f"{field}.status", "a status token on an Overboard character")
        plan = _list(c.get("plan", []), f"{field}.plan", 3)
        if len(status) + len(plan) > 3:
            raise _bad(f"{field}.plan", "more than 3 plan items")
        durations = _list(c.get("durations", []), f"{field}.durations", 5)
        duration_cards = []
        for j, d in enumerate(durations):
            _object(d, f"{field}.durations[{j}]", ("card", "on_table", "lost"))
            for flag in ("on_table", "lost"):
                if not isinstance(d.get(flag, False), bool):
                    raise _bad(f"{field}.durations[{j}].{flag}", "must be true or false")
            duration_cards.append(d.get("card"))
        owned = {k for k, v in self.cards.items() if v["owner"] in ("common", cid)}
        for card in plan + duration_cards:
            if not isinstance(card, str) or card not in owned:
                raise _bad(f"{field}.plan", f"{card!r} is not one of its cards")
        if len(set(plan + duration_cards)) != len(plan + duration_cards):
            raise _bad(f"{field}.plan", "a card both planned and face up, or twice")
        for card in duration_cards:
            if not self.cards[card]["duration"]:
                raise _bad(f"{field}.durations", f"{card} is not a Duration card")
        dragon = c.get("dragon", "locked")
        if dragon not in ("locked", "unlocked", "spent"):
            raise _bad(f"{field}.dragon", "must be locked, unlocked or spent")
        for card in plan:
            if self.cards[card]["kind"] == "dragon" and dragon != "unlocked":
                raise _bad(f"{field}.plan", f"a Dragon card planned while {dragon}")
        holds = c.get("holds")
        if holds is not None:
            if not isinstance(holds, str) or not OBJECT_ID.fullmatch(holds):
                raise _bad(f"{field}.holds", f"unknown object {holds!r}")
            if holds.rstrip("0123456789") not in CARRIED:
                raise _bad(f"{field}.holds", f"{holds} cannot be held")
            if square is None:
                raise _bad(f"{field}.holds", "an Overboard character holds nothing")
            if holds in self.held:
                raise _bad(f"{field}.holds", f"{holds} is held twice")
            self.held[holds] = cid

    def objects(self, chars: dict) -> None:
        loose, blocking_at = {}, {}
        blocking = self.resolved["objects.blocking"]
        squares = self.squares
        for i, o in enumerate(_list(self.raw["objects"], "objects", 60)):
            field = f"objects[{i}]"
            _object(o, field, ("id", "square"))
            oid = o.get("id")
            if not isinstance(oid, str) or not OBJECT_ID.fullmatch(oid):
                raise _bad(f"{field}.id", f"unknown object {oid!r}")
            if oid in loose or oid in self.held:
                raise _bad(f"{field}.id", f"{oid} appears twice (or is held and lies on the board)")
            sq = self.square(o.get("square"), f"{field}.square")
            self.standable(sq, f"{field}.square", oid)
            loose[oid] = sq
            kind = oid.rstrip("0123456789")
            if kind in blocking:
                if sq in blocking_at:
                    raise _bad(f"{field}.square", f"{oid} and {blocking_at[sq]} overlap on {o['square']}")
                if sq in self.table_squares:
                    raise _bad(f"{field}.square", f"{oid} may not lie on a table")
                blocking_at[sq] = oid
                if sq in squares and kind != "chair":
                    raise _bad(f"{field}.square", f"{oid} and {squares[sq]} overlap on {o['square']}")
        if ("flagon" in loose) + ("flagon" in self.held) != 1:
            raise _bad("objects", "the Flagon must appear exactly once (loose or held)")

    def familiar(self, chars: dict) -> None:
        if self.pos.get("familiar") is None:
            return
        if "wizard" not in chars:
            raise _bad("familiar", "a familiar without the wizard")
        square = self.square(self.pos["familiar"], "familiar")
        self.standable(square, "familiar", "the familiar")

    def game_end(self) -> None:
        tokens = self.pos.get("game_end")
        if tokens is None:
            first = self.resolved["endgame.range"]
            if first == "auto":
                in_play = len(self.pos["characters"])
                first = next(space for minimum, space in TABLES["endgame_auto_ranges"] if in_play >= minimum)
            if self.space > first:
                raise _bad("space", f"lies beyond the first Game End space ({first}); give game_end")
            return
        tokens = _list(tokens, "game_end", 4)
        spaces = []
        for i, t in enumerate(tokens):
            _object(t, f"game_end[{i}]", ("space", "face"))
            spaces.append(_whole(t.get("space"), f"game_end[{i}].space", 0, MAX_SPACE))
        faces = [t.get("face") for t in tokens]
        if len(faces) != 4 or any(face not in ("watch", "blank") for face in faces) or "watch" not in faces:
            raise _bad("game_end", "game_end needs four tokens (watch or blank), at least one watch")
        if len(set(spaces)) != 4:
            raise _bad("game_end", "four different spaces")
        # The game ends on a City Watch still ahead of the time marker; one behind it never turns up.
        if not any(face == "watch" and space >= self.space for face, space in zip(faces, spaces)):
            raise _bad("game_end", f"no City Watch on space {self.space} or later: the game would never end")

    def draw_order(self, chars: dict) -> None:
        order = _list(self.pos.get("draw_order") or [], "draw_order", len(CHARACTER_IDS))
        for cid in order:
            if not isinstance(cid, str) or cid not in chars:
                raise _bad("draw_order", f"draw_order names {cid!r}, which is not in play")
        if len(set(order)) != len(order):
            raise _bad("draw_order", "draw_order names a character twice")
        # It orders the draws of the first space (spec 19), so it may name only characters Active there.
        for cid in order:
            if chars[cid].get("time", self.space) != self.space:
                raise _bad("draw_order", f"draw_order names {cid!r}, which is not Active in space {self.space}")


def _connected(squares) -> bool:
    left = set(squares)
    stack = [squares[0]]
    left.discard(squares[0])
    while stack:
        r, c = stack.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in left:
                left.discard(n)
                stack.append(n)
    return not left


def validate_position(seats: int, resolved: dict, data: dict) -> None:
    """Refuse a position that could not play or show (spec section 19, issue 10)."""
    _Checker(seats, resolved, data).check()


# --- a view written as a position ---------------------------------------------------------------------


def position_from_view(view: dict, fill=None) -> dict:
    """The position a seat's view shows (after setup). `fill(character_view, count, known)` gives the
    face-down cards the seat cannot see for that character (`known`: its face-up and known planned
    cards); by default the first cards of its own that are neither."""
    chars = []
    for c in view["characters"]:
        if c.get("resigned"):
            continue
        status = [slot["token"] for slot in c["plan"] if "token" in slot]
        known = [slot["card"] for slot in c["plan"] if slot.get("card")]
        hidden = sum(1 for slot in c["plan"] if "token" not in slot and not slot.get("card"))
        if hidden:
            used = known + [d["card"] for d in c["durations"]]
            known = known + list((fill or _first_unused)(c, hidden, used))
        chars.append({"id": c["id"], "seat": c["seat"], "square": c["square"], "facing": c["facing"],
                      "rep": c["reputation"], "time": c["time"], "status": status, "plan": known,
                      "durations": [dict(d) for d in c["durations"]], "holds": c["holds"], "dragon": c["dragon"]})
    position = {
        "board": view["board"]["id"], "space": view["space"],
        "teams": [list(t["seats"]) for t in view["scores"]],
        "characters": chars,
        "objects": [{"id": o["id"], "square": o["square"]} for o in view["objects"]],
        "tables": [{"id": t["id"], "squares": list(t["squares"])} for t in view["tables"]],
        "rugs": [{"id": r["id"], "squares": list(r["squares"])} for r in view["rugs"]],
        "familiar": view["familiar"],
    }
    position["game_end"] = _game_end_guess(view)
    return position


def _game_end_guess(view: dict) -> list:
    """Revealed Game End faces as they are; unknown ones blank, except that the last unknown one is the
    City Watch when none has turned up yet (a seat cannot know more, and the game must still end)."""
    tokens = [{"space": t["space"], "face": t["face"] or "blank"} for t in view["game_end"]]
    unknown = [t for t, seen in zip(tokens, view["game_end"]) if seen["face"] is None]
    if unknown and not any(t["face"] == "watch" for t in tokens):
        unknown[-1]["face"] = "watch"
    return tokens


def _first_unused(character: dict, count: int, used: list) -> list:
    cards = [c["id"] for c in CARDS_FILE["cards"] if c["owner"] in ("common", character["id"]) and c["kind"] != "dragon"]
    return [card for card in cards if card not in used][:count]
