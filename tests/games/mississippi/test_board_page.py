"""Mississippi on the real pages (Flask's test client): every hint names a `data-piece` and
`data-square`s of the seat page, every rule a hint links to is a section of the rules page, the panel
beside the board shows players, logs, fields, the number ahead and the supply (names escaped), and the
option texts and the rules page speak to players, not in the spec's internals."""

import random
import re
from html import unescape

import pytest

from pbem.games import mississippi as game
from pbem.play import service
from tests.games.mississippi.helpers import greedy_game
from tests.support import THREE, every_page_answers

MID = {"boats": {"0": {"field": 30, "east": 6, "logs": 8}, "1": {"field": 35, "east": 2, "logs": 10},
                 "2": {"field": 13, "east": 4, "logs": 42}}, "supply": 0, "to_move": 0}


def board_of(page: str) -> str:
    return re.search(r'<div class="board"[^>]*>(.*?)</svg>', page, re.S).group(1)


def panel_of(page: str) -> str:
    return re.search(r'<div class="game-panel mississippi-panel">(.*?)</details>\s*</div>', page, re.S).group(1)


def panel_rows(panel: str) -> list[str]:
    """The players table, a line of text per row."""
    return [re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", row))).strip()
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", panel, re.S)]


def rules_ids(client) -> set[str]:
    page = client.get("/rules/mississippi")
    assert page.status_code == 200
    return set(re.findall(r'\bid="([^"]+)"', page.data.decode()))


def check_seat_page(client, loaded, tokens) -> int:
    """Every hint of the seat to move names a piece and squares on its own seat page; returns how many."""
    checked = 0
    for seat in loaded.module.to_move(loaded.state):
        page = client.get(f"/play/{tokens[seat]}").data.decode()
        board = board_of(page)
        pieces = set(re.findall(r'data-piece="([^"]+)"', page[page.index('<div class="play-area">'):]))
        squares = set(re.findall(r'data-square="([^"]+)"', board))
        for hint in game.move_hints(loaded.state, seat).values():
            assert hint.piece in pieces
            assert hint.target in squares and set(hint.path) <= squares
            checked += 1
    return checked


def test_every_hint_names_a_piece_and_squares_of_the_seat_page_through_a_game(client, db, site):
    rng = random.Random(12)
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 5})
    checked = 0
    for _ in range(15):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        checked += check_seat_page(client, loaded, created.tokens)
        seat = min(loaded.to_move)
        move = rng.choice(loaded.module.legal_moves(loaded.state, seat))
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    assert checked > 15 * 10
    every_page_answers(client, created.id, created.tokens)


def test_every_rule_a_hint_links_to_is_a_section_of_the_rules_page(client, db, site):
    ids = rules_ids(client)
    linked = set()

    def note_rules(state, *_):
        if game.outcome(state) is None:
            linked.update(hint.rule for hint in game.move_hints(state, state.current).values())

    for seats, options in ((3, {}), (4, {"numbering": "die", "rows": 5, "width": 8})):
        greedy_game(seats, options, 3, note_rules)
    assert {"entering", "forward", "back", "rotation", "reactions"} <= linked
    assert linked <= ids
    assert {f"option-{name.replace('_', '-')}" for name in game.OPTIONS} <= ids
    assert {"goal", "river", "boats", "logs", "turn", "end", "notation", "reconstructed", "example-1"} <= ids


def test_the_panel_shows_players_logs_fields_the_number_ahead_and_the_supply(client, db, site):
    players = [{"name": "<b>Ann</b>"}, {"name": "Bob"}, {"name": "Cy"}]
    created = service.create_game(db, site, "mississippi", players, {"position": MID})
    page = client.get(f"/play/{created.tokens[1]}").data.decode()
    panel = panel_of(page)
    assert "<b>Ann" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in panel
    rows = panel_rows(panel)
    # Blue on 30 (row 2, east): its E 6 ahead; Red on 35 (east 2): E 2; Green on 13 (row 1, west): W of east 4 = 1
    assert rows == ["Player Logs Field Ahead", "<b>Ann</b> (Blue) to move 8 30 6", "Bob (Red, you) 10 35 2",
                    "Cy (Green) 42 13 1"]
    assert "Supply: 0 logs" in panel and "round 1 of 150" in panel
    spectator = panel_of(client.get(f"/games/{created.id}").data.decode())
    assert ", you" not in spectator and "to move" in spectator


def test_the_panel_before_entering_and_after_the_end(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    loaded = service.load(db, created.id)
    rolled = loaded.state.boats[0].east  # Ann's boat waits on the start field with its die's number ahead
    rows = panel_rows(panel_of(client.get(f"/games/{created.id}").data.decode()))
    assert rows[1:] == [f"Ann (Blue) to move 20 start {rolled}", "Bob (Red) 20 not yet –", "Cy (Green) 20 not yet –"]
    near = {"boats": {"0": {"field": 80, "east": 1, "logs": 20}, "1": {"field": 10, "east": 1, "logs": 20},
                      "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 0, "to_move": 0}
    done = service.create_game(db, site, "mississippi", THREE, {"position": near})
    service.submit_move(db, site, done.id, done.tokens[0], "forward 3", 1)
    panel = panel_of(client.get(f"/games/{done.id}").data.decode())
    assert panel_rows(panel)[1:] == ["Ann (Blue) winner 17 goal 1", "Bob (Red) 20 10 1", "Cy (Green) 20 30 1"]
    assert "Supply: 3 logs &middot; game over" in panel
    assert "Last turn (dotted on the board): Blue forward 3: 80→83" in unescape(panel)


@pytest.mark.parametrize("name", sorted(game.OPTIONS))
def test_option_texts_speak_to_players(name):
    option = game.OPTIONS[name]
    assert option.label and len(str(option.help)) > 40  # English: the ids are the English
    for text in map(str, (option.label, option.help, *option.choice_labels.values())):
        assert not re.search(r"\(A\d+\)|RECON|\[|\b[a-z]+_[a-z_]+\b", text), text
    assert set(option.choice_labels) == set(option.choices)


def test_the_rules_page_never_shows_the_spec_internals(client):
    text = client.get("/rules/mississippi").data.decode()
    body = re.sub(r"<pre\b.*?</pre>|<style>.*?</style>|<svg.*?</svg>|<[^>]+>", " ", text, flags=re.S)
    assert not re.search(r"\bA\d{1,2}\b|RECONSTRUCTED|INFERRED|\b[a-z]+_[a-z_]+\b", body)
    assert "The printed rules do not" in body
