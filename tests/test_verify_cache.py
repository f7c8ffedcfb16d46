"""/verify's answer is kept per game and last event (issue 10, item 7): a long game costs the replay
once per new event, not once per call; a new event gives a new answer."""

import time

from pbem import store
from pbem.play import audit, service
from tests.support import THREE, play_randomly


def test_the_answer_is_kept_until_the_log_grows(db, site):
    import random

    created = service.create_game(db, site, "mississippi", THREE)
    play_randomly(db, site, created, 40, random.Random(7))
    started = time.perf_counter()
    first = audit.verify(db, created.id)
    cold = time.perf_counter() - started
    assert first["ok"]
    # an edit that leaves the last event as it was is not seen: the kept answer is for that last event
    rolled = next(e for e in store.read_events(db, created.id) if e.type == "die_rolled")
    db.execute("update events set data = ? where game_id = ? and seq = ?",
               [store.canonical_json({**rolled.data, "value": rolled.data["value"] % 6 + 1}), created.id, rolled.seq])
    started = time.perf_counter()
    assert audit.verify(db, created.id) is first
    assert time.perf_counter() - started < cold
    # one more event, and the whole game is checked again: the edit is found
    loaded = service.load(db, created.id)
    seat = min(loaded.to_move)
    service.resign(db, site, created.id, created.tokens[seat])
    again = audit.verify(db, created.id)
    assert not again["ok"] and again["problems"]


def test_the_replay_keeps_no_past_positions_legal_moves(db, site):
    """The per-process cache of legal moves is for positions being played; a replay asks each past
    position once and must not push those out."""
    import random

    from pbem.play import folding

    created = service.create_game(db, site, "mississippi", THREE)
    play_randomly(db, site, created, 20, random.Random(8))
    folding._LEGAL.clear()
    assert audit.verify_events(store.read_events(db, created.id), store.read_seed(db, created.id))["ok"]
    assert [key for key in folding._LEGAL._items if key[0] == created.id] == []
