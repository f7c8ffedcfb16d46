"""Seats the server plays (issue 17, items 2 and 3), through the service, the API and the sweep, on a
real SQLite file: computer seats created on the API and the forms, their moves played by the sweep a
few seconds after they come due (recorded `via: bot`, actor the seat), from the seat's view and legal
moves only; `on_timeout: bot` until the person is back. The whole thing through a real server is in
tests/test_computer_e2e.py."""

from __future__ import annotations

import dataclasses
import email
import email.policy
import json
import re
from datetime import timedelta

import pytest

from pbem import store
from pbem.events.computer import computer_seats, owed_by_computer
from pbem.games import GAMES
from pbem.notify import sweep
from pbem.people import computer
from pbem.play import audit, clock, loading, service
from pbem.words import lines_of, tell

T0 = clock.parse_time("2026-11-21T09:00:00Z")


def at(seconds: float) -> str:
    return clock.format_time(T0 + timedelta(seconds=seconds))


@pytest.fixture
def quick(site):
    """The site with computer seats moving as soon as they owe a move."""
    return dataclasses.replace(site, computer_delay=0)


def test_game_types_list_the_computer_levels_and_the_bot_timeout(client):
    types = json.loads(client.get("/api/games/types").data)
    assert all(t["bots"] == ["standard"] for t in types)
    assert all("bot" in t["options"]["on_timeout"]["choices"] for t in types)


def test_a_computer_seat_is_created_on_the_api_without_a_link(client):
    response = client.post("/api/games", json={"game": "mississippi", "players": [
        {"name": "Ann"}, {"name": "Robot", "bot": "standard"}]})
    assert response.status_code == 201, response.data
    seats = json.loads(response.data)["seats"]
    assert seats[1] == {"seat": 1, "name": "Robot", "bot": "standard"}  # nobody holds a computer's key
    assert "token" in seats[0] and "bot" not in seats[0]
    game_id = json.loads(response.data)["id"]
    created = json.loads(client.get(f"/api/games/{game_id}/events").data)[0]
    assert created["data"]["seats"][1] == {"seat": 1, "name": "Robot", "bot": "standard"}  # public
    page = client.get(f"/games/{game_id}").data.decode()
    assert "Robot <span class=\"muted\">(computer)</span>" in page and "Played by the computer: Robot" in page


@pytest.mark.parametrize("player,reason", [
    ({"name": "R", "bot": "grandmaster"}, "has no computer player 'grandmaster'"),
    ({"name": "R", "bot": "standard", "email": "r@example.org"}, "takes no e-mail address"),
    ({"name": "R", "bot": ""}, "bot"),
])
def test_a_computer_seat_is_refused_with_the_reason(client, player, reason):
    response = client.post("/api/games", json={"game": "rigadoon", "players": [{"name": "Ann"}, player]})
    assert response.status_code in (400, 422) and reason in json.loads(response.data)["error"]


def test_the_forms_offer_the_computer_for_every_row(client):
    home = client.get("/").data.decode()
    assert home.count('<option value="computer">computer</option>') == max(m.PLAYERS[1] for m in GAMES.values())
    page = client.get("/new/rigadoon").data.decode()
    assert page.count('name="kind') == 2
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    started = client.post("/new/rigadoon", data={"csrf": csrf, "name0": "Ann", "kind1": "computer"})
    assert started.status_code == 303
    shown = client.get("/started").data.decode()
    assert shown.count("<a href=\"http://pbem.test/play/") == 1 and "Computer 2" in shown and "the computer plays this seat" in shown


def test_the_sweep_plays_a_computer_seat_a_few_seconds_after_it_owes_a_move(db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Robot", "bot": "standard"}],
                                  now=at(0))
    assert service.games_due(db, at(0)) == []  # Ann moves first: nothing for the computer
    loaded = service.load(db, created.id)
    move = loaded.module.legal_moves(loaded.state, 0)[0]
    service.submit_move(db, site, created.id, created.tokens[0], move, loaded.seq, now=at(10))
    assert service.games_due(db, at(10)) == [created.id]  # the projection says so: any process finds it
    assert sweep.sweep(db, site, at(11), owner="t")["computer_moves"] == 0  # not yet: site.computer_delay is 3
    assert sweep.sweep(db, site, at(13), owner="t")["computer_moves"] == 1
    loaded = service.load(db, created.id)
    last = store.read_events_after(db, created.id, 0)
    played = [e for e in last if e.command and e.command.get("via") == "bot"]
    assert len(played) == 1 and played[0].command["seat"] == 1 and played[0].actor == "1"
    assert played[0].at == at(13) and loaded.to_move == {0} and service.games_due(db, at(100)) == []


def test_computer_only_games_of_every_game_play_to_their_end_and_verify(db, quick):
    for name, module in sorted(GAMES.items()):
        seats = max(2, module.PLAYERS[0])
        created = service.create_game(db, quick, name, [{"name": f"C{i}", "bot": "standard"} for i in range(seats)])
        for _ in range(200):
            if not sweep.sweep(db, quick, owner="t")["computer_moves"]:
                break
        loaded = service.load(db, created.id)
        assert loaded.finished, name
        assert audit.verify(db, created.id)["ok"], name
        assert store.game_row(db, created.id)["next_due"] is None


def test_the_computer_choices_are_reproducible_from_the_revealed_seed(db, quick):
    created = service.create_game(db, quick, "rigadoon", [{"name": "A", "bot": "standard"},
                                                          {"name": "B", "bot": "standard"}])
    while computer.play_owed(db, quick, created.id, service.utcnow(), limit=1000):
        pass
    head = service.load(db, created.id)
    seed = bytes.fromhex(next(e for e in store.read_events(db, created.id) if e.type == "seed_revealed").data["seed"])
    moves = [e for e in store.read_events(db, created.id) if e.command and e.command.get("via") == "bot"]
    assert len(moves) > 20
    for event in moves:
        before = loading.at(db, head, event.seq - 1)
        assert computer.choose(before, event.command["seat"], seed) == event.command["move"]


def buccaneer_position(london_hand):
    return {"to_move": "genoa", "shuffle_unlisted": False,
            "ships": {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "E7", "face": "E", "cargo": ["gold"]}},
            "hands": {"london": london_hand, "genoa": ["R3", "R3", "B1", "B2"]}}


def test_a_computer_seat_reads_its_own_view_and_moves_only(db, site):
    """Twin games that differ only in the other seat's hidden crew give the computer the same input, and
    the same answer for the same seed."""
    twins = []
    for hand in (["R1", "R1", "R2"], ["B3", "R3", "B2"]):
        created = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Robot", "bot": "standard"}],
                                      {"home_ports": ["london", "genoa"], "position": buccaneer_position(hand)})
        twins.append(service.load(db, created.id))
    a, b = twins
    assert owed_by_computer(a) == owed_by_computer(b) == [1]
    assert a.module.view(a.state, 0) != b.module.view(b.state, 0)  # the hidden crews do differ
    assert computer.inputs(a, 1) == computer.inputs(b, 1)
    assert computer.inputs(a, 1)[0] == json.loads(json.dumps(a.module.view(a.state, 1)))
    for key in range(4):
        seed = bytes([key]) * 32
        assert computer.choose(a, 1, seed) == computer.choose(b, 1, seed)


def test_the_generator_is_not_the_dice():
    """The computer's generator and the game's draws come from one seed under different labels: the
    computer never sees the values its move's dice will take."""
    from pbem.play.chance import SeededChance

    seed = b"\x07" * 32
    dice = SeededChance(seed, 5)
    ours = computer.generator(seed, 5, 0)
    assert [dice.below(2 ** 32) for _ in range(4)] != [ours.getrandbits(32) for _ in range(4)]
    assert computer.generator(seed, 5, 0).random() == computer.generator(seed, 5, 0).random()
    assert computer.generator(seed, 5, 0).random() != computer.generator(seed, 5, 1).random()


# --- on_timeout: bot -----------------------------------------------------------------------------------


def timed_game(db, site):
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    options = {"time_per_move": "1h", "reminders": "none", "on_timeout": "bot"}
    return service.create_game(db, site, "mississippi", players, options, now=at(0))


def owed_move(db, created, seat):
    loaded = service.load(db, created.id)
    assert seat in loaded.to_move
    return loaded.module.legal_moves(loaded.state, seat)[0], loaded.seq


def test_a_timed_out_seat_is_played_by_the_computer_until_its_person_is_back(db, site, client):
    created = timed_game(db, site)
    assert sweep.sweep(db, site, at(3601), owner="t")["timeouts"] == 1
    loaded = service.load(db, created.id)
    assert computer_seats(loaded) == [0] and 0 in loaded.timed_out  # Ann's hour ran out at the first sweep
    assert sweep.sweep(db, site, at(3605), owner="t")["computer_moves"] == 1  # ... and the computer moved
    (timeout,) = db.query("select id from outbox where game_id = ? and kind = 'timeout'", [created.id])
    raw = (site.var_dir / "outbox" / f"notice-{timeout['id']}.{created.id}@localhost.eml").read_bytes()
    text = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",)).get_content()
    assert "the computer plays your moves for you" in " ".join(text.split()) and "To play, reply" not in text
    told = lines_of(tell(db, service.load(db, created.id), 1, 0))
    assert "Ann ran out of time; the computer plays for them until they come back." in told
    assert "(The computer played this for Ann.)" in told
    # Bob moves; the computer answers for Ann, and Ann is sent no "your turn" meanwhile
    for step in range(3):
        move, seq = owed_move(db, created, 1)
        service.submit_move(db, site, created.id, created.tokens[1], move, seq, now=at(3700 + 100 * step))
        assert sweep.sweep(db, site, at(3710 + 100 * step), owner="t")["computer_moves"] == 1
    turns_for_ann = db.execute("select count(*) from outbox where game_id = ? and seat = 0 and kind = 'your_turn'",
                               [created.id]).fetchone()[0]
    assert turns_for_ann == 0  # her first turn came with the invitation; none while the computer played
    page = client.get(f"/play/{created.tokens[0]}").data.decode()
    assert "The computer is playing for you" in page and "I am back" in page
    bob_page = client.get(f"/play/{created.tokens[1]}").data.decode()
    assert "The computer plays for Ann until they are back." in bob_page and "I am back" not in bob_page
    # Ann says she is back: the computer stops, and her turn waits for her
    computer.come_back(db, site, created.id, created.tokens[0], now=at(4000))
    move, seq = owed_move(db, created, 1)
    service.submit_move(db, site, created.id, created.tokens[1], move, seq, now=at(4010))
    assert sweep.sweep(db, site, at(4100), owner="t")["computer_moves"] == 0
    assert service.load(db, created.id).to_move == {0} and computer_seats(service.load(db, created.id)) == []
    with pytest.raises(service.Forbidden):
        computer.come_back(db, site, created.id, created.tokens[0], now=at(4100))
    assert audit.verify(db, created.id)["ok"]


def test_a_persons_own_move_ends_the_computers_play_for_them(db, site):
    created = timed_game(db, site)
    sweep.sweep(db, site, at(3601), owner="t")  # Ann times out; the computer plays for her in 3 s
    assert computer_seats(service.load(db, created.id)) == [0]
    move, seq = owed_move(db, created, 0)
    service.submit_move(db, site, created.id, created.tokens[0], move, seq, now=at(3602))  # she was quicker
    loaded = service.load(db, created.id)
    assert computer_seats(loaded) == [] and loaded.to_move == {1}
    assert sweep.sweep(db, site, at(3700), owner="t")["computer_moves"] == 0


def test_the_sweep_plays_owed_computer_moves_left_by_another_process(db, quick, runner, monkeypatch):
    """Nothing is lost when the process that appended dies before its wake-up: the projection marks the
    game due, and `pbem worker --once` in a fresh process plays the move."""
    created = service.create_game(db, quick, "rigadoon", [{"name": "Ann"}, {"name": "Robot", "bot": "standard"}])
    loaded = service.load(db, created.id)
    if 0 in loaded.to_move:
        move = loaded.module.legal_moves(loaded.state, 0)[0]
        service.submit_move(db, quick, created.id, created.tokens[0], move, loaded.seq)
    assert owed_by_computer(service.load(db, created.id)) == [1]
    monkeypatch.setenv("PBEM_COMPUTER_DELAY", "0")
    code, out, _ = runner("worker", "--once")
    assert code == 0 and "'computer_moves': 1" in out, out
    assert owed_by_computer(service.load(db, created.id)) == []


def test_a_wake_up_in_a_process_without_the_lease_plays_the_game_that_woke_it(db, quick):
    """`pbem serve --workers 2`: the worker whose append made the computer owe a move is woken, but the
    other worker holds the scheduler's lease and looks only every few seconds. The woken one plays the
    owed move of that game itself (and no other game's: those are the lease holder's)."""
    players = [{"name": "Ann"}, {"name": "Robot", "bot": "standard"}]
    games = [service.create_game(db, quick, "mississippi", players) for _ in range(2)]
    for created in games:
        loaded = service.load(db, created.id)
        service.submit_move(db, quick, created.id, created.tokens[0],
                            loaded.module.legal_moves(loaded.state, 0)[0], loaded.seq)
        assert owed_by_computer(service.load(db, created.id)) == [1]
    assert sweep.take_lease(db, "the other worker", service.utcnow())
    sweep.woken(store.path_of(db), quick, "this worker", games[0].id)
    assert owed_by_computer(service.load(db, games[0].id)) == []
    assert owed_by_computer(service.load(db, games[1].id)) == [1]  # left to the sweep that holds the lease
    assert sweep.sweep(db, quick, owner="this worker") is None
