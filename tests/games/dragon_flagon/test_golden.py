"""Golden playthroughs (spec 21.7): fixed-seed games recorded as text: each decision, the redacted
events per seat, legal moves per seat, and the board per seat at intervals. Rewrite with
`pytest --update-golden` after a deliberate change, and read the diff."""

import json
import random
from functools import reduce

from pbem.games import dragon_flagon as game
from pbem.play.chance import SeededChance

from .helpers import ch, position

SEED = b"dragon and flagon golden secret!"


def record(seats, options, moves_seed, board_every=8):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    out = []
    viewers = [None, *range(seats)]

    def show_events(events):
        for e in events:
            for seat in viewers:
                out.append(f"  [{'spectator' if seat is None else f'seat {seat}'}] {e.type} {e.actor} "
                           f"{json.dumps(game.redact(e, seat), sort_keys=True, separators=(',', ':'))}"
                           if e.type != "game_started" or seat is None else f"  [seat {seat}] game_started (see spectator)")

    events = game.start(state, SeededChance(SEED, 1))
    log = list(events)
    state = reduce(game.evolve, events, state)
    out.append("== start")
    show_events(events[1:])
    rng = random.Random(moves_seed)
    step = 0
    while game.outcome(state) is None:
        step += 1
        owing = sorted(game.to_move(state))
        for seat in range(seats):
            legal = game.legal_moves(state, seat)
            if legal:
                out.append(f"legal seat {seat} ({len(legal)}): {' | '.join(legal[:6])}{' | ...' if len(legal) > 6 else ''}")
        if step % board_every == 1:
            for seat in viewers:
                out.append(f"-- board for {'spectator' if seat is None else f'seat {seat}'}")
                out.append(game.render_text(state, seat).rstrip())
        seat = rng.choice(owing)
        move = rng.choice(game.legal_moves(state, seat))
        out.append(f"== step {step}: seat {seat} plays {move}")
        events = game.decide(state, seat, move, SeededChance(SEED, len(log) + 1))
        log += events
        state = reduce(game.evolve, events, state)
        show_events(events)
    out.append("== final board (spectator)")
    out.append(game.render_text(state, None).rstrip())
    out.append("== outcome " + json.dumps(game.outcome(state).to_json(), sort_keys=True))
    return "\n".join(out) + "\n"


def test_golden_two_player_pirate_game(golden):
    golden("golden/pirate_2p.txt", record(2, {}, moves_seed=1))


def test_golden_four_player_pirate_position(golden):
    #  a table with a rider is overturned off ship A, a barrel crosses the gangplank at f10,
    #  a slash sends a carrier overboard, chests are scored at the end
    chars = [
        ch("barbarian", 0, "c11", "w", plan=["overturn", "move"]),
        ch("cleric", 0, "d3", "s", plan=["bless", "move"]),
        ch("rogue", 1, "a12", "n", plan=["slash", "move"]),
        ch("buccaneer", 1, "e5", "w", plan=["pistol_shot", "move"], holds="chest1"),
        ch("monk", 2, "a10", "e", plan=["kick_barrel", "move"]),
        ch("paladin", 2, "d5", "e", plan=["slash", "move"]),
        ch("swashbuckler", 3, "h5", "w", plan=["riposte", "move"]),
        ch("wizard", 3, "i13", "n", plan=["summon_familiar", "move"]),
    ]
    objects = [{"id": "flagon", "square": "f8"}, {"id": "barrel3", "square": "b10"}, {"id": "barrel4", "square": "j10"},
               {"id": "chest2", "square": "i3"}, {"id": "chest3", "square": "b9"}, {"id": "chest4", "square": "j9"},
               {"id": "mug9", "square": "a11"}]
    pos = position(chars, objects=objects, tables=[("table3", "a11:b12"), ("table2", "h7:i9")],
                   game_end=[{"space": 8, "face": "blank"}, {"space": 9, "face": "blank"}, {"space": 10, "face": "watch"},
                             {"space": 11, "face": "blank"}],
                   draw_order=["barbarian", "monk", "paladin", "cleric", "rogue", "buccaneer", "swashbuckler", "wizard"])
    pos["teams"] = [[0, 2], [1, 3]]
    golden("golden/pirate_4p_position.txt", record(4, {"position": pos}, moves_seed=4))


def test_golden_five_player_tavern_game(golden):
    golden("golden/tavern_5p.txt", record(5, {"board": "tavern", "endgame.range": 8}, moves_seed=5, board_every=12))
