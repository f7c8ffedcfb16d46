"""Conformance playouts for the Dragon & Flagon (spec section 21.8): 2-8 players on both boards,
with a short Game End range so playouts stay fast, and the hidden-planning checks of 21.5."""

from __future__ import annotations

import json
from dataclasses import replace

from pbem.games.dragon_flagon.bot import BOTS

# Positions that start where listing and deciding could disagree (issue 10, item 6): tables overhanging
# the west and east rails and the bows (squares written [row,col], some negative), characters standing on
# the overhang, a Druid and a Barbarian to push tables further out, a Rogue and a Wizard to land there,
# chests held on gangplanks, Dragon cards unlocked, the familiar out, a Flagon on an overhang.
OVERHANGING_TABLES = {
    "board": "pirate", "space": 2, "teams": [[0], [1]],
    "characters": [
        {"id": "druid", "seat": 0, "square": "a11", "facing": "w", "time": 2, "dragon": "unlocked"},
        {"id": "monk", "seat": 0, "square": "[10,-1]", "facing": "n", "time": 2, "plan": ["move", "dash"]},
        {"id": "rogue", "seat": 1, "square": "[9,11]", "facing": "e", "time": 2, "dragon": "unlocked"},
        {"id": "wizard", "seat": 1, "square": "k12", "facing": "n", "time": 3, "plan": ["blink"]},
    ],
    "objects": [{"id": "flagon", "square": "[11,-1]"}, {"id": "chest3", "square": "b9"},
                {"id": "chest4", "square": "[10,12]"}, {"id": "mug1", "square": "[9,12]"},
                {"id": "barrel1", "square": "a10"}, {"id": "chair1", "square": "b13"}],
    "tables": [{"id": "table3", "squares": "[10,-1]:[11,0]"}, {"id": "table4", "squares": "[9,10]:[10,12]"},
               {"id": "table1", "squares": "[-1,2]:[0,3]"}],
    "rugs": [{"id": "rug1", "squares": "d14:e15"}],
    "familiar": "[9,12]",
    "game_end": [{"space": 8, "face": "blank"}, {"space": 9, "face": "blank"}, {"space": 10, "face": "blank"},
                 {"space": 11, "face": "watch"}],
}
BOWS_AND_GANGPLANKS = {
    "board": "pirate", "space": 0, "teams": [[0, 2], [1, 3]],
    "characters": [
        {"id": "barbarian", "seat": 0, "square": "c2", "facing": "n", "dragon": "unlocked", "plan": ["overturn"]},
        {"id": "paladin", "seat": 2, "square": "f8", "facing": "e", "holds": "chest1", "dragon": "unlocked",
         "plan": ["move", "god_smack"]},
        {"id": "buccaneer", "seat": 1, "square": "g8", "facing": "w", "dragon": "unlocked", "plan": ["lure_of_the_sea"]},
        {"id": "swashbuckler", "seat": 3, "square": "[-1,8]", "facing": "s", "holds": "flagon",
         "plan": ["move", "daring_swing"]},
        {"id": "cleric", "seat": 3, "square": "f10", "facing": "n", "holds": "chest2", "plan": ["dash", "move"]},
    ],
    "objects": [{"id": "barrel1", "square": "a6"}, {"id": "barrel2", "square": "b10"}, {"id": "chest5", "square": "f6"},
                {"id": "mug2", "square": "c1"}, {"id": "chair2", "square": "e6"}],
    "tables": [{"id": "table1", "squares": "[-1,1]:[0,2]"}, {"id": "table2", "squares": "[-1,7]:[0,9]"},
               {"id": "table3", "squares": "e12:f13"}],
    "rugs": [{"id": "rug2", "squares": "g14:h15"}],
    "game_end": [{"space": 6, "face": "blank"}, {"space": 7, "face": "watch"}, {"space": 8, "face": "blank"},
                 {"space": 9, "face": "blank"}],
}

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
    (2, {"position": OVERHANGING_TABLES}),
    (4, {"position": BOWS_AND_GANGPLANKS, "geometry.facings": 8}),
]
PLAYOUTS = 2
# The computer player's match against random play (tests/benchmarks/bench_bots.py): 2 seats, the game's
# real defaults (random play ends by itself: the City Watch turns up by space 30).
BOT_MATCH = (2, {}, 2500)
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
    """The same state with every face-down card of the other seats' characters replaced, and the
    Game End faces not yet revealed shuffled round (the City Watch moved to another hidden token)."""
    chars = []
    for c in state.chars:
        if seat is None or c.seat != seat:
            plan = tuple(i if i.startswith("!") else ("dodge" if i == "move" else "move") for i in c.plan)
            c = replace(c, plan=plan)
        chars.append(c)
    hidden = [t for t in state.game_end if not t[2]]
    faces = [f for _, f, _ in hidden]
    faces = faces[1:] + faces[:1]
    swapped = iter(faces)
    game_end = tuple(t if t[2] else (t[0], next(swapped), False) for t in state.game_end)
    return replace(state, chars=tuple(chars), game_end=game_end)


# The state before the latest append, kept between calls of check_hidden for the same log: the words
# of an append are told from the state before it.
_BEFORE = {"log": None, "length": 0, "state": None}


def _before_last_append(game, state, events):
    if _BEFORE["log"] is not events:
        initial = game.initial_state(state.seats, state.options)
        _BEFORE.update(log=events, length=0, state=initial)
    return _BEFORE["state"], events[_BEFORE["length"]:]


def check_hidden(game, state, events):
    """No channel of a seat changes when another seat's face-down cards change (spec 21.5); Game End
    faces stay hidden until revealed; the words of the latest append are the same whatever the secrets
    the reader cannot see, and never name another seat's planned card."""
    before, appended = _before_last_append(game, state, events)
    _BEFORE.update(length=len(events), state=state)
    if state.phase == "over":
        return
    names = [f"Player {i + 1}" for i in range(state.seats)]
    for seat in [None, *range(state.seats)]:
        redacted = [type(e)(e.type, game.redact(e, seat), e.actor) for e in appended]
        lines = game.describe(before, redacted, seat, names)
        assert game.describe(_swap_secrets(before, seat), redacted, seat, names) == lines, \
            "the words depend on a secret the reader cannot see"
        for e in appended:
            if e.type == "card_planned" and (seat is None or str(seat) != e.actor):
                hidden_name = state.data.cards[e.data["card"]].name
                assert not any(f"planned {hidden_name}" in str(line) for line in lines), "the words name a hidden card"
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


# --- The purposeful player of the page-play tests: the game's own computer player ----------------------


def choose(view: dict, legal: list[str], seat: int, rng) -> str:
    """Pick one of `legal` for `seat`, knowing only the seat's own `view` (JSON data): the standard
    computer player (pbem/games/dragon_flagon/bot.py), which finds its seat in the view."""
    assert seat in {c["seat"] for c in view["characters"] if c["id"] in view["you"]}
    return BOTS["standard"](view, legal, rng)

