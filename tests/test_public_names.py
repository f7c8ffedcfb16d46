"""Public names (issue 31, item 1), through a real `pbem serve`: an address chooses one by PUT
/api/me/settings or on /me; a name is unique by its folded key, so that case and look-alike letters
(a Cyrillic А, a 4 for an a) cannot pass for another's; a malformed one is refused with the rule."""

import pytest

from pbem.lobby import names
from pbem.play.errors import Conflicting
from pbem.people import accounts
from pbem.play import service
from tests.support import csrf, json_call, serving

ANNA, BOB = "anna@example.org", "bob@example.org"


def token_of(db, site, address):
    """The address's personal token, as /me shows it (the server derives it from the same key)."""
    return accounts.key_of(db, site, address, "token", service.utcnow())


def put_name(base, token, name):
    return json_call(f"{base}/api/me/settings", {"public_name": name}, token=token, method="PUT")


def test_a_name_taken_is_refused_in_any_case_and_in_look_alike_letters(db, site, var_dir, database):
    anna, bob = token_of(db, site, ANNA), token_of(db, site, BOB)
    with serving(var_dir, database) as base:
        status, settings = put_name(base, anna, "Anna")
        assert status == 200 and settings["public_name"] == "Anna"
        for variant in ("anna", "ANNA", "\u0410nna", "4nna", "Ann\u0430", "An\u03b7a".replace("\u03b7", "n")):
            status, answer = put_name(base, bob, variant)
            assert status == 409, (variant, answer)
            assert "taken" in answer["error"]
        for bad in ("ab", "a" * 25, "Anna Maria", "<b>x</b>", "anna@example"):
            status, answer = put_name(base, bob, bad)
            assert status == 422 and "3 to 24 letters, digits, _ or -" in answer["error"], (bad, answer)
        assert put_name(base, bob, "Bob_the-2nd")[0] == 200
        assert put_name(base, anna, "anna")[0] == 200  # her own name in another case: hers to write so
        status, player = json_call(f"{base}/api/players/ANNA")
        assert status == 200 and player["name"] == "anna" and player["ratings"] == {}
        assert json_call(f"{base}/api/players/Nobody")[0] == 404
        assert json_call(f"{base}/api/me/settings", {"public_name": "Cleo"}, method="PUT")[0] == 401
        for answer in (settings, player):
            assert ANNA not in str(answer) and BOB not in str(answer)


def test_the_folded_key_maps_case_width_marks_and_look_alikes_to_one_name():
    assert {names.folded(n) for n in ("Anna", "ANNA", "\u0410nna", "4nna", "\uff21nna", "\u00c4nna")} == {"anna"}
    assert names.folded("Lily") == names.folded("1i1y") == names.folded("LILY")
    assert names.folded("Oscar_5") == names.folded("0scar-s")
    assert names.folded("Anna") != names.folded("Anne")


def test_me_offers_the_public_name_and_keeps_the_one_chosen(client, db, site):
    from tests.test_home import ANN, sign_in

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANN}, {"name": "Bob"}])  # she has a seat
    sign_in(client, db)
    me = client.get("/me").data.decode()
    assert 'name="public_name"' in me and 'id="public-name"' in me
    saved = client.post("/me/public-name", data={"csrf": csrf(me), "public_name": "Ann-1"}, follow_redirects=True)
    page = saved.data.decode()
    assert "Your public name is Ann-1." in page and 'value="Ann-1"' in page
    refused = client.post("/me/public-name", data={"csrf": csrf(page), "public_name": "x"}, follow_redirects=True)
    assert "Not saved: a public name is 3 to 24 letters, digits, _ or -" in refused.data.decode()  # no field name
    assert names.name_of(db, ANN) == "Ann-1"


def test_a_name_given_up_stays_its_holders_and_its_ratings_with_it(db):
    """Anna plays as Corsair, then calls herself Anna: Corsair's ratings and record stay hers, so Bob
    cannot take the name (or a look-alike of it); she may take it back."""
    now = service.utcnow()
    assert names.choose(db, ANNA, "Corsair", now) == "Corsair"
    assert names.choose(db, ANNA, "Anna", now) == "Anna"
    for variant in ("Corsair", "corsair", "C0rsair"):
        with pytest.raises(Conflicting):
            names.choose(db, BOB, variant, now)
    assert names.holder(db, "Corsair") is None  # nobody goes by it now
    assert names.choose(db, ANNA, "Corsair", now) == "Corsair"
    with pytest.raises(Conflicting):  # the name she has just left is hers too
        names.choose(db, BOB, "Anna", now)
    assert names.choose(db, BOB, "Bob", now) == "Bob"


def test_names_chosen_before_the_names_were_kept_are_kept_on_the_next_connection(db, database, engine):
    """Schema version 19 keeps every name held: the names chosen before it are taken in as held."""
    from pbem import store

    now = service.utcnow()
    names.choose(db, ANNA, "Corsair", now)
    with store.immediate(db):  # back to version 18, as a database made before this change stands
        db.conn.execute("drop table names_held")
        if engine == "sqlite":
            db.conn.execute("PRAGMA user_version = 18")
        else:
            db.conn.execute("update schema_version set version = 18")
    if engine == "postgresql":  # as a new process would: this one remembers having migrated this database
        store.schema._current.discard(database)
    again = store.connect(database)
    names.choose(again, ANNA, "Anna", now)
    with pytest.raises(Conflicting):
        names.choose(again, BOB, "Corsair", now)
