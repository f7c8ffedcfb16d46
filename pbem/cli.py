"""The `pbem` console script: serve, new, games, links, show, verify, backup, restore, rebuild, ratings, and more.

Each command opens its own database connection (PBEM_DB, default var/pbem.sqlite) and calls the
same service verbs as the web pages.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import sys

from . import config as config_mod
from . import store
from .games import GAMES
from .games.base import GameError
from .play import service
from .site import Site


def open_db():
    return store.connect(config_mod.from_environment()["DATABASE"])


def cli_site(db, say: bool = True) -> Site:
    """The server's settings as this command sees them, links pointing where the server's do: to
    PBEM_BASE_URL when it is set here, else to the base URL `pbem serve` recorded in the database at its
    start (an operator's shell seldom repeats the server's environment), else to the default. `say`: tell
    on stderr which one, since a link to the wrong host looks right until someone follows it."""
    site = Site.from_environment()
    if os.environ.get("PBEM_BASE_URL"):
        source = "from PBEM_BASE_URL"
    else:
        recorded = store.recorded_server(db, "base_url")
        if recorded is not None:
            site = dataclasses.replace(site, base_url=recorded[0])
            source = f"as `pbem serve` recorded it at its start, {recorded[1]}; PBEM_BASE_URL overrides it"
        else:
            source = "the default: no server has started on this database and PBEM_BASE_URL is unset"
    if say:
        print(f"pbem: links point to {site.base_url} ({source})", file=sys.stderr)
    return site


def parse_player(text: str) -> dict:
    if text.strip() == "open":  # an open seat, taken through the game's invitation (issue 14)
        return {"open": True}
    name, _, email = text.partition(":")
    return {"name": name.strip(), "email": email.strip() or None}


def parse_option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise SystemExit(f"pbem: --option takes KEY=VALUE, not {text!r}")
    return key.strip(), value


def cmd_serve(args) -> int:
    from . import create_app, serving
    from .notify import push

    if args.workers < 1 or args.threads < 1:
        raise SystemExit("pbem: --workers and --threads take a number from 1")
    # built once here, before any worker, so that a setting that cannot be used stops the server with its
    # reason, and the database is migrated once; each worker builds its own
    app = create_app()
    # for the other commands on this database: `pbem links` prints the links this server serves
    db = store.connect(app.config["DATABASE"])
    store.record_server(db, "base_url", app.config["BASE_URL"], service.utcnow())
    push.keys(db, service.utcnow())  # the VAPID key pair, made at the first start (issue 30)
    db.close()
    store.close_pools()  # the workers open their own: a pool's threads and sockets are not for forked processes
    print(f"pbem serving on http://{args.host}:{args.port}/ (database {store.described(app.config['DATABASE'])}, "
          f"{args.workers} worker process{'es' if args.workers > 1 else ''})", flush=True)
    if not args.no_scheduler:
        print("pbem: the scheduler runs in this server (reminders, timeouts, computer moves, mail); "
              "--no-scheduler to leave it to `pbem worker`", flush=True)
    serving.serve(args.host, args.port, workers=args.workers, threads=args.threads, scheduler=not args.no_scheduler)
    return 0


def stop_on_sigterm(cleanup) -> None:
    """On SIGTERM (a process manager stopping us), release what others wait for, then exit."""
    import signal

    def handler(signum, frame):
        try:
            cleanup()
        finally:
            raise SystemExit(0)

    signal.signal(signal.SIGTERM, handler)


def cmd_worker(args) -> int:
    from .notify.sweep import give_up_lease, owner_name, start_scheduler, sweep

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    site = cli_site(open_db())
    database = config_mod.from_environment()["DATABASE"]
    owner = owner_name()
    if args.once:
        counts = sweep(open_db(), site, owner=owner)
        give_up_lease(database, owner)  # a second --once right after must not find the lease taken
        print("another process holds the scheduler lease; nothing done" if counts is None else f"sweep: {counts}")
        return 0
    print("pbem worker: sweeping every few seconds (Ctrl-C to stop)", flush=True)
    stop_on_sigterm(lambda: give_up_lease(database, owner))
    try:
        start_scheduler(database, site, blocking=True, owner=owner, poll=True)
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        give_up_lease(database, owner)
    return 0


def cmd_mail_in(args) -> int:
    """A raw e-mail on stdin, as a mail server's pipe delivers it. Exits 0 even when the move is
    refused (the answer goes back by mail); an unsigned address is dropped without an answer."""
    from .notify import inbound

    db = open_db()
    result = inbound.handle(db, cli_site(db, say=False), sys.stdin.buffer.read())
    print(f"{result.status}: {result.detail}")
    return 0


def cmd_new(args) -> int:
    options = dict(parse_option(o) for o in args.option or [])
    db = open_db()
    site = cli_site(db)
    created = service.create_game(db, site, args.game, [parse_player(p) for p in args.player], options)
    base = site.base_url
    print(f"game {created.id} ({created.game}): watch at {base}/games/{created.id}")
    for seat, (name, token) in enumerate(zip(created.names, created.tokens)):
        print(f"seat {seat} open: taken through the invitation" if seat in created.open_seats
              else f"seat {seat} {name}: {base}/play/{token}")
    if created.open_seats:
        print(f"invitation: {site.invite_url(created.id)}")
    return 0


def cmd_links(args) -> int:
    """A game's current seat links (a replaced link's successor), for the operator to hand on."""
    from .people.players import current_links

    db = open_db()
    site = cli_site(db)
    loaded = service.load(db, args.game)
    print(f"game {loaded.id} ({loaded.module.NAME}): watch at {site.game_url(loaded.id)}")
    for seat, name, url in current_links(site, loaded):
        if loaded.seats[seat].get("bot"):  # its link is nobody's: it would show the seat's secrets
            print(f"seat {seat} {name}: played by the computer")
        else:
            print(f"seat {seat} open: not taken yet" if url is None else f"seat {seat} {name}: {url}")
    if loaded.facts.get("waiting"):
        print(f"invitation: {site.invite_url(loaded.id)}")
    return 0


def cmd_games(args) -> int:
    """The games on this server, latest moved first: id, kind, status, players' names, when last moved and
    the next deadline. Read from the projections alone; no address, link or seed is printed."""
    status = "active" if args.active else "waiting" if args.waiting else "finished" if args.finished else None
    rows = store.games_with_names(open_db(), status, args.game)
    lines = [("id", "game", "status", "last move", "next deadline", "players")]
    lines += [(row["id"], row["game"], row["status"], row["updated"] or "-",
               row["deadline"] if row["status"] == "active" and row["deadline"] else "-",
               ", ".join(printable(name) for name in row["names"])) for row in rows]
    widths = [max(len(line[column]) for line in lines) for column in range(5)]
    for line in lines:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)) + "  " + line[5])
    what = f"{status} " if status else ""
    print(f"{len(rows)} {what}game{'' if len(rows) == 1 else 's'}" + (f" of {args.game}" if args.game else ""))
    return 0


def printable(name: str) -> str:
    """A player's name on one terminal line: a line separator or control character in it shown escaped."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in name)


def cmd_show(args) -> int:
    from .play import loading

    db = open_db()
    loaded = service.load(db, args.game)
    at = args.at if args.at is not None else loaded.seq
    if not 1 <= at <= loaded.seq:
        raise service.BadRequest(f"--at must be between 1 and {loaded.seq}")
    state = loading.at(db, loaded, at).state
    print(f"game {loaded.id} ({loaded.module.NAME}) after event {at} of {loaded.seq}")
    print(loaded.module.render_text(state, None))
    return 0


def cmd_export(args) -> int:
    from .play.transfer import full_record
    from .words.export import record_json

    db = open_db()
    if args.full:
        print(json.dumps(full_record(db, args.game), sort_keys=True))
        return 0
    loaded = service.load(db, args.game)
    if args.seat is not None and not 1 <= args.seat <= loaded.seat_count:
        raise service.BadRequest(f"--seat must be between 1 and {loaded.seat_count}")
    seat = args.seat - 1 if args.seat is not None else None
    print(record_json(db, loaded, seat))
    return 0


def cmd_import(args) -> int:
    from .play.transfer import import_record, load_file

    db = open_db()
    for path in args.files:
        game_id = import_record(db, load_file(path))
        print(f"{path}: game {game_id} imported, its chain, seed and every decision and outcome checked")
    return 0


def cmd_verify(args) -> int:
    from .play.audit import verify

    db = open_db()
    if args.against is not None:
        return verify_against(db, args)
    if args.all == (args.game is not None):
        raise service.BadRequest("name one game, or --all")
    games = store.game_ids(db) if args.all else [args.game]
    broken = 0
    for game_id in games:
        report = verify(db, game_id)
        if report["ok"]:
            seed = "revealed and matches its commitment" if report["seed"] else "not revealed yet (the game is on)"
            print(f"{game_id} ok: {report['events']} events, hash chain valid, every decision and outcome replayed; "
                  f"seed {seed}")
            continue
        broken += 1
        print(f"{game_id} PROBLEMS:")
        for problem in report["problems"]:
            print(f"- {problem}")
    if args.all:
        print(f"{len(games) - broken} of {len(games)} game(s) verified" + (f"; {broken} with problems" if broken else ""))
    return 1 if broken else 0


def cmd_tournament_check(args) -> int:
    """`pbem tournament check ID|URL|FILE`: a finished tournament's draw checked against its revealed seed,
    from this database, from a server's `GET /api/tournaments/<id>` answer, or from that answer saved."""
    import json
    import urllib.request
    from pathlib import Path

    from .tournaments import draw, running

    source = args.source
    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=30) as response:  # noqa: S310 - the operator's own URL
            answer = json.loads(response.read())
    elif Path(source).is_file():
        answer = json.loads(Path(source).read_text())
    else:
        db = open_db()
        answer = running.view(db, cli_site(db, say=False), source)
    problems = draw.check(answer)
    for problem in problems:
        print(f"- {problem}")
    if not problems:
        print(f"{answer['id']} ok: the seed matches its commitment, and draws the {len(answer['games'])} games "
              "listed, in their rounds and seat orders")
    return 1 if problems else 0


def verify_against(db, args) -> int:
    """`pbem verify [GAME] --against RECORD`: whether the game's log extends a record a player saved, and
    where they part (pbem/play/against.py); then the log itself, as `pbem verify GAME` checks it."""
    from .play.against import compare
    from .play.audit import verify
    from .play.transfer import load_file

    if args.all:
        raise service.BadRequest("--against checks one game: its record names it")
    comparison = compare(db, load_file(args.against), args.game)
    print(comparison.words())
    if comparison.log_seq == 0:
        return 1
    report = verify(db, comparison.game_id)
    if report["ok"]:
        print(f"{comparison.game_id} ok: {report['events']} events, hash chain valid, every decision and outcome "
              "replayed")
    else:
        print(f"{comparison.game_id} PROBLEMS:")
        for problem in report["problems"]:
            print(f"- {problem}")
    return 0 if comparison.extends and report["ok"] else 1


def cmd_backup(args) -> int:
    from .play.backups import backup, described

    holdings = backup(config_mod.from_environment()["DATABASE"], args.file)
    print(f"backup {args.file} (mode 0600): {described(holdings)}")
    return 0


def arrived(arrival, what: str) -> int:
    """What a restore or copy wrote and how its games verified; 1 when any game has a problem."""
    from .play.backups import described

    rows = sum(arrival.rows.values())
    print(f"{what}: {described(arrival.holdings)} ({rows} rows in {len(arrival.rows)} tables)")
    for game_id, problems in arrival.problems.items():
        print(f"{game_id} PROBLEMS:")
        for problem in problems:
            print(f"- {problem}")
    games = arrival.holdings["games"]
    print(f"{arrival.verified} of {games} game(s) verified" + (f"; {len(arrival.problems)} with problems"
                                                               if arrival.problems else ""))
    return 1 if arrival.problems else 0


def cmd_restore(args) -> int:
    from .play.backups import restore

    database = config_mod.from_environment()["DATABASE"]
    return arrived(restore(args.file, database), f"restored {args.file} into {database}")


def cmd_copy(args) -> int:
    from .play.backups import copy

    return arrived(copy(args.source, args.target), f"copied {args.source} into {args.target}")


def cmd_rebuild(args) -> int:
    from .lobby import listing, ratings, reliability

    db = open_db()
    count = service.rebuild(db)
    reliability.rebuild(db, store.game_ids(db))  # the players' reliability, counted again from the events (issue 31)
    listing.rebuild(db, store.game_ids(db))  # the lobby's public games, from what their creation recorded
    ratings.rebuild(db, store.game_ids(db))  # the rated games decided again and the ratings folded (issue 32)
    print(f"rebuilt the projections of {count} game(s) from their events")
    return 0


def cmd_ratings(args) -> int:
    """The rating lists folded from a folder of exported public records, as the server folds its own."""
    from .lobby.ratings import from_records

    folder = args.source or args.folder
    if not folder or not os.path.isdir(folder):
        raise service.BadRequest("name a folder of exported records (pbem export GAME > FOLDER/GAME.json)")
    lists = from_records(folder)
    for game, rows in lists.items():
        print(f"{game}:")
        for place, row in enumerate(rows, start=1):
            print(f"{place:>3}. {printable(row['name'])}  ordinal {row['ordinal']:.6f}  mu {row['mu']:.6f}  "
                  f"sigma {row['sigma']:.6f}  games {row['games']}")
    if not lists:
        print("no rated game among these records")
    return 0


def cmd_schemas(args) -> int:
    from .web.openapi import write_schemas

    for path in write_schemas():
        print(path)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pbem", description="A play-by-message server for board games.")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the web server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes on this port and database (one per core; default 1)")
    serve.add_argument("--threads", type=int, default=8, help="threads per worker process (default 8)")
    serve.add_argument("--no-scheduler", action="store_true",
                       help="do not run the scheduler here (run `pbem worker` instead)")
    serve.set_defaults(run=cmd_serve)

    worker = commands.add_parser("worker", help="run the scheduler alone: reminders, timeouts, outgoing mail")
    worker.add_argument("--once", action="store_true", help="one sweep, then exit (for cron)")
    worker.set_defaults(run=cmd_worker)

    mail_in = commands.add_parser("mail-in", help="play a move from a raw e-mail reply on stdin")
    mail_in.set_defaults(run=cmd_mail_in)

    new = commands.add_parser("new", help="start a game and print the seat links")
    new.add_argument("game", help=f"one of: {', '.join(sorted(GAMES))}")
    new.add_argument("--player", action="append", required=True, metavar="NAME[:EMAIL]",
                     help="a player, in turn order (repeat); 'open' leaves the seat for the invitation")
    new.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeat)")
    new.set_defaults(run=cmd_new)

    links = commands.add_parser("links", help="print a game's current seat links (for the operator)")
    links.add_argument("game", help="the game id")
    links.set_defaults(run=cmd_links)

    games = commands.add_parser("games", help="list the games: id, status, players, last move, next deadline")
    which = games.add_mutually_exclusive_group()
    which.add_argument("--active", action="store_true", help="only games going on")
    which.add_argument("--waiting", action="store_true", help="only games waiting for players to join")
    which.add_argument("--finished", action="store_true", help="only finished games")
    games.add_argument("--game", choices=sorted(GAMES), help="only games of this kind")
    games.set_defaults(run=cmd_games)

    show = commands.add_parser("show", help="print a game's board as text")
    show.add_argument("game", help="the game id")
    show.add_argument("--at", type=int, help="as it stood right after this event")
    show.set_defaults(run=cmd_show)

    export = commands.add_parser("export", help="print a game's record as JSON, as a spectator or a seat sees it")
    export.add_argument("game", help="the game id")
    export.add_argument("--seat", type=int, help="as this seat (1, 2, ...) sees it (default: a spectator)")
    export.add_argument("--full", action="store_true",
                        help="a finished game's complete record with its seed, for `pbem import` elsewhere")
    export.set_defaults(run=cmd_export)

    importer = commands.add_parser("import", help="check finished games' full records and keep them here")
    importer.add_argument("files", nargs="+", metavar="FILE", help="a record from `pbem export GAME --full` (- for stdin)")
    importer.set_defaults(run=cmd_import)

    verify = commands.add_parser("verify", help="check a game's hash chain, seed and outcomes")
    verify.add_argument("game", nargs="?", help="the game id")
    verify.add_argument("--all", action="store_true", help="every game in the database")
    verify.add_argument("--against", metavar="RECORD",
                        help="a record a player saved (its JSON): does the log still extend it, or where do they part")
    verify.set_defaults(run=cmd_verify)

    tournament = commands.add_parser("tournament", help="tournaments: check a finished one's draw against its seed")
    tournament_commands = tournament.add_subparsers(dest="tournament_command", required=True)
    check = tournament_commands.add_parser("check", help="check a finished tournament's draw against its revealed "
                                                         "seed (an id here, an API answer's URL, or a saved one)")
    check.add_argument("source", metavar="ID|URL|FILE")
    check.set_defaults(run=cmd_tournament_check)

    backup = commands.add_parser("backup", help="a consistent copy of the database while the server runs (0600)")
    backup.add_argument("file", help="the backup file to write (a SQLite database; replaced when it exists)")
    backup.set_defaults(run=cmd_backup)

    restore = commands.add_parser("restore", help="fill an empty database (PBEM_DB) from a backup, then verify it")
    restore.add_argument("file", help="a file `pbem backup` wrote")
    restore.set_defaults(run=cmd_restore)

    copy = commands.add_parser("copy", help="copy every table of one database into an empty one, then verify it")
    copy.add_argument("--from", dest="source", required=True, metavar="SRC", help="the database to copy from")
    copy.add_argument("--to", dest="target", required=True, metavar="DST", help="an empty database to copy into")
    copy.set_defaults(run=cmd_copy)

    rebuild = commands.add_parser("rebuild", help="recreate every projection from the events alone")
    rebuild.set_defaults(run=cmd_rebuild)

    rating = commands.add_parser("ratings", help="the rating lists recomputed from a folder of exported records")
    rating.add_argument("folder", nargs="?", help="a folder of public records (`pbem export GAME`), one .json each")
    rating.add_argument("--from", dest="source", metavar="FOLDER", help="the same folder, named as an option")
    rating.set_defaults(run=cmd_ratings)

    schemas = commands.add_parser("schemas", help="rewrite schemas/ from the marshmallow schemas")
    schemas.set_defaults(run=cmd_schemas)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from . import between
    from .lobby import listing
    from .people import away
    from .tournaments import running as tournaments

    between.install()  # conditional moves follow every append, from mail and the clock too (issue 15)
    away.install()  # an address's rest days follow it into a game it joins (issue 28)
    listing.install()  # a game `pbem worker` ends on time counts in reliability and ratings too (issues 31, 32)
    tournaments.install()  # a tournament's game that ends makes its next round, or ends it (issue 32)
    try:
        return args.run(args)
    except (GameError, service.ServiceError, store.Unavailable, LookupError, config_mod.ConfigurationError) as exc:
        print(f"pbem: {str(exc).strip(chr(39))}", file=sys.stderr)
        return 2
    except store.ENGINE_ERRORS as exc:  # a bug stays a traceback; a database out of reach is said in words
        if not store.unreachable(exc):
            raise
        print(f"pbem: the database cannot be reached: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
