"""`GET /api/health`, and the answer to every request while the database cannot be reached (architecture
sections 18 and 26): 503 with Retry-After, a JSON error on the API and a plain page elsewhere, never 500.

The store raises `store.Unavailable` when a connection cannot be opened; a statement that cannot reach
the database raises the engine's own error, which the store tells apart (`store.unreachable`) from a
bug (a bug stays a 500, logged). Either way the thread's kept connection is dropped, so the server serves
again, without a restart, once the database is back.
"""

from __future__ import annotations

import os
import socket

from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.exceptions import InternalServerError

from .. import store
from . import api, db
from .api import bp


def node() -> str:
    """This node's name: its host and the pid of `pbem serve` (serving.py sets it for every worker; a
    process serving the app otherwise names its own pid)."""
    return current_app.config.get("NODE") or f"{socket.gethostname()}:{os.getpid()}"


@bp.get("/health")
def health():
    """Whether this node reaches its database: one real round trip through the store."""
    checked = store.health(db.get_db())
    return jsonify({"database": checked["database"], "engine": checked["engine"], "node": node()})


def unavailable(error: Exception):
    current_app.logger.warning("%s %s: %s", request.method, request.path, error)
    db.forget(current_app.config["DATABASE"])
    if request.path.startswith("/api/"):
        response = jsonify({"error": "the database cannot be reached right now; try again later"})
    else:
        response = current_app.make_response(render_template(
            "error.html", status=503, message="The server cannot reach its games right now; try again in a moment."))
    response.status_code = 503
    response.headers["Retry-After"] = str(store.Unavailable.retry_after)
    return response


def engine_error(error: Exception):
    """An error of the database engine: 503 when it says the database is out of reach, else a bug (500)."""
    if not store.unreachable(error):
        raise error
    return unavailable(error)


def server_error(error: InternalServerError):
    """An error Flask's error handlers never saw (one raised after the view: by an `after_request`, or
    while the answer was finished) reaches Flask as a 500; the database out of reach is still a 503."""
    original = error.original_exception
    if original is not None and (isinstance(original, store.Unavailable) or store.unreachable(original)):
        return unavailable(original)
    if request.path.startswith("/api/"):
        return api.on_http_error(error)
    return error


def install(app: Flask) -> None:
    app.register_error_handler(store.Unavailable, unavailable)
    for kind in store.ENGINE_ERRORS:
        app.register_error_handler(kind, engine_error)
    app.register_error_handler(InternalServerError, server_error)
