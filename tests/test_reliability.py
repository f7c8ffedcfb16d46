"""Reliability per public name (issue 31, item 4): counted from the games' events as they are appended.
Bob moves in time once, then his time runs out: the server's own scheduler records the timeout (a
forfeit, which ends the game), and GET /api/players/Bob and /players/Bob say so (a game finished, lost on
time and abandoned; half his decisions in time). A public game asking 60% refuses him with the reason and
takes a newcomer; `pbem rebuild` counts the same from the events alone."""

import urllib.request
from datetime import datetime, timedelta, timezone

from pbem import store
from pbem.lobby import reliability
from pbem.people import accounts
from pbem.play import clock, service
from tests.support import json_call, serving, wait_for

ANNA, BOB, CLEO = "anna@example.org", "bob@example.org", "cleo@example.net"


def token_named(db, site, base, address, name):
    token = accounts.key_of(db, site, address, "token", service.utcnow())
    assert json_call(f"{base}/api/me/settings", {"public_name": name}, token=token, method="PUT")[0] == 200
    return token


def bob_moves_once_then_owes(db, site, began: datetime):
    """A game of two begun at `began` with an hour per move, forfeit on timeout: each seat moves in
    time until Bob has made one move and owes the next; returns (the game, Bob's seat)."""
    at = lambda minutes: clock.format_time(began + timedelta(minutes=minutes))  # noqa: E731
    created = service.create_game(db, site, "mississippi", [{"name": "Anna", "email": ANNA}, {"name": "Bob", "email": BOB}],
                                  {"time_per_move": "1h", "on_timeout": "forfeit"}, now=at(0))
    bob, minute, moved = 1, 1, 0
    while True:
        loaded = service.load(db, created.id)
        if moved and set(loaded.to_move) == {bob}:
            return created, bob
        seat = sorted(loaded.to_move)[0]
        move = loaded.module.legal_moves(loaded.state, seat)[0]
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq, now=at(minute))
        moved += seat == bob
        minute += 1


def test_a_timeout_shows_in_the_players_reliability_and_a_minimum_refuses_him(db, site, var_dir, database, runner):
    began = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=5)
    created, bob = bob_moves_once_then_owes(db, site, began)
    assert reliability.of_address(db, BOB) == {"finished": 0, "timed_out": 0, "abandoned": 0, "in_time": 100}
    with serving(var_dir, database) as base:  # its scheduler sweeps as it starts: Bob's hour ran out long ago
        anna, bob_token = token_named(db, site, base, ANNA, "Anna"), token_named(db, site, base, BOB, "Bob")
        wait_for(lambda: json_call(f"{base}/api/games/{created.id}")[1]["status"] == "finished", 60, "the timeout")
        status, player = json_call(f"{base}/api/players/bob")
        assert status == 200 and player == {"name": "Bob", "ratings": {}, "reliability": {
            "finished": 1, "timed_out": 1, "abandoned": 1, "in_time": 50}}
        _, anna_now = json_call(f"{base}/api/players/Anna")
        assert anna_now["reliability"] == {"finished": 1, "timed_out": 0, "abandoned": 0, "in_time": 100}
        with urllib.request.urlopen(f"{base}/players/Bob", timeout=30) as response:
            page = response.read().decode()
        assert "Decisions made in time" in page and "50%" in page and BOB not in page

        status, made = json_call(f"{base}/api/games", {"game": "mississippi", "players": [
            {"name": "Anna", "email": ANNA}, {"open": True}], "options": {"public": True, "min_reliability": 60}},
            token=anna)
        assert status == 201
        invite = made["invite_url"].rsplit("/", 1)[1]
        status, refused = json_call(f"{base}/api/join/{invite}", {}, token=bob_token)
        assert status == 403 and refused["error"] == ("this game asks players to have made at least 60% of their "
                                                      "decisions in time; you have made 50%")
        assert json_call(f"{base}/api/lobby")[1][0]["open"] == 1  # still waiting
        cleo = token_named(db, site, base, CLEO, "Cleo")  # nobody starts with a bad record
        assert json_call(f"{base}/api/join/{invite}", {}, token=cleo)[0] == 201
        assert json_call(f"{base}/api/lobby")[1] == []

    with store.immediate(db):  # the projection dropped: `pbem rebuild` counts it again from the events
        store.lobby.forget_reliability(db, created.id)
    assert reliability.of_address(db, BOB)["timed_out"] == 0
    code, out, _ = runner("rebuild")
    assert code == 0
    assert reliability.of_address(db, BOB) == {"finished": 1, "timed_out": 1, "abandoned": 1, "in_time": 50}


def test_moves_made_by_the_computer_and_seats_without_an_address_are_not_counted(db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Anna", "email": ANNA}, {"name": "Cy"}])
    loaded = service.load(db, created.id)
    seat = sorted(loaded.to_move)[0]
    service.submit_move(db, site, created.id, created.tokens[seat], loaded.module.legal_moves(loaded.state, seat)[0],
                        loaded.seq)
    counted = store.lobby.reliability_of(db, store.address_sha256(ANNA))
    assert counted["moves"] == (1 if seat == 0 else 0) and counted["timeouts"] == 0
    assert store.lobby.reliability_of(db, store.address_sha256("cy"))["moves"] == 0


def test_a_rebuild_counts_each_holder_of_a_seat_handed_on_for_their_own_moves(db, site):
    """Live, each append counts for the address holding the seat then; `pbem rebuild` counts the same,
    append by append, rather than crediting every move of the seat to its last holder."""
    from pbem.people.handover import hand_over

    created = service.create_game(db, site, "mississippi", [{"name": "Anna", "email": ANNA}, {"name": "Bob", "email": BOB}])
    tokens = list(created.tokens)

    def move_for(seat):
        loaded = service.load(db, created.id)
        while seat not in loaded.to_move:  # the other seat plays its turn
            other = sorted(loaded.to_move)[0]
            service.submit_move(db, site, created.id, tokens[other],
                                loaded.module.legal_moves(loaded.state, other)[0], loaded.seq)
            loaded = service.load(db, created.id)
        service.submit_move(db, site, created.id, tokens[seat], loaded.module.legal_moves(loaded.state, seat)[0],
                            loaded.seq)

    move_for(0)
    move_for(0)
    hand_over(db, site, created.id, tokens[0], "Cleo", CLEO)
    loaded = service.load(db, created.id)
    tokens[0] = site.seat_token(created.id, 0, loaded.seats[0]["generation"])  # Cleo's link
    move_for(0)

    def moves():
        return {address: store.lobby.reliability_of(db, store.address_sha256(address))["moves"]
                for address in (ANNA, CLEO)}

    live = moves()
    assert live[ANNA] == 2 and live[CLEO] == 1
    reliability.rebuild(db, [created.id])
    assert moves() == live
