"""Move hints (architecture section 12): what the board offers for each legal move, checked against the
board's markup over whole random games, and the words of the important moves from positions."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import reduce

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import Hint
from pbem.games.rigadoon.hints import RULE_ANCHORS
from pbem.play.chance import SeededChance

from .helpers import play, position

SVG = "{http://www.w3.org/2000/svg}"
SETUPS = [
    {"turn_limit": 14},
    {"turn_limit": 14, "wind": "die", "exits": "same_side", "first": "seat0", "rigadoon_limit": "unlimited"},
    {"turn_limit": 12, "deck_copies": 2, "same_wind": "keep"},
]


def playout_positions(options: dict, seed: int):
    """Every position where a seat owes a decision in one seeded random game, with that seat."""
    state = game.initial_state(2, game.resolve_options(2, options))
    state = reduce(game.evolve, game.start(state, SeededChance(seed.to_bytes(32, "big"), 1)), state)
    rng = random.Random(seed)
    batch = 2
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        yield state, seat
        move = rng.choice(game.legal_moves(state, seat))
        state = reduce(game.evolve, game.decide(state, seat, move, SeededChance(seed.to_bytes(32, "big"), batch)), state)
        batch += 1


def all_positions():
    for index, options in enumerate(SETUPS):
        for seed in (1, 2):
            yield from playout_positions(options, seed * 10 + index)


def marks(svg: str) -> tuple[set, set]:
    root = ET.fromstring(svg)
    pieces = {el.get("data-piece") for el in root.iter() if el.get("data-piece")}
    squares = {el.get("data-square") for el in root.iter() if el.get("data-square")}
    return pieces, squares


def test_hints_match_the_boards_markup_all_over_random_games():
    seen_decisions = set()
    for state, seat in all_positions():
        hints = game.move_hints(state, seat)
        hints = {move: hint.told() for move, hint in hints.items()}  # in English
        assert set(hints) == set(game.legal_moves(state, seat))
        pieces, squares = marks(game.render_svg(state, seat))
        by_place = {}
        for move, hint in hints.items():
            assert isinstance(hint, Hint) and hint.words and hint.rule in RULE_ANCHORS, (move, hint)
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", hint.words), hint.words  # no identifiers in words
            if hint.piece is not None:
                assert hint.piece in pieces, (move, hint)
            else:
                assert hint.group and hint.target is None and not hint.path, (move, hint)
            for square in (*hint.path, *([hint.target] if hint.target else [])):
                assert square in squares, (move, hint)
            key = (hint.piece, hint.target, hint.choice)
            assert key not in by_place, f"{move} and {by_place.get(key)} share piece, target and choice {key}"
            by_place[key] = move
        if state.chain is not None:
            seen_decisions.add(state.chain.decision)
    assert seen_decisions >= {"attack", "chest", "island"}, seen_decisions  # the games reached every decision
    # cheap enough for every page view (a generous bound: the machine is shared). The median, not the
    # worst: the suite runs in parallel processes, and one call the system set aside for another process
    # took 276 ms once


def test_every_rule_anchor_is_a_section_of_the_rules_page(client):
    page = client.get("/rules/rigadoon").get_data(as_text=True)
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert set(RULE_ANCHORS) <= ids, sorted(set(RULE_ANCHORS) - ids)


def hints_of(state, seat=None):
    """The hints with their words in English (the ids are the English)."""
    hints = game.move_hints(state, min(game.to_move(state)) if seat is None else seat)
    return {move: hint.told() for move, hint in hints.items()}


# --- the words and places of important moves ----------------------------------------------------------------------


def test_a_plain_sail_is_its_ship_and_the_square_it_ends_on():
    state = position("N", "green", {"G1": ("G8", 3)})
    hints = hints_of(state)
    assert hints["sail G1 S 3"] == Hint(piece="G1", target="G11", path=("G9", "G10"), choice="",
                                        words="G1 sails 3 squares south.", rule="sailing")
    yellow = hints["sail G1 SW 3"]
    assert yellow.words == "G1 sails 3 squares south-west (a yellow square: only a ship with all 3 masts reaches it)."


def test_sails_to_one_square_differ_by_bump_or_sink():
    """E3: pushing the chest on to J6 (stopping on I6) or sinking it on I6."""
    state = position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"])
    hints = hints_of(state)
    assert hints["sail G2 E 2"] == Hint(piece="G2", target="I6", path=("H6",), choice="bump", rule="bumping",
                                        words="G2 sails 2 squares east. It pushes the chest ahead of it on to J6.")
    assert hints["sail G2 E 2 sink"] == Hint(
        piece="G2", target="I6", path=("H6",), choice="sink", rule="sinking",
        words="G2 sails 2 squares east. It sinks the chest on I6 and stops there; you choose the island the chest washes up on.")
    assert hints["sail G2 E 3 sink"].words == (
        "G2 sails 3 squares east. It sinks the chest on J6 and stops there; you choose the island the chest washes up on. "
        "Landing on J6, it attacks G4 (yours) to the south.")


def test_running_aground_is_a_choice_on_the_chests_square():
    state = position("N", "blue", {"B1": ("E3", 3)}, chests=["E5"])
    hints = hints_of(state)
    assert hints["sail B1 S 2 aground"] == Hint(
        piece="B1", target="E5", path=("E4",), choice="run aground", rule="aground",
        words="B1 sails 2 squares south. It runs aground on the chest on E5: it cannot sail off this turn, and later only with 3 masts.")
    assert hints["sail B1 S 2"].choice == "bump" and hints["sail B1 S 2"].target == "E5"


def test_a_sail_into_a_maelstrom_ends_on_its_exit():
    state = position("S", "blue", {"B1": ("A4", 3)})
    hint = hints_of(state)["sail B1 N 2"]
    assert (hint.piece, hint.target, hint.path, hint.choice, hint.rule) == ("B1", "H8", ("A3", "A2"), "through the maelstrom", "maelstroms")
    assert hint.words == "B1 sails 2 squares north. It enters the maelstrom on A2 and comes out on its exit, H8, where its sail ends."


def test_a_claiming_sail_that_sets_off_an_attack_says_what_follows():
    """E2: G2 lands beside its own mastless G3, which is blasted onto island SE and claims the chest."""
    state = position("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0), "B3": ("I10", 1)}, chests=["J11"])
    assert hints_of(state)["sail G2 S 1"].words == (
        "G2 sails 1 square south. Landing on J8, it attacks G3 (yours) to the south. "
        "Result: G3 (yours) to J11 (in port) with 3 masts.")


def test_a_second_ship_into_port_says_it_wins():
    state = position("N", "blue", {"B1": ("B1", 3), "B2": ("J9", 3)}, chests=["B1", "J11"])
    hint = hints_of(state)["sail B2 S 2"]
    assert (hint.target, hint.rule) == ("J11", "winning")
    assert hint.words == ("B2 sails 2 squares south. It claims the chest on island SE: in port, with all 3 masts. "
                          "Two of your ships are in port: you win the game!")


def test_leaving_port_says_the_chest_is_free_again():
    state = position("N", "blue", {"B1": ("B1", 2)}, chests=["B1"])
    hint = hints_of(state)["sail B1 E 1"]
    assert hint.rule == "leaving-port"
    assert hint.words == "B1 sails 1 square east. It leaves port on island NW: the chest there is free for either fleet again."


def test_a_sail_that_ends_in_an_endless_loop_says_you_lose():
    """The spec's R7 position: Blue's sail starts attacks that backfire at both edges for ever."""
    state = position("S", "blue", {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)})
    hint = hints_of(state)["sail B1 N 2"]
    assert hint.words.endswith("This sets off an endless loop of attacks: you lose the game!")
    assert hint.rule == "infinite-loop"


def test_a_rigadoon_is_announced():
    state = position("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("C5", 2), "G3": ("B3", 2), "G4": ("J3", 2)})
    words = hints_of(state)["sail B2 N 2"].words
    assert words.startswith("B2 sails 2 squares north. Landing on F6, it attacks G1 to the west. Result: ")
    assert words.endswith("A Rigadoon! All four enemy ships are hit: B2 gets back all 3 masts and may sail once more.")
    assert hints_of(state)["sail B2 N 2"].rule == "rigadoon"


def test_repair_wind_and_end():
    state = position("N", "blue", {"B1": ("E9", 1), "B2": ("B1", 3), "G1": ("A1", 3)}, chests=["B1"])
    hints = hints_of(state)
    assert hints["repair B1"] == Hint(piece="B1", choice="repair", rule="repairs",
                                      words="B1 repairs one mast (1 to 2) and cannot sail this turn.")
    assert hints["wind"] == Hint(group="Your turn", rule="wind", words=(
        "Draw the next wind card from the pile of 7: the new wind sets how far every ship sails from now on. "
        "Once per turn, and never as your last action: keep a ship action for after it."))
    after, _ = play(state, "wind", "repair B1", chance=[0])
    assert hints_of(after)["end"] == Hint(group="Your turn", rule="turn", words="End your turn: the Green fleet moves next.")


def test_attack_order_is_the_attacker_and_the_targets_square():
    """E4: B1 lands on E9 beside G1 and its own B2; the blast of B2 crosses the edge."""
    state, _ = play(position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)}), "sail B1 SW 2")
    hints = hints_of(state)
    assert hints["attack B1 G1"] == Hint(piece="B1", target="D9", rule="chain-reactions", words=(
        "B1 fires on G1 first: G1 loses a mast and is blasted 2 squares west to B9. The other attacks follow."))
    assert hints["attack B1 B2"].target == "E10"
    assert hints["attack B1 B2"].words == ("B1 fires on B2 (yours) first: B2 has no mast to lose and is blasted 2 squares "
                                           "south across the edge to E1. The other attacks follow.")


def test_an_attack_that_backfires_says_so():
    """The island sandwich: G3 has island NW behind it."""
    state, _ = play(position("S", "blue", {"B2": ("D3", 2), "G3": ("C1", 2), "G4": ("E1", 2)}), "sail B2 N 2")
    assert hints_of(state)["attack B2 G3"].rule == "backfire"
    assert hints_of(state)["attack B2 G3"].words == (
        "B2 fires on G3 first: G3 loses a mast, but it cannot move west: the attack backfires. "
        "B2 also loses a mast and is blasted 2 squares east. The other attacks follow.")


def test_a_ship_blasted_into_a_chest_is_chosen_with_the_square_it_stops_on():
    """E3 step 2: G4 is blasted south into the chest on J9: sink it there, or push it on to J10."""
    state, _ = play(position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"]),
                    "sail G2 E 3 sink", "island SE")
    assert state.chain.decision == "chest"
    hints = hints_of(state)
    assert hints == {
        "sink": Hint(piece="G4", target="J9", choice="sink", rule="blasted-into-chests",
                     words="G4 sinks the chest on J9 and stops there; you choose the island it washes up on. "
                           "Then it attacks any ship beside it."),
        "bump 1": Hint(piece="G4", target="J9", choice="bump", rule="blasted-into-chests",
                       words="G4 pushes the chest ahead of it 1 square south; it is blasted on to J9. "
                             "Then it attacks any ship beside it."),
    }


def test_a_longer_blast_into_a_chest_offers_each_place_to_stop():
    """A blast of 2 squares with a chest on the first: sink at once, push once and sink, or push all the way."""
    state, _ = play(position("N", "blue", {"B1": ("B3", 3), "G1": ("C5", 2)}, chests=["D5"]), "sail B1 S 2")
    assert state.chain is not None and state.chain.decision == "chest"
    hints = hints_of(state)
    places = {move: (hint.target, hint.path, hint.choice) for move, hint in hints.items()}
    assert places == {"aground": ("D5", (), "run aground"), "bump 1 aground": ("E5", ("D5",), "run aground"),
                      "bump 2": ("E5", ("D5",), "bump")}


def test_the_island_for_a_sunk_chest_is_the_sinking_ship_and_the_islands_square():
    state, _ = play(position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"]), "sail G2 E 3 sink")
    hints = hints_of(state)
    assert sorted(hints) == ["island NE", "island NW", "island SE", "island SW"]
    assert {h.piece for h in hints.values()} == {"G2"}
    assert hints["island SE"] == Hint(piece="G2", target="J11", choice="island SE", rule="sinking", words=(
        "The sunk chest washes up on island SE (J11) and stays there; the first ship to land there claims it. "
        "Nearest ships: G4 (yours) 4 squares away and G2 (yours) 5 squares away."))


def test_setup_choices_are_buttons():
    state = game.initial_state(2, game.resolve_options(2, {"first": "seat0"}))
    hints = hints_of(state)
    assert hints["colour blue"] == Hint(group="Choose your fleet", choice="blue", rule="setup", words=(
        "Command the Blue fleet (B1-B4, starting on E1, K5, G11 and A7) and take the first turn; "
        "your opponent then picks the opening wind."))
    state, _ = play(state, "colour green")
    assert hints_of(state)["opening NE"] == Hint(group="Choose the opening wind", choice="NE", rule="wind", words=(
        "The wind blows from the north-east: ships sail farthest toward the south-west (3 squares, 4 with all 3 masts). "
        "Your opponent moves first under it."))


def test_only_the_seat_to_move_gets_hints():
    state = position("N", "blue", {"B1": ("E9", 1)})
    assert game.move_hints(state, 1) == {}


def test_a_chest_pushed_into_a_maelstrom_is_said_to_come_out_on_its_exit():
    state = position("S", "blue", {"B1": ("A4", 3)}, chests=["A3"])
    hint = hints_of(state)["sail B1 N 1"]
    assert (hint.target, hint.choice) == ("A3", "bump")
    assert hint.words == "B1 sails 1 square north. It pushes the chest ahead of it on to H8 (through the maelstrom)."
