"""The pbem console script: new, show (with --at), verify, rebuild, and clear errors."""

from pbem import store
from pbem.play import service


def new_game(runner, *extra):
    code, out, err = runner("new", "mississippi", "--player", "Ann:ann@example.org", "--player", "Bob",
                            "--player", "Cy", *extra)
    assert code == 0, err
    return out


def test_new_prints_the_spectator_and_seat_links(runner):
    out = new_game(runner)
    lines = out.splitlines()
    assert lines[0].startswith("game ") and "(mississippi)" in lines[0] and "http://pbem.test/games/" in lines[0]
    assert [line.split()[:3] for line in lines[1:]] == [["seat", "0", "Ann:"], ["seat", "1", "Bob:"], ["seat", "2", "Cy:"]]
    assert all("http://pbem.test/play/" in line for line in lines[1:])


def test_new_with_options_and_refusals(runner):
    out = new_game(runner, "--option", "rows=5", "--option", "width=8")
    game_id = out.split()[1]
    code, out, _ = runner("show", game_id)
    assert code == 0 and "r4" in out and "r5" not in out
    code, _, err = runner("new", "mississippi", "--player", "Solo")
    assert code == 2 and "takes 2 to 6 players" in err
    code, _, err = runner("new", "chess", "--player", "A", "--player", "B")
    assert code == 2 and "unknown game 'chess'" in err
    code, _, err = runner("new", "mississippi", "--player", "A", "--player", "B", "--option", "rows=99")
    assert code == 2 and "between 5 and 9" in err


def test_show_at_an_earlier_event(runner, database, site):
    out = new_game(runner)
    game_id = out.split()[1]
    ann_token = out.splitlines()[1].rsplit("/", 1)[1]
    db = store.connect(database)
    service.submit_move(db, site, game_id, ann_token, "forward 5", 2)
    code, now, _ = runner("show", game_id)
    blue = lambda board: next(line for line in board.splitlines() if "Blue" in line and line.strip()[0] == "0")
    assert code == 0 and "after event 4 of 4" in now and blue(now).split()[2] == "5"
    code, then, _ = runner("show", game_id, "--at", "2")
    assert code == 0 and "after event 2 of 4" in then and "not entered" in blue(then)
    code, _, err = runner("show", game_id, "--at", "99")
    assert code == 2 and "between 1 and 4" in err
    code, _, err = runner("show", "nosuchgame")
    assert code == 2 and "no game" in err


def test_rebuild_recreates_the_projections_from_events(runner, database):
    game_id = new_game(runner).split()[1]
    db = store.connect(database)
    before_game = store.game_row(db, game_id)
    before_seats = store.seats_of(db, game_id)
    db.execute("delete from seats")
    db.execute("update games set status = 'garbage', seq = 0")
    code, out, _ = runner("rebuild")
    assert code == 0 and "1 game" in out
    assert store.seats_of(db, game_id) == before_seats
    after = store.game_row(db, game_id)
    assert {k: after[k] for k in ("status", "seq", "to_move", "outcome", "created")} == \
           {k: before_game[k] for k in ("status", "seq", "to_move", "outcome", "created")}
