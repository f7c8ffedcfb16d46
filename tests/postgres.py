"""A real PostgreSQL for the tests, started by them: nothing is assumed to be running. Debian's binaries
(`pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin) make a cluster with `initdb` in a
temporary folder and run it with `pg_ctl`, listening on a free loopback port only (no socket file),
trust authentication on loopback. PostgreSQL refuses to run as root: under root the folder is given to
`nobody` and every binary runs as that user (setpriv).

One cluster per pytest process (conftest.py's session fixture; each pytest-xdist worker has its own),
started on first use and stopped at the end; each test gets a database of its own (`CREATE DATABASE`),
dropped after it.

A test of the README's standby (tests/test_standby.py) makes a pair of its own: a primary configured
with the recipe's lines (`PRIMARY_SETTINGS`, `REPLICATION_HBA`, the `replicator` role) and a `Standby`
made from it with `pg_basebackup -R` into a folder of its own on its own port, with the recipe's
`STANDBY_SETTINGS`; `promote` is `pg_ctl promote`, `kill` a SIGKILL of the postmaster and its children."""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import signal
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


# The README's "A standby" recipe, line for line (test_standby checks that the README says each).
# The primary: WAL for a standby; once the standby runs, a commit acknowledged only when the standby has
# it on its disk too (set after the standby is made: until one connects, every commit would wait).
PRIMARY_SETTINGS = ("wal_level = replica", "max_wal_senders = 10", "synchronous_commit = on")
SYNCHRONOUS_SETTING = "synchronous_standby_names = 'pbem_standby'"
# The standby, once promoted, commits alone: until a new standby is built, waiting for one would stop
# every write.
STANDBY_SETTINGS = ("hot_standby = on", "synchronous_standby_names = ''")
REPLICATION_ROLE = "create role replicator with replication login password 'standby-secret'"
REPLICATION_HBA = "host  replication  replicator  127.0.0.1/32  scram-sha-256"
STANDBY_NAME = "pbem_standby"  # the standby's application_name, which synchronous_standby_names names


class Cluster:
    """A PostgreSQL cluster in a folder of its own, on a loopback port; `settings` are lines added to its
    postgresql.conf, `hba` lines to its pg_hba.conf (in place of initdb's replication lines)."""

    def __init__(self, settings: tuple[str, ...] = (), hba: tuple[str, ...] = (), durable: bool = False):
        # fsync off unless `durable` (the benchmarks' raw rates): a test's cluster is thrown away with its folder,
        # and a PostgreSQL process killed (as the standby's tests kill the primary) loses nothing that its
        # write() handed to the kernel; what fsync adds is surviving a power cut, which no test makes. It cut
        # a database's making and dropping, which every PostgreSQL test pays, from 400 to 260 ms.
        self.durable = durable
        self.make_folder()
        self.run("initdb", "-D", str(self.data), "--auth=trust", "--username=pbem", "--encoding=UTF8",
                 "--locale=C", "--no-sync")
        if hba:
            pg_hba = self.data / "pg_hba.conf"
            kept = [line for line in pg_hba.read_text().splitlines() if "replication" not in line.split("#")[0]]
            pg_hba.write_text("\n".join(kept + list(hba)) + "\n")
        self.configure(settings)
        self.start()

    def make_folder(self) -> None:
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

    def configure(self, settings) -> None:
        """Lines added at the end of postgresql.conf (a later line wins over an earlier one)."""
        if settings:
            with open(self.data / "postgresql.conf", "a") as conf:
                conf.write("\n# pbem's tests\n" + "".join(f"{line}\n" for line in settings))

    def run(self, binary: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([*self.prefix, str(self.bin / binary), *args], capture_output=True, text=True,
                              check=check, cwd=self.folder, timeout=120)

    def start(self) -> None:
        """Start the cluster (again) on its port, and wait until it accepts connections."""
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories='' "
                   f"-c max_connections=300 -c shared_buffers=32MB -c fsync={'on' if self.durable else 'off'}")
        self.run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log), "-o", options)

    def stop(self, mode: str = "fast") -> None:
        self.run("pg_ctl", "stop", "-w", "-t", "60", "-D", str(self.data), "-m", mode, check=False)

    def reload(self) -> None:
        """`pg_ctl reload`: postgresql.conf and pg_hba.conf read again."""
        self.run("pg_ctl", "reload", "-D", str(self.data))

    def processes(self) -> list[int]:
        """The postmaster and its children (the backends, the WAL sender, the checkpointer...)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
        return [postmaster, *map(int, children)]

    def kill(self) -> None:
        """SIGKILL to the postmaster and every child of it, as a machine that dies leaves them: nothing
        is flushed or said to the clients, their connections are cut."""
        for pid in self.processes():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def pause(self) -> None:
        """SIGSTOP to the postmaster and its children: the cluster stops answering, its connections open
        (a standby cut off from its primary)."""
        for pid in self.processes():
            os.kill(pid, signal.SIGSTOP)

    def resume(self) -> None:
        for pid in self.processes():
            os.kill(pid, signal.SIGCONT)

    def promote(self) -> None:
        """`pg_ctl promote`: a standby stops replaying and takes writes (waits until it does)."""
        self.run("pg_ctl", "promote", "-w", "-t", "60", "-D", str(self.data))

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


class Standby(Cluster):
    """A streaming standby of `primary`, made as the README says: `pg_basebackup -c fast -R` (at once, not
    after a spread checkpoint, which on a standby just promoted took minutes; -R writes
    primary_conninfo and standby.signal) with a replication slot of its own, as the `replicator` role,
    under the application_name the primary's synchronous_standby_names names; then the standby's own
    settings, and started on its own port."""

    def __init__(self, primary: Cluster):
        self.durable = primary.durable
        self.make_folder()
        source = (f"host=127.0.0.1 port={primary.port} user=replicator password=standby-secret "
                  f"application_name={STANDBY_NAME}")
        self.run("pg_basebackup", "-D", str(self.data), "-d", source, "-c", "fast", "-R", "-X", "stream", "-C",
                 "-S", STANDBY_NAME, "--no-sync")
        self.configure(STANDBY_SETTINGS)
        self.start()


def standby_pair() -> tuple[Cluster, Standby]:
    """A primary and its synchronous standby, made by the README's recipe in its order: the primary with
    its settings and replication line, the replication role, then `attach_standby`."""
    primary = Cluster(PRIMARY_SETTINGS, (REPLICATION_HBA,))
    try:
        primary.admin(REPLICATION_ROLE)
        return primary, attach_standby(primary)
    except BaseException:
        primary.destroy()
        raise


def attach_standby(primary: Cluster) -> Standby:
    """A new standby of `primary` (steps 2 and 3 of the recipe; after a takeover, of the promoted one, whose
    pg_hba line and replicator role came with its copy): made by pg_basebackup -R and started, then
    synchronous_standby_names on the primary and a reload; returned once the primary reports it
    streaming as its synchronous one."""
    import psycopg

    standby = Standby(primary)
    primary.configure((SYNCHRONOUS_SETTING,))
    primary.reload()
    deadline = time.monotonic() + 60
    while True:
        with psycopg.connect(primary.url("postgres"), autocommit=True, connect_timeout=10) as conn:
            states = conn.execute("select application_name, state, sync_state from pg_stat_replication").fetchall()
        if (STANDBY_NAME, "streaming", "sync") in states:
            return standby
        if time.monotonic() > deadline:
            standby.destroy()
            raise AssertionError(f"the standby is not the primary's synchronous one: {states}")
        time.sleep(0.2)


_cluster: Cluster | None = None


def cluster(durable: bool = False) -> Cluster:
    """This process's cluster, started on first use (conftest.py stops it at the session's end, and so
    does this process's exit if the session could not); `durable`: with fsync on (a benchmark's)."""
    global _cluster
    if _cluster is None:
        _cluster = Cluster(durable=durable)
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
