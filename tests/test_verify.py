"""Auditing (architecture sections 3 and 4): the hash chain, the seed commitment and its reveal, and
the re-run of every command from the revealed seed. Tampering of any kind is reported."""

import json

from pbem import store
from pbem.play import audit, chance, service
from tests.support import NEAR_GOAL, THREE, play_out


def finished_game(db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 2})
    play_out(db, site, created)
    return created


def test_an_honest_game_verifies_and_reveals_its_seed_at_the_end(db, site):
    created = finished_game(db, site)
    report = audit.verify(db, created.id)
    assert report["ok"], report["problems"]
    events = store.read_events(db, created.id)
    assert events[-1].type == "seed_revealed"
    seed = bytes.fromhex(events[-1].data["seed"])
    assert chance.commitment(seed) == events[0].data["commitment"]
    assert report["seed"] == seed.hex()


def test_the_seed_is_not_revealed_while_the_game_runs(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    report = audit.verify(db, created.id)
    assert report["ok"] and report["seed"] is None
    assert all(e.type != "seed_revealed" for e in store.read_events(db, created.id))


def test_die_rolls_are_derived_from_the_seed(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    events = store.read_events(db, created.id)
    rolled = [e for e in events if e.type == "die_rolled"]
    assert len(rolled) == 1 and rolled[0].data["seat"] == 0
    seed = store.read_seed(db, created.id)
    # start() drew the first die in the create batch (batch seq 1) as its first draw.
    assert rolled[0].data["value"] == chance.SeededChance(seed, 1).roll(6)


def tamper(db, game_id, seq, **changes):
    sets = ", ".join(f"{k} = ?" for k in changes)
    db.execute(f"update events set {sets} where game_id = ? and seq = ?", [*changes.values(), game_id, seq])


def test_an_edited_event_breaks_the_chain(db, site):
    created = finished_game(db, site)
    event = store.read_events(db, created.id)[3]
    tamper(db, created.id, event.seq, data=json.dumps({**event.data, "move": "forward 9"}))
    report = audit.verify(db, created.id)
    assert not report["ok"]
    assert any(f"event {event.seq}: hash" in p for p in report["problems"])


def test_a_rewritten_outcome_with_a_recomputed_chain_is_still_caught_by_the_replay(db, site):
    """Someone who can rewrite the whole chain (the operator) still cannot change a die roll: the
    replay from the committed seed disagrees."""
    created = service.create_game(db, site, "mississippi", THREE)
    events = store.read_events(db, created.id)
    seed = store.read_seed(db, created.id)
    rolled = next(e for e in events if e.type == "die_rolled")
    forged = {**rolled.data, "value": rolled.data["value"] % 6 + 1}
    tamper(db, created.id, rolled.seq, data=store.canonical_json(forged))
    previous = ""
    for event in store.read_events(db, created.id):
        digest = store.event_hash(previous, event.game_id, event.seq, event.type, event.actor, event.data,
                                  event.at, event.command, chance.event_salt(seed, event.seq))
        tamper(db, created.id, event.seq, hash=digest)
        previous = digest
    report = audit.verify(db, created.id)
    assert not report["ok"]
    # while the game runs the report says where, not what (the events may hold hidden plans)
    assert report["problems"] == [f"events 1-{rolled.seq}: the recorded events are not what the rules "
                                  "and the seed give (details are shown once the game is over)"], report["problems"]


def test_a_missing_event_is_reported(db, site):
    created = finished_game(db, site)
    db.execute("delete from events where game_id = ? and seq = 3", [created.id])
    report = audit.verify(db, created.id)
    assert not report["ok"]
    assert any("seq 4 found where 3 was expected" in p for p in report["problems"])


def test_a_swapped_seed_is_reported(db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"position": NEAR_GOAL})
    db.execute("update secrets set seed = ? where game_id = ?", [bytes(32).hex(), created.id])
    report = audit.verify(db, created.id)
    assert not report["ok"]
    assert any("commitment" in p or "hash" in p for p in report["problems"])


def test_verify_through_the_cli_and_the_api(runner, client):
    code, out, _ = runner("new", "mississippi", "--player", "Ann", "--player", "Bob", "--player", "Cy",
                          "--option", "max_rounds=1")
    assert code == 0
    game_id = out.split()[1]
    code, out, _ = runner("verify", game_id)
    assert code == 0 and out.startswith(f"{game_id} ok:") and "not revealed yet" in out
    report = client.get(f"/api/games/{game_id}/verify").json
    assert report["ok"] is True
