"""A real PostgreSQL for the tests, started by them: nothing is assumed to be running. Debian's binaries
(`pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin) make a cluster with `initdb` in a
temporary folder and run it with `pg_ctl`, listening on a free loopback port only (no socket file),
trust authentication on loopback. PostgreSQL refuses to run as root: under root the folder is given to
`nobody` and every binary runs as that user (setpriv).

One cluster per pytest process (conftest.py's session fixture; each pytest-xdist worker has its own),
started on first use and stopped at the end; each test gets a database of its own (`CREATE DATABASE`),
dropped after it."""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path


def bindir() -> Path | None:
    """The folder of PostgreSQL's server binaries, or None when they are not installed."""
    try:
        found = Path(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                    check=True).stdout.strip())
        if (found / "initdb").exists() and (found / "pg_ctl").exists():
            return found
    except (OSError, subprocess.CalledProcessError):
        pass
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                        if Path(p).parent.name.isdigit() else 0)
    for candidate in reversed(candidates):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Cluster:
    """A PostgreSQL cluster in a folder of its own, on a loopback port."""

    def __init__(self):
        binaries = bindir()
        if binaries is None:
            raise RuntimeError("PostgreSQL's binaries are not installed (Debian's postgresql package; .ci/run "
                               "installs it)")
        self.bin = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="pbem-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "postgres.log"
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root: the folder and the processes are nobody's
            user = pwd.getpwnam("nobody")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self.prefix = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--"]
        self.run("initdb", "-D", str(self.data), "--auth=trust", "--username=pbem", "--encoding=UTF8",
                 "--locale=C", "--no-sync")
        self.start()

    def run(self, binary: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([*self.prefix, str(self.bin / binary), *args], capture_output=True, text=True,
                              check=check, cwd=self.folder, timeout=120)

    def start(self) -> None:
        """Start the cluster (again) on its port, and wait until it accepts connections."""
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories='' "
                   "-c max_connections=300 -c shared_buffers=32MB -c fsync=on")
        self.run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log), "-o", options)

    def stop(self, mode: str = "fast") -> None:
        self.run("pg_ctl", "stop", "-w", "-t", "60", "-D", str(self.data), "-m", mode, check=False)

    def url(self, name: str) -> str:
        return f"postgresql://pbem@127.0.0.1:{self.port}/{name}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql)

    def create_database(self) -> str:
        """A new empty database; its URL, as PBEM_DB names it."""
        name = "test_" + uuid.uuid4().hex[:16]
        self.admin(f'create database "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        from pbem.store import postgres

        postgres.close_pools(url)  # this process's pooled connections to it
        name = url.rsplit("/", 1)[1]
        try:
            self.admin(f'drop database if exists "{name}" with (force)')
        except Exception:  # noqa: BLE001 - a test that stopped the cluster; the folder goes at the end anyway
            pass

    def recreate_database(self, url: str) -> None:
        """The database at `url` dropped, and an empty one of the same name made in its place (the restore
        drill's lost disk)."""
        self.drop_database(url)
        self.admin(f'create database "{url.rsplit("/", 1)[1]}"')

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


_cluster: Cluster | None = None


def cluster() -> Cluster:
    """This process's cluster, started on first use (conftest.py stops it at the session's end, and so
    does this process's exit if the session could not)."""
    global _cluster
    if _cluster is None:
        _cluster = Cluster()
        atexit.register(stop_cluster)
    return _cluster


def stop_cluster() -> None:
    global _cluster
    if _cluster is not None:
        _cluster.destroy()
        _cluster = None


def wait_until_up(seconds: float = 60) -> None:
    import psycopg

    deadline = time.monotonic() + seconds
    while True:
        try:
            cluster().admin("select 1")
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
