"""Move hints (architecture section 12): every legal move offered on the board or as a button.

All over seeded games: each hint names a ship drawn on the board and squares of the board, its path
runs straight from the ship to its target, its choice is the only one of its kind on that square, and its
rule is an anchor of /rules/buccaneer. From positions: the words of the important moves, exactly. And
hints never depend on what the seat cannot see."""

from __future__ import annotations

import random
import re
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.buccaneer.board import parse_square
from pbem.games.buccaneer.hints import RULES
from pbem.play import service
from pbem.play.chance import SeededChance
from tests.playouts.buccaneer import choose
from tests.support import play_randomly

from .helpers import new, owing, play, stored

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def rule_anchors(client) -> set[str]:
    page = client.get("/rules/buccaneer")
    assert page.status_code == 200
    return set(re.findall(r'\bid="([^"]+)"', page.data.decode()))


def board_ids(html: str) -> tuple[set[str], set[str]]:
    return set(re.findall(r'data-piece="([^"]+)"', html)), set(re.findall(r'data-square="([^"]+)"', html))


def positions(seats: int, seed: int, steps: int):
    """(state, seat owing a decision) along a seeded game: half the moves purposeful, half random."""
    resolved = game.resolve_options(seats, {"turn_limit": 60})
    state = game.initial_state(seats, resolved)
    state = reduce(game.evolve, map(stored, game.start(state, SeededChance(bytes([seed]) * 32, 1))), state)
    rng = random.Random(seed)
    for n in range(steps):
        if game.outcome(state):
            return
        seat = rng.choice(sorted(game.to_move(state)))
        yield state, seat
        legal = game.legal_moves(state, seat)
        move = choose(game.view(state, seat), legal, seat, rng) if rng.random() < 0.6 else rng.choice(legal)
        events = game.decide(state, seat, move, SeededChance(bytes([seed]) * 32, n + 2))
        state = reduce(game.evolve, map(stored, events), state)


def check_hints(state, seat, anchors, pieces, squares) -> None:
    hints = {move: hint.told() for move, hint in game.move_hints(state, seat).items()}  # in English
    assert set(hints) == set(game.legal_moves(state, seat))
    seen = {}
    for move, hint in hints.items():
        key = (hint.piece, hint.target, hint.choice)
        assert hint.choice and key not in seen, f"{move!r} and {seen.get(key)!r} share {key}"
        seen[key] = move
        assert hint.rule in anchors, (move, hint.rule)
        assert hint.words and not SNAKE.search(hint.words), (move, hint.words)
        assert (hint.piece is None) is (hint.target is None) is (hint.group is not None), (move, hint)
        if hint.piece is None:
            assert not hint.path
            continue
        assert hint.piece in pieces and hint.piece == f"ship-{state.home(seat)}", (move, hint.piece)
        assert hint.target in squares and set(hint.path) <= squares, (move, hint)
        # The path runs straight from the ship, one square at a time, to the target.
        line = [state.ships[seat].at] + [parse_square(s) for s in hint.path] + [parse_square(hint.target)]
        if len(line) > 2 or line[0] != line[-1]:
            steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:])}
            assert len(steps) == 1 and max(map(abs, steps.pop())) == 1, (move, line)


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_hint_points_at_the_board_and_at_the_rules_page_all_over_a_game(client, seats, seed):
    anchors = rule_anchors(client)
    for state, seat in positions(seats, seed, 400):
        pieces, squares = board_ids(game.render_svg(state, seat))
        check_hints(state, seat, anchors, pieces, squares)


def test_every_hint_piece_and_square_is_on_the_seat_page(client, db, site):
    anchors = rule_anchors(client)
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in ("Ann", "Bob", "Cy")],
                                  {"turn_limit": 30})
    rng = random.Random(5)
    for _ in range(12):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        for seat in sorted(loaded.to_move):
            page = client.get(f"/play/{created.tokens[seat]}").data.decode()
            pieces, squares = board_ids(page)
            check_hints(loaded.state, seat, anchors, pieces, squares)
        play_randomly(db, site, created, 15, rng)


def test_every_rule_the_hints_name_is_on_the_rules_page(client):
    anchors = rule_anchors(client)
    assert set(RULES.values()) <= anchors
    assert {f"card-{n}" for n in range(1, 29)} <= anchors


# --- the words of the important moves, from positions ------------------------------------------------------

TWO = ("london", "genoa")


def hints_of(state, port):
    hints = game.move_hints(state, state.home_ports.index(port))
    return {move: hint.told() for move, hint in hints.items()}  # in English (the ids are the English)


def test_a_sail_past_a_ship_says_that_ship_may_stop_it_there():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "D14", "face": "N"}},
                 "hands": {"london": ["R3", "R2", "B1"], "genoa": ["B1"]}}, home_ports=TWO)
    hint = hints_of(state, "london")["sail E 4 face N"]
    assert (hint.piece, hint.target, hint.path, hint.choice, hint.rule) == \
        ("ship-london", "E14", ("B14", "C14", "D14"), "Face north", "sailing")
    assert hint.words == ("Leave London by its east exit and sail 4 squares to E14, then face north. On the way you "
                          "pass the Genoa ship at D14: it may stop you there and attack.")


def test_an_attack_says_whom_it_attacks_and_how_the_fight_is_won():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "D14", "face": "N"}},
                 "hands": {"london": ["R3", "R2", "B1"], "genoa": ["B1"]}}, home_ports=TWO)
    hints = hints_of(state, "london")
    attacks = {m: h for m, h in hints.items() if h.target == "D14"}
    assert sorted(h.choice for h in attacks.values()) == ["Attack, facing north", "Attack, facing south"]
    hint = hints["sail E 3 attack face S"]
    assert hint.rule == "attacking" and hint.path == ("B14", "C14")
    assert hint.words == ("Leave London by its east exit and sail 3 squares to D14 and attack the Genoa ship there, "
                          "lying alongside it, facing south. The higher fighting value wins (yours is 4); the winner "
                          "takes the loser's treasure or two of its crew cards.")


def test_stopping_or_turning_on_treasure_islands_coast_draws_a_chance_card():
    state = new({"to_move": "london", "ships": {"london": {"at": "J6", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "R1"], "genoa": ["B1"]}, "chance_deck": [15, 28]}, home_ports=TWO)
    hints = hints_of(state, "london")
    assert hints["sail N 2 face W"].words == ("Sail 2 squares north to J8, then face west. You stop on Treasure "
                                              "Island's coast: draw a chance card.")
    assert hints["sail N 1 face W"].words == "Sail 1 square north to J7, then face west."
    state, _ = play(state, "london", "sail N 2 face W")  # draws card 15 (two crew); the turn ends by itself
    state, _ = play(state, "genoa", "end")
    turn = hints_of(state, "london")["turn face E"]
    assert (turn.piece, turn.target, turn.path, turn.choice, turn.rule) == ("ship-london", "J8", (), "Turn to face east", "turning")
    assert turn.words == ("Turn on the spot at J8 to face east. Turning is your whole move this turn. You are on "
                          "Treasure Island's coast: draw a chance card.")


def test_staying_in_the_home_port_is_a_button_that_ends_the_turn():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["B1"]}}, home_ports=TWO)
    hint = hints_of(state, "london")["end"]
    assert (hint.piece, hint.target, hint.group, hint.choice) == (None, None, "Your turn", "Stay in port")
    assert hint.words == "Stay in your home port this turn and end it; Genoa plays next."


def test_a_trade_says_what_it_gives_takes_and_costs():
    state = new({"to_move": "london", "ships": {"london": {"at": "A7", "cargo": ["ruby"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R3", "R2", "B1"], "genoa": ["B1"]},
                 "docks": {"venice": {"crew": ["R2", "B3"], "treasure": ["pearl"]}},
                 "held": {"london": ["long-john-silver"]}}, home_ports=TWO)
    hints = hints_of(state, "london")
    pearl = hints["trade give R3 take pearl"]
    assert (pearl.group, pearl.choice, pearl.rule) == ("Trade at Venice", "Give red 3, take pearl", "trading")
    assert pearl.words == ("Give red 3 (worth 3) to Venice's Docks and take a pearl (worth 3). Your sailing value "
                           "goes from 6 to 3.")
    crew = hints["trade give ruby take R2 B3"]
    assert crew.words == ("Give a ruby (worth 5) to Venice's Docks and take red 2 and black 3 (worth 5). Your sailing "
                          "value goes from 6 to 11.")
    silver = hints["trade give long-john-silver take R2 B3"]
    assert silver.rule == "long-john-silver"
    assert silver.words == ("Hand Long John Silver to Venice's Docks for crew worth at most 5: take red 2 and black 3 "
                            "into your hand. Your sailing value goes from 6 to 11.")


def test_the_answers_to_a_passing_ship_are_buttons_under_its_name():
    state = new({"to_move": "london", "ships": {"london": {"at": "J3", "face": "N"}, "genoa": {"at": "J6", "face": "E"}},
                 "hands": {"london": ["R3", "R2", "B1"], "genoa": ["R3", "R1", "B2"]}}, home_ports=TWO)
    state, _ = play(state, "london", "sail N 4 face N")
    assert owing(state) == ["genoa"]
    hints = hints_of(state, "genoa")
    assert {h.group for h in hints.values()} == {"London passes your ship"}
    assert hints["attack"].words == ("Stop the London ship on your square and fight it. The higher fighting value wins "
                                     "(yours is 2); the winner takes the loser's treasure or two of its crew cards.")
    assert hints["let pass"].words == "Let the London ship sail on through your square."
    assert hints["always attack"].choice == "Always attack from now on"
    assert hints["always attack"].words == ("Fight the London ship now, and from now on your ship attacks every ship "
                                            "that passes through its square, without asking you.")


def test_standing_orders_say_what_they_mean():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["B1"]}, "standing_orders": {"genoa": "never attack"}},
                home_ports=TWO)
    hints = hints_of(state, "genoa")  # not Genoa's turn: a standing order may be set at any time
    assert set(hints) == {"always attack", "ask"}
    assert hints["always attack"].group == "Standing order" and hints["always attack"].rule == "standing-orders"
    assert hints["always attack"].words == ("Always attack: your ship attacks every ship that passes through its "
                                            "square, without asking you. Only you see your standing order (now: "
                                            "never attack).")
    assert hints["ask"].words.startswith("Ask me each time: you are asked, each time a ship passes through your square")


def test_the_winner_of_a_fight_is_told_what_each_spoil_brings():
    state = new({"to_move": "london", "ships": {"london": {"at": "J5", "face": "N", "cargo": ["gold"]},
                                                "genoa": {"at": "J7", "face": "S", "cargo": ["ruby", "pearl"]}},
                 "hands": {"london": ["R3", "R3", "R3"], "genoa": ["B1"]}}, home_ports=TWO)
    state, _ = play(state, "london", "sail N 2 attack face S")
    hints = hints_of(state, "london")
    assert hints["demand treasure"].group == "Your fight with Genoa"
    assert hints["demand treasure"].words == ("Take all the treasure aboard the Genoa ship: a ruby and a pearl. You carry "
                                              "at most two pieces, so you then choose two to keep; the rest go back to "
                                              "Treasure Island.")
    assert hints["demand crew"].words == "The Genoa ship gives you its only crew card."
    state, _ = play(state, "london", "demand treasure")
    assert hints_of(state, "london")["keep ruby gold"].words == \
        "Keep a ruby and a gold bar aboard; a pearl goes back to Treasure Island."
    # The loser's free move: any direction, on the board, nobody can stop it.
    free = hints_of(state := play(state, "london", "keep ruby gold")[0], "genoa")["sail SE 1 face N"]
    assert (free.piece, free.target, free.rule) == ("ship-genoa", "K6", "free-move")
    assert free.words == ("Your free move after the fight: nobody can stop you on the way, and you cannot attack. Sail "
                          "1 square south-east to K6, then face north.")


def test_a_treasure_or_crew_card_offers_both_under_the_cards_name():
    state = new({"to_move": "london", "ships": {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R3", "R2", "B1"], "genoa": ["B1"]}, "chance_deck": [11]}, home_ports=TWO)
    state, _ = play(state, "london", "sail N 3 face E")
    hints = hints_of(state, "london")
    card = {m: h for m, h in hints.items() if h.group == "Chance card: Treasure up to 5 or 2 crew"}
    assert {h.rule for h in card.values()} == {"card-11"}
    assert card["chance crew"].words == "Take 2 crew cards from the top of Pirate Island instead of treasure."
    assert card["chance treasure pearl rum"].choice == "Treasure: pearl + rum"
    assert card["chance treasure pearl rum"].words == ("Take a pearl and a barrel of rum (worth 5) from Treasure Island "
                                                       "aboard your ship.")


def test_home_port_moves_say_what_they_do_to_the_home_treasure():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14", "cargo": ["pearl", "ruby"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["B1"]},
                 "docks": {"london": {"treasure": ["pearl", "pearl", "gold"]}}}, home_ports=TWO)
    hints = hints_of(state, "london")
    assert hints["deposit ruby"].group == "Your home port, London"
    assert hints["deposit ruby"].words == ("Unload a ruby into your Docks: your home treasure goes from 10 to 15 (20 "
                                           "wins). Visitors may trade for what lies in your Docks.")
    assert hints["secure pearl pearl pearl"].words == ("Move three pearls from your Docks and your ship into your Safety "
                                                       "Zone, where no trade or fight can take them; it still counts "
                                                       "towards your 20.")
    assert hints["secure pearl pearl pearl"].rule == "safety-zone"


def test_a_derelict_drifts_one_square():
    state = new({"to_move": "london", "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": [], "genoa": ["B1"]}}, home_ports=TWO)
    hints = hints_of(state, "london")
    drift = hints["drift NE face E"]
    assert (drift.target, drift.path, drift.choice, drift.rule) == ("F6", (), "Drift, face east", "derelicts")
    assert drift.words == "Your ship has no crew, so it drifts: one square north-east to F6, then face east."
    assert hints["end"].words == "Stay where you are (your ship has no crew) and end your turn; Genoa plays next."


def test_hints_never_depend_on_what_the_seat_cannot_see():
    """The other seat's hand (same number of cards), its standing order and both decks change nothing."""
    base = {"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "D14", "face": "N"}},
            "hands": {"london": ["R3", "R2", "B1"], "genoa": ["B1", "B2"]}}
    other = {**base, "hands": {"london": ["R3", "R2", "B1"], "genoa": ["R3", "R3"]},
             "standing_orders": {"genoa": "always attack"}, "chance_deck": [2, 22], "pirate_island": ["B3", "R3"]}
    first, second = hints_of(new(base, home_ports=TWO), "london"), hints_of(new(other, home_ports=TWO), "london")
    assert first == second and len(first) > 100


def test_anchor_bay_and_flat_island_moves_are_buttons_under_their_place():
    state = new({"to_move": "london", "ships": {"london": {"at": "T1", "face": "N", "cargo": ["rum"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["B1"]}, "held": {"london": ["kidds-chart"]}}, home_ports=TWO)
    redeem = hints_of(state, "london")["redeem diamond"]
    assert (redeem.group, redeem.choice, redeem.rule) == ("Anchor Bay", "Redeem for diamond", "kidds-chart")
    assert redeem.words == "Give back your Kidd's Chart and take a diamond (worth 5) from Treasure Island aboard."
    state = new({"to_move": "london", "ships": {"london": {"at": "E17", "face": "S"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "B2"], "genoa": ["B1"]}, "flat_island": {"crew": ["R3"]}}, home_ports=TWO)
    hints = hints_of(state, "london")
    assert hints["take R3"].group == hints["land B2"].group == "Flat Island"
    assert hints["take R3"].words == "Take red 3 from Flat Island into your hand. Your sailing value goes from 3 to 6."
    assert hints["land B2"].words == ("Leave black 2 face up on Flat Island, where any ship beside it may take it. Your "
                                      "sailing value goes from 3 to 1.")


def test_the_crew_levy_names_who_takes_and_where_each_card_comes_from():
    state = new({"to_move": "london", "ships": {"london": {"at": "J6", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "B2"], "genoa": ["B1", "R3", "B3", "R2"]},
                 "docks": {"genoa": {"crew": ["B1"]}}, "chance_deck": [2]}, home_ports=TWO)
    state, _ = play(state, "london", "sail N 2 face W")  # card 2; Genoa, the only other player, is named
    assert owing(state) == ["genoa"]
    hint = hints_of(state, "genoa")["chance give R2 R3 docks B1"]
    assert (hint.group, hint.choice, hint.rule) == ("Crew levy: London takes crew from you",
                                                    "Give red 2 + red 3, Docks black 1", "card-2")
    assert hint.words == ("Give London red 2 and red 3 from your hand and black 1 from your Docks. Your sailing value "
                          "goes from 9 to 4.")


def test_a_treasure_and_cut_card_says_the_crew_is_cut_only_when_it_must_be():
    def drawn(hand):
        state = new({"to_move": "london", "ships": {"london": {"at": "J6", "face": "N"}, "genoa": {"at": "G1"}},
                     "hands": {"london": hand, "genoa": ["B1"]}, "chance_deck": [16]}, home_ports=TWO)
        return hints_of(play(state, "london", "sail N 2 face W")[0], "london")["chance treasure ruby"]
    assert drawn(["R3", "R3", "R3", "R2"]).words == ("Take a ruby (worth 5) from Treasure Island aboard your ship. Then "
                                                     "your crew, worth 11, is cut to at most 10.")
    assert drawn(["R3", "R3"]).words == "Take a ruby (worth 5) from Treasure Island aboard your ship."
