"""Spec section 19: the position option loads, refuses bad input with a reason, and view shows it."""

import copy

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import InvalidOptions
from pbem.play.chance import ScriptedChance

from .helpers import ch, fold, new_game, play, position, where

SPEC_EXAMPLE = {
    "board": "pirate", "space": 12, "teams": [[0], [1]],
    "characters": [
        {"id": "monk", "seat": 0, "square": "e8", "facing": "e", "rep": 18, "time": 12, "status": [],
         "plan": ["slash", "move"], "durations": [], "holds": "chest3", "dragon": "locked"},
        {"id": "rogue", "seat": 1, "square": "f8", "facing": "w", "rep": 20, "time": 12, "status": ["dazed"],
         "plan": ["dash", "move"], "durations": [], "holds": None, "dragon": "unlocked"},
        {"id": "buccaneer", "seat": 1, "square": None, "facing": None, "rep": 16, "time": 14, "status": [],
         "plan": ["arr", "slash"], "durations": [{"card": "boast", "on_table": False, "lost": True}],
         "holds": None, "dragon": "locked"},
    ],
    "objects": [{"id": "chest1", "square": "c3"}, {"id": "flagon", "square": "f8"},
                {"id": "barrel3", "square": "b10"}, {"id": "mug7", "square": "d10"}],
    "tables": [{"id": "table1", "squares": "c7:d9"}],
    "rugs": [{"id": "rug1", "squares": "d14:e15"}],
    "familiar": None,
    "game_end": [{"space": 27, "face": "blank"}, {"space": 28, "face": "watch"},
                 {"space": 29, "face": "blank"}, {"space": 30, "face": "blank"}],
    "draw_order": ["monk", "rogue"],
}


def test_spec_example_loads_and_opens_on_the_action_step_monk_first():
    state, events = new_game(copy.deepcopy(SPEC_EXAMPLE))
    drawn = [e for e in events if e.type == "character_drawn"]
    assert drawn[0].data["character"] == "monk" and drawn[0].data["forced"] is True
    # monk's slash hits the rogue on f8: -2, knocked e onto g8 (deck of ship B).
    assert state.char("rogue").rep == 18 and where(state, "rogue") == "g8"
    assert state.char("monk").rep == 20


def test_view_of_a_loaded_position_shows_what_it_describes():
    pos = copy.deepcopy(SPEC_EXAMPLE)
    pos["characters"][0]["plan"] = ["move", "slash"]  # the monk's Move waits for its choices
    state, _ = new_game(pos)
    v = game.view(state, 0)
    assert v["pending"] == {"kind": "choose", "seats": [0], "character": "monk", "card": "move"}
    monk = next(c for c in v["characters"] if c["id"] == "monk")
    assert monk["square"] == "e8" and monk["holds"] == "chest3" and monk["reputation"] == 18
    assert [s["card"] for s in monk["plan"]] == ["slash"]
    assert game.view(state, 1)["characters"][4 - 4]["id"] == "buccaneer"
    rogue = next(c for c in v["characters"] if c["id"] == "rogue")
    assert rogue["plan"][0] == {"token": "dazed"} and rogue["plan"][1] == {"card": None}
    buccaneer = next(c for c in v["characters"] if c["id"] == "buccaneer")
    assert buccaneer["overboard"] and buccaneer["durations"] == [{"card": "boast", "on_table": False, "lost": True}]
    assert {o["id"] for o in v["objects"]} == {"chest1", "flagon", "barrel3", "mug7"}
    assert v["tables"] == [{"id": "table1", "squares": ["c7", "d7", "c8", "d8", "c9", "d9"]}]
    assert all(t["face"] is None for t in v["game_end"])


def bad(change):
    pos = copy.deepcopy(SPEC_EXAMPLE)
    change(pos)
    with pytest.raises(InvalidOptions) as error:
        game.resolve_options(2, {"position": pos})
    assert str(error.value).startswith("position:")
    return str(error.value)


def test_invalid_positions_are_refused_with_a_reason():
    assert "overlap" in bad(lambda p: p["characters"][1].update(square="e8"))
    assert "unknown character" in bad(lambda p: p["characters"][0].update(id="ninja"))
    assert "not on the board" in bad(lambda p: p["characters"][0].update(square="a16"))
    assert "more than 3" in bad(lambda p: p["characters"][0].update(plan=["slash", "move", "dash"], status=["dazed"]))
    assert "both planned and face up" in bad(lambda p: p["characters"][0].update(durations=[{"card": "slash"}]))
    assert "Dragon card planned" in bad(lambda p: p["characters"][0].update(plan=["dragon_kick"]))
    assert "Overboard" in bad(lambda p: p["characters"][2].update(status=["dazed"]))
    assert "held and lies" in bad(lambda p: p["objects"].append({"id": "chest3", "square": "a4"}))
    assert "Flagon" in bad(lambda p: p["objects"].pop(1))
    assert "unknown object" in bad(lambda p: p["objects"].append({"id": "cannon1", "square": "a4"}))
    assert "teams" in bad(lambda p: p.update(teams=[[0]]))
    assert "open water" in bad(lambda p: p["characters"][0].update(square="f7"))
    assert "behind the time marker" in bad(lambda p: p["characters"][0].update(time=3))
    assert "not in play" in bad(lambda p: p.update(draw_order=["monk", "wizard"]))


def test_draw_order_may_name_only_characters_active_in_the_first_space_once_each():
    # The buccaneer's token is on 14, so it cannot be drawn on space 12.
    assert "not Active in space 12" in bad(lambda p: p.update(draw_order=["monk", "buccaneer"]))
    assert "twice" in bad(lambda p: p.update(draw_order=["monk", "rogue", "monk"]))


def test_draw_order_orders_the_first_space_only_later_draws_are_chance():
    # Both act on space 0 in the forced order (rogue first, against the scripted chance's 0) and again on
    # space 1 (Dodge costs 1); there the draw is the chance source's, index 1 of [monk, rogue].
    pos = position([ch("monk", 0, "c5", "e", plan=["dodge", "jump"]), ch("rogue", 1, "i5", "w", plan=["dodge", "jump"])],
                   draw_order=["rogue", "monk"])
    state, events = new_game(pos, chance=[0, 0, 0])
    drawn = [(e.data["space"], e.data["character"], e.data.get("forced")) for e in events if e.type == "character_drawn"]
    assert drawn == [(0, "rogue", True), (0, "monk", True)]
    assert state.space == 1 and state.phase == "planning"
    state, _ = play(state, 0, "plan monk move")
    state, events = play(state, 1, "plan rogue move", chance=[1, 0])
    drawn = [(e.data["space"], e.data["character"], e.data.get("forced")) for e in events if e.type == "character_drawn"]
    assert drawn == [(1, "rogue", None), (1, "monk", None)]


def test_draw_order_skips_a_character_whose_seat_resigned():
    pos = position([ch("monk", 0, "c5", "e", plan=["jump"]), ch("rogue", 1, "i5", "w", plan=["dodge", "jump"]),
                    ch("paladin", 2, "c9", "e", plan=["dodge", "jump"]), ch("buccaneer", 3, "i9", "w", time=20)],
                   draw_order=["rogue", "paladin", "monk"])
    state, _ = new_game(pos)
    assert state.phase == "planning"  # the monk owes a card
    state = fold(state, game.resign(state, 1, ScriptedChance([])))
    state, events = play(state, 0, "plan monk dodge", chance=[])
    drawn = [(e.data["character"], e.data.get("forced")) for e in events if e.type == "character_drawn"]
    assert drawn == [("paladin", True), ("monk", True)]
