"""The Dragon & Flagon's seat pages in a real browser (headless Chromium against a real `pbem serve`):
the board's smallest text measured as a person sees it, at desktop size (1366x900: at least 10 CSS px)
and on a phone (390x844: at least 8 CSS px), on every seat's page and the spectator's, early, in the
middle and at the end of games; nothing scrolls sideways; and every piece and square the move hints
name is there in the page to be chosen.

Screenshots of each page at both sizes go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from pbem import store
from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.data import BOARDS_FILE
from pbem.play import service
from tests.browser import DESKTOP, PHONE, at_size, board_text_sizes, screenshot
from tests.games.dragon_flagon.helpers import ch, position

pytestmark = pytest.mark.slow

SMALLEST = {DESKTOP: 10.0, PHONE: 8.0}


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"POST {url}: {error.code} {error.read()[:500]!r}") from None


def create(server: str, players: int, options: dict | None = None) -> dict:
    names = ["Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal"][:players]
    return post_json(server + "/api/games", {"game": "dragon_flagon", "players": [{"name": n} for n in names],
                                             "options": options or {}})


def the_board_without(*held) -> list:
    return [o for o in BOARDS_FILE["pirate"]["objects"] if o["id"] not in held]


def middle_of_a_brawl() -> dict:
    """Four players, eight characters at time 12: a chest carried, a table overhanging the water with a
    character on it, the familiar out, Dazed and Fallen characters, face-up cards, one character
    overboard; the Monk's Move is revealed and Ann chooses."""
    chars = [
        ch("monk", 0, "e8", "e", plan=["move", "dash"], time=12, rep=23, holds="chest3"),
        ch("wizard", 0, "c5", "s", plan=["blink"], time=13, rep=18, durations=[{"card": "boast", "on_table": False}]),
        ch("barbarian", 2, "c8", "n", plan=["cleave"], status=["fallen"], time=13, rep=16),
        ch("cleric", 2, None, plan=[], time=14, rep=15),
        ch("rogue", 1, "f6", "w", plan=["slash", "move"], status=["dazed"], time=12, rep=24),
        ch("buccaneer", 1, "h5", "w", plan=["pistol_shot", "arr"], time=13, rep=21, dragon="unlocked"),
        ch("paladin", 3, "j13", "n", plan=["shield_bash"], time=15, rep=20, durations=[{"card": "guard"}]),
        ch("swashbuckler", 3, "i9", "w", plan=["lunge", "move"], time=12, rep=22),
    ]
    tables = [("table1", "c7:d9"), ("table2", "h7:i9"), ("table3", ["a11", "b11", "[10,-1]", "a12", "b12", "[11,-1]"]),
              ("table4", "j11:k12")]
    pos = position(chars, objects=the_board_without("chest3"), tables=tables, space=12, draw_order=["monk"],
                   familiar="d3", teams=[[0, 2], [1, 3]],
                   rugs=[("rug1", "d14:e15"), ("rug2", "g14:h15")])
    return {"position": pos}


def the_end() -> dict:
    """The City Watch turns up at the end of space 28: the game is over as soon as it starts."""
    chars = [ch("monk", 0, "c5", "e", plan=["dodge", "boast"], time=28, rep=26, holds="chest1"),
             ch("rogue", 1, "i5", "w", plan=["dodge", "boast"], time=28, rep=17)]
    ends = [{"space": 25, "face": "blank"}, {"space": 26, "face": "blank"}, {"space": 27, "face": "blank"},
            {"space": 28, "face": "watch"}]
    return {"position": position(chars, objects=the_board_without("chest1"), space=28, game_end=ends)}


def pages(created: dict) -> list[tuple[str, str]]:
    return [(f"seat{s['seat']}", s["url"]) for s in created["seats"]] + [("spectator", created["url"])]


def test_the_board_text_is_readable_and_nothing_scrolls_sideways_early_middle_and_late(server, chrome, shots):
    games = {
        "early-2p": create(server, 2),
        "early-8p": create(server, 8),
        "middle-4p": create(server, 4, middle_of_a_brawl()),
        "tavern-5p": create(server, 5, {"board": "tavern", "setup.placement": "fixed"}),
        "late-2p": create(server, 2, the_end()),
    }
    driver = chrome()
    measured = {}
    for label, created in games.items():
        for who, url in pages(created):
            driver.get(url)
            for size, least in SMALLEST.items():
                sizes = at_size(driver, *size, lambda: board_text_sizes(driver))
                assert sizes, f"{label} {who}: no board text found"
                smallest, text = sizes[0]
                measured[(label, who, size)] = smallest
                assert smallest >= least, f"{label} {who} at {size}: {text!r} is {smallest:.1f} px"
            screenshot(driver, shots, f"dragon-flagon-{label}-{who}")  # asserts nothing sticks out sideways
    for label in games:
        for size in SMALLEST:
            print(label, size, f"{min(v for (g, _, s), v in measured.items() if g == label and s == size):.1f} px")


def loaded_state(database, game_id):
    db = store.connect(database)
    try:
        return service.load(db, game_id).state
    finally:
        db.close()


def test_every_piece_and_square_the_hints_name_is_on_the_page(server, database, chrome):
    created = create(server, 4, middle_of_a_brawl())
    state = loaded_state(database, created["id"])
    driver = chrome()
    for seat in game.to_move(state):
        driver.get(created["seats"][seat]["url"])
        pieces = set(driver.execute_script(
            "return Array.from(document.querySelectorAll('.play-area [data-piece]')).map(e => e.dataset.piece)"))
        squares = set(driver.execute_script(
            "return Array.from(document.querySelectorAll('.board svg [data-square]')).map(e => e.dataset.square)"))
        hints = game.move_hints(state, seat)
        assert hints
        for move, hint in hints.items():
            assert hint.piece in pieces, move
            assert hint.target is None or hint.target in squares, move
            assert set(hint.path) <= squares, move
    # the overboard Cleric can be chosen on the board (swimming) and in the panel
    assert driver.execute_script(
        "return document.querySelectorAll('.play-area [data-piece=\"cleric\"]').length") == 2
