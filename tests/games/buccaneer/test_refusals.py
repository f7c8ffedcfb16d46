"""Every refusal names its rule (issue 10, item 6): through whole games, each legal move is varied (a
longer sail, another direction or heading, an attack added or dropped, other cards, another port) and
every variation that the rules refuse is refused with the Rule or Ruling that forbids it, never a bare
"not allowed". Some variations are legal though not listed (multi-item trades, several items
deposited at once); those are accepted."""

from __future__ import annotations

import json
import random
import re
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import GameError, IllegalMove, InvalidMove, NotYourTurn
from pbem.games.buccaneer.board import DIRECTIONS, PORTS
from pbem.play.chance import SeededChance

from .helpers import new, play, stored

NAMES_A_RULE = re.compile(r"^(Rule|Ruling)s? \d+")
ITEMS = ("R1", "R3", "B2", "diamond", "rum", "doubloons", "kidds-chart", "long-john-silver")


def variations(move: str) -> set[str]:
    """Moves near `move`: one word changed, added or dropped."""
    words = move.split()
    out = set()
    for i, word in enumerate(words):
        if word.isdigit():
            out |= {" ".join(words[:i] + [str(int(word) + k)] + words[i + 1:]) for k in (1, 12)}
        if word in DIRECTIONS:
            out |= {" ".join(words[:i] + [d] + words[i + 1:]) for d in DIRECTIONS if d != word}
        if word in ITEMS or re.fullmatch(r"[RB][123]", word) or word in ("gold", "pearl", "ruby", "pieces-of-eight"):
            out |= {" ".join(words[:i] + [item] + words[i + 1:]) for item in ITEMS if item != word}
        if word in PORTS:
            out |= {" ".join(words[:i] + [port] + words[i + 1:]) for port in PORTS if port != word}
    if words[0] == "sail":
        out.add(" ".join(w for w in words if w != "attack") if "attack" in words else
                " ".join(words[:3] + ["attack"] + words[3:]))
        if "face" in words:
            out.add(" ".join(words[:words.index("face")]))
        else:
            out.add(move + " face N")
        out.add("drift " + " ".join(words[1:2]))
    if words[0] in ("turn", "drift", "face"):
        out.add("sail " + words[-1] + " 1")
    if words[0] in ("give", "keep", "deposit", "take", "land", "secure", "redeem"):
        out.add(move + " " + words[-1])
        out.add("end")
    if words[0] == "trade":
        out.add(move.replace(" take ", " R1 take "))
    out |= {"end", "attack", "let pass", "demand crew", "face N", "turn face S", "chance crew", "chance swap"}
    return out - {move}


def refused_by_name(state, seat, move) -> None:
    try:
        game.decide(state, seat, move, SeededChance(b"\x03" * 32, 9))
    except IllegalMove as refused:
        assert NAMES_A_RULE.match(str(refused)), f"{move!r} refused without naming a rule: {refused}"
    except (InvalidMove, NotYourTurn):
        pass


@pytest.mark.parametrize("seats,seed", [(2, 11), (3, 12), (4, 13)])
def test_illegal_variations_of_legal_moves_are_refused_naming_the_rule(seats, seed):
    state = game.initial_state(seats, game.resolve_options(seats, {}))
    key = seed.to_bytes(32, "big")
    state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, 1))), state)
    rng = random.Random(seed)
    for step in range(90):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        tried = set()
        for move in legal:
            for variation in sorted(variations(move) - set(legal))[:10]:
                if variation not in tried:
                    tried.add(variation)
                    refused_by_name(state, seat, variation)
        for other in range(seats):  # seats that owe nothing are told so, or refused by name
            if other != seat:
                for move in legal[:3]:
                    refused_by_name(state, other, move)
        move = game.BOTS["standard"](json.loads(json.dumps(game.view(state, seat))), legal, rng) \
            if rng.random() < 0.7 else rng.choice(legal)
        state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, step + 2))), state)


@pytest.mark.parametrize("move,rule", [
    ("sail N 3 face N", "Rule 8: your ship points E"),
    ("sail E 9 face E", "Rule 8: your sailing value is 4, you asked for 9"),
    ("sail E 2 attack face E", "Ruling 15: there is no ship to attack on G10"),
    ("drift E face E", "Ruling 46: only a derelict"),
    ("turn face E", "Ruling 9: turning must point the ship in a different direction"),
    ("trade give R1 take gold", "Rule 10: trading happens only in a port"),
    ("deposit R1", "Ruling 41: deposit is only possible in your home port"),
    ("redeem gold", "Ruling 39: a Kidd's Chart is redeemed only at Anchor Bay"),
    ("demand crew", "Rule 7: 'demand crew' is not allowed now"),
    ("end", "Ruling 10: your ship must move this turn"),
])
def test_refusals_at_sea_name_their_rule(move, rule):
    state = new({"ships": {"london": {"at": "E10", "face": "E"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "B3"], "genoa": ["R2"]}})
    with pytest.raises(GameError, match=re.escape(rule)):
        play(state, "london", move)
