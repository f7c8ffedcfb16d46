"""Golden playthroughs: fixed dice (a SeededChance per append), moves chosen by the deterministic
greedy bot, recorded turn by turn as text (events, the ASCII board, the legal moves of the seat to
move, the view) and compared on every run. Rewrite with `pytest --update-golden` on purpose only."""

import json
import textwrap

import pytest

from pbem.games import mississippi as game

from .helpers import greedy_game

GAMES = {
    "default-3p": (3, {}, 1, "goal"),
    "default-6p": (6, {}, 1, "goal"),
    "2p-round-cap": (2, {"max_rounds": 6}, 1, "round_cap"),
    "spatial-die-5x8-4p": (4, {"clockwise": "spatial", "numbering": "die", "rows": 5, "width": 8}, 1, "goal"),
}


def event_line(event) -> str:
    return f"  {event.type} {json.dumps(dict(event.data), sort_keys=True)} by {event.actor}"


def transcript(seats, options, seed):
    out = [f"# mississippi, {seats} seats, options {json.dumps(options, sort_keys=True)}, seed {seed}"]

    def record(state, seat, move, events):
        if seat is None:
            out.append("\n== start")
        else:
            out.append(f"\n== seat {seat} plays {move!r}")
        out.extend(event_line(e) for e in events)
        out.append(game.render_text(state, None))
        spectator = game.view(state, None)
        for viewer in range(seats):
            seen = game.view(state, viewer)
            differs = sorted(k for k in set(seen) | set(spectator) if seen.get(k) != spectator.get(k))
            assert differs == ["you"], differs  # no hidden information: only `you` differs
        for viewer in sorted(game.to_move(state)):
            legal = ", ".join(game.legal_moves(state, viewer))
            out.extend(textwrap.wrap(f"legal for seat {viewer}: {legal}", 100, subsequent_indent="  "))
        out.append("view: " + json.dumps({k: v for k, v in spectator.items() if k != "you"}, sort_keys=True))
        out.append(f"views of seats 0..{seats - 1}: the same, with their own 'you'")

    state, log = greedy_game(seats, options, seed, record)
    result = game.outcome(state)
    out.append(f"\n== outcome {json.dumps(result.to_json(), sort_keys=True)}")
    return state, log, "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name, golden):
    seats, options, seed, termination = GAMES[name]
    state, log, text = transcript(seats, options, seed)
    assert game.outcome(state).termination == termination
    golden(f"golden/{name}.txt", text)


def test_golden_game_replays_from_its_log():
    seats, options, seed, _ = GAMES["default-6p"]
    state, log, _ = transcript(seats, options, seed)
    replay = game.initial_state(seats, game.resolve_options(seats, options))
    for event in log:
        replay = game.evolve(replay, event)
    assert repr(replay) == repr(state)
