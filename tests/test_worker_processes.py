"""`pbem serve`'s worker processes, killed from outside (audit N4; pbem/serving.py), against a real server:
a worker that dies is started again and the server answers on, and the workers of a master that dies
end too, so that none keeps serving the port (and running a scheduler) beside a restarted server."""

import os
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import start_server, stop_server


def state_and_parent(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text.rsplit(")", 1)[1].split()  # after the command's name, which may hold anything
    return fields[0], int(fields[1])


def workers_of(master: int) -> set[int]:
    """The live child processes of `master`."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            seen = state_and_parent(int(entry))
            if seen and seen[1] == master and seen[0] != "Z":
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    seen = state_and_parent(pid)
    return seen is not None and seen[0] != "Z"


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/games/types", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_a_killed_worker_is_started_again_and_the_server_answers_on(var_dir, database, workers):
    process, base = start_server(var_dir, database, "--workers", str(workers))
    try:
        wait_for(lambda: len(workers_of(process.pid)) == workers, 30, "the workers did not start")
        before = workers_of(process.pid)
        victim = min(before)
        os.kill(victim, signal.SIGKILL)
        wait_for(lambda: len(workers_of(process.pid) - before) == 1 and len(workers_of(process.pid)) == workers,
                 30, "no worker was started in place of the killed one")
        assert process.poll() is None, "the server stopped when one of its workers was killed"
        wait_for(lambda: answers(base), 30, "the server did not answer again")
    finally:
        stop_server(process)


@pytest.mark.slow
def test_the_workers_of_a_killed_master_end_too(var_dir, database):
    process, base = start_server(var_dir, database, "--workers", "2")
    workers = set()
    try:
        wait_for(lambda: len(workers_of(process.pid)) == 2, 30, "the workers did not start")
        workers = workers_of(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
        wait_for(lambda: not any(alive(pid) for pid in workers), 30,
                 "the workers of a killed master went on running")
        assert not answers(base)  # no one left on the port: a restarted server would be the only one there
    finally:
        for pid in workers:  # left running when the test fails: they are this test's own
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        stop_server(process)
