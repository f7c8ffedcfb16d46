"""bench_postgres runs (issue 24 item 6): its quick mode with two clients, end to end, as a separate process
on a PostgreSQL of its own, prints every figure the README quotes, and every round accepted moves. The
figures themselves are not judged: a benchmark prints them; this only keeps the script working as the
code it imports from (bench_flat, tests/postgres.py, pbem) changes."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, wanted_engines

pytestmark = pytest.mark.slow


def test_bench_postgres_quick_prints_every_figure():
    if "postgresql" not in wanted_engines():
        pytest.skip("PBEM_TEST_ENGINES leaves postgresql out")
    run = subprocess.run([sys.executable, "-m", "tests.benchmarks.bench_postgres", "--quick", "--clients", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out = run.stdout
    rates = {label: float(rate.replace(",", "")) for label, rate in
             re.findall(r"2 clients, pbem on (SQLite, one node|PostgreSQL, 1 node|PostgreSQL, 2 nodes): ([\d,.]+) "
                        r"accepted moves/s", out)}
    assert set(rates) == {"SQLite, one node", "PostgreSQL, 1 node", "PostgreSQL, 2 nodes"}, out
    assert all(rate > 0 for rate in rates.values()), out
    for figure in ("SQLite's raw durable commit rate", "PostgreSQL's raw durable insert rate",
                   "the same from 2 connections at once", "pbem node1", "pbem node2", "postgres ",
                   "PostgreSQL one node / pbem on SQLite", "PostgreSQL two nodes / one node",
                   "load average at the start", "load average at the end"):
        assert figure in out, f"{figure!r} missing:\n{out}"
