"""Passing an opponent (Rule 12): Rulings 12, 13 and 14.

    row 10  . . . .        London sails north from E5 along column E.
    row  9  . C . .        Cadiz may sit on E9, Genoa on E7:
    row  7  . G . .        each is asked in turn (`ask`), or its standing order answers.
    row  5  . L . .
            D E F G
"""

from __future__ import annotations

import pytest

from pbem.games import buccaneer as game

from .helpers import effects, hand, legal, new, owing, play, ship, sq

STRONG = ["R3", "R3", "B1"]  # sailing 7, fighting 5
WEAK = ["R2", "B1"]  # sailing 3, fighting 1
OTHER = ["B3", "B3", "R1"]  # sailing 7, fighting 5


def board(genoa="E7", cadiz="N20", orders=None, hands=None, **extra):
    pos = {"to_move": "london",
           "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": genoa, "face": "E"},
                     "cadiz": {"at": cadiz, "face": "W"} if cadiz != "N20" else {"at": "N20"}},
           "hands": hands or {"london": STRONG, "genoa": WEAK, "cadiz": OTHER},
           "standing_orders": orders or {}}
    pos.update(extra)
    return new(pos, home_ports=("london", "genoa", "cadiz"))


def test_ruling_12_ask_stops_the_ship_and_only_the_interceptor_owes():
    state = board()
    state, _ = play(state, "london", "sail N 4 face W")
    assert ship(state, "london").at == sq("E7")
    assert owing(state) == ["genoa"]
    assert legal(state, "genoa") == ["attack", "let pass", "always attack", "never attack"]
    assert legal(state, "london") == ["always attack", "never attack"]  # standing orders only


def test_ruling_12_let_pass_continues_to_the_destination():
    state = board()
    state, _ = play(state, "london", "sail N 4 face W")
    state, events = play(state, "genoa", "let pass")
    assert ship(state, "london").at == sq("E9") and ship(state, "london").heading == "W"
    assert events[0].data["move"] == "let pass"
    assert owing(state) == ["genoa"]  # London's turn ended; Genoa is next


def test_ruling_12_attack_starts_a_fight_where_the_ship_stopped():
    state = board()
    from dataclasses import replace

    state = replace(state, ships=(state.ships[0], replace(state.ships[1], cargo=("rum",)), state.ships[2]),
                    treasure_island=(6, 6, 6, 6, 5))
    state, _ = play(state, "london", "sail N 4 face W")
    state, events = play(state, "genoa", "attack")
    fight = effects(events, "fight")[0]
    assert fight["attacker"] == 1 and fight["defender"] == 0 and fight["square"] == [5, 7]
    assert fight["result"] == "defender"  # London's 5 beats Genoa's 1
    assert owing(state) == ["london"]
    assert legal(state, "london")[:2] == ["demand treasure", "demand crew"]


def test_ruling_12_two_interceptors_are_asked_in_order():
    state = board(cadiz="E9")
    state, _ = play(state, "london", "sail N 6 face W")
    assert owing(state) == ["genoa"] and ship(state, "london").at == sq("E7")
    state, _ = play(state, "genoa", "let pass")
    assert owing(state) == ["cadiz"] and ship(state, "london").at == sq("E9")
    state, _ = play(state, "cadiz", "let pass")
    assert ship(state, "london").at == sq("E11")


def test_ruling_13_only_squares_strictly_between_interrupt():
    state = board()
    # Ending on Genoa's square is London's own attack, not an interruption.
    state, events = play(state, "london", "sail N 2 attack face E")
    assert effects(events, "fight")[0]["attacker"] == 0


def test_ruling_13_stopped_ship_keeps_its_sailing_heading():
    state = board()
    state, _ = play(state, "london", "sail N 4 face W")
    assert ship(state, "london").heading == "N"


def test_ruling_13_derelicts_do_not_interrupt():
    state = board(hands={"london": STRONG, "genoa": [], "cadiz": OTHER})
    state, _ = play(state, "london", "sail N 4 face W")
    assert ship(state, "london").at == sq("E9")


def test_ruling_13_free_moves_are_not_interrupted():
    # Genoa attacks London at E7 and loses; its free move back south passes Cadiz on E6 unasked.
    pos = {"to_move": "genoa",
           "ships": {"london": {"at": "E7", "face": "N"}, "genoa": {"at": "E5", "face": "N"}, "cadiz": {"at": "E6", "face": "W"}},
           "hands": {"london": STRONG, "genoa": ["R2", "B1", "B1", "B1"], "cadiz": OTHER}}
    state = new(pos, home_ports=("london", "genoa", "cadiz"))
    state, _ = play(state, "genoa", "sail N 2 attack face N")
    assert owing(state) == ["cadiz"]  # the attacker's own sail passes Cadiz: that one is asked
    state, _ = play(state, "cadiz", "let pass")
    assert owing(state) == ["genoa"]  # London won and demanded crew automatically; Genoa chooses
    state, _ = play(state, "genoa", "give B1 B1")
    assert owing(state) == ["genoa"]
    state, events = play(state, "genoa", "sail S 3 face E")
    assert ship(state, "genoa").at == sq("E4")
    assert not any(e.data.get("move") in ("attack", "let pass") for e in events)


def test_ruling_13_draw_after_interruption_gives_the_mover_the_free_move():
    state = board(hands={"london": ["R2", "B2", "R1", "B1"], "genoa": ["R3", "B3"], "cadiz": OTHER})
    state, _ = play(state, "london", "sail N 4 face W")
    state, events = play(state, "genoa", "attack")
    assert effects(events, "fight")[0]["result"] == "draw"
    assert owing(state) == ["london"] and game.to_move(state) == {0}
    assert any(m.startswith("sail S") for m in legal(state, "london"))  # any direction


def test_ruling_14_always_attack_answers_at_once_with_an_event():
    state = board(orders={"genoa": "always attack"})
    state, events = play(state, "london", "sail N 4 face W")
    auto = [e for e in events if e.data.get("standing_order")]
    assert auto and auto[0].actor == "rules" and auto[0].data["move"] == "attack"
    assert effects(events, "fight")


def test_ruling_14_never_attack_lets_pass_at_once():
    state = board(orders={"genoa": "never attack"})
    state, events = play(state, "london", "sail N 4 face W")
    assert any(e.data.get("move") == "let pass" and e.actor == "rules" for e in events)
    assert ship(state, "london").at == sq("E9")


def test_ruling_14_set_out_of_turn_and_private():
    state = board()
    assert "never attack" in legal(state, "genoa")
    state, events = play(state, "genoa", "never attack")
    assert state.standing[1] == "never attack" and owing(state) == ["london"]
    assert game.redact(events[0], 0)["effects"] == [{"k": "order", "seat": 1}]
    assert game.redact(events[0], 0)["move"] == "standing order changed"
    assert game.redact(events[0], 1)["move"] == "never attack"
    assert "standing_order" not in str(game.view(state, 0)["ships"])
    assert game.view(state, 1)["you"]["standing_order"] == "never attack"
    assert game.view(state, 0)["you"]["standing_order"] == "ask"


def test_ruling_14_answer_sets_the_order_too():
    state = board()
    state, _ = play(state, "london", "sail N 4 face W")
    state, events = play(state, "genoa", "always attack")
    assert state.standing[1] == "always attack" and effects(events, "fight")
    assert game.redact(events[0], 0)["move"] == "attack"
