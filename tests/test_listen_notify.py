"""On PostgreSQL, an append on one node wakes the others (LISTEN/NOTIFY; issue 24, item 3): the notices
it queued leave, and a computer seat it made owe a move answers, within seconds, even when the node that
took the move runs no scheduler (`pbem serve --no-scheduler`) and the node that does would otherwise
find them only at its next sweep, a minute later. Two real server processes on one database."""

from __future__ import annotations

import pytest

from pbem import store
from pbem.notify import sweep
from tests.conftest import start_server, stop_server
from tests.test_delivery import call, new_game, play, wait_for

pytestmark = pytest.mark.slow


def test_an_append_on_a_node_without_a_scheduler_wakes_the_node_with_one(engine, database, var_dir, smtp_sink):
    if engine != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's; the processes on one SQLite file share their sweeps")
    assert sweep.INTERVAL_SECONDS >= 60  # the next sweep is far past the bounds waited for below
    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_COMPUTER_DELAY": "1"}
    sweeper, _ = start_server(var_dir, database=database, env=env)
    taker = None
    try:
        db = store.connect(database)
        try:  # the sweeper has made its first sweep (it holds the lease): the next is a minute away
            wait_for(lambda: list(db.query("select owner from locks where name = 'scheduler'")), 30, "the lease")
        finally:
            db.close()
        taker, base = start_server(var_dir, database, "--no-scheduler", env=env)

        new_game(base, [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}])
        assert sorted(m["To"] for m in smtp_sink.wait_for(2, timeout=30)) == ["ann@example.org", "bob@example.org"]

        versus, tokens = new_game(base, [{"name": "Cy"}, {"name": "Computer", "bot": "standard"}])
        before = play(base, versus, tokens)
        wait_for(lambda: call(f"{base}/api/games/{versus}")[1]["seq"] > before + 1, 30, "the computer's answer")
    finally:
        if taker is not None:
            stop_server(taker)
        stop_server(sweeper)
