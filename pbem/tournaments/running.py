"""The verbs of tournaments (issue 32, item 3): an organiser with a public name creates one; addresses with
public names enter until the entries close; the organiser starts it, which draws the tables from the seed
committed at creation (pbem/tournaments/draw.py) and makes the games, all at once or round after round; a
withdrawn entrant's games go on with the computer standing in; the season ends when its last game does,
and its seed is revealed then. A league's organiser may start the next season, its divisions changed by
promotion and relegation, its pairings drawn from a seed committed when the season before ended.

Entrants sit at their games under their public name, their seat's link mailed to their address (kept in
the store, shown nowhere). Errors are the play service's, so the API answers them as every other verb."""

from __future__ import annotations

import json
import logging
import secrets

from .. import store
from ..games import GAMES
from ..games.base import InvalidOptions
from ..lobby import names as public_names
from ..play import chance, clock, service
from ..play.errors import Conflicting, Forbidden, GameNotFound, Unprocessable
from ..site import Site
from . import draw

log = logging.getLogger("pbem.tournaments")

FORMATS = ("round_robin", "league")
ROUNDS = ("at_once", "one_after_another")
MAX_NAME = 80
LIST_SIZE = 50


class TournamentNotFound(GameNotFound):
    pass


def found(db, tournament_id: str) -> dict:
    row = store.tournaments.tournament(db, tournament_id) if len(tournament_id) <= 40 else None
    if row is None:
        raise TournamentNotFound("no tournament has that id")
    return row


def named(db, address: str | None) -> str:
    """The public name of a signed-in address; 422 when it has none yet."""
    if address is None:
        raise Unprocessable("sign in first")
    name = public_names.name_of(db, address)
    if name is None:
        raise Unprocessable("choose a public name on /me first: tournaments show it instead of your address")
    return name


def whole(value, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Unprocessable(f"{what}: a whole number from {low} to {high}")
    return value


def game_options(given) -> dict:
    """The games' clock from the body's `clock`: a time per move ("3d"), or an object as POST /api/games
    takes it; 422 with the reason for one that is not allowed."""
    if given is None or given == "":
        options = {}
    elif isinstance(given, str):
        options = {"time_per_move": given}
    elif isinstance(given, dict):
        options = {"clock": given}
    else:
        raise Unprocessable("clock: a time per move such as 3d, or a clock object")
    try:
        clock.resolve_clock(service.split_options(options)[1])
    except InvalidOptions as error:
        raise Unprocessable(f"clock: {error}") from None
    return options


def create(db, address: str | None, body: dict, now: str) -> str:
    """A new tournament from the API's body; its id. Its first seed is drawn and committed now."""
    organiser = named(db, address)
    name = str(body.get("name") or "").strip()
    if not name or len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
        raise Unprocessable(f"name: 1 to {MAX_NAME} printable characters")
    module = GAMES.get(body.get("game"))
    if module is None:
        raise Unprocessable("game: " + ", ".join(sorted(GAMES)))
    kind = body.get("format")
    if kind not in FORMATS:
        raise Unprocessable("format: round_robin or league")
    low, high = module.PLAYERS
    seats = whole(body.get("players_per_game"), low, high, "players_per_game")
    rounds = body.get("rounds", "at_once")
    if rounds not in ROUNDS:
        raise Unprocessable("rounds: at_once or one_after_another")
    most = body.get("max_entrants")
    if most is not None:
        most = whole(most, seats, 1000, "max_entrants")
    divisions = whole(body.get("divisions", 2 if kind == "league" else 1), 1, 50, "divisions")
    if kind == "round_robin" and divisions != 1:
        raise Unprocessable("divisions: a round robin has one")
    movers = whole(body.get("promotion", 1), 0, 50, "promotion")
    try:
        closes = clock.format_time(clock.parse_time(str(body.get("entries_close"))))
    except ValueError:
        raise Unprocessable("entries_close: a date and time such as 2026-12-01T18:00:00Z") from None
    seed = chance.new_seed()
    tournament_id = secrets.token_hex(6)
    store.tournaments.create(db, {
        "id": tournament_id, "name": name, "game": module.NAME, "format": kind, "players_per_game": seats,
        "options": json.dumps(game_options(body.get("clock"))), "rounds": rounds, "max_entrants": most,
        "divisions": divisions, "movers": movers, "entries_close": closes,
        "organiser_sha256": store.address_sha256(address), "organiser_name": organiser, "status": "entering",
        "season": 1, "round": 0, "created": now}, seed.hex(), chance.commitment(seed))
    return tournament_id


def enter(db, tournament_id: str, address: str | None, now: str) -> str:
    """The address enters under its public name: 409 when the entries are closed or full."""
    row = found(db, tournament_id)
    name = named(db, address)
    if row["status"] != "entering" or now > row["entries_close"]:
        raise Conflicting("the entries are closed")
    entered = store.tournaments.enter(db, tournament_id, address, name, now, row["max_entrants"])
    if entered == "full":
        raise Conflicting("the tournament is full")
    if entered == "already":
        raise Conflicting("you have entered already")
    return name


def withdraw(db, site: Site, tournament_id: str, address: str | None, now: str) -> int:
    """The address leaves: before the start its entry is taken back; after it, it is marked withdrawn and
    the computer stands in at each of its running games (and sits for it at the games still to come).
    Returns how many running games the computer took over."""
    row = found(db, tournament_id)
    if address is None:
        raise Unprocessable("sign in first")
    entry = store.tournaments.entry_of(db, tournament_id, address)
    if entry is None or entry["withdrawn"]:
        raise Conflicting("you are not in this tournament")
    if row["status"] == "entering":
        store.tournaments.leave(db, tournament_id, address)
        return 0
    store.tournaments.mark_withdrawn(db, tournament_id, address, now)
    taken = 0
    for table in store.tournaments.games(db, tournament_id, row["season"]):
        seats = json.loads(table["seats"])
        if table["game_id"] is None or entry["name"] not in seats:
            continue
        taken += stand_in(db, site, table["game_id"], seats.index(entry["name"]), now)
    return taken


def stand_in(db, site: Site, game_id: str, seat: int, now: str) -> int:
    """The computer takes the seat over (1), unless the game is over or the seat is the computer's (0). The
    computer may be moving at the game's other seats meanwhile: a lost race reads the game again."""
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        if folded.finished or folded.seats[seat].get("bot") or seat in folded.facts.get("computer", {}):
            return 0
        try:
            service.append_command(db, site, folded, {"verb": "stand_in", "seat": seat}, now)
            return 1
        except store.Conflict:
            continue
    raise service.Busy("the game is too busy right now; try again")


# --- starting, and the rounds that follow --------------------------------------------------------------


def divisions_for(db, row: dict, entrants: list[dict], seed: bytes) -> list[list[str]]:
    """A season's divisions (top first): one for a round robin; a league's first season by the seeded
    draw, later ones by promotion and relegation from the season before's standings."""
    names = [e["name"] for e in entrants if not e["withdrawn"]]
    if row["format"] == "round_robin":
        return [names]
    if row["season"] == 1 and row["status"] == "entering":
        return draw.league_divisions(names, row["divisions"], seed)
    last = season_standings(db, row, row["season"])
    staying = set(names)
    return draw.next_divisions([[r["name"] for r in rows if r["name"] in staying] for rows in last],
                               row["movers"])


def start(db, site: Site, tournament_id: str, address: str | None, now: str) -> list[str]:
    """The organiser starts the tournament (or a league's next season): the draw, then the games; their ids."""
    row = found(db, tournament_id)
    if address is None or store.address_sha256(address) != row["organiser_sha256"]:
        raise Forbidden("only the organiser starts the tournament")
    again = row["format"] == "league" and row["status"] == "finished"
    if row["status"] != "entering" and not again:
        raise Conflicting("the tournament has started already")
    season = row["season"] + 1 if again else 1
    seeds = {s["season"]: s for s in store.tournaments.seeds(db, tournament_id)}
    seed = bytes.fromhex(seeds[season]["seed"])
    entrants = store.tournaments.entries(db, tournament_id)
    divisions = divisions_for(db, row, entrants, seed)
    k = row["players_per_game"]
    tables = []
    for number, division in enumerate(divisions, 1):
        if len(division) < k:
            raise Conflicting(f"each division needs at least {k} entrants (games of {k} players)")
        for round_no, round_ in enumerate(draw.round_robin(division, k, seed, season, number), 1):
            tables += [{"division": number, "round": round_no, "table_no": table_no, "seats": json.dumps(list(t))}
                       for table_no, t in enumerate(round_, 1)]
    if row["format"] == "league":
        store.tournaments.set_divisions(db, tournament_id, {name: number for number, division in
                                                            enumerate(divisions, 1) for name in division})
    if not store.tournaments.start(db, tournament_id, season, tables, row["status"]):
        raise Conflicting("the tournament has started already")
    return make_games(db, site, found(db, tournament_id), None if row["rounds"] == "at_once" else 1)


def make_games(db, site: Site, row: dict, round_no: int | None) -> list[str]:
    """Create the games of a round (None: of every round) not made yet; a withdrawn entrant's seat is the
    computer's from the start."""
    seated = {e["name"]: e for e in store.tournaments.entries(db, row["id"])}
    made = []
    for table in store.tournaments.games(db, row["id"], row["season"]):
        if table["game_id"] is not None or (round_no is not None and table["round"] != round_no):
            continue
        players = [{"name": name, "bot": "standard"} if seated[name]["withdrawn"] else
                   {"name": name, "email": seated[name]["address"]} for name in json.loads(table["seats"])]
        created = service.create_game(db, site, row["game"], players, json.loads(row["options"]))
        store.tournaments.set_game(db, row["id"], row["season"], table["division"], table["round"],
                                   table["table_no"], created.id)
        made.append(created.id)
    return made


def finished_games(db, tables: list[dict]) -> dict[str, dict]:
    """The outcome of each finished game among the tables, by game id."""
    out = {}
    for table in tables:
        if table["game_id"] is None:
            continue
        game = store.game_row(db, table["game_id"])
        if game is not None and game["status"] == "finished" and game["outcome"]:
            out[table["game_id"]] = json.loads(game["outcome"])
    return out


def catch_up(db, site: Site | None, tournament_id: str, now: str) -> None:
    """Whatever the finished games make due: the next round's games, or the season's end. Called after
    each append that ends a tournament's game, and when the tournament is read (an append made where no
    site was at hand)."""
    row = found(db, tournament_id)
    if row["status"] != "running" or site is None:
        return
    tables = store.tournaments.games(db, tournament_id, row["season"])
    done = finished_games(db, tables)
    if row["rounds"] == "one_after_another":
        this_round = [t for t in tables if t["round"] == row["round"]]
        later = [t for t in tables if t["round"] > row["round"]]
        if later and all(t["game_id"] in done for t in this_round):
            if store.tournaments.claim_round(db, tournament_id, row["season"], row["round"] + 1):
                make_games(db, site, found(db, tournament_id), row["round"] + 1)
            return
    if tables and all(t["game_id"] in done for t in tables):
        next_seed = chance.new_seed() if row["format"] == "league" else None
        store.tournaments.finish_season(db, tournament_id, row["season"],
                                        (next_seed.hex(), chance.commitment(next_seed)) if next_seed else None)


def after_append(db, site: Site | None, played: service.Played) -> None:
    """A tournament's game ended: its next round, or its end. Never raises: the append is done (a read of
    the tournament catches up with anything left undone here)."""
    if not played.loaded.finished:
        return
    try:
        tournament_id = store.tournaments.tournament_of_game(db, played.loaded.id)
        if tournament_id is not None:
            catch_up(db, site, tournament_id, service.utcnow())
    except Exception:  # noqa: BLE001 - see above
        log.exception("the tournament of game %s could not follow its end", played.loaded.id)


def install() -> None:
    if after_append not in service.AFTER_APPEND:
        service.AFTER_APPEND.append(after_append)


# --- reading ---------------------------------------------------------------------------------------------


def season_standings(db, row: dict, season: int) -> list[list[dict]]:
    """Each division's standings in a season (top division first)."""
    tables = store.tournaments.games(db, row["id"], season)
    done = finished_games(db, tables)
    entrants = store.tournaments.entries(db, row["id"])
    divisions = sorted({t["division"] for t in tables}) or [1]
    out = []
    for division in divisions:
        at = [t for t in tables if t["division"] == division]
        names = sorted({name for t in at for name in json.loads(t["seats"])}) or \
            [e["name"] for e in entrants if not e["withdrawn"]]
        out.append(draw.standings(names, [{"seats": json.loads(t["seats"]), "outcome": done[t["game_id"]]}
                                          for t in at if t["game_id"] in done]))
    return out


def view(db, site: Site, tournament_id: str) -> dict:
    """The API's answer (section 26): no address, the seed only once its season has ended."""
    row = found(db, tournament_id)
    season = row["season"]
    seeds = {s["season"]: s for s in store.tournaments.seeds(db, tournament_id)}
    tables = store.tournaments.games(db, tournament_id, season)
    done = finished_games(db, tables)
    standings = []
    for number, rows in enumerate(season_standings(db, row, season), 1):
        standings += [{**r, "division": number} if row["format"] == "league" else r for r in rows]
    answer = {
        "id": row["id"], "name": row["name"], "game": row["game"], "title": GAMES[row["game"]].TITLE,
        "format": row["format"], "status": row["status"], "players_per_game": row["players_per_game"],
        "rounds": row["rounds"], "entries_close": row["entries_close"], "max_entrants": row["max_entrants"],
        "organiser": row["organiser_name"], "season": season, "url": f"{site.base_url}/tournaments/{row['id']}",
        "entrants": [{"name": e["name"], "withdrawn": bool(e["withdrawn"]),
                      **({"division": e["division"]} if row["format"] == "league" else {})}
                     for e in store.tournaments.entries(db, tournament_id)],
        "games": [{"id": t["game_id"], "round": t["round"], "division": t["division"],
                   "seats": json.loads(t["seats"]), "status": "finished" if t["game_id"] in done else
                   "active" if t["game_id"] else "waiting",
                   "url": site.game_url(t["game_id"]) if t["game_id"] else None} for t in tables],
        "standings": standings,
        "seed_hash": seeds[season]["seed_hash"],
        "seasons": [{"season": s["season"], "seed_hash": s["seed_hash"],
                     **({"seed": s["seed"]} if s["revealed"] else {})} for s in seeds.values()],
    }
    if seeds[season]["revealed"]:
        answer["seed"] = seeds[season]["seed"]
    return answer


def newest(db, site: Site) -> list[dict]:
    return [{"id": row["id"], "name": row["name"], "game": row["game"], "title": GAMES[row["game"]].TITLE,
             "format": row["format"], "status": row["status"], "entries_close": row["entries_close"],
             "url": f"{site.base_url}/tournaments/{row['id']}"}
            for row in store.tournaments.newest(db, LIST_SIZE) if row["game"] in GAMES]
