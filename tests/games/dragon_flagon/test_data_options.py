"""Data and options (spec 4, 16; 21.10): the loader rejects bad data; options change behaviour; a
stored game replays identically after the data files change."""

import copy
import json
from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import InvalidOptions
from pbem.games.dragon_flagon import data as data_module
from pbem.games.dragon_flagon.data import BadData, validate_cards

from .helpers import ch, new_game, position, through_json

CARDS = data_module.CARDS_FILE


def rows():
    return copy.deepcopy(CARDS["cards"])


def test_loader_rejects_time_zero_a_missing_dragon_card_and_an_unknown_primitive():
    cards = rows()
    cards[0]["time"] = 0
    with pytest.raises(BadData, match="time"):
        validate_cards(cards, CARDS["characters"])
    with pytest.raises(BadData, match="Dragon"):
        validate_cards([c for c in rows() if c["id"] != "fireball"], CARDS["characters"])
    cards = rows()
    cards[0]["effect"] = [["teleport_everyone"]]
    with pytest.raises(BadData, match="primitive"):
        validate_cards(cards, CARDS["characters"])
    with pytest.raises(BadData, match="13 expected"):
        validate_cards([c for c in rows() if c["id"] != "dodge"], CARDS["characters"])


def test_loader_rejects_overlapping_board_objects():
    from pbem.games.dragon_flagon.data import BOARDS_FILE, validate_board

    board = copy.deepcopy(BOARDS_FILE["pirate"])
    board["objects"].append({"id": "chair9", "square": "b6"})  # barrel1 lies there
    with pytest.raises(BadData, match="overlaps"):
        validate_board(board)
    board = copy.deepcopy(BOARDS_FILE["pirate"])
    board["objects"].append({"id": "barrel5", "square": "c8"})  # on table1
    with pytest.raises(BadData, match="overlaps"):
        validate_board(board)


def test_card_override_option_changes_a_time_and_bad_overrides_are_refused():
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "d5", time=20)], draw_order=["monk"])
    state, _ = new_game(pos, cards={"slash": {"time": 5}})
    assert state.char("monk").time == 5
    with pytest.raises(InvalidOptions, match="time"):
        game.resolve_options(2, {"cards": {"slash": {"time": 0}}})
    with pytest.raises(InvalidOptions, match="no card"):
        game.resolve_options(2, {"cards": {"cannon": {"time": 2}}})


def test_options_are_checked():
    with pytest.raises(InvalidOptions, match="players"):
        game.resolve_options(9, {})
    with pytest.raises(InvalidOptions, match="endgame.tokens"):
        game.resolve_options(2, {"endgame.tokens": ["blank"] * 4})
    with pytest.raises(InvalidOptions, match="characters"):
        game.resolve_options(2, {"characters": {"0": ["monk"], "1": ["rogue", "paladin"]}})
    with pytest.raises(InvalidOptions, match="pirate.crews"):
        game.resolve_options(4, {"pirate.crews": [[0, 1, 2], [3]]})
    with pytest.raises(InvalidOptions, match="pairs"):
        game.resolve_options(4, {"teams.partnership": "pairs"})
    resolved = game.resolve_options(4, {"pirate.crews": [[0, 1], [2, 3]]})
    assert resolved["pirate.crews"] == [[0, 1], [2, 3]] and resolved["reputation.start"] == 20
    json.dumps(resolved)


def test_teams_and_counts_by_player_count():
    for seats, per_seat in ((2, [2, 2]), (3, [2, 3, 2]), (5, [1, 2, 1, 1, 1]), (7, [1, 2, 1, 1, 1, 1, 1]), (8, [1] * 8)):
        resolved = game.resolve_options(seats, {})
        state = game.initial_state(seats, resolved)
        state = reduce(game.evolve, game.start(state, _seeded()), state)
        assert [len(state.seat_chars(s)) for s in range(seats)] == per_seat
    resolved = game.resolve_options(5, {"board": "tavern"})
    state = reduce(game.evolve, game.start(game.initial_state(5, resolved), _seeded()), game.initial_state(5, resolved))
    assert [len(state.seat_chars(s)) for s in range(5)] == [1] * 5 and len(state.teams) == 5


def _seeded():
    from pbem.play.chance import SeededChance

    return SeededChance(b"\x01" * 32, 1)


def test_endgame_range_auto_by_characters_in_play():
    for seats, first in ((2, 27), (5, 21), (6, 21), (3, 21)):
        resolved = game.resolve_options(seats, {})
        events = game.start(game.initial_state(seats, resolved), _seeded())
        assert events[0].data["game_end"][0]["space"] == first


def test_fixed_placement_and_return_facing_options():
    resolved = game.resolve_options(2, {"setup.placement": "fixed", "characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin"]}})
    state = game.initial_state(2, resolved)
    state = reduce(game.evolve, game.start(state, _seeded()), state)
    assert [(c.id, c.square, c.facing) for c in state.chars] == [
        ("buccaneer", (4, 7), "w"), ("monk", (4, 1), "e"), ("paladin", (4, 9), "w"), ("rogue", (4, 3), "e")]
    pos = position([ch("rogue", 1, None, plan=["move", "dash"]), ch("monk", 0, "c4", time=20)])
    state, _ = new_game(pos, **{"pirate.return.facing": "toward_enemy"})
    assert game.legal_moves(state, 1) == ["place rogue h5 w", "place rogue j5 w", "place rogue h13 w", "place rogue j13 w"]


def test_eight_facings():
    pos = position([ch("monk", 0, "c5", "ne", plan=["slash", "move"]), ch("rogue", 1, "d4", time=20)], draw_order=["monk"])
    state, _ = new_game(pos, **{"geometry.facings": 8})
    assert state.char("rogue").square == (2, 4) and state.char("rogue").rep == 18


def test_a_stored_game_replays_identically_after_the_data_files_change(monkeypatch):
    pos = position([ch("monk", 0, "c5", "e", plan=["slash", "move"]), ch("rogue", 1, "d5", time=20)], draw_order=["monk"])
    state, events = new_game(pos)
    initial = game.initial_state(2, json.loads(state.options_json))
    changed = copy.deepcopy(data_module.CARDS_FILE)
    next(c for c in changed["cards"] if c["id"] == "slash")["time"] = 4
    monkeypatch.setattr(data_module, "CARDS_FILE", changed)
    assert repr(reduce(game.evolve, through_json(events), initial)) == repr(state)
