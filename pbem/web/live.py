"""A live table (issue 27 item 4): `GET /games/<id>/events/stream`, a stream of server-sent events that an
open seat or spectator page holds, so it learns of every new event within a second instead of asking
every few seconds (templates/play.js swaps the new page in place).

The stream sends the game's head `{"seq", "hash"}` at once and again each time it moves, as `event: head`.
It reads the head from the database, not from this process's memory, so an append made by another worker
or another node is seen as soon as one made here: one indexed read of the last event (pbem/store's
`head`), on the stream's own thread and its own connection. On SQLite it reads every POLL_SECONDS. On
PostgreSQL every append is announced (LISTEN/NOTIFY, pbem/store/postgres.py): one listener per process
wakes the streams of the game that had an append, which then read its head, and otherwise read only
every LISTENING_POLL_SECONDS, in case a notice was lost while the listener reconnected.

A stream holds one of the server's threads while it lasts (granian runs a WSGI answer's iteration on a
blocking thread, after the app has returned it): at most STREAMS_AT_MOST at once per worker, on threads
the server adds for them (pbem/serving.py), so streams never take the threads that answer everyone else.
A stream past that bound is answered 503 with Retry-After, and the page falls back to its small poll. A
stream ends after STREAM_SECONDS (the browser's EventSource opens a new one by itself, after `retry`), and
a comment every KEEPALIVE_SECONDS keeps proxies from closing it and finds a browser that went away.

The head is public (pbem/web/heads.py): whoever may see the game's page may hold its stream.
"""

from __future__ import annotations

import json
import threading
import time

from flask import Response, current_app

from .. import store
from ..play import service
from .db import connection, get_db
from .pages import bp

STREAMS_AT_MOST = 32  # per worker: each holds a thread of its own while it lasts
STREAM_SECONDS = 180  # then the browser reconnects: a stream never outlives a few minutes
POLL_SECONDS = 0.3  # how often a stream reads the head: a new event is seen well within a second
LISTENING_POLL_SECONDS = 2.0  # on PostgreSQL, woken by NOTIFY: a read this often only as a safety net
KEEPALIVE_SECONDS = 5  # also how soon a browser that went away gives its thread back (a write finds it gone)
RETRY_MS = 1000  # the browser's wait before it opens a stream again after one ended

_lock = threading.Lock()
_open = 0


def taken() -> int:
    """How many streams this worker holds now."""
    return _open


def _take() -> bool:
    global _open
    with _lock:
        if _open >= STREAMS_AT_MOST:
            return False
        _open += 1
        return True


def _give_back() -> None:
    global _open
    with _lock:
        _open -= 1


class Appends:
    """The appends this process has heard announced, per game (PostgreSQL's NOTIFY), for streams to wait on."""

    def __init__(self):
        self.changed = threading.Condition()
        self.counts: dict[str, int] = {}

    def heard(self, game_id: str, notices: int = 0) -> None:
        with self.changed:
            self.counts[game_id] = self.counts.get(game_id, 0) + 1
            self.changed.notify_all()

    def seen(self, game_id: str) -> int:
        with self.changed:
            return self.counts.get(game_id, 0)

    def wait(self, game_id: str, seen: int, seconds: float) -> int:
        """Until an append to the game after `seen` was heard, or `seconds` passed; the count now."""
        with self.changed:
            self.changed.wait_for(lambda: self.counts.get(game_id, 0) != seen, timeout=seconds)
            return self.counts.get(game_id, 0)


_listening: dict[str, Appends] = {}


def appends_heard(path: str) -> Appends | None:
    """The process's listener to the database's announced appends, started on first use; None on SQLite."""
    if not store.is_postgres(path):
        return None
    with _lock:
        appends = _listening.get(path)
        if appends is None:
            appends = _listening[path] = Appends()
            threading.Thread(target=store.listen_for_appends, name="pbem-live-listener", daemon=True,
                             args=(path, appends.heard, threading.Event())).start()
    return appends


def read_head(path: str, game_id: str) -> tuple[int, str] | None:
    """The game's head, on this thread's own connection, with nothing left open on it afterwards."""
    db = connection(path)
    try:
        return store.head(db, game_id)
    finally:
        store.end_request(db)


def frame(head: tuple[int, str]) -> bytes:
    return f"event: head\ndata: {json.dumps({'seq': head[0], 'hash': head[1]})}\n\n".encode()


def follow(path: str, game_id: str, first: tuple[int, str], seconds: float = STREAM_SECONDS):
    """The stream's body: the head now, then each new one, until the time is up or the browser has gone
    (a write to a closed connection ends the iteration)."""
    try:
        appends = appends_heard(path)
        heard = appends.seen(game_id) if appends else 0
        yield f"retry: {RETRY_MS}\n\n".encode() + frame(first)
        last, ends = first, time.monotonic() + seconds
        quiet_since = time.monotonic()
        while time.monotonic() < ends:
            if appends is None:
                time.sleep(POLL_SECONDS)
            else:
                heard = appends.wait(game_id, heard, min(LISTENING_POLL_SECONDS, KEEPALIVE_SECONDS))
            try:
                now = read_head(path, game_id)
            except Exception:  # noqa: BLE001 - the database out of reach: end, the browser comes back later
                return
            if now is not None and now != last:
                last, quiet_since = now, time.monotonic()
                yield frame(now)
            elif time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
                quiet_since = time.monotonic()
                yield b": still here\n\n"
    finally:
        _give_back()


@bp.get("/games/<game_id>/events/stream")
def event_stream(game_id):
    """The game's head as server-sent events (text/event-stream), for an open page to follow the game."""
    first = store.head(get_db(), game_id)
    if first is None:
        raise service.GameNotFound(f"no game {game_id!r} here")
    if not _take():
        return Response("too many open pages on this server: try again shortly\n", status=503,
                        mimetype="text/plain", headers={"Retry-After": "30"})
    path = current_app.config["DATABASE"]
    return Response(follow(path, game_id, first), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
