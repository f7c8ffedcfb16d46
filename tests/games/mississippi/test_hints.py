"""Move hints (architecture section 12): one per legal move, naming the seat's boat, the field the paid
movement ends on and the fields it passes, the rotation as the choice among moves to the same field,
the rules page's section, and the whole effect in words (cost, gain, every reaction, the end). The
words are checked exactly from positions, and over played games against what the move really does."""

import re

import pytest

from pbem.games import mississippi as game
from pbem.games.base import Event
from pbem.games.mississippi.notation import parse_move
from pbem.games.mississippi.rules import apply_move

from .helpers import from_position, greedy_game, new_game

EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10}, "1": {"field": 5, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 18, "to_move": 0}
EXAMPLE_2 = {"boats": {"0": {"field": 3, "east": 2, "logs": 10}, "1": {"field": 18, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 18, "to_move": 0}
EXAMPLE_6B = {"boats": {"0": {"field": 40, "east": 1, "logs": 10}, "1": {"field": 13, "east": 6, "logs": 8},
                        "2": {"field": 50, "east": 1, "logs": 20}}, "supply": 22, "to_move": 1}


def boats(*placed, supply, to_move=0):
    """A 3-seat position from (field, east, logs) per seat."""
    return {"boats": {str(seat): {"field": f, "east": e, "logs": n} for seat, (f, e, n) in enumerate(placed)},
            "supply": supply, "to_move": to_move}


def hints_of(position, seat=None, **options):
    state = from_position(position, **options)
    return told(state, state.current if seat is None else seat)


def told(state, seat):
    """The hints with their words in English (the ids are the English)."""
    return {move: hint.told() for move, hint in game.move_hints(state, seat).items()}


# --- what the board needs ------------------------------------------------------------------------------


def test_the_target_is_where_the_paid_move_ends_and_the_path_the_fields_passed():
    hint = hints_of(EXAMPLE_1)["forward 2"]  # lands on 4; the reaction then carries Blue on to 8
    assert (hint.piece, hint.target, hint.path, hint.choice, hint.rule) == ("boat-0", "4", ("3",), "no turn", "reactions")
    jump = hints_of(EXAMPLE_1)["forward 3"]  # 3, 4, Red's 5 jumped, 6
    assert (jump.target, jump.path) == ("6", ("3", "4", "5"))
    back = hints_of(EXAMPLE_1)["back 2"]
    assert (back.target, back.path, back.rule) == ("0", ("1",), "back")


def test_moves_to_the_same_field_differ_by_the_rotation_in_words():
    hints = hints_of(EXAMPLE_1)
    to_four = {h.choice: move for move, h in hints.items() if h.target == "4"}
    assert to_four == {
        "no turn": "forward 2",
        "turn 60° clockwise, free": "rotate +1 forward 2",
        "turn 60° counter-clockwise, free": "rotate -1 forward 2",
        "turn 120° clockwise, 1 log": "rotate +2 forward 2",
        "turn 120° counter-clockwise, 1 log": "rotate -2 forward 2",
        "half turn, 2 logs": "rotate +3 forward 2",
    }
    assert {hints[move].rule for move in to_four.values() if move.startswith("rotate")} == {"rotation"}


def test_an_entry_move_needs_no_choice_and_points_to_entering():
    state, _ = new_game(3, rolls=[5])
    hints = told(state, 0)
    assert list(hints) == [f"forward {k}" for k in range(1, 21)]
    assert hints["forward 3"].piece == "boat-0" and hints["forward 3"].target == "3"
    assert hints["forward 3"].path == ("1", "2")
    assert {(h.choice, h.rule) for h in hints.values()} == {("", "entering")}
    assert hints["forward 3"].words == "Forward 3 to field 3. Costs 3 logs; you keep 17. No boat touches you there: no reaction."


def test_no_hints_for_a_seat_not_to_move():
    state = from_position(EXAMPLE_1)
    assert game.move_hints(state, 1) == {} and game.move_hints(state, 2) == {}


# --- the words, exactly ----------------------------------------------------------------------------------


def test_words_of_a_free_ride():
    assert hints_of(EXAMPLE_1)["forward 2"].words == (
        "Forward 2 to field 4. Costs 2 logs; you keep 8. Your 6 beats Red's 3: you move on 3 fields to field 8.")


def test_words_of_a_present_for_a_rival():
    assert hints_of(EXAMPLE_2)["forward 3"].words == (
        "Forward 3 to field 6. Costs 3 logs; you keep 7. Red's 5 beats your 4: Red moves on 1 field to field 19.")


def test_words_of_a_jump_and_of_equal_numbers():
    assert hints_of(EXAMPLE_1)["forward 3"].words == (
        "Forward 3 to field 6, jumping Red. Costs 3 logs; you keep 7. "
        "Red's 6 beats your 3: Red moves on 3 fields to field 9.")
    variant_1b = boats((2, 3, 10), (5, 6, 12), (40, 1, 20), supply=18)
    assert hints_of(variant_1b)["forward 2"].words == (
        "Forward 2 to field 4. Costs 2 logs; you keep 8. Your 3 meets Red's 3: equal, nothing moves.")


def test_words_of_a_half_turn_say_its_price_and_the_new_number_ahead():
    hint = hints_of(EXAMPLE_6B)["rotate +3 forward 1"]
    assert hint.choice == "half turn, 2 logs" and hint.rule == "rotation"
    assert hint.words == ("Forward 1 to field 14. Costs 3 logs (2 logs to turn, 1 to move); you keep 5. "
                          "No boat touches you there: no reaction. Your 6 then points down the river.")


def test_words_of_a_chain_and_of_a_bend():
    # Blue lands on 4 by Red (+3 to 8), then touches Green on 9 (+4: 10, 11, round the bend, 12, 13)
    chain = boats((2, 6, 10), (5, 6, 12), (9, 5, 20), supply=18)
    assert hints_of(chain)["forward 2"].words == (
        "Forward 2 to field 4. Costs 2 logs; you keep 8. Your 6 beats Red's 3: you move on 3 fields to field 8. "
        "Your 6 beats Green's 2: you move on 4 fields to field 13. Your 3 then points down the river.")


def test_words_sum_every_winning_number():
    # Blue jumps Green on 3 and lands on 4 between Green (its E 1) and Red (its W 3)
    both = boats((1, 6, 10), (5, 6, 12), (3, 1, 20), supply=18)
    assert hints_of(both)["forward 2"].words == (
        "Forward 2 to field 4, jumping Green. Costs 2 logs; you keep 8. "
        "Your 6 beats Red's 3 and your 3 beats Green's 1: you move on 5 fields to field 10.")


def test_words_of_moving_back_with_a_full_a_short_and_an_empty_supply():
    full = boats((30, 1, 0), (10, 1, 20), (50, 1, 20), supply=20)
    assert hints_of(full)["back 5"].words == (
        "Back 5 to field 25. Takes 5 logs from the supply; you then hold 5. No boat touches you there: no reaction.")
    short = boats((30, 1, 0), (10, 1, 20), (50, 1, 37), supply=3)
    assert hints_of(short)["back 5"].words == (
        "Back 5 to field 25. Takes only 3 logs: the supply holds 3; you then hold 3. "
        "No boat touches you there: no reaction.")
    empty = boats((30, 1, 0), (10, 1, 20), (50, 1, 40), supply=0)
    assert hints_of(empty)["back 5"].words == (
        "Back 5 to field 25. Takes no logs: the supply is empty; you then hold 0. No boat touches you there: no reaction.")
    paid = boats((30, 1, 2), (10, 1, 20), (50, 1, 38), supply=0)
    assert hints_of(paid)["rotate +3 back 1"].words == (
        "Back 1 to field 29. Costs 2 logs to turn; takes 1 log from the supply; you then hold 1. "
        "No boat touches you there: no reaction. Your 4 then points down the river.")


def test_words_of_reaching_the_goal():
    near = boats((80, 1, 20), (10, 1, 20), (30, 1, 20), supply=0)
    assert hints_of(near)["forward 3"].words == "Forward 3 to the goal. Costs 3 logs; you keep 17. You reach the goal and win."
    # Blue's 6 beats Red's 1 by 5, with two empty fields to the goal: the reaction stops there
    carried = boats((79, 6, 20), (81, 4, 20), (30, 1, 20), supply=0)
    assert hints_of(carried)["forward 1"].words == (
        "Forward 1 to field 80. Costs 1 log; you keep 19. Your 6 beats Red's 1: you move on to the goal and you win.")


def test_words_of_a_rival_pushed_onto_the_goal():
    # Blue lands on 81 beside Red on 82: Red's W 3 beats Blue's E 1 and carries Red to the goal
    pushed = boats((79, 1, 20), (82, 6, 20), (30, 1, 20), supply=0)
    assert hints_of(pushed)["forward 2"].words == (
        "Forward 2 to field 81. Costs 2 logs; you keep 18. Red's 3 beats your 1: Red moves on to the goal and Red wins.")


# --- over played games --------------------------------------------------------------------------------


def positions_of_games():
    """Positions from greedy games on several boards, and from the start of random-ish ones."""
    found = []
    for seats, options in ((3, {}), (6, {}), (4, {"clockwise": "spatial", "numbering": "die", "rows": 5, "width": 8}),
                           (2, {"max_rounds": 6}), (5, {"rows": 9, "width": 14})):
        greedy_game(seats, options, 1, lambda state, seat, move, events: found.append(state))
    return found


@pytest.fixture(scope="module")
def played():
    return [state for state in positions_of_games() if game.outcome(state) is None]


def test_hints_cover_exactly_the_legal_moves_in_their_order(played):
    for state in played:
        for seat in range(state.seats):
            assert list(game.move_hints(state, seat)) == game.legal_moves(state, seat)


def test_every_hint_names_the_board_and_choices_are_unique(played):
    for state in played:
        seat = state.current
        svg = game.render_svg(state, seat, ())
        pieces = set(re.findall(r'data-piece="([^"]+)"', svg))
        squares = set(re.findall(r'data-square="([^"]+)"', svg))
        seen = set()
        for move, hint in told(state, seat).items():
            assert hint.piece == f"boat-{seat}" and hint.piece in pieces
            assert hint.target in squares and set(hint.path) <= squares
            assert hint.group is None and hint.words and hint.rule
            assert (hint.piece, hint.target, hint.choice) not in seen, move
            seen.add((hint.piece, hint.target, hint.choice))


def test_words_tell_every_boat_that_moves_and_every_win(played):
    """Against the move itself, played with the reducer: each boat a reaction moves is named with the
    field it ends on, and the words say who wins exactly when someone reaches the goal."""
    for state in played:
        seat = state.current
        for move, hint in told(state, seat).items():
            after = game.evolve(state, Event.by_seat(seat, "move_played", {"seat": seat, "move": move}))
            for step in after.trace.reactions:
                for moved, _, end in step.moves:
                    who = "you" if moved == seat else game.tables.COLOURS[moved][0]
                    place = "the goal" if end == state.board.goal else f"field {end}"
                    assert f"{who} move{'' if moved == seat else 's'} on" in hint.words and place in hint.words, (move, hint.words)
            wins = " win" in hint.words
            assert wins == (after.finisher is not None), (move, hint.words)
            assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", hint.words)


def test_hints_agree_with_apply_move_on_the_landing_field(played):
    for state in played[:40]:
        seat = state.current
        for move, hint in told(state, seat).items():
            assert hint.target == str(apply_move(state, seat, parse_move(move)).trace.end)
