"""The operator's commands on a running server's database, through the real console script: `pbem links`
prints the links the server serves though the operator's shell does not repeat its PBEM_BASE_URL (the
server records its base URL at its start), saying where they point; `pbem games` lists the games (id,
kind, status, players' names, last move, next deadline), filtered, with no address, link or seed."""

import json
import os
import subprocess
import sys
import urllib.request

from pbem import store
from pbem.play import service
from tests.conftest import ROOT, start_server, stop_server


def cli(var_dir, database, *args, base_url=None):
    """`pbem ARGS` in a shell of its own: the database's place, and PBEM_BASE_URL only when given."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    env.update({"PBEM_VAR": str(var_dir), "PBEM_DB": database})
    if base_url:
        env["PBEM_BASE_URL"] = base_url
    done = subprocess.run([sys.executable, "-m", "pbem.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def create(base, players, game="mississippi", **options):
    body = json.dumps({"game": game, "players": players, "options": options}).encode()
    request = urllib.request.Request(base + "/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_links_point_where_the_server_serves_without_the_shell_repeating_it(var_dir, database):
    process, base = start_server(var_dir, database, base_url="https://pbem.example.org")
    try:
        made = create(base, [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}])
    finally:
        stop_server(process)
    code, out, err = cli(var_dir, database, "links", made["id"])
    assert code == 0
    assert [line.split(": ", 1)[1] for line in out.splitlines()[1:]] == [seat["url"] for seat in made["seats"]]
    assert all(seat["url"].startswith("https://pbem.example.org/play/") for seat in made["seats"])
    assert "links point to https://pbem.example.org (as `pbem serve` recorded it at its start" in err
    code, out, err = cli(var_dir, database, "links", made["id"], base_url="http://elsewhere.test")  # the shell's wins
    assert code == 0 and "http://elsewhere.test/play/" in out and "localhost" not in out
    assert "links point to http://elsewhere.test (from PBEM_BASE_URL)" in err


def test_links_say_when_they_use_the_default(var_dir, database):
    code, out, err = cli(var_dir, database, "new", "mississippi", "--player", "Ann", "--player", "Bob")
    assert code == 0 and "http://localhost:5000/play/" in out
    assert "links point to http://localhost:5000 (the default: no server has started on this database" in err


def test_games_lists_every_game_filtered_and_tells_no_secret(var_dir, database, site, db, runner):
    ann, bob = {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob\u2028Day", "email": "bob@example.org"}
    going = service.create_game(db, site, "rigadoon", [ann, bob], {"time_per_move": "3d"})
    waiting = service.create_game(db, site, "mississippi", [ann, {"open": True}])
    over = service.create_game(db, site, "rigadoon", [{"name": "Cy"}, {"name": "Dee"}])
    service.resign(db, site, over.id, over.tokens[0])
    code, out, _ = runner("games")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["id", "game", "status", "last", "move", "next", "deadline", "players"]
    assert lines[-1] == "3 games"
    rows = {line.split()[0]: line for line in lines[1:-1]}
    assert set(rows) == {going.id, waiting.id, over.id}
    row = store.game_row(db, going.id)
    assert rows[going.id].split()[1:5] == ["rigadoon", "active", row["updated"], row["deadline"]]
    assert rows[going.id].endswith("Ann, Bob\\u2028Day")  # one line per game, whatever the names hold
    assert rows[waiting.id].split()[1:5] == ["mississippi", "waiting", store.game_row(db, waiting.id)["updated"], "-"]
    assert rows[over.id].split()[1:3] == ["rigadoon", "finished"] and rows[over.id].endswith("Cy, Dee")
    code, out, _ = runner("games", "--active")
    assert [line.split()[0] for line in out.splitlines()[1:-1]] == [going.id] and out.endswith("1 active game\n")
    code, out, _ = runner("games", "--game", "rigadoon", "--finished")
    assert [line.split()[0] for line in out.splitlines()[1:-1]] == [over.id]
    code, out, _ = runner("games", "--game", "mississippi")
    assert [line.split()[0] for line in out.splitlines()[1:-1]] == [waiting.id]
    code, out, _ = runner("games")
    secrets = ["example.org", "/play/", *going.tokens, *waiting.tokens, *over.tokens,
               *(store.read_seed(db, g.id).hex() for g in (going, waiting))]
    assert not [secret for secret in secrets if secret in out]
    assert cli(var_dir, database, "games", "--active", "--finished")[0] == 2  # one status at a time
