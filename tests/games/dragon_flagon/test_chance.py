"""Chance is recorded and replayed (spec 17.5, 21.6): the deal, the placement order, the Game End faces
and every draw come from the committed chance source in the documented order, are written into
events, and replay never draws again."""

import json
import random
from functools import reduce

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.setup import CHARACTER_IDS
from pbem.play.chance import ScriptedChance, SeededChance

from .helpers import ch, new_game, position, through_json

SEED = bytes(range(32))


def seeded_game(seats=2, moves=60, options=None):
    resolved = game.resolve_options(seats, options or {})
    initial = game.initial_state(seats, resolved)
    log = list(game.start(initial, SeededChance(SEED, 1)))
    state = reduce(game.evolve, log, initial)
    rng = random.Random(5)
    batches = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_move(state))
        batch = len(log) + 1
        events = game.decide(state, seat, rng.choice(game.legal_moves(state, seat)), SeededChance(SEED, batch))
        batches.append((batch, events))
        log += events
        state = reduce(game.evolve, events, state)
    return initial, state, log, batches


def test_replay_from_events_equals_the_incremental_state_and_never_draws():
    initial, state, log, _ = seeded_game()
    replayed = reduce(game.evolve, through_json(log), initial)
    assert repr(replayed) == repr(state)
    assert any(e.type == "character_drawn" for e in log)


def test_verification_rederives_deal_placement_faces_and_draws_in_the_documented_order():
    initial, state, log, batches = seeded_game()
    started = log[0].data
    chance = SeededChance(SEED, 1)
    order = list(chance.shuffle(CHARACTER_IDS))
    assert started["deal"] == {"0": order[:2], "1": order[2:4]}
    in_play = [c for c in CHARACTER_IDS if c in order[:4]]
    assert started["placement_order"] == list(chance.shuffle(in_play))
    assert [t["face"] for t in started["game_end"]] == list(chance.shuffle(["watch", "blank", "blank", "blank"]))
    assert [t["space"] for t in started["game_end"]] == [27, 28, 29, 30]
    for batch, events in batches:
        rederive = SeededChance(SEED, batch)
        for e in events:
            if e.type == "character_drawn" and not e.data.get("forced"):
                assert e.data["index"] == rederive.below(len(e.data["bag"]))
                assert e.data["bag"] == sorted(e.data["bag"], key=CHARACTER_IDS.index)


def test_a_forced_draw_order_consumes_no_chance():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "i5", "w", plan=["slash", "move"])],
                   draw_order=["rogue", "monk"])
    state, events = new_game(pos, chance=[])
    drawn = [(e.data["character"], e.data["forced"]) for e in events if e.type == "character_drawn"]
    assert drawn == [("rogue", True), ("monk", True)]


def test_the_recorded_draw_order_replays_identically_whatever_chance_the_replay_has():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "dash"]), ch("rogue", 1, "i5", "w", plan=["slash", "jump"]),
                    ch("paladin", 0, "c9", "e", plan=["slash", "jump"])])
    first, events_a = new_game(pos, chance=[2, 0, 0])
    second, events_b = new_game(pos, chance=[0, 1, 0])
    order = lambda evs: [e.data["character"] for e in evs if e.type == "character_drawn"]  # noqa: E731
    assert order(events_a) == ["rogue", "monk", "paladin"] and order(events_b) == ["monk", "rogue", "paladin"]
    initial = game.initial_state(2, json.loads(first.options_json))
    assert repr(reduce(game.evolve, through_json(events_a), initial)) == repr(first)
