"""Options, teams, deal and the `position` option (spec sections 5, 9, 16 and 19).

`resolve_options` fills every option from `data/defaults.json` and checks it; `validate_position`
refuses a bad `position` with a message starting `position:`. `effective_data` is what
`game_started` records: the card table after overrides and the board after the position.
"""

from __future__ import annotations

import copy

from ..base import InvalidOptions, Option, check_options
from . import geometry as g
from .data import BOARDS_FILE, CARDS_FILE, DEFAULTS, TABLES, BadData, effective_cards

CHARACTER_IDS = tuple(c["id"] for c in CARDS_FILE["characters"])
PLAYERS = (2, 8)

OPTIONS = {
    "board": Option("choice", DEFAULTS["board"], "pirate (two ships) or tavern (base game)", choices=("pirate", "tavern")),
    "characters": Option("json", None, "random, or {seat: [character ids]} (each seat its count)"),
    "pirate.crews": Option("json", None, "alternate, or [[crew A seats], [crew B seats]]"),
    "pirate.uneven_bonus": Option("int", DEFAULTS["pirate.uneven_bonus"], "bonus per missing character of a smaller crew", minimum=0, maximum=100),
    "pirate.chest_value": Option("int", DEFAULTS["pirate.chest_value"], "points per counted Treasure Chest", minimum=0, maximum=100),
    "pirate.return.facing": Option("choice", DEFAULTS["pirate.return.facing"], "facing on return from Overboard", choices=("free", "toward_enemy")),
    "teams.partnership": Option("choice", DEFAULTS["teams.partnership"], "tavern, 4 players: pairs", choices=("none", "pairs")),
    "setup.placement": Option("choice", DEFAULTS["setup.placement"], "choose or fixed start squares", choices=("choose", "fixed")),
    "planning.timing": Option("choice", DEFAULTS["planning.timing"], "when characters fill their plan", choices=("start_of_active_space", "end_of_space")),
    "planning.fill": Option("choice", DEFAULTS["planning.fill"], "plan size rule", choices=("two_cards_max_three_items",)),
    "endgame.tokens": Option("json", None, "four Game End faces with at least one watch"),
    "endgame.range": Option("json", None, "auto, or the first Game End space"),
    "endgame.reveal": Option("choice", DEFAULTS["endgame.reveal"], "when a Game End token turns up", choices=("end_of_space", "on_arrival")),
    "status.dazed": Option("json", None, "{cost: 2}"),
    "status.fallen": Option("json", None, "{cost: 1, returns_card: true}"),
    "status.max_recovery": Option("int", DEFAULTS["status.max_recovery"], "cap of one recovery", minimum=1, maximum=10),
    "combat.slam": Option("int", DEFAULTS["combat.slam"], "extra loss when a knockback is blocked", minimum=0, maximum=10),
    "overboard.reputation": Option("int", DEFAULTS["overboard.reputation"], "paid for going Overboard", minimum=0, maximum=20),
    "overboard.time": Option("choice", DEFAULTS["overboard.time"], "time token on Overboard", choices=("unchanged",)),
    "reputation.start": Option("int", DEFAULTS["reputation.start"], "starting reputation", minimum=0, maximum=100),
    "cards": Option("json", None, "card overrides by id, e.g. {\"slash\": {\"time\": 3}}"),
    "dragon.unlock": Option("choice", DEFAULTS["dragon.unlock"], "when a Dragon card may be planned", choices=("first_pickup", "while_holding")),
    "objects.blocking": Option("json", None, "object kinds that block squares"),
    "objects.carry_limit": Option("int", DEFAULTS["objects.carry_limit"], "objects a character carries", minimum=1, maximum=1),
    "geometry.facings": Option("int", DEFAULTS["geometry.facings"], "4 or 8 facings", minimum=4, maximum=8),
    "rug.pull": Option("choice", DEFAULTS["rug.pull"], "rug behaviour", choices=("fall_only",)),
    "swing.requirement": Option("choice", DEFAULTS["swing.requirement"], "where Swing may start", choices=("table", "anywhere")),
    "tiebreak": Option("choice", DEFAULTS["tiebreak"], "auto tie-breakers or shared victory", choices=("auto", "shared")),
    "position": Option("json", None, "a start position (spec section 19)"),
}

# Options whose value may be a list or text as well as an object: checked here, not by check_options.
_LOOSE = ("characters", "pirate.crews", "endgame.tokens", "endgame.range", "objects.blocking")


def resolve_options(seats: int, options) -> dict:
    if not isinstance(seats, int) or not PLAYERS[0] <= seats <= PLAYERS[1]:
        raise InvalidOptions(f"players: this game takes {PLAYERS[0]} to {PLAYERS[1]} seats, not {seats}")
    given = dict(options or {})
    loose = {k: given.pop(k) for k in _LOOSE if k in given}
    resolved = check_options(OPTIONS, given)
    for key in ("status.dazed", "status.fallen", "cards"):
        merged = copy.deepcopy(DEFAULTS[key])
        merged.update(resolved[key] or {})
        resolved[key] = merged
    for key in _LOOSE:
        value = loose.get(key)
        resolved[key] = copy.deepcopy(DEFAULTS[key]) if value in (None, "") else value
    if resolved["geometry.facings"] not in (4, 8):
        raise InvalidOptions("option 'geometry.facings' must be 4 or 8")
    try:
        effective_cards(resolved["cards"])
    except (BadData, TypeError, KeyError) as error:
        raise InvalidOptions(f"option 'cards': {error}") from None
    _check_tokens(resolved)
    _check_blocking(resolved)
    if resolved["position"] is not None:
        validate_position(seats, resolved)
    else:
        _check_crews(seats, resolved)
        _check_characters(seats, resolved)
        if resolved["teams.partnership"] == "pairs" and (resolved["board"] != "tavern" or seats != 4):
            raise InvalidOptions("option 'teams.partnership': pairs needs the tavern board and 4 players")
    return resolved


def _check_tokens(resolved) -> None:
    tokens = resolved["endgame.tokens"]
    if not (isinstance(tokens, list) and len(tokens) == 4 and set(tokens) <= {"watch", "blank"} and "watch" in tokens):
        raise InvalidOptions("option 'endgame.tokens': four faces (watch or blank) with at least one watch")
    first = resolved["endgame.range"]
    if first != "auto" and not (isinstance(first, int) and not isinstance(first, bool) and 1 <= first <= 60):
        raise InvalidOptions("option 'endgame.range': auto or a space from 1 to 60")


def _check_blocking(resolved) -> None:
    kinds = resolved["objects.blocking"]
    if not (isinstance(kinds, list) and set(kinds) <= {"barrel", "chair", "mug", "chest", "flagon"}):
        raise InvalidOptions("option 'objects.blocking': a list of object kinds")


def crews(seats: int, resolved) -> list[list[int]]:
    value = resolved["pirate.crews"]
    if value == "alternate":
        return [list(range(0, seats, 2)), list(range(1, seats, 2))]
    return [list(crew) for crew in value]


def _check_crews(seats: int, resolved) -> None:
    if resolved["board"] != "pirate":
        return
    value = resolved["pirate.crews"]
    if value == "alternate":
        return
    sizes = TABLES["crew_sizes"][str(seats)]
    ok = (isinstance(value, list) and len(value) == 2 and all(isinstance(c, list) for c in value)
          and sorted(s for c in value for s in c) == list(range(seats))
          and [len(value[0]), len(value[1])] == [len(sizes[0]), len(sizes[1])])
    if not ok:
        raise InvalidOptions(f"option 'pirate.crews': two lists of seats with {len(sizes[0])} and {len(sizes[1])} seats covering every seat")


def teams_and_counts(seats: int, resolved) -> tuple[list[list[int]], dict[int, int]]:
    """Teams (seat lists; pirate: crew A first) and the number of characters per seat (spec 5)."""
    if resolved["board"] == "pirate":
        team_list = crews(seats, resolved)
        sizes = TABLES["crew_sizes"][str(seats)]
        counts = {}
        for crew, column in zip(team_list, sizes):
            for seat, count in zip(crew, column):
                counts[seat] = count
        return team_list, counts
    per = TABLES["tavern_characters_per_player"][str(seats)]
    counts = {seat: per for seat in range(seats)}
    if resolved["teams.partnership"] == "pairs":
        return [[0, 2], [1, 3]], counts
    return [[seat] for seat in range(seats)], counts


def _check_characters(seats: int, resolved) -> None:
    value = resolved["characters"]
    if value == "random":
        return
    _, counts = teams_and_counts(seats, resolved)
    if not isinstance(value, dict):
        raise InvalidOptions("option 'characters': random, or {seat: [character ids]}")
    seen = []
    for seat in range(seats):
        chosen = value.get(str(seat))
        if not isinstance(chosen, list) or len(chosen) != counts[seat]:
            raise InvalidOptions(f"option 'characters': seat {seat} needs exactly {counts[seat]} characters")
        for cid in chosen:
            if cid not in CHARACTER_IDS:
                raise InvalidOptions(f"option 'characters': unknown character {cid!r}")
        seen += chosen
    if len(set(seen)) != len(seen) or set(value) - {str(s) for s in range(seats)}:
        raise InvalidOptions("option 'characters': a character twice, or an unknown seat")


# --- the board after the position ---------------------------------------------------------------------


def effective_data(resolved) -> dict:
    board = copy.deepcopy(BOARDS_FILE[resolved["board"]])
    position = resolved["position"]
    if position:
        for key in ("objects", "tables", "rugs"):
            if key in position:
                board[key] = copy.deepcopy(position[key])
    return {"cards": effective_cards(resolved["cards"]), "characters": copy.deepcopy(CARDS_FILE["characters"]), "board": board}


def _bad(reason: str):
    return InvalidOptions(f"position: {reason}")


def validate_position(seats: int, resolved) -> None:
    """Refuse a bad position with a reason (spec section 19)."""
    pos = resolved["position"]
    if not isinstance(pos, dict):
        raise _bad("must be a JSON object")
    unknown = set(pos) - {"board", "space", "teams", "characters", "objects", "tables", "rugs", "familiar",
                          "game_end", "draw_order"}
    if unknown:
        raise _bad(f"unknown key {sorted(unknown)[0]!r}")
    if pos.get("board", resolved["board"]) != resolved["board"]:
        raise _bad(f"board {pos.get('board')!r} differs from the board option")
    data = effective_data(resolved)
    raw = data["board"]
    rows, cols = len(raw["terrain"]), len(raw["terrain"][0])
    cards = {c["id"]: c for c in data["cards"]}

    def square(text, what):
        try:
            return g.parse_square(str(text), rows, cols)
        except g.BadSquare as error:
            raise _bad(f"{what}: {error}") from None

    space = pos.get("space", 0)
    if not isinstance(space, int) or space < 0:
        raise _bad("space must be a whole number >= 0")
    teams = pos.get("teams")
    if not (isinstance(teams, list) and all(isinstance(t, list) for t in teams)
            and sorted(s for t in teams for s in t) == list(range(seats))):
        raise _bad("teams must list every seat exactly once")
    if resolved["board"] == "pirate" and len(teams) != 2:
        raise _bad("the pirate board needs two teams (crews)")
    chars = pos.get("characters")
    if not isinstance(chars, list) or not chars:
        raise _bad("characters must be a non-empty list")
    squares, held = {}, {}
    ids = [c.get("id") for c in chars]
    if len(set(ids)) != len(ids):
        raise _bad("a character appears twice")
    for c in chars:
        cid = c.get("id")
        if cid not in CHARACTER_IDS:
            raise _bad(f"unknown character {cid!r}")
        if c.get("seat") not in range(seats):
            raise _bad(f"{cid}: seat must be 0..{seats - 1}")
        if c.get("square") is not None:
            sq = square(c["square"], cid)
            if sq in squares:
                raise _bad(f"{cid} and {squares[sq]} overlap on {c['square']}")
            squares[sq] = cid
            if c.get("facing") not in g.facings(resolved["geometry.facings"]):
                raise _bad(f"{cid}: facing must be one of {' '.join(g.facings(resolved['geometry.facings']))}")
        elif c.get("status"):
            raise _bad(f"{cid}: a status token on an Overboard character")
        for key in ("rep", "time"):
            if not isinstance(c.get(key, 0), int) or c.get(key, 0) < 0:
                raise _bad(f"{cid}: {key} must be a whole number >= 0")
        if c.get("time", space) < space:
            raise _bad(f"{cid}: its time token ({c.get('time')}) lies behind the time marker ({space})")
        status = c.get("status", [])
        if not isinstance(status, list) or any(s not in ("dazed", "fallen") for s in status) or len(set(status)) != len(status):
            raise _bad(f"{cid}: status lists dazed/fallen tokens at most once each")
        plan = c.get("plan", [])
        if len(status) + len(plan) > 3:
            raise _bad(f"{cid}: more than 3 plan items")
        owned = {k for k, v in cards.items() if v["owner"] in ("common", cid)}
        duration_cards = [d.get("card") for d in c.get("durations", [])]
        for card in plan + duration_cards:
            if card not in owned:
                raise _bad(f"{cid}: {card!r} is not one of its cards")
        if len(set(plan + duration_cards)) != len(plan + duration_cards):
            raise _bad(f"{cid}: a card both planned and face up, or twice")
        for card in duration_cards:
            if not cards[card]["duration"]:
                raise _bad(f"{cid}: {card} is not a Duration card")
        dragon = c.get("dragon", "locked")
        if dragon not in ("locked", "unlocked", "spent"):
            raise _bad(f"{cid}: dragon must be locked, unlocked or spent")
        for card in plan:
            if cards[card]["kind"] == "dragon" and dragon != "unlocked":
                raise _bad(f"{cid}: a Dragon card planned while {dragon}")
        if c.get("holds") is not None:
            if c.get("square") is None:
                raise _bad(f"{cid}: an Overboard character holds nothing")
            held[c["holds"]] = cid
    objects = raw["objects"]
    loose = {}
    blocking_at = {}
    table_squares = {}
    for t in raw["tables"]:
        try:
            sqs = g.parse_area(t["squares"], rows, cols)
        except (g.BadSquare, KeyError, TypeError) as error:
            raise _bad(f"table {t.get('id')}: {error}") from None
        for s in sqs:
            if s in table_squares:
                raise _bad(f"tables {table_squares[s]} and {t['id']} overlap")
            table_squares[s] = t["id"]
    for r in raw["rugs"]:
        try:
            g.parse_area(r["squares"], rows, cols)
        except (g.BadSquare, KeyError, TypeError) as error:
            raise _bad(f"rug {r.get('id')}: {error}") from None
    for o in objects:
        oid = o.get("id", "")
        kind = oid.rstrip("0123456789")
        if kind not in ("mug", "chair", "barrel", "chest", "flagon") or (kind == "flagon") != (oid == "flagon"):
            raise _bad(f"unknown object {oid!r}")
        if oid in loose or oid in held:
            raise _bad(f"{oid} appears twice (or is held and lies on the board)")
        sq = square(o.get("square"), oid)
        loose[oid] = sq
        if kind in resolved["objects.blocking"]:
            if sq in blocking_at:
                raise _bad(f"{oid} and {blocking_at[sq]} overlap on {o['square']}")
            if sq in table_squares:
                raise _bad(f"{oid} may not lie on a table")
            blocking_at[sq] = oid
            if sq in squares and kind != "chair":
                raise _bad(f"{oid} and {squares[sq]} overlap on {o['square']}")
    for oid in held:
        if oid.rstrip("0123456789") not in ("mug", "chair", "chest", "flagon"):
            raise _bad(f"{oid} cannot be held")
    for sq, cid in squares.items():
        letter = raw["terrain"][sq[0]][sq[1]] if 0 <= sq[0] < rows and 0 <= sq[1] < cols else None
        open_water = (letter in ("~", "o") or (letter is None and raw["off_grid"] == "water")) and sq not in table_squares
        if open_water or (letter is None and raw["off_grid"] == "wall"):
            raise _bad(f"{cid} stands in open water or a wall")
    if ("flagon" in loose) + ("flagon" in held) != 1:
        raise _bad("the Flagon must appear exactly once (loose or held)")
    if pos.get("familiar") is not None:
        if "wizard" not in ids:
            raise _bad("a familiar without the wizard")
        square(pos["familiar"], "familiar")
    game_end = pos.get("game_end")
    if game_end is not None:
        faces = [t.get("face") for t in game_end] if isinstance(game_end, list) else []
        if len(faces) != 4 or set(faces) - {"watch", "blank"} or "watch" not in faces:
            raise _bad("game_end needs four tokens (watch or blank), at least one watch")
        if any(not isinstance(t.get("space"), int) for t in game_end):
            raise _bad("game_end spaces must be whole numbers")
    order = pos.get("draw_order", []) or []
    for cid in order:
        if cid not in ids:
            raise _bad(f"draw_order names {cid!r}, which is not in play")
    if len(set(order)) != len(order):
        raise _bad("draw_order names a character twice")
    # It orders the draws of the first space (spec 19), so it may name only characters Active there.
    active = {c.get("id") for c in pos.get("characters", []) if c.get("time", space) == space}
    for cid in order:
        if cid not in active:
            raise _bad(f"draw_order names {cid!r}, which is not Active in space {space}")
