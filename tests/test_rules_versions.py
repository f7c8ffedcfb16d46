"""Rules that change while games run (issue 16, architecture section 15): every game records the rules
version it is played under and follows it for good; finished games' full records go from one server to
another, checked on the way in; and the recorded corpus in tests/recorded/ (real games of every game and
every rules version) imports and verifies on every run."""

import json
import random
from pathlib import Path

import pytest

from pbem import audit, service, store
from pbem.games import GAMES
from pbem.games.base import IllegalMove
from pbem.transfer import full_record, import_record
from tests.support import every_page_answers, play_randomly

RECORDED = sorted((Path(__file__).resolve().parent / "recorded").glob("*.json"))


def test_the_corpus_holds_every_game_under_every_rules_version():
    have = {(json.loads(p.read_text())["game"], json.loads(p.read_text())["rules_version"]) for p in RECORDED}
    want = {(name, version) for name, module in GAMES.items() for version in range(1, module.RULES_VERSION + 1)}
    assert want <= have, f"record a game of each of {sorted(want - have)} (python -m tests.recorded.record)"


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_a_recorded_game_imports_replays_and_verifies_under_its_own_rules(db, client, path):
    record = json.loads(path.read_text())
    game_id = import_record(db, record)
    report = audit.verify(db, game_id)
    assert report["ok"], report["problems"]
    folded = service.load(db, game_id)
    assert folded.finished and folded.rules_version == record["rules_version"]
    assert client.get(f"/api/games/{game_id}").json["rules_version"] == record["rules_version"]
    assert import_record(db, record) == game_id, "the same record again changes nothing"
    every_page_answers(client, game_id, [], at_every_seq=False)
    assert client.get(f"/games/{game_id}/record.txt").status_code == 200


def test_an_identical_standing_order_is_history_under_version_1_and_refused_under_version_2(db, site):
    old = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Bob"}], rules_version=1)
    new = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Bob"}])
    assert service.load(db, new.id).rules_version == 2 == GAMES["buccaneer"].RULES_VERSION
    before = service.load(db, old.id).seq
    service.submit_move(db, site, old.id, old.tokens[1], "ask", before)  # the game started before the change
    assert service.load(db, old.id).seq == before + 1
    with pytest.raises(IllegalMove, match="Ruling 14"):
        service.submit_move(db, site, new.id, new.tokens[1], "ask", service.load(db, new.id).seq)
    play_randomly(db, site, old, 30, random.Random(1))  # the old game plays on under its own rules
    assert audit.verify(db, old.id)["ok"] and audit.verify(db, new.id)["ok"]
    assert service.load(db, old.id).rules_version == 1


def test_a_record_that_was_changed_is_refused_and_nothing_is_written(db):
    record = json.loads(next(p for p in RECORDED if "mississippi" in p.name).read_text())
    rolled = next(e for e in record["events"] if e["type"] == "die_rolled")
    rolled["data"]["value"] = rolled["data"]["value"] % 6 + 1
    with pytest.raises(service.BadRequest, match="does not check"):
        import_record(db, record)
    assert store.last_event(db, record["id"]) is None
    with pytest.raises(service.BadRequest, match="format"):
        import_record(db, {"format": "something else"})


def test_a_full_record_goes_from_one_server_to_another(db, site, tmp_path, runner):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                           {"name": "Bob"}], {"max_rounds": 2})
    with pytest.raises(service.Forbidden):
        full_record(db, created.id)  # while it runs, its seed is secret
    play_randomly(db, site, created, 50, random.Random(2))
    code, out, _ = runner("export", created.id, "--full")
    assert code == 0
    path = tmp_path / "record.json"
    path.write_text(out)
    other = store.connect(tmp_path / "other.sqlite")
    assert import_record(other, json.loads(out)) == created.id
    assert audit.verify(other, created.id)["ok"]
    assert [e.hash for e in store.read_events(other, created.id)] == [e.hash for e in store.read_events(db, created.id)]
    code, out, _ = runner("verify", "--all")
    assert code == 0 and "1 of 1 game(s) verified" in out
