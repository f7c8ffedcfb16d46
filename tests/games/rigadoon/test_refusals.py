"""Every refusal names its rule (issue 10, item 6): an illegal variation of a legal move is refused with
IllegalMove whose message starts with the rule that forbids it: a ruling of the spec (`R10: ...`) or a
heading of the rule text (`Sailing Ships: ...`), never a bare "not legal now"."""

import random
import re

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import IllegalMove, InvalidMove, NotYourTurn
from pbem.games.rigadoon.board import CORNERS, ORDER
from pbem.games.rigadoon.state import SHIP_NAMES
from pbem.play.chance import SeededChance

from .helpers import legal, play, position, seat

# Headings of the rule text (shared/rules/rigadoon.txt) that refusals cite.
RULE_HEADINGS = (
    "Repair or sail", "Sailing Ships", "Repairing Ships", "Bumping Chests", "Sinking a Chest",
    "Bumping and then sinking Chests", "Running Ships aground", "Claiming a Chest", "Islands",
    "Sailing into a Maelstrom", "Maelstrom portals", "What if I bump a Treasure Chest into a Ship",
    "Ships can NOT", "Treasure Chests can NOT",
)
RULING = re.compile(r"^R\d+: \S")


def names_its_rule(message: str) -> bool:
    return bool(RULING.match(message)) or any(message.startswith(h) and ": " in message for h in RULE_HEADINGS)


def variations(move: str) -> list[str]:
    """Moves that differ from a legal one in one part: another ship, direction, distance, landing,
    attacker or target, push count, island; and the other verbs."""
    words = move.split()
    out = ["wind", "end", "colour blue", "opening N", "sink", "aground", "bump 1", "island NW", "attack B1 G1"]
    if words[0] == "sail":
        ship, direction, n = words[1], words[2], int(words[3])
        land = words[4:]
        out += [" ".join(["sail", ship, direction, str(k)] + land) for k in (n + 1, n + 2, 9)]
        out += [" ".join(["sail", other, direction, str(n)] + land) for other in SHIP_NAMES]
        out += [" ".join(["sail", ship, d, str(n)] + land) for d in ORDER]
        out += [f"sail {ship} {direction} {n}", f"sail {ship} {direction} {n} sink", f"sail {ship} {direction} {n} aground"]
        out += [f"repair {ship}"]
    elif words[0] == "repair":
        out += [f"repair {other}" for other in SHIP_NAMES] + [f"sail {words[1]} {d} 1" for d in ORDER]
    elif words[0] == "attack":
        out += [f"attack {a} {t}" for a in (words[1], words[2]) for t in SHIP_NAMES if t != a]
    elif words[0] in ("bump", "sink", "aground"):
        out += [f"bump {k}{suffix}" for k in range(4) for suffix in ("", " sink", " aground")]
    elif words[0] == "island":
        out += [f"island {c}" for c in CORNERS]
    elif words[0] in ("colour", "opening"):
        out += ["colour green", "opening S", "sail B1 N 1"]
    return out


def check_refusals(state, rng, sample=20):
    who = seat(state)
    moves = set(legal(state))
    tried = sorted({v for m in moves for v in variations(m)} - moves)
    for move in rng.sample(tried, min(sample, len(tried))):
        with pytest.raises((IllegalMove, InvalidMove)) as refused:
            game.decide(state, who, move, SeededChance(b"r".ljust(32, b"."), 1))
        if refused.type is IllegalMove:
            message = str(refused.value)
            assert names_its_rule(message), f"{move!r} refused without naming its rule: {message!r}"
            assert "not legal now" not in message


@pytest.mark.parametrize("seed, options", [(1, {}), (2, {"wind": "die", "exits": "same_side", "first": "seat0"})])
def test_illegal_variations_of_legal_moves_along_a_game_name_their_rule(seed, options):
    rng = random.Random(seed)
    state = game.initial_state(2, game.resolve_options(2, {**options, "turn_limit": 6}))
    key = seed.to_bytes(32, "big")
    for event in game.start(state, SeededChance(key, 1)):
        state = game.evolve(state, event)
    batch = 1
    while game.outcome(state) is None:
        check_refusals(state, rng)
        batch += 1
        move = rng.choice(legal(state))
        for event in game.decide(state, seat(state), move, SeededChance(key, batch)):
            state = game.evolve(state, event)


@pytest.mark.parametrize("moves", [(), ("sail B1 SW 2",), ("sail B1 SW 2", "attack B1 G1")])
def test_refusals_inside_a_chain_name_their_rule(moves):
    # E4, with a chest: decisions of every kind come up along the chain
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    state, _ = play(state, *moves)
    check_refusals(state, random.Random(1), sample=200)


@pytest.mark.parametrize("moves, attempt, expected", [
    ((), "end", "R10: change the wind before ending the turn"),
    (("wind",), "end", "R10: changing the wind cannot be the turn's last action"),
    (("wind",), "wind", "R10: the wind changes exactly once per turn"),
    ((), "sail G1 N 1", "Repair or sail: it is the blue fleet's turn, and G1 is green"),
    ((), "sail B3 N 1", "Repair or sail: B3 is not on the board"),
    ((), "sail B1 N 9", "Sailing Ships: with the wind from N and 3 masts B1 reaches 2 squares N"),
    ((), "sail B1 SW 2 sink", "Bumping and then sinking Chests: there is no chest to sink on that square"),
    ((), "attack B1 G1", "R3: no chain of attacks is under way"),
    ((), "colour blue", "R20: setup is over"),
    (("sail B1 SW 2",), "attack B1 B3", "R3: B1 has no attack on B3 to resolve now; pending: B1 on B2, B1 on G1"),
    (("sail B1 SW 2",), "island NE", "R3: a chain of attacks is under way; answer its attack decision first"),
    (("sail B1 SW 2",), "wind", "R3: a chain of attacks is under way"),
    (("repair B2",), "repair B2", "Repairing Ships: one action per ship per turn"),
    (("repair B2",), "sail B2 N 1", "Sailing Ships: you cannot sail a ship more than once per turn"),
    ((), "sail B2 N 1", "Sailing Ships: only ships with at least 1 mast can sail"),
])
def test_named_refusals(moves, attempt, expected):
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    state, _ = play(state, *moves, chance=[0])
    with pytest.raises(IllegalMove) as refused:
        game.decide(state, seat(state), attempt, SeededChance(b"r".ljust(32, b"."), 1))
    assert str(refused.value).startswith(expected)


def test_chest_and_island_decisions_refuse_other_answers_naming_their_rule():
    # E3: G2 sinks a chest (island decision), then G4 is blasted into a chest (chest decision)
    state = position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"])
    state, _ = play(state, "sail G2 E 3 sink", "island SE")
    with pytest.raises(IllegalMove, match=r"^R25: G4 is blasted into a chest; it may bump 1, sink"):
        game.decide(state, 1, "bump 2", SeededChance(b"r".ljust(32, b"."), 1))
    state, _ = play(state, "sink")
    with pytest.raises(IllegalMove, match=r"^R17: a sunk chest washes up on an island without a chest"):
        game.decide(state, 1, "island SE", SeededChance(b"r".ljust(32, b"."), 1))


def test_the_other_seat_is_told_it_is_not_its_turn():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1)})
    with pytest.raises(NotYourTurn):
        game.decide(state, 1, "wind", SeededChance(b"r".ljust(32, b"."), 1))
