"""Random playouts of Rigadoon for the conformance suite, with the spec's game invariants."""

from collections import Counter


def _ships(**placed):
    return {name: placed.get(name) for name in ("B1", "B2", "B3", "B4", "G1", "G2", "G3", "G4")}


# Start positions that take random play to the rare corners of the rules at once, so that listing and
# deciding are compared there too: ships in a row between the edges with few masts (wraps, backfires,
# double blocks, loops and the loop cap), chests next to maelstroms and on their exits (R24, sinking on
# an exit), chests in open water among ships (blasts into chests: push, sink, run aground; islands to
# choose), ships in port and aground, and the R8 Rigadoon position.
EDGES = {"wind": "S", "to_move": "blue", "chests": ["A6", "K6", "F1", "E5"],
         "ships": _ships(B1=["B5", 1], G1=["A3", 0], G2=["K3", 0], G3=["D3", 0], G4=["E3", 0], B2=["A9", 2],
                         B3=["K9", 1], B4=["F11", 3])}
MAELSTROMS = {"wind": "NW", "to_move": "green", "chests": ["B2", "D8", "J2", "H5"],
              "ships": _ships(B1=["C2", 3], G1=["A4", 2], B2=["J3", 3], G2=["K9", 1], B3=["H9", 2], G3=["C11", 2],
                              B4=["D5", 3], G4=["H7", 0])}
CHESTS_AND_PORTS = {"wind": "E", "to_move": "blue", "seats": {"blue": 1, "green": 0},
                    "chests": ["K2", "E6", "F9", "G10"],
                    "ships": _ships(G1=["K2", 2], B3=["E6", 1], B1=["F8", 3], G2=["G9", 2], B2=["F10", 0],
                                    G3=["H10", 1], B4=["E9", 3], G4=["D10", 2])}
RIGADOON = {"wind": "S", "to_move": "blue", "chests": ["C9", "I3"],
            "ships": _ships(B2=["F8", 1], G1=["E6", 2], G2=["G6", 2], G3=["C5", 2], G4=["I7", 2], B1=["B8", 3])}

SETUPS = [
    (2, {"turn_limit": 30}),
    (2, {"turn_limit": 30, "wind": "die", "exits": "same_side", "first": "seat0", "rigadoon_limit": "unlimited"}),
    (2, {"turn_limit": 24, "deck_copies": 2, "same_wind": "keep", "double_block": "loop_loses", "loop_cap": 200}),
    (2, {"turn_limit": 10, "loop_cap": 50, "position": EDGES}),
    (2, {"turn_limit": 10, "double_block": "loop_loses", "position": EDGES}),
    (2, {"turn_limit": 10, "position": MAELSTROMS}),
    (2, {"turn_limit": 10, "exits": "same_side", "wind": "die", "position": MAELSTROMS}),
    (2, {"turn_limit": 10, "position": CHESTS_AND_PORTS}),
    (2, {"turn_limit": 8, "rigadoon_limit": "unlimited", "position": RIGADOON}),
]
PLAYOUTS = 2
MAX_STEPS = 1500


def check_state(game, state):
    board = state.board
    squares = [s.square for s in state.ships if s.square is not None]
    assert len(squares) == len(set(squares)), "two ships share a square"
    assert len(state.chests) == len(set(state.chests)), "two chests share a square"
    assert len(state.chests) <= 4
    for ship in state.ships:
        assert 0 <= ship.masts <= 3, f"{ship.name} has {ship.masts} masts"
        if ship.square is None:
            continue
        assert not board.maelstrom_at(ship.square), f"{ship.name} stays on a maelstrom"
        if ship.square in state.chests:
            assert board.is_shallows(ship.square) or board.island_at(ship.square), "a chest under a ship at sea"
        if board.island_at(ship.square):
            assert ship.square in state.chests, "a ship on an island without a chest"
    for square in state.chests:
        assert not board.maelstrom_at(square), "a chest on a maelstrom"
    if state.phase == "play":
        assert state.wind is not None
        # a ship action only counts as "after the wind" once the wind has changed (R10)
        assert state.wind_changed or not state.acted_after_wind
        if state.chain is not None:
            assert state.chain.options, "an open decision without options"
    if state.rules.wind_mode == "deck" and state.wind is not None:
        cards = Counter(state.pile) + Counter(state.discards) + Counter([state.wind])
        assert sorted(cards.elements()) == sorted(d for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
                                                  for _ in range(state.rules.deck_copies)), "the deck lost a card"


_LAST_SEEN: dict = {}  # the log being checked (by identity), how long it was and the state after it


def check_hidden(game, state, log):
    """Rigadoon hides nothing: every seat and a spectator see the same view (apart from their own legal
    moves), the same events and the same words for every append, so no channel can tell one seat more
    than another. If the game ever grows a secret, this is where it must be guarded."""
    views = []
    for viewer in (None, 0, 1):
        seen = game.view(state, viewer)
        seen.pop("legal_moves")
        views.append(seen)
    assert views[0] == views[1] == views[2], "a seat sees a different board from the others"
    for event in log[-8:]:
        assert game.redact(event, None) == game.redact(event, 0) == game.redact(event, 1) == dict(event.data)
    # the words of the append since the last check, as each reader gets them (after its redaction)
    if _LAST_SEEN.get("log") is log and _LAST_SEEN["length"] < len(log):
        from pbem.games.base import Event

        appended = log[_LAST_SEEN["length"]:]
        told = [game.describe(_LAST_SEEN["state"], [Event(e.type, game.redact(e, reader), e.actor) for e in appended],
                              reader, ["Ann", "Bob"]) for reader in (None, 0, 1)]
        assert told[0] == told[1] == told[2], "a seat is told more than another"
    _LAST_SEEN.update(log=log, length=len(log), state=state)


# --- a purposeful player for whole-game tests -----------------------------------------------------------------
#
# The page-play tests and test_strategy call `choose(view, legal, seat, rng)`; it is the game's own
# computer player (pbem/games/rigadoon/bot.py), which needs no seat: the view says which fleet moves.

from pbem.games.rigadoon.bot import choose as _bot_choose  # noqa: E402  (grouped with the player it serves)

# The bot benchmark: 2 seats with the real defaults (no turn limit): against the computer player even
# random play ends, by the player's win, well within the bound.
BOT_MATCH = (2, {}, MAX_STEPS)


def choose(view: dict, legal: list[str], seat: int, rng) -> str:
    """Pick one of `legal` for `seat`, knowing only the seat's own `view` (JSON data)."""
    return _bot_choose(view, legal, rng)
