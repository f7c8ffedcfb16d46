"""A position the `position` option accepts always plays and shows (issue 10, item 4).

Valid positions (the spec's example, and positions of games in progress written back in the spec's
format) are mutated at random: numbers out of range, huge and negative, wrong types, fields removed or
added, list items duplicated, strings with odd characters. Each mutation is either refused with
InvalidOptions naming the position's field, or accepted; an accepted one must start, show for every
seat and a spectator (view, text, SVG), list its moves and hints, and every legal move of the seats to
move must be accepted. A handful of accepted positions also go through the server's pages."""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache, reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.games import buccaneer as game
from pbem.games.base import InvalidOptions
from pbem.play import service
from pbem.play.chance import SeededChance
from tests.support import every_page_answers

from .helpers import position_of, stored

SPEC_EXAMPLE = (("london", "genoa"), {
    "to_move": "genoa", "dealer": "london", "round": 3,
    "ships": {"london": {"at": "A14"}, "genoa": {"at": "J7", "face": "N", "cargo": ["gold"], "must_sail_ahead": False}},
    "hands": {"london": ["R1", "R2", "B3"], "genoa": ["R3", "R3", "B1"]},
    "held": {"genoa": ["doubloons"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"], "cards": []},
              "london": {"crew": [], "treasure": ["pearl", "pearl"], "cards": ["long-john-silver"]}},
    "safety_zones": {"london": ["ruby", "ruby", "ruby"]},
    "flat_island": {"crew": ["B2"], "treasure": ["rum"]},
    "pirate_island": ["R1", "B3", "R2"], "chance_deck": [16, 3, 22], "shuffle_unlisted": False,
    "standing_orders": {"london": "always attack"},
})

ODD_VALUES = [
    -1, 0, 1, 2, 28, 29, 10000, 10001, 10 ** 30, -(10 ** 30), 10 ** 5000, 1.5, float("inf"), True, False, None,
    "", " ", "\ud800", "é", "A1", "T20", "Z99", "A0", "J7", "N20", "R1", "r3", "B9", "diamond", "gold", "sand",
    "N", "ne", "XX", "ask", "always attack", "london", "genoa", "venice", "kidds-chart", "long-john-silver",
    "<script>", "x" * 300, [], {}, [None], ["R1"], ["diamond", "diamond", "diamond"], {"a": 1}, [[1]],
]


def game_positions() -> list[tuple[tuple[str, ...], dict]]:
    """Positions of games in progress: the computer players play a few turns, and the state at the start
    of a turn is written back in the position format."""
    out = []
    for seats, seed, turns in ((2, 1, 9), (3, 2, 14), (4, 3, 21), (2, 4, 30)):
        options = game.resolve_options(seats, {})
        state = game.initial_state(seats, options)
        key = seed.to_bytes(32, "big")
        state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, 1))), state)
        rng = random.Random(seed)
        batch, begun = 1, 0
        while game.outcome(state) is None and begun < turns:
            seat = min(game.to_move(state))
            move = game.BOTS["standard"](game.view(state, seat), game.legal_moves(state, seat), rng)
            batch += 1
            state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, batch))), state)
            if not state.pending and state.phase == "before":
                begun += 1
        out.append((state.home_ports, position_of(state)))
    return out


@lru_cache(maxsize=None)
def bases() -> tuple:
    return tuple(json.dumps([list(ports), pos]) for ports, pos in [SPEC_EXAMPLE, *game_positions()])


def paths(value, prefix=()):
    """Every place in a JSON value: (path to the container, key or index)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix, key
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix, index
            yield from paths(item, prefix + (index,))


def container(value, path):
    for step in path:
        value = value[step]
    return value


@st.composite
def mutated_positions(draw):
    ports, position = json.loads(draw(st.sampled_from(bases())))
    for _ in range(draw(st.integers(1, 3))):
        places = [(p, k) for p, k in paths(position)]
        kind = draw(st.sampled_from(["replace", "replace", "delete", "extra", "duplicate", "append"]))
        if not places or kind == "extra":
            holders = [p + (k,) for p, k in places if isinstance(container(position, p + (k,)), dict)] + [()]
            holder = container(position, draw(st.sampled_from(holders)))
            holder[draw(st.sampled_from(["extra", "face", "cards", "crew", "at", "london", "round"]))] = \
                draw(st.sampled_from(ODD_VALUES))
            continue
        path, key = draw(st.sampled_from(places))
        holder = container(position, path)
        if kind == "replace":
            holder[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        elif kind == "delete":
            del holder[key]
        elif kind == "duplicate" and isinstance(holder, list):
            holder.append(copy.deepcopy(holder[key]))
        elif kind == "append" and isinstance(holder[key], list):
            holder[key].append(copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
    return tuple(ports), position


def plays_and_shows(ports, position):
    """Start the game of an accepted position and check it on every channel; every move of the seats
    to move is accepted."""
    seats = len(ports)
    options = game.resolve_options(seats, {"home_ports": list(ports), "position": position})
    json.dumps(options)
    state = game.initial_state(seats, options)
    events = [stored(e) for e in game.start(state, SeededChance(b"\x07" * 32, 1))]
    names = [f"Player {i + 1}" for i in range(seats)]
    for viewer in [None, *range(seats)]:
        game.describe(state, [type(e)(e.type, game.redact(e, viewer), e.actor) for e in events], viewer, names)
    state = reduce(game.evolve, events, state)
    for viewer in [None, *range(seats)]:
        json.dumps(game.view(state, viewer))
        assert game.render_text(state, viewer)
        assert game.render_svg(state, viewer, names).lstrip().startswith("<svg")
    for seat in range(seats):
        legal = game.legal_moves(state, seat)
        assert set(game.move_hints(state, seat)) == set(legal)
        if seat in game.to_move(state):
            assert legal, "a seat to move has no legal move"
            for move in legal:
                game.decide(state, seat, move, SeededChance(b"\x07" * 32, 2))
    return state


@pytest.mark.parametrize("index", range(5))
def test_every_valid_base_position_plays(index):
    ports, position = json.loads(bases()[index])
    plays_and_shows(tuple(ports), position)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions())
def test_a_mutated_position_is_refused_by_name_or_plays(case):
    ports, position = case
    try:
        game.resolve_options(len(ports), {"home_ports": list(ports), "position": position})
    except InvalidOptions as refused:
        message = str(refused)
        assert message.startswith("position: "), message
        assert message.isascii() and len(message) < 300, message
        return
    plays_and_shows(ports, position)


@pytest.mark.parametrize("fault,field", [
    ({"round": 10 ** 5000}, "round"), ({"round": 1.0}, "round"), ({"hands": ["R1"]}, "hands"),
    ({"docks": {"venice": "R1"}}, "docks of venice"), ({"flat_island": ["B2"]}, "flat_island"),
    ({"held": {"genoa": [["doubloons"]]}}, "held by genoa"), ({"chance_deck": [True]}, "chance_deck"),
    ({"standing_orders": {"london": ["ask"]}}, "standing_orders"), ({"to_move": "\ud800"}, "to_move"),
    ({"dealer": ["london"]}, "dealer"),
])
def test_position_faults_found_by_the_fuzzer_are_refused_naming_the_field(fault, field):
    ports, position = SPEC_EXAMPLE
    with pytest.raises(InvalidOptions, match=f"^position: {field}") as refused:
        game.resolve_options(2, {"home_ports": list(ports), "position": {**position, **fault}})
    assert str(refused.value).isascii()


def test_what_the_first_version_accepted_keeps_its_meaning():
    """Stored games from positions are rebuilt by the same function: empty values mean none, flags are
    read for their truth, unknown fields inside a ship or store are ignored, as they always were."""
    ports, position = SPEC_EXAMPLE
    ships = {"london": {"at": "A14", "must_sail_ahead": 1}, "genoa": {**position["ships"]["genoa"], "speed": 3}}
    lenient = {**position, "ships": ships, "docks": {"venice": {"crew": ["R3"], "cards": None, "note": "x"}},
               "flat_island": "", "held": [], "dealer": "", "shuffle_unlisted": 0}
    state = game.initial_state(2, game.resolve_options(2, {"home_ports": list(ports), "position": lenient}))
    assert state.ships[0].must_sail_ahead is True and state.docks[5].crew == ("R3",) and state.flat.crew == ()
    assert state.held == ((), ()) and state.dealer == 1 and state.shuffle_below == ()
    plays_and_shows(ports, lenient)


def test_accepted_positions_answer_on_every_page(db, site, client):
    """Through the service and the pages: games from positions show at every seq for every seat."""
    rng = random.Random(5)
    for text in bases()[:3]:
        ports, position = json.loads(text)
        players = [{"name": f"Player {i + 1}"} for i in range(len(ports))]
        created = service.create_game(db, site, "buccaneer", players,
                                      {"home_ports": ports, "position": {**position, "shuffle_unlisted": True}})
        for _ in range(6):  # a few moves, so that the history has positions after moves too
            loaded = service.load(db, created.id)
            if loaded.finished:
                break
            seat = min(loaded.to_move)
            move = game.BOTS["standard"](loaded.module.view(loaded.state, seat),
                                         loaded.module.legal_moves(loaded.state, seat), rng)
            service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
        assert every_page_answers(client, created.id, created.tokens) > 0
