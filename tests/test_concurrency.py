"""Races (architecture section 4): many submissions at the same seq leave exactly one applied, the
rest get 409, and the log has no gap, no duplicate and a valid chain. Once through a real server with
threads, once with separate processes on the same SQLite file."""

import multiprocessing

from pbem import store
from pbem.play import audit, service
from tests.support import THREE, json_call, race

RACERS = 12


def assert_log_is_whole(db, game_id):
    events = store.read_events(db, game_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    report = audit.verify(db, game_id)
    assert report["ok"], report["problems"]
    return events


def test_threads_racing_through_the_server(server, database):
    created = json_call(f"{server}/api/games", {"game": "mississippi", "players": THREE}, "")[1]
    token = created["seats"][0]["token"]
    url = f"{server}/api/games/{created['id']}/moves"
    results = race(RACERS, lambda k: json_call(url, {"move": f"forward {k % 5 + 1}", "seq": 2}, token))
    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [409] * (RACERS - 1), results
    db = store.connect(database)
    events = assert_log_is_whole(db, created["id"])
    assert sum(1 for e in events if e.type == "move_played") == 1


def race_in_process(path, site, game_id, token, k, start, out):
    db = store.connect(path)
    start.wait()
    try:
        service.submit_move(db, site, game_id, token, f"forward {k % 5 + 1}", 2)
        out.put("accepted")
    except Exception as error:  # noqa: BLE001 - the outcome is what the test counts
        out.put(f"{type(error).__name__}:{service.status_of(error)}")


def test_processes_racing_on_one_database(db, site, app):
    created = service.create_game(db, site, "mississippi", THREE)
    context = multiprocessing.get_context("spawn")
    start, out = context.Event(), context.Queue()
    processes = [context.Process(target=race_in_process,
                                 args=(app.config["DATABASE"], site, created.id, created.tokens[0], k, start, out))
                 for k in range(RACERS)]
    for process in processes:
        process.start()
    start.set()
    for process in processes:
        process.join(60)
    outcomes = sorted(out.get(timeout=5) for _ in processes)
    assert outcomes == ["StaleMove:409"] * (RACERS - 1) + ["accepted"], outcomes
    events = assert_log_is_whole(db, created.id)
    assert sum(1 for e in events if e.type == "move_played") == 1
