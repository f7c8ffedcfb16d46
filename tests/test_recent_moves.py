"""What happened since a seat last moved, in words: on the seat page ("Since your last move"), the
spectator page ("Lately") and in the notices, all through the same redaction (pbem/notify/compose.py)."""

import random
import re
from html import unescape

from pbem import service, store
from pbem.words import describe, last_moves
from tests.support import THREE, play_randomly


def test_the_seat_page_says_what_the_others_did_since_its_last_move(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    played = []
    for _ in range(3):  # Ann, Bob, Cy each move once
        loaded = service.load(db, created.id)
        seat = min(loaded.to_move)
        move = loaded.module.legal_moves(loaded.state, seat)[seat]
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
        played.append(f"{THREE[seat]['name']} played {move}")
    page = client.get(f"/play/{created.tokens[0]}").data.decode()
    assert "Since your last move" in page
    assert played[1] in page and played[2] in page and played[0] not in page
    spectator = client.get(f"/games/{created.id}").data.decode()
    assert "Lately" in spectator and all(line in spectator for line in played)


def test_a_planned_card_is_told_only_to_its_planner():
    class Loaded:
        names = ["Ann", "Bob"]

    hidden = {"card": None, "character": "rogue", "reason": "planning", "slot": 1}
    assert describe(Loaded, "card_planned", "1", hidden) == "Bob: card planned: character rogue, reason planning, slot 1"
    assert describe(Loaded, "move_played", "1", {"move": None}) == "Bob moved"
    assert describe(Loaded, "move_played", "rules", {"move": "end", "seat": 0}) == "Ann: end (automatic)"
    assert describe(Loaded, "seed_revealed", "rules", {"seed": "ab"}) is None


def test_lines_for_a_secret_game_never_carry_another_seats_plan(db, site):
    players = [{"name": f"P{i}"} for i in range(4)]
    created = service.create_game(db, site, "dragon_flagon", players)
    loaded = play_randomly(db, site, created, 40, random.Random(7))
    events = store.read_events(db, created.id)
    planned = [e for e in events if e.type == "card_planned"]
    assert planned
    for seat in range(4):
        lines = last_moves(loaded, events, seat)
        for event in planned:
            told = [line for line in lines if f"character {event.data['character']}, reason" in line]
            assert told, "each planning is told"
        text = "\n".join(lines)
        for event in planned:
            who = f"P{event.actor}"
            told = f"{who}: card planned: card {event.data['card']}, character {event.data['character']}"
            assert (told in text) == (event.actor == str(seat)), "only the planner is told the card"


def test_since_your_last_move_starts_after_the_seats_own_last_event_in_any_game(client, db, site):
    # The Dragon & Flagon has no `move_played`: its seats place standees and plan cards.
    created = service.create_game(db, site, "dragon_flagon", [{"name": f"P{i}"} for i in range(4)])
    loaded = play_randomly(db, site, created, 12, random.Random(3))
    events = store.read_events(db, created.id)
    seat = int(next(e.actor for e in reversed(events) if e.actor.isdigit()))
    last_own = max(e.seq for e in events if e.actor == str(seat))
    expected = last_moves(loaded, [e for e in events if e.seq > last_own], seat)
    page = client.get(f"/play/{created.tokens[seat]}").data.decode()
    shown = re.findall(r'<ol class="recent">(.*?)</ol>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", shown[0]) if shown else []
    assert [unescape(i) for i in items] == expected[-20:]
