"""`pbem serve`: the web server (granian) in front of the app, its limits, and where the scheduler runs.

Granian is a WSGI server written in Rust: it parses HTTP and keeps connections outside Python, so a
request costs the interpreter only the app's own work. Measured with `tests/benchmarks/bench_flat.py` on
the same machine, the server's processor time per move (a client's GET of its view and its POST) went
from 2.2 ms under waitress, a pure-Python server, to 1.4-1.6 ms, and 16 clients' moves per second from
480 to 670 with one worker process and from 700 to 1,050 with two.

`--workers N` runs N processes on one port and one database (each keeps the games it has loaded, and
checks the log's last event at every request, so what another appended is folded in first). Every
worker runs a scheduler, and a lease in the database lets one of them sweep: with one worker the
append that makes a computer seat owe a move wakes the scheduler at once; with several, the worker that
holds the lease looks every few seconds (another worker's append cannot wake it), and a worker woken
by its own append plays the computer's move in that game itself; every worker delivers the notices its
own appends and sign-ins queue, right after them (pbem/notify/sweep.py). A worker that stops
gives its lease up, so the next need not wait for it to run out.
"""

from __future__ import annotations

import multiprocessing.util
import os
import signal
import socket
import threading
import time
from functools import partial

from . import create_app
from .site import Site
from .web import bodies
from .web.live import STREAMS_AT_MOST

# The server's limits (issue 10): at most 1000 connections per worker (granian's "backpressure" counts
# connections; idle ones hold no thread, requests wait for one of the threads), a bounded backlog, and
# slow or silent clients cut off: a request's headers must arrive within 20 seconds. Bodies are read
# before the app runs, on threads beside the THREADS that run the app, so slow ones never hold those
# (pbem/web/bodies.py), and bounded before they are read (64 KiB for the API and the forms, 1 MiB for an
# e-mail; chunked ones too).
THREADS = 8
SERVER_LIMITS = {
    "backlog": 1024,
    "backpressure": 1000,
    "header_read_timeout_ms": 20_000,
}
# A worker that dies (killed, out of memory) is started again; one that dies again within seconds of that
# stops the server (granian's crash-loop guard). A stopping worker gets 10 seconds to finish before it is
# killed, so a client that holds its connection open cannot hold a stop up.
WORKER_KILL_SECONDS = 10
MASTER_CHECK_SECONDS = 0.5  # how often a worker looks whether its master process is still there

SCHEDULER_OFF, SCHEDULER_WOKEN, SCHEDULER_POLLING = "off", "woken", "polling"


def worker_app(target: str, scheduler: str):
    """The app as one worker process builds it (granian calls this in each), with its scheduler."""
    app = create_app()
    if scheduler != SCHEDULER_OFF:
        from .notify.sweep import give_up_lease, owner_name, start_scheduler

        owner = owner_name()
        database = app.config["DATABASE"]
        running = start_scheduler(database, Site.from_config(app.config), owner=owner,
                                  poll=scheduler == SCHEDULER_POLLING)
        app.config["SCHEDULER"] = (running, owner)

        def stop() -> None:
            running.shutdown(wait=False)
            give_up_lease(database, owner)

        # run as the worker process ends (granian stops its workers with SIGTERM; a worker is a
        # multiprocessing process, which runs these finalizers and no atexit handlers)
        multiprocessing.util.Finalize(None, stop, exitpriority=10)
    return app


def worker_process_app(target: str, scheduler: str, threads: int, master: int):
    """What granian calls in each new worker process: the worker's app, reading bodies whole before it
    runs, in a process that ends when its master does."""
    exit_with_master(master)
    app = worker_app(target, scheduler)
    # /api/health's node: the host and the pid of `pbem serve` (granian's master), the same from every
    # worker of one server, and different for two servers on one host
    app.config["NODE"] = f"{socket.gethostname()}:{master}"
    app.wsgi_app = bodies.WholeBodies(app.wsgi_app, threads)
    return app


def exit_with_master(master: int) -> None:
    """Stop this worker once its master process is gone (killed, say): nothing would stop it later, it would
    keep serving the port beside a restarted server, and its scheduler would run on."""

    def watch() -> None:
        while os.getppid() == master:
            time.sleep(MASTER_CHECK_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)  # granian's own stop: requests under way end, the lease is given up
        time.sleep(WORKER_KILL_SECONDS)
        os._exit(1)  # the stop did not finish (a connection held open): what a master would have done

    threading.Thread(target=watch, name="pbem-master-watch", daemon=True).start()


def serve(host: str, port: int, workers: int = 1, threads: int = THREADS, scheduler: bool = True) -> None:
    """Serve until SIGTERM or SIGINT, then stop every worker and return."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    mode = SCHEDULER_OFF if not scheduler else SCHEDULER_WOKEN if workers == 1 else SCHEDULER_POLLING
    # threads for the app, one more for each body that may be read at once, and one for each open page's
    # stream of the game's news (pbem/web/live.py: a stream holds its thread while it lasts)
    server = Granian("pbem:create_app", address=host, port=port, interface=Interfaces.WSGI, workers=workers,
                     blocking_threads=threads + bodies.READERS + STREAMS_AT_MOST, backlog=SERVER_LIMITS["backlog"],
                     backpressure=SERVER_LIMITS["backpressure"], http=HTTPModes.http1, websockets=False,
                     http1_settings=HTTP1Settings(header_read_timeout=SERVER_LIMITS["header_read_timeout_ms"]),
                     respawn_failed_workers=True, workers_kill_timeout=WORKER_KILL_SECONDS,
                     log_level=LogLevels.error)  # not its advice on threads: ours wait on the disk
    server.serve(target_loader=partial(worker_process_app, scheduler=mode, threads=threads, master=os.getpid()))
