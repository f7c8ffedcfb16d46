"""The time loop and status effects (spec sections 10, 11; 21.2): planning fill, recovery costs,
Falls and Dazed, whiffs, Game End reveals and both timing options."""

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.queries import hand

from .helpers import ch, new_game, play, position


def test_planning_fill_two_cards_at_most_three_items():
    pos = position([ch("monk", 0, "c5", plan=[], status=["dazed"]), ch("rogue", 1, "i5", plan=["move"], status=["dazed", "fallen"]),
                    ch("paladin", 0, "c9", plan=["move"])])
    state, _ = new_game(pos)
    assert state.phase == "planning" and game.to_move(state) == frozenset({0})  # the rogue holds 3 items
    state, _ = play(state, 0, "plan monk slash jump")
    assert state.char("monk").plan == ("!dazed", "slash", "jump")
    assert game.legal_moves(state, 0)[0] == "plan paladin dash"  # Move is already planned
    state, events = play(state, 0, "plan paladin dash")
    assert events[0].data == {"character": "paladin", "slot": 2, "card": "dash", "reason": "planning"}


def test_plan_refuses_a_card_not_in_hand_and_a_third_card():
    pos = position([ch("monk", 0, "c5", plan=["move"]), ch("rogue", 1, "i5", time=20)])
    state, _ = new_game(pos)
    import pytest

    from pbem.games.base import IllegalMove
    with pytest.raises(IllegalMove, match="rule 10"):
        play(state, 0, "plan monk move")
    with pytest.raises(IllegalMove, match="owes 1"):
        play(state, 0, "plan monk slash jump")


def test_recovery_costs_and_the_cap():
    for status, cost in ((["dazed"], 2), (["fallen"], 1), (["dazed", "fallen"], 3)):
        plan = ["move", "dash"][: 3 - len(status)]
        pos = position([ch("monk", 0, "c5", plan=plan, status=status), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
        state, _ = new_game(pos)
        monk = state.char("monk")
        # recovered at space 0 for `cost`; drawn again at space `cost`, its Move now awaits choices
        assert monk.time == cost and state.space == cost
        assert state.revealed == "move" or (state.phase == "planning" and monk.plan == ("move",))
        assert not monk.fallen and not monk.dazed
    pos = position([ch("monk", 0, "c5", plan=["move"], status=["dazed", "fallen"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, _ = new_game(pos, **{"status.dazed": {"cost": 3}})
    assert state.char("monk").time == 3  # 4 capped at status.max_recovery


def test_falls_returns_exactly_the_first_face_down_card():
    pos = position([ch("monk", 0, "c5", "e", plan=["sweep", "move"]), ch("rogue", 1, "d5", plan=["slash", "jump"], time=20)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    rogue = state.char("rogue")
    assert rogue.plan == ("!fallen", "jump") and "slash" in hand(state, rogue)


def test_dazed_pushes_cards_back_and_on_a_fallen_token_returns_the_last_card():
    pos = position([ch("druid", 0, "a5", "e", plan=["entangle", "move"]), ch("rogue", 1, "d5", plan=["slash", "jump"], time=20)],
                   draw_order=["druid"])
    state, _ = new_game(pos)
    assert state.char("rogue").plan == ("!dazed", "slash", "jump")
    pos["characters"][1].update(status=["fallen"])
    state, _ = new_game(pos)
    rogue = state.char("rogue")
    assert rogue.plan == ("!dazed", "!fallen", "slash") and "jump" in hand(state, rogue)


def test_no_double_tokens():
    pos = position([ch("druid", 0, "a5", "e", plan=["entangle", "move"]),
                    ch("rogue", 1, "d5", plan=["slash", "jump"], status=["dazed"], time=20)], draw_order=["druid"])
    pos["characters"][1]["plan"] = ["slash"]
    state, _ = new_game(pos)
    assert state.char("rogue").plan == ("!dazed", "slash")


def test_lay_on_hands_stands_a_fallen_teammate_up():
    pos = position([ch("paladin", 0, "c5", "e", plan=["lay_on_hands", "move"]), ch("monk", 0, "c6", plan=["move"], status=["fallen"], time=20),
                    ch("rogue", 1, "i5", time=20)], draw_order=["paladin"])
    state, _ = new_game(pos)
    state, _ = play(state, 0, "paladin lay_on_hands target monk")
    assert not state.char("monk").fallen and state.char("monk").plan == ("move",)


def ending(**options):
    ends = [{"space": 2, "face": "blank"}, {"space": 3, "face": "watch"}, {"space": 4, "face": "blank"}, {"space": 5, "face": "blank"}]
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"], time=3), ch("rogue", 1, "i5", time=20)],
                   game_end=ends)  # the monk acts alone on space 3: a bag of one needs no forced order
    return new_game(pos, **options)


def test_a_space_with_nobody_active_still_reveals_its_token_and_the_game_ends_on_the_watch():
    state, events = ending()
    reveals = [(e.data["space"], e.data["face"]) for e in events if e.type == "game_end_revealed"]
    assert reveals == [(2, "blank"), (3, "watch")]
    assert state.space == 3 and game.outcome(state) is not None
    types = [e.type for e in events]
    assert types.index("card_resolved") < len(types) - 1 - types[::-1].index("game_end_revealed")


def test_endgame_reveal_on_arrival_ends_before_the_actions_of_that_space():
    state, events = ending(**{"endgame.reveal": "on_arrival"})
    assert not any(e.type == "card_revealed" for e in events) and game.outcome(state) is not None
    state, events = ending()
    assert any(e.type == "card_revealed" for e in events)  # end_of_space: the monk acts on space 3 first


def test_planning_timing_end_of_space():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, events = new_game(pos, **{"planning.timing": "end_of_space"})
    assert state.space == 0 and state.phase == "planning" and state.late
    state, _ = play(state, 0, "plan monk dash")
    assert state.space == 2 and state.phase == "choose" and state.revealed == "move"
    assert state.char("monk").plan == ("dash",)


def test_whiff_costs_full_time_and_a_planned_card_returns_to_hand():
    pos = position([ch("monk", 0, "c5", "e", plan=["flurry", "move"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, events = new_game(pos)
    assert state.char("monk").time == 3 and "flurry" in hand(state, state.char("monk"))


# --- reputation and forced movement (spec 12; 21.3) ------------------------------------------------------


def test_friendly_fire_goes_to_the_box():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 0, "d5", time=20), ch("paladin", 1, "i5", time=20)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").rep == 18 and state.char("monk").rep == 20 and state.box == 2


def test_a_blocked_knockback_slams():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "d5", time=20)],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "barrel1", "square": "e5"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").rep == 17 and state.char("monk").rep == 23 and state.char("rogue").square == (4, 3)


def test_knockback_off_a_table_falls_and_a_floor_character_is_blocked_by_a_table():
    pos = position([ch("monk", 0, "d7", "s", plan=["slash", "move"]), ch("rogue", 1, "d8", time=20)],
                   tables=[("table1", "c7:d8")], draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").square == (8, 3) and state.char("rogue").fallen
    pos = position([ch("monk", 0, "c5", "s", plan=["slash", "move"]), ch("rogue", 1, "c6", time=20)],
                   tables=[("table1", "c7:d8")], draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").square == (5, 2) and state.char("rogue").rep == 17


def test_riposte_comes_before_dodge_and_dodge_is_kept():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]),
                    ch("swashbuckler", 1, "d5", time=20, durations=[{"card": "riposte"}, {"card": "dodge"}])], draw_order=["monk"])
    state, _ = new_game(pos)
    swash = state.char("swashbuckler")
    assert [d.card for d in swash.durations] == ["dodge"] and swash.rep == 22 and state.char("monk").rep == 18


def test_deflect_comes_before_dodge_against_a_throw():
    pos = position([ch("rogue", 1, "a5", "e", plan=["throw", "move"], holds="mug1"),
                    ch("monk", 0, "d5", time=20, durations=[{"card": "dodge"}, {"card": "deflect"}])], draw_order=["rogue"])
    state, _ = new_game(pos)
    monk = state.char("monk")
    assert monk.holds == "mug1" and [d.card for d in monk.durations] == ["dodge"]


def test_dodge_expires_unused_at_the_owners_next_draw():
    pos = position([ch("monk", 0, "c5", "e", plan=["dodge", "move"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, _ = new_game(pos)
    assert [d.card for d in state.char("monk").durations] == ["dodge"]
    state, _ = play(state, 0, "plan monk jump")
    assert state.char("monk").durations == ()


def test_berserk_is_wasted_on_a_recovery():
    pos = position([ch("barbarian", 0, "c6", "n", plan=["berserk", "slash"]), ch("druid", 1, "c3", "s", plan=["entangle", "move"], time=0),
                    ], draw_order=["barbarian", "druid"])
    state, _ = new_game(pos)
    # the druid's Entangle dazes the barbarian after its Berserk; its next action is the recovery
    barbarian = state.char("barbarian")
    assert barbarian.dazed and barbarian.plan[0] == "!dazed"


def test_guard_takes_one_off_per_hit_not_per_loss():
    #  the buccaneer's Cutlass Flurry hits the monk for 1 and 1; the adjacent Paladin's Guard takes 1 off the hit
    pos = position([ch("buccaneer", 1, "c4", "s", plan=["cutlass_flurry", "move"]), ch("monk", 0, "c5", time=20),
                    ch("paladin", 0, "b5", time=20, durations=[{"card": "guard"}])], draw_order=["buccaneer"])
    state, _ = new_game(pos)
    assert state.char("monk").rep == 19 and state.char("buccaneer").rep == 21
