"""`reveals(event)` (issue 15): True exactly when an event lets some seat know what it could not know
before (a chance outcome or hidden cards shown), for every event type the game writes. A seat may
take back alone only over events that reveal nothing."""

from __future__ import annotations

from pbem.games import buccaneer as game
from pbem.games.buccaneer.cards import CREW_PACK
from pbem.play.chance import ScriptedChance

from .helpers import new, play


def by_type(events):
    return {event.type: game.reveals(event) for event in events}


def test_the_cut_the_shuffle_and_the_deal_reveal_and_the_rest_of_the_start_does_not():
    state = game.initial_state(2, game.resolve_options(2, {}))
    events = game.start(state, ScriptedChance([(5, 20), tuple(range(1, 29)), CREW_PACK]))
    assert by_type(events) == {"game_started": False, "dealer_cut": True, "decks_shuffled": True, "crew_dealt": True,
                               "turn_began": False}


def test_a_position_shuffled_below_its_listed_cards_reveals_only_the_shuffle():
    options = game.resolve_options(2, {"home_ports": ["london", "genoa"], "position": {
        "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}}, "hands": {"london": ["R1"], "genoa": ["B1"]},
        "shuffle_unlisted": True}})
    state = game.initial_state(2, options)
    pirate, deck = list(state.pirate), list(state.chance_deck)
    events = game.start(state, ScriptedChance([pirate[::-1], deck[::-1]]))
    assert by_type(events) == {"game_started": False, "decks_shuffled": True, "turn_began": False}


def at_sea(**position):
    ships = {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "J7", "face": "E", "cargo": ["rum"]}}
    return new({"to_move": "london", "ships": ships, "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R1", "B1"]},
                **position})


def test_sailing_turning_trading_and_standing_orders_reveal_nothing():
    state = at_sea(chance_deck=[15])
    _, events = play(state, "london", "sail N 1 face E")
    assert by_type(events) == {"move_played": False}  # the automatic end folded in the same append
    _, events = play(state, "genoa", "always attack")
    assert by_type(events) == {"standing_order": False}
    port = new({"to_move": "london", "ships": {"london": {"at": "T14", "cargo": ["pearl"]}, "genoa": {"at": "G1"}},
                "hands": {"london": ["R3", "B2"], "genoa": ["R1"]}, "docks": {"amsterdam": {"crew": ["R2", "B1"]}}})
    _, events = play(port, "london", "trade give pearl take R2 B1")
    assert by_type(events) == {"move_played": False}


def test_a_chance_card_drawn_reveals():
    state = at_sea(chance_deck=[15], ships={"london": {"at": "J5", "face": "N"}, "genoa": {"at": "G1"}})
    _, events = play(state, "london", "sail N 3 face W")
    assert game.reveals(events[0])


def test_a_fight_reveals_both_crews_and_the_cards_given_reveal_them_to_the_winner():
    state, events = play(at_sea(), "london", "sail N 2 attack face E")
    assert game.reveals(events[0])  # the fight
    state, events = play(state, "london", "demand crew")
    assert [e.data["move"] for e in events] == ["demand crew", "give R1 B1"]
    assert [game.reveals(e) for e in events] == [False, True]


def test_crew_taken_from_the_face_down_pirate_deck_reveals():
    state = at_sea(chance_deck=[11], ships={"london": {"at": "J5", "face": "N"}, "genoa": {"at": "G1"}})
    state, _ = play(state, "london", "sail N 3 face W")
    _, events = play(state, "london", "chance crew")
    assert game.reveals(events[0])
    _, events = play(state, "london", "chance treasure diamond")
    assert not game.reveals(events[0])


def test_a_draw_after_a_fight_reveals_and_an_empty_rules_step_does_not():
    state = new({"to_move": "london", "ships": {"london": {"at": "J6", "face": "N"},
                                                "genoa": {"at": "J8", "face": "E", "cargo": ["rum"]}},
                 "hands": {"london": ["R3", "R3"], "genoa": ["R1"]}, "chance_deck": [15]})
    state, _ = play(state, "london", "sail N 2 attack face E")
    state, _ = play(state, "london", "demand crew")
    state, events = play(state, "genoa", "drift S face W")  # a derelict now: its free move is a drift
    after_fight = [e for e in events if e.type == "rules_step"]
    assert after_fight and game.reveals(after_fight[0])  # London, the mover, draws on the coast
    state = at_sea()
    state, _ = play(state, "london", "sail N 2 attack face E")
    state, _ = play(state, "london", "demand crew")
    _, events = play(state, "genoa", "drift W face W")
    assert [game.reveals(e) for e in events if e.type == "rules_step"] == [False]


def test_resigning_reveals_nothing():
    events = game.resign(at_sea(), 0, None)
    assert {e.type for e in events} == {"resigned"} and not any(game.reveals(e) for e in events)
