"""Conformance playouts for the Dragon & Flagon (spec section 21.8): 2-8 players on both boards,
with a short Game End range so playouts stay fast, and the hidden-planning checks of 21.5."""

from __future__ import annotations

import json
from dataclasses import replace

SETUPS = [
    (2, {"endgame.range": 6}),
    (3, {"endgame.range": 5, "setup.placement": "fixed"}),
    (4, {"endgame.range": 5, "planning.timing": "end_of_space"}),
    (5, {"endgame.range": 4, "endgame.reveal": "on_arrival"}),
    (6, {"endgame.range": 4, "board": "tavern"}),
    (7, {"endgame.range": 3, "geometry.facings": 8, "pirate.return.facing": "toward_enemy"}),
    (8, {"endgame.range": 3, "swing.requirement": "anywhere"}),
    (4, {"endgame.range": 4, "board": "tavern", "teams.partnership": "pairs", "dragon.unlock": "while_holding"}),
    (2, {"endgame.range": 8, "board": "tavern"}),
    (2, {}),  # default Game End range (27-30): a full-length game
    (8, {}),  # default range for 6+ characters (21-24)
]
PLAYOUTS = 2
# Placements + characters x Active spaces x at most 9 decisions (spec 21.8), for these short ranges.
MAX_STEPS = 2500


def check_state(game, state):
    if state.phase == "pregame":
        return
    squares = [c.square for c in state.chars if c.square is not None]
    assert len(squares) == len(set(squares)), "two standees share a square"
    for c in state.chars:
        assert c.rep >= 0
        assert len(c.plan) <= 3, "more than 3 plan items"
        tokens = [i for i in c.plan if i.startswith("!")]
        assert list(c.plan[: len(tokens)]) == tokens, "status tokens sit at the front of the plan"
        if c.square is None:
            assert not tokens and c.holds is None
    held = [c.holds for c in state.chars if c.holds]
    loose = [o for o, _ in state.objects]
    assert len(set(held + loose)) == len(held + loose), "an object is in two places"
    assert ("flagon" in held) + ("flagon" in loose) == 1, "the Flagon never leaves play"
    ends = [s for s, _, _ in state.game_end]
    assert state.space <= max(ends), "time passed the last Game End space"


def _swap_secrets(state, seat):
    """The same state with every face-down card of the other seats' characters replaced."""
    chars = []
    for c in state.chars:
        if seat is None or c.seat != seat:
            plan = tuple(i if i.startswith("!") else ("dodge" if i == "move" else "move") for i in c.plan)
            c = replace(c, plan=plan)
        chars.append(c)
    return replace(state, chars=tuple(chars))


def check_hidden(game, state, events):
    """No channel of a seat changes when another seat's face-down cards change (spec 21.5); Game End
    faces stay hidden until revealed."""
    if state.phase == "over":
        return
    full = len(events) % 10 == 0
    for seat in [None, *range(state.seats)]:
        v = game.view(state, seat)
        other = _swap_secrets(state, seat)
        assert json.dumps(game.view(other, seat)) == json.dumps(v), "view shows another seat's planned card"
        if seat is not None:
            assert game.legal_moves(other, seat) == game.legal_moves(state, seat), "legal moves depend on a hidden plan"
        if full:
            assert game.render_text(other, seat) == game.render_text(state, seat), "render_text leaks a plan"
            assert game.render_svg(other, seat) == game.render_svg(state, seat), "render_svg leaks a plan"
        for entry in v.get("characters", []):
            if seat is None or entry["seat"] != seat:
                assert all(slot.get("card") is None for slot in entry["plan"]), "another seat's planned card shows"
                assert "hand" not in entry, "another seat's hand shows"
        revealed = {e.data["space"] for e in events if e.type == "game_end_revealed"}
        for t in v.get("game_end", []):
            assert t["space"] in revealed or t["face"] is None, "an unrevealed Game End face shows"
        for event in events[-6:]:
            data = game.redact(event, seat)
            if event.type == "card_planned" and (seat is None or str(seat) != event.actor):
                assert data["card"] is None, "a planned card leaks through redact"
            if event.type == "game_started":
                assert all(t["face"] is None for t in data["game_end"]), "Game End faces leak through redact"
