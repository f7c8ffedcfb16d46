"""Move hints (architecture section 12): for every legal move, the character it acts with, the square it
ends on or acts on, the squares it passes, a choice label, its result in words and the rules page's
anchor. Checked on positions all over random playouts (against the real seat page's markup: the board
picture and the HTML panel) and, word for word, on positions built for the purpose."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from functools import reduce

import pytest
from flask import render_template

from pbem.games import dragon_flagon as game
from pbem.games.base import Hint
from pbem.play.chance import SeededChance

from .helpers import ch, new_game, play, position

PIECE = re.compile(r'data-piece="([^"]+)"')
SQUARE = re.compile(r'data-square="([^"]+)"')
SETUPS = [
    (2, {}),
    (3, {"setup.placement": "fixed", "endgame.range": 8}),
    (4, {"board": "tavern", "endgame.range": 8}),
    (5, {"geometry.facings": 8, "endgame.range": 6, "swing.requirement": "anywhere"}),
    (8, {"endgame.range": 5, "dragon.unlock": "while_holding"}),
]


def told(state, seat):
    """The hints with their words in English (the ids are the English)."""
    return {move: hint.told() for move, hint in game.move_hints(state, seat).items()}


def playout(seats, options, seed, limit=600):
    """(state, seat) before every decision of a random game."""
    rng = random.Random(seed)
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    state = reduce(game.evolve, game.start(state, SeededChance(bytes([seed]) * 32, 1)), state)
    for step in range(limit):
        if game.outcome(state):
            return
        seat = rng.choice(sorted(game.to_move(state)))
        yield state, seat
        move = rng.choice(game.legal_moves(state, seat))
        state = reduce(game.evolve, game.decide(state, seat, move, SeededChance(b"\x05" * 32, step + 2)), state)


def seat_page_markup(app, state, seat, names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")):
    """The parts of the seat page a hint points into: the board picture and the game's HTML panel, rendered
    by the real template from the seat's view."""
    with app.test_request_context():
        panel = render_template("games/dragon_flagon.html", view=game.view(state, seat), names=list(names),
                                seat=seat, module=game, legal=game.legal_moves(state, seat))
    return game.render_svg(state, seat, names=names), panel


def rules_page_ids(client):
    page = client.get("/rules/dragon_flagon").get_data(as_text=True)
    return set(re.findall(r'\bid="([^"]+)"', page))


@pytest.mark.parametrize("seats,options", SETUPS)
def test_every_hint_points_at_the_seat_pages_pieces_and_squares(app, client, seats, options):
    anchors = rules_page_ids(client)
    checked = set()
    for state, seat in playout(seats, options, seed=seats):
        hints = told(state, seat)
        legal = game.legal_moves(state, seat)
        assert list(hints) == legal, "the hints cover exactly the legal moves, in their order"
        key = (state.phase, state.revealed)
        if key in checked and random.Random(len(checked)).random() < 0.8:
            continue  # each kind of decision in full, the others now and then: the page render is slow
        checked.add(key)
        svg, panel = seat_page_markup(app, state, seat)
        pieces = set(PIECE.findall(svg)) | set(PIECE.findall(panel))
        squares = set(SQUARE.findall(svg))
        by_place: dict = {}
        for move, hint in hints.items():
            assert isinstance(hint, Hint) and hint.piece, move
            assert hint.piece in pieces, f"{move}: no data-piece={hint.piece!r} on the page"
            if hint.target is not None:
                assert hint.target in squares, f"{move}: no data-square={hint.target!r} on the board"
            for square in hint.path:
                assert square in squares, f"{move}: the path square {square!r} is not on the board"
            assert hint.rule in anchors, f"{move}: the rules page has no #{hint.rule}"
            assert hint.words and "_" not in hint.words, f"{move}: {hint.words!r}"
            json.dumps(hint.to_json())
            by_place.setdefault((hint.piece, hint.target), []).append(hint.choice)
        for place, choices in by_place.items():
            assert len(choices) == len(set(choices)), f"choices repeat for {place}: {choices}"
    assert len(checked) >= 3


def test_placing_a_standee_is_the_character_then_its_start_square_with_the_facing_as_choice():
    options = game.resolve_options(2, {"characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin"]}})
    state = game.initial_state(2, options)
    state = reduce(game.evolve, game.start(state, SeededChance(b"\x01" * 32, 1)), state)
    seat = min(game.to_move(state))
    hints = told(state, seat)
    cid = state.placement[0]
    ship_starts = {"monk": "b5", "rogue": "b5", "buccaneer": "h5", "paladin": "h5"}
    hint = hints[f"place {cid} {ship_starts[cid]} e"]
    name = cid.capitalize()
    assert hint == Hint(piece=cid, target=ship_starts[cid], choice="Face east",
                        words=f"Place the {name} on {ship_starts[cid]}, facing east.", rule="setup")
    assert {h.choice for h in hints.values()} == {"Face north", "Face east", "Face south", "Face west"}


def test_planning_is_the_character_then_a_card_by_its_printed_name_with_time_and_text():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash"]), ch("rogue", 1, "e5", "w", plan=[])], draw_order=["monk"])
    state, _ = new_game(pos)
    hints = told(state, 1)
    assert hints["plan rogue slash"] == Hint(
        piece="rogue", choice="Slash", rule="card-slash", group="Plan a card for the Rogue",
        words="Time 2, melee. Only if a character stands in the square ahead; otherwise it does nothing. "
              "The character ahead loses 2 reputation to you and is knocked back 1 square.")
    assert hints["plan rogue shadow_step"].words == (
        "Time 2. You vanish and reappear on any free square within 2 squares, then face any way you like.")
    assert all(h.target is None and h.piece == "rogue" for h in hints.values())


def test_planning_words_read_the_games_own_card_table():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash"]), ch("rogue", 1, "e5", "w", plan=[])], draw_order=["monk"])
    state, _ = new_game(pos, cards={"slash": {"time": 3}})
    assert told(state, 1)["plan rogue slash"].words.startswith("Time 3, melee.")


# --- a revealed card's choices: squares where a square says it best ----------------------------------------------


def test_move_ends_on_its_square_and_the_facing_is_the_choice():
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["monk move square c6 facing s"] == Hint(
        piece="monk", target="c6", choice="Face south", words="Move: walk 1 square to c6, facing south.", rule="card-move")
    assert hints["monk move square c5 facing w"].words == "Move: stay on c5, facing west."


def test_a_dash_ends_on_the_square_it_reaches_and_passes_the_ones_before():
    pos = position([ch("monk", 0, "e5", "s", plan=["dash", "move"]), ch("rogue", 1, "i5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["monk dash distance 3 facing e"] == Hint(
        piece="monk", target="e8", path=("e6", "e7"), choice="Face east", rule="card-dash",
        words="Dash: walk 3 squares to e8, facing east.")
    assert hints["monk dash distance 0 facing n"].target == "e5"


def test_leaps_end_on_the_landing_square_and_pass_over_the_water():
    pos = position([ch("monk", 0, "e8", "e", plan=["leap", "move"]), ch("rogue", 1, "i5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["monk leap distance 2"] == Hint(piece="monk", target="g8", path=("f8",), words="Leap: land on g8.",
                                                 rule="card-leap")
    assert hints["monk leap distance 3"].path == ("f8", "g8")


def test_dragon_kick_lands_on_a_square_knocks_to_a_chosen_side_and_says_who_is_hurt():
    pos = position([ch("monk", 0, "c5", "e", plan=["dragon_kick", "move"], dragon="unlocked"),
                    ch("rogue", 1, "d5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["monk dragon_kick distance 2 side left"] == Hint(
        piece="monk", target="e5", path=("d5",), choice="Knock to the left (north)", rule="card-dragon-kick",
        words="Dragon Kick: land on e5, knocking to the left. The Rogue loses 2 and ends on d4. The Monk gains 2.")
    assert hints["monk dragon_kick distance 2 side right"].words.endswith("The Rogue loses 2 and ends on d6. The Monk gains 2.")


def test_lure_of_the_sea_names_where_the_lured_character_ends_and_an_overboard():
    pos = position([ch("buccaneer", 0, "c5", "e", plan=["lure_of_the_sea", "move"]), ch("rogue", 1, "e5", "w", time=5)],
                   draw_order=["buccaneer"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["buccaneer lure_of_the_sea direction e distance 1"] == Hint(
        piece="buccaneer", target="f5", choice="East, 1 square", rule="card-lure-of-the-sea",
        words="Lure of the Sea: lure the Rogue east 1 square. The Rogue loses 2 and goes overboard. The Buccaneer gains 2.")
    assert hints["buccaneer lure_of_the_sea direction s distance 2"].target == "e7"
    assert hints["buccaneer lure_of_the_sea direction s distance 2"].words.endswith("The Rogue ends on e7.")
    # the words are what happens: the move played gives exactly that
    after, _ = play(state, 0, "buccaneer lure_of_the_sea direction e distance 1")
    assert after.char("rogue").square is None and after.char("rogue").rep == 18 and after.char("buccaneer").rep == 22


def test_dragon_rage_has_no_square_to_choose_its_side_is_a_button():
    pos = position([ch("barbarian", 0, "c5", "e", plan=["dragon_rage", "move"], dragon="unlocked"),
                    ch("rogue", 1, "e5", "w", time=5)], draw_order=["barbarian"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["barbarian dragon_rage side right"] == Hint(
        piece="barbarian", choice="Knock to the right (south)", rule="card-dragon-rage",
        words="Dragon Rage: charge to e5, knocking to the right. The Rogue loses 2 and ends on e6. The Barbarian gains 2.")


def test_fireball_aims_at_its_centre_square_and_counts_friend_and_foe():
    pos = position([ch("wizard", 0, "c5", "e", plan=["fireball", "move"], dragon="unlocked"),
                    ch("rogue", 1, "e5", "w", time=5), ch("monk", 0, "d6", "w", time=5)], draw_order=["wizard"])
    state, _ = new_game(pos)
    assert told(state, 0)["wizard fireball square e6"] == Hint(
        piece="wizard", target="e6", rule="card-fireball",
        words="Fireball: aim at e6. The Monk loses 2 and Falls. The Rogue loses 2 and Falls. The Wizard gains 2. "
              "2 reputation go to the box.")


def test_pick_up_targets_the_objects_square_and_says_the_flagon_unlocks_the_dragon_card():
    pos = position([ch("monk", 0, "e8", "e", plan=["pick_up", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["monk"], objects=[{"id": "flagon", "square": "f8"}, {"id": "mug1", "square": "e8"}])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["monk pick_up take mug1"] == Hint(piece="monk", target="e8", choice="Take the mug",
                                                   words="Pick Up: take the mug.", rule="card-pick-up")
    assert hints["monk pick_up take flagon"] == Hint(
        piece="monk", target="f8", choice="Take the Flagon", rule="card-pick-up",
        words="Pick Up: take the Flagon from f8. The Monk unlocks its Dragon card.")


def test_telekinesis_acts_on_the_objects_square_mode_and_direction_are_the_choice():
    pos = position([ch("wizard", 0, "c5", "e", plan=["telekinesis", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["wizard"], objects=[{"id": "flagon", "square": "f8"}, {"id": "barrel1", "square": "e4"}])
    state, _ = new_game(pos)
    hints = told(state, 0)
    hint = hints["wizard telekinesis object barrel1 mode slide direction e distance 1"]
    assert (hint.target, hint.choice) == ("e4", "Slide the barrel east 1 square")
    assert hint.words == "Telekinesis: slide the barrel east. The barrel leaves play."  # into the water between the ships
    assert hints["wizard telekinesis object barrel1 mode slide direction w distance 1"].words == (
        "Telekinesis: slide the barrel west. The barrel ends on d4.")


def test_lay_on_hands_targets_the_healed_crewmates_square():
    pos = position([ch("paladin", 0, "c5", "e", plan=["lay_on_hands", "move"]),
                    ch("monk", 0, "c6", "e", time=5, status=["dazed"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["paladin"])
    state, _ = new_game(pos)
    hints = told(state, 0)
    assert hints["paladin lay_on_hands target monk"] == Hint(
        piece="paladin", target="c6", rule="card-lay-on-hands",
        words="Lay on Hands: heal the Monk. The Monk shakes off the daze. The Paladin gains 2.")
    assert hints["paladin lay_on_hands target paladin"].target == "c5"


def test_animating_a_table_warns_of_what_the_push_does_to_the_druid_itself():
    pos = position([ch("druid", 0, "b8", "e", plan=["animate_table", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["druid"], tables=[("table1", "c7:d9")])
    state, _ = new_game(pos)
    hints = told(state, 0)
    west = hints["druid animate_table table 1 direction w"]
    assert (west.target, west.choice) == ("c7", "Push it west")  # a square of the table, nearest the Druid
    # shoved to a8 (1 to the box), then off the ship (1, and 2 for going overboard, all to the box)
    assert west.words == ("Animate Table: move the table west. The Druid loses 4 and goes overboard. "
                          "The table moves 2 squares west. 4 reputation go to the box.")
    assert hints["druid animate_table table 1 direction e"].words == (
        "Animate Table: move the table east. The Flagon ends on g8. The table moves 2 squares east.")


def test_a_push_that_cannot_move_says_so():
    pos = position([ch("druid", 0, "b8", "e", plan=["animate_table", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["druid"], tables=[("table1", "c7:d9"), ("table2", "e7:e9")])
    state, _ = new_game(pos)
    assert told(state, 0)["druid animate_table table 1 direction e"].words == (
        "Animate Table: move the table east. The table cannot move that way.")


# --- nothing hidden -----------------------------------------------------------------------------------------------


def test_hints_do_not_depend_on_another_seats_face_down_cards():
    for state, seat in playout(4, {"endgame.range": 6}, seed=9, limit=300):
        others = replace(state, chars=tuple(
            c if c.seat == seat else replace(c, plan=tuple(i if i.startswith("!") else
                                                           ("dodge" if i == "move" else "move") for i in c.plan))
            for c in state.chars))
        assert told(others, seat) == told(state, seat)


def cards_with_choices():
    data = game.rules_characters()
    owners = {c["id"]: ch_["id"] for ch_ in data for c in ch_["cards"]}
    for card in game.rules_commons():
        owners[card["id"]] = "monk"
    from pbem.games.dragon_flagon.cardtext import printed_data

    cards = printed_data().cards
    return [(card_id, owner) for card_id, owner in owners.items() if cards[card_id].choices]


@pytest.mark.parametrize("card,owner", cards_with_choices())
def test_every_card_with_choices_is_offered_on_the_board_when_revealed(app, client, card, owner):
    from pbem.games.dragon_flagon.data import BOARDS_FILE

    enemy = "rogue" if owner != "rogue" else "monk"
    mate = "paladin" if owner != "paladin" else "cleric"
    chars = [ch(owner, 0, "c8", "e", plan=[card, "move"], dragon="unlocked", holds="mug1"),
             ch(mate, 0, "b8", "n", time=5, status=["fallen"]), ch(enemy, 1, "d8", "w", time=5)]
    objects = [o for o in BOARDS_FILE["pirate"]["objects"] if o["id"] != "mug1"] + [{"id": "mug13", "square": "d8"}]
    pos = position(chars, objects=objects, tables=[("table1", "c7:d9"), ("table3", "a11:b12")],
                   familiar="d3" if owner == "wizard" else None, draw_order=[owner])
    state, _ = new_game(pos)
    assert state.phase == "choose" and state.revealed == card, (state.phase, state.revealed)
    hints = told(state, 0)
    assert list(hints) == game.legal_moves(state, 0) and len(hints) >= 2
    svg, panel = seat_page_markup(app, state, 0)
    squares = set(SQUARE.findall(svg))
    anchors = rules_page_ids(client)
    places: dict = {}
    for move, hint in hints.items():
        assert hint.piece == owner and f'data-piece="{owner}"' in svg + panel
        assert (hint.target is None or hint.target in squares) and set(hint.path) <= squares, move
        assert hint.rule == f"card-{card.replace('_', '-')}" and hint.rule in anchors
        assert hint.words.startswith(state.data.cards[card].name + ": ") and "_" not in hint.words, hint.words
        places.setdefault((hint.piece, hint.target), []).append(hint.choice)
    for place, choices in places.items():
        assert len(choices) == len(set(choices)), (place, choices)
