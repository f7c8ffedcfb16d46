"""Buccaneer (Waddingtons), 2 to 4 players, on the 20x20 board with six ports.

Follows "The Laws of the Game" (shared/rules/buccaneer.txt, Rule 2 corrected) as decided by the
Rulings of shared/specs/buccaneer.md. Modules: board (geometry), cards (component tables and every
reconstructed value), state (frozen state and effect primitives), geometry (paths), notation (move
text); the rules engine in layers, each built on the one before: recorder (effects recorded into
events, the win), ports (trading, ports and islands), chance (chance cards), fights, sailing (movement,
interruptions, standing orders, the free move), turns (the Engine: setup, turns, automatic steps,
resignation, what a seat may do now), moves (legal_moves and decide: a move checked, explained if
refused, played); position (the `position` option), view (what each seat sees), render (the text
board), svg (the SVG board), hints (what the seat page offers for each legal move), panel (the rows of
the HTML panel beside the board, templates/games/buccaneer.html).

Events: each carries `effects`, a list of primitive facts that `evolve` applies in order; moves add
`move` (canonical text), and a secret move adds `seen_by` and `public_move` (spec 17.1). Types:
game_started, dealer_cut, decks_shuffled, crew_dealt, turn_began, move_played, standing_order,
rules_step, resigned.

Move grammar (also NOTATION below). Squares A1..T20 (column A..T = x 1..20, row = y 1..20, north
up); directions N NE E SE S SW W NW; items: crew R1 R2 R3 B1 B2 B3 (repeat, or 2xR1), treasure
diamond ruby gold pearl rum (plurals accepted), value cards doubloons pieces-of-eight kidds-chart
long-john-silver (aliases po8, chart, ljs). Case, extra spaces and commas are ignored.

    sail DIR n [attack] [face DIR]      sail in the heading (from port: an exit); face omitted in port
    sail to SQUARE [attack] [face DIR]  the same, naming the destination
    turn face DIR                       turn on the spot (also a loser's free move when stuck)
    drift DIR [face DIR]                a derelict's one-square move
    face DIR                            heading after chance cards 1, 3 and 4
    end                                 end the turn (or stay in the home port)
    trade give ITEMS take ITEMS         at any port but your home port, value for value
    deposit ITEMS | take ITEMS          home port Docks; `take CREW` also beside Flat Island
    land CREW                           leave crew on Flat Island
    secure TREASURE                     into the Safety Zone (three of a new type at once)
    redeem TREASURE                     a Kidd's Chart at Anchor Bay, worth up to 7
    attack | let pass                   answer to a ship passing yours
    always attack | never attack | ask  standing order, any time (private)
    demand treasure | demand crew       a fight's winner
    give CREW                           a fight's loser gives crew
    keep TREASURE                       a winner with more than two pieces keeps two
    chance treasure TREASURE | chance crew | chance name PORT | chance give ITEMS [docks CREW] |
    chance lose ITEMS | chance return CREW [docks CREW] | chance swap      chance-card decisions

Decisions taken here where the spec leaves room are listed in the docstrings of the modules that take
them (turns, ports, chance).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import reduce

from pbem.games.base import N_, Event, InvalidOptions, Option, Outcome, check_options

from . import moves, panel
from . import position as position_module
from . import recorder, render, svg, turns
from . import view as view_module
from .board import HOME_PORTS, TRADING_PORTS
from .bot import BOTS
from .hints import move_hints  # noqa: F401  (part of the protocol)
from .names import board_names  # noqa: F401  (the board in words, section 25)
from .pickers import item_pickers  # noqa: F401  (moves chosen item by item, issue 27)
from .state import State, apply, empty_state
from .words import describe, reveals

NAME = "buccaneer"
# Version 2: a standing order identical to the seat's current one is refused (Ruling 14); version 1
# accepted it and wrote an event that changed nothing. States carry their version (State.rules_version).
RULES_VERSION = 2
KNOWN_VERSIONS = (1, 2)
RULES_CHANGES = {2: N_("an order identical to the one your ship already stands by is refused (Ruling 14); "
                       "version 1 accepted it as a move that changed nothing.")}  # N_: read in each reader's language
TITLE = "Buccaneer"
PLAYERS = (2, 4)

DEFAULT_HOME_PORTS = {
    2: ("london", "marseilles"),
    3: ("london", "cadiz", "marseilles"),
    4: ("london", "cadiz", "marseilles", "genoa"),
}

OPTIONS = {
    "treasure_per_type": Option(
        "int", 6, N_("How many diamonds, rubies, gold bars, pearls and barrels of rum there are of each (6 in the "
        "printed game). Fewer makes treasure scarce and fights fiercer."), minimum=1, maximum=12,
        label=N_("Treasure of each kind")),
    "hand_size": Option(
        "int", 6, N_("How many crew cards each player is dealt at the start (6 in the printed game, 5 in the 1970s "
        "edition). More crew sails further."), minimum=1, maximum=36, label=N_("Crew cards dealt to each player")),
    "currency_values": Option(
        "choice", "1958", N_("What the Doubloons, Pieces of Eight and Kidd's Chart cards are worth when you trade them."),
        choices=("1958", "20x20"), label=N_("Value cards' worth"),
        choice_labels={"1958": N_("1958 cards: Doubloons 4, Pieces of Eight 5, Kidd's Chart 3"),
                       "20x20": N_("1970s cards: Doubloons 5, Pieces of Eight 4, Kidd's Chart cannot be traded")}),
    # A list of ports fits no option kind (`json` holds an object), so this is text: "london, genoa". A
    # JSON list, as text or as a list, is accepted too (the API and the tests pass lists).
    "home_ports": Option(
        "str", "", N_("Each player's home port, in seat order, separated by commas, e.g. \"london, genoa\": any of "
        "London, Genoa, Marseilles and Cadiz. Leave it empty for the usual ports: London and Marseilles for two "
        "players; London, Cadiz and Marseilles for three; all four for four."), label=N_("Home ports")),
    "turn_limit": Option(
        "int", None, N_("Not in the printed rules: end the game after this many rounds, and the player with the most "
        "treasure at home wins. Leave it empty to play until someone brings 20 home."), minimum=1, maximum=10000,
        label=N_("Round limit")),
    "position": Option(
        "json", None, N_("For puzzles and lessons: start from a prepared position, written as JSON (ships, hands, "
        "Docks, cards). Leave it empty for a normal game."), label=N_("Start position")),
}

NOTATION = """Squares A1..T20 (A..T west to east, 1..20 south to north). Directions N NE E SE S SW W NW.
Items: crew R1 R2 R3 B1 B2 B3; treasure diamond ruby gold pearl rum; value cards doubloons,
pieces-of-eight, kidds-chart, long-john-silver.
  sail DIR n [attack] face DIR   sail in your heading (out of port: by an exit); no face into a port
  sail to SQUARE [attack] [face DIR]
  turn face DIR | drift DIR face DIR | face DIR | end
  trade give ITEMS take ITEMS    (any port but your own home port; equal values)
  deposit ITEMS | take ITEMS | secure TREASURE   (home port)   take CREW | land CREW (Flat Island)
  redeem TREASURE (Kidd's Chart at Anchor Bay T1)
  attack | let pass | always attack | never attack | ask
  demand treasure | demand crew | give CREW | keep TREASURE
  chance treasure TREASURE | chance crew | chance name PORT | chance give ITEMS [docks CREW]
  chance lose ITEMS | chance return CREW [docks CREW]"""


def resolve_options(seats: int, options) -> dict:
    if not isinstance(seats, int) or not PLAYERS[0] <= seats <= PLAYERS[1]:
        raise InvalidOptions(f"Buccaneer is for {PLAYERS[0]} to {PLAYERS[1]} players, not {seats}")
    given = dict(options or {})
    given["home_ports"] = _home_ports_text(given.get("home_ports"))
    resolved = check_options(OPTIONS, given)
    text = resolved["home_ports"]
    ports = [p.strip().lower() for p in text.split(",")] if text.strip() else list(DEFAULT_HOME_PORTS[seats])
    if len(ports) != seats or not all(ports):
        raise InvalidOptions(f"option 'home_ports' must name {seats} home ports, one per seat, separated by commas "
                             f"(for example {', '.join(DEFAULT_HOME_PORTS[seats])}), not {text!r}")
    for port in ports:
        if port in TRADING_PORTS:
            raise InvalidOptions(f"option 'home_ports': {port} is a trading port, not a home port (Rule 1)")
        if port not in HOME_PORTS:
            raise InvalidOptions(f"option 'home_ports': {port!r} is not a home port ({', '.join(HOME_PORTS)})")
    if len(set(ports)) != len(ports):
        raise InvalidOptions("option 'home_ports': each seat needs a different home port (Rule 1)")
    resolved["home_ports"] = ports
    stocked = len(TRADING_PORTS) + len(HOME_PORTS) - seats
    if seats * resolved["hand_size"] + 2 * stocked > 36:
        raise InvalidOptions(f"option 'hand_size': {seats} hands of {resolved['hand_size']} and {stocked} stocked "
                             f"ports need more than the 36 crew cards")
    if resolved["position"] is not None:
        position_module.build(seats, resolved)
    return resolved


def _home_ports_text(value):
    """A list of port names (or a JSON list in text) as the option's comma-separated text."""
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise InvalidOptions("option 'home_ports' is not a valid JSON list of port names") from None
    if isinstance(value, (list, tuple)):
        if not all(isinstance(p, str) and p.strip() and "," not in p for p in value):
            raise InvalidOptions(f"option 'home_ports' must list port names, not {value!r}")
        return ",".join(value)
    return value


def initial_state(seats: int, options: dict, rules_version: int = RULES_VERSION) -> State:
    if rules_version not in KNOWN_VERSIONS:
        raise InvalidOptions(f"Buccaneer knows rules versions {', '.join(map(str, KNOWN_VERSIONS))}, "
                             f"not {rules_version!r}")
    if options.get("position") is not None:
        return replace(position_module.build(seats, options), rules_version=rules_version)
    return empty_state(seats, options, rules_version)


def upgrade(state: State, version: int) -> State:
    """The same position under rules `version`. Version 2 only refuses a standing order identical to
    the seat's current one, so every position of version 1 is a position of version 2 as it stands."""
    if version not in KNOWN_VERSIONS:
        raise InvalidOptions(f"Buccaneer knows rules versions {', '.join(map(str, KNOWN_VERSIONS))}, not {version!r}")
    if version < state.rules_version:
        raise InvalidOptions(f"this game plays rules version {state.rules_version}; it cannot go back to {version}")
    return replace(state, rules_version=version)


def start(state: State, chance) -> list[Event]:
    engine = turns.Engine(state, chance)
    engine.open("game_started", "rules", seats=state.seats, home_ports=list(state.home_ports))
    try:
        if state.phase == "setup":
            engine.setup()
        else:
            if state.shuffle_below:
                # A position with shuffle_unlisted: the cards below the listed tops are shuffled by a
                # recorded chance event (spec 18); initial_state has no chance source, so it is done here.
                pirate_top, chance_top = state.shuffle_below
                engine.open("decks_shuffled", "rules")
                engine.do(k="decks",
                          pirate=list(state.pirate[:pirate_top]) + list(chance.shuffle(state.pirate[pirate_top:])),
                          chance=list(state.chance_deck[:chance_top]) + list(chance.shuffle(state.chance_deck[chance_top:])))
                engine.open("turn_began", "rules")
            engine.flat_pickup(state.turn)
        engine.settle()
    except recorder.GameOver:
        pass
    return engine.finish()


def evolve(state: State, event: Event) -> State:
    return reduce(apply, event.data.get("effects", ()), state)


def decide(state: State, seat: int, move: str, chance) -> list[Event]:
    return moves.decide(state, seat, move, chance)


def legal_moves(state: State, seat: int) -> list[str]:
    return moves.legal_moves(state, seat)


def to_move(state: State) -> frozenset[int]:
    if state.phase in ("over", "setup"):
        return frozenset()
    if state.pending:
        return frozenset(state.pending[0].seats)
    return frozenset({state.turn})


def view(state: State, seat: int | None) -> dict:
    legal = moves.legal_moves(state, seat) if seat is not None and 0 <= seat < state.seats else None
    return view_module.view(state, seat, legal)


def redact(event: Event, seat: int | None) -> dict:
    return view_module.redact(dict(event.data), seat)


def outcome(state: State) -> Outcome | None:
    if not state.result:
        return None
    termination, winners, ranking = state.result
    scores = {str(s): {"home": recorder.home_value(state, s)} for s in range(state.seats)}
    return Outcome(termination, tuple(winners), tuple(tuple(g) for g in ranking), scores)


def render_text(state: State, seat: int | None) -> str:
    return render.render_text(state, seat)


def render_svg(state: State, seat: int | None, names=(), words=str) -> str:
    """The board; `words(phrase)` says its titles in the reader's language (default: English)."""
    return svg.render_svg(state, seat, names, words)


def resign(state: State, seat: int, chance=None) -> list[Event]:
    if state.phase == "over" or state.resigned[seat]:
        return []
    engine = turns.Engine(state, chance)
    try:
        engine.resign(seat)
    except recorder.GameOver:
        pass
    return engine.finish()


def timeout_move(state: State, seat: int) -> str | None:
    move = turns.default_move(state, seat)
    return move or None
