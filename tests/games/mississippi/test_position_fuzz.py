"""A position the `position` option accepts always plays and shows (issue 10, items 4 and 5).

Hypothesis starts from valid positions (the spec's worked examples, and views of games in progress,
which feed back as positions) and mutates them: numbers out of range, huge and negative numbers, wrong
types, missing and extra fields, duplicate seats and fields, text with odd characters, and small
nudges that often keep a position valid. Each mutation is either refused with InvalidOptions naming
the option and the field, or accepted; an accepted position starts, every seat's and a spectator's
view, text and SVG render, `legal_moves` and `move_hints` run, and every legal move of the seat to
move is accepted by `decide`. A few accepted positions also go through the server, whose every page
must answer."""

from __future__ import annotations

import copy
import json
import random
from functools import reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.games import mississippi as game
from pbem.games.base import Event, Hint, InvalidOptions
from pbem.play import service
from pbem.play.chance import SeededChance
from tests.support import every_page_answers

WORKED_EXAMPLES = [  # shared/specs/mississippi.md, "Worked examples"
    {"boats": {"0": {"field": 2, "east": 6, "logs": 10}, "1": {"field": 5, "east": 6, "logs": 12},
               "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 18, "to_move": 0},
    {"boats": {"0": {"field": 3, "east": 2, "logs": 10}, "1": {"field": 18, "east": 6, "logs": 12},
               "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 18, "to_move": 0},
    {"boats": {"0": {"field": 40, "east": 1, "logs": 10}, "1": {"field": 13, "east": 6, "logs": 8},
               "2": {"field": 50, "east": 1, "logs": 20}}, "supply": 22, "to_move": 1},
    {"boats": {"0": {"field": 23, "east": 1, "logs": 15}}, "supply": 5, "to_move": 1},
]
GAME_SETUPS = [
    (2, {}), (3, {}), (4, {"rows": 5, "width": 8, "clockwise": "spatial"}),
    (6, {"numbering": "die"}), (2, {"two_player_logs": 12, "rows": 9, "width": 14}),
]


def fold(state, events):
    return reduce(game.evolve, events, state)


def views_in_progress() -> list[tuple[int, dict, dict]]:
    """(seats, options, view) at several moments of seeded random games, entry turns included."""
    found = []
    for index, (seats, options) in enumerate(GAME_SETUPS):
        rng = random.Random(index)
        state = game.initial_state(seats, game.resolve_options(seats, options))
        state = fold(state, game.start(state, SeededChance(bytes(32), 1)))
        for step in range(40):
            if game.outcome(state) is not None:
                break
            if step in (0, 1, seats, 15, 39):
                found.append((seats, options, json.loads(json.dumps(game.view(state, None)))))
            (seat,) = game.to_move(state)
            move = rng.choice(game.legal_moves(state, seat))
            state = fold(state, game.decide(state, seat, move, SeededChance(bytes(32), step + 2)))
    return found


STARTS = [(3, {}, example) for example in WORKED_EXAMPLES] + views_in_progress()

HUGE = [10**5000, -10**5000, 2**63, -(2**63) - 1, 10**18]
ODD_TEXT = ["\u0663", "\u00b2", " 1 ", "1", "\ud800", "\x00", "0x1", "1e3", "-0", "", "\u202e7", "\U0001f6a2"]
odd_values = st.one_of(
    st.integers(-100, 200), st.sampled_from(HUGE), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6), st.sampled_from(ODD_TEXT), st.none(), st.booleans(),
    st.lists(st.integers(-2, 90), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def paths(value, prefix=()):
    """Every path into the position's own part of a JSON value (the keys a position reads)."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            if prefix == () and key not in ("boats", "supply", "to_move"):
                continue
            yield from paths(inner, prefix + (key,))


def at(value, path):
    for key in path:
        value = value[key]
    return value


@st.composite
def mutated_positions(draw):
    seats, options, start = draw(st.sampled_from(STARTS))
    position = copy.deepcopy(start)
    for _ in range(draw(st.integers(1, 3))):
        all_paths = [p for p in paths(position) if p]
        kind = draw(st.sampled_from(["set", "delete", "extra", "nudge", "nudge", "duplicate", "seat_key"]))
        if not all_paths or not isinstance(position, dict):
            break
        path = draw(st.sampled_from(all_paths))
        parent = at(position, path[:-1])
        if not isinstance(parent, dict):
            continue
        key = path[-1]
        if kind == "set":
            parent[key] = draw(odd_values)
        elif kind == "delete":
            parent.pop(key, None)
        elif kind == "extra":
            parent[draw(st.text(max_size=5))] = draw(odd_values)
        elif kind == "nudge" and isinstance(parent.get(key), int) and not isinstance(parent.get(key), bool):
            parent[key] += draw(st.integers(-3, 3))
        elif kind == "duplicate" and isinstance(position.get("boats"), dict) and position["boats"]:
            boats = position["boats"]
            source = draw(st.sampled_from(sorted(boats, key=str)))
            boats[str(draw(st.integers(0, 6)))] = copy.deepcopy(boats[source])
        elif kind == "seat_key" and isinstance(position.get("boats"), dict) and position["boats"]:
            boats = position["boats"]
            source = draw(st.sampled_from(sorted(boats, key=str)))
            variant = draw(st.sampled_from(["0{}", " {}", "{} ", "+{}", "{}.0", "-{}", "\u0663"]))
            boats[variant.format(source)] = boats.pop(source)
    board = draw(st.sampled_from([{}, {"rows": 5, "width": 8}, {"rows": 9, "width": 14}]))
    options = {**options, **board} if board else options
    as_text = draw(st.booleans())
    return seats, options, position, as_text


FIELD_WORDS = ("boats", "boat", "seat", "field", "east", "logs", "supply", "to_move", "JSON", "object")


def plays_and_shows(seats: int, resolved: dict) -> None:
    """The position starts, shows for everyone, and every listed move of the seat to move is accepted."""
    state = game.initial_state(seats, resolved)
    events = game.start(state, SeededChance(bytes(32), 1))
    state = fold(state, events)
    game.describe(game.initial_state(seats, resolved), events, None, [f"P{i}" for i in range(seats)])
    for viewer in [None, *range(seats)]:
        view = game.view(state, viewer)
        json.dumps(view)
        assert isinstance(game.render_text(state, viewer), str)
        assert game.render_svg(state, viewer, [f"P{i}" for i in range(seats)]).lstrip().startswith("<svg")
    for seat in range(seats):
        legal = game.legal_moves(state, seat)
        hints = game.move_hints(state, seat)
        assert set(hints) == set(legal) and all(isinstance(h, Hint) for h in hints.values())
        for move in legal:
            after = fold(state, game.decide(state, seat, move, SeededChance(bytes(32), 2)))
            game.render_text(after, None)
    if game.outcome(state) is None:
        assert any(game.legal_moves(state, seat) for seat in game.to_move(state)), "a seat to move with no move"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions())
def test_a_mutated_position_is_refused_by_name_or_plays(case):
    seats, options, position, as_text = case
    given_position = position
    if as_text:
        try:
            given_position = json.dumps(position)
        except ValueError:
            pass  # a number too long to write as text: give it as an object
    try:
        resolved = game.resolve_options(seats, {**options, "position": given_position})
    except InvalidOptions as refused:
        message = str(refused)
        assert message.startswith(("position", "option 'position'")), message
        assert any(word in message for word in FIELD_WORDS), message
        assert len(message) < 400, "a refusal repeats what it was given at length"
        return
    json.dumps(resolved)
    plays_and_shows(seats, resolved)


@pytest.mark.parametrize("seats, options, start", STARTS[:6], ids=lambda value: "")
def test_every_starting_position_of_the_fuzzer_is_itself_accepted(seats, options, start):
    plays_and_shows(seats, game.resolve_options(seats, {**options, "position": start}))


ACCEPTED_THROUGH_THE_SERVER = [
    (3, {"position": WORKED_EXAMPLES[0]}),
    (3, {"position": WORKED_EXAMPLES[3]}),  # round 1: two seats still to enter
    (3, {"position": {"boats": {"0": {"field": 1, "east": 1, "logs": 0}, "1": {"field": 0, "east": 1, "logs": 20},
                                "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 20, "to_move": 0}}),  # a skip
    (2, {"position": {"boats": {"0": {"field": 82, "east": 6, "logs": 0}, "1": {"field": 81, "east": 6, "logs": 0}},
                      "supply": 60, "to_move": 1}, "max_rounds": 3}),
    (3, {"position": {"boats": {"0": {"field": 1, "east": 1, "logs": 0}, "1": {"field": 0, "east": 1, "logs": 0},
                                "2": {"field": 2, "east": 1, "logs": 0}}, "supply": 60, "to_move": 0}}),  # stalled
]


@pytest.mark.parametrize("seats, options", ACCEPTED_THROUGH_THE_SERVER)
def test_accepted_positions_answer_on_every_page(client, db, site, seats, options):
    players = [{"name": name} for name in ["Ann", "Bob <b>", "Cy \u202e"][:seats]]
    created = service.create_game(db, site, "mississippi", players, options)
    rng = random.Random(seats)
    for _ in range(4):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        seat = min(loaded.to_move)
        move = rng.choice(loaded.module.legal_moves(loaded.state, seat))
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    assert every_page_answers(client, created.id, created.tokens) > 0


def test_fuzz_refusals_name_their_check():
    """The refusals the fuzzer meets most, each with its check number (A25) and the field."""
    base = WORKED_EXAMPLES[0]
    cases = {
        "position check 2": {**base, "boats": {**base["boats"], "0": {"field": 10**5000, "east": 6, "logs": 10}}},
        "position check 3": {**base, "supply": -10**5000},
        "position check 1": {**base, "boats": {**base["boats"], "00": base["boats"]["0"]}},
    }
    for expected, position in cases.items():
        with pytest.raises(InvalidOptions) as refused:
            game.resolve_options(3, {"position": position})
        assert str(refused.value).startswith(expected) and len(str(refused.value)) < 400
    with pytest.raises(InvalidOptions, match="^option 'position' .*digits"):
        game.resolve_options(3, {"position": '{"supply": ' + "9" * 5000 + "}"})


def test_a_whole_game_of_computer_players_answers_on_every_page(client, db, site):
    players = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    created = service.create_game(db, site, "mississippi", players, {"max_rounds": 8})
    for step in range(40):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        (seat,) = loaded.to_move
        view = loaded.module.view(loaded.state, seat)
        move = game.BOTS["standard"](view, loaded.module.legal_moves(loaded.state, seat), random.Random(step))
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    assert service.load(db, created.id).finished
    assert every_page_answers(client, created.id, created.tokens) > 0
