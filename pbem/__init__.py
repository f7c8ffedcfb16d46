"""pbem: a play-by-message server for correspondence board games.

`create_app` is the Flask application factory (architecture section 1): the instance path is the
absolute var/ folder and templates come from the top-level templates/ folder.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from . import config as config_mod


def create_app(config: dict | None = None) -> Flask:
    settings = config_mod.from_environment()
    settings.update(config or {})
    var_dir = Path(settings["VAR_DIR"]).resolve()
    app = Flask(__name__, instance_path=str(var_dir), template_folder=str(config_mod.TEMPLATES_DIR),
                static_folder=None)
    app.config.update(settings)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config_mod.secret_key(var_dir)

    from . import between
    from .lobby import listing
    from .people import away
    from .tournaments import running as tournaments
    # These add their routes to the pages' and the API's blueprints when imported (before those are
    # registered): the history, between players (issue 15), computer seats and handing on (issue 17), the
    # games' heads (issue 25).
    from .web import (api, app_files, away_pages, between_api, between_pages, db, front_door, headers,  # noqa: F401
                      heads, health, history, home, home_api, languages, limits, live, lobby_pages, pages, planning,
                      proof, push_api, seats, seek_routes, started, text_mode, tournament_pages, unsubscribe)

    app.teardown_appcontext(db.close_db)
    headers.install(app)
    limits.install(app)
    health.install(app)  # 503 with Retry-After, never 500, while the database cannot be reached
    app.register_blueprint(api.bp)
    api.install(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(front_door.bp)  # the home page: the games, the computer now, friends (issue 27)
    app.register_blueprint(unsubscribe.bp)
    app.register_blueprint(started.bp)
    app.register_blueprint(home.bp)        # a player's home across games (issue 14)
    app.register_blueprint(home_api.bp)
    app.register_blueprint(push_api.bp)    # Web Push (issue 30)
    app.register_blueprint(app_files.bp)   # the installable app: manifest, service worker, icons
    lobby_pages.register(app)              # the lobby, public names, reliability (issue 31)
    seek_routes.register(app)              # seeks: games started by those who want the same (issue 31)
    tournament_pages.register(app)         # round robins and leagues (issue 32)
    home.install(app)
    pages.install_filters(app)
    languages.install(app)  # the reader's language on every page (issue 26)
    between.install()  # conditional moves follow every append (issue 15)
    away.install()  # an address's rest days follow it into a game it joins (issue 28)
    listing.install()  # the lobby's rows, the players' reliability and ratings follow every append (issues 31, 32)
    tournaments.install()  # a tournament's game that ends makes its next round, or ends it (issue 32)
    return app
