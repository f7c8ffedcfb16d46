"""The Rigadoon seat page as served: every piece a hint names is a `data-piece` in the page's play area
(board or panel), every square it ends on or passes is a `data-square` of the board, and the panel
shows the wind, the fleets and the open decision in words, for whole games played through the service."""

from __future__ import annotations

import random
import re
from html import unescape

from pbem.play import service

PLAYERS = [{"name": "Ann"}, {"name": "Bob <b>"}]


def play_area(page: str) -> str:
    start = page.index('<div class="play-area">')
    return page[start:page.index('<details><summary>The board as text', start)]


def board_svg(page: str) -> str:
    return page[page.index("<svg"):page.index("</svg>") + 6]


def attribute_values(html: str, name: str) -> set[str]:
    return {unescape(v) for v in re.findall(rf'\b{name}="([^"]*)"', html)}


def test_every_hint_is_on_the_served_page_all_through_random_games(client, db, site):
    rng = random.Random(7)
    decisions = set()
    variants = ({"first": "seat0", "turn_limit": 12}, {"wind": "die", "exits": "same_side", "turn_limit": 12})
    # each game's wind is drawn from a fresh seed: play both variants, and on (at most ten games) until
    # some page has shown an open decision
    for played, options in enumerate(variants * 5):
        if played >= len(variants) and decisions:
            break
        created = service.create_game(db, site, "rigadoon", PLAYERS, options)
        for _ in range(400):
            loaded = service.load(db, created.id)
            if loaded.finished:
                break
            seat = min(loaded.to_move)
            module = loaded.module
            page = client.get(f"/play/{created.tokens[seat]}").get_data(as_text=True)
            area, svg = play_area(page), board_svg(page)
            pieces, squares = attribute_values(area, "data-piece"), attribute_values(svg, "data-square")
            for move, hint in module.move_hints(loaded.state, seat).items():
                assert hint.piece is None or hint.piece in pieces, (move, hint)
                assert {*hint.path, *([hint.target] if hint.target else [])} <= squares, (move, hint)
            if loaded.state.chain is not None:
                decisions.add(loaded.state.chain.decision)
                assert 'class="rg-decision"' in area
            move = rng.choice(module.legal_moves(loaded.state, seat))
            service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    assert decisions  # the panel's account of an open decision was on some of these pages


def test_the_panel_shows_the_wind_fleets_and_whose_turn_it_is(client, db, site):
    created = service.create_game(db, site, "rigadoon", PLAYERS, {"first": "seat0"})
    for seat, move in ((0, "colour blue"), (1, "opening N")):
        service.submit_move(db, site, created.id, created.tokens[seat], move, service.load(db, created.id).seq)
    page = client.get(f"/play/{created.tokens[0]}").get_data(as_text=True)
    area = play_area(page)
    assert "Turn 1: Your Blue fleet; the wind has not changed yet this turn." in area
    assert "Wind from the north" in area and "Ships sail farthest toward the south: 3 squares, 4 with all 3 masts" in area
    assert "orange: any ship with a mast may sail here" in area and "yellow: only a ship with all 3 masts" in area
    assert "Wind deck: 7 cards to draw from (E NE NW S SE SW W)." in area
    assert "Blue fleet: Ann (you)" in area and "Green fleet: Bob &lt;b&gt;" in area and "<b>" not in area
    assert area.count('class="orange"') == 14 and area.count('class="yellow"') == 8  # the north wind's card
    assert attribute_values(area, "data-piece") == {"B1", "B2", "B3", "B4", "G1", "G2", "G3", "G4"}
    spectator = unescape(play_area(client.get(f"/games/{created.id}").get_data(as_text=True)))
    assert "Turn 1: Ann's Blue fleet" in spectator and "(you)" not in spectator


def test_the_panel_tells_an_open_decision_in_words(client, db, site):
    position = {"wind": "N", "to_move": "blue", "seats": {"blue": 0, "green": 1}, "chests": [],
                "ships": {"B1": ["G7", 3], "B2": ["E10", 0], "B3": None, "B4": None,
                          "G1": ["D9", 1], "G2": None, "G3": None, "G4": None}}
    created = service.create_game(db, site, "rigadoon", PLAYERS, {"position": position})
    service.submit_move(db, site, created.id, created.tokens[0], "sail B1 SW 2", service.load(db, created.id).seq)
    area = play_area(client.get(f"/play/{created.tokens[0]}").get_data(as_text=True))
    assert "Which attack first?" in area
    assert "Attacks waiting: B1 on B2 and B1 on G1. Choose the attacking ship, then the ship it fires on" in area


def test_the_rules_page_explains_every_option_in_words(client):
    from pbem.games import rigadoon as game

    page = client.get("/rules/rigadoon").get_data(as_text=True)
    for name, option in game.OPTIONS.items():
        assert f'id="option-{name.replace("_", "-")}"' in page
        label, help = str(option.label), str(option.help)  # English: the rules page stays English
        assert label and label in page
        assert not re.search(r"\[RECON\]|\bR\d+\b|\(A\d+\)", help + label), name
        for value in option.choices:
            assert value in option.choice_labels, (name, value)
    assert page.count("<svg") == 9  # the worked examples, drawn by the engine
    for section in ("goal", "board", "setup", "turn", "wind", "sailing", "chests", "maelstroms", "attacks",
                    "chain-reactions", "repairs", "rigadoon", "winning", "options", "notation", "reconstruction"):
        assert f'id="{section}"' in page, section


def test_every_page_answers_with_the_panel_at_every_step_of_a_game(client, db, site):
    """The panel reads views from the setup (no wind, no fleets yet) to the end, on every page and seq."""
    from tests.support import every_page_answers, play_randomly

    created = service.create_game(db, site, "rigadoon", PLAYERS, {"turn_limit": 3})
    loaded = play_randomly(db, site, created, 200, random.Random(3))
    assert loaded.finished
    assert every_page_answers(client, created.id, created.tokens) > 0


def test_the_panel_lists_the_seats_own_fleet_first(client, db, site):
    created = service.create_game(db, site, "rigadoon", PLAYERS, {"first": "seat0"})
    service.submit_move(db, site, created.id, created.tokens[0], "colour green", service.load(db, created.id).seq)
    for token, first in ((created.tokens[0], "Green fleet: Ann (you)"), (created.tokens[1], "Blue fleet: Bob &lt;b&gt; (you)")):
        area = play_area(client.get(f"/play/{token}").get_data(as_text=True))
        assert re.findall(r"<h3>([^<]*fleet[^<]*)</h3>", area)[0].startswith(first)
