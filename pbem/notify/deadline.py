"""An overall time limit on one call to a peer (a webhook's POST, an SMTP session), however slowly the
peer answers.

A socket's timeout bounds each read and write, not the call: a peer that sends one byte every few
seconds satisfies it for ever, and a delivery that waits on such a peer held up every other one (the
audit's N1). Here a timer shuts the call's connections down when its time is up, which ends at once a
read or write blocked on them (on Linux `shutdown` wakes a blocked `recv` or `send`), and the call raises
TimeoutError. A connection is watched through a duplicate of its descriptor, so it stays watched when TLS
wraps it (STARTTLS, the handshake included) and the timer never touches a descriptor the call has closed
and the system has handed to someone else. A claim on an outbox row lasts the attempt's deadline and a
margin (pbem/notify/outbox.py), so no other sender takes a row while its attempt may still send it.
"""

from __future__ import annotations

import socket
import threading
import time


class Deadline:
    """`with Deadline(seconds) as deadline:` around a call; `deadline.watch(sock)` each connection it opens
    (before reading from it), `deadline.connect_timeout(t)` for the time a connect may take."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.ends = time.monotonic() + seconds
        self.expired = False
        self._watched: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(self, kind, error, traceback) -> None:
        self._timer.cancel()
        with self._lock:
            self.expired = self.expired or time.monotonic() >= self.ends
            for duplicate in self._watched:
                duplicate.close()
            self._watched.clear()
        if kind is not None and self.expired:
            # whatever the cut connection raised (a reset, an incomplete answer), the cause is the time
            raise TimeoutError(f"no complete answer within {self.seconds:g} s") from error

    def left(self) -> float:
        """Seconds left; raises TimeoutError once there are none (so nothing is sent after the deadline,
        a slow name lookup included)."""
        left = self.ends - time.monotonic()
        if left <= 0 or self.expired:
            raise TimeoutError(f"no complete answer within {self.seconds:g} s")
        return left

    def connect_timeout(self, timeout: float) -> float:
        """The timeout for a connect: the socket's own, cut to the time left."""
        return min(timeout, self.left())

    def watch(self, sock: socket.socket) -> socket.socket:
        """Shut this connection down when the time is up (at once if it is up already); returns it."""
        duplicate = sock.dup()
        with self._lock:
            if self.expired:
                _shut(duplicate)
            self._watched.append(duplicate)
        return sock

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for duplicate in self._watched:
                _shut(duplicate)


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # already closed by the peer: nothing left to end
        pass
