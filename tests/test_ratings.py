"""Ratings anyone can recompute (issue 32): through a real server, three rated games of Mississippi between
signed-in addresses with public names (each ended by a resignation: the resigner places last) move the
ratings exactly as openskill's Plackett-Luce model moves them when called here on the same places; games
not rated, with a computer seat, abandoned by agreement, or with a player who has no public name change
nothing. `pbem rebuild` folds the same list again, and `pbem ratings FOLDER` over the games' exported
public records prints the same numbers. The pages show the list and each change linked to its game, and
no address."""

import json
import re
import urllib.request

import pytest
from openskill.models import PlackettLuce

from pbem import store
from pbem.people import accounts
from pbem.play import service
from tests.support import json_call, serving

ANNA, BOB, CLEO, DAVE = "anna@example.org", "bob@example.org", "cleo@example.net", "dave@example.net"
NAMES = {ANNA: "Anna", BOB: "Bob", CLEO: "Cleo"}


def signed_in(db, site, base, address, name=None):
    """The address's personal token, as after following a sign-in link (which proves the address), with
    its public name chosen."""
    now = service.utcnow()
    store.prove_address(db, address, "", now)
    token = accounts.key_of(db, site, address, "token", now)
    if name:
        assert json_call(f"{base}/api/me/settings", {"public_name": name}, token=token, method="PUT")[0] == 200
    return token


def game(base, token, players, rated=True):
    status, made = json_call(f"{base}/api/games", {"game": "mississippi", "players": players,
                                                   "options": {"rated": True} if rated else {}}, token=token)
    assert status == 201, made
    return made


def resigned(base, made, seat):
    """The seat resigns; in a game of two the other wins."""
    assert json_call(f"{base}/api/games/{made['id']}/resign", {}, token=made["seats"][seat]["token"])[0] == 201
    assert json_call(f"{base}/api/games/{made['id']}")[1]["status"] == "finished"


def page(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def test_rated_games_move_ratings_as_openskill_does_and_records_recompute_them(db, site, var_dir, database, runner,
                                                                               tmp_path):
    with serving(var_dir, database) as base:
        anna, bob, cleo = (signed_in(db, site, base, address, name) for address, name in NAMES.items())
        dave = signed_in(db, site, base, DAVE)  # signed in, but no public name
        rated, results = [], {}
        for first, second, loser in ((ANNA, BOB, 1), (CLEO, ANNA, 1), (BOB, CLEO, 0)):
            made = game(base, anna, [{"name": NAMES[first], "email": first}, {"name": NAMES[second], "email": second}])
            resigned(base, made, loser)
            rated.append(made["id"])
            results[made["id"]] = (NAMES[(first, second)[1 - loser]], NAMES[(first, second)[loser]])

        # openskill called here on the same places, in the order the games ended (within a second: by id)
        model = PlackettLuce()
        expected = {name: model.rating() for name in NAMES.values()}
        ended = {game_id: json_call(f"{base}/games/{game_id}/export.json")[1]["rated"]["ended"] for game_id in rated}
        for game_id in sorted(rated, key=lambda game_id: (ended[game_id], game_id)):
            winner, loser = results[game_id]
            new = model.rate([[expected[winner]], [expected[loser]]], ranks=[1, 2])
            expected[winner], expected[loser] = new[0][0], new[1][0]
        status, listed = json_call(f"{base}/api/ratings/mississippi")
        assert status == 200
        best_first = sorted(expected.items(), key=lambda item: -item[1].ordinal())
        assert close(listed, [{"name": name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": 2}
                              for name, r in best_first])
        assert len({round(row["mu"], 6) for row in listed}) == 3  # the games moved them apart

        # none of these counts: not rated; a computer seat (one human); agreed abandonment; no public name
        made = game(base, anna, [{"name": "Anna", "email": ANNA}, {"name": "Bob", "email": BOB}], rated=False)
        resigned(base, made, 0)
        plain, uncounted = made["id"], []
        made = game(base, anna, [{"name": "Anna", "email": ANNA}, {"name": "Cy", "bot": "standard"}])
        resigned(base, made, 0)
        uncounted.append(made["id"])
        made = game(base, anna, [{"name": "Anna", "email": ANNA}, {"name": "Bob", "email": BOB}])
        path = f"{base}/api/games/{made['id']}"
        assert json_call(f"{path}/offers", {"kind": "abandon"}, token=made["seats"][0]["token"])[0] == 202
        assert json_call(f"{path}/offers/answer", {"accept": True}, token=made["seats"][1]["token"])[0] == 201
        assert json_call(path)[1]["status"] == "finished"
        uncounted.append(made["id"])
        made = game(base, dave, [{"name": "Dave", "email": DAVE}, {"name": "Bob", "email": BOB}])
        resigned(base, made, 0)
        uncounted.append(made["id"])
        assert json_call(f"{base}/api/ratings/mississippi")[1] == listed

        status, player = json_call(f"{base}/api/players/anna")
        assert status == 200 and player["ratings"] == {"mississippi": {
            key: listed[[r["name"] for r in listed].index("Anna")][key] for key in ("mu", "sigma", "ordinal", "games")}}
        assert json_call(f"{base}/api/ratings/chess")[0] == 404
        assert json_call(f"{base}/api/ratings/rigadoon") == (200, [])

        shown = page(f"{base}/players/Anna")
        assert all(f"/games/{game_id}" in shown for game_id in rated[:2]) and "Rating changes" in shown
        listing = page(f"{base}/ratings/mississippi")
        assert all(name in listing for name in NAMES.values())
        german = urllib.request.Request(f"{base}/ratings/mississippi", headers={"Accept-Language": "de"})
        with urllib.request.urlopen(german, timeout=30) as response:
            assert "Wertungen" in response.read().decode()
        for text in (shown, listing, page(f"{base}/ratings"), page(f"{base}/games/{rated[0]}/export.json")):
            assert not any(address in text for address in (ANNA, BOB, CLEO, DAVE))

    # the projection (each game a step from the ratings kept) dropped, `pbem rebuild` folds the same again
    changes = store.ratings.changes_of(db, "Anna")
    assert [change["game_id"] for change in changes] == sorted(rated[:2], key=lambda g: (ended[g], g), reverse=True)
    store.ratings.forget_ratings(db, "mississippi")
    assert store.ratings.rating_list(db, "mississippi") == []
    assert runner("rebuild")[0] == 0
    assert close(store.ratings.rating_list(db, "mississippi"), listed)
    assert store.ratings.changes_of(db, "Anna") == changes

    # the public records of every game, exported to a folder, give the same numbers
    folder = tmp_path / "records"
    folder.mkdir()
    for game_id in [*rated, *uncounted, plain]:
        code, out, _ = runner("export", game_id)
        assert code == 0
        (folder / f"{game_id}.json").write_text(out)
        record = json.loads(out)
        if game_id in rated:
            assert record["rated"]["ended"] and len(record["rated"]["seats"]) == 2
        else:  # created rated but not counted: null; not rated: absent
            assert record.get("rated", "absent") == (None if game_id in uncounted else "absent")
    first = json.loads((folder / f"{rated[0]}.json").read_text())["rated"]["seats"]
    assert first == [{"seat": 0, "name": "Anna", "place": 1}, {"seat": 1, "name": "Bob", "place": 2}]
    code, out, _ = runner("ratings", str(folder))
    assert code == 0 and out.splitlines()[0] == "mississippi:"
    printed = [line.split() for line in out.splitlines()[1:]]
    assert close([{"name": line[1], "ordinal": float(line[3]), "mu": float(line[5]), "sigma": float(line[7]),
                   "games": int(line[9])} for line in printed], listed, 1e-6)
    assert runner("ratings", "--from", str(folder))[1] == out


def close(rows, listed, within=1e-9) -> bool:
    """The same names in the same order with the same numbers (to `within`)."""
    return [row["name"] for row in rows] == [row["name"] for row in listed] and all(
        row["games"] == want["games"] and all(abs(row[k] - want[k]) <= within for k in ("mu", "sigma", "ordinal"))
        for row, want in zip(rows, listed))


def test_the_forms_and_the_api_make_a_rated_game_and_only_rated_games_say_so(client, db):
    page = client.get("/new/mississippi").data.decode()
    assert 'name="rated"' in page and 'name="rated"' in client.get("/").data.decode()
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    made = []
    for ticked in ({"rated": "1"}, {}):
        answer = client.post("/new/mississippi", data={"csrf": csrf, "name0": "Ann", "name1": "Bob", **ticked})
        assert answer.status_code == 303, answer.data[:500]
        made += [row["id"] for row in store.games_with_names(db, None, None) if row["id"] not in made]
    rated, plain = (store.read_events(db, game_id)[0].data for game_id in made)
    assert rated["rated"] is True and "rated" not in plain
    assert client.get(f"/api/games/{made[0]}/events").get_json()[0]["data"]["rated"] is True
    refused = client.post("/api/games", json={"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                              "options": {"rated": "maybe"}})
    assert refused.status_code == 422 and "rated: true or false" in refused.get_json()["error"]


def test_equal_places_are_a_tie_and_the_fold_goes_in_the_order_the_games_ended():
    from pbem.lobby import ratings

    model = PlackettLuce()
    games = [{"game_id": "b2", "ended": "2026-01-02T00:00:00Z", "seats": [{"name": "Cy", "place": 1},
                                                                          {"name": "Ann", "place": 2}]},
             {"game_id": "a1", "ended": "2026-01-01T00:00:00Z", "seats": [{"name": "Ann", "place": 1},
                                                                          {"name": "Bob", "place": 1},
                                                                          {"name": "Cy", "place": 2}]}]
    folded, changes = ratings.fold(games)
    ann, bob, cy = (new[0] for new in model.rate([[model.rating()] for _ in range(3)], ranks=[1, 1, 2]))
    cy, ann = (new[0] for new in model.rate([[cy], [ann]], ranks=[1, 2]))
    assert [c["game_id"] for c in changes] == ["a1", "a1", "a1", "b2", "b2"]
    for name, want, games_played in (("Ann", ann, 2), ("Bob", bob, 1), ("Cy", cy, 2)):
        assert folded[name] == {"mu": want.mu, "sigma": want.sigma, "ordinal": want.ordinal(), "games": games_played}


@pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")
def test_the_rating_pages_have_no_serious_violation(db, site, var_dir, database, chrome, shots):
    from tests.browser import screenshot
    from tests.test_accessibility import Checked

    with serving(var_dir, database) as base:
        anna, bob = signed_in(db, site, base, ANNA, "Anna"), signed_in(db, site, base, BOB, "Bob")
        for loser in (0, 1):
            resigned(base, game(base, anna, [{"name": "Anna", "email": ANNA}, {"name": "Bob", "email": BOB}]), loser)
        driver = chrome()
        checked = Checked(driver, base)
        for path, what in (("/ratings/mississippi", "ratings"), ("/ratings", "ratings index"),
                           ("/players/Bob", "player with ratings")):
            checked.page(path, what)
            driver.get(base + path)
            screenshot(driver, shots, what.replace(" ", "-"))
        assert not checked.found, checked.told()


def test_seats_that_resign_or_forfeit_are_placed_last_together(db, site):
    from pbem.lobby import names

    now = service.utcnow()
    for address, name in NAMES.items():
        store.prove_address(db, address, "", now)
        names.choose(db, address, name, now)
    created = service.create_game(db, site, "mississippi", [{"name": n, "email": a} for a, n in NAMES.items()],
                                  {"rated": True})
    service.resign(db, site, created.id, created.tokens[1])  # Bob
    assert service.load(db, created.id).outcome is None  # the game goes on without him
    service.resign(db, site, created.id, created.tokens[2])  # Cleo: Anna is left, and wins
    assert service.load(db, created.id).finished
    assert store.ratings.rated_game(db, created.id)["seats"] == [
        {"seat": 0, "name": "Anna", "place": 1}, {"seat": 1, "name": "Bob", "place": 2},
        {"seat": 2, "name": "Cleo", "place": 2}]
    model = PlackettLuce()
    anna, bob, cleo = (new[0] for new in model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 2]))
    assert ratings_now(db) == {"Anna": anna.mu, "Bob": bob.mu, "Cleo": cleo.mu}


def ratings_now(db) -> dict:
    return {row["name"]: row["mu"] for row in store.ratings.rating_list(db, "mississippi")}
