"""The published contract stays true: schemas/ is exactly what the marshmallow schemas generate, and
every event a game or the platform writes conforms to its event type's schema."""

import json
import random

import pytest

from pbem import store
from pbem.config import SCHEMAS_DIR
from pbem.games import GAMES
from pbem.play import service
from pbem.play.chance import SeededChance
from pbem.play.folding import PLATFORM_EVENTS
from pbem.web import contract, openapi
from tests.support import THREE, play_out


def test_schemas_folder_matches_the_generated_contract():
    generated = openapi.generated_files()
    on_disk = {str(p.relative_to(SCHEMAS_DIR)): p.read_text() for p in SCHEMAS_DIR.rglob("*.json")}
    assert sorted(on_disk) == sorted(generated), "run `pbem schemas` and commit schemas/"
    for path, text in generated.items():
        assert on_disk[path] == text, f"schemas/{path} drifted: run `pbem schemas` and commit it"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_a_game_writes_conforms_to_its_schema(name):
    game = GAMES[name]
    schemas = contract.event_schemas()[name]
    assert schemas, f"{name} declares no EVENT_SCHEMAS in its events module"
    from tests.test_conformance import playout_config

    seen = set()
    for run in range(3):
        seats, options = playout_config(name).SETUPS[run % len(playout_config(name).SETUPS)]
        rng = random.Random(run)
        state = game.initial_state(seats, game.resolve_options(seats, options))
        events = list(game.start(state, SeededChance(bytes(32), 1)))
        for step in range(400):
            for event in events:
                data = json.loads(json.dumps(dict(event.data)))
                assert event.type in schemas, f"{name} writes {event.type} but declares no schema for it"
                assert contract.validate_event_data(name, event.type, data) == {}, (event.type, data)
                seen.add(event.type)
                state = game.evolve(state, event)
            if game.outcome(state) is not None:
                break
            seat = rng.choice(sorted(game.to_move(state)))
            if step == 3 and run == 0:
                events = game.resign(state, seat, SeededChance(bytes(32), step + 2))
                continue
            events = game.decide(state, seat, rng.choice(game.legal_moves(state, seat)),
                                 SeededChance(bytes(32), step + 2))
    assert seen, "no events were checked"


def test_platform_events_conform(db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 1})
    play_out(db, site, created)
    for event in store.read_events(db, created.id):
        if event.type in PLATFORM_EVENTS:
            assert contract.validate_event_data("platform", event.type, event.data) == {}


def test_every_platform_event_type_has_a_schema():
    assert set(contract.PLATFORM_EVENT_SCHEMAS) == set(PLATFORM_EVENTS)
