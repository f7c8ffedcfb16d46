"""Tournaments (issue 32, item 3), through a real `pbem serve`: a round robin of four entrants at a 2-seat game
creates its six games, each pair meeting once with seat orders balanced; an entry after the start, or after
the entries close, is refused 409; every entrant withdraws, so the computer stands in at each seat and the
games play to their end; the standings equal a count made here from the games' results; the revealed seed
matches its committed hash and reproduces the draw. Also the draw itself at tables of 3 and 4 seats, the
points of a placement, and a league's promotion and relegation, as pure functions."""

import hashlib
import itertools
import json
import os
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.people import accounts, computer
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
def test_a_round_robin_of_four_is_drawn_played_by_stand_ins_to_the_end_and_checks(db, site, var_dir, database,
                                                                                   runner, tmp_path):
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

        assert draw.check(ended) == []
        code, out, _ = runner("tournament", "check", made["id"])
        assert code == 0 and f"{made['id']} ok" in out
        forged = {**ended, "games": [{**g, "seats": g["seats"][::-1]} if i == 0 else g
                                     for i, g in enumerate(ended["games"])]}
        (tmp_path / "forged.json").write_text(json.dumps(forged))
        code, out, _ = runner("tournament", "check", str(tmp_path / "forged.json"))
        assert code == 1 and "not the ones the seed draws" in out

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


def play_out(db, site, game_id):
    """Play a game to its end in this process, each seat's move the one the computer player would choose
    for it, appended through the play service as the seat's own (the tournament's hook follows its end)."""
    while not (folded := service.load(db, game_id)).finished:
        seat = sorted(folded.to_move)[0]
        move = computer.choose(folded, seat, store.read_seed(db, game_id))
        service.play_as(db, site, game_id, lambda _, seat=seat: seat, move, folded.seq)


@pytest.mark.slow
def test_a_league_plays_round_after_round_then_promotes_and_relegates_into_a_second_season(
        db, site, var_dir, database):
    """Two divisions of three at a 2-seat game, rounds one after another: each round's games are made when
    the round before has ended; at the season's end its seed is revealed and checks, the next one is
    committed; the organiser's second start draws divisions with the last of the top and the first of the
    bottom swapped."""
    with serving(var_dir, database) as base:
        olga = named(db, site, base, ORGANISER, "Olga")
        six = {**ENTRANTS, "eve@example.org": "Eve", "fritz@example.org": "Fritz"}
        tokens = {name: named(db, site, base, address, name) for address, name in six.items()}
        status, made = json_call(f"{base}/api/tournaments", {
            "game": "rigadoon", "format": "league", "players_per_game": 2, "clock": "3d", "divisions": 2,
            "rounds": "one_after_another", "entries_close": moment(1), "name": "Winter league"}, token=olga)
        assert status == 201, made
        url = f"{base}/api/tournaments/{made['id']}"
        for token in tokens.values():
            assert json_call(f"{url}/entries", {}, token=token)[0] == 201
        status, started = json_call(f"{url}/start", {}, token=olga)
        assert status == 201 and len(started["games"]) == 2, started  # round 1: one game in each division
        shown = json_call(url)[1]
        assert len(shown["games"]) == 6
        assert sorted(g["id"] for g in shown["games"] if g["id"]) == sorted(started["games"])
        assert sorted(sum(1 for e in shown["entrants"] if e["division"] == d) for d in (1, 2)) == [3, 3]

        for round_no in (1, 2, 3):
            shown = json_call(url)[1]
            assert {g["round"] for g in shown["games"] if g["id"]} == set(range(1, round_no + 1))
            for game in shown["games"]:
                if game["round"] == round_no:
                    play_out(db, site, game["id"])
        ended = json_call(url)[1]
        assert ended["status"] == "finished" and all(g["status"] == "finished" for g in ended["games"])
        assert draw.check(ended) == []
        assert [s["season"] for s in ended["seasons"]] == [1, 2] and "seed" not in ended["seasons"][1]
        top = [r["name"] for r in ended["standings"] if r["division"] == 1]
        bottom = [r["name"] for r in ended["standings"] if r["division"] == 2]
        assert all(r["played"] == 2 for r in ended["standings"])

        status, second = json_call(f"{url}/start", {}, token=olga)
        assert status == 201 and len(second["games"]) == 2, second
        now = json_call(url)[1]
        assert now["season"] == 2 and now["status"] == "running" and "seed" not in now
        assert now["seed_hash"] == ended["seasons"][1]["seed_hash"]  # committed when season 1 ended
        by_division = {d: sorted((e["name"] for e in now["entrants"] if e["division"] == d), key=str.casefold)
                       for d in (1, 2)}
        assert by_division[1] == sorted(top[:2] + bottom[:1], key=str.casefold)
        assert by_division[2] == sorted(top[2:] + bottom[1:], key=str.casefold)


def urlopen_text(url):
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


# --- the draw, as pure functions -------------------------------------------------------------------------


@pytest.mark.parametrize("k, n", [(3, 3), (3, 5), (3, 6), (3, 7), (3, 10), (4, 6), (4, 8), (4, 9), (4, 12)])
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
        assert max(at) - min(at) <= 1, (name, at)
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


@pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")
def test_the_tournament_pages_have_no_serious_violation(db, site, var_dir, database, chrome, shots):
    from tests.browser import screenshot
    from tests.test_accessibility import Checked

    with serving(var_dir, database) as base:
        olga = named(db, site, base, ORGANISER, "Olga")
        status, made = json_call(f"{base}/api/tournaments", {
            "game": "mississippi", "format": "round_robin", "players_per_game": 3, "clock": "3d",
            "entries_close": moment(1), "name": "Steamboat round robin"}, token=olga)
        assert status == 201
        for address, name in ENTRANTS.items():
            assert json_call(f"{made['url'].replace('/tournaments/', '/api/tournaments/')}/entries", {},
                             token=named(db, site, base, address, name))[0] == 201
        assert json_call(f"{base}/api/tournaments/{made['id']}/start", {}, token=olga)[0] == 201
        driver = chrome()
        checked = Checked(driver, base)
        for path, what in (("/tournaments", "tournaments"), (f"/tournaments/{made['id']}", "tournament")):
            checked.page(path, what)
        assert not checked.found, checked.told()
        for path, name in (("/tournaments", "tournaments"), (f"/tournaments/{made['id']}", "tournament")):
            driver.get(base + path)
            screenshot(driver, shots, name)
        page = urlopen_text(f"{base}/tournaments/{made['id']}")
        assert "Round 1" in page and "Anna" in page and not any(address in page for address in ENTRANTS)


def test_the_pages_forms_create_enter_withdraw_and_start_in_the_readers_language(client, db, site):
    from pbem.lobby import names
    from tests.support import csrf
    from tests.test_home import ANN, sign_in

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANN}, {"name": "Bob"}])  # she has a seat
    sign_in(client, db)
    names.choose(db, ANN, "Ann", service.utcnow())
    listed = client.get("/tournaments").data.decode()
    assert 'name="players_per_game"' in listed
    made = client.post("/tournaments", data={
        "csrf": csrf(listed), "name": "Spring cup", "game": "rigadoon", "format": "round_robin",
        "players_per_game": "2", "rounds": "at_once", "clock": "2d", "entries_close": moment(3)[:16]})
    assert made.status_code == 303, made.data
    page = client.get(made.headers["Location"]).data.decode()
    assert "Spring cup" in page and "Enter as Ann" in page and "Start the tournament" in page
    entered = client.post(made.headers["Location"] + "/enter", data={"csrf": csrf(page)}, follow_redirects=True)
    page = entered.data.decode()
    assert "You have entered." in page and "<li>Ann</li>" in page
    refused = client.post(made.headers["Location"] + "/start", data={"csrf": csrf(page)}, follow_redirects=True)
    page = refused.data.decode()
    assert "Not done: each division needs at least 2 entrants" in page
    left = client.post(made.headers["Location"] + "/withdraw", data={"csrf": csrf(page)}, follow_redirects=True)
    assert "Nobody has entered yet." in left.data.decode()  # before the start, an entry is simply taken back

    german = client.get(made.headers["Location"], headers={"Accept-Language": "de"}).data.decode()
    assert "Tabelle" in german and "Rundenturnier" in german and "Als Ann anmelden" in german
    assert ANN not in german and ANN not in client.get("/tournaments").data.decode()
    assert "/tournaments" in client.get("/me").data.decode() and "/tournaments" in client.get("/lobby").data.decode()


def test_a_withdrawn_entrants_later_games_seat_the_computer_and_a_full_tournament_refuses(db, site):
    """Through the verbs in this process (the hooks `create_app` installs follow each game's end): rounds one
    after another; Anna withdraws during round 1, so the computer stands in at her game now and sits in her
    seat at the games made later; a fifth entry to a tournament of at most four is refused 409."""
    from pbem.lobby import names
    from pbem.tournaments import running

    now = service.utcnow()
    names.choose(db, ORGANISER, "Olga", now)
    for address, name in ENTRANTS.items():
        names.choose(db, address, name, now)
    tournament = running.create(db, ORGANISER, {
        "game": "rigadoon", "format": "round_robin", "players_per_game": 2, "clock": "3d", "max_entrants": 4,
        "rounds": "one_after_another", "entries_close": moment(1), "name": "Small cup"}, now)
    for address in ENTRANTS:
        running.enter(db, tournament, address, now)
    names.choose(db, "late@example.org", "Late", now)
    with pytest.raises(service.Conflicting, match="full"):
        running.enter(db, tournament, "late@example.org", now)
    first = running.start(db, site, tournament, ORGANISER, now)
    assert len(first) == 2
    assert running.withdraw(db, site, tournament, "anna@example.org", now) == 1
    shown = running.view(db, site, tournament)
    annas = next(g for g in shown["games"] if g["round"] == 1 and "Anna" in g["seats"])
    assert set(service.load(db, annas["id"]).facts["computer"]) == {annas["seats"].index("Anna")}
    assert [e["withdrawn"] for e in shown["entrants"] if e["name"] == "Anna"] == [True]
    for game_id in first:
        play_out(db, site, game_id)
    shown = running.view(db, site, tournament)
    later = [g for g in shown["games"] if g["round"] == 2]
    assert all(g["id"] for g in later)
    annas = next(g for g in later if "Anna" in g["seats"])
    seats = service.load(db, annas["id"]).seats
    assert [s.get("bot") for s in seats] == ["standard" if name == "Anna" else None for name in annas["seats"]]
    with pytest.raises(service.Conflicting):
        running.withdraw(db, site, tournament, "anna@example.org", now)  # once is enough
