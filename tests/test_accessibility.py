"""Pages that everyone can use (architecture section 25, issue 29): axe-core, run inside a real Chromium
against a real `pbem serve` process, finds no serious or critical violation on any page at phone and
desktop widths: the fixed pages (home, options, rules, sign-in, lost links, an error), and each game's
seat page for every seat at its start, on the way and at its end, with a piece chosen and a move waiting
for confirmation, and its text mode at the same steps, beside its history, settings and conditional moves
pages.

The games are played through the API by each game's purposeful player (tests/playouts/<game>.py), which
is given only what the seat is shown; a game that has not ended by the bound is ended by resignations,
whose end is a phase too. axe-core itself is installed by tests/axe.py."""

from __future__ import annotations

import importlib
import random

import pytest

from tests.axe import said, violations
from tests.browser import DESKTOP, PHONE, choose_on_board, hints_on_page, settle, visible, wait_for
from tests.test_browser import api

pytestmark = [pytest.mark.slow,
              pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")]

SEATS = {"mississippi": (3, {}), "rigadoon": (2, {"first": "seat0"}), "buccaneer": (2, {}), "dragon_flagon": (2, {})}
CHECKPOINTS = (6, 30)   # moves after which the seat pages are checked again, beside the start and the end
BOUND = 1500            # moves played before the game is ended by resignations


class Checked:
    """The pages checked so far and what axe-core found on them."""

    def __init__(self, driver, server: str):
        self.driver, self.server = driver, server
        self.found: dict[str, list] = {}
        self.pages = 0

    def page(self, path: str, what: str, action=None) -> None:
        """Open `path` at both widths (doing `action` after each load) and keep axe-core's findings."""
        for width, height in (PHONE, DESKTOP):
            self.driver.set_window_size(width, height)
            self.driver.get(self.server + path)
            settle(self.driver, width)
            if action is not None:
                action(self.driver)
            self.pages += 1
            found = violations(self.driver)
            if found:
                self.found[f"{what} at {width} px"] = found

    def told(self) -> str:
        return "\n\n".join(f"== {where}\n{said(found)}" for where, found in self.found.items())


def test_the_fixed_pages_have_no_serious_violation(server, chrome):
    checked = Checked(chrome(), server)
    for path, what in (("/", "home"), ("/new/buccaneer", "options"), ("/rules/rigadoon", "rules"),
                       ("/signin", "sign-in"), ("/links", "lost links"), ("/no/such/page", "not found")):
        checked.page(path, what)
    assert checked.pages == 12
    assert not checked.found, checked.told()


def a_move_waiting(driver) -> None:
    """Choose the first move on the board that a piece makes, so the move waits for confirmation."""
    moves = hints_on_page(driver).get("moves", {})
    on_board = sorted(move for move, hint in moves.items() if hint["piece"] and hint["target"])
    if on_board:
        choose_on_board(driver, on_board[0])
        wait_for(driver, lambda d: visible(d, "#pending-move"))


@pytest.mark.parametrize("name", sorted(SEATS))
def test_every_phase_of_a_game_has_no_serious_violation(server, chrome, name):
    seats, options = SEATS[name]
    playout = importlib.import_module(f"tests.playouts.{name}")
    created = api(server + "/api/games", {"game": name, "options": options,
                                          "players": [{"name": n} for n in ("Ann", "Bob", "Cy")[:seats]]})
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    checked = Checked(chrome(), server)

    def every_seat(phase: str) -> None:
        for seat, token in enumerate(tokens):
            checked.page(f"/play/{token}", f"{name} seat {seat} {phase}")
            checked.page(f"/play/{token}/text", f"{name} seat {seat} {phase}, text mode")

    every_seat("at the start")
    checked.page(f"/play/{tokens[0]}/history", f"{name} history at the start")
    checked.page(f"/play/{tokens[0]}/settings", f"{name} settings")
    checked.page(f"/play/{tokens[0]}/conditionals", f"{name} conditional moves")
    rng = random.Random(f"{name}-29")
    moved = 0
    waiting_checked = False
    while moved < BOUND:
        game = api(f"{server}/api/games/{game_id}")
        if game["status"] == "finished":
            break
        for seat in game["to_move"]:
            mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
            if mine["legal"]:
                break
        else:
            raise AssertionError(f"{name}: nobody to move has a legal move")
        if not waiting_checked and moved >= CHECKPOINTS[0]:
            checked.page(f"/play/{tokens[seat]}", f"{name} seat {seat} with a move waiting", a_move_waiting)
            waiting_checked = True
        move = playout.choose(mine["view"], mine["legal"], seat, rng)
        api(f"{server}/api/games/{game_id}/moves", {"move": move, "seq": mine["seq"]}, token=tokens[seat])
        moved += 1
        if moved in CHECKPOINTS:
            every_seat(f"after {moved} moves")
    if api(f"{server}/api/games/{game_id}")["status"] != "finished":
        for token in tokens[1:]:
            if api(f"{server}/api/games/{game_id}")["status"] != "finished":
                api(f"{server}/api/games/{game_id}/resign", {}, token=token)
    assert api(f"{server}/api/games/{game_id}")["status"] == "finished"
    every_seat("at the end")
    checked.page(f"/play/{tokens[0]}/history", f"{name} history at the end")
    checked.page(f"/games/{game_id}/history", f"{name} public history at the end")
    assert waiting_checked, f"{name}: no move waited for confirmation"
    assert not checked.found, checked.told()
