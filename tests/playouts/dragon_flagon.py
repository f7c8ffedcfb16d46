"""Conformance playouts for the Dragon & Flagon (spec section 21.8): 2-8 players on both boards,
with a short Game End range so playouts stay fast, and the hidden-planning checks of 21.5."""

from __future__ import annotations

import json
from dataclasses import replace

SETUPS = [
    (2, {"endgame.range": 6}),
    (3, {"endgame.range": 5, "setup.placement": "fixed"}),
    (4, {"endgame.range": 5, "planning.timing": "end_of_space"}),
    (5, {"endgame.range": 4, "endgame.reveal": "on_arrival"}),
    (6, {"endgame.range": 4, "board": "tavern"}),
    (7, {"endgame.range": 3, "geometry.facings": 8, "pirate.return.facing": "toward_enemy"}),
    (8, {"endgame.range": 3, "swing.requirement": "anywhere"}),
    (4, {"endgame.range": 4, "board": "tavern", "teams.partnership": "pairs", "dragon.unlock": "while_holding"}),
    (2, {"endgame.range": 8, "board": "tavern"}),
    (2, {}),  # default Game End range (27-30): a full-length game
    (8, {}),  # default range for 6+ characters (21-24)
]
PLAYOUTS = 2
# Placements + characters x Active spaces x at most 9 decisions (spec 21.8), for these short ranges.
MAX_STEPS = 2500


def check_state(game, state):
    if state.phase == "pregame":
        return
    squares = [c.square for c in state.chars if c.square is not None]
    assert len(squares) == len(set(squares)), "two standees share a square"
    for c in state.chars:
        assert c.rep >= 0
        assert len(c.plan) <= 3, "more than 3 plan items"
        tokens = [i for i in c.plan if i.startswith("!")]
        assert list(c.plan[: len(tokens)]) == tokens, "status tokens sit at the front of the plan"
        if c.square is None:
            assert not tokens and c.holds is None
    held = [c.holds for c in state.chars if c.holds]
    loose = [o for o, _ in state.objects]
    assert len(set(held + loose)) == len(held + loose), "an object is in two places"
    assert ("flagon" in held) + ("flagon" in loose) == 1, "the Flagon never leaves play"
    ends = [s for s, _, _ in state.game_end]
    assert state.space <= max(ends), "time passed the last Game End space"


def _swap_secrets(state, seat):
    """The same state with every face-down card of the other seats' characters replaced."""
    chars = []
    for c in state.chars:
        if seat is None or c.seat != seat:
            plan = tuple(i if i.startswith("!") else ("dodge" if i == "move" else "move") for i in c.plan)
            c = replace(c, plan=plan)
        chars.append(c)
    return replace(state, chars=tuple(chars))


def check_hidden(game, state, events):
    """No channel of a seat changes when another seat's face-down cards change (spec 21.5); Game End
    faces stay hidden until revealed."""
    if state.phase == "over":
        return
    full = len(events) % 10 == 0
    for seat in [None, *range(state.seats)]:
        v = game.view(state, seat)
        other = _swap_secrets(state, seat)
        assert json.dumps(game.view(other, seat)) == json.dumps(v), "view shows another seat's planned card"
        if seat is not None:
            assert game.legal_moves(other, seat) == game.legal_moves(state, seat), "legal moves depend on a hidden plan"
        if full:
            assert game.render_text(other, seat) == game.render_text(state, seat), "render_text leaks a plan"
            assert game.render_svg(other, seat) == game.render_svg(state, seat), "render_svg leaks a plan"
        for entry in v.get("characters", []):
            if seat is None or entry["seat"] != seat:
                assert all(slot.get("card") is None for slot in entry["plan"]), "another seat's planned card shows"
                assert "hand" not in entry, "another seat's hand shows"
        revealed = {e.data["space"] for e in events if e.type == "game_end_revealed"}
        for t in v.get("game_end", []):
            assert t["space"] in revealed or t["face"] is None, "an unrevealed Game End face shows"
        for event in events[-6:]:
            data = game.redact(event, seat)
            if event.type == "card_planned" and (seat is None or str(seat) != event.actor):
                assert data["card"] is None, "a planned card leaks through redact"
            if event.type == "game_started":
                assert all(t["face"] is None for t in data["game_end"]), "Game End faces leak through redact"


# --- A purposeful player for the page-play tests (BRIEF-strategy) -------------------------------------------
#
# It sees only the seat's own view (JSON data) and the legal moves. Each character gets one goal: carry a
# chest home when it holds one, else fetch the nearest chest that does not count for its crew (a loose one
# on the other ship or a gangplank, or one an enemy holds, PR-23), else go after the nearest enemy. Plans
# are scored against the board as it is now, since the cards resolve later; choices at reveal are scored
# against the board as it is then. The game ends on its own when the Game End token turns up, so the
# player only has to stay legal and make the brawl worth watching.

import random

from pbem.games.dragon_flagon import geometry as geo

# What each card is good for, from the player's point of view (spec section 14).
FRONT_HITS = {"slash", "cutlass_flurry", "smite", "flurry", "shield_bash", "god_smack", "pickpocket"}
AROUND_HITS = {"holy_light", "sweep", "cleave", "divine_wrath", "awaken_the_grove"}
LINE_HITS = {"pistol_shot": 5, "lure_of_the_sea": 3, "entangle": 3, "thorn_whip": 3, "throw_dagger": 4,
             "broadside": 15}
CHARGES = {"charge", "bull_rush", "righteous_charge", "dragon_rage"}
STRAIGHT_JUMPS = {"leap", "shadow_dash", "swing", "arr", "daring_swing", "chandelier_cut",
                  "death_from_the_shadows", "dragon_kick"}
TELEPORTS = {"shadow_step", "blink"}
GUARDS = {"dodge", "sanctuary", "riposte", "deflect", "guard"}
BOASTS = {"boast", "flourish", "bless"}


class _Board:
    """The seat's picture of the board, built from its view."""

    def __init__(self, view: dict, seat: int):
        board = view["board"]
        self.rows, self.cols, self.terrain = board["rows"], board["cols"], board["terrain"]
        self.pirate = board["id"] == "pirate"
        self.chars = [c for c in view["characters"] if not c.get("resigned")]
        self.team = next((c["team"] for c in self.chars if c["seat"] == seat), 0)
        self.tables = {self.sq(s) for t in view["tables"] for s in t["squares"]}
        self.objects = [(o["id"], o["kind"], self.sq(o["square"])) for o in view["objects"]]
        self.at = {self.sq(c["square"]): c for c in self.chars if c["square"]}

    def sq(self, name):
        return geo.parse_square(name, self.rows, self.cols) if name else None

    def letter(self, square):
        r, c = square
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.terrain[r][c]
        return "~"

    def ship(self, team: int) -> str | None:
        return "AB"[team] if self.pirate else None

    def standable(self, square) -> bool:
        return square in self.tables or self.letter(square) not in "~o#"

    def enemy(self, c) -> bool:
        return c["team"] != self.team

    def enemies(self):
        return [c for c in self.chars if self.enemy(c) and c["square"]]

    def goal(self, me) -> tuple:
        """(square to head for, kind of goal) for one of the seat's characters."""
        here = self.sq(me["square"])
        home = self.ship(self.team)
        if me["holds"] and me["holds"].startswith("chest"):
            if home and self.letter(here) != home:
                depth = 1 if home == "A" else self.cols - 2
                return (here[0], depth), "home"
            return here, "keep"
        wanted = []
        for oid, kind, square in self.objects:
            if kind == "chest" and (home is None or self.letter(square) != home):
                wanted.append(square)
        for c in self.enemies():
            if c["holds"] and c["holds"].startswith("chest"):
                wanted.append(self.sq(c["square"]))
        if wanted:
            return min(wanted, key=lambda s: (geo.distance(here, s), s)), "chest"
        foes = [self.sq(c["square"]) for c in self.enemies()]
        if foes:
            return min(foes, key=lambda s: (geo.distance(here, s), s)), "fight"
        return here, "keep"

    def facing_towards(self, origin, target, fallback: str) -> str:
        """The orthogonal facing that points most nearly at the target."""
        dr, dc = target[0] - origin[0], target[1] - origin[1]
        if (dr, dc) == (0, 0):
            return fallback
        if abs(dc) >= abs(dr):
            return "e" if dc > 0 else "w"
        return "s" if dr > 0 else "n"

    def first_in_line(self, origin, facing, reach):
        for k in range(1, reach + 1):
            c = self.at.get(geo.ahead(origin, facing, k))
            if c is not None:
                return c
        return None


def _card_score(b: _Board, me, card: str, planned: list[str], rng) -> float:
    here, facing = b.sq(me["square"]), me["facing"]
    target, aim = b.goal(me)
    steps_planned = sum(1 for p in planned if p in ("move", "dash") or p in STRAIGHT_JUMPS | TELEPORTS)
    dist = max(0, geo.distance(here, target) - steps_planned)
    front = b.at.get(geo.ahead(here, facing))
    near = [c for c in b.enemies() if geo.distance(b.sq(c["square"]), here) <= 1]
    holding_chest = bool(me["holds"]) and me["holds"].startswith("chest")
    score = 1.0
    if card == "pick_up":
        reach = {here, geo.ahead(here, facing)}
        loot = [k for _, k, s in b.objects if s in reach and k in ("chest", "flagon")]
        if holding_chest:
            score = 0
        elif "chest" in loot and aim == "chest":
            score = 10
        elif loot or (aim == "chest" and dist <= 1 and planned):
            score = 6
    elif card in FRONT_HITS:
        score = 8 if front is not None and b.enemy(front) else 0.5
    elif card in AROUND_HITS:
        friends = [c for c in b.chars if not b.enemy(c) and c is not me and c["square"]
                   and geo.distance(b.sq(c["square"]), here) <= 1]
        score = 7 if near and not friends else 0.5
    elif card in LINE_HITS:
        foe = b.first_in_line(here, facing, LINE_HITS[card])
        score = 7 if foe is not None and b.enemy(foe) else 0.5
    elif card in CHARGES:
        foe = b.first_in_line(here, facing, 4)
        score = 6 if front is None and foe is not None and b.enemy(foe) else 0.5
    elif card == "move":
        score = 5 if dist > 0 else 2
    elif card == "dash":
        closer = geo.distance(geo.ahead(here, facing, 2), target) < geo.distance(here, target)
        score = 6 if dist >= 2 and closer else 3
    elif card in TELEPORTS:
        score = 6 if dist >= 2 else 1
    elif card in STRAIGHT_JUMPS:
        closer = geo.distance(geo.ahead(here, facing, 3), target) < geo.distance(here, target)
        score = 4.5 if dist >= 3 and closer else 1
    elif card in GUARDS:
        score = 5 if holding_chest and aim == "keep" else (3 if near else 1)
    elif card in BOASTS:
        score = 5 if aim == "keep" and not near else 1.5
    elif card == "throw":
        foe = b.first_in_line(here, facing, 15)
        score = 7 if me["holds"] and not holding_chest and foe is not None and b.enemy(foe) else 0
    if me["dragon"] == "unlocked" and card not in ("move", "dash") and score > 1:
        score += 0.5
    return score + rng.random()


def _plan(b: _Board, legal: list[str], rng) -> str:
    who = legal[0].split()[1]
    me = next(c for c in b.chars if c["id"] == who)
    options = [m for m in legal if m.split()[1] == who]
    if me["square"] is None:  # Overboard: it returns on a start square, any sensible card will do
        return rng.choice(options)
    planned = [s["card"] for s in me["plan"] if s.get("card")]
    return max(options, key=lambda m: _card_score(b, me, m.split()[2], planned, rng))


def _place(b: _Board, legal: list[str], rng) -> str:
    """A start square nearest the goal chest, facing it."""
    home = b.ship(b.team)
    chests = [s for _, k, s in b.objects if k == "chest" and (home is None or b.letter(s) != home)]
    centre = (b.rows // 2, b.cols // 2)

    def score(move):
        _, _, square, facing = move.split()
        square = b.sq(square)
        target = min(chests, key=lambda s: geo.distance(square, s)) if chests else centre
        good = facing == b.facing_towards(square, target, facing)
        return (-geo.distance(square, target) + 2 * good, rng.random())

    return max(legal, key=score)


def _landing(b: _Board, me, card: str, keys: dict):
    here, facing = b.sq(me["square"]), me["facing"]
    if "square" in keys:
        return b.sq(keys["square"])
    if "distance" in keys and (card == "dash" or card in STRAIGHT_JUMPS):
        return geo.ahead(here, facing, int(keys["distance"]))
    return here


def _choice_score(b: _Board, me, move: str, rng) -> float:
    words = move.split()
    card = words[1]
    if card == "pick_up":
        if words[2] == "drop":
            return -5 if me["holds"] and me["holds"].startswith("chest") else 0
        return {"chest": 10, "flagon": 6, "mug": 2, "chair": 2}.get(words[3].rstrip("0123456789"), 1) + rng.random()
    keys = dict(zip(words[2::2], words[3::2]))
    target, aim = b.goal(me)
    dest = _landing(b, me, card, keys)
    score = -3.0 * geo.distance(dest, target)
    facing = keys.get("facing")
    if facing:
        ahead = b.at.get(geo.ahead(dest, facing))
        if ahead is not None and b.enemy(ahead):
            score += 4
        elif aim != "keep" and facing == b.facing_towards(dest, target, facing):
            score += 2
    if card == "lure_of_the_sea":
        foe = b.first_in_line(b.sq(me["square"]), me["facing"], 3)
        if foe is not None:
            end = geo.ahead(b.sq(foe["square"]), keys["direction"], int(keys["distance"]))
            score += 20 if not b.standable(end) else 0
    if card == "fireball":
        area = [c for c in b.chars if c["square"] and geo.distance(b.sq(c["square"]), dest) <= 1]
        score = sum(1 if b.enemy(c) else -1 for c in area) * 5
    if card == "lay_on_hands":
        t = next(c for c in b.chars if c["id"] == keys["target"])
        score = 3 * (t["fallen"] + t["dazed"])
    return score + rng.random()


def _choose_card(b: _Board, legal: list[str], rng) -> str:
    me = next(c for c in b.chars if c["id"] == legal[0].split()[0])
    if me["square"] is None:
        return rng.choice(legal)
    return max(legal, key=lambda m: _choice_score(b, me, m, rng))


def choose(view: dict, legal: list[str], seat: int, rng: random.Random) -> str:
    """Pick one of `legal` for `seat`, knowing only the seat's own `view` (JSON data)."""
    if not legal:
        raise ValueError("no legal move to choose from")
    b = _Board(view, seat)
    kind = legal[0].split()[0]
    if kind == "place":
        return _place(b, legal, rng)
    if kind == "plan":
        return _plan(b, legal, rng)
    return _choose_card(b, legal, rng)
