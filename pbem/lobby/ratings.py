"""Ratings per game and public name that anyone can recompute (issue 32, architecture section 23).

A game created `"rated": true` counts when it finishes if
- it ended inside its rules: an agreed draw or an agreed abandonment is unrated;
- every human seat is then held by a proven address (signed in) with a public name;
- at least two humans played it (computer seats are not rated: the humans are rated among themselves);
- it verifies (`pbem verify`: hash chain, seed, every decision and outcome replayed).

The places: the game's ranking (groups of equals share a place), else its winners first and everyone
else after them (a draw: all equal); a seat that resigned or forfeited on time is placed last (several:
last together). The seats' public names and places are kept then (`rated_games`), with the time of the
game's last event, and given in the game's public record (`"rated"`, pbem/words/export.py).

The ratings are a fold over the rated games of a game in the order they ended (ties by game id) with
openskill's Plackett-Luce model and its default priors (mu 25, sigma 25/3, ordinal mu - 3 sigma): the
projection (`ratings`, `rating_changes`) takes the next step when a rated game finishes (or folds its game
again when it ended before another already kept) and is folded again by `pbem rebuild`; `pbem ratings
FOLDER` folds the same from exported records."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Iterable, Sequence

from openskill.models import PlackettLuce

from .. import store
from ..games import GAMES
from ..play import service
from ..play.audit import verify
from ..play.folding import Folded
from ..site import Site
from . import names

log = logging.getLogger("pbem.lobby")
MODEL = PlackettLuce()  # openskill's defaults: its priors, its tau; the same model for server and records
OUTSIDE_RULES = ("agreed_draw", "abandoned")  # endings the players agreed on: they rate nobody


def left_seats(events: Sequence[store.StoredEvent]) -> set[int]:
    """Seats that resigned, or forfeited when their time ran out."""
    out = set()
    for event in events:
        command = event.command or {}
        verb = command.get("verb")
        if (verb == "resign" or (verb == "timeout" and command.get("action") == "forfeit")) \
                and isinstance(command.get("seat"), int):
            out.add(command["seat"])
    return out


def places(folded: Folded, events: Sequence[store.StoredEvent]) -> dict[int, int] | None:
    """Seat -> place (1 the best, equals share one) of the human seats of a finished game, or None when
    it does not rate (not finished, ended outside its rules, fewer than two humans)."""
    outcome = folded.outcome
    if outcome is None or outcome.termination in OUTSIDE_RULES:
        return None
    # seats created for the computer; a person's seat the computer stood in for stays theirs, and rated
    humans = [seat for seat, made in enumerate(folded.created["seats"]) if not made.get("bot")]
    if len(humans) < 2:
        return None
    if outcome.ranking:
        order = {seat: index for index, group in enumerate(outcome.ranking) for seat in group}
        rank = {seat: order.get(seat, len(outcome.ranking)) for seat in humans}
    else:
        rank = {seat: 0 if seat in outcome.winners or not outcome.winners else 1 for seat in humans}
    gone = left_seats(events)
    last = max(rank.values()) + 1
    rank = {seat: last if seat in gone else value for seat, value in rank.items()}
    dense = {value: index + 1 for index, value in enumerate(sorted(set(rank.values())))}
    return {seat: dense[value] for seat, value in rank.items()}


def decided(db, folded: Folded) -> list[dict] | None:
    """The rated seats [{"seat", "name", "place"}] of a finished game created rated, or None when it does
    not count (see the module's rules)."""
    if not folded.created.get("rated") or not folded.finished:
        return None
    events = store.read_events(db, folded.id)
    placed = places(folded, events)
    if placed is None:
        return None
    seats = []
    for seat, place in sorted(placed.items()):
        address = folded.seats[seat].get("email")
        name = names.name_of(db, address) if address and store.is_proven(db, address, "") else None
        if name is None:
            return None
        seats.append({"seat": seat, "name": name, "place": place})
    if len({names.folded(s["name"]) for s in seats}) < len(seats):  # one person in two seats rates nobody
        return None
    report = verify(db, folded.id)
    return seats if report["ok"] else None


def rate_game(ratings: dict[str, dict], game: dict) -> list[dict]:
    """One step of the fold: a rated game ({"game_id", "ended", "seats": [{"name", "place"}]}) moves the
    ratings of its names (name -> {"mu", "sigma", "ordinal", "games"}, updated here) from where they stood
    (openskill's priors for a name's first game). Returns its changes."""
    seats = game["seats"]
    teams = [[MODEL.rating(mu=ratings[s["name"]]["mu"], sigma=ratings[s["name"]]["sigma"])
              if s["name"] in ratings else MODEL.rating()] for s in seats]
    rated = MODEL.rate(teams, ranks=[float(s["place"]) for s in seats])
    changes = []
    for seat, team, after in zip(seats, teams, rated):
        new = after[0]
        games = ratings[seat["name"]]["games"] + 1 if seat["name"] in ratings else 1
        ratings[seat["name"]] = {"mu": new.mu, "sigma": new.sigma, "ordinal": new.ordinal(), "games": games}
        changes.append({"name": seat["name"], "game_id": game["game_id"], "ended": game["ended"],
                        "place": seat["place"], "mu_before": team[0].mu, "sigma_before": team[0].sigma,
                        "mu_after": new.mu, "sigma_after": new.sigma})
    return changes


def fold(games: Iterable[dict]) -> tuple[dict[str, dict], list[dict]]:
    """The fold: the rated games of one game, in the order they ended (ties by game id), rate the names
    from openskill's priors. Returns name -> rating and every change."""
    ratings: dict[str, dict] = {}
    changes = []
    for game in sorted(games, key=lambda g: (g["ended"], g["game_id"])):
        changes += rate_game(ratings, game)
    return ratings, changes


def listed(ratings: dict[str, dict]) -> list[dict]:
    """The rating list as GET /api/ratings/<game> answers it: best first (ordinal, then games, then name)."""
    rows = [{"name": name, **{k: rating[k] for k in ("ordinal", "mu", "sigma", "games")}}
            for name, rating in ratings.items()]
    return sorted(rows, key=lambda row: (-row["ordinal"], -row["games"], row["name"]))


def folded_in(db, game: str, new: dict | None = None) -> None:
    """Keep a rated game that has just finished (None: none) and bring its game's ratings up to date: the
    next step of the fold from the ratings kept, or the whole fold when it ended before another kept."""
    def whole(games):
        ratings, changes = fold(games)
        return listed(ratings), changes

    def extend(before, rated):
        ratings = {name: dict(row) for name, row in before.items()}
        changes = rate_game(ratings, rated)
        return [{"name": s["name"], **ratings[s["name"]]} for s in rated["seats"]], changes

    store.ratings.folded_in(db, game, new, whole, extend)


def after_append(db, site: Site | None, played: service.Played) -> None:
    """service.AFTER_APPEND: a rated game that has just finished is decided, kept when it counts, and its
    game's ratings brought up to date. Never raises: the append is done (`pbem rebuild` decides it again)."""
    folded = played.loaded
    try:
        if not (folded.created.get("rated") and folded.finished) or store.ratings.rated_game(db, folded.id):
            return
        seats = decided(db, folded)
        if seats is not None:
            folded_in(db, folded.module.NAME, {"game_id": folded.id, "ended": folded.last_at, "seats": seats})
    except Exception:  # noqa: BLE001 - the append is committed and acknowledged; this must not undo that
        log.exception("the ratings after game %s could not be updated", folded.id)


def rebuild(db, game_ids: Iterable[str]) -> None:
    """Decide every finished rated game again (the public names kept when it finished stay: a name chosen
    later does not rewrite the past), then fold every game's ratings again."""
    for game_id in game_ids:
        folded = service.load(db, game_id)
        if not folded.created.get("rated"):
            continue
        kept = store.ratings.rated_game(db, game_id)
        seats = decided(db, folded)
        if seats is None and kept is not None:
            store.ratings.forget_rated_game(db, game_id)
        elif seats is not None and kept is None:
            folded_in(db, folded.module.NAME, {"game_id": game_id, "ended": folded.last_at, "seats": seats})
    for game in GAMES:
        folded_in(db, game)


def rating_list(db, game: str) -> list[dict]:
    return store.ratings.rating_list(db, game)


def ratings_of(db, name: str) -> dict[str, dict]:
    """game -> the name's rating, as GET /api/players/<name> answers it."""
    return {row["game"]: {k: row[k] for k in ("mu", "sigma", "ordinal", "games")}
            for row in store.ratings.ratings_of(db, name)}


def changes_of(db, name: str) -> list[dict]:
    return store.ratings.changes_of(db, name)


# --- the same from exported records -----------------------------------------------------------------------


def from_records(folder: str) -> dict[str, list[dict]]:
    """game -> rating list, folded from the public records in a folder (each a `pbem export GAME` or
    `/games/<id>/export.json` file; records of games not rated, or not counted, are skipped)."""
    by_game: dict[str, dict[str, dict]] = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise service.BadRequest(f"cannot read {path}: {error}") from None
        if not isinstance(record, dict) or not isinstance(record.get("rated"), dict):
            continue
        rated = record["rated"]
        by_game.setdefault(record["game"], {})[record["id"]] = {
            "game_id": record["id"], "ended": rated["ended"],
            "seats": [{"name": s["name"], "place": s["place"]} for s in rated["seats"]]}
    return {game: listed(fold(games.values())[0]) for game, games in sorted(by_game.items())}
