"""A live table (issue 27 item 4): `GET /games/<id>/events/stream`, a stream of server-sent events that an
open seat or spectator page holds, so it learns of every new event within a second instead of asking
every few seconds (templates/play.js swaps the new page in place).

The stream sends the game's head `{"seq", "hash"}` at once and again each time it moves, as `event: head`.
It reads the head from the database, not from this process's memory, so an append made by another worker
or another node is seen as soon as one made here: every POLL_SECONDS one indexed read of the last event
(pbem/store's `head`), on the stream's own thread and its own connection. That read is cheap on both
engines; PostgreSQL's LISTEN/NOTIFY (pbem/store/postgres.py) would save it, at the price of a listener per
process that hands appends to the streams, which is left for when the streams are many.

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

from .. import service, store
from ..db import connection, get_db
from .pages import bp

STREAMS_AT_MOST = 32  # per worker: each holds a thread of its own while it lasts
STREAM_SECONDS = 180  # then the browser reconnects: a stream never outlives a few minutes
POLL_SECONDS = 0.3  # how often a stream reads the head: a new event is seen well within a second
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
        yield f"retry: {RETRY_MS}\n\n".encode() + frame(first)
        last, ends = first, time.monotonic() + seconds
        quiet_since = time.monotonic()
        while time.monotonic() < ends:
            time.sleep(POLL_SECONDS)
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
