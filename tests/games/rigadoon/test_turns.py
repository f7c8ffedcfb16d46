"""Turn structure: changing the wind (R10), compulsory actions (R11), repairs, winning (R9),
setup (R20), resigning and the turn limit."""

from dataclasses import replace

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import IllegalMove, NotYourTurn
from pbem.games.rigadoon.engine import winning_fleet
from pbem.games.rigadoon.state import Ship
from pbem.play.chance import ScriptedChance

from .helpers import legal, play, position, replay, seat, ships


def test_r10_end_refused_before_the_wind_change():
    state = position("N", "blue", {"B1": ("E9", 2)})
    state, _ = play(state, "repair B1")
    assert "end" not in legal(state)
    with pytest.raises(IllegalMove, match="R10: change the wind"):
        game.decide(state, seat(state), "end", None)


def test_r10_end_refused_right_after_the_wind_change():
    state = position("N", "blue", {"B1": ("E9", 2), "B2": ("A7", 2)})
    state, _ = play(state, "repair B1", "wind", chance=[0])
    with pytest.raises(IllegalMove, match="last action"):
        game.decide(state, seat(state), "end", None)
    state, _ = play(state, "repair B2")
    assert game.legal_moves(state, 0) == []  # nothing left: the rules ended the turn
    assert state.active == "G"


def test_r10_the_wind_changes_only_once():
    state = position("N", "blue", {"B1": ("E9", 2), "B2": ("A7", 2)})
    state, _ = play(state, "wind", chance=[0])
    assert "wind" not in legal(state)
    with pytest.raises(IllegalMove, match="once per turn"):
        game.decide(state, seat(state), "wind", ScriptedChance([0]))


def test_r10_the_change_ends_the_turn_when_no_ship_action_is_possible():
    # B1 on A1 with 3 masts cannot sail: island B1 (no chest) east, maelstrom A2 with its exit H8
    # taken south, G2 on B2 south-east; it cannot repair either.
    state = position("N", "blue", {"B1": ("A1", 3), "G1": ("H8", 2), "G2": ("B2", 2)})
    assert legal(state) == ["wind"]
    state, events = play(state, "wind", chance=[0])
    assert [(e.type, e.actor) for e in events] == [("move_played", "0"), ("wind_drawn", "rules"), ("move_played", "rules")]
    assert events[-1].data["move"] == "end"
    assert state.active == "G" and state.turn == 2


def test_r10_wind_after_every_ship_acted_ends_the_turn():
    state = position("N", "blue", {"B1": ("E9", 2)})
    state, events = play(state, "repair B1", "wind", chance=[0])
    assert events[-1].data == {"move": "end"} and events[-1].actor == "rules"
    assert state.active == "G"


def test_r11_three_mast_ship_at_sea_must_sail():
    state = position("N", "blue", {"B1": ("E9", 3), "B2": ("A7", 2)})
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert "end" not in legal(state)
    assert "repair B1" not in legal(state)
    with pytest.raises(IllegalMove, match="R11"):
        game.decide(state, seat(state), "end", None)


def test_r11_mastless_ship_must_repair_and_cannot_sail():
    state = position("N", "blue", {"B1": ("E9", 0), "B2": ("A7", 2)})
    assert not any(m.startswith("sail B1") for m in legal(state))
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert "end" not in legal(state)
    state, _ = play(state, "repair B1")
    assert state.active == "G"  # end was then the only move: played by the rules


def test_r11_ship_with_one_or_two_masts_sails_or_repairs_but_not_both():
    state = position("N", "blue", {"B1": ("E9", 2), "B2": ("A7", 2)})
    state, _ = play(state, "wind", "repair B1", chance=[0])
    assert not any(m.startswith("sail B1") for m in legal(state))
    assert "repair B1" not in legal(state)
    assert "end" not in legal(state)  # B2 still owes an action


def test_r11_ship_in_port_may_do_nothing():
    state = position("N", "blue", {"B1": ("B1", 3), "B2": ("A7", 2)}, chests=["B1"])
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert "end" in legal(state)
    assert any(m.startswith("sail B1") for m in legal(state))


def test_r11_three_mast_ship_without_a_legal_sail_does_nothing():
    state = position("N", "blue", {"B1": ("A1", 3), "B2": ("A7", 2), "G1": ("H8", 2), "G2": ("B2", 2)})
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert state.active == "G"


def test_repairs_add_one_mast_and_never_more_than_three():
    state = position("N", "blue", {"B1": ("E9", 1), "B2": ("A7", 3)})
    assert "repair B2" not in legal(state)
    state, _ = play(state, "repair B1")
    assert ships(state)["B1"] == ("E9", 2)
    with pytest.raises(IllegalMove, match="one action per ship"):
        game.decide(state, seat(state), "repair B1", None)


def test_ship_cannot_sail_twice():
    state = position("N", "blue", {"B1": ("E9", 3), "B2": ("A7", 2)})
    state, _ = play(state, "sail B1 N 1")
    with pytest.raises(IllegalMove, match="more than once"):
        game.decide(state, seat(state), "sail B1 N 1", None)


def test_other_seat_may_not_move():
    state = position("N", "blue", {"B1": ("E9", 3)})
    assert game.legal_moves(state, 1) == []
    with pytest.raises(NotYourTurn):
        game.decide(state, 1, "wind", ScriptedChance([0]))


def test_r9_a_win_during_the_opponents_turn():
    # Green already holds B1 with G1; Blue blasts G3 onto the chest on J11.
    state = position("S", "blue", {"B2": ("J7", 2), "G3": ("J9", 1), "G1": ("B1", 3)}, chests=["B1", "J11"])
    state, _ = play(state, "sail B2 S 1")
    result = game.outcome(state)
    assert result.termination == "two_chests" and result.winners == (1,)
    assert game.to_move(state) == frozenset()


def test_r9_win_by_sailing_into_port():
    state = position("N", "green", {"G1": ("I10", 1), "G2": ("B1", 3)}, chests=["J11", "B1"])
    state, _ = play(state, "sail G1 SE 1")
    assert game.outcome(state).winners == (1,)


def test_r9_both_fleets_qualifying_at_once_the_active_fleet_wins():
    state = position("N", "green", {"G1": ("B1", 3), "B1": ("K2", 3)}, chests=["B1", "K2", "J11", "A10"])
    both = replace(state, ships=tuple(
        Ship(s.name, state.board.parse("J11"), 3) if s.name == "G2" else
        Ship(s.name, state.board.parse("A10"), 3) if s.name == "B2" else s for s in state.ships))
    assert winning_fleet(both) == "G"
    assert winning_fleet(replace(both, active="B")) == "B"


def test_r20_setup_first_player_colour_and_opening_wind():
    resolved = game.resolve_options(2, {})
    state = game.initial_state(2, resolved)
    events = game.start(state, ScriptedChance([1]))
    assert [(e.type, dict(e.data)) for e in events] == [("first_player_drawn", {"seat": 1})]
    state = replay(state, events)
    assert game.to_move(state) == frozenset({1})
    assert game.legal_moves(state, 1) == ["colour blue", "colour green"]
    state, _ = play(state, "colour green")
    assert game.to_move(state) == frozenset({0})
    state, _ = play(state, "opening SW")
    assert state.wind == "SW" and state.active == "G" and game.to_move(state) == frozenset({1})
    assert "SW" not in state.pile and len(state.pile) == 7


def test_first_seat0_option_skips_the_draw():
    state = game.initial_state(2, game.resolve_options(2, {"first": "seat0"}))
    assert game.start(state, ScriptedChance([])) == []
    assert game.to_move(state) == frozenset({0})


def test_resign_the_other_seat_wins():
    state = position("N", "blue", {"B1": ("E9", 3)})
    state = replay(state, game.resign(state, 0, None))
    result = game.outcome(state)
    assert result.termination == "resigned" and result.winners == (1,)
    assert game.legal_moves(state, 0) == [] and game.to_move(state) == frozenset()


def test_timeout_move_is_none():
    state = position("N", "blue", {"B1": ("E9", 3)})
    assert game.timeout_move(state, 0) is None


def test_turn_limit_ends_in_a_draw():
    state = position("N", "blue", {"B1": ("E9", 2), "G1": ("A7", 2)}, turn_limit=2)
    state, _ = play(state, "repair B1", "wind", chance=[0])
    assert game.outcome(state) is None
    state, _ = play(state, "repair G1", "wind", chance=[0])
    result = game.outcome(state)
    assert result.termination == "turn_limit" and result.winners == ()


def _swap_fleets(placed: dict) -> dict:
    return {("G" if name[0] == "B" else "B") + name[1]: where for name, where in placed.items()}


# Both fleets qualify in one chain (R9: "If both fleets qualify at once, the active fleet wins").
# The text has no word on it; the position is built freely with the `position` option:
#        A     B    ...    H     I     J     K
#   1    .  X1:3$                           Mne    .      X = the fleet to move, Y = the other
#   2  Mnw     .                             .   Y1:3$
#   8  X2:2                                      (X2 sails S 2 onto A10 and claims)
#   9    .                     X3:1
#  10  Isw$                                        Mse
#  11  Y3:1  Msw                   .  Y2:1  Ise$     .
# X2 claims A10 and attacks Y3 on A11, which is blasted south across the edge to A1 and into the NW
# maelstrom, out on its exit H8; there it attacks X3 (H9), blasted to H11, which attacks Y2 (I11),
# blasted onto J11: Y claims its second chest in the same chain as X.
BOTH_WIN = {"X1": ("B1", 3), "X2": ("A8", 2), "X3": ("H9", 1), "Y1": ("K2", 3), "Y2": ("I11", 1), "Y3": ("A11", 1)}


@pytest.mark.parametrize("active", ["green", "blue"])
def test_r9_both_fleets_win_in_one_chain_reaction_the_active_fleet_wins(active):
    mine, theirs = ("G", "B") if active == "green" else ("B", "G")
    placed = {name.replace("X", mine).replace("Y", theirs): where for name, where in BOTH_WIN.items()}
    state = position("N", active, placed, chests=["B1", "A10", "K2", "J11"])
    assert game.outcome(state) is None
    state, events = play(state, f"sail {mine}2 S 2")
    assert [e.data["move"] for e in events] == [f"sail {mine}2 S 2"]  # every attack was the only one pending
    where = ships(state)
    assert where[f"{mine}2"] == ("A10", 3) and where[f"{theirs}2"] == ("J11", 3)
    assert where[f"{theirs}3"][0] == "H8" and where[f"{mine}3"][0] == "H11"
    for fleet in (mine, theirs):  # both fleets now hold two chests on two islands
        assert sum(1 for name in where if name[0] == fleet and state.in_port(name)) == 2
    result = game.outcome(state)
    assert result.termination == "two_chests"
    assert result.winners == (state.seat_of(mine),)
    assert game.to_move(state) == frozenset()


# R9 is checked before the Rigadoon bonus (R8): a chain that hits all four enemy ships and also wins
# ends the game; no bonus is granted. Without the win the same chain is a Rigadoon.
#        H     I     J     K
#   2                    B1:3$       (B1 in port only in the winning case)
#   7              G4:2
#   9  B2:1                           B2 sails SE 2 onto J11 and claims; from there it attacks
#  10              G1:2  Mse          G1 (blasted to J8, where it attacks G4), G2 and G3 (blasted
#  11        G2:2  Ise$  G3:2         across the edge into the SW maelstrom, out on H4)
@pytest.mark.parametrize("in_port", [True, False])
def test_r9_the_win_is_checked_before_the_rigadoon_bonus(in_port):
    placed = {"B2": ("H9", 1), "G1": ("J10", 2), "G2": ("I11", 2), "G3": ("K11", 2), "G4": ("J7", 2)}
    if in_port:
        placed["B1"] = ("K2", 3)
    state = position("N", "blue", placed, chests=["K2", "J11"])
    state, _ = play(state, "sail B2 SE 2", "attack B2 G1", "attack B2 G2", "attack B2 G3")
    assert state.chain is None
    where = ships(state)
    assert where["B2"] == ("J11", 3) and where["G3"][0] == "H4" and where["G4"][0] == "J5"
    if in_port:
        assert game.outcome(state).termination == "two_chests" and game.outcome(state).winners == (0,)
        assert state.bonus_sails == () and state.bonus_earned == ()
        assert game.view(state, 0)["ship_state"]["B2"]["bonus_sail"] is False
    else:
        assert game.outcome(state) is None
        assert state.bonus_sails == ("B2",)
        assert any(m.startswith("sail B2 ") for m in legal(state))
