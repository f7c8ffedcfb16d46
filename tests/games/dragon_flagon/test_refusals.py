"""Every refusal names its rule (issue 10, item 6): a move into water says PR-8, a blocked step or
landing says rule 6, a wrong return square says PR-20; illegal variations of every legal move met in
whole games are refused naming a rule, or (a different shape of move) saying what was expected."""

from __future__ import annotations

import random
import re
from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import GameError, IllegalMove, InvalidMove
from pbem.games.dragon_flagon import geometry as g
from pbem.play.chance import SeededChance

from .helpers import ch, new_game, position

NAMES_A_RULE = re.compile(r"^(rule \d+(\.\d+)? \(|PR-\d+|option [a-z.]+:)")
FLAGON = {"id": "flagon", "square": "f8"}


def refusal(state, seat, move) -> str:
    with pytest.raises(GameError) as error:
        game.decide(state, seat, move, SeededChance(bytes(32), 9))
    return str(error.value)


def test_a_move_into_water_names_pr_8():
    pos = position([ch("monk", 0, "e7", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    assert "monk move square f8 facing e" in game.legal_moves(state, 0)
    assert refusal(state, 0, "monk move square f7 facing e") == "PR-8: f7 is water; characters never walk into it"


def test_a_skip_that_would_land_in_water_names_pr_8():
    pos = position([ch("rogue", 0, "c5", "e", plan=["shadow_dash", "move"]), ch("monk", 1, "i4", "w", time=5)],
                   draw_order=["rogue"])
    state, _ = new_game(pos)
    assert game.legal_moves(state, 0) == [f"rogue shadow_dash distance {d}" for d in (1, 2, 4, 5)]  # 3 is f5
    assert refusal(state, 0, "rogue shadow_dash distance 3") == "PR-8: f5 is water; no character ends its own move there"


def test_a_dash_names_the_first_blocked_step():
    pos = position([ch("monk", 0, "c5", "e", plan=["dash", "move"]), ch("rogue", 1, "e5", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    assert refusal(state, 0, "monk dash distance 2 facing e") == "rule 6 (walk step): e5 holds the Rogue"
    assert refusal(state, 0, "monk dash distance 4 facing e") == "rule 14 (Dash): distance 0 to 3"


def test_a_step_up_onto_a_table_and_a_step_too_far_name_rule_6_and_rule_14():
    pos = position([ch("monk", 0, "b8", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=5)],
                   tables=[("table1", "c7:d9")], draw_order=["monk"])
    state, _ = new_game(pos)
    assert refusal(state, 0, "monk move square c8 facing e").startswith("rule 6 (walk step): c8 is a table top")
    assert refusal(state, 0, "monk move square d8 facing e").startswith("rule 14 (Move): stay, or one step")
    assert refusal(state, 0, "monk move square b8 facing ne") == "rule 6 (facing): a facing is one of n, e, s, w in this game"


def test_a_wrong_return_square_names_pr_20():
    pos = position([ch("monk", 0, None, plan=()), ch("rogue", 1, "i6", "w", time=5)])
    state, _ = new_game(pos)
    message = refusal(state, 0, "place monk c5 e")
    assert message.startswith("PR-20: the Monk comes back on a vacant start square of its own ship"), message
    assert "b5, d5, b13, d13" in message
    assert refusal(state, 0, "place monk f7 e").startswith("PR-8: f7 is water")


def test_planning_refusals_name_rule_10():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash"]), ch("rogue", 1, "i5", "w", time=5)])
    state, _ = new_game(pos)
    assert refusal(state, 0, "plan monk slash") == "rule 10 (planning): Slash is already planned"
    assert refusal(state, 0, "plan monk dragon_kick") == \
        "rule 10 (Dragon cards): the Monk's Dragon card stays locked until it has held the Flagon"
    assert refusal(state, 0, "plan monk fireball") == "rule 3 (components): Fireball is not one of the Monk's cards"
    assert refusal(state, 0, "plan rogue move") == "rule 5 (teams): the Rogue is not one of your characters"


def test_a_chest_cannot_be_thrown_by_telekinesis_names_pr_4():
    pos = position([ch("wizard", 0, "c5", "e", plan=["telekinesis", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   objects=[FLAGON, {"id": "chest1", "square": "c4"}, {"id": "mug1", "square": "c6"}], draw_order=["wizard"])
    state, _ = new_game(pos)
    assert "wizard telekinesis object chest1 mode slide direction n distance 1" in game.legal_moves(state, 0)
    assert refusal(state, 0, "wizard telekinesis object chest1 mode throw direction n") == \
        "PR-4: Treasure Chests can never be thrown"
    assert refusal(state, 0, "wizard telekinesis object mug1 mode slide direction n distance 3") == \
        "rule 14 (Telekinesis): a slide goes 1 or 2 squares"
    with pytest.raises(InvalidMove, match="expected wizard telekinesis"):
        game.decide(state, 0, "wizard telekinesis object mug1 mode throw direction n distance 1", SeededChance(bytes(32), 2))


def variations(move: str, board_rows: int, board_cols: int):
    """Changed copies of a legal move: other squares, distances, facings, sides, tables, objects."""
    words = move.split()
    out = []
    for i, word in enumerate(words):
        key = words[i - 1] if i else None
        swaps = []
        if key == "square":
            square = g.parse_square(word, board_rows, board_cols)
            swaps = [g.square_name(s, board_rows, board_cols) for s in g.neighbours(square)]
            swaps += [g.square_name(g.ahead(square, "e", 3), board_rows, board_cols), "[7,5]", "[-1,-1]"]
        elif key in ("facing", "direction"):
            swaps = list(g.CLOCKWISE)
        elif key == "distance":
            swaps = [str(int(word) + d) for d in (-2, -1, 1, 2)]
        elif key == "side":
            swaps = ["left", "right", "up"]
        elif key in ("table", "object", "target", "take"):
            swaps = {"table": ["1", "2", "3", "4", "9"], "object": ["mug1", "chest1", "barrel1", "flagon"],
                     "target": ["monk", "rogue", "paladin"], "take": ["mug1", "chest3", "barrel1", "flagon"]}[key]
        elif key == "mode":
            swaps = ["slide", "throw"]
        elif words[0] == "place" and i == 2:
            swaps = ["a1", "f7", "b5", "d13", "h5", "[10,-1]"]
        for swap in swaps:
            out.append(" ".join(words[:i] + [swap] + words[i + 1:]))
    return out


@pytest.mark.parametrize("seats,options,seed", [(2, {"endgame.range": 6}, 4), (4, {"endgame.range": 5}, 5)])
def test_illegal_variations_of_legal_moves_name_their_rule(seats, options, seed):
    from tests.playouts.dragon_flagon import OVERHANGING_TABLES
    configurations = [(seats, options), (2, {"position": OVERHANGING_TABLES})]
    checked = 0
    for seats, options in configurations:
        state = game.initial_state(seats, game.resolve_options(seats, options))
        state = reduce(game.evolve, game.start(state, SeededChance(seed.to_bytes(32, "big"), 1)), state)
        rng = random.Random(seed)
        board = state.data.board
        step = 0
        while game.outcome(state) is None:
            step += 1
            seat = rng.choice(sorted(game.to_move(state)))
            legal = game.legal_moves(state, seat)
            for move in rng.sample(legal, min(4, len(legal))):
                for variant in variations(move, board.rows, board.cols):
                    if variant in legal:
                        continue
                    try:
                        game.decide(state, seat, variant, SeededChance(bytes(32), 3))
                    except IllegalMove as error:
                        assert NAMES_A_RULE.match(str(error)), f"{variant!r}: {error}"
                        checked += 1
                    except InvalidMove as error:
                        assert str(error).startswith("expected") or "not on the board" in str(error), f"{variant!r}: {error}"
                    else:
                        raise AssertionError(f"{variant!r} is not listed but was accepted")
            state = reduce(game.evolve, game.decide(state, seat, rng.choice(legal), SeededChance(bytes(32), step + 1)), state)
    assert checked > 100
