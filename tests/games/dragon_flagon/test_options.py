"""One direct test per option value that only the random playouts exercised before (spec section 16):
each sets the option away from its default and shows the documented change of behaviour, against the
same position with the default."""

from __future__ import annotations

from functools import reduce

from pbem.games import dragon_flagon as game
from pbem.play.chance import SeededChance

from .helpers import ch, new_game, position, sq, where

FLAGON = {"id": "flagon", "square": "f8"}
END_NOW = [{"space": 0, "face": "watch"}, {"space": 1, "face": "blank"}, {"space": 2, "face": "blank"},
           {"space": 3, "face": "blank"}]


def started(seats, **options):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    events = game.start(state, SeededChance(b"\x07" * 32, 1))
    return reduce(game.evolve, events, state), events


def test_pirate_chest_value():
    pos = position([ch("monk", 0, "c4", time=5, holds="chest1"), ch("rogue", 1, "i4", time=5)], objects=[FLAGON],
                   game_end=END_NOW)
    for value, total in ((5, 25), (3, 23), (0, 20)):
        state, _ = new_game(pos, **{"pirate.chest_value": value})
        assert game.outcome(state).scores["0"]["total"] == total


def test_pirate_uneven_bonus():
    chars = [ch("monk", 0, "c4", time=5), ch("rogue", 0, "c5", time=5), ch("paladin", 2, "c6", time=5),
             ch("cleric", 2, "c7", time=5), ch("druid", 1, "i4", time=5), ch("wizard", 1, "i5", time=5),
             ch("barbarian", 1, "i6", time=5)]
    pos = position(chars, objects=[FLAGON], game_end=END_NOW)
    for bonus in (20, 7, 0):
        state, _ = new_game(pos, **{"pirate.uneven_bonus": bonus})
        scores = game.outcome(state).scores
        assert scores["1"]["bonus"] == bonus and scores["1"]["total"] == 60 + bonus and scores["0"]["bonus"] == 0


def test_pirate_crews_custom():
    state, _ = started(4, **{"pirate.crews": [[0, 1], [2, 3]]})
    assert [list(t) for t in state.teams] == [[0, 1], [2, 3]]
    assert {c.seat: c.team for c in state.chars} == {0: 0, 1: 0, 2: 1, 3: 1}
    state, _ = started(4)
    assert {c.seat: c.team for c in state.chars} == {0: 0, 1: 1, 2: 0, 3: 1}  # alternate


def test_teams_partnership_pairs_on_the_tavern():
    state, _ = started(4, board="tavern", **{"teams.partnership": "pairs"})
    assert [list(t) for t in state.teams] == [[0, 2], [1, 3]]
    state, _ = started(4, board="tavern")
    assert [list(t) for t in state.teams] == [[0], [1], [2], [3]]


def test_endgame_tokens_and_range():
    state, events = started(2, **{"endgame.tokens": ["watch", "blank", "watch", "blank"], "endgame.range": 10})
    tokens = events[0].data["game_end"]
    assert [t["space"] for t in tokens] == [10, 11, 12, 13]
    assert sorted(t["face"] for t in tokens) == ["blank", "blank", "watch", "watch"]
    state, events = started(2, **{"endgame.tokens": ["watch"] * 4})
    assert [t["face"] for t in events[0].data["game_end"]] == ["watch"] * 4


def test_reputation_start():
    state, _ = started(2, **{"reputation.start": 15})
    assert {c.rep for c in state.chars} == {15}


def test_combat_slam():
    # The rogue on d5 is slashed east against the paladin on e5: blocked, it loses combat.slam more.
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "d5", time=20),
                    ch("paladin", 0, "e5", time=20)], draw_order=["monk"])
    for slam, rep in ((1, 17), (3, 15), (0, 18)):
        state, _ = new_game(pos, **{"combat.slam": slam})
        assert where(state, "rogue") == "d5" and state.char("rogue").rep == rep


def test_overboard_reputation():
    # Slashed from e5 into the water of f5: 2 for the Slash, then the Overboard payment.
    pos = position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", time=20)], draw_order=["monk"])
    for pay in (2, 5, 0):
        state, _ = new_game(pos, **{"overboard.reputation": pay})
        assert where(state, "rogue") is None
        assert state.char("rogue").rep == 18 - pay and state.char("monk").rep == 22 + pay


def test_status_fallen_cost_and_returned_card():
    # Sweep makes the adjacent rogue Fall; by default its first face-down card (slash) goes back to hand.
    pos = position([ch("monk", 0, "c5", "e", plan=["sweep", "move"]), ch("rogue", 1, "d5", plan=["slash", "jump"], time=20)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    assert state.char("rogue").plan == ("!fallen", "jump")
    state, _ = new_game(pos, **{"status.fallen": {"cost": 1, "returns_card": False}})
    assert state.char("rogue").plan == ("!fallen", "slash", "jump")
    # Recovering a Fallen token costs status.fallen.cost.
    pos = position([ch("monk", 0, "c5", plan=["move", "dash"], status=["fallen"]), ch("rogue", 1, "i5", time=20)],
                   draw_order=["monk"])
    for cost in (1, 2):
        state, _ = new_game(pos, **{"status.fallen": {"cost": cost, "returns_card": True}})
        assert state.char("monk").time == cost and not state.char("monk").fallen


def test_objects_blocking():
    # A chair on d5: by default Move cannot enter it; with only barrels blocking it can.
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", time=20)],
                   objects=[FLAGON, {"id": "chair1", "square": "d5"}], draw_order=["monk"])
    state, _ = new_game(pos)
    assert not any(" d5 " in m for m in game.legal_moves(state, 0))
    state, _ = new_game(pos, **{"objects.blocking": ["barrel"]})
    assert "monk move square d5 facing e" in game.legal_moves(state, 0)


def test_swing_requirement():
    # On the deck, not on a table: Swing whiffs by default and flies with "anywhere".
    pos = position([ch("monk", 0, "b5", "e", plan=["swing", "move"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, events = new_game(pos)
    assert [e.data.get("whiff") for e in events if e.type == "card_resolved"] == [True]
    state, _ = new_game(pos, **{"swing.requirement": "anywhere"})
    assert game.legal_moves(state, 0) == ["monk swing distance 2", "monk swing distance 3"]
    assert state.char("monk").square == sq("b5")
