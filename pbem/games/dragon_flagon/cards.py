"""Card requirements, choice lists and resolution (spec section 14).

Cards are data (`data/cards.json`); this module interprets their `requires`, `choices` and `effect`
rows with the primitives of `world.py`. `choice_options` lists every legal combination of a revealed
card's choices in canonical order (empty list: the card whiffs); `resolve` applies one combination.
"""

from __future__ import annotations

from itertools import product

from . import geometry as g
from .data import TABLES
from .world import World, kind_of, new_duration

THROWABLE = ("mug", "chair", "flagon")
TELEKINESIS_THROWABLE = ("mug", "chair", "flagon")


# --- requirements (checked at reveal; failure -> whiff) ----------------------------------------------


def requirement_met(world: World, cid: str, requirement: str) -> bool:
    name, _, arg = requirement.partition(":")
    ch = world.c[cid]
    front = world.ahead_of(cid)
    if name == "character_ahead":
        return world.char_at(front) is not None
    if name == "no_character_ahead":
        return world.char_at(front) is None
    if name == "landing_ahead":
        return world.landing_ok(front)
    if name == "holds_throwable":
        return ch.holds is not None and kind_of(ch.holds) in THROWABLE
    if name == "floor_table_ahead":
        return world.level(cid) == "floor" and world.is_table(front)
    if name == "floor_rug_ahead":
        return (world.level(cid) == "floor" and world.rug_of(ch.square) is None
                and world.rug_of(front) is not None and not world.is_table(front))
    if name == "floor_barrel_ahead":
        return world.level(cid) == "floor" and any(kind_of(o) == "barrel" for o in world.objects_at(front))
    if name == "swing":
        return world.opts["swing.requirement"] == "anywhere" or world.level(cid) == "table"
    if name == "line":
        return first_in_line(world, cid, int(arg)) is not None
    if name == "table_within":
        return bool(tables_within(world, cid, int(arg)))
    if name == "familiar_out":
        return world.familiar is not None
    if name == "object_within":
        return bool(objects_within(world, cid, int(arg)))
    if name == "lunge":
        return world.char_at(front) is None and world.char_at(world.ahead_of(cid, 2)) is not None
    if name == "front_holds":
        victim = world.char_at(front)
        return victim is not None and world.c[victim].holds is not None
    raise AssertionError(requirement)


def first_in_line(world: World, cid: str, n):
    ch = world.c[cid]
    for square in world.line(ch.square, ch.facing, n):
        victim = world.char_at(square)
        if victim:
            return victim
    return None


def tables_within(world: World, cid: str, r: int) -> list:
    square = world.c[cid].square
    return [t for t, squares in world.tables.items() if any(g.distance(s, square) <= r for s in squares)]


def objects_within(world: World, cid: str, r: int) -> list:
    square = world.c[cid].square
    near = [(sq, o) for o, sq in world.objects.items() if g.distance(sq, square) <= r]
    return [o for sq, o in sorted(near, key=lambda p: (p[0], _object_key(p[1])))]


def _object_key(obj):
    kind = kind_of(obj)
    number = obj[len(kind):]
    return (kind, int(number) if number else 0)


# --- choices ----------------------------------------------------------------------------------------


def _squares_within(world: World, origin, r: int):
    return [(origin[0] + dr, origin[1] + dc) for dr in range(-r, r + 1) for dc in range(-r, r + 1)]


def _domain(world: World, cid: str, spec) -> list:
    """The legal values of one choice key, in canonical order."""
    key = spec[0]
    ch = world.c[cid]
    facings = g.facings(world.opts["geometry.facings"])
    if key == "facing" or key == "direction":
        return list(facings)
    if key == "side":
        return ["left", "right"]
    if key == "distance":
        low, high, test = spec[1], spec[2], spec[3]
        values = []
        for d in range(low, high + 1):
            if test == "landing" and not world.landing_ok(world.ahead_of(cid, d)):
                continue
            if test == "walk" and not all(
                world.walk_ok(world.ahead_of(cid, k - 1), world.ahead_of(cid, k)) for k in range(1, d + 1)
            ):
                continue
            values.append(d)
        return values
    if key == "square":
        kind = spec[1]
        if kind == "walk":
            return [ch.square] + [y for y in g.neighbours(ch.square) if world.walk_ok(ch.square, y)]
        r = spec[2]
        out = []
        for y in _squares_within(world, ch.square, r):
            if y == ch.square:
                continue
            if kind == "landing" and world.landing_ok(y):
                out.append(y)
            elif kind == "familiar" and not (world.is_wall(y) or world.open_water(y) or world.char_at(y)):
                out.append(y)
            elif kind == "printed" and world.board.on_grid(y):
                out.append(y)
        return out
    if key == "table":
        return [int(t[len("table"):]) for t in sorted(tables_within(world, cid, spec[1]), key=_object_key)]
    if key == "target":
        mates = [cid] + [o for o in world.c if o != cid and world.on_board(o) and world.same_team(o, cid)
                         and g.distance(world.c[o].square, ch.square) == 1]
        return mates
    raise AssertionError(spec)


def pick_up_options(world: World, cid: str) -> list:
    ch = world.c[cid]
    out = []
    holding = ch.holds
    # Taking while holding drops the held object into its own square first; a chair may need a place.
    can_drop_first = holding is None or kind_of(holding) != "chair" or world.chair_may_lie(ch.square)
    for square in (ch.square, world.ahead_of(cid)):
        for obj in sorted(world.objects_at(square), key=_object_key):
            if kind_of(obj) == "barrel" or not can_drop_first:
                continue
            if holding and kind_of(holding) == "chair" and kind_of(obj) == "chair" and square == ch.square:
                continue  # two chairs may not lie on one square
            out.append({"take": obj})
    if holding is not None and (kind_of(holding) != "chair" or world.chair_may_lie(ch.square)):
        out.append({"drop": None})
    return out


def telekinesis_options(world: World, cid: str, r: int) -> list:
    out = []
    facings = g.facings(world.opts["geometry.facings"])
    for obj in objects_within(world, cid, r):
        for d in facings:
            for n in (1, 2):
                out.append({"object": obj, "mode": "slide", "direction": d, "distance": n})
        if kind_of(obj) in TELEKINESIS_THROWABLE:
            for d in facings:
                out.append({"object": obj, "mode": "throw", "direction": d})
    return out


def choice_options(world: World, cid: str, card) -> list:
    """Every legal combination of the card's choices (list of dicts); [] means the card whiffs."""
    for requirement in card.requires:
        if not requirement_met(world, cid, requirement):
            return []
    if card.kind == "dragon" and world.opts["dragon.unlock"] == "while_holding" and world.c[cid].holds != "flagon":
        return []
    if not card.choices:
        return [{}]
    if card.choices[0][0] == "pick_up":
        return pick_up_options(world, cid)
    if card.choices[0][0] == "telekinesis":
        return telekinesis_options(world, cid, card.choices[0][1])
    keys = [spec[0] for spec in card.choices]
    domains = [_domain(world, cid, spec) for spec in card.choices]
    return [dict(zip(keys, combo)) for combo in product(*domains)]


# --- resolution ---------------------------------------------------------------------------------------


def _selected(world: World, cid: str, selector, choices) -> list:
    """Characters a `hit` selects, ordered: path order for paths, else farthest first, reading order."""
    ch = world.c[cid]
    name = selector if isinstance(selector, str) else selector[0]
    arg = None if isinstance(selector, str) else selector[1]
    origin = ch.square
    on = [o for o in world.c if world.on_board(o)]
    if name == "path":
        return [v for v in (world.char_at(s) for s in world.path) if v and v != cid]
    if name == "front":
        found = [world.char_at(world.ahead_of(cid))]
    elif name == "ahead":
        found = [world.char_at(world.ahead_of(cid, arg))]
    elif name == "front3":
        front = world.ahead_of(cid)
        left, right = g.turn(ch.facing, "left"), g.turn(ch.facing, "right")
        found = [world.char_at(s) for s in (front, g.step(front, left), g.step(front, right))]
    elif name == "line":
        found = [first_in_line(world, cid, arg)]
    elif name == "all_line":
        found = [world.char_at(s) for s in world.line(origin, ch.facing)]
    elif name == "adjacent":
        found = [o for o in on if o != cid and g.distance(world.c[o].square, origin) == 1]
    elif name == "within":
        found = [o for o in on if o != cid and g.distance(world.c[o].square, origin) <= arg]
    elif name == "area":
        centre = choices[arg]
        found = [o for o in on if g.distance(world.c[o].square, centre) <= 1]
    elif name == "beam":
        if world.familiar is None:
            return []
        squares = [g.ahead(world.familiar, choices[arg], k) for k in range(1, TABLES["beam_length"] + 1)]
        found = [world.char_at(s) for s in squares]
    elif name == "grove":
        found = [o for o in on if o != cid and not world.is_table(world.c[o].square)
                 and any(world.is_table(n) for n in g.neighbours(world.c[o].square))]
    elif name == "rug_ahead":
        rug = world.rug_of(world.ahead_of(cid))
        found = [o for o in on if world.rug_of(world.c[o].square) == rug and not world.is_table(world.c[o].square)]
    else:
        raise AssertionError(selector)
    found = [v for v in dict.fromkeys(found) if v]
    return sorted(found, key=lambda v: (-g.distance(world.c[v].square, origin), world.c[v].square))


def resolve(world: World, cid: str, card, choices: dict) -> None:
    """Apply the card's effect with the chosen values (already known to be legal)."""
    world.choices = choices
    ch = world.c[cid]
    for step in card.effect:
        if not world.on_board(cid) and step[0] not in ("gain", "boast", "defend", "boost"):
            break
        op = step[0]
        if op == "walk":
            target = choices[step[1]]
            if target != ch.square:
                world.path.append(target)
                ch.square = target
                world.facts.append(("walks", cid, target))
        elif op == "face":
            ch.facing = choices[step[1]]
            world.facts.append(("faces", cid, ch.facing))
        elif op == "walk_ahead":
            for _ in range(choices[step[1]]):
                ch.square = g.step(ch.square, ch.facing)
                world.facts.append(("walks", cid, ch.square))
        elif op == "jump":
            ch.square = g.step(ch.square, ch.facing)
            world.facts.append(("jumps", cid, ch.square))
        elif op in ("leap",):
            d = choices[step[1]]
            world.path = [g.ahead(ch.square, ch.facing, k) for k in range(1, d)]
            ch.square = g.ahead(ch.square, ch.facing, d)
            world.say(f"{cid} lands on {world.name(ch.square)}", "lands", cid, ch.square)
        elif op == "teleport":
            ch.square = choices[step[1]]
            world.say(f"{cid} lands on {world.name(ch.square)}", "lands", cid, ch.square)
        elif op == "charge":
            _charge(world, cid, step[1], [["lose", 2], ["knock", step[2]]], stop_after_hit=True)
        elif op == "rage":
            _charge(world, cid, step[1], [["lose", 2], ["knock", 1, choices[step[2]]]], stop_after_hit=False)
        elif op == "hit":
            for victim in _selected(world, cid, step[1], choices):
                world.hit(victim, step[2])
        elif op == "throw_held":
            obj, ch.holds = ch.holds, None
            world.say(f"{cid} throws {obj}", "throws", cid, obj, ch.facing)
            world.throw_object(obj, ch.square, ch.facing)
        elif op == "pick_up":
            if "take" in choices:
                world.take(cid, choices["take"])
                world.say(f"{cid} takes {choices['take']}", "takes", cid, choices["take"])
            else:
                world.say(f"{cid} drops {ch.holds}", "drops", cid, ch.holds)
                world.drop_held(cid)
        elif op == "push_table_ahead":
            world.push_table(world.table_of(world.ahead_of(cid)), ch.facing, step[1])
        elif op == "push_table":
            world.push_table(f"table{choices[step[1]]}", choices[step[2]], step[3])
        elif op == "roll_barrel":
            barrel = next(o for o in world.objects_at(world.ahead_of(cid)) if kind_of(o) == "barrel")
            world.roll_barrel(barrel, ch.facing)
        elif op == "gain":
            world.gain(cid, step[1])
        elif op == "gain_team":
            for mate in world.c:
                if mate != cid and world.on_board(mate) and world.same_team(mate, cid) \
                        and g.distance(world.c[mate].square, ch.square) <= step[2]:
                    world.gain(mate, step[1])
        elif op == "clear_status":
            target = world.c[choices[step[1]]]
            if any(item.startswith("!") for item in target.plan):
                world.facts.append(("clears", choices[step[1]]))
            target.plan = [item for item in target.plan if not item.startswith("!")]
        elif op == "familiar":
            world.familiar = choices[step[1]]
            world.facts.append(("familiar", world.familiar))
        elif op == "telekinesis":
            obj = choices["object"]
            if choices["mode"] == "slide":
                world.slide(obj, choices["direction"], choices["distance"])
            else:
                world.say(f"{cid} hurls {obj}", "hurls", cid, obj, choices["direction"])
                world.throw_object(obj, world.objects[obj], choices["direction"])
        elif op in ("boast", "defend", "boost"):
            pass  # Duration cards: their face-up card is the effect (see finish_card)
        else:
            raise AssertionError(op)


def _charge(world: World, cid: str, n: int, parts, stop_after_hit: bool) -> None:
    ch = world.c[cid]
    for _ in range(n):
        if not world.on_board(cid):
            return
        y = g.step(ch.square, ch.facing)
        victim = world.char_at(y)
        if victim:
            world.hit(victim, parts)
            if stop_after_hit or world.char_at(y):
                return
        if not world.walk_ok(ch.square, y):
            return
        world.path.append(y)
        ch.square = y
        world.facts.append(("walks", cid, y))


def finish_card(world: World, cid: str, card) -> None:
    """A Duration card stays face up; record whether Boast was played on a table."""
    if card.duration and world.on_board(cid):
        world.c[cid].durations.append(new_duration(card.id, world.level(cid) == "table"))
    elif card.duration:
        world.c[cid].durations.append(new_duration(card.id, False))
