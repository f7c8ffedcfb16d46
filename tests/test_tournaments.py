"""Tournaments (issue 32, item 3), through a real `pbem serve`: a round robin of four entrants at a 2-seat game
creates its six games, each pair meeting once with seat orders balanced; an entry after the start, or after
the entries close, is refused 409; every entrant withdraws, so the computer stands in at each seat and the
games play to their end; the standings equal a count made here from the games' results; the revealed seed
matches its committed hash and reproduces the draw. Also the draw itself at tables of 3 and 4 seats, the
points of a placement, and a league's promotion and relegation, as pure functions."""

import hashlib
import itertools
import os
from datetime import datetime, timedelta, timezone

import pytest

from pbem.people import accounts
from pbem.play import service
from pbem.tournaments import draw
from tests.support import json_call, serving, wait_for

ORGANISER = "olga@example.org"
ENTRANTS = {"anna@example.org": "Anna", "bruno@example.org": "Bruno", "cleo@example.net": "Cleo",
            "dmitri@example.net": "Dmitri"}


def named(db, site, base, address, name):
    token = accounts.key_of(db, site, address, "token", service.utcnow())
    assert json_call(f"{base}/api/me/settings", {"public_name": name}, token=token, method="PUT")[0] == 200
    return token


def moment(days: float) -> str:
    return (datetime.now(timezone.utc) + timedelta(days=days)).isoformat(timespec="seconds").replace("+00:00", "Z")


@pytest.mark.slow
def test_a_round_robin_of_four_is_drawn_played_by_stand_ins_to_the_end_and_checks(db, site, var_dir, database):
    with serving(var_dir, database, env={"PBEM_COMPUTER_DELAY": "0"}) as base:
        olga = named(db, site, base, ORGANISER, "Olga")
        tokens = {name: named(db, site, base, address, name) for address, name in ENTRANTS.items()}
        body = {"game": "rigadoon", "format": "round_robin", "players_per_game": 2, "clock": "3d",
                "entries_close": moment(2), "name": "Autumn cup"}
        assert json_call(f"{base}/api/tournaments", {**body, "players_per_game": 3}, token=olga)[0] == 422
        assert json_call(f"{base}/api/tournaments", {**body, "format": "swiss"}, token=olga)[0] == 422
        assert json_call(f"{base}/api/tournaments", body)[0] == 401
        status, made = json_call(f"{base}/api/tournaments", body, token=olga)
        assert status == 201 and made["url"] == f"{base}/tournaments/{made['id']}", made
        url = f"{base}/api/tournaments/{made['id']}"
        committed = json_call(url)[1]["seed_hash"]
        assert "seed" not in json_call(url)[1]

        for name, token in tokens.items():
            assert json_call(f"{url}/entries", {}, token=token) == (201, {"name": name})
        assert json_call(f"{url}/entries", {}, token=tokens["Anna"])[0] == 409  # entered already
        assert json_call(f"{url}/start", {}, token=tokens["Anna"])[0] == 403  # not the organiser
        status, started = json_call(f"{url}/start", {}, token=olga)
        assert status == 201 and len(started["games"]) == 6, started
        assert json_call(f"{base}/api/tournaments/{made['id']}/entries", {}, token=olga)[0] == 409  # closed

        shown = json_call(url)[1]
        assert shown["status"] == "running" and shown["seed_hash"] == committed
        assert sorted(e["name"] for e in shown["entrants"]) == sorted(tokens)
        tables = [tuple(g["seats"]) for g in shown["games"]]
        assert sorted(tuple(sorted(t)) for t in tables) == sorted(itertools.combinations(sorted(tokens), 2))
        assert sorted(g["id"] for g in shown["games"]) == sorted(started["games"])
        first = {name: sum(1 for t in tables if t[0] == name) for name in tokens}
        assert sorted(first.values()) in ([1, 1, 2, 2], [1, 2, 1, 2]) and max(first.values()) - min(first.values()) <= 1
        for g in shown["games"]:  # each game seats the entrants by public name, in the drawn order
            assert [s["name"] for s in service.load(db, g["id"]).seats] == g["seats"]

        # everyone withdraws: the computer stands in at every seat, and no table stalls
        for name, token in tokens.items():
            status, left = json_call(f"{url}/entries", token=token, method="DELETE")
            assert status == 200 and left["withdrawn"] is True, left
        game = service.load(db, started["games"][0])
        assert game.finished or set(game.facts.get("computer", {})) == {0, 1}
        ended = wait_for(lambda: (t := json_call(url)[1])["status"] == "finished" and t, 600,
                         "the tournament's games to end")

        # the standings are the count made here from the games' own results
        points = dict.fromkeys(tokens, 0.0)
        for g in ended["games"]:
            outcome = json_call(f"{base}/api/games/{g['id']}")[1]["outcome"]
            if outcome["winners"]:
                points[g["seats"][outcome["winners"][0]]] += 1
            else:
                for name in g["seats"]:
                    points[name] += 0.5
        assert {row["name"]: row["points"] for row in ended["standings"]} == points
        assert all(row["played"] == 3 for row in ended["standings"])
        assert [row["points"] for row in ended["standings"]] == sorted(points.values(), reverse=True)

        # the revealed seed is the one committed, and the draw made from it is the one played
        seed = bytes.fromhex(ended["seed"])
        assert hashlib.sha256(seed).hexdigest() == committed
        again = draw.round_robin(list(tokens), 2, seed)
        assert [list(t) for round_ in again for t in round_] == [g["seats"] for g in ended["games"]]
        assert [g["round"] for g in ended["games"]] == [r for r, round_ in enumerate(again, 1) for _ in round_]

        page = urlopen_text(f"{base}/tournaments/{made['id']}")
        assert "Autumn cup" in page and ended["seed"] in page and committed in page
        assert all(f'/games/{g["id"]}' in page for g in ended["games"])
        assert not any(address in page for address in [ORGANISER, *ENTRANTS])
        assert not any(address in str(ended) for address in [ORGANISER, *ENTRANTS])
        assert made["id"] in urlopen_text(f"{base}/tournaments")

        # entries are refused once they close
        status, late = json_call(f"{base}/api/tournaments", {**body, "entries_close": moment(-1)}, token=olga)
        assert status == 201
        assert json_call(f"{base}/api/tournaments/{late['id']}/entries", {}, token=tokens["Anna"])[0] == 409


def urlopen_text(url):
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


# --- the draw, as pure functions -------------------------------------------------------------------------


@pytest.mark.parametrize("k, n", [(3, 3), (3, 5), (3, 7), (4, 6), (4, 8), (3, 9)])
def test_tables_of_more_than_two_seats_meet_every_pair_in_rounds_with_seats_spread(k, n):
    names = [f"P{i}" for i in range(n)]
    seed = hashlib.sha256(f"{k}:{n}".encode()).digest()
    rounds = draw.round_robin(names, k, seed)
    tables = [t for round_ in rounds for t in round_]
    assert all(len(t) == k and len(set(t)) == k for t in tables)
    met = {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}
    assert met == {frozenset(p) for p in itertools.combinations(names, 2)}
    for round_ in rounds:  # nobody sits at two tables of one round
        seated = [name for t in round_ for name in t]
        assert len(seated) == len(set(seated))
    games = {name: sum(name in t for t in tables) for name in names}
    assert max(games.values()) - min(games.values()) <= 2
    for name in names:  # each entrant's seats: as even as the tables allow
        at = [sum(t[seat] == name for t in tables) for seat in range(k)]
        assert max(at) - min(at) <= 2, (name, at)
    assert draw.round_robin(list(reversed(names)), k, seed) == rounds  # the entry order does not matter


def test_two_seats_give_every_entrant_the_first_seat_half_of_the_time():
    for n in range(2, 13):
        names = [f"P{i}" for i in range(n)]
        rounds = draw.round_robin(names, 2, os.urandom(32))
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        tables = [t for round_ in rounds for t in round_]
        assert len(tables) == n * (n - 1) // 2
        for name in names:
            firsts = sum(t[0] == name for t in tables)
            assert abs(firsts - (n - 1 - firsts)) <= 1


def test_points_follow_places_and_ties_share_them():
    assert draw.game_points({"winners": [1], "ranking": []}, 2) == {1: 1.0, 0: 0.0}
    assert draw.game_points({"winners": [], "ranking": [[0, 1]]}, 2) == {0: 0.5, 1: 0.5}
    assert draw.game_points({"winners": [2], "ranking": [[2], [0, 3], [1]]}, 4) == {2: 1.0, 0: 0.5, 3: 0.5, 1: 0.0}
    rows = draw.standings(["A", "B", "C"], [
        {"seats": ["A", "B"], "outcome": {"winners": [0], "ranking": []}},
        {"seats": ["B", "C"], "outcome": {"winners": [0], "ranking": []}},
        {"seats": ["C", "A"], "outcome": {"winners": [0], "ranking": []}}])
    # one point each: a tie-break of the beaten opponent's point each, then by name
    assert rows == [{"name": n, "points": 1.0, "tiebreak": 1.0, "played": 2} for n in ("A", "B", "C")]


def test_a_league_promotes_and_relegates_between_divisions():
    assert draw.next_divisions([["A", "B", "C", "D"], ["E", "F", "G", "H"]], 1) == \
        [["A", "B", "C", "E"], ["D", "F", "G", "H"]]
    divisions = draw.league_divisions([f"P{i}" for i in range(7)], 2, b"\x01" * 32)
    assert sorted(len(d) for d in divisions) == [3, 4] and sorted(sum(divisions, [])) == [f"P{i}" for i in range(7)]
