"""Sanity check of adjacency and numbering with the spec's greedy bot ("What a healthy implementation
looks like"): 3-6 player games finish at the goal, in a sensible number of turns, with chains of
several reaction steps."""

import pytest

from pbem.games import mississippi as game

from .helpers import greedy_game


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_greedy_games_finish_with_real_chains(seats):
    finished, longest, turns = 0, 0, []
    for seed in range(1, 5):
        chains = []

        def watch(state, seat, move, events):
            if state.trace is not None and state.trace.move is not None:
                chains.append(len(state.trace.reactions))

        state, _ = greedy_game(seats, {}, seed, watch)
        result = game.outcome(state)
        if result.termination == "goal":
            finished += 1
            turns.append(state.turns)
        longest = max(longest, max(chains))
    assert finished >= 3, f"only {finished} of 4 greedy {seats}-player games reached the goal"
    assert longest >= 4, f"the longest chain was {longest} steps"
    assert all(15 <= t <= 80 for t in turns), turns
