"""Whole games played the way people play them: each player has a browser of their own and only their
seat link; the game is started from the home page's form, and every move is chosen from the seat page's
form of legal moves and posted back, through a real `pbem serve` process, until the game's own natural
end (Rigadoon: two chests on two islands; Buccaneer: 20 points home, four players; The Dragon & Flagon:
the Game End token, two crews of two).

The players choose with each game's purposeful player (`choose` in tests/playouts/<game>.py), which is
given only what the seat is shown: the page's legal moves and the seat's view from the API.

Along the way every page a seat was shown is kept, and afterwards checked against the log: each showed
exactly that seat's board and view as they stood, and the game's
own secrets (Buccaneer's hands, The Dragon & Flagon's face-down plans) never reached another seat before
the rules revealed them."""

import importlib
import json
import random
import re
from dataclasses import dataclass
from html import unescape

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.play import audit, service
from pbem.play.folding import PLATFORM_EVENTS, game_event
from tests.support import Browser, offered_moves, play_through_the_form, seen_seq, start_from_the_form


@dataclass
class Shown:
    """What one seat was shown at one moment: the seat page and the API's answer for that seat."""
    seat: int
    seq: int
    page: str
    api: dict
    log: list | None = None  # the seat's event log as the API gave it, now and then


def natural_end(name, loaded, events):
    """The rules' own ending, not a cap, a resignation or a clock."""
    termination = loaded.outcome.termination
    if name == "rigadoon":
        return termination in ("two_chests", "infinite_loop")
    if name == "buccaneer":
        return termination == "won"
    if name == "dragon_flagon":
        types = [e.type for e in events if e.type not in PLATFORM_EVENTS]
        ended = types.index("game_ended")
        last_token = [e for e in events if e.type == "game_end_revealed"][-1]
        return termination == "finished" and types[ended - 1] == "game_end_revealed" \
            and last_token.data["face"] == "watch"
    raise AssertionError(name)


def hidden_from(name, seat, view):
    """The game's own secrets found in `view` that do not belong to `seat` (empty when none leak)."""
    leaks = []
    if name == "buccaneer":
        if view.get("you", {}).get("seat") not in (None, seat):
            leaks.append("another seat's 'you'")
        fight = view.get("fight") or {}
        mine = view.get("you", {}).get("port")
        if "hands" in fight and mine not in (fight["attacker"], fight["defender"]):
            leaks.append("a fight's hands shown to a seat outside the fight")
        text = json.dumps({k: v for k, v in view.items() if k not in ("you", "fight")})
        if '"hand"' in text:
            leaks.append("a hand outside 'you'")
    if name == "dragon_flagon":
        for character in view.get("characters", []):
            if character["seat"] != seat:
                if "hand" in character:
                    leaks.append(f"{character['id']}'s hand")
                if any(item.get("card") for item in character["plan"]):
                    leaks.append(f"{character['id']}'s planned card")
    return leaks


def play_through_pages(server, name, seats, seed, max_moves):
    module = importlib.import_module(f"tests.playouts.{name}")
    rng = random.Random(seed)
    browsers = [Browser() for _ in range(seats)]
    game_id, links = start_from_the_form(browsers[0], server, name, {f"name{i}": f"Player {i}" for i in range(seats)})
    assert len(links) == seats
    tokens = [link.rsplit("/", 1)[1] for link in links]
    shown: list[Shown] = []
    for moves in range(max_moves + 1):
        status = browsers[0].get_json(f"{server}/api/games/{game_id}")
        if status["status"] == "finished" or moves == max_moves:
            break
        seat = rng.choice(status["to_move"])  # with simultaneous planning, any of them may come first
        _, page = browsers[seat].get(links[seat])
        api = browsers[seat].get_json(f"{server}/api/games/{game_id}", token=tokens[seat])
        seq = seen_seq(page)
        assert api["seq"] == seq and api["you"] == seat
        log = browsers[seat].get_json(f"{server}/api/games/{game_id}/events", token=tokens[seat]) \
            if moves % LOG_EVERY == 0 else None
        shown.append(Shown(seat, seq, page, api, log))
        offered = offered_moves(page)
        assert offered == api["legal"], "the page offers exactly the seat's legal moves"
        move = module.choose(api["view"], offered, seat, rng)
        code, after = play_through_the_form(browsers[seat], links[seat], page, move)
        assert code == 200 and "Played " in after, after[:3000]
    for seat in range(seats):  # the final pages too
        _, page = browsers[seat].get(links[seat])
        api = browsers[seat].get_json(f"{server}/api/games/{game_id}", token=tokens[seat])
        shown.append(Shown(seat, api["seq"], page, api))
    return game_id, tokens, shown, moves


def check_what_each_seat_saw(name, module, events, shown):
    """Fold the log once, and compare every page and API answer with the state at its moment."""
    by_seq = sorted(shown, key=lambda s: s.seq)
    created = events[0].data
    state = module.initial_state(created["seat_count"], created["options"])
    at = 1
    for item in by_seq:
        while at < item.seq:
            stored = events[at]
            if stored.type not in PLATFORM_EVENTS:
                state = module.evolve(state, game_event(stored))
            at += 1
        view = json.loads(json.dumps(module.view(state, item.seat)))
        assert item.api["view"] == view
        # once the game is over (its seed revealed, the log's last event), all is shown
        playing = item.seq < len(events) or events[-1].type != "seed_revealed"
        if playing:
            assert hidden_from(name, item.seat, view) == []
            for event in item.log or []:
                if event["type"] == "card_planned" and event["actor"] != str(item.seat):
                    assert event["data"]["card"] is None, f"seat {item.seat} read another's plan in the log"
        board_text = re.search(r"<summary>The board as text</summary><pre[^>]*>(.*?)</pre>", item.page, re.S).group(1)
        assert unescape(board_text) == module.render_text(state, item.seat), "the page shows the seat's board"


LOG_EVERY = 10  # moves between two reads of the whole event log (it grows with the game)

SETUPS = [("rigadoon", 2, 600), ("buccaneer", 4, 600), ("dragon_flagon", 4, 600)]


@pytest.mark.slow
@pytest.mark.parametrize("name, seats, max_moves", SETUPS, ids=[s[0] for s in SETUPS])
def test_people_play_a_whole_game_through_their_seat_links(server, database, name, seats, max_moves):
    game_id, tokens, shown, moves = play_through_pages(server, name, seats, seed=name, max_moves=max_moves)
    db = store.connect(database)
    try:
        loaded = service.load(db, game_id)
        assert loaded.finished, f"{name} did not end within {max_moves} moves"
        assert natural_end(name, loaded, store.read_events(db, game_id)), loaded.outcome
        assert {s.seat for s in shown} == set(range(seats)), "every seat took part"
        check_what_each_seat_saw(name, GAMES[name], store.read_events(db, game_id), shown)
        assert audit.verify(db, game_id)["ok"]
    finally:
        db.close()
