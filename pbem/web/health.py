"""`GET /api/health`, and the answer to every request while the database cannot be reached (architecture
sections 18 and 26): 503 with Retry-After, a JSON error on the API and a plain page elsewhere, never 500.

The store raises `store.Unavailable` wherever it finds the database out of reach; the thread's kept
connection is dropped then, so the server serves again, without a restart, once the database is back.
"""

from __future__ import annotations

import os
import socket

from flask import Flask, current_app, jsonify, render_template, request

from .. import db, store
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


def unavailable(error: store.Unavailable):
    current_app.logger.warning("%s %s: %s", request.method, request.path, error)
    db.forget(current_app.config["DATABASE"])
    if request.path.startswith("/api/"):
        response = jsonify({"error": "the database cannot be reached right now; try again later"})
    else:
        response = current_app.make_response(render_template(
            "error.html", status=503, message="The server cannot reach its games right now; try again in a moment."))
    response.status_code = 503
    response.headers["Retry-After"] = str(error.retry_after)
    return response


def install(app: Flask) -> None:
    app.register_error_handler(store.Unavailable, unavailable)
