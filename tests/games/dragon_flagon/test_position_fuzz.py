"""A position the `position` option accepts always plays and shows (issue 10, items 4 and 5).

Valid positions (the spec's example, boards with tables overhanging the rails, and views of games in
progress written back as positions) are mutated: numbers out of range, huge and negative numbers, wrong
types, missing and extra fields, duplicates, odd strings. Each mutation is either refused with
`InvalidOptions` naming the field, or accepted; then the game starts, every seat's and the spectator's
view, text and SVG render after every event, `legal_moves` and `move_hints` run, every legal move of the
seats to move is accepted by `decide`, and the game plays on for a while, rendering all along.
"""

from __future__ import annotations

import copy
import json
import random
import re
from functools import reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.games import dragon_flagon as game
from pbem.games.base import InvalidOptions
from pbem.games.dragon_flagon.position import TOP_KEYS, position_from_view
from pbem.play import service
from pbem.play.chance import SeededChance
from tests.support import every_page_answers, play_randomly

from .test_position import SPEC_EXAMPLE

FIELD = re.compile(r"^position: (position|" + "|".join(TOP_KEYS) + r")\b")

OVERHANG = {
    "board": "pirate", "space": 3, "teams": [[0], [1]],
    "characters": [
        {"id": "monk", "seat": 0, "square": "a11", "facing": "w", "time": 3, "plan": ["move", "dash"]},
        {"id": "druid", "seat": 0, "square": "b5", "facing": "s", "time": 3, "plan": []},
        {"id": "rogue", "seat": 1, "square": "[9,11]", "facing": "e", "time": 3, "plan": []},
        {"id": "wizard", "seat": 1, "square": "j13", "facing": "n", "time": 4, "plan": ["blink"]},
    ],
    "objects": [{"id": "flagon", "square": "[10,-1]"}, {"id": "chest3", "square": "b9"},
                {"id": "mug1", "square": "[9,12]"}, {"id": "barrel1", "square": "a10"}],
    "tables": [{"id": "table3", "squares": "[10,-1]:[11,0]"}, {"id": "table4", "squares": "[9,10]:[10,12]"}],
    "rugs": [{"id": "rug1", "squares": "d14:e15"}],
    "familiar": "[10,12]",
    "game_end": [{"space": 5, "face": "blank"}, {"space": 6, "face": "blank"}, {"space": 7, "face": "watch"},
                 {"space": 8, "face": "blank"}],
}


def _played_views():
    """Views of games in progress, each written back as a position: (seats, board, position)."""
    out = []
    for seats, options, steps in ((2, {"endgame.range": 8}, 40), (4, {"endgame.range": 6}, 70),
                                  (5, {"board": "tavern", "endgame.range": 5}, 60), (3, {"geometry.facings": 8}, 50)):
        rng = random.Random(seats * 31 + steps)
        state = game.initial_state(seats, game.resolve_options(seats, options))
        state = reduce(game.evolve, game.start(state, SeededChance(bytes(32), 1)), state)
        for step in range(steps):
            if game.outcome(state) is not None:
                break
            seat = rng.choice(sorted(game.to_move(state)))
            move = rng.choice(game.legal_moves(state, seat))
            state = reduce(game.evolve, game.decide(state, seat, move, SeededChance(bytes(32), step + 2)), state)
        seat = rng.randrange(seats)
        view = json.loads(json.dumps(game.view(state, seat)))
        out.append((seats, options.get("board", "pirate"), position_from_view(view), options))
    return out


BASES = [(2, "pirate", SPEC_EXAMPLE, {}), (2, "pirate", OVERHANG, {})] + _played_views()

ODD_VALUES = [
    None, True, False, 0, 1, -1, 2, 3, 15, 99, 100, 1000, 2 ** 31, 2 ** 63, 10 ** 30, -(10 ** 30), 10 ** 400, 1.5,
    "", " ", "f7", "f8", "a1", "k15", "a0", "k16", "l3", "[7,5]", "[-1,-1]", "[10,-1]", "[-3,4]", "[16,5]",
    "[999,999]", "[99999,1]", "\ud800", "\x00", "💥", "x" * 300, "monk", "wizard", "ninja", "chest1", "chest99",
    "flagon", "mug0", "barrel1", "table1", "table0", "rug1", "watch", "blank", "dazed", "fallen", "unlocked",
    "spent", "e", "ne", "slash", "dragon_kick", "boast", "a1:k15", "c7:d9", "[8,-2]:[9,-1]",
    [], {}, [0], [1, 0], [[0], [1]], ["monk"], ["slash", "slash"], {"id": "mug1"}, {"a": 1}, [None],
]


def _children(node):
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


@st.composite
def mutated_positions(draw):
    seats, board, base, options = draw(st.sampled_from(BASES))
    pos = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        parent, key = None, None
        node = pos
        while _children(node) and draw(st.integers(0, 3)):
            parent, key = node, draw(st.sampled_from(_children(node)))
            node = parent[key]
        op = draw(st.sampled_from(["replace", "replace", "delete", "extra", "duplicate", "number", "text"]))
        if parent is None:
            if op in ("delete", "duplicate"):
                op = "extra"
            if op == "replace":
                continue
        if op == "replace":
            parent[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        elif op == "delete":
            del parent[key]
        elif op == "extra":
            target = node if isinstance(node, dict) else parent if isinstance(parent, dict) else pos
            target[draw(st.sampled_from(["extra", "id", "square", "plan", "holds", "squares", "face"]))] = \
                copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
        elif op == "number" and isinstance(node, int) and not isinstance(node, bool):
            parent[key] = draw(st.sampled_from([node + 1, node - 1, -node, node * 1000, node + 40, 10 ** 18]))
        elif op == "text" and isinstance(node, str):
            parent[key] = draw(st.sampled_from([node + "1", node.upper(), "-" + node, node + " ", node[:-1],
                                                node.replace("[", "[-"), node + "\u202e"]))
    return seats, board, pos, options


def plays_and_shows(seats: int, resolved: dict, seed: int, steps: int = 25) -> None:
    state = game.initial_state(seats, resolved)
    for event in game.start(state, SeededChance(seed.to_bytes(32, "big"), 1)):
        state = game.evolve(state, event)
        renders(state, seats)
    rng = random.Random(seed)
    for step in range(steps):
        if game.outcome(state) is not None:
            return
        owing = sorted(game.to_move(state))
        assert owing, "no seat owes a decision but the game has no outcome"
        for seat in range(seats):
            legal = game.legal_moves(state, seat)
            assert set(game.move_hints(state, seat)) == set(legal)
            if step == 0 and seat in owing:
                for move in legal:
                    game.decide(state, seat, move, SeededChance(seed.to_bytes(32, "big"), 2))
        seat = rng.choice(owing)
        move = rng.choice(game.legal_moves(state, seat))
        for event in game.decide(state, seat, move, SeededChance(seed.to_bytes(32, "big"), step + 3)):
            state = game.evolve(state, event)
            renders(state, seats)


def renders(state, seats: int) -> None:
    for viewer in [None, *range(seats)]:
        json.dumps(game.view(state, viewer))
        assert isinstance(game.render_text(state, viewer), str)
        assert game.render_svg(state, viewer).lstrip().startswith("<svg")


@pytest.mark.parametrize("index", range(len(BASES)))
def test_every_base_position_is_accepted_and_plays(index):
    seats, board, pos, options = BASES[index]
    resolved = game.resolve_options(seats, {**options, "board": board, "position": copy.deepcopy(pos)})
    plays_and_shows(seats, resolved, seed=index)


def test_a_view_of_a_game_in_progress_feeds_back_as_a_position():
    seats, board, pos, options = BASES[3]
    resolved = game.resolve_options(seats, {**options, "position": pos})
    state = game.initial_state(seats, resolved)
    state = reduce(game.evolve, game.start(state, SeededChance(bytes(32), 1)), state)
    again = position_from_view(json.loads(json.dumps(game.view(state, 0))))
    assert [c["square"] for c in again["characters"]] == [c["square"] for c in sorted(
        pos["characters"], key=lambda c: game.setup.CHARACTER_IDS.index(c["id"]))]


@settings(max_examples=250, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions(), st.integers(0, 2 ** 16))
def test_a_mutated_position_is_refused_naming_its_field_or_plays_and_shows(case, seed):
    seats, board, pos, options = case
    try:
        resolved = game.resolve_options(seats, {**options, "board": board, "position": pos})
    except InvalidOptions as error:
        assert FIELD.match(str(error)), f"the refusal does not name the field: {error}"
        return
    plays_and_shows(seats, resolved, seed)


def test_accepted_positions_show_on_every_page_of_the_server(client, db, site):
    for index in (0, 1, 2, 4):
        seats, board, pos, options = BASES[index]
        players = [{"name": f"Player {i + 1}"} for i in range(seats)]
        created = service.create_game(db, site, "dragon_flagon", players,
                                      {**options, "board": board, "position": copy.deepcopy(pos)})
        play_randomly(db, site, created, 6, random.Random(index))
        assert every_page_answers(client, created.id, created.tokens) > 0
