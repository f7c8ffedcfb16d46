"""Hidden information (section 17, Ruling 52, 21.3): view, redact, render_text, render_svg and
legal_moves for every seat and a spectator, along a seeded game."""

from __future__ import annotations

import json
import random
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import GameError
from pbem.play.chance import SeededChance
from tests.playouts.buccaneer import check_hidden, check_words_hide_secrets

from .helpers import new, play, stored


def seeded_game(seats, steps, seed=3):
    resolved = game.resolve_options(seats, {"turn_limit": 40})
    state = game.initial_state(seats, resolved)
    log = [stored(e) for e in game.start(state, SeededChance(bytes([seed]) * 32, 1))]
    state = reduce(game.evolve, log, state)
    rng = random.Random(seed)
    history = [state]
    for step in range(steps):
        if game.outcome(state):
            break
        seat = rng.choice(sorted(game.to_move(state)))
        moves = [m for m in game.legal_moves(state, seat) if m not in ("ask", "always attack", "never attack")]
        events = [stored(e) for e in game.decide(state, seat, rng.choice(moves), SeededChance(bytes([seed]) * 32, step + 2))]
        log.extend(events)
        state = reduce(game.evolve, events, state)
        history.append(state)
    return state, log, history


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_views_and_renders_show_only_the_seats_own_hand(seats):
    state, log, history = seeded_game(seats, 80)
    check_hidden(game, state, log)
    for st in history[::5]:
        for viewer in [None, *range(seats)]:
            view = game.view(st, viewer)
            text = game.render_text(st, viewer)
            svg = game.render_svg(st, viewer, names=["<b>Ann</b>"] * seats)
            assert "<b>Ann</b>" not in svg and "&lt;b&gt;Ann&lt;/b&gt;" in svg
            assert ("you" in view) is (viewer is not None)
            assert ("Your hand" in text) is (viewer is not None)
            assert "Your hand" not in svg  # the board picture shows no hand: the seat's own is in the HTML panel
            if viewer is not None:
                assert f"Your hand ({st.home_ports[viewer].capitalize()})" in text
            for seat in range(seats):
                ship = view["ships"][st.home_ports[seat]]
                assert set(ship) == {"at", "heading", "cargo", "hand_count", "held", "derelict", "must_sail_ahead", "resigned"}
            legal_owing = [s for s in range(seats) if [m for m in game.legal_moves(st, s)
                                                          if m not in ("ask", "always attack", "never attack")]]
            assert set(legal_owing) <= set(game.to_move(st))


def test_crew_dealt_shows_each_seat_its_own_hand_and_decks_to_nobody():
    state, log, _ = seeded_game(3, 0)
    dealt = next(e for e in log if e.type == "crew_dealt")
    for viewer in [None, 0, 1, 2]:
        red = game.redact(dealt, viewer)
        deal = [e for e in red["effects"] if e["k"] == "deal"][0]
        assert deal["counts"] == [6, 6, 6]
        assert deal.get("hand") == (list(dealt.data["effects"][-1]["hands"][viewer]) if viewer is not None else None)
        for event in log:
            for effect in game.redact(event, viewer)["effects"]:
                if effect["k"] == "decks":
                    assert set(effect) == {"k", "pirate_count", "chance_count"}


def test_ruling_52_values_absent_from_other_seats_views():
    state, _, _ = seeded_game(2, 10)
    other = game.view(state, 1)
    assert "sailing_value" not in json.dumps(other["ships"]) and other["you"]["seat"] == 1
    assert "sailing_value" not in json.dumps(game.view(state, None))


def test_error_messages_leak_nothing():
    state = new({"to_move": "london", "ships": {"london": {"at": "F3", "face": "N"}, "genoa": {"at": "F6", "face": "E"}},
                 "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1", "B1", "B1"]}})
    state, _ = play(state, "london", "sail N 3 attack face E")
    with pytest.raises(GameError) as caught:
        play(state, "london", "give R2 B1")
    assert "R2" not in str(caught.value) and "B1 B1" not in str(caught.value)
    with pytest.raises(GameError) as caught:
        play(state, "genoa", "give R3 R3")
    assert "R3" not in str(caught.value).replace("'give R3 R3'", "")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_words_tell_no_seat_another_seats_secret(seats):
    """Every append of a whole game, the deal included, told to every seat and a spectator."""
    resolved = game.resolve_options(seats, {"turn_limit": 30})
    state = game.initial_state(seats, resolved)
    appends = [(state, [stored(e) for e in game.start(state, SeededChance(b"\x05" * 32, 1))])]
    state = reduce(game.evolve, appends[0][1], state)
    rng = random.Random(seats)
    for step in range(150):
        if game.outcome(state):
            break
        seat = rng.choice(sorted(game.to_move(state)))
        move = game.BOTS["standard"](game.view(state, seat), game.legal_moves(state, seat), rng)
        events = [stored(e) for e in game.decide(state, seat, move, SeededChance(b"\x05" * 32, step + 2))]
        appends.append((state, events))
        state = reduce(game.evolve, events, state)
    for before, events in appends:
        check_words_hide_secrets(game, before, events, [None, *range(seats)])
