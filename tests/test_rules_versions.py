"""Rules that change while games run (issue 16, architecture section 15): every game records the rules
version it is played under and follows it for good; finished games' full records go from one server to
another, checked on the way in; and the recorded corpus in tests/recorded/ (real games of every game and
every rules version) imports and verifies on every run."""

import json
import random
from pathlib import Path

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.games.base import IllegalMove
from pbem.play import audit, service
from pbem.play.transfer import full_record, import_record
from tests.between_support import call
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


# --- moving a running game to the current rules, when every seat agrees ----------------------------------


def test_every_seat_agreeing_moves_a_running_game_to_the_current_rules(db, site, client):
    trio = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    old = service.create_game(db, site, "buccaneer", trio, rules_version=1)
    service.submit_move(db, site, old.id, old.tokens[1], "ask", service.load(db, old.id).seq)  # fine under v1
    seat_page = client.get(f"/play/{old.tokens[0]}").data.decode()
    assert "This game plays version 1 of the rules; version 2 is current." in seat_page
    assert "Ruling 14" in seat_page and 'value="upgrade"' in seat_page  # what would change, in words

    status, body = call(client, "POST", f"/api/games/{old.id}/offers", old.tokens[0], {"kind": "upgrade"})
    assert status == 202 and body["proposal"]
    answering = client.get(f"/play/{old.tokens[1]}").data.decode()
    assert "Ann proposes to move the game from version 1 to version 2 of the rules" in answering
    assert "Version 2: an order identical to the one your ship already stands by is refused (Ruling 14)" in answering
    german = client.get(f"/play/{old.tokens[1]}", headers={"Accept-Language": "de"}).data.decode()
    assert "Version 2: ein Befehl, der dem gleicht" in german and "(Ruling 14)" in german  # the change in words, the ruling as written
    assert call(client, "POST", f"/api/games/{old.id}/offers/answer", old.tokens[1], {"accept": True})[1]["applied"] is False
    assert call(client, "GET", f"/api/games/{old.id}")[1]["rules_version"] == 1, "one seat has not agreed yet"
    status, body = call(client, "POST", f"/api/games/{old.id}/offers/answer", old.tokens[2], {"accept": True})
    assert status == 201 and body["applied"] is True
    assert call(client, "GET", f"/api/games/{old.id}")[1]["rules_version"] == 2
    assert service.load(db, old.id).state.rules_version == 2
    with pytest.raises(IllegalMove, match="Ruling 14"):  # the same order is now refused, as in a new game
        service.submit_move(db, site, old.id, old.tokens[1], "ask", service.load(db, old.id).seq)
    history = client.get(f"/games/{old.id}/history").data.decode()
    assert "Everyone agreed: the game now plays version 2 of the rules (it played version 1)." in history
    assert "newer rules" not in client.get(f"/play/{old.tokens[0]}").data.decode()
    status, body = call(client, "POST", f"/api/games/{old.id}/offers", old.tokens[0], {"kind": "upgrade"})
    assert status == 422 and "already plays the current rules" in body["error"]
    play_randomly(db, site, old, 40, random.Random(3))
    report = audit.verify(db, old.id)  # replays the version-1 order under version 1, the rest under 2
    assert report["ok"], report["problems"]


def test_a_declined_or_lapsed_upgrade_leaves_the_game_on_its_rules(db, site, client):
    old = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Bob"}], rules_version=1)
    assert call(client, "POST", f"/api/games/{old.id}/offers", old.tokens[0], {"kind": "upgrade"})[0] == 202
    assert call(client, "POST", f"/api/games/{old.id}/offers/answer", old.tokens[1], {"accept": False})[0] == 201
    assert call(client, "POST", f"/api/games/{old.id}/offers", old.tokens[1], {"kind": "upgrade"})[0] == 202
    play_randomly(db, site, old, 1, random.Random(4))  # a move makes the proposal lapse
    status, body = call(client, "POST", f"/api/games/{old.id}/offers/answer", old.tokens[0], {"accept": True})
    assert status == 409
    assert service.load(db, old.id).rules_version == 1
    service.submit_move(db, site, old.id, old.tokens[1], "ask", service.load(db, old.id).seq)  # still version 1
    assert audit.verify(db, old.id)["ok"]


def test_a_game_on_the_current_rules_is_offered_no_upgrade(db, site, client):
    for game in GAMES:
        module = GAMES[game]
        created = service.create_game(db, site, game, [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")[:module.PLAYERS[0]]])
        assert "newer rules" not in client.get(f"/play/{created.tokens[0]}").data.decode()
        status, body = call(client, "POST", f"/api/games/{created.id}/offers", created.tokens[0], {"kind": "upgrade"})
        assert status == 422 and "current rules" in body["error"]
