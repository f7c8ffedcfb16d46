"""One database connection per request (and per CLI command or scheduler thread)."""

from __future__ import annotations

from flask import current_app, g

from . import store


def get_db():
    if "db" not in g:
        g.db = store.connect(current_app.config["DATABASE"])
    return g.db


def close_db(error=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def get_site():
    from .site import Site

    if "site" not in g:
        g.site = Site.from_config(current_app.config)
    return g.site
