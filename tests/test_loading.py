"""Loading games at flat cost (pbem/play/loading.py, architecture section 11): a game loaded lately is picked
up where it was left, a cold load starts from the latest snapshot, a past position starts from the
nearest snapshot at or before it, and every one of them is exactly what folding the whole log gives.
Snapshots are never truth: one that does not match the log or was taken by other code is not used."""

import json
import pickle
import random

import pytest

from pbem import store
from pbem.play import loading, service
from pbem.play.folding import fold
from pbem.store.recent import Recent
from tests.support import THREE, play_randomly


def same(a, b):
    assert (a.id, a.seq, a.last_hash, a.last_at) == (b.id, b.seq, b.last_hash, b.last_at)
    assert repr(a.state) == repr(b.state)
    assert (a.settings, a.vacations, a.owing_since, a.timed_out, a.last_acted) == \
        (b.settings, b.vacations, b.owing_since, b.timed_out, b.last_acted)
    assert (a.outcome, a.to_move) == (b.outcome, b.to_move)


def whole(db, game_id, upto=None):
    """The game folded from scratch through `upto`: settled (who owes a decision) when that ends an append."""
    events = store.read_events(db, game_id, upto)
    following = store.event_at(db, game_id, upto + 1) if upto is not None else None
    return fold(game_id, events, complete=following is None or following.command is not None)


@pytest.fixture
def small_snapshots(monkeypatch):
    monkeypatch.setattr(loading, "SNAPSHOT_EVERY", 16)
    loading.forget()
    yield
    loading.forget()


def test_picking_up_a_loaded_game_equals_folding_its_whole_log(db, site):
    players = [{"name": n, "email": f"{n}@x.org"} for n in "ABCD"]
    created = service.create_game(db, site, "buccaneer", players, {"time_per_move": "3d"})
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
        same(after, whole(db, created.id))


def test_a_loaded_game_is_not_changed_when_later_events_are_folded(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    first = service.load(db, created.id)
    kept = pickle.dumps(first)
    play_randomly(db, site, created, 3, random.Random(1))
    later = service.load(db, created.id)
    assert later.seq > first.seq and later is not first
    assert pickle.dumps(first) == kept


def test_a_log_that_no_longer_holds_the_loaded_last_event_is_read_again(db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    play_randomly(db, site, created, 2, random.Random(2))
    cached = service.load(db, created.id)
    last = store.event_at(db, created.id, cached.seq)
    # Another process rewrote the tail (as a restore from an older backup plus other moves would).
    db.execute("update events set data = ?, hash = ? where game_id = ? and seq = ?",
               [store.canonical_json({**last.data, "move": "forward 1"}), "f" * 64, created.id, last.seq])
    reloaded = service.load(db, created.id)
    assert reloaded.last_hash == "f" * 64


@pytest.mark.parametrize("name,seats", [("rigadoon", 2), ("buccaneer", 3), ("dragon_flagon", 4), ("mississippi", 4)])
def test_cold_loads_and_past_positions_from_snapshots_equal_whole_folds(db, site, small_snapshots, name, seats):
    options = {"max_rounds": 1000} if name == "mississippi" else {}
    created = service.create_game(db, site, name, [{"name": f"P{i}"} for i in range(seats)], options)
    play_randomly(db, site, created, 60, random.Random(name))
    head = service.load(db, created.id)
    snapshots = [row[0] for row in db.execute("select seq from snapshots where game_id = ?", [created.id])]
    assert len(snapshots) >= 2, "a snapshot is kept every SNAPSHOT_EVERY events or so"
    loading.forget()  # a new process: nothing in memory
    same(service.load(db, created.id), whole(db, created.id))
    loading.forget()
    for seq in range(1, head.seq + 1):
        same(loading.at(db, head, seq), whole(db, created.id, seq))


def test_a_snapshot_that_does_not_match_the_log_or_the_code_is_not_used(db, site, small_snapshots):
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 1000})
    play_randomly(db, site, created, 40, random.Random(4))
    seq, data = db.execute("select seq, data from snapshots where game_id = ? order by seq desc limit 1",
                           [created.id]).fetchone()
    forged = pickle.loads(data)
    forged = type(forged)(**{**forged.__dict__, "last_hash": "0" * 64})
    db.execute("update snapshots set data = ? where game_id = ? and seq = ?", [pickle.dumps(forged), created.id, seq])
    loading.forget()
    assert loading.snapshot_before(db, created.id, seq) is None or loading.snapshot_before(db, created.id, seq).seq < seq
    same(service.load(db, created.id), whole(db, created.id))
    db.execute("update snapshots set code = 'other code'")
    loading.forget()
    assert loading.snapshot_before(db, created.id, None) is None
    same(service.load(db, created.id), whole(db, created.id))


def test_recent_keeps_only_the_most_recently_used():
    recent = Recent(size=2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recent
    recent.put("c", 3)
    assert recent.get("b") is None and recent.get("a") == 1 and recent.get("c") == 3 and len(recent) == 2


def test_a_game_whose_start_writes_no_event_still_says_who_is_to_move(db, site, client):
    created = service.create_game(db, site, "rigadoon", THREE[:2], {"first": "seat0"})  # no draw for the first player
    assert store.game_row(db, created.id)["seq"] == 1
    assert service.load(db, created.id).to_move == frozenset({0})
    assert client.get(f"/api/games/{created.id}").json["to_move"] == [0]
    loading.forget()
    assert service.load(db, created.id).to_move == frozenset({0})


def test_every_past_position_is_a_few_events_after_a_snapshot_the_server_wrote_with_its_moves(server, database):
    """A past position folds from the nearest snapshot at or before it: with one every 128 events, a
    position 100 events after one cost 2 to 10 times the head (audit N6). Moves over the API of a real
    server leave one fewer than 32 events (SNAPSHOT_EVERY and the rest of an append) before every
    position, and each is exactly the whole log's fold."""
    import urllib.request

    def api(path, body=None, token=None):
        request = urllib.request.Request(server + path, data=json.dumps(body).encode() if body else None,
                                         headers={"Content-Type": "application/json",
                                                  **({"Authorization": f"Bearer {token}"} if token else {})})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    created = api("/api/games", {"game": "buccaneer", "players": [{"name": "Ann"}, {"name": "Bob"}]})
    tokens = [seat["token"] for seat in created["seats"]]
    db = store.connect(database)
    rng = random.Random(11)
    while (head := service.load(db, created["id"])).seq < 150 and not head.finished:
        seat = rng.choice(sorted(head.to_move))
        api(f"/api/games/{head.id}/moves", {"move": rng.choice(service.legal_moves(head, seat)), "seq": head.seq},
            tokens[seat])
    starts = [seq for seq, _ in store.command_seqs(db, head.id)] + [head.seq + 1]
    longest = max(b - a for a, b in zip(starts[1:], starts[2:]))  # of the appends after the creation's
    snapshots = [row[0] for row in db.execute("select seq from snapshots where game_id = ?", [head.id])]
    for seq in range(starts[1], head.seq + 1):
        nearest = max([s for s in snapshots if s <= seq], default=starts[1] - 1)
        assert seq - nearest < min(32, loading.SNAPSHOT_EVERY + longest), (seq, sorted(snapshots))
    loading.forget()
    for seq in sorted(snapshots):
        same(loading.snapshot_before(db, head.id, seq), whole(db, head.id, seq))
    db.close()
