"""Options, teams, deal and the `position` option (spec sections 5, 9, 16 and 19).

`resolve_options` fills every option from `data/defaults.json` and checks it; a `position` is checked
by `position.validate_position` (a message starting `position: FIELD:`). `effective_data` is what
`game_started` records: the card table after overrides and the board after the position.
"""

from __future__ import annotations

import copy

from ..base import N_, InvalidOptions, Option, check_options
from .data import BOARDS_FILE, CARDS_FILE, DEFAULTS, TABLES, BadData, effective_cards
from .position import validate_position

CHARACTER_IDS = tuple(c["id"] for c in CARDS_FILE["characters"])
PLAYERS = (2, 8)

OPTIONS = {
    "board": Option(
        "choice", DEFAULTS["board"], N_("Pirate: two crews brawl across two ships joined by gangplanks, with treasure "
        "chests and the sea. Tavern: the base game's room, every player for themselves."), choices=("pirate", "tavern"),
        label=N_("Board"), choice_labels={"pirate": N_("Pirate ships (two crews)"), "tavern": N_("Tavern (everyone for themselves)")}),
    "characters": Option(
        "json", None, N_("Leave empty to deal the characters at random. Or give each seat its characters, e.g. "
        '{"0": ["monk", "rogue"], "1": ["paladin", "wizard"]}: seats take the number of characters the player count '
        "gives them."), label=N_("Characters for each seat")),
    "pirate.crews": Option(
        "json", None, N_("Leave empty for alternating crews: first, third, fifth player on the left ship, the others on "
        "the right. Or list the seats of each crew, e.g. [[0, 1], [2, 3]] (numbered from 0)."), label=N_("Crews")),
    "pirate.uneven_bonus": Option(
        "int", DEFAULTS["pirate.uneven_bonus"], N_("When one crew has fewer characters (3, 5 or 7 players), it scores "
        "this much at the end for each character it lacks. Our ruling: the printed rules do not say."),
        minimum=0, maximum=100, label=N_("Bonus for a smaller crew")),
    "pirate.chest_value": Option(
        "int", DEFAULTS["pirate.chest_value"], N_("Points at the end for each treasure chest a crew holds or has loose on "
        "its own ship (the printed rules give 5)."), minimum=0, maximum=100, label=N_("Points per treasure chest")),
    "pirate.return.facing": Option(
        "choice", DEFAULTS["pirate.return.facing"], N_("How a character climbing back aboard after going overboard "
        "faces. The printed rules do not say; here the player chooses unless this is changed."), choices=("free", "toward_enemy"), label=N_("Facing when back from the sea"),
        choice_labels={"free": N_("Any way the player likes"), "toward_enemy": N_("Always towards the other ship")}),
    "teams.partnership": Option(
        "choice", DEFAULTS["teams.partnership"], N_("Tavern board with 4 players only: the first and third player play "
        "together against the second and fourth, and score their reputation together."), choices=("none", "pairs"),
        label=N_("Partners in the tavern"), choice_labels={"none": N_("Everyone for themselves"),
                                                       "pairs": N_("Two teams of two")}),
    "setup.placement": Option(
        "choice", DEFAULTS["setup.placement"], N_("How the characters are put on the board at the start. The start "
        "squares and the order are our reconstruction."),
        choices=("choose", "fixed"), label=N_("Starting places"), choice_labels={
            "choose": N_("Players choose start squares and facings, in a random order"),
            "fixed": N_("Automatic: start squares in a fixed order, facing the other ship (quicker)")}),
    "planning.timing": Option(
        "choice", DEFAULTS["planning.timing"], N_("When a character tops its plan up to two face-down cards."),
        choices=("start_of_active_space", "end_of_space"), label=N_("When to plan"), choice_labels={
            "start_of_active_space": N_("When its turn comes round (as the pirate rules say)"),
            "end_of_space": N_("At the end of the turn it acted in, so its next cards are chosen earlier")}),
    "planning.fill": Option(
        "choice", DEFAULTS["planning.fill"], N_("A plan holds at most three things (cards and Dazed or Fallen tokens) "
        "and is topped up to two cards. Only one rule so far."), choices=("two_cards_max_three_items",),
        label=N_("Plan size"), choice_labels={"two_cards_max_three_items": N_("Two cards, at most three things")}),
    "endgame.tokens": Option(
        "json", None, N_("The four Game End tokens, face down on the track. Leave empty for one City Watch and three "
        'blanks; or give four, e.g. ["watch", "watch", "blank", "blank"] for an earlier end on average.'),
        label=N_("Game End tokens")),
    "endgame.range": Option(
        "json", None, N_("Where the four Game End tokens lie on the time track. Leave empty for the usual: spaces "
        "21-24 with 6 or more characters, 27-30 with fewer (which count gets which is our choice). Or give the "
        "first space (e.g. 15) for a shorter game."),
        label=N_("Game End spaces")),
    "endgame.reveal": Option(
        "choice", DEFAULTS["endgame.reveal"], N_("When the Game End token on the current space is turned up."),
        choices=("end_of_space", "on_arrival"), label=N_("Turning up Game End tokens"), choice_labels={
            "end_of_space": N_("After everyone on that space has acted"),
            "on_arrival": N_("As soon as the time marker reaches it (the last space is not played)")}),
    "status.dazed": Option(
        "json", None, N_('Time a Dazed character loses recovering: 2 (the printed number is not known to us; this is '
        'our choice). To change it write e.g. {"cost": 3}.'),
        label=N_("Dazed costs")),
    "status.fallen": Option(
        "json", None, N_('Time a Fallen character loses getting up (1), and whether a fall sends its first planned '
        'card back to hand (yes). The printed rules are not known to us; this is our choice. To change it write '
        'e.g. {"cost": 2, "returns_card": false}.'), label=N_("Falling costs")),
    "status.max_recovery": Option(
        "int", DEFAULTS["status.max_recovery"], N_("Most time a character loses recovering from Dazed and Fallen at "
        "once (our choice: the printed rules are not known to us)."), minimum=1, maximum=10, label=N_("Longest recovery")),
    "combat.slam": Option(
        "int", DEFAULTS["combat.slam"], N_("Extra reputation lost by a character knocked back into something it "
        "cannot enter (a wall, a barrel, another character). Our choice: the printed rules are not known to us."), minimum=0, maximum=10, label=N_("Slam")),
    "overboard.reputation": Option(
        "int", DEFAULTS["overboard.reputation"], N_("Reputation a character gives to whoever knocked it overboard "
        "(the printed rules give 2)."), minimum=0, maximum=20, label=N_("Cost of going overboard")),
    "overboard.time": Option(
        "choice", DEFAULTS["overboard.time"], N_("Going overboard does not move the character's time token. Only one "
        "rule so far."), choices=("unchanged",), label=N_("Time after going overboard"),
        choice_labels={"unchanged": N_("Its time token stays where it is")}),
    "reputation.start": Option(
        "int", DEFAULTS["reputation.start"], N_("Reputation each character starts with."), minimum=0, maximum=100,
        label=N_("Starting reputation")),
    "cards": Option(
        "json", None, N_('Change cards for this game, by card: e.g. {"slash": {"time": 3}} makes Slash slower. For '
        "house rules; leave empty to play the cards as described on the rules page."), label=N_("Card changes")),
    "dragon.unlock": Option(
        "choice", DEFAULTS["dragon.unlock"], N_("When a character may plan its Dragon card (once a game)."),
        choices=("first_pickup", "while_holding"), label=N_("Dragon cards"), choice_labels={
            "first_pickup": N_("Once it has held the Flagon, for the rest of the game"),
            "while_holding": N_("Only while it holds the Flagon (it does nothing if the Flagon is gone when revealed)")}),
    "objects.blocking": Option(
        "json", None, N_('Objects nobody can walk through. Leave empty for barrels and chairs (our choice: the printed '
        'rules are not known to us); e.g. ["barrel"] lets characters walk over chairs.'), label=N_("Objects in the way")),
    "objects.carry_limit": Option(
        "int", DEFAULTS["objects.carry_limit"], N_("Objects a character can hold at once. Only 1 so far."),
        minimum=1, maximum=1, label=N_("Objects held")),
    "geometry.facings": Option(
        "int", DEFAULTS["geometry.facings"], N_("4: characters face north, east, south or west. 8: diagonals too, so "
        "attacks, dashes and leaps can go diagonally. The printed rules are not known to us; 4 is our choice."), minimum=4, maximum=8, label=N_("Facings (4 or 8)")),
    "rug.pull": Option(
        "choice", DEFAULTS["rug.pull"], N_("A pulled rug makes those on it lose 1 and fall; the rug stays where it is. "
        "Only one rule so far."), choices=("fall_only",), label=N_("Pulling a rug"),
        choice_labels={"fall_only": N_("Those on it fall; the rug stays")}),
    "swing.requirement": Option(
        "choice", DEFAULTS["swing.requirement"], N_("Where Swing (through the rigging, or from the chandeliers in the "
        "tavern) may start. Reviews describe swings from table tops; the printed rule is not known to us."), choices=("table", "anywhere"), label=N_("Swinging"), choice_labels={
            "table": N_("Only from a table top"), "anywhere": N_("From anywhere")}),
    "tiebreak": Option(
        "choice", DEFAULTS["tiebreak"], N_("What decides a tie at the end. Our ruling: the printed rules do not say."),
        choices=("auto", "shared"), label=N_("Ties"), choice_labels={
            "auto": N_("More chests (ships) or the best single character (tavern); still tied, shared"),
            "shared": N_("A tie is a shared victory")}),
    "position": Option(
        "json", None, N_("Start from a position of your own instead of the usual set-up: every character, object and "
        "table where you want them (for teaching, puzzles or a replayed situation). The format is described on the "
        "rules page."), label=N_("Start position")),
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
