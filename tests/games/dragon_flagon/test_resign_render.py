"""Resignation, the clock's default move, and the ASCII renderer (spec 17.1, 20; 21.12). The board picture
and the panel beside it are tested in test_board.py."""

from functools import reduce

from pbem.games import dragon_flagon as game
from pbem.play.chance import SeededChance

from .helpers import ch, new_game, play, position


def started(seats, **options):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    return reduce(game.evolve, game.start(state, SeededChance(b"\x07" * 32, 1)), state)


def test_two_seats_resignation_the_other_wins():
    state = started(2)
    seat = min(game.to_move(state))
    after = reduce(game.evolve, game.resign(state, seat), state)
    result = game.outcome(after)
    assert result.termination == "resigned" and result.winners == (1 - seat,)
    assert result.ranking[-1] == (seat,)


def test_three_seats_the_game_goes_on_without_the_resigned_seat():
    state = started(3, **{"setup.placement": "fixed"})
    events = game.resign(state, 2)
    after = reduce(game.evolve, events, state)
    assert game.outcome(after) is None
    assert 2 not in game.to_move(after) and game.legal_moves(after, 2) == []
    assert all(c.out and c.square is None for c in after.seat_chars(2))
    # play on to the end: the resigned seat ranks last
    while game.outcome(after) is None:
        seat = min(game.to_move(after))
        after, _ = play(after, seat, game.legal_moves(after, seat)[0], chance=[0] * 500)
    assert game.outcome(after).ranking[-1] == (2,)


def test_crew_without_seats_left_loses():
    state = started(3, **{"setup.placement": "fixed"})
    after = reduce(game.evolve, game.resign(state, 1), state)
    assert game.outcome(after).winners == (0, 2)


def test_timeout_move_is_the_first_legal_move_and_mild():
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", plan=[])], draw_order=["monk"])
    state, _ = new_game(pos)
    assert game.timeout_move(state, 1) == "plan rogue move" == game.legal_moves(state, 1)[0]
    state, _ = play(state, 1, "plan rogue move dash")
    assert game.timeout_move(state, 0) == "monk move square c5 facing n"
    assert game.timeout_move(state, 1) is None


def test_ascii_board_of_the_tavern(golden):
    state = started(5, board="tavern", **{"setup.placement": "fixed"})
    text = game.render_text(state, 0)
    assert text.splitlines()[0] == "     a  b  c  d  e  f  g  h  i  j  k"
    assert text.splitlines()[6][4 + 5 * 3: 4 + 6 * 3] == ".f."  # the Flagon on f6
    golden("golden/tavern_start.txt", text)
