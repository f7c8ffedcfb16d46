"""`pbem verify --against RECORD` (architecture section 19, issue 25): whether the server's log still
extends a record a player saved, and where they part after the server lost moves (a restore from an
older backup, then other moves played at the same seqs). Through the console script."""

import json

from pbem import store
from pbem.play import service
from tests.support import THREE


def saved_record(runner, tmp_path, game_id, seat, name):
    code, out, err = runner("export", game_id, "--seat", str(seat))
    assert code == 0, err
    path = tmp_path / name
    path.write_text(out)
    return path, json.loads(out)


def test_a_log_that_goes_on_extends_the_record(db, site, runner, tmp_path):
    created = service.create_game(db, site, "mississippi", THREE)
    played = service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    path, record = saved_record(runner, tmp_path, created.id, 1, "ann.json")
    code, out, _ = runner("verify", "--against", str(path))
    assert code == 0
    assert out.startswith(f"{created.id} extends the record: the record's {played.seq} events "
                          f"(head {played.seq} {record['events'][-1]['hash'][:16]})")
    assert f"{created.id} ok:" in out
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", played.seq)
    code, out, _ = runner("verify", created.id, "--against", str(path))
    assert code == 0 and "extends the record" in out and "the server has 2 events more" in out


def test_after_a_restore_the_lost_moves_and_then_the_parting_are_found(db, site, runner, tmp_path, monkeypatch,
                                                                      second_database):
    created = service.create_game(db, site, "mississippi", THREE)
    first = service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    backup = tmp_path / "backup.sqlite"
    assert runner("backup", str(backup))[0] == 0
    second = service.submit_move(db, site, created.id, created.tokens[1], "forward 2", first.seq)
    path, _ = saved_record(runner, tmp_path, created.id, 2, "bob.json")  # Bob keeps his record

    monkeypatch.setenv("PBEM_DB", second_database)  # the server's database lost; the backup restored
    assert runner("restore", str(backup))[0] == 0
    code, out, _ = runner("verify", "--against", str(path))
    assert code == 1
    assert out.startswith(f"{created.id} PARTS from the record at event {first.seq + 1}: the server's log ends at "
                          f"event {first.seq}, the record's at {second.seq}: events {first.seq + 1} to {second.seq} "
                          "are lost")
    assert f"{created.id} ok:" in out  # what the server has is whole, only shorter

    restored = store.connect(second_database)
    try:  # Bob, not told, plays another move where his first one was
        service.submit_move(restored, site, created.id, created.tokens[1], "forward 1", first.seq)
    finally:
        restored.close()
    code, out, _ = runner("verify", "--against", str(path))
    assert code == 1
    assert out.startswith(f"{created.id} PARTS from the record at event {first.seq + 1}: the server's event "
                          f"{first.seq + 1} is not the record's (the hashes differ)")


def test_a_game_the_server_no_longer_has_and_records_that_are_not_records(db, site, runner, tmp_path, monkeypatch,
                                                                          second_database):
    backup = tmp_path / "backup.sqlite"
    assert runner("backup", str(backup))[0] == 0  # before the game
    created = service.create_game(db, site, "mississippi", THREE)
    path, _ = saved_record(runner, tmp_path, created.id, 1, "ann.json")
    monkeypatch.setenv("PBEM_DB", second_database)
    assert runner("restore", str(backup))[0] == 0
    code, out, _ = runner("verify", "--against", str(path))
    assert code == 1 and "the server has no such game, so the record's 2 events" in out and "are all lost" in out

    code, _, err = runner("verify", "somethingelse", "--against", str(path))
    assert code == 2 and f"the record is of game {created.id}, not somethingelse" in err
    code, _, err = runner("verify", "--all", "--against", str(path))
    assert code == 2 and "--against checks one game" in err
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something", "events": []}))
    code, _, err = runner("verify", "--against", str(other))
    assert code == 2 and "not a game record" in err
    record = json.loads(path.read_text())
    del record["events"][1]["hash"]
    other.write_text(json.dumps(record))
    code, _, err = runner("verify", "--against", str(other))
    assert code == 2 and "the record's event 2 must have seq 2 and a hash" in err
