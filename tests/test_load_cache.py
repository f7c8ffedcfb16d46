"""A game loaded lately is picked up where it was left (service.load + pbem/recent.py): only newer events
are read and folded, and the result is exactly what folding the whole log gives; a log that no longer
holds the event the cache ended on is read again from the start."""

import json
import random

from pbem import service, store
from pbem.recent import Recent
from tests.support import THREE, play_randomly


def fresh(db, game_id):
    events = store.read_events(db, game_id)
    return service.assemble(game_id, service.get_game(events[0].data["game"]), events)


def same(a, b):
    assert a.seq == b.seq and [e.hash for e in a.events] == [e.hash for e in b.events]
    assert a.state == b.state
    assert (a.settings, a.vacations, a.owing_since, a.timed_out) == (b.settings, b.vacations, b.owing_since,
                                                                     b.timed_out)


def test_picking_up_a_cached_game_equals_folding_its_whole_log(db, site):
    created = service.create_game(db, site, "buccaneer", [{"name": n, "email": f"{n}@x.org"} for n in "ABCD"])
    rng = random.Random(5)
    for step in range(12):
        before = service.load(db, created.id)
        play_randomly(db, site, created, rng.randint(1, 6), rng)
        if step == 4:
            service.change_settings(db, site, created.id, created.tokens[1], True, True, None)
        if step == 7:
            service.start_vacation(db, site, created.id, created.tokens[2])
        after = service.load(db, created.id)
        assert after.seq >= before.seq
        same(after, fresh(db, created.id))


def test_the_cached_game_is_not_changed_when_later_events_are_folded(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    first = service.load(db, created.id)
    seq, events, settings = first.seq, list(first.events), json.dumps(first.settings)
    play_randomly(db, site, created, 3, random.Random(1))
    later = service.load(db, created.id)
    assert later.seq > seq and later is not first
    assert first.seq == seq and first.events == events and json.dumps(first.settings) == settings


def test_a_log_that_no_longer_holds_the_cached_last_event_is_read_again(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    play_randomly(db, site, created, 2, random.Random(2))
    cached = service.load(db, created.id)
    last = cached.events[-1]
    # Another process rewrote the tail (as a restore from an older backup plus other moves would).
    db.execute("update events set data = ?, hash = ? where game_id = ? and seq = ?",
               [store.canonical_json({**last.data, "move": "forward 1"}), "f" * 64, created.id, last.seq])
    reloaded = service.load(db, created.id)
    assert reloaded.events[-1].hash == "f" * 64 and reloaded.events[-1].data["move"] == "forward 1"


def test_recent_keeps_only_the_most_recently_used():
    recent = Recent(size=2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recent
    recent.put("c", 3)
    assert recent.get("b") is None and recent.get("a") == 1 and recent.get("c") == 3 and len(recent) == 2
