"""The pirate rules text, one test (or more) per statement PR-1 ... PR-29 (spec section 13, 21.1).

Boards are drawn with the spec's ASCII legend where it helps: `~` water, `:` orange water, `=`
gangplank, `.` deck, `#` table top; standees by glyph with their facing.
"""

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.queries import hand, plannable

from .helpers import ch, logs, new_game, obj, play, position, where

FLAGON = {"id": "flagon", "square": "f8"}


def objects(*pairs):
    return [FLAGON] + [{"id": o, "square": s} for o, s in pairs]


# --- PR-1, PR-2, PR-3, PR-6: Treasure Chests ---------------------------------------------------------------


def test_pr_01_chests_start_on_the_blue_squares():
    options = game.resolve_options(2, {"characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin"]},
                                       "setup.placement": "fixed"})
    state = game.initial_state(2, options)
    from pbem.play.chance import ScriptedChance

    from .helpers import fold
    state = fold(state, game.start(state, ScriptedChance([["watch", "blank", "blank", "blank"]])))
    chests = {o: obj(state, o) for o, _ in state.objects if o.startswith("chest")}
    assert chests == {"chest1": "c3", "chest2": "i3", "chest3": "b9", "chest4": "j9", "chest5": "c15", "chest6": "i15"}


def test_pr_02_pick_up_takes_and_drops_a_chest_like_a_mug():
    #   c3 chest ahead of the monk on c4 facing n
    pos = position([ch("monk", 0, "c4", "n", plan=["pick_up", "move"]), ch("rogue", 1, "i4", time=20)],
                   objects=objects(("chest1", "c3")), draw_order=["monk"])
    state, events = new_game(pos)
    assert state.char("monk").holds == "chest1" and obj(state, "chest1") is None
    pos = position([ch("monk", 0, "c4", "n", plan=["pick_up", "move"], holds="chest1"), ch("rogue", 1, "i4", time=20)],
                   draw_order=["monk"])
    state, events = new_game(pos)
    assert state.char("monk").holds is None and obj(state, "chest1") == "c4"  # dropped into its own square


def test_pr_03_a_loose_chest_blocks_neither_move_dash_nor_knockback():
    pos = position([ch("monk", 0, "c6", "n", plan=["dash", "move"]), ch("rogue", 1, "i4", time=20)],
                   objects=objects(("chest1", "c5"), ("chest3", "c4")), draw_order=["monk"])
    state, _ = new_game(pos)
    moves = game.legal_moves(state, 0)
    assert "monk dash distance 2 facing n" in moves and "monk dash distance 3 facing n" in moves
    # knockback onto a chest square
    pos = position([ch("monk", 0, "c6", "n", plan=["slash", "move"]), ch("rogue", 1, "c5", "s", time=20)],
                   objects=objects(("chest3", "c4")), draw_order=["monk"])
    state, _ = new_game(pos)
    assert where(state, "rogue") == "c4" and obj(state, "chest3") == "c4"


def test_pr_04_a_chest_cannot_be_thrown_throw_whiffs_full_time():
    pos = position([ch("monk", 0, "c6", "e", plan=["throw", "move"], holds="chest1"),
                    ch("rogue", 1, "e6", "w", time=20)], draw_order=["monk"])
    state, events = new_game(pos)
    resolved = [e for e in events if e.type == "card_resolved"][0]
    assert resolved.data.get("whiff") is True
    assert state.char("monk").holds == "chest1" and state.char("monk").time == 2
    assert state.char("rogue").rep == 20


def test_pr_04_telekinesis_offers_no_throw_of_a_chest():
    pos = position([ch("wizard", 0, "c6", "e", plan=["telekinesis", "move"]), ch("rogue", 1, "i4", time=20)],
                   objects=objects(("chest1", "d6"), ("mug1", "c5")), draw_order=["wizard"])
    state, _ = new_game(pos)
    moves = game.legal_moves(state, 0)
    assert "wizard telekinesis object mug1 mode throw direction e" in moves
    assert not any("chest1 mode throw" in m for m in moves)
    assert "wizard telekinesis object chest1 mode slide direction e distance 1" in moves


# --- PR-5: a carrier that loses reputation, is Dazed or Falls drops the chest -----------------------------


def test_pr_05_chest_dropped_where_hit_before_the_knockback():
    #  .R>M.  rogue slashes the monk carrying chest1: the chest stays on d5, the monk lands on e5
    pos = position([ch("rogue", 1, "c5", "e", plan=["slash", "move"]), ch("monk", 0, "d5", "w", time=20, holds="chest1")],
                   draw_order=["rogue"])
    state, _ = new_game(pos)
    assert where(state, "monk") == "e5" and obj(state, "chest1") == "d5" and state.char("monk").holds is None


def test_pr_05_dazed_carrier_drops_the_chest():
    pos = position([ch("druid", 1, "c5", "e", plan=["entangle", "move"]), ch("monk", 0, "e5", "w", time=20, holds="chest1")],
                   draw_order=["druid"])
    state, _ = new_game(pos)
    assert state.char("monk").dazed and obj(state, "chest1") == "e5"


def test_pr_05_falling_carrier_drops_the_chest():
    pos = position([ch("monk", 1, "c5", "e", plan=["sweep", "move"]), ch("rogue", 0, "d6", "w", time=20, holds="chest1")],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").fallen and obj(state, "chest1") == "d6"


def test_pr_05_a_loss_cancelled_by_dodge_keeps_the_chest():
    pos = position([ch("rogue", 1, "c5", "e", plan=["slash", "move"]),
                    ch("monk", 0, "d5", "w", time=20, holds="chest1", durations=[{"card": "dodge"}])],
                   draw_order=["rogue"])
    state, _ = new_game(pos)
    assert state.char("monk").holds == "chest1" and where(state, "monk") == "d5" and state.char("monk").rep == 20


def test_pr_05_a_carrier_at_zero_reputation_hit_for_reputation_drops_it():
    pos = position([ch("rogue", 1, "c5", "e", plan=["throw_dagger", "move"]),
                    ch("monk", 0, "e5", "w", time=20, holds="chest1", rep=0)], draw_order=["rogue"])
    state, _ = new_game(pos)
    assert state.char("monk").rep == 0 and obj(state, "chest1") == "e5"


# --- PR-7, PR-8, PR-9: the board -------------------------------------------------------------------------


def test_pr_07_gangplanks_accept_walking():
    pos = position([ch("monk", 0, "e8", "e", plan=["move", "dash"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "a1"}] if False else [{"id": "flagon", "square": "c4"}],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    moves = game.legal_moves(state, 0)
    assert "monk move square f8 facing e" in moves
    assert not any(m.startswith("monk move square f7") or m.startswith("monk move square f9") for m in moves)


def test_pr_09_partial_bow_squares_are_normal():
    pos = position([ch("monk", 0, "c2", "n", plan=["move", "dash"]), ch("rogue", 1, "k4", time=20)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    squares = {m.split()[3] for m in game.legal_moves(state, 0)}
    assert squares == {"c1", "b2", "c2", "d2", "b3", "c3", "d3"}


def test_pr_08_no_voluntary_move_into_water():
    #   e7 faces the orange square f7: Move never offers f7; Dash only distance 0; Jump whiffs
    pos = position([ch("monk", 0, "e7", "e", plan=["dash", "jump"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "c4"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert {m.split()[3] for m in game.legal_moves(state, 0)} == {"0"}
    state, events = play(state, 0, "monk dash distance 0 facing e")
    state, events = play(state, 0, "plan monk charge")
    assert [e.data.get("whiff") for e in events if e.type == "card_resolved"] == [True]


def test_pr_08_charge_stops_at_the_rail():
    pos = position([ch("monk", 0, "c7", "e", plan=["charge", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "c4"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert where(state, "monk") == "e7"


# --- PR-10, PR-11, PR-26, PR-29: crossing water -----------------------------------------------------------


def test_pr_26_leap_crosses_the_orange_square_never_lands_in_water():
    pos = position([ch("monk", 0, "e7", "e", plan=["leap", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "c4"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert game.legal_moves(state, 0) == ["monk leap distance 2", "monk leap distance 3"]
    state, _ = play(state, 0, "monk leap distance 2")
    assert where(state, "monk") == "g7"


def test_pr_26_leap_with_only_water_landings_whiffs():
    pos = position([ch("monk", 0, "d5", "e", plan=["leap", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "c4"}], draw_order=["monk"])
    state, events = new_game(pos)  # e5 would be 1; f5 (2) water, g5 (3) deck: distance 3 only -> automatic
    assert where(state, "monk") == "g5"
    pos["characters"][0]["square"] = "e4"
    pos["characters"][0]["facing"] = "n"
    state, events = new_game(pos)  # e2, e1 are water
    assert [e.data.get("whiff") for e in events if e.type == "card_resolved"] == [True]
    assert state.char("monk").time == 2


def test_pr_29_shadow_step_and_shadow_dash_cross_water():
    pos = position([ch("rogue", 0, "e9", "e", plan=["shadow_step", "shadow_dash"]), ch("monk", 1, "k4", time=20)],
                   draw_order=["rogue"])
    state, _ = new_game(pos)
    squares = {m.split()[3] for m in game.legal_moves(state, 0)}
    assert "g9" in squares and "g10" in squares and "f9" not in squares and "f7" not in squares and "f8" in squares
    state, _ = play(state, 0, "rogue shadow_step square g9 facing w")
    assert where(state, "rogue") == "g9"
    state, _ = play(state, 0, "plan rogue move")
    assert game.legal_moves(state, 0) == [f"rogue shadow_dash distance {d}" for d in (2, 3, 4, 5)]  # f9 is water
    state, _ = play(state, 0, "rogue shadow_dash distance 3")
    assert where(state, "rogue") == "d9"


def test_pr_11_swing_and_arr_carry_through_water():
    pos = position([ch("monk", 0, "e7", "e", plan=["swing", "move"]), ch("rogue", 1, "k4", time=20)],
                   tables=[("table1", "d7:e8")], objects=[{"id": "flagon", "square": "c4"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert game.legal_moves(state, 0) == ["monk swing distance 2", "monk swing distance 3"]
    state, _ = play(state, 0, "monk swing distance 2")
    assert where(state, "monk") == "g7"
    pos = position([ch("buccaneer", 0, "d9", "e", plan=["arr", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=[{"id": "flagon", "square": "c4"}], draw_order=["buccaneer"])
    state, _ = new_game(pos)
    assert game.legal_moves(state, 0) == ["buccaneer arr distance 3", "buccaneer arr distance 4"]


# --- PR-12: objects in water ---------------------------------------------------------------------------------


def test_pr_12_mug_and_chest_in_water_are_removed_the_flagon_resets():
    base = [ch("wizard", 0, "c5", "e", plan=["telekinesis", "move"]), ch("rogue", 1, "k4", time=20)]
    for thing in ("mug1", "chest1"):
        pos = position(base, objects=[{"id": "flagon", "square": "a4"}, {"id": thing, "square": "e5"}], draw_order=["wizard"])
        state, _ = new_game(pos)
        state, _ = play(state, 0, f"wizard telekinesis object {thing} mode slide direction e distance 2")
        assert obj(state, thing) is None and all(c.holds != thing for c in state.chars)
    pos = position(base, objects=[{"id": "flagon", "square": "e5"}], draw_order=["wizard"])
    state, _ = new_game(pos)
    state, _ = play(state, 0, "wizard telekinesis object flagon mode slide direction e distance 2")
    assert obj(state, "flagon") == "f8"


def test_pr_12_a_mug_on_a_table_over_water_stays():
    #  e11:f12 table overhangs the gap; the mug lies on f11 (over water); the table is pushed south
    pos = position([ch("monk", 0, "e10", "s", plan=["push_table", "move"]), ch("rogue", 1, "k4", time=20)],
                   tables=[("table3", "e11:f12")], objects=objects(("mug1", "f11")), draw_order=["monk"])
    state, _ = new_game(pos)
    assert obj(state, "mug1") == "f12"


# --- PR-13, PR-15: barrels ----------------------------------------------------------------------------------


def test_pr_15_a_barrel_rolls_across_the_gangplank_and_stops_at_barrel4():
    #  10  M>b .m . = . m . b .   kicked from a10, barrel3 crosses f10 and stops on i10
    pos = position([ch("monk", 0, "a10", "e", plan=["kick_barrel", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=objects(("barrel3", "b10"), ("mug7", "d10"), ("mug8", "h10"), ("barrel4", "j10")),
                   draw_order=["monk"])
    state, _ = new_game(pos)
    assert obj(state, "barrel3") == "i10" and obj(state, "mug7") == "d10"


def test_pr_13_a_rolling_barrel_stops_at_the_rail():
    pos = position([ch("monk", 0, "c6", "w", plan=["kick_barrel", "move"]), ch("rogue", 1, "k4", time=20)],
                   objects=objects(("barrel1", "b6")), draw_order=["monk"])
    state, _ = new_game(pos)
    assert obj(state, "barrel1") == "a6"


# --- PR-14, PR-16, PR-17: tables -----------------------------------------------------------------------------


def test_pr_14_a_table_shoves_a_barrel_into_the_water():
    pos = position([ch("monk", 0, "b11", "e", plan=["push_table", "move"]), ch("rogue", 1, "k4", time=20)],
                   tables=[("table3", "c11:d12")], objects=objects(("barrel3", "e11")), draw_order=["monk"])
    state, events = new_game(pos)
    assert obj(state, "barrel3") is None
    assert dict(state.tables)["table3"][0] == (10, 3)


def test_pr_14_a_barrel_blocked_by_a_character_makes_the_push_fail():
    pos = position([ch("monk", 0, "a11", "e", plan=["push_table", "move"]), ch("rogue", 1, "e11", time=20)],
                   tables=[("table3", "b11:c12")], objects=objects(("barrel3", "d11")), draw_order=["monk"])
    state, _ = new_game(pos)
    assert obj(state, "barrel3") == "d11" and dict(state.tables)["table3"][0] == (10, 1)
    assert state.char("monk").time == 3


def test_pr_16_17_table_overhangs_then_sinks_with_its_rider():
    #  11  # # M<     the rogue rides a12; the flagon and a mug lie on the table
    #  12  R # .
    riders = [ch("rogue", 1, "a12", "n", time=20)]
    things = [{"id": "flagon", "square": "b12"}, {"id": "mug9", "square": "a11"}]
    pos = position([ch("monk", 0, "c11", "w", plan=["push_table", "move"])] + riders,
                   tables=[("table3", "a11:b12")], objects=things, draw_order=["monk"])
    state, _ = new_game(pos)
    assert where(state, "rogue") == "[11,-1]" and "table3" in dict(state.tables)
    assert " 12 #R^#f#" in game.render_text(state, 0)  # the drawing widens by the overhang
    pos = position([ch("barbarian", 0, "c11", "w", plan=["overturn", "move"])] + riders,
                   tables=[("table3", "a11:b12")], objects=things, draw_order=["barbarian"])
    state, events = new_game(pos)
    assert "table3" not in dict(state.tables)
    assert where(state, "rogue") is None and state.char("rogue").rep == 18
    assert state.char("barbarian").rep == 20 + 2
    assert obj(state, "mug9") is None and obj(state, "flagon") == "f8"


# --- PR-18, PR-19: Overboard ----------------------------------------------------------------------------------


def overboard_game(**victim):
    #   4  . . . M>R ~     the monk slashes the rogue off the rail at e5 into f5
    spec = dict(time=5, plan=["dash", "jump"], status=["dazed"], holds="mug1",
                durations=[{"card": "boast", "on_table": False, "lost": False}])
    spec.update(victim)
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", "w", **spec)],
                   draw_order=["monk"])
    pos["characters"][1]["plan"] = pos["characters"][1]["plan"][:3 - len(spec["status"])]
    return new_game(pos)


def test_pr_19_overboard_in_order():
    state, events = overboard_game()
    rogue = state.char("rogue")
    assert rogue.square is None
    assert obj(state, "mug1") is None and rogue.holds is None
    assert rogue.plan == ()  # face-down cards back in hand, Dazed token removed
    assert "dash" in hand(state, rogue) and "jump" in hand(state, rogue)
    assert [d.card for d in rogue.durations] == ["boast"]  # face-up Boast stays
    assert state.char("monk").rep == 20 + 2 + 2 and rogue.rep == 20 - 2 - 2
    assert rogue.time == 5  # time token unchanged
    assert game.to_move(state) == frozenset({1}) and state.phase == "replan"
    assert "plan rogue move" in game.legal_moves(state, 1)


def test_pr_19_the_flagon_carried_overboard_resets():
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", "w", time=5, holds="flagon")],
                   objects=[], draw_order=["monk"])
    state, _ = new_game(pos)
    assert obj(state, "flagon") == "f8"


def test_pr_19_teammate_overboard_pays_the_box():
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 0, "e5", "w", time=5),
                    ch("paladin", 1, "k4", time=20)], draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("monk").rep == 20 and state.char("rogue").rep == 16 and state.box == 4


def test_pr_19_with_one_reputation_only_one_is_given():
    pos = position([ch("buccaneer", 0, "c5", "e", plan=["lure_of_the_sea", "move"]), ch("rogue", 1, "e5", "w", time=5, rep=1)],
                   draw_order=["buccaneer"])
    state, _ = new_game(pos)
    state, _ = play(state, 0, "buccaneer lure_of_the_sea direction e distance 1")
    assert state.char("rogue").rep == 0 and state.char("buccaneer").rep == 21


def test_pr_19_sanctuary_does_not_reduce_the_overboard_payment():
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]),
                    ch("cleric", 1, "e5", "w", time=5, durations=[{"card": "sanctuary"}])], draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("cleric").square is None and state.char("cleric").rep == 18 and state.char("monk").rep == 22


def test_pr_19_two_cards_are_planned_before_the_next_draw():
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", "w", time=5),
                    ch("paladin", 0, "b13", "e", plan=["move", "dash"])], draw_order=["monk", "paladin"])
    state, events = new_game(pos)
    assert state.phase == "replan" and [e.type for e in events][-1] == "card_resolved"
    state, events = play(state, 1, "plan rogue move")
    assert state.phase == "replan"
    state, events = play(state, 1, "plan rogue dash")
    assert [e.data["character"] for e in events if e.type == "character_drawn"] == ["paladin"]
    assert state.char("rogue").plan == ("move", "dash")


# --- PR-20, PR-21: return ---------------------------------------------------------------------------------------


def test_pr_20_return_on_a_vacant_own_start_square():
    pos = position([ch("rogue", 1, None, plan=["move", "dash"], time=0), ch("monk", 0, "c4", time=20),
                    ch("paladin", 1, "h5", "w", time=20)])
    state, _ = new_game(pos)
    assert state.phase == "returns" and game.to_move(state) == frozenset({1})
    squares = sorted({m.split()[2] for m in game.legal_moves(state, 1)})
    assert squares == ["h13", "j13", "j5"]
    assert game.legal_moves(state, 1)[0] == "place rogue j5 n"


def test_pr_20_all_start_squares_taken_then_a_vacant_neighbour():
    crew = [ch(c, 1, s, "w", time=20) for c, s in
            (("paladin", "h5"), ("cleric", "j5"), ("druid", "h13"), ("wizard", "j13"))]
    pos = position([ch("rogue", 1, None, plan=["move", "dash"]), ch("monk", 0, "c4", time=20)] + crew)
    state, _ = new_game(pos)
    squares = {m.split()[2] for m in game.legal_moves(state, 1)}
    assert "g4" in squares and "k14" in squares and "h5" not in squares and "g8" not in squares


def test_pr_20_none_vacant_nearest_landing_square_of_its_ship():
    crew = [ch(c, 1, s, "w", time=20) for c, s in
            (("paladin", "h5"), ("cleric", "j5"), ("druid", "h13"), ("wizard", "j13"))]
    from pbem.games.dragon_flagon.geometry import neighbours, parse_square, square_name
    starts = [parse_square(s, 15, 11) for s in ("h5", "j5", "h13", "j13")]
    around = sorted({n for s in starts for n in neighbours(s)} - set(starts))
    chairs = [{"id": f"chair{i + 1}", "square": square_name(s, 15, 11)} for i, s in enumerate(around) if s[1] >= 6]
    pos = position([ch("rogue", 1, None, plan=["move", "dash"]), ch("monk", 0, "c4", time=20)] + crew,
                   objects=[FLAGON] + chairs)
    state, _ = new_game(pos)
    # the nearest landing squares are two squares from a start square; the first in reading order is g3
    assert {m.split()[2] for m in game.legal_moves(state, 1)} == {"g3"}


def test_pr_20_two_returns_in_one_space_go_in_character_order():
    pos = position([ch("rogue", 1, None, plan=["move", "dash"]), ch("buccaneer", 1, None, plan=["move", "dash"]),
                    ch("monk", 0, "c4", time=20)])
    state, _ = new_game(pos)
    assert game.legal_moves(state, 1)[0].startswith("place buccaneer")
    state, _ = play(state, 1, "place buccaneer h5 w")
    assert game.legal_moves(state, 1)[0].startswith("place rogue")


def test_pr_21_active_undrawn_character_replans_is_placed_when_drawn_then_acts():
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", "w", plan=["slash", "move"])],
                   draw_order=["monk", "rogue"])
    state, _ = new_game(pos)
    state, _ = play(state, 1, "plan rogue jump")
    state, events = play(state, 1, "plan rogue dodge")
    assert state.phase == "drawn_return" and game.to_move(state) == frozenset({1})
    state, events = play(state, 1, "place rogue h5 w")
    revealed = [e.data["card"] for e in events if e.type == "card_revealed"]
    assert revealed == ["jump"]
    assert where(state, "rogue") == "g5"


# --- PR-22, PR-23, PR-24, PR-6: end and scoring ------------------------------------------------------------------


END_NOW = [{"space": 0, "face": "watch"}, {"space": 1, "face": "blank"}, {"space": 2, "face": "blank"}, {"space": 3, "face": "blank"}]


def ended(chars, things, seats=None, **options):
    pos = position(chars, objects=things, game_end=END_NOW)
    state, events = new_game(pos, seats=seats, **options)
    assert game.outcome(state) is not None and events[-1].type == "game_ended"
    return state, game.outcome(state)


def test_pr_22_the_game_ends_when_the_city_watch_turns_up():
    state, result = ended([ch("monk", 0, "c4", time=5), ch("rogue", 1, "i4", time=5)], [FLAGON])
    assert result.termination == "finished"


def test_pr_23_chest_scoring_cases():
    #  held by crew A on the gangplank f6; loose on ship A (b9); loose on ship B (j9); loose on f10;
    #  loose on a table over water (f12, table e11:f12); chest6 removed.
    chars = [ch("monk", 0, "f6", time=5, holds="chest1"), ch("rogue", 1, "i4", time=5)]
    things = [FLAGON, {"id": "chest3", "square": "b9"}, {"id": "chest4", "square": "j9"},
              {"id": "chest2", "square": "f10"}, {"id": "chest5", "square": "f12"}]
    pos = position(chars, objects=things, game_end=END_NOW, tables=[("table3", "e11:f12")])
    state, _ = new_game(pos)
    scores = game.outcome(state).scores
    assert scores["0"]["chests"] == 2 and scores["0"]["total"] == 20 + 10
    assert scores["1"]["chests"] == 1 and scores["1"]["total"] == 20 + 5
    assert game.outcome(state).winners == (0,)


def test_pr_24_uneven_bonus_with_three_players():
    chars = [ch("monk", 0, "c4", time=5), ch("rogue", 0, "c5", time=5), ch("paladin", 2, "c6", time=5),
             ch("cleric", 2, "c7", time=5), ch("druid", 1, "i4", time=5), ch("wizard", 1, "i5", time=5),
             ch("barbarian", 1, "i6", time=5)]
    state, result = ended(chars, [FLAGON])
    assert result.scores["1"]["bonus"] == 20 and result.scores["1"]["total"] == 80
    assert result.scores["0"]["total"] == 80 and result.winners == (0, 1, 2) and result.ranking == ((0, 1, 2),)


def test_pr_24_tie_broken_by_counted_chests_or_shared():
    chars = [ch("monk", 0, "c4", time=5, rep=15, holds="chest1"), ch("rogue", 1, "i4", time=5)]
    state, result = ended(chars, [FLAGON])
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    state, result = ended(chars, [FLAGON], tiebreak="shared")
    assert result.winners == (0, 1)


# --- PR-25, PR-27, PR-28: special abilities ---------------------------------------------------------------------


def test_pr_25_lure_of_the_sea_into_water_credits_the_buccaneer():
    pos = position([ch("buccaneer", 0, "c5", "e", plan=["lure_of_the_sea", "move"]), ch("rogue", 1, "e5", "w", time=5)],
                   draw_order=["buccaneer"])
    state, _ = new_game(pos)
    state, _ = play(state, 0, "buccaneer lure_of_the_sea direction e distance 1")
    assert where(state, "rogue") is None and state.char("buccaneer").rep == 22


def test_pr_27_dragon_kick_passes_water_and_a_character_never_ends_in_water():
    pos = position([ch("monk", 0, "d7", "e", plan=["dragon_kick", "move"], dragon="unlocked"),
                    ch("rogue", 1, "e7", "w", time=5)], draw_order=["monk"])
    state, _ = new_game(pos)
    moves = game.legal_moves(state, 0)
    assert {m.split()[3] for m in moves} == {"3", "4"}  # 1: e7 (rogue), 2: f7 (water)
    state, _ = play(state, 0, "monk dragon_kick distance 3 side left")
    assert where(state, "monk") == "g7" and state.char("rogue").rep == 18 and where(state, "rogue") == "e6"


def god_smack(victim_square, facing, blockers=(), paladin_square=None):
    pos = position([ch("paladin", 0, paladin_square, facing, plan=["god_smack", "move"], dragon="unlocked"),
                    ch("rogue", 1, victim_square, "w", time=5)] + list(blockers), draw_order=["paladin"])
    state, events = new_game(pos)
    return state


def test_pr_28_god_smack_over_water_but_landing_on_deck_is_no_overboard():
    #  7  P>R . : . .   steps e7, f7 (water), g7, h7: lands on deck
    state = god_smack("d7", "e", paladin_square="c7")
    assert where(state, "rogue") == "h7" and state.char("rogue").rep == 17


def test_pr_28_god_smack_ending_in_water_is_overboard():
    state = god_smack("c5", "w", paladin_square="d5")  # b5, a5, then two water squares
    assert where(state, "rogue") is None and state.char("paladin").rep == 20 + 3 + 2


def test_pr_28_god_smack_blocked_over_water_slams_then_overboard():
    state = god_smack("d7", "e", paladin_square="c7", blockers=[ch("monk", 1, "g7", "w", time=5)])
    assert where(state, "rogue") is None and state.char("rogue").rep == 20 - 3 - 1 - 2
