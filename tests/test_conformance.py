"""One suite over every registered game (architecture section 10.3): seeded random playouts through
`legal_moves`, checking at each step that every listed move is accepted and has a board hint,
`evolve` leaves its input alone, replay from scratch equals the incremental state, every position after
every event renders for every seat and a spectator, every append is told in words without internal
identifiers, states survive a snapshot (pickle), views serialise, nothing leaks, and games end."""

from __future__ import annotations

import copy
import importlib
import json
import pickle
import random
import re
from functools import reduce

import pytest

from pbem.games import GAMES, missing_names
from pbem.games.base import Event, GameError, Hint, NotYourTurn, Outcome, Phrase
from pbem.i18n import LANGUAGES
from pbem.play.chance import SeededChance
from pbem.words import read

GAME_NAMES = sorted(GAMES)


def playout_config(name):
    return importlib.import_module(f"tests.playouts.{name}")


def cases():
    for name in GAME_NAMES:
        config = playout_config(name)
        for setup_index, (seats, options) in enumerate(config.SETUPS):
            for run in range(config.PLAYOUTS):
                yield pytest.param(name, seats, options, run, id=f"{name}-{seats}p-setup{setup_index}-run{run}")


def test_a_game_is_registered():
    assert GAME_NAMES, "the registry hosts no game"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_module_has_the_whole_protocol(name):
    game = GAMES[name]
    assert missing_names(game) == []
    assert game.NAME == name
    low, high = game.PLAYERS
    assert 1 <= low <= high
    for option in game.OPTIONS.values():
        json.dumps(option.to_json())
    assert game.NOTATION.strip()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unknown_option_is_refused(name):
    game = GAMES[name]
    with pytest.raises(GameError):
        game.resolve_options(game.PLAYERS[0], {"no_such_option_here": 1})


def fold(game, state, events):
    return reduce(game.evolve, events, state)


def stored(event: Event) -> Event:
    """The event as the store gives it back: its data through JSON (tuples come back as lists)."""
    return Event(event.type, json.loads(json.dumps(dict(event.data))), event.actor)


def seeded(seed: int, batch: int) -> SeededChance:
    return SeededChance(seed.to_bytes(32, "big"), batch)


# Words a person reads never carry an internal identifier: snake_case names of events, cards or steps.
IDENTIFIER = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def check_renders(game, state, seats):
    """Every position, even between the events of one append, shows on every channel for every viewer."""
    for viewer in [None, *range(seats)]:
        json.dumps(game.view(state, viewer))
        assert isinstance(game.render_text(state, viewer), str)
        assert game.render_svg(state, viewer).lstrip().startswith("<svg")


def check_words(game, before, events, seats, names):
    """The events of one append, told to every viewer after that viewer's redaction."""
    for viewer in [None, *range(seats)]:
        redacted = [Event(e.type, game.redact(e, viewer), e.actor) for e in events]
        told = game.describe(before, redacted, viewer, names)
        # every game tells in Phrases (message ids with values), read in each reader's language (issue 26)
        assert isinstance(told, list) and all(isinstance(line, Phrase) for line in told), (game.NAME, told)
        lines = [str(line) for line in told]  # a Phrase reads as its English
        assert all(line.strip() for line in lines), lines
        for line in lines:
            assert not IDENTIFIER.search(line), f"an internal identifier reaches a person: {line!r}"
        for line in told:  # kept as JSON and read in every language without a value missing
            assert Phrase.from_json(json.loads(json.dumps(line.to_json()))) == line
            assert all(read(line, language).strip() for language in LANGUAGES)
    for event in events:
        assert isinstance(game.reveals(event), bool)


@pytest.mark.parametrize("name,seats,options,run", list(cases()))
def test_random_playout(name, seats, options, run):
    game = GAMES[name]
    config = playout_config(name)
    rng = random.Random(f"{name}:{seats}:{json.dumps(options, sort_keys=True)}:{run}")
    resolved = game.resolve_options(seats, options)
    json.dumps(resolved)
    initial = game.initial_state(seats, resolved, rules_version=game.RULES_VERSION)
    names = [f"Player {i + 1}" for i in range(seats)]
    every_event = run == 0  # rendering after every single event is thorough but slow: one run per setup
    log: list[Event] = []
    batch = 1

    def append(state, events):
        nonlocal batch
        first = state
        for event in events:
            assert isinstance(event, Event)
            json.dumps(dict(event.data))
            before = copy.deepcopy(state)
            before_repr = repr(state)
            state = game.evolve(before, event)
            assert repr(before) == before_repr, f"evolve mutated its input on {event.type}"
            log.append(stored(event))
            if hasattr(config, "check_state"):
                config.check_state(game, state)
            if every_event:
                check_renders(game, state, seats)
        check_words(game, first, [stored(e) for e in events], seats, names)
        batch += len(events) or 1
        return state

    state = append(initial, game.start(initial, seeded(run, batch)))
    steps = 0
    while game.outcome(state) is None:
        steps += 1
        assert steps <= config.MAX_STEPS, f"{name} did not end within {config.MAX_STEPS} decisions"
        owing = game.to_move(state)
        assert owing, "no seat owes a decision but the game has no outcome"
        seat = rng.choice(sorted(owing))
        legal = game.legal_moves(state, seat)
        assert legal, f"seat {seat} owes a decision but has no legal move"
        assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
        # Every listed move is accepted, every one of them: a listed move that is refused is a lie.
        for move in legal:
            game.decide(state, seat, move, seeded(run * 7919 + steps, batch))
        hints = game.move_hints(state, seat)
        assert set(hints) == set(legal), "move_hints must cover exactly the legal moves"
        for hint in hints.values():
            assert isinstance(hint, Hint)
            json.dumps(hint.to_json())
        for other in range(seats):
            if not game.legal_moves(state, other):
                with pytest.raises(GameError):
                    game.decide(state, other, legal[0], seeded(0, batch))
        for viewer in [None, *range(seats)]:
            json.dumps(game.view(state, viewer))
        move = rng.choice(legal)
        state = append(state, game.decide(state, seat, move, seeded(run * 104729 + steps, batch)))
        if steps % 25 == 0:
            assert repr(fold(game, initial, log)) == repr(state), "replay differs from the incremental state"
        if hasattr(config, "check_hidden"):
            config.check_hidden(game, state, log)

    assert game.to_move(state) == frozenset()
    for seat in range(seats):
        assert game.legal_moves(state, seat) == []
        with pytest.raises(GameError):
            game.decide(state, seat, "anything", seeded(0, batch))
    result = game.outcome(state)
    assert isinstance(result, Outcome)
    json.dumps(result.to_json())
    assert repr(fold(game, initial, log)) == repr(state), "replay differs from the incremental state"
    # A snapshot is the state pickled (pbem/play/loading.py): it must come back equal.
    assert repr(pickle.loads(pickle.dumps(state))) == repr(state), "the state does not survive a snapshot"
    check_renders(game, state, seats)
    for viewer in [None, *range(seats)]:
        for event in log:
            json.dumps(game.redact(event, viewer))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_resigning_seat_no_longer_owes_a_decision(name):
    game = GAMES[name]
    config = playout_config(name)
    seats, options = config.SETUPS[0]
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    state = fold(game, state, game.start(state, seeded(1, 1)))
    seat = min(game.to_move(state))
    after = fold(game, state, game.resign(state, seat, seeded(1, 2)))
    assert seat not in game.to_move(after)
    result = game.outcome(after)
    if result is not None:
        assert seat not in result.winners


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unparseable_move_is_invalid(name):
    from pbem.games.base import InvalidMove

    game = GAMES[name]
    seats, options = playout_config(name).SETUPS[0]
    state = game.initial_state(seats, game.resolve_options(seats, options))
    state = fold(game, state, game.start(state, seeded(2, 1)))
    seat = min(game.to_move(state))
    with pytest.raises(InvalidMove):
        game.decide(state, seat, "%% no such move %%", seeded(2, 2))
    others = [s for s in range(seats) if not game.legal_moves(state, s)]
    for other in others:
        with pytest.raises((NotYourTurn, GameError)):
            game.decide(state, other, game.legal_moves(state, seat)[0], seeded(2, 2))
