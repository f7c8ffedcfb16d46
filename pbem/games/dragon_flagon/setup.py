"""Options, teams, deal and the `position` option (spec sections 5, 9, 16 and 19).

`resolve_options` fills every option from `data/defaults.json` and checks it; a `position` is checked
by `position.validate_position` (a message starting `position: FIELD:`). `effective_data` is what
`game_started` records: the card table after overrides and the board after the position.
"""

from __future__ import annotations

import copy

from ..base import InvalidOptions, Option, check_options
from .data import BOARDS_FILE, CARDS_FILE, DEFAULTS, TABLES, BadData, effective_cards
from .position import validate_position

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
    _check_statuses(resolved)
    _check_card_overrides(resolved["cards"])
    try:
        effective_cards(resolved["cards"])
    except (BadData, TypeError, KeyError) as error:
        raise InvalidOptions(f"option 'cards': {error}") from None
    _check_tokens(resolved)
    _check_blocking(resolved)
    if resolved["position"] is not None:
        validate_position(seats, resolved, effective_data(resolved))
    else:
        _check_crews(seats, resolved)
        _check_characters(seats, resolved)
        if resolved["teams.partnership"] == "pairs" and (resolved["board"] != "tavern" or seats != 4):
            raise InvalidOptions("option 'teams.partnership': pairs needs the tavern board and 4 players")
    return resolved


def _whole_in(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_statuses(resolved) -> None:
    """Recovery costs are small whole numbers of at least 1: every cost moves the time token on
    (spec 10), and the track stays drawable."""
    for key, flags in (("status.dazed", ()), ("status.fallen", ("returns_card",))):
        value = resolved[key]
        unknown = sorted(set(value) - {"cost", *flags})
        if unknown:
            raise InvalidOptions(f"option {key!r}: unknown key {unknown[0]!r}")
        if not _whole_in(value.get("cost"), 1, 5):
            raise InvalidOptions(f"option {key!r}: cost must be a whole number from 1 to 5")
        for flag in flags:
            if not isinstance(value.get(flag, True), bool):
                raise InvalidOptions(f"option {key!r}: {flag} must be true or false")


CARD_OVERRIDE_KEYS = ("time", "name")


def _check_card_overrides(overrides) -> None:
    """Only a card's time (1 to 9) and printed name may be changed by the `cards` option: its effect
    rows are the rules' own and are checked only as data files."""
    for card_id, change in overrides.items():
        if not isinstance(change, dict):
            raise InvalidOptions(f"option 'cards': {card_id}: an object such as {{\"time\": 3}}")
        unknown = sorted(set(change) - set(CARD_OVERRIDE_KEYS))
        if unknown:
            raise InvalidOptions(f"option 'cards': {card_id}: only time and name may change, not {unknown[0]!r}")
        if "time" in change and not _whole_in(change["time"], 1, 9):
            raise InvalidOptions(f"option 'cards': {card_id}: time must be a whole number from 1 to 9")
        name = change.get("name", "x")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or not name.isprintable():
            raise InvalidOptions(f"option 'cards': {card_id}: a name of 1 to 40 printable characters")


def _check_tokens(resolved) -> None:
    tokens = resolved["endgame.tokens"]
    if not (isinstance(tokens, list) and len(tokens) == 4 and all(t in ("watch", "blank") for t in tokens)
            and "watch" in tokens):
        raise InvalidOptions("option 'endgame.tokens': four faces (watch or blank) with at least one watch")
    first = resolved["endgame.range"]
    if first != "auto" and not (isinstance(first, int) and not isinstance(first, bool) and 1 <= first <= 60):
        raise InvalidOptions("option 'endgame.range': auto or a space from 1 to 60")


def _check_blocking(resolved) -> None:
    kinds = resolved["objects.blocking"]
    if not (isinstance(kinds, list) and all(k in ("barrel", "chair", "mug", "chest", "flagon") for k in kinds)):
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
          and all(_whole_in(s, 0, seats - 1) for c in value for s in c)
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
