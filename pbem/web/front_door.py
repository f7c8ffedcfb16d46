"""The front door (issue 27, item 8): what the home page says of each game (a picture of its board at the
start, its players, what it is and how it ends), "Play the computer now" in one click, "Invite friends"
(your seat and the others open), and the public games waiting in the lobby.

The pictures are drawn by the games' own renderers from a game set up with a fixed seed, as a spectator
sees it (nothing hidden is drawn), once per language and process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flask import Blueprint, Response, abort, redirect, render_template, request

from .. import store
from ..games import GAMES, get_game
from ..games.base import GameError
from ..i18n import N_
from ..lobby import listing, names
from ..play import service
from ..play.chance import SeededChance
from . import board, languages, limits, public_games, started
from .db import get_db, get_site
from .home import signed_in
from .languages import gettext
from .pages import check_csrf

bp = Blueprint("front_door", __name__)


@dataclass(frozen=True)
class Card:
    """What the home page says of one game, beside its picture."""

    what: str          # message id: the game in a line
    ends: str          # message id: how a game ends, which is what makes it long or short
    computers: int     # how many computer seats "Play the computer now" sets against the visitor
    pictured: int      # how many seats the picture's game has


CARDS = {
    "buccaneer": Card(N_("Sail, fight and trade for treasure; your crew cards stay secret."),
                      N_("Ends when a player has treasure worth 20 or more safe in their home port."), 1, 4),
    "dragon_flagon": Card(N_("Two ships joined by gangplanks and a brawl of pirate teams: plan two action cards, "
                             "roll barrels, push tables, grab the treasure chests."),
                          N_("Ends when the Game End token is turned up; the team with the most reputation wins."),
                          1, 4),
    "mississippi": Card(N_("Paddle steamers race down a winding river; logs pay for moves and touching boats "
                           "react."),
                        N_("Ends when a boat crosses the finish line."), 2, 3),
    "rigadoon": Card(N_("An abstract of ships, masts and wind: chain-reaction attacks, treasure chests, islands "
                        "and maelstroms."),
                     N_("Ends when a player has claimed two treasure chests on two different islands."), 1, 2),
}
PICTURE_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal")
PICTURE_SEED = b"pbem front door"  # any fixed seed: the picture is the same on every visit


def cards() -> list[dict]:
    """The four games, as the home page lists them (by title)."""
    return [{"module": module, "card": CARDS[module.NAME]} for module in sorted(GAMES.values(), key=lambda m: m.TITLE)
            if module.NAME in CARDS]


def waiting_games(limit: int = 5) -> list[dict]:
    """The newest public games waiting for players, as the lobby lists them (its first page, cut)."""
    games, _ = listing.page(get_db(), get_site(), listing.filters(None, None), None, with_reliability=False)
    return games[:limit]


@lru_cache(maxsize=32)
def picture(name: str, language: str) -> str:
    """The board of a game of `name` at its start, as a spectator sees it, in `language`."""
    module = get_game(name)
    seats = CARDS[name].pictured
    state = module.initial_state(seats, module.resolve_options(seats, {}))
    for event in module.start(state, SeededChance(PICTURE_SEED, 0)):
        state = module.evolve(state, event)
    render = module.render_svg
    names = PICTURE_NAMES[:seats]
    if board.takes_words(render):
        return render(state, None, names=names, words=lambda phrase: board.read(phrase, language))
    return render(state, None, names=names)


@bp.get("/")
def home():
    types = sorted(GAMES.values(), key=lambda m: m.TITLE)
    return render_template("home.html", types=types, games=store.list_games(get_db(), limit=30), cards=cards(),
                           waiting=waiting_games(), most_players=max((m.PLAYERS[1] for m in types), default=0))


@bp.get("/games/<name>/board.svg")
def board_picture(name):
    if name not in GAMES or name not in CARDS:
        abort(404)
    response = Response(picture(name, languages.current()), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def create(game: str, players: list[dict]):
    """A game of the home page's quick forms (every option at its default), counted against the same limits
    as any other creation; its id, or the reason it was refused."""
    module = get_game(game)
    with public_games.creating(players, False, None, limits.creation_limits(players)) as made:
        try:
            created = service.create_game(get_db(), get_site(), module.NAME, players, {})
        except (GameError, service.ServiceError) as exc:
            made["taken"].give_back()
            return None, str(exc)
        made["id"] = created.id
    return created.id, None


def public_name() -> str | None:
    """The signed-in visitor's public name, if it has one."""
    address = signed_in()
    return names.name_of(get_db(), address) if address else None


def chosen_game() -> str:
    game = request.form.get("game", "")
    if game not in GAMES or game not in CARDS:
        abort(404)
    return game


@bp.post("/play-computer")
def play_computer():
    """One click: a game of the visitor against the computer, straight to the visitor's seat."""
    check_csrf()
    game = chosen_game()
    name = request.form.get("name", "").strip()[:40] or public_name() or gettext("Player")
    players = [{"name": name}] + [{"name": gettext("Computer %(n)s", n=i + 1), "bot": "standard"}
                                  for i in range(CARDS[game].computers)]
    game_id, error = create(game, players)
    if error is not None:
        return render_template("error.html", status=422, message=languages.page_message(error)), 422
    return redirect(get_site().seat_url(game_id, 0), code=303)


@bp.post("/invite-friends")
def invite_friends():
    """The visitor's seat and the others open: the started page gives the visitor's link and the
    invitation to pass on."""
    check_csrf()
    game = chosen_game()
    module = get_game(game)
    name = request.form.get("name", "").strip()[:40]
    try:
        count = int(request.form.get("players", ""))
    except ValueError:
        count = module.PLAYERS[0]
    if not name or not module.PLAYERS[0] <= count <= module.PLAYERS[1]:
        message = gettext("Give your name, and a number of players from %(least)s to %(most)s.",
                          least=module.PLAYERS[0], most=module.PLAYERS[1])
        return render_template("error.html", status=422, message=message), 422
    game_id, error = create(game, [{"name": name}] + [{"open": True}] * (count - 1))
    if error is not None:
        return render_template("error.html", status=422, message=languages.page_message(error)), 422
    return started.remember(game_id)
