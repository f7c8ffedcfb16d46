"""Golden playthroughs: complete games with fixed chance outcomes (SeededChance) and moves picked by
a fixed-seed generator, recorded as text (events, ASCII board with legal moves, view). One uses the
deck with default options, one the die with non-default options. Rewrite with --update-golden."""

import json
import random

import pytest

from pbem.games import rigadoon as game
from pbem.play.chance import SeededChance

from .helpers import replay, stored

GAMES = {
    "deck_default": {"first": "random", "turn_limit": 10},
    "die_variants": {"wind": "die", "exits": "same_side", "double_block": "loop_loses",
                     "rigadoon_limit": "unlimited", "same_wind": "keep", "first": "seat0", "turn_limit": 10},
}


def playthrough(name, options) -> str:
    rng = random.Random(name)
    resolved = game.resolve_options(2, options)
    state = game.initial_state(2, resolved)
    log = []
    out = [f"# Rigadoon golden playthrough {name}", f"options: {json.dumps(resolved, sort_keys=True)}", ""]
    events = game.start(state, SeededChance(name.encode().ljust(32, b"."), 1))
    batch = 1 + len(events)
    for event in events:
        out.append(f"event {event.type} {event.actor} {json.dumps(dict(event.data), sort_keys=True)}")
    state = replay(state, events)
    log.extend(stored(events))
    step = 0
    while game.outcome(state) is None:
        step += 1
        seat = min(game.to_move(state))
        legal = game.legal_moves(state, seat)
        # prefer ship actions and chain answers, so that games move; "end" when offered half the time
        move = rng.choice(legal)
        if "end" in legal and rng.random() < 0.5:
            move = "end"
        events = game.decide(state, seat, move, SeededChance(name.encode().ljust(32, b"."), batch))
        batch += len(events)
        out.append(f"## step {step}: seat {seat} plays {move}")
        for event in events:
            out.append(f"event {event.type} {event.actor} {json.dumps(dict(event.data), sort_keys=True)}")
        state = replay(state, events)
        log.extend(stored(events))
        out.append(game.render_text(state, None))
        seen = game.view(state, None)
        seen.pop("board")
        out.append("view " + json.dumps(seen, sort_keys=True))
        out.append("")
    out.append(f"outcome {json.dumps(game.outcome(state).to_json(), sort_keys=True)}")
    assert repr(replay(game.initial_state(2, resolved), log)) == repr(state)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name, golden):
    golden(f"golden/{name}.txt", playthrough(name, GAMES[name]))


@pytest.mark.parametrize("run", range(4))
def test_random_games_change_the_wind_exactly_once_per_completed_turn(run):
    rng = random.Random(run)
    resolved = game.resolve_options(2, {"turn_limit": 12, "wind": "die" if run % 2 else "deck"})
    state = game.initial_state(2, resolved)
    state = replay(state, game.start(state, SeededChance(bytes(32), 1)))
    changes, completed, batch = 0, 0, 2
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        turn = state.turn
        events = game.decide(state, seat, rng.choice(game.legal_moves(state, seat)), SeededChance(bytes(32), batch))
        batch += len(events)
        changes += sum(1 for e in events if e.type == "wind_drawn")
        state = replay(state, events)
        if state.turn != turn:
            assert changes == 1, f"turn {turn} changed the wind {changes} times"
            changes, completed = 0, completed + 1
    assert completed >= 1
