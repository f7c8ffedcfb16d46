"""Request bodies read whole before the app sees them, on threads kept for that (audit N3): a WSGI
middleware that `pbem serve` puts around the app in each worker (pbem/serving.py).

Granian hands a request to one of the worker's threads as soon as its headers are in, and the app then
read the body in that thread: a client that sent its body slowly (or never) held the thread until it was
done, and eight such clients held every thread of a worker, so no one else was answered for minutes. Now
the worker has READERS threads more than the app may use, a body is read whole (up to its limit) before
the app is called, and at most `threads` requests run the app at once (as many as before): slow bodies can
hold at most READERS threads, never the ones that answer everyone else. A request with a body that
arrives when READERS bodies are being read is answered 503 at once, without reading it.

Granian gives no way to stop waiting for a body's bytes: its read returns when all it asks for has come
or the connection has closed (and reading on another thread, to answer at a deadline while the read went
on, froze the whole worker once that request had answered). So a body is read in small reads with the
deadline looked at between them: a client still sending after BODY_SECONDS is answered 408 and its
connection closed, while one that sends nothing more holds its reader until it goes (behind a proxy that
buffers bodies, as pbem/deploy/nginx.conf does, neither happens).

A body whose Content-Length is over the limit is left unread for the app to refuse (413); a chunked body
is read up to one byte over the limit, and the app then refuses it the same way.
"""

from __future__ import annotations

import io
import json
import threading
import time

from ..config import MAX_BODY_BYTES
from .headers import ALWAYS

READERS = 64  # bodies being read at once in one worker, each on a thread of its own while its client sends
INBOUND_PATH = "/api/mail/inbound"

BODY_SECONDS = 10.0  # a body still coming after this is cut off (nginx's own: 10 s between reads)
PIECE = 64  # the most asked of granian in one read (a read waits for all it asks for)
QUICK = 0.05  # a read answered within this many seconds found its bytes there: ask for twice as many next

REASONS = {400: "400 Bad Request", 408: "408 Request Timeout", 503: "503 Service Unavailable"}


def read_within(stream, size: int, seconds: float) -> bytes:
    """Up to `size` bytes of a granian body (fewer when it ends first); TimeoutError once `seconds` are
    over. A read waits until all it asks for has come, so the deadline is looked at between reads: reads
    ask for twice as much as the last while bytes are there when asked for (a body sent at once takes a
    handful), one byte after a read had to wait, and never more than PIECE. A client that sends nothing
    more is not cut off: granian's read cannot be abandoned."""
    deadline = time.monotonic() + seconds
    pieces, got, asked = [], 0, 1
    while got < size:
        started = time.monotonic()
        piece = stream.read(min(asked, size - got))
        if not piece:
            break  # the body ended
        pieces.append(piece)
        got += len(piece)
        now = time.monotonic()
        if got < size and now > deadline:
            raise TimeoutError
        asked = min(asked * 2, PIECE) if now - started < QUICK else 1
    return b"".join(pieces)


def body_limit(path: str) -> int:
    """The most a request to `path` may send: an inbound e-mail more than anything else."""
    if path == INBOUND_PATH:
        from ..notify.inbound import MAX_MESSAGE_BYTES

        return MAX_MESSAGE_BYTES
    return MAX_BODY_BYTES


def content_length(environ) -> int | None:
    text = environ.get("CONTENT_LENGTH") or ""
    return int(text) if text.isdigit() else None  # the server refuses a malformed one before the app


def chunked(environ) -> bool:
    return "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()


def refuse(environ, start_response, status: int, reason: str, extra: tuple):
    """An answer of the middleware's own: JSON on the API, plain text elsewhere, with the headers every
    answer carries; the connection is not kept (what is left of its body is never read)."""
    if environ.get("PATH_INFO", "").startswith("/api/"):
        body, kind = json.dumps({"error": reason}).encode(), "application/json"
    else:
        body, kind = (reason + "\n").encode(), "text/plain; charset=utf-8"
    start_response(REASONS[status], [("Content-Type", kind), ("Content-Length", str(len(body))),
                                     ("Connection", "close"), *ALWAYS.items(), *extra])
    return [body]


class WholeBodies:
    """The app, called with its request's body already read (a BytesIO of it as wsgi.input)."""

    def __init__(self, app, threads: int, readers: int = READERS, seconds: float = BODY_SECONDS):
        self.app = app
        self.running = threading.BoundedSemaphore(threads)
        self.readers, self.seconds = readers, seconds
        self.lock = threading.Lock()
        self.reading = 0  # bodies being read now

    def __call__(self, environ, start_response):
        length = content_length(environ)
        if length or chunked(environ):
            refusal = self.read_body(environ, length)
            if refusal is not None:
                return refuse(environ, start_response, *refusal)
        with self.running:
            return self.app(environ, start_response)

    def read_body(self, environ, length: int | None) -> tuple | None:
        """Put the whole body in `environ`; or the refusal (status, reason, headers) when it was not read."""
        limit = body_limit(environ.get("PATH_INFO", ""))
        if chunked(environ):
            length = None
        elif length > limit:
            return None  # the app refuses it by its Content-Length, unread
        with self.lock:
            if self.reading >= self.readers:
                return 503, "the server is busy reading other requests: try again shortly", (("Retry-After", "5"),)
            self.reading += 1
        try:
            data = read_within(environ["wsgi.input"], length if length is not None else limit + 1, self.seconds)
        except TimeoutError:
            return 408, f"the request's body did not arrive within {self.seconds:g} seconds", ()
        except Exception:  # noqa: BLE001 - the connection broke while its body came
            return 400, "the body could not be read", ()
        finally:
            with self.lock:
                self.reading -= 1
        if length is not None and len(data) < length:
            return 400, "the body ended before its Content-Length", ()
        environ["wsgi.input"] = io.BytesIO(data)
        environ["CONTENT_LENGTH"] = str(len(data))  # over the limit when a chunked body was: the app says 413
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return None
