"""Random playouts of Rigadoon for the conformance suite, with the spec's game invariants."""

from collections import Counter

SETUPS = [
    (2, {"turn_limit": 30}),
    (2, {"turn_limit": 30, "wind": "die", "exits": "same_side", "first": "seat0", "rigadoon_limit": "unlimited"}),
    (2, {"turn_limit": 24, "deck_copies": 2, "same_wind": "keep", "double_block": "loop_loses", "loop_cap": 200}),
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


def check_hidden(game, state, log):
    """Rigadoon hides nothing: every seat and a spectator see the same view (apart from their own legal
    moves) and the same events, so no channel can tell one seat more than another. If the game ever
    grows a secret, this is where it must be guarded."""
    views = []
    for viewer in (None, 0, 1):
        seen = game.view(state, viewer)
        seen.pop("legal_moves")
        views.append(seen)
    assert views[0] == views[1] == views[2], "a seat sees a different board from the others"
    for event in log[-8:]:
        assert game.redact(event, None) == game.redact(event, 0) == game.redact(event, 1) == dict(event.data)


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
