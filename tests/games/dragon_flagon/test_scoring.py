"""Game end and scoring on the tavern board (spec section 15): each player is a team, the highest
reputation total wins; ties go to the team whose best single character has more reputation
(`tiebreak: "auto"`), and are shared when that is equal too or when `tiebreak: "shared"`."""

from __future__ import annotations

from pbem.games import dragon_flagon as game

from .helpers import ch, new_game, position

END_NOW = [{"space": 0, "face": "watch"}, {"space": 1, "face": "blank"}, {"space": 2, "face": "blank"},
           {"space": 3, "face": "blank"}]
FLAGON = [{"id": "flagon", "square": "f6"}]


def tavern_end(reps, **options):
    """Two players with two characters each end the game at once with these reputations."""
    squares = ["b2", "c3", "i2", "j3"]
    chars = [ch(cid, seat, square, rep=rep, time=5)
             for (cid, seat, rep), square in zip(reps, squares)]
    state, events = new_game(position(chars, objects=FLAGON, game_end=END_NOW, board="tavern"), **options)
    assert events[-1].type == "game_ended"
    return game.outcome(state)


def test_tavern_highest_total_wins():
    result = tavern_end([("monk", 0, 20), ("rogue", 0, 21), ("paladin", 1, 30), ("cleric", 1, 10)])
    assert result.scores["0"]["total"] == 41 and result.scores["1"]["total"] == 40
    assert result.winners == (0,) and result.ranking == ((0,), (1,))


def test_tavern_tie_goes_to_the_best_single_character():
    # 25 + 15 = 40 against 20 + 20 = 40: seat 0's monk (25) is the best single character.
    result = tavern_end([("monk", 0, 25), ("rogue", 0, 15), ("paladin", 1, 20), ("cleric", 1, 20)])
    assert result.scores["0"]["total"] == result.scores["1"]["total"] == 40
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    # The same the other way round, so the order of seats does not decide it.
    result = tavern_end([("monk", 0, 20), ("rogue", 0, 20), ("paladin", 1, 12), ("cleric", 1, 28)])
    assert result.winners == (1,) and result.ranking == ((1,), (0,))


def test_tavern_tie_with_equal_best_characters_is_shared():
    result = tavern_end([("monk", 0, 25), ("rogue", 0, 15), ("paladin", 1, 15), ("cleric", 1, 25)])
    assert result.winners == (0, 1) and result.ranking == ((0, 1),)


def test_tiebreak_shared_skips_the_best_character():
    result = tavern_end([("monk", 0, 25), ("rogue", 0, 15), ("paladin", 1, 20), ("cleric", 1, 20)],
                        tiebreak="shared")
    assert result.winners == (0, 1) and result.ranking == ((0, 1),)
