"""Attacks and fights (Rule 12): Rulings 15 to 21.

    row 8  . . : : :      Treasure Island coast squares are ':' (row 8 is the south coast).
    row 7  . . . . .
    row 6  . G . . .      Genoa on F6, London attacking from F3 (north).
    row 3  . L . . .
           E F G H I
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import IllegalMove

from .helpers import effects, hand, legal, new, owing, play, ship, sq

STRONG = ["R3", "R3", "B1"]  # sailing 7, fighting 5
WEAK = ["R2", "B1", "B1", "B1"]  # sailing 5, fighting 1


def duel(london=None, genoa=None, hands=None, **extra):
    pos = {"to_move": "london",
           "ships": {"london": london or {"at": "F3", "face": "N"}, "genoa": genoa or {"at": "F6", "face": "E"}},
           "hands": hands or {"london": STRONG, "genoa": WEAK}}
    pos.update(extra)
    return new(pos)


def test_ruling_15_attacker_lies_alongside():
    state = duel()
    faces = {m.split()[-1] for m in legal(state, "london") if m.startswith("sail N 3 attack")}
    assert faces == {"E", "W"}  # Genoa's heading or its opposite
    with pytest.raises(IllegalMove, match="Ruling 8/15"):
        play(state, "london", "sail N 3 attack face N")


def test_ruling_15_attack_word_required_and_no_attack_on_empty_square():
    state = duel()
    with pytest.raises(IllegalMove, match="Ruling 15"):
        play(state, "london", "sail N 3 face E")
    with pytest.raises(IllegalMove, match="Ruling 15: there is no ship"):
        play(state, "london", "sail N 2 attack face E")


def test_ruling_15_derelict_cannot_attack():
    state = duel(hands={"london": [], "genoa": WEAK}, london={"at": "F5", "face": "N"})
    assert not any("attack" in m for m in legal(state, "london") if m not in ("always attack", "never attack"))
    with pytest.raises(IllegalMove, match="Ruling 46"):
        play(state, "london", "sail N 1 attack face E")


def test_ruling_16_values_from_hands_only_and_shown_to_fighters_only():
    pos_docks = {"london": {"crew": ["B3", "B3", "B3"]}}
    state = new({"to_move": "london", "ships": {"london": {"at": "F3", "face": "N"}, "genoa": {"at": "F6", "face": "E"},
                                                "cadiz": {"at": "N20"}},
                 "hands": {"london": STRONG, "genoa": WEAK, "cadiz": ["B2"]}, "docks": pos_docks},
                home_ports=("london", "genoa", "cadiz"))
    state, events = play(state, "london", "sail N 3 attack face E")
    fight = effects(events, "fight")[0]
    assert fight["values"] == [5, 1] and fight["result"] == "attacker"  # Docks B3s ignored
    fight_event = next(e for e in events if any(x["k"] == "fight" for x in e.data["effects"]))
    for viewer, sees in ((0, True), (1, True), (2, False), (None, False)):
        red = [x for x in game.redact(fight_event, viewer)["effects"] if x["k"] == "fight"][0]
        assert ("hands" in red) is sees and ("values" in red) is sees
        assert red["result"] == "attacker"
        assert ("hands" in game.view(state, viewer).get("fight", {})) is sees


def test_ruling_16_current_view_drops_hands_after_the_fight():
    state = duel()
    state, events = play(state, "london", "sail N 3 attack face E")
    assert "hands" in game.view(state, 0)["fight"]
    state, _ = play(state, "genoa", "give B1 B1")
    state, _ = play(state, "genoa", "sail S 2 face S")
    assert "fight" not in game.view(state, 0)
    # The history still shows it to the fighters.
    fight_event = next(e for e in events if any(x["k"] == "fight" for x in e.data["effects"]))
    assert any("hands" in x for x in game.redact(fight_event, 1)["effects"])


def test_ruling_17_treasure_spoils_with_surplus_kept_by_choice():
    state = duel(london={"at": "F3", "face": "N", "cargo": ["rum"]}, genoa={"at": "F6", "face": "E", "cargo": ["diamond", "pearl"]})
    state, _ = play(state, "london", "sail N 3 attack face E")
    assert legal(state, "london")[:2] == ["demand treasure", "demand crew"]
    state, _ = play(state, "london", "demand treasure")
    assert legal(state, "london")[:3] == ["keep diamond pearl", "keep diamond rum", "keep pearl rum"]
    assert state.pending[0].items == ("diamond", "pearl", "rum")
    state, _ = play(state, "london", "keep diamond rum")
    assert ship(state, "london").cargo == ("diamond", "rum") and ship(state, "genoa").cargo == ()
    assert state.treasure_island[3] == 6  # the pearl went back to Treasure Island


def test_ruling_17_crew_spoils_chosen_by_the_loser():
    state = duel()
    state, _ = play(state, "london", "sail N 3 attack face E")  # Genoa has no treasure: crew automatically
    assert owing(state) == ["genoa"]
    assert legal(state, "genoa")[:2] == ["give R2 B1", "give B1 B1"]
    state, events = play(state, "genoa", "give R2 B1")
    assert hand(state, "london") == ["R2", "R3", "R3", "B1", "B1"]
    assert game.redact(events[0], None)["move"] == "give 2 cards"
    assert game.redact(events[0], 0)["move"] == "give R2 B1"


def test_ruling_17_loser_with_one_card_gives_it():
    state = duel(hands={"london": STRONG, "genoa": ["R1"]})
    state, events = play(state, "london", "sail N 3 attack face E")
    assert hand(state, "genoa") == [] and "R1" in hand(state, "london")


def test_ruling_17_loser_with_nothing_gives_no_spoils():
    state = duel(hands={"london": STRONG, "genoa": []})
    state, events = play(state, "london", "sail N 3 attack face E")
    assert not any(x["k"] == "push" and x["item"]["kind"] == "spoils" for x in effects(events))
    assert owing(state) == ["genoa"] and all(m.startswith(("drift", "always", "never")) for m in legal(state, "genoa"))


def test_ruling_18_free_move_any_direction_with_sailing_value_after_spoils():
    state = duel()
    state, _ = play(state, "london", "sail N 3 attack face E")
    state, _ = play(state, "genoa", "give B1 B1")  # left with R2 B1: sailing 3
    moves = legal(state, "genoa")
    assert {m.split()[1] for m in moves if m.startswith("sail")} == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
    assert max(int(m.split()[2]) for m in moves if m.startswith("sail")) == 3
    with pytest.raises(IllegalMove, match="Rule 8: your sailing value is 3"):
        play(state, "genoa", "sail N 4 face N")


def test_ruling_18_free_move_into_port_without_trading():
    # London attacks from B5 and loses to Genoa on B6; its free move enters Venice (A7) from B6? No:
    # London is on B6 with Genoa; NW from B6 enters Venice along an arrow.
    state = duel(london={"at": "B3", "face": "N"}, genoa={"at": "B6", "face": "N"},
                 hands={"london": WEAK, "genoa": STRONG}, docks={"venice": {"crew": ["R1"], "treasure": ["rum"]}})
    state, _ = play(state, "london", "sail N 3 attack face N")
    state, _ = play(state, "london", "give B1 B1")
    state, _ = play(state, "london", "sail NW 1")
    assert ship(state, "london").at == sq("A7")
    assert owing(state) == ["genoa"]  # London's turn ended at once: no trading after a free move


def test_ruling_18_no_ending_on_a_ship_and_turn_when_stuck():
    state = duel(hands={"london": STRONG, "genoa": ["R1", "B1", "B1"]})
    state, _ = play(state, "london", "sail N 3 attack face E")
    state, _ = play(state, "genoa", "give R1 B1")  # left with B1: sailing 1
    assert "sail S 1 face N" in legal(state, "genoa")
    state = duel(london={"at": "T4", "face": "N"}, genoa={"at": "T6", "face": "S"},
                 hands={"london": STRONG, "genoa": ["R1"]})
    state, _ = play(state, "london", "sail N 2 attack face S")
    # Genoa gave its only card: a derelict drifts one square (T5 is land? no: T5 is sea; S5 is Pirate Island).
    assert all(m.startswith("drift") for m in legal(state, "genoa") if m not in ("always attack", "never attack"))


def test_ruling_18_free_move_onto_the_coast_draws():
    state = duel(london={"at": "I3", "face": "N"}, genoa={"at": "I6", "face": "E"}, chance_deck=[15])
    state, _ = play(state, "london", "sail N 3 attack face E")
    state, _ = play(state, "genoa", "give B1 B1")
    state, events = play(state, "genoa", "sail N 2 face W")
    assert effects(events, "draw")[0]["seat"] == 1 and len(hand(state, "genoa")) == 4


def test_ruling_19_draw_no_spoils_attacked_ship_moves():
    state = duel(hands={"london": ["R2", "B2", "R1", "B1"], "genoa": ["R1", "B1", "B1", "R1"]})
    state, events = play(state, "london", "sail N 3 attack face E")
    assert effects(events, "fight")[0]["result"] == "draw"
    assert owing(state) == ["genoa"] and state.pending[0].kind == "free"
    assert not ship(state, "london").must_sail_ahead and not ship(state, "genoa").must_sail_ahead


def test_ruling_20_winner_must_sail_ahead():
    state = duel()
    state, _ = play(state, "london", "sail N 3 attack face E")
    state, _ = play(state, "genoa", "give B1 B1")
    state, _ = play(state, "genoa", "sail S 2 face S")
    assert ship(state, "london").must_sail_ahead
    # Genoa's turn: it must move; then London's turn: only sails ahead (E), no turning.
    state, _ = play(state, "genoa", "sail S 1 face E")
    moves = legal(state, "london")
    assert moves and all(m.startswith("sail E") for m in moves if m not in ("always attack", "never attack"))
    state, _ = play(state, "london", "sail E 1 face N")
    assert not ship(state, "london").must_sail_ahead


def test_ruling_20_restriction_lapses_when_blocked():
    pos = {"to_move": "london",
           "ships": {"london": {"at": "T20", "face": "S", "must_sail_ahead": True}, "genoa": {"at": "T19", "face": "W"},
                     "cadiz": {"at": "N20"}},
           "hands": {"london": ["R1"], "genoa": WEAK, "cadiz": ["B2"]}}
    state = new(pos, home_ports=("london", "genoa", "cadiz"))
    moves = legal(state, "london")
    assert "sail S 1 attack face W" in moves and not any(m.startswith("turn") for m in moves)
    # With a second ship on T19 (left there by a fight) no sail ahead exists: turning is allowed again.
    from pbem.games.buccaneer.state import Ship

    state = replace(state, ships=state.ships[:2] + (Ship(at=sq("T19"), heading="E"),))
    moves = legal(state, "london")
    assert not any(m.startswith("sail") for m in moves) and "turn face W" in moves


def test_ruling_21_attack_on_the_coast_attacker_draws_after_the_free_move():
    state = duel(london={"at": "J5", "face": "N"}, genoa={"at": "J8", "face": "E"}, chance_deck=[15, 28])
    state, events = play(state, "london", "sail N 3 attack face E")
    assert not effects(events, "draw")  # nothing drawn before the fight is settled
    state, _ = play(state, "genoa", "give B1 B1")
    state, events = play(state, "genoa", "sail W 3 face W")  # off the coast to G8? G8 is sea, not coast
    draws = effects(events, "draw")
    assert [d["seat"] for d in draws] == [0] and draws[0]["card"] == 15


def test_ruling_21_losing_attacker_draws_only_if_its_free_move_ends_on_the_coast():
    state = duel(london={"at": "J5", "face": "N"}, genoa={"at": "J8", "face": "E"},
                 hands={"london": WEAK, "genoa": STRONG}, chance_deck=[15, 28])
    state, _ = play(state, "london", "sail N 3 attack face E")
    assert owing(state) == ["london"] and state.pending[0].kind == "give"  # crew demanded automatically
    state, _ = play(state, "london", "give B1 B1")
    state, events = play(state, "london", "sail E 1 face E")  # K8: still on the coast
    assert [d["seat"] for d in effects(events, "draw")] == [0]  # once


def test_ruling_21_losing_attacker_leaving_the_coast_draws_nothing():
    state = duel(london={"at": "J5", "face": "N"}, genoa={"at": "J8", "face": "E"},
                 hands={"london": WEAK, "genoa": STRONG}, chance_deck=[15, 28])
    state, _ = play(state, "london", "sail N 3 attack face E")
    state, _ = play(state, "london", "give B1 B1")
    state, events = play(state, "london", "sail S 2 face S")
    assert effects(events, "draw") == []


def test_ruling_21_interceptor_never_draws_on_the_coast():
    pos = {"to_move": "london",
           "ships": {"london": {"at": "H8", "face": "E"}, "genoa": {"at": "J8", "face": "E"}},
           "hands": {"london": STRONG, "genoa": WEAK}, "chance_deck": [15, 28]}
    state = new(pos)
    state, _ = play(state, "london", "sail E 3 face W")
    state, events = play(state, "genoa", "attack")  # Genoa (1) loses to London (5)
    state, events2 = play(state, "genoa", "give B1 B1")
    state, events3 = play(state, "genoa", "sail S 3 face S")
    draws = effects(events + events2 + events3, "draw")
    assert [d["seat"] for d in draws] == [0]  # the mover (winner) draws; Genoa does not
