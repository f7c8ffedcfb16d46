"""Shared fixtures: golden files (`--update-golden` rewrites them on purpose)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# The fuzzers (tests/games/*/test_position_fuzz.py, tests/test_bad_input.py) draw the same inputs on every
# run, so that a run passes or fails because of the code and not of the draw (a fresh draw once failed CI
# on a case no change had touched). HYPOTHESIS_PROFILE=explore draws fresh inputs: run it now and then,
# and keep each case it finds as a fixed test beside the fuzzer.
hypothesis_settings.register_profile("repeatable", derandomize=True, database=None)
hypothesis_settings.register_profile("explore", derandomize=False)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files instead of comparing")


# --- the engines: every test that uses the `database` fixture runs on SQLite and on PostgreSQL ---------

ENGINES = ("sqlite", "postgresql")


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only(why): a test about SQLite itself (its files, locks, WAL), "
                                       "one whose subject never reaches the engine (the pages' markup), "
                                       "or not yet passing on PostgreSQL: run on SQLite only")
    config.addinivalue_line("markers", "engines_take_turns(argname, values): a whole game through the pages for "
                                       "each of `values`, each on one engine, the engines taking turns, so that "
                                       "every game and both engines are played (the pages are the subject; "
                                       "every move's path through each engine is played by the API suites)")


def pytest_generate_tests(metafunc):
    """Tests that name their database through the fixture run once per engine ([sqlite], [postgresql]);
    PBEM_TEST_ENGINES=sqlite (or postgresql) runs one of them."""
    if "database" not in metafunc.fixturenames and "engine" not in metafunc.fixturenames:
        return
    engines = wanted_engines()
    if metafunc.definition.get_closest_marker("sqlite_only") is not None:
        engines = [engine for engine in engines if engine == "sqlite"]
    turns = metafunc.definition.get_closest_marker("engines_take_turns")
    if turns is not None:
        # A browser playing a whole game costs minutes on CI's two cores; played once per engine it cost
        # twice that and tested the pages twice. Each value gets one engine, in turn.
        argname, values = turns.args
        pairs = [(value, engines[i % len(engines)]) for i, value in enumerate(values)]
        metafunc.parametrize([argname, "engine"], pairs, indirect=["engine"], ids=[f"{e}-{v}" for v, e in pairs])
        return
    metafunc.parametrize("engine", engines, indirect=True, ids=engines)


def pytest_collection_modifyitems(config, items):
    """The slow tests (whole games in a browser, server processes, playouts) first: the suite's processes
    then share them out early, and the quick ones fill in around them, instead of one process running a
    three-minute test at the end while the others wait. Their order within a file stays as written."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def wanted_engines() -> list[str]:
    wanted = [name.strip() for name in os.environ.get("PBEM_TEST_ENGINES", ",".join(ENGINES)).split(",")]
    return [engine for engine in ENGINES if engine in wanted]


@pytest.fixture
def engine(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def postgres_cluster():
    """This pytest process's PostgreSQL (tests/postgres.py), started on first use, stopped at the end."""
    from tests import postgres

    yield postgres.cluster()
    postgres.stop_cluster()


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

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from pbem import create_app, store
from tests.browser import chrome, shots  # noqa: F401  (fixtures: a real headless Chromium, screenshots)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def var_dir(tmp_path):
    path = tmp_path / "var"
    path.mkdir()
    return path


@pytest.fixture
def database(engine, var_dir, request):
    """This test's database, as PBEM_DB names it: a SQLite file under the test's var folder, or a new
    database on this process's PostgreSQL (dropped after the test). Tests name their database through
    this fixture, never by a path of their own, so the engine is chosen here."""
    if engine == "sqlite":
        yield str(var_dir / "pbem.sqlite")
        return
    cluster = request.getfixturevalue("postgres_cluster")
    url = cluster.create_database()
    yield url
    cluster.drop_database(url)


@pytest.fixture
def new_database(var_dir, request):
    """new_database(engine) -> another empty database of that engine ("sqlite" or "postgresql"), to
    restore or copy into: a new SQLite file in the test's var folder, or a new database on this process's
    PostgreSQL (dropped after the test)."""
    made: list[str] = []

    def make(engine: str) -> str:
        if engine not in wanted_engines():
            pytest.skip(f"PBEM_TEST_ENGINES leaves {engine} out")
        if engine == "sqlite":
            made.append(str(var_dir / f"another-{len(made) + 1}.sqlite"))
        else:
            made.append(request.getfixturevalue("postgres_cluster").create_database())
        return made[-1]

    yield make
    for url in made:
        if store.is_postgres(url):
            from tests import postgres

            postgres.cluster().drop_database(url)


@pytest.fixture
def second_database(engine, new_database) -> str:
    """Another empty database of this test's engine."""
    return new_database(engine)


@pytest.fixture
def app(var_dir, database):
    """The app on this test's database, rate limits off (tests/test_rate_limits.py turns them on)."""
    return create_app({"VAR_DIR": str(var_dir), "DATABASE": database,
                       "BASE_URL": "http://pbem.test", "TESTING": True, "RATE_LIMITS": "off"})


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
def runner(var_dir, database, monkeypatch, capsys):
    """runner(*args) runs the pbem console script in-process against this test's database and returns
    (exit code, stdout, stderr)."""
    from pbem import cli

    monkeypatch.setenv("PBEM_VAR", str(var_dir))
    monkeypatch.setenv("PBEM_DB", database)
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


def start_server(var_dir, database: str, *args: str, env: dict | None = None, base_url: str | None = None,
                 port: int | None = None):
    """A real `pbem serve` process on `database` (the test's `database` fixture: there is no default, so
    that no server ends up on a database of its own choosing) with `var_dir` for its other files, on a
    loopback port (free, unless given) and with `args` (e.g. --no-scheduler); returns (process, base URL)
    once it answers."""
    for attempt in range(3):
        chosen = port or free_port()
        base = f"http://127.0.0.1:{chosen}"
        environment = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": str(database),
                       "PBEM_BASE_URL": base_url or base, "PBEM_RATE_LIMITS": "off", **(env or {})}
        # its output goes to a file of no name, not a pipe: a pipe nobody reads fills up, and a server
        # that then blocks on a log line hangs its test
        output = tempfile.TemporaryFile()
        process = subprocess.Popen([sys.executable, "-m", "pbem.cli", "serve", "--port", str(chosen), *args],
                                   cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT)
        process.output = output
        deadline = time.monotonic() + 30  # generous: the tests run in parallel processes on few cores
        while True:
            try:
                urllib.request.urlopen(base + "/api/games/types", timeout=1).read()
                return process, base
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    process.wait()
                    output.seek(0)
                    said = output.read().decode(errors="replace")
                    output.close()
                    # a free port is free when asked, not always when the server binds it: another test
                    # process's connection or server may have taken it meanwhile
                    if "Address already in use" in said and port is None and attempt < 2:
                        break
                    raise RuntimeError("pbem serve did not start: " + said)
                time.sleep(0.1)


def stop_server(process) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.output.close()


@pytest.fixture
def server(var_dir, database):
    """A real `pbem serve` process on this test's database and a loopback port; yields its base URL."""
    process, base = start_server(var_dir, database)
    yield base
    stop_server(process)


# --- real peers on loopback: an SMTP server (aiosmtpd) and an HTTP receiver for webhooks ------------

import email
import email.policy
import errno
import json as _json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class SmtpSink:
    """Messages an aiosmtpd server on loopback accepted. `hold` (a threading.Event) makes the server
    wait before accepting each message, so a test can kill a sender mid-delivery; `let_go()` waits until
    the server has seen every held sender hang up (it then drops their messages, accepted by nobody)."""

    def __init__(self):
        self.messages: list = []
        self.arrived = threading.Condition()
        self.hold: threading.Event | None = None
        self.waiting = threading.Event()
        self.holding = 0

    async def handle_DATA(self, server, session, envelope):
        if self.hold is not None:
            import asyncio

            with self.arrived:
                self.holding += 1
            self.waiting.set()
            try:  # a sender that hangs up meanwhile cancels this (aiosmtpd): its message is never accepted
                while not self.hold.is_set():
                    await asyncio.sleep(0.02)
            finally:
                with self.arrived:
                    self.holding -= 1
                    self.arrived.notify_all()
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 10) -> list:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.messages) >= count, timeout)
        return list(self.messages)

    def let_go(self, timeout: float = 30) -> bool:
        """Wait until no message is held: each held sender has been answered or has hung up. A test that
        kills a sender waits for this before it lifts `hold`, or on a busy machine the server may see
        the hold lifted before the hang-up and accept the dead sender's message."""
        with self.arrived:
            return self.arrived.wait_for(lambda: self.holding == 0, timeout)

    def to(self, address: str) -> list:
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def smtp_sink():
    from aiosmtpd.controller import Controller

    sink = SmtpSink()
    for attempt in range(3):
        controller = Controller(sink, hostname="127.0.0.1", port=free_port())
        try:
            controller.start()
            break
        except OSError as error:  # the free port taken meanwhile by another test process: another one
            if error.errno != errno.EADDRINUSE or attempt == 2:
                raise
    sink.url = f"smtp://127.0.0.1:{controller.port}"
    yield sink
    if sink.hold is not None:
        sink.hold.set()
    controller.stop()


class WebhookSink:
    """POSTs an HTTP server on loopback received: (path, headers, body). `status` is what it answers."""

    def __init__(self):
        self.requests: list[tuple[str, dict, bytes]] = []
        self.status = 204

    def json_bodies(self) -> list[dict]:
        return [_json.loads(body) for _, _, body in self.requests]


@pytest.fixture
def webhook_sink():
    sink = WebhookSink()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            sink.requests.append((self.path, dict(self.headers), body))
            self.send_response(sink.status)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    sink.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    yield sink
    server.shutdown()
    server.server_close()


@pytest.fixture
def mail_app(var_dir, database, smtp_sink):
    """The app configured for real mail on loopback, loopback webhooks and inbound mail."""
    return create_app({"VAR_DIR": str(var_dir), "DATABASE": database,
                       "BASE_URL": "http://pbem.test", "TESTING": True, "RATE_LIMITS": "off", "SMTP_URL": smtp_sink.url,
                       "MAIL_FROM": "pbem@pbem.test", "ALLOW_PRIVATE_WEBHOOKS": True,
                       "INBOUND_SECRET": "inbound-secret"})


@pytest.fixture
def mail_site(mail_app):
    from pbem.site import Site

    return Site.from_config(mail_app.config)


@pytest.fixture
def mail_db(mail_app):
    connection = store.connect(mail_app.config["DATABASE"])
    yield connection
    connection.close()
