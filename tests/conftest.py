"""Shared fixtures: golden files (`--update-golden` rewrites them on purpose)."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files instead of comparing")


@pytest.fixture
def golden(request):
    """golden(path, text): compare text with the file at path (relative to the test file), or rewrite
    it when pytest runs with --update-golden. A missing file fails, so goldens are always committed."""
    update = request.config.getoption("--update-golden")
    base = Path(request.node.fspath).parent

    def check(relative: str, text: str) -> None:
        path = base / relative
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            return
        assert path.exists(), f"golden file {path} is missing: run pytest --update-golden once and commit it"
        expected = path.read_text()
        assert text == expected, f"{path} differs: inspect the change, then rewrite with --update-golden"

    return check


# --- the platform: a real SQLite file per test, Flask's test client, the CLI, a real server process ---

import os
import socket
import subprocess
import sys
import time
import urllib.request

from pbem import create_app, store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def var_dir(tmp_path):
    path = tmp_path / "var"
    path.mkdir()
    return path


@pytest.fixture
def app(var_dir):
    return create_app({"VAR_DIR": str(var_dir), "DATABASE": str(var_dir / "pbem.sqlite"),
                       "BASE_URL": "http://pbem.test", "TESTING": True})


@pytest.fixture
def site(app):
    from pbem.site import Site

    return Site.from_config(app.config)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    connection = store.connect(app.config["DATABASE"])
    yield connection
    connection.close()


@pytest.fixture
def runner(var_dir, monkeypatch, capsys):
    """runner(*args) runs the pbem console script in-process against this test's database and returns
    (exit code, stdout, stderr)."""
    from pbem import cli

    monkeypatch.setenv("PBEM_VAR", str(var_dir))
    monkeypatch.setenv("PBEM_DB", str(var_dir / "pbem.sqlite"))
    monkeypatch.setenv("PBEM_BASE_URL", "http://pbem.test")

    def run(*args):
        code = cli.main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def server(var_dir):
    """A real `pbem serve` process on a loopback port; yields its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": str(var_dir / "pbem.sqlite"), "PBEM_BASE_URL": base}
    process = subprocess.Popen([sys.executable, "-m", "pbem.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(base + "/api/games/types", timeout=1).read()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("pbem serve did not start: " + process.stdout.read().decode(errors="replace"))
            time.sleep(0.1)
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
