"""Forged records are refused (audit finding N5): `pbem verify` and `pbem import` replay every decision
of a game, the platform's included (who must agree to a draw, what a seat may take back alone, what a
message says, which rules are in force after an upgrade), and refuse what the server would not have
written, while honest records of every kind still import and verify.

Each forgery is made from an honest export, the way a forger holding a finished game's record (seed
included) would: the forged appends hold the very events their commands give, and the whole chain is
hashed again, so only the decision itself is wrong. Everything goes through the real console script on
real database files."""

import json
import os
import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from pbem import cli as pbem_cli
from pbem import store
from pbem.between import agreements, talk
from pbem.people import players
from pbem.play import chance, clock, service
from pbem.play.commands import run_command
from pbem.play.folding import fold
from pbem.play.projection import projection_row, seat_rows
from tests.between_support import DUO
from tests.support import THREE, play_randomly


@pytest.fixture
def pbem(monkeypatch, capsys, tmp_path):
    """pbem(database, *args): the console script in-process on that database file; (code, out, err)."""
    monkeypatch.setenv("PBEM_VAR", str(tmp_path / "var"))
    monkeypatch.setenv("PBEM_BASE_URL", "http://pbem.test")

    def run(database, *args):
        monkeypatch.setenv("PBEM_DB", str(database))
        code = pbem_cli.main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def pbem_process(database, *args):
    """The console script as its own process (a traceback would show on its stderr)."""
    env = {**os.environ, "PBEM_DB": str(database), "PBEM_VAR": str(Path(database).parent / "var")}
    done = subprocess.run([sys.executable, "-m", "pbem.cli", *map(str, args)], env=env, capture_output=True,
                          text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


# --- honest games, played through the server's verbs ---------------------------------------------------


def agreed_draw_game(db, site) -> str:
    """Three seats: moves, messages, a sealed note, a takeback of another seat's move that everyone
    accepted, then a draw everyone accepted."""
    created = service.create_game(db, site, "mississippi", THREE)
    play_randomly(db, site, created, 4, random.Random(7))
    talk.post_message(db, site, created.id, created.tokens[0], "Good luck, all")
    talk.post_message(db, site, created.id, created.tokens[1], "And to you")
    talk.seal_note(db, site, created.id, created.tokens[2], "I expect a long river")
    folded = service.load(db, created.id)
    seat = sorted(folded.to_move)[0]
    choice = next(c for c in agreements.takeback_choices(db, folded, seat) if not c["alone"])
    proposed = agreements.take_back(db, site, created.id, created.tokens[seat], choice["to_seq"])
    assert not proposed.applied
    for other in (s for s in range(3) if s != seat):
        done = agreements.answer(db, site, created.id, created.tokens[other], True)
    assert done.applied and service.load(db, created.id).facts.get("rewinds")
    play_randomly(db, site, created, 2, random.Random(8))
    agreements.offer(db, site, created.id, created.tokens[0], "draw")
    agreements.answer(db, site, created.id, created.tokens[1], True)
    agreements.answer(db, site, created.id, created.tokens[2], True)
    assert service.load(db, created.id).outcome.termination == "agreed_draw"
    return created.id


def upgraded_game(db, site) -> str:
    """Buccaneer begun under version 1 of its rules, moved to version 2 when both seats agreed, played
    on under version 2, then resigned."""
    created = service.create_game(db, site, "buccaneer", DUO, rules_version=1)
    agreements.offer(db, site, created.id, created.tokens[0], "upgrade")
    agreements.answer(db, site, created.id, created.tokens[1], True)
    assert service.load(db, created.id).rules_version == 2
    play_randomly(db, site, created, 6, random.Random(9))
    service.resign(db, site, created.id, created.tokens[0])
    return created.id


def duel(db, site) -> str:
    """Two seats play a few moves of Mississippi; then the first resigns."""
    created = service.create_game(db, site, "mississippi", DUO)
    play_randomly(db, site, created, 6, random.Random(10))
    service.resign(db, site, created.id, created.tokens[0])
    return created.id


# --- records, and forging them ---------------------------------------------------------------------------


def exported(pbem, database, game_id) -> dict:
    code, out, err = pbem(database, "export", game_id, "--full")
    assert code == 0, err
    return json.loads(out)


def stored(record, events=None) -> list[store.StoredEvent]:
    return [store.StoredEvent(record["id"], e["seq"], e["type"], e["actor"], e["data"], e["at"], e["hash"],
                              e["command"]) for e in (events if events is not None else record["events"])]


def rehashed(record) -> dict:
    """The record with its chain hashed again from its seed (as whoever holds a finished game's seed can)."""
    seed = bytes.fromhex(record["seed"])
    previous = ""
    for event in record["events"]:
        event["hash"] = previous = store.event_hash(previous, record["id"], event["seq"], event["type"], event["actor"],
                                                    event["data"], event["at"], event["command"],
                                                    chance.event_salt(seed, event["seq"]))
    return record


def forged(record, at_seq, commands, produce=None) -> dict:
    """The record cut before event `at_seq`, then an append for each command holding the events the
    command gives from the position there (`produce(events so far, command, chance)` may give others),
    the seed revealed once the game is over, and the chain hashed again."""
    seed = bytes.fromhex(record["seed"])
    kept = [dict(e) for e in record["events"] if e["seq"] < at_seq]
    for command in commands:
        before = fold(record["id"], stored(record, kept))
        seq = len(kept) + 1
        draw = chance.SeededChance(seed, seq)
        made = produce(stored(record, kept), command, draw) if produce else \
            run_command(before.module, before.state, command, draw)
        new = [{"seq": seq + i, "type": e.type, "actor": e.actor, "data": json.loads(store.canonical_json(e.data)),
                "at": kept[-1]["at"], "hash": "", "command": command if i == 0 else None} for i, e in enumerate(made)]
        if fold(record["id"], stored(record, kept + new)).finished and not before.finished:
            new.append({"seq": seq + len(new), "type": "seed_revealed", "actor": "rules", "data": {"seed": seed.hex()},
                        "at": kept[-1]["at"], "hash": "", "command": None})
        kept += new
    return rehashed({**record, "events": kept})


def written(tmp_path, name, record) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(record))
    return str(path)


def planted(database, record) -> None:
    """The record written straight into a database, unchecked (as an operator with the file could), for
    `pbem verify` to judge there."""
    db = store.connect(database)
    events = stored(record)
    head = fold(record["id"], events)
    store.write_imported(db, events, bytes.fromhex(record["seed"]), projection_row(head, events[-1].at),
                         seat_rows(head))
    db.close()


def refused_everywhere(pbem, tmp_path, name, record, *words) -> None:
    """`pbem import` refuses the record and keeps nothing; `pbem verify` finds the same problem in a
    database that holds it."""
    fresh = tmp_path / f"{name}-import.sqlite"
    code, out, err = pbem(fresh, "import", written(tmp_path, name, record))
    assert code == 2 and err.startswith("pbem: the record does not check"), (out, err)
    for word in words:
        assert word in err, err
    code, out, _ = pbem(fresh, "verify", "--all")
    assert code == 0 and "0 of 0 game(s) verified" in out, "a refused record leaves nothing behind"
    holding = tmp_path / f"{name}-planted.sqlite"
    pbem(holding, "verify", "--all")  # creates the database's tables
    planted(holding, record)
    code, out, _ = pbem(holding, "verify", record["id"])
    assert code == 1 and f"{record['id']} PROBLEMS:" in out, out
    for word in words:
        assert word in out, out


@pytest.fixture
def records(db, site, pbem, database):
    """Honest full records of three finished games, exported by `pbem export --full`."""
    games = {"draw": agreed_draw_game(db, site), "upgraded": upgraded_game(db, site), "duel": duel(db, site)}
    return {name: exported(pbem, database, game_id) for name, game_id in games.items()}


# --- honest records --------------------------------------------------------------------------------------------


def test_honest_records_of_every_kind_import_and_verify(pbem, records, tmp_path, database):
    kinds = {e["type"] for record in records.values() for e in record["events"]}
    assert {"message_posted", "note_sealed", "proposal_made", "proposal_answered", "game_rewound", "ending_agreed",
            "rules_upgraded", "seed_revealed"} <= kinds
    code, out, _ = pbem(database, "verify", "--all")
    assert code == 0 and "3 of 3 game(s) verified" in out, out
    other = tmp_path / "other.sqlite"
    code, out, err = pbem(other, "import", *(written(tmp_path, name, r) for name, r in records.items()))
    assert code == 0 and out.count("imported") == 3, (out, err)
    code, out, _ = pbem(other, "verify", "--all")
    assert code == 0 and "3 of 3 game(s) verified" in out, out


# --- the forgeries of the finding ------------------------------------------------------------------------------


def test_a_draw_agreed_by_one_seat_alone_is_refused(pbem, records, tmp_path):
    record = records["draw"]
    offered = next(e for e in record["events"] if e["type"] == "proposal_made" and e["data"]["kind"] == "draw")
    at = offered["seq"]
    alone = forged(record, at, [{"verb": "propose", "seat": 0, "kind": "draw", "needed": [],
                                 "settle": {"kind": "draw", "seat": 0, "needed": []}, "settle_seq": at}])
    assert [e["type"] for e in alone["events"][-3:]] == ["proposal_made", "ending_agreed", "seed_revealed"]
    refused_everywhere(pbem, tmp_path, "draw-alone", alone, f"event {at}: the recorded command is not what the server "
                       "decides there", '"needed":[1,2]')


def test_a_takeback_of_another_seats_move_made_alone_is_refused(pbem, records, tmp_path):
    record = records["duel"]
    resigned = next(e for e in record["events"] if e["command"] and e["command"]["verb"] == "resign")
    last_move = [e for e in record["events"] if e["command"] and e["command"]["verb"] == "move"][-1]
    mover = last_move["command"]["seat"]
    back = {"verb": "takeback", "seat": 1 - mover, "to_seq": last_move["seq"] - 1}
    record = forged(record, resigned["seq"], [back, {"verb": "resign", "seat": 0}])
    taken = next(e for e in record["events"] if e["type"] == "game_rewound")
    assert taken["actor"] == str(1 - mover)
    refused_everywhere(pbem, tmp_path, "takeback-alone", record, f"event {taken['seq']}: the recorded command is not "
                       "what the server decides there", '"verb":"propose"')


def test_a_message_whose_event_contradicts_its_command_is_refused(pbem, records, tmp_path):
    record = records["draw"]
    message = next(e for e in record["events"] if e["type"] == "message_posted")
    assert message["command"] == {"verb": "message", "seat": 0, "text": "Good luck, all"}
    message["data"] = {"seat": 0, "text": "I resign: Bob wins"}
    refused_everywhere(pbem, tmp_path, "message", rehashed(record),
                       f"event {message['seq']}: the recorded events are not what the rules and the seed give",
                       "I resign: Bob wins")


def test_a_move_the_upgraded_rules_refuse_is_refused(pbem, records, tmp_path):
    """Under version 1 of Buccaneer a standing order identical to the seat's own is accepted; version 2
    refuses it (Ruling 14). After `rules_upgraded` such an order is a forgery, whichever events it holds."""
    record = records["upgraded"]
    upgraded = next(e for e in record["events"] if e["type"] == "rules_upgraded")
    at = upgraded["seq"] + 1

    def under_version_1(events, command, draw):
        old = fold(record["id"], [e for e in events if e.type != "rules_upgraded"])
        assert old.rules_version == 1
        return run_command(old.module, old.state, command, draw)

    record = forged(record, at, [{"verb": "move", "seat": 1, "move": "ask"}], produce=under_version_1)
    record = forged(record, len(record["events"]) + 1, [{"verb": "resign", "seat": 0}])
    assert record["events"][at - 1]["type"] == "standing_order"
    refused_everywhere(pbem, tmp_path, "upgraded", record, f"event {at}: the recorded command is refused", "Ruling 14")


def test_a_key_hash_collision_is_a_clear_refusal(pbem, records, tmp_path):
    other = tmp_path / "other.sqlite"
    assert pbem(other, "import", written(tmp_path, "duel", records["duel"]))[0] == 0
    taken = records["duel"]["events"][0]["data"]["seats"][1]["token_sha256"]
    record = records["draw"]
    record["events"][0]["data"]["seats"][0]["token_sha256"] = taken
    code, out, err = pbem_process(other, "import", written(tmp_path, "collision", rehashed(record)))
    assert code == 2 and err.strip() == (f"pbem: seat 1's link key is already the key of seat 2 of game "
                                         f"{records['duel']['id']} here: the record cannot be kept beside it"), err
    record["events"][0]["data"]["seats"][1]["token_sha256"] = taken
    code, out, err = pbem_process(other, "import", written(tmp_path, "twice", rehashed(record)))
    assert code == 2 and "pbem: the record gives seats 1 and 2 the same link key" in err, err
    code, out, _ = pbem(other, "verify", "--all")
    assert code == 0 and "1 of 1 game(s) verified" in out, out


def test_a_loss_on_time_recorded_before_the_deadline_is_refused(db, site, pbem, database, tmp_path):
    start = "2026-01-05T10:00:00Z"
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1h", "on_timeout": "forfeit"},
                                  now=start)
    owing = sorted(service.load(db, created.id).to_move)[0]
    assert service.time_out(db, site, created.id, owing, "2026-01-05T11:30:00Z") is not None
    record = exported(pbem, database, created.id)
    timed_out = next(e for e in record["events"] if e["type"] == "turn_timed_out")
    assert timed_out["data"] == {"seat": owing, "action": "forfeit"}
    code, out, _ = pbem(tmp_path / "honest.sqlite", "import", written(tmp_path, "honest", record))
    assert code == 0, out
    for event in record["events"][timed_out["seq"] - 1:]:
        event["at"] = "2026-01-05T10:30:00Z"  # half an hour into the hour the seat had
    refused_everywhere(pbem, tmp_path, "early", rehashed(record), f"event {timed_out['seq']}: the recorded command "
                       f"is refused: the clock had nothing to do for seat {owing + 1} then")


def test_a_loss_on_time_recorded_before_a_fischer_bank_ran_dry_is_refused(db, site, pbem, database, tmp_path):
    """A bank of 2h, +1h a move, at most 3h: each seat moves within ten minutes, so the first owes again
    with 2h50m in its bank. A timeout at 2h20m into that turn would be due on the bank it started with,
    not on the bank the increment grew: verify re-derives the increments from the log and refuses it."""
    start = clock.parse_time("2026-01-05T10:00:00Z")

    def at(minutes):
        return clock.format_time(start + timedelta(minutes=minutes))

    created = service.create_game(db, site, "mississippi", DUO, {"clock": {"kind": "fischer", "initial": "2h",
                                  "increment": "1h", "max": "3h"}, "on_timeout": "forfeit"}, now=at(0))
    for minutes in (10, 20):
        loaded = service.load(db, created.id)
        seat = sorted(loaded.to_move)[0]
        move = loaded.module.legal_moves(loaded.state, seat)[0]
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq, now=at(minutes))
    loaded = service.load(db, created.id)
    owing = sorted(loaded.to_move)[0]
    assert loaded.banks[owing] == 2 * 3600 + 50 * 60 and loaded.deadline(owing, start) == start + timedelta(minutes=190)
    assert service.time_out(db, site, created.id, owing, at(189)) is None  # not yet due
    assert service.time_out(db, site, created.id, owing, at(190)) is not None
    record = exported(pbem, database, created.id)
    timed_out = next(e for e in record["events"] if e["type"] == "turn_timed_out")
    code, out, _ = pbem(tmp_path / "honest.sqlite", "import", written(tmp_path, "honest", record))
    assert code == 0, out
    for event in record["events"][timed_out["seq"] - 1:]:
        event["at"] = at(160)  # past the 2h it began with, within the 2h50m the increments gave it
    refused_everywhere(pbem, tmp_path, "early-fischer", rehashed(record), f"event {timed_out['seq']}: the recorded "
                       f"command is refused: the clock had nothing to do for seat {owing + 1} then")


def test_a_persons_move_recorded_as_the_computers_is_refused(pbem, records, tmp_path):
    record = records["duel"]
    resigned = next(e for e in record["events"] if e["command"] and e["command"]["verb"] == "resign")
    before = fold(record["id"], stored(record, [e for e in record["events"] if e["seq"] < resigned["seq"]]))
    seat = sorted(before.to_move)[0]
    move = before.module.legal_moves(before.state, seat)[0]
    record = forged(record, resigned["seq"], [{"verb": "move", "seat": seat, "move": move, "via": "bot"},
                                              {"verb": "resign", "seat": 0}])
    refused_everywhere(pbem, tmp_path, "bot", record, f"event {resigned['seq']}: the recorded command is refused: "
                       f"the computer plays no move for seat {seat + 1} then")


def test_a_seat_handed_on_after_the_end_is_refused(pbem, records, tmp_path):
    record = records["duel"]
    end = len(record["events"])
    record = forged(record, end + 1, [{"verb": "handover", "seat": 1, "name": "Mallory", "email": "m@example.org",
                                       "previous": "Bob", "generation": 1, "token_sha256": "0" * 64}])
    assert record["events"][-1]["type"] == "seat_handed_over"
    refused_everywhere(pbem, tmp_path, "handover", record, f"event {end + 1}: the recorded command is refused: "
                       "the game is over: there is no seat to hand on")


def test_a_vacation_in_a_game_without_a_clock_is_refused(pbem, records, tmp_path):
    record = records["duel"]
    resigned = next(e for e in record["events"] if e["command"] and e["command"]["verb"] == "resign")
    record = forged(record, resigned["seq"], [{"verb": "vacation_start", "seat": 1}, {"verb": "resign", "seat": 0}])
    refused_everywhere(pbem, tmp_path, "vacation", record, f"event {resigned['seq']}: the recorded command is refused: "
                       "this game has no clock, so there is nothing to pause")


def test_a_joiner_taking_a_seat_that_was_not_open_is_refused(db, site, pbem, database, tmp_path):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"open": True}])
    players.join(db, site, site.invite_token(created.id), "Bob", None)
    service.resign(db, site, created.id, created.tokens[0])
    record = exported(pbem, database, created.id)
    joined = next(e for e in record["events"] if e["type"] == "seat_joined")
    assert joined["command"]["seat"] == 1
    record = forged(record, joined["seq"], [{"verb": "join", "seat": 0, "name": "Mallory", "email": None, "last": True},
                                            {"verb": "resign", "seat": 1}])
    refused_everywhere(pbem, tmp_path, "join", record, f"event {joined['seq']}: the recorded command is not what the "
                       "server decides there", '"seat":1')


def test_while_a_game_runs_a_forged_message_is_reported_by_where_it_is_not_what_it_says(db, site, pbem, database):
    created = service.create_game(db, site, "mississippi", THREE)
    posted = talk.post_message(db, site, created.id, created.tokens[1], "My hand is strong")
    play_randomly(db, site, created, 2, random.Random(11))
    seed = store.read_seed(db, created.id)
    previous = ""
    for event in store.read_events(db, created.id):  # rewritten by someone with the database and its seeds
        data = {"seat": 1, "text": "Bob concedes"} if event.seq == posted.seq else event.data
        previous = store.event_hash(previous, created.id, event.seq, event.type, event.actor, data, event.at,
                                    event.command, chance.event_salt(seed, event.seq))
        db.execute("update events set data = ?, hash = ? where game_id = ? and seq = ?",
                   [store.canonical_json(data), previous, created.id, event.seq])
    code, out, _ = pbem(database, "verify", created.id)
    assert code == 1 and f"- event {posted.seq}: the recorded events are not what the rules and the seed give " \
        "(details are shown once the game is over)" in out, out
    assert "concedes" not in out and "strong" not in out


def test_records_written_before_the_finished_game_refusals_still_verify(db, site, pbem, database, tmp_path):
    """A message after the end (a "good game") and a takeback to where the game already stood were accepted
    before the service refused them; the deciders leave those refusals to the service, so such a record,
    made by the verbs as they were then, still imports and verifies."""
    from pbem.play.deciding import message_command

    created = service.create_game(db, site, "mississippi", DUO)
    play_randomly(db, site, created, 4, random.Random(3))
    service.resign(db, site, created.id, created.tokens[0])
    # the old verb, without the service's refusal: a message once the game is over
    service.act(db, site, created.id, created.tokens[1],
                lambda folded, seat: message_command(folded, seat, "good game", service.utcnow()))
    assert [e.type for e in store.read_events(db, created.id)][-1] == "message_posted"
    code, out, _ = pbem(database, "verify", created.id)
    assert code == 0, out
    other = tmp_path / "other.sqlite"
    code, out, err = pbem(other, "import", written(tmp_path, "old", exported(pbem, database, created.id)))
    assert code == 0 and "imported" in out, (out, err)


def test_a_loss_on_time_recorded_inside_an_agreed_pause_is_refused(db, site, pbem, database, tmp_path):
    """An hour per move; twenty minutes in, both seats agree to pause until 12:00, so the seat owing
    runs out at 12:40, not 11:00 (issue 28 item 4). The honest record (a timeout at 12:40) imports and
    verifies; one whose timeout is dated 11:30, inside the pause, is refused: verify re-derives the
    pause from the log."""
    start = "2026-01-05T10:00:00Z"
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1h", "on_timeout": "forfeit"},
                                  now=start)
    owing = sorted(service.load(db, created.id).to_move)[0]
    agreements.offer(db, site, created.id, created.tokens[1 - owing], "pause", now="2026-01-05T10:10:00Z",
                     until="2026-01-05T12:00:00Z")
    agreements.answer(db, site, created.id, created.tokens[owing], True, now="2026-01-05T10:20:00Z")
    assert service.time_out(db, site, created.id, owing, "2026-01-05T11:30:00Z") is None  # paused
    assert service.time_out(db, site, created.id, owing, "2026-01-05T12:39:00Z") is None
    assert service.time_out(db, site, created.id, owing, "2026-01-05T12:40:00Z") is not None
    record = exported(pbem, database, created.id)
    assert "pause_agreed" in [e["type"] for e in record["events"]]
    timed_out = next(e for e in record["events"] if e["type"] == "turn_timed_out")
    code, out, _ = pbem(tmp_path / "honest.sqlite", "import", written(tmp_path, "honest", record))
    assert code == 0, out
    for event in record["events"][timed_out["seq"] - 1:]:
        event["at"] = "2026-01-05T11:30:00Z"  # past the hour the seat had, inside the pause
    refused_everywhere(pbem, tmp_path, "inside-pause", rehashed(record), f"event {timed_out['seq']}: the recorded "
                       f"command is refused: the clock had nothing to do for seat {owing + 1} then")
