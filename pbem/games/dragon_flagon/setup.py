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
    "board": Option(
        "choice", DEFAULTS["board"], "Pirate: two crews brawl across two ships joined by gangplanks, with treasure "
        "chests and the sea. Tavern: the base game's room, every player for themselves.", choices=("pirate", "tavern"),
        label="Board", choice_labels={"pirate": "Pirate ships (two crews)", "tavern": "Tavern (everyone for themselves)"}),
    "characters": Option(
        "json", None, "Leave empty to deal the characters at random. Or give each seat its characters, e.g. "
        '{"0": ["monk", "rogue"], "1": ["paladin", "wizard"]}: seats take the number of characters the player count '
        "gives them.", label="Characters for each seat"),
    "pirate.crews": Option(
        "json", None, "Leave empty for alternating crews: first, third, fifth player on the left ship, the others on "
        "the right. Or list the seats of each crew, e.g. [[0, 1], [2, 3]] (numbered from 0).", label="Crews"),
    "pirate.uneven_bonus": Option(
        "int", DEFAULTS["pirate.uneven_bonus"], "When one crew has fewer characters (3, 5 or 7 players), it scores "
        "this much at the end for each character it lacks. Our ruling: the printed rules do not say.",
        minimum=0, maximum=100, label="Bonus for a smaller crew"),
    "pirate.chest_value": Option(
        "int", DEFAULTS["pirate.chest_value"], "Points at the end for each treasure chest a crew holds or has loose on "
        "its own ship (the printed rules give 5).", minimum=0, maximum=100, label="Points per treasure chest"),
    "pirate.return.facing": Option(
        "choice", DEFAULTS["pirate.return.facing"], "How a character climbing back aboard after going overboard "
        "faces. The printed rules do not say; here the player chooses unless this is changed.", choices=("free", "toward_enemy"), label="Facing when back from the sea",
        choice_labels={"free": "Any way the player likes", "toward_enemy": "Always towards the other ship"}),
    "teams.partnership": Option(
        "choice", DEFAULTS["teams.partnership"], "Tavern board with 4 players only: the first and third player play "
        "together against the second and fourth, and score their reputation together.", choices=("none", "pairs"),
        label="Partners in the tavern", choice_labels={"none": "Everyone for themselves",
                                                       "pairs": "Two teams of two"}),
    "setup.placement": Option(
        "choice", DEFAULTS["setup.placement"], "How the characters are put on the board at the start. The start "
        "squares and the order are our reconstruction.",
        choices=("choose", "fixed"), label="Starting places", choice_labels={
            "choose": "Players choose start squares and facings, in a random order",
            "fixed": "Automatic: start squares in a fixed order, facing the other ship (quicker)"}),
    "planning.timing": Option(
        "choice", DEFAULTS["planning.timing"], "When a character tops its plan up to two face-down cards.",
        choices=("start_of_active_space", "end_of_space"), label="When to plan", choice_labels={
            "start_of_active_space": "When its turn comes round (as the pirate rules say)",
            "end_of_space": "At the end of the turn it acted in, so its next cards are chosen earlier"}),
    "planning.fill": Option(
        "choice", DEFAULTS["planning.fill"], "A plan holds at most three things (cards and Dazed or Fallen tokens) "
        "and is topped up to two cards. Only one rule so far.", choices=("two_cards_max_three_items",),
        label="Plan size", choice_labels={"two_cards_max_three_items": "Two cards, at most three things"}),
    "endgame.tokens": Option(
        "json", None, "The four Game End tokens, face down on the track. Leave empty for one City Watch and three "
        'blanks; or give four, e.g. ["watch", "watch", "blank", "blank"] for an earlier end on average.',
        label="Game End tokens"),
    "endgame.range": Option(
        "json", None, "Where the four Game End tokens lie on the time track. Leave empty for the usual: spaces "
        "21-24 with 6 or more characters, 27-30 with fewer (which count gets which is our choice). Or give the "
        "first space (e.g. 15) for a shorter game.",
        label="Game End spaces"),
    "endgame.reveal": Option(
        "choice", DEFAULTS["endgame.reveal"], "When the Game End token on the current space is turned up.",
        choices=("end_of_space", "on_arrival"), label="Turning up Game End tokens", choice_labels={
            "end_of_space": "After everyone on that space has acted",
            "on_arrival": "As soon as the time marker reaches it (the last space is not played)"}),
    "status.dazed": Option(
        "json", None, 'Time a Dazed character loses recovering: 2 (the printed number is not known to us; this is '
        'our choice). To change it write e.g. {"cost": 3}.',
        label="Dazed costs"),
    "status.fallen": Option(
        "json", None, 'Time a Fallen character loses getting up (1), and whether a fall sends its first planned '
        'card back to hand (yes). The printed rules are not known to us; this is our choice. To change it write '
        'e.g. {"cost": 2, "returns_card": false}.', label="Falling costs"),
    "status.max_recovery": Option(
        "int", DEFAULTS["status.max_recovery"], "Most time a character loses recovering from Dazed and Fallen at "
        "once (our choice: the printed rules are not known to us).", minimum=1, maximum=10, label="Longest recovery"),
    "combat.slam": Option(
        "int", DEFAULTS["combat.slam"], "Extra reputation lost by a character knocked back into something it "
        "cannot enter (a wall, a barrel, another character). Our choice: the printed rules are not known to us.", minimum=0, maximum=10, label="Slam"),
    "overboard.reputation": Option(
        "int", DEFAULTS["overboard.reputation"], "Reputation a character gives to whoever knocked it overboard "
        "(the printed rules give 2).", minimum=0, maximum=20, label="Cost of going overboard"),
    "overboard.time": Option(
        "choice", DEFAULTS["overboard.time"], "Going overboard does not move the character's time token. Only one "
        "rule so far.", choices=("unchanged",), label="Time after going overboard",
        choice_labels={"unchanged": "Its time token stays where it is"}),
    "reputation.start": Option(
        "int", DEFAULTS["reputation.start"], "Reputation each character starts with.", minimum=0, maximum=100,
        label="Starting reputation"),
    "cards": Option(
        "json", None, 'Change cards for this game, by card: e.g. {"slash": {"time": 3}} makes Slash slower. For '
        "house rules; leave empty to play the cards as described on the rules page.", label="Card changes"),
    "dragon.unlock": Option(
        "choice", DEFAULTS["dragon.unlock"], "When a character may plan its Dragon card (once a game).",
        choices=("first_pickup", "while_holding"), label="Dragon cards", choice_labels={
            "first_pickup": "Once it has held the Flagon, for the rest of the game",
            "while_holding": "Only while it holds the Flagon (it does nothing if the Flagon is gone when revealed)"}),
    "objects.blocking": Option(
        "json", None, 'Objects nobody can walk through. Leave empty for barrels and chairs (our choice: the printed '
        'rules are not known to us); e.g. ["barrel"] lets characters walk over chairs.', label="Objects in the way"),
    "objects.carry_limit": Option(
        "int", DEFAULTS["objects.carry_limit"], "Objects a character can hold at once. Only 1 so far.",
        minimum=1, maximum=1, label="Objects held"),
    "geometry.facings": Option(
        "int", DEFAULTS["geometry.facings"], "4: characters face north, east, south or west. 8: diagonals too, so "
        "attacks, dashes and leaps can go diagonally. The printed rules are not known to us; 4 is our choice.", minimum=4, maximum=8, label="Facings (4 or 8)"),
    "rug.pull": Option(
        "choice", DEFAULTS["rug.pull"], "A pulled rug makes those on it lose 1 and fall; the rug stays where it is. "
        "Only one rule so far.", choices=("fall_only",), label="Pulling a rug",
        choice_labels={"fall_only": "Those on it fall; the rug stays"}),
    "swing.requirement": Option(
        "choice", DEFAULTS["swing.requirement"], "Where Swing (through the rigging, or from the chandeliers in the "
        "tavern) may start. Reviews describe swings from table tops; the printed rule is not known to us.", choices=("table", "anywhere"), label="Swinging", choice_labels={
            "table": "Only from a table top", "anywhere": "From anywhere"}),
    "tiebreak": Option(
        "choice", DEFAULTS["tiebreak"], "What decides a tie at the end. Our ruling: the printed rules do not say.",
        choices=("auto", "shared"), label="Ties", choice_labels={
            "auto": "More chests (ships) or the best single character (tavern); still tied, shared",
            "shared": "A tie is a shared victory"}),
    "position": Option(
        "json", None, "Start from a position of your own instead of the usual set-up: every character, object and "
        "table where you want them (for teaching, puzzles or a replayed situation). The format is described on the "
        "rules page.", label="Start position"),
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
