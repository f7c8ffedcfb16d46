"""Turns, options, setup, the wind deck and die, and the decider functions of RIGADOON.

Follows the rule text's setup, "The following steps are repeated each turn", "The Wind", "Repairing
Ships" and "Musts, cans & can-nots", with the spec's rulings R9-R12, R20 and R28 and its sections
"Wind deck and die", "Setup and who goes first" and "Turns". Movement and combat are in `engine`.
"""

from __future__ import annotations

from pbem.games.base import (N_, RULES, Event, IllegalMove, InvalidMove, InvalidOptions, NotYourTurn, Option, Outcome,
                             Phrase, check_options, counted, joined, said)

from .board import BOARD_IDS, ORDER, BadSquare, exit_mappings, load_board
from .engine import Illegal, parse_sail, run_sail, walk_sail
from .notation import parse_move
from .state import FLEET_NAMES, SHIP_NAMES, Rules, Ship, State, fleet_of, other_fleet, with_changes

NAME = "rigadoon"
TITLE = "Rigadoon"
PLAYERS = (2, 2)
RULES_VERSION = 1
KNOWN_RULES_VERSIONS = (1,)  # every version this module still plays (old games keep theirs)

OPTIONS = {
    "wind": Option("choice", "deck", said("How the wind changes each turn: the next card of the wind deck (every direction "
                   "comes up once before the deck is reshuffled), or a roll of the eight-sided wind die (any direction, "
                   "any time)."), choices=("deck", "die"), label=said("Wind changes by"),
                   choice_labels={"deck": said("drawing a wind card"), "die": said("rolling the wind die (for experienced players)")}),
    "deck_copies": Option("int", 1, said("How many cards of each of the 8 directions the wind deck holds. With more copies "
                          "the same wind can come back sooner. The printed rules do not say what the deck holds; one "
                          "card per direction is our reading."), minimum=1, maximum=4, label=said("Cards per direction in the wind deck")),
    "same_wind": Option("choice", "redraw", said("When the card drawn or the die rolled shows the wind already blowing: draw "
                        "or roll again, so the wind always changes, or keep it, so the wind may stay. The printed rules "
                        "do not say."), choices=("redraw", "keep"), label=said("A draw of the same wind"),
                        choice_labels={"redraw": said("draw again: the wind always changes"), "keep": said("counts: the wind may stay")}),
    "exits": Option("choice", "opposite", said("Where each maelstrom sends ships and chests: to the exit on the far side "
                    "of the board, or to the exit on its own side. The printed board is not available; both fit the rules."),
                    choices=("opposite", "same_side"), label=said("Maelstrom exits"),
                    choice_labels={"opposite": said("across the board"), "same_side": said("on the maelstrom's own side")}),
    "double_block": Option("choice", "stop", said("When an attack backfires and the attacker cannot be blasted back either: "
                           "both ships keep their lost masts and stay put, or the player whose turn it is loses, as "
                           "for an endless loop. The printed rules do not say."), choices=("stop", "loop_loses"),
                           label=said("A backfire blocked both ways"),
                           choice_labels={"stop": said("both stay, the exchange ends"), "loop_loses": said("the player to move loses")}),
    "rigadoon_limit": Option("choice", "once", said("A Rigadoon (one sail sets off attacks on all four enemy ships) gives "
                             "the ship that sailed all its masts back and one more sail. Once per ship per turn, or "
                             "again each time the extra sail makes another Rigadoon."), choices=("once", "unlimited"),
                             label=said("Rigadoon bonus"), choice_labels={"once": said("once per ship each turn"),
                                                                    "unlimited": said("every time")}),
    "first": Option("choice", "random", said("Who chooses a fleet colour and takes the first turn: drawn at random, or "
                    "the first player listed (as agreed among you). The other player picks the opening wind."),
                    choices=("random", "seat0"), label=said("Who goes first"),
                    choice_labels={"random": said("drawn at random"), "seat0": said("the first player listed")}),
    "board": Option("choice", "recon11", said("The board: 11 by 11 squares, four islands near the corners, a maelstrom "
                    "beside each, The Shallows in the middle. The printed board is not available; this layout fits "
                    "every example of the rules."), choices=BOARD_IDS, label=said("Board"),
                    choice_labels={"recon11": said("11 by 11 (our reconstruction)")}),
    "loop_cap": Option("int", 10000, said("A chain reaction of more attacks than this counts as an endless loop, and the "
                       "player whose turn it is loses. Real chains are far shorter; change it only for puzzles."),
                       minimum=10, maximum=1000000, label=said("Attacks before a chain counts as endless")),
    "turn_limit": Option("int", 0, said("After this many turns the game ends in a draw; 0 plays on until someone wins."),
                         minimum=0, maximum=100000, label=said("Turn limit")),
    "position": Option("json", None, said("Start from a position of your own instead of the usual start: the wind, who "
                       "moves, where each ship is with how many masts, and where the chests are (a game's record "
                       "shows the form; the rules page has an example)."), label=said("Start position")),
}


# --- options and setup -------------------------------------------------------------------------------------


def _rules(options) -> Rules:
    return Rules(
        wind_mode=options["wind"], deck_copies=options["deck_copies"], same_wind=options["same_wind"],
        exits=options["exits"], double_block=options["double_block"], rigadoon_limit=options["rigadoon_limit"],
        first=options["first"], board=options["board"], loop_cap=options["loop_cap"], turn_limit=options["turn_limit"],
    )


def resolve_options(seats: int, options) -> dict:
    if seats not in range(PLAYERS[0], PLAYERS[1] + 1):
        raise InvalidOptions(f"Rigadoon is for 2 players, not {seats}")
    resolved = check_options(OPTIONS, options)
    if resolved["exits"] not in exit_mappings(resolved["board"]):
        raise InvalidOptions(f"board {resolved['board']!r} has no exit mapping {resolved['exits']!r}")
    if resolved["position"] is not None:
        parse_position(_rules(resolved), resolved["position"])
        # the game keeps the position's own fields, all checked; a view's other fields are ignored, so
        # they are not kept either (unchecked, they could hold anything: a number JSON cannot write)
        resolved["position"] = {k: v for k, v in resolved["position"].items() if k in POSITION_FIELDS}
    return resolved


def full_deck(rules: Rules) -> tuple[str, ...]:
    return tuple(sorted(d for d in ORDER for _ in range(rules.deck_copies)))


def _remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    out = list(cards)
    out.remove(card)
    return tuple(out)


# A position's own fields, and the other keys of a `view`: a position may carry those (they are
# ignored), so that any view can be fed back as a position (spec "Views"). Any other key is refused,
# so that a misspelt field is not silently lost. tests/games/rigadoon checks views against this list.
POSITION_FIELDS = ("wind", "to_move", "seats", "ships", "chests")
VIEW_FIELDS = ("phase", "turn", "first_seat", "seats_to_move", "rules", "board", "ship_state", "wind_detail",
               "turn_record", "chain", "reachable", "last_path", "legal_moves", "note", "result")


def _shown(value) -> str:
    """A short, printable quotation of what was sent (never thousands of characters back)."""
    text = repr(value) if isinstance(value, str) else type(value).__name__
    return text if len(text) <= 24 else text[:20] + "...'"


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_position(rules: Rules, position) -> dict:
    """Check a `position` option and return its parts; InvalidOptions names the failed check.

    Every value is type-checked before it is used, so no input (huge numbers, odd strings, nested
    junk) gets further than a refusal that names its field. A missing or null wind, to_move or seats
    takes its default (a view taken before the opening wind has a null wind)."""
    board = load_board(rules.board, rules.exits)
    if not isinstance(position, dict):
        raise InvalidOptions("position must be a JSON object")
    unknown = sorted(_shown(key) for key in position if key not in POSITION_FIELDS + VIEW_FIELDS)
    if unknown:
        raise InvalidOptions(f"position: unknown field {unknown[0]}; a position has {', '.join(POSITION_FIELDS)}"
                             " (and may carry the other fields of a view, which are ignored)")
    wind = "N" if position.get("wind") is None else position["wind"]
    if not isinstance(wind, str) or wind.upper() not in ORDER:
        raise InvalidOptions(f"position: wind must be one of {' '.join(ORDER)}, not {_shown(wind)}")
    wind = wind.upper()
    to_move = "blue" if position.get("to_move") is None else position["to_move"]
    if not isinstance(to_move, str) or to_move.lower() not in ("blue", "green"):
        raise InvalidOptions(f"position: to_move must be blue or green, not {_shown(to_move)}")
    to_move = to_move.lower()
    # Seat numbers may come as true/false or 0.0/1.0 (JSON does not tell them apart from 0 and 1 in
    # every client): they were always accepted, so they still are, as the whole numbers they equal.
    seats = position.get("seats") or {"blue": 0, "green": 1}
    if not (isinstance(seats, dict) and sorted(map(str, seats)) == ["blue", "green"]
            and all(isinstance(v, (int, float)) and v in (0, 1) for v in seats.values())
            and sorted(seats.values()) == [0, 1]):
        raise InvalidOptions('position: seats must be {"blue": 0, "green": 1} or {"blue": 1, "green": 0}')
    seats = {fleet: int(seat) for fleet, seat in seats.items()}
    raw_ships = position.get("ships")
    if not isinstance(raw_ships, dict):
        raise InvalidOptions("position: ships must map each ship to [square, masts] or null")
    missing = [name for name in SHIP_NAMES if name not in raw_ships]
    extra = [_shown(name) for name in raw_ships if name not in SHIP_NAMES]
    if missing or extra:
        raise InvalidOptions(f"position: list all 8 ships (null for absent ones); "
                             f"{'missing ' + missing[0] if missing else 'unknown ship ' + extra[0]}")
    raw_chests = position.get("chests")
    raw_chests = [] if raw_chests is None else raw_chests
    if not isinstance(raw_chests, list) or len(raw_chests) > 4:
        raise InvalidOptions("position: chests must be a list of at most 4 squares")
    try:
        chests = [board.parse(sq) for sq in raw_chests]
    except BadSquare as error:
        raise InvalidOptions(f"position: chest {error}") from None
    if len(set(chests)) != len(chests):
        raise InvalidOptions("position: two chests on one square")
    ships = []
    taken = set()
    for name in SHIP_NAMES:
        value = raw_ships[name]
        if value is None:
            ships.append(Ship(name, None, 0))
            continue
        if not (isinstance(value, list) and len(value) == 2 and _is_count(value[1])):
            raise InvalidOptions(f"position: ship {name} must be [square, masts] or null")
        try:
            square = board.parse(value[0])
        except BadSquare as error:
            raise InvalidOptions(f"position: ship {name}: {error}") from None
        if not 0 <= value[1] <= 3:
            raise InvalidOptions(f"position: ship {name} has {'too many' if value[1] > 3 else 'negative'} masts; "
                                 "masts are 0-3")
        if square in taken:
            raise InvalidOptions(f"position: two ships on {board.name(square)}")
        taken.add(square)
        if board.maelstrom_at(square):
            raise InvalidOptions(f"position: ship {name} on a maelstrom ({board.name(square)})")
        if board.island_at(square) and square not in chests:
            raise InvalidOptions(f"position: ship {name} on an island without a chest ({board.name(square)})")
        if square in chests and board.is_open_water(square):
            raise InvalidOptions(f"position: ship {name} on a chest in Open Water ({board.name(square)})")
        ships.append(Ship(name, square, value[1]))
    for square in chests:
        if board.maelstrom_at(square):
            raise InvalidOptions(f"position: chest on a maelstrom ({board.name(square)})")
    for fleet in ("B", "G"):
        if sum(1 for s in ships if fleet_of(s.name) == fleet and s.square and board.island_at(s.square)) >= 2:
            raise InvalidOptions(f"position: {FLEET_NAMES[fleet]} already has two ships in port (the game would be over)")
    return {"wind": wind, "active": to_move[0].upper(), "blue_seat": seats["blue"],
            "ships": tuple(ships), "chests": tuple(sorted(chests))}


def initial_state(seats: int, options, rules_version: int = RULES_VERSION) -> State:
    """The state before any event; it remembers the rules version it plays under."""
    if type(rules_version) is not int or rules_version not in KNOWN_RULES_VERSIONS:
        raise InvalidOptions(f"Rigadoon has no rules version {rules_version!r}; "
                             f"it plays version{'s' if len(KNOWN_RULES_VERSIONS) > 1 else ''} "
                             f"{', '.join(map(str, KNOWN_RULES_VERSIONS))}")
    rules = _rules(options)
    board = rules.geometry
    if options.get("position") is not None:
        p = parse_position(rules, options["position"])
        pile = _remove_one(full_deck(rules), p["wind"]) if rules.wind_mode == "deck" else ()
        return State(rules=rules, seats=seats, phase="play", first_seat=None, blue_seat=p["blue_seat"],
                     active=p["active"], turn=1, wind=p["wind"], pile=pile, discards=(), ships=p["ships"],
                     chests=p["chests"], rules_version=rules_version)
    starts = dict(board.ship_starts)
    ships = tuple(Ship(name, starts[name], 3) for name in SHIP_NAMES)
    random_first = rules.first == "random"
    return State(rules=rules, seats=seats, phase="first" if random_first else "colour",
                 first_seat=None if random_first else 0, blue_seat=None, active="B", turn=1, wind=None,
                 pile=(), discards=(), ships=ships, chests=board.chest_starts, rules_version=rules_version)


def start(state: State, chance) -> list[Event]:
    if state.phase == "first":
        return [Event("first_player_drawn", {"seat": chance.below(2)}, RULES)]
    return []


# --- what may be done ----------------------------------------------------------------------------------------


def to_move(state: State) -> frozenset:
    if state.phase == "colour":
        return frozenset({state.first_seat})
    if state.phase == "opening":
        return frozenset({1 - state.first_seat})
    if state.phase == "play":
        return frozenset({state.seat_of(state.active)})
    return frozenset()


def can_sail(state: State, name: str) -> bool:
    ship = state.ship(name)
    if ship.square is None or fleet_of(name) != state.active or ship.masts < 1:
        return False
    if name in state.acted and name not in state.bonus_sails:
        return False
    if state.aground(name) and (ship.masts < 3 or name in state.aground_this_turn):
        return False  # R12
    return True


def sail_moves(state: State, name: str) -> list[str]:
    """Every legal `sail` of that ship now (without looking at the chain it sets off)."""
    if not can_sail(state, name):
        return []
    ship = state.ship(name)
    board = state.board
    at = {s.square: s.name for s in state.ships if s.square is not None and s.name != name}
    moves = []
    for direction in ORDER:
        for n in range(1, board.reach(state.wind, direction, ship.masts) + 1):
            for land in (None, "sink", "aground"):
                if land == "aground" and ship.masts < 3:
                    continue  # R12: on its own only with 3 masts
                try:
                    walk_sail(board, at, set(state.chests), ship.square, direction, n, land)
                except Illegal:
                    continue
                moves.append(f"sail {name} {direction} {n}" + (f" {land}" if land else ""))
    return moves


def can_repair(state: State, name: str) -> bool:
    ship = state.ship(name)
    return (ship.square is not None and fleet_of(name) == state.active and name not in state.acted
            and ship.masts < 3)


def owes_action(state: State, name: str) -> bool:
    """R11/R12: ships at sea that have not acted must sail (3 masts, when possible), repair (0 masts),
    or do either (1-2 masts, unless aground)."""
    ship = state.ship(name)
    if ship.square is None or fleet_of(name) != state.active or name in state.acted or state.in_port(name):
        return False
    if ship.masts == 0:
        return True
    if ship.masts < 3:
        return not state.aground(name)
    return bool(sail_moves(state, name))


def ship_actions(state: State) -> list[str]:
    moves = []
    for name in SHIP_NAMES:
        if fleet_of(name) != state.active:
            continue
        moves.extend(sail_moves(state, name))
        if can_repair(state, name):
            moves.append(f"repair {name}")
    return moves


def may_end(state: State, actions: list[str]) -> bool:
    """R10: the wind has changed, a ship action followed it and nobody owes one; or the change left
    no ship action at all."""
    if not state.wind_changed:
        return False
    if not actions:
        return True
    return state.acted_after_wind and not any(owes_action(state, name) for name in SHIP_NAMES)


def legal_moves(state: State, seat: int) -> list[str]:
    if seat not in to_move(state):
        return []
    if state.phase == "colour":
        return ["colour blue", "colour green"]
    if state.phase == "opening":
        return [f"opening {d}" for d in ORDER]
    if state.chain is not None:
        return list(state.chain.options)
    actions = ship_actions(state)
    moves = list(actions)
    if not state.wind_changed:
        moves.append("wind")
    if may_end(state, actions):
        moves.append("end")
    return sorted(moves)


def explain(state: State, move: str) -> Phrase:
    """Why a parsed move is not legal now, naming the rule: a ruling of the spec (`R10: ...`) or the
    heading of the rule text that forbids it (`Sailing Ships: ...`). A Phrase: the rule is a value, as the
    (English) rule text writes it, and the sentence after it is read in the reader's language."""
    words = move.split()
    verb = words[0]
    if state.phase == "colour":
        return said("%(rule)s: the first player picks a fleet now: `colour blue` or `colour green`", rule="R20")
    if state.phase == "opening":
        return said("%(rule)s: the second player picks the opening wind now: `opening <dir>`", rule="R20")
    if state.chain is not None:
        return _explain_in_chain(state, words)
    if verb in ("attack", "bump", "sink", "aground", "island"):
        return said("%(rule)s: no chain of attacks is under way; `attack`, `bump`, `sink`, `aground` and `island` "
                    "answer a chain's decisions", rule="R3")
    if verb in ("colour", "opening"):
        return said("%(rule)s: setup is over: the fleets and the opening wind were chosen", rule="R20")
    if verb == "wind":
        return said("%(rule)s: the wind changes exactly once per turn, and it has changed this turn", rule="R10")
    if verb == "end":
        if not state.wind_changed:
            return said("%(rule)s: change the wind before ending the turn", rule="R10")
        if not state.acted_after_wind:
            return said("%(rule)s: changing the wind cannot be the turn's last action; a ship action must follow it",
                        rule="R10")
        owing = [n for n in SHIP_NAMES if owes_action(state, n)]
        return counted("%(rule)s: ship %(ships)s must still sail or repair",
                       "%(rule)s: ships %(ships)s must still sail or repair", len(owing), rule="R11",
                       ships=", ".join(owing))
    name = words[1]
    ship = state.ship(name)
    fleets = {"B": N_("blue"), "G": N_("green")}
    if fleet_of(name) != state.active:
        return said("%(rule)s: it is the %(fleet)s fleet's turn, and %(ship)s is %(its)s", rule="Repair or sail",
                    fleet=fleets[state.active], ship=name, its=fleets[fleet_of(name)])
    if ship.square is None:
        return said("%(rule)s: %(ship)s is not on the board in this game", rule="Repair or sail", ship=name)
    if verb == "repair":
        if name in state.acted:
            return said("%(rule)s: one action per ship per turn (sail or repair one mast)", rule="Repairing Ships")
        return said("%(rule)s: a ship never has more than 3 masts", rule="Repairing Ships")
    if name in state.acted and name not in state.bonus_sails:
        return said("%(rule)s: you cannot sail a ship more than once per turn (or after repairing it)",
                    rule="Sailing Ships")
    if ship.masts < 1:
        return said("%(rule)s: only ships with at least 1 mast can sail", rule="Sailing Ships")
    if state.aground(name):
        if name in state.aground_this_turn:
            return said("%(rule)s: a ship cannot run aground and dislodge itself in the same turn", rule="R12")
        return said("%(rule)s: a ship run aground can only dislodge itself with all 3 masts", rule="R12")
    _, direction, n, land = parse_sail(move)
    reach = state.board.reach(state.wind, direction, ship.masts)
    if n > reach:
        return said("%(rule)s: with the wind from %(wind)s and %(masts)s %(ship)s reaches %(squares)s %(direction)s",
                    rule="Sailing Ships", wind=state.wind, ship=name, direction=direction,
                    masts=counted("%(n)s mast", "%(n)s masts", ship.masts),
                    squares=counted("%(n)s square", "%(n)s squares", reach))
    if land == "aground" and ship.masts < 3:
        return said("%(rule)s: you can run aground on your own only with all 3 masts", rule="Running Ships aground")
    at = {s.square: s.name for s in state.ships if s.square is not None and s.name != name}
    try:
        walk_sail(state.board, at, set(state.chests), ship.square, direction, n, land)
    except Illegal as error:
        return error.args[0]
    return said("%(rule)s: that sail is not possible now", rule="Sailing Ships")  # not reached: every case above names its rule


def _explain_in_chain(state: State, words: list[str]) -> Phrase:
    chain = state.chain
    choices = ", ".join(chain.options)
    verb = words[0]
    if chain.decision == "attack" and verb == "attack":
        pending = joined(*(part for i, (a, t) in enumerate(chain.pending)
                           for part in ((", ",) if i else ()) + (said("%(attacker)s on %(target)s", attacker=a, target=t),)))
        return said("%(rule)s: %(attacker)s has no attack on %(target)s to resolve now; pending: %(pending)s",
                    rule="R3", attacker=words[1], target=words[2], pending=pending)
    if chain.decision == "chest" and verb in ("bump", "sink", "aground"):
        return said("%(rule)s: %(ship)s is blasted into a chest; it may %(choices)s (a blast covers all the distance "
                    "ships, islands and maelstroms allow; a chest is pushed or sunk or run aground on)", rule="R25",
                    ship=chain.blasted, choices=choices)
    if chain.decision == "island" and verb == "island":
        return said("%(rule)s: a sunk chest washes up on an island without a chest; choose %(choices)s", rule="R17",
                    choices=choices)
    decisions = {"attack": N_("attack decision"), "chest": N_("chest decision"), "island": N_("island decision")}
    return said("%(rule)s: a chain of attacks is under way; answer its %(decision)s first: %(choices)s",
                rule="R3", decision=decisions.get(chain.decision, chain.decision), choices=choices)


# --- the reducer -----------------------------------------------------------------------------------------------


def draw_pool(state: State) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The cards (or die faces) a `wind` change picks from: (eligible, pile, discards), with the
    discards shuffled back into the pile first when the pile holds nothing eligible."""
    rules = state.rules
    if rules.wind_mode == "die":
        faces = ORDER if rules.same_wind == "keep" else tuple(d for d in ORDER if d != state.wind)
        return faces, (), ()
    pile, discards = state.pile, state.discards

    def eligible(cards):
        return tuple(c for c in cards if rules.same_wind == "keep" or c != state.wind)

    if not eligible(pile):
        pile, discards = tuple(sorted(pile + discards)), ()
    return eligible(pile), pile, discards


def apply_wind(state: State, direction: str) -> State:
    if state.rules.wind_mode == "die":
        return with_changes(state, wind=direction, wind_changed=True)
    _, pile, discards = draw_pool(state)
    return with_changes(state, wind=direction, wind_changed=True, pile=_remove_one(pile, direction),
                        discards=tuple(sorted(discards + (state.wind,))))


def end_turn(state: State) -> State:
    state = with_changes(state, active=other_fleet(state.active), turn=state.turn + 1, acted=(),
                         wind_changed=False, acted_after_wind=False, aground_this_turn=(), bonus_sails=(),
                         bonus_earned=())
    if state.rules.turn_limit and state.turn > state.rules.turn_limit:
        return with_changes(state, phase="over", result=("turn_limit", None))
    return state


def apply_move(state: State, move: str) -> State:
    words = move.split()
    verb = words[0]
    if state.chain is not None:
        return run_sail(state.chain.base, state.chain.moves + (move,))
    if verb == "colour":
        fleet = "B" if words[1] == "blue" else "G"
        blue_seat = state.first_seat if fleet == "B" else 1 - state.first_seat
        return with_changes(state, blue_seat=blue_seat, active=fleet, phase="opening")
    if verb == "opening":
        pile = _remove_one(full_deck(state.rules), words[1]) if state.rules.wind_mode == "deck" else ()
        return with_changes(state, wind=words[1], pile=pile, discards=(), phase="play")
    if verb == "wind":
        return state  # the direction arrives in the following `wind_drawn`
    if verb == "repair":
        name = words[1]
        ships = tuple(Ship(s.name, s.square, min(3, s.masts + 1)) if s.name == name else s for s in state.ships)
        return with_changes(state, ships=ships, acted=tuple(sorted(set(state.acted) | {name})),
                            acted_after_wind=state.acted_after_wind or state.wind_changed, last_path=())
    if verb == "sail":
        return run_sail(state, (move,))
    if verb == "end":
        return end_turn(state)
    raise ValueError(f"cannot apply {move!r}")


def evolve(state: State, event: Event) -> State:
    data = event.data
    if event.type == "first_player_drawn":
        return with_changes(state, first_seat=int(data["seat"]), phase="colour")
    if event.type == "move_played":
        return apply_move(state, data["move"])
    if event.type == "wind_drawn":
        return apply_wind(state, data["direction"])
    if event.type == "resigned":
        seat = int(data["seat"])
        return with_changes(state, phase="over", chain=None, result=("resigned", 1 - seat))
    return state


# --- the decider -----------------------------------------------------------------------------------------------


def _automatic(state: State) -> str | None:
    """R28: a pending choice with exactly one option, or an `end` that is the only legal move."""
    if state.phase != "play":
        return None
    seat = state.seat_of(state.active)
    if state.chain is not None:
        return state.chain.options[0] if len(state.chain.options) == 1 else None
    legal = legal_moves(state, seat)
    return "end" if legal == ["end"] else None


def decide(state: State, seat: int, move: str, chance) -> list[Event]:
    if state.phase == "over":
        raise NotYourTurn(said("the game is over"))
    if seat not in to_move(state):
        raise NotYourTurn(said("it is not your turn"))
    canonical = parse_move(move)
    if canonical not in legal_moves(state, seat):
        raise IllegalMove(explain(state, canonical))
    events = [Event.by_seat(seat, "move_played", {"move": canonical})]
    state = evolve(state, events[0])
    if canonical == "wind":
        eligible, _, _ = draw_pool(state)
        drawn = Event("wind_drawn", {"direction": eligible[chance.below(len(eligible))]}, RULES)
        events.append(drawn)
        state = evolve(state, drawn)
    while (auto := _automatic(state)) is not None:
        event = Event("move_played", {"move": auto}, RULES)
        events.append(event)
        state = evolve(state, event)
    return events


def outcome(state: State) -> Outcome | None:
    if state.result is None:
        return None
    termination, seat = state.result
    if seat is None:
        return Outcome(termination, (), ((0, 1),))
    return Outcome(termination, (seat,), ((seat,), (1 - seat,)))


def resign(state: State, seat: int, chance=None) -> list[Event]:
    """The seat leaves; with two fleets the other wins (termination "resigned"). No chance is drawn."""
    return [Event.by_seat(seat, "resigned", {"seat": seat})]


def timeout_move(state: State, seat: int) -> str | None:
    return None  # the rules allow no pass
