"""Why a move is refused, in words that name the rule (spec sections 6, 8, 9, 13, 14 and the pirate
rules PR-1 ... PR-29).

`decide` only calls these after it found that a parsed move is not among the legal ones; they look
for the first reason on the public board and say it ("PR-8: f7 is water; ..."). They never read a
face-down card, so a refusal tells a seat nothing the board does not show.
"""

from __future__ import annotations

from . import geometry as g
from .base_errors import IllegalMove, InvalidMove
from .cards import objects_within, tables_within
from .cardtext import character_name
from .world import World, kind_of

GameErrorMessage = IllegalMove | InvalidMove
OBJECT_WORDS = {"mug": "a mug", "chair": "a chair", "barrel": "a barrel", "chest": "a Treasure Chest",
                "flagon": "the Flagon"}


def display_name(char_id: str) -> str:
    """A character's one name everywhere: its class, capitalised (issue 12); the board's panel and hints
    use the same function."""
    return character_name(char_id)


def object_words(obj: str) -> str:
    return OBJECT_WORDS.get(kind_of(obj), obj)


# --- squares ---------------------------------------------------------------------------------------


def landing_reason(world: World, square) -> str | None:
    """Why a card may not land (or a standee be placed) on the square, or None when it may (spec 6)."""
    name = world.name(square)
    if world.is_wall(square):
        return f"rule 6 (landing square): {name} is a wall"
    if world.open_water(square):
        return f"PR-8: {name} is water; no character ends its own move there"
    occupant = world.char_at(square)
    if occupant:
        return f"rule 6 (landing square): {name} holds the {display_name(occupant)}"
    blocker = world.blocking_at(square)
    if blocker:
        return f"rule 6 (landing square): {name} holds {object_words(blocker)}, which blocks it"
    return None


def walk_reason(world: World, x, y) -> str | None:
    """Why one walking step from x to y is not allowed, or None when it is (spec 6, PR-8)."""
    reason = landing_reason(world, y)
    if reason and reason.startswith("PR-8"):
        return f"PR-8: {world.name(y)} is water; characters never walk into it"
    if reason:
        return reason.replace("(landing square)", "(walk step)")
    if world.is_table(y) and not world.is_table(x):
        return f"rule 6 (walk step): {world.name(y)} is a table top; a step never goes up onto a table (Jump does)"
    return None


# --- a revealed card's choices ------------------------------------------------------------------------


def choice_refusal(world: World, cid: str, card, choices: dict, options: list) -> GameErrorMessage:
    """The error for choices that are not among `options` (the card's legal combinations)."""
    if card.choices and card.choices[0][0] == "pick_up":
        return IllegalMove(_pick_up(world, cid, choices))
    if card.choices and card.choices[0][0] == "telekinesis":
        return _telekinesis(world, cid, card, choices)
    shapes = {tuple(sorted(o)) for o in options}
    if tuple(sorted(choices)) not in shapes:
        keys = " ".join(f"{spec[0]} ..." for spec in card.choices) or "no choices"
        return InvalidMove(f"expected {cid} {card.id} {keys}".strip())
    for spec in card.choices:
        reason = _key_reason(world, cid, card, spec, choices)
        if reason:
            return IllegalMove(reason)
    return IllegalMove(f"rule 14 ({card.name}): that combination is not among its legal choices now")


def _key_reason(world: World, cid: str, card, spec, choices) -> str | None:
    key = spec[0]
    value = choices[key]
    ch = world.c[cid]
    facings = g.facings(world.opts["geometry.facings"])
    if key in ("facing", "direction"):
        if value not in facings:
            return f"rule 6 (facing): a {key} is one of {', '.join(facings)} in this game"
        return None
    if key == "side":
        return None if value in ("left", "right") else f"rule 14 ({card.name}): side is left or right"
    if key == "distance":
        low, high, test = spec[1], spec[2], spec[3]
        if not low <= value <= high:
            return f"rule 14 ({card.name}): distance {low} to {high}"
        if test == "landing":
            return landing_reason(world, world.ahead_of(cid, value))
        if test == "walk":
            for k in range(1, value + 1):
                reason = walk_reason(world, world.ahead_of(cid, k - 1), world.ahead_of(cid, k))
                if reason:
                    return reason
        return None
    if key == "square":
        kind = spec[1]
        if kind == "walk":
            if value == ch.square:
                return None
            if g.distance(value, ch.square) != 1:
                return f"rule 14 (Move): stay, or one step to a neighbouring square, not {world.name(value)}"
            return walk_reason(world, ch.square, value)
        reach = spec[2]
        if value == ch.square or g.distance(value, ch.square) > reach:
            return f"rule 14 ({card.name}): a square within {reach} of the {display_name(cid)}, other than its own"
        if kind == "landing":
            return landing_reason(world, value)
        if kind == "familiar":
            if world.is_wall(value):
                return f"rule 14 (Summon Familiar): {world.name(value)} is a wall"
            if world.open_water(value):
                return f"PR-8: {world.name(value)} is water; the familiar is never put there"
            if world.char_at(value):
                return f"rule 14 (Summon Familiar): {world.name(value)} holds the {display_name(world.char_at(value))}"
            return None
        if kind == "printed" and not world.board.on_grid(value):
            return f"rule 14 ({card.name}): a square of the printed board"
        return None
    if key == "table":
        tid = f"table{value}"
        if tid not in world.tables:
            return f"rule 14 ({card.name}): there is no table {value} in play"
        if tid not in tables_within(world, cid, spec[1]):
            return f"rule 14 ({card.name}): table {value} has no square within {spec[1]}"
        return None
    if key == "target":
        return f"rule 14 ({card.name}): the target is the {display_name(cid)} itself or an adjacent teammate"
    return None


def _pick_up(world: World, cid: str, choices: dict) -> str:
    ch = world.c[cid]
    if "drop" in choices:
        if ch.holds is None:
            return "rule 14 (Pick Up): it holds nothing to drop"
        return f"rule 8: a chair may lie only on a free floor square; {world.name(ch.square)} is not one"
    obj = choices.get("take")
    reach = (ch.square, world.ahead_of(cid))
    if obj not in world.objects or world.objects[obj] not in reach:
        return (f"rule 14 (Pick Up): {obj} does not lie loose on the {display_name(cid)}'s square "
                "or the square ahead")
    if kind_of(obj) == "barrel":
        return "rule 8: barrels are never carried (kick them)"
    return (f"rule 8: taking {object_words(obj)} first drops the held chair here, and a chair may lie "
            "only on a free floor square")


def _telekinesis(world: World, cid: str, card, choices: dict) -> GameErrorMessage:
    mode = choices.get("mode")
    wanted = {"slide": {"object", "mode", "direction", "distance"}, "throw": {"object", "mode", "direction"}}
    if mode not in wanted or set(choices) != wanted[mode]:
        return InvalidMove(f"expected {cid} telekinesis object OBJECT mode slide direction DIR distance 1|2, "
                           f"or {cid} telekinesis object OBJECT mode throw direction DIR")
    reach = card.choices[0][1]
    obj = choices["object"]
    if obj not in objects_within(world, cid, reach):
        return IllegalMove(f"rule 14 (Telekinesis): {obj} is not a loose object within {reach}")
    facings = g.facings(world.opts["geometry.facings"])
    if choices["direction"] not in facings:
        return IllegalMove(f"rule 6 (facing): a direction is one of {', '.join(facings)} in this game")
    if mode == "throw" and kind_of(obj) == "chest":
        return IllegalMove("PR-4: Treasure Chests can never be thrown")
    if mode == "throw":
        return IllegalMove(f"rule 8: {object_words(obj)} cannot be thrown")
    return IllegalMove("rule 14 (Telekinesis): a slide goes 1 or 2 squares")


# --- placements ---------------------------------------------------------------------------------------------


def placement_refusal(world: World, cid: str, square, facing: str, options: list, phase: str) -> str:
    """Why (square, facing) is not among the placement options of a setup or a return (PR-20)."""
    name = display_name(cid)
    facings = sorted({f for _, f in options}, key=g.CLOCKWISE.index)
    squares = sorted({s for s, _ in options})
    listed = ", ".join(world.name(s) for s in squares)
    if square in squares:
        if phase == "setup" and world.opts["setup.placement"] == "fixed":
            return f"rule 9.5 (fixed placement): the {name} faces {facings[0]}"
        if len(facings) == 1:
            return f"option pirate.return.facing: the {name} comes back facing {facings[0]}"
        return f"rule 6 (facing): a facing is one of {', '.join(facings)} in this game"
    reason = landing_reason(world, square)
    if phase == "setup":
        where = "the free start square" if world.opts["setup.placement"] == "fixed" else "a free start square"
        rule = "rule 9.5 (placement)"
        what = f"{rule}: the {name} goes on {where} of its own side ({listed})"
    else:
        rule = "PR-20"
        what = f"{rule}: the {name} comes back on a vacant start square of its own ship, else next to one ({listed})"
    return f"{reason}; {what}" if reason else what


# --- planning -----------------------------------------------------------------------------------------------


def plan_refusal(state, c, card: str) -> str:
    """Why a card is not one the character may plan now (it is planned already, face up, spent, not
    its own, or a Dragon card still locked). Only the owner's own cards are named: nothing hidden."""
    data = state.data
    name = data.cards[card].name
    who = display_name(c.id)
    if card not in data.owned(c.id):
        return f"rule 3 (components): {name} is not one of the {who}'s cards"
    if data.cards[card].kind == "dragon":
        if c.dragon == "spent":
            return f"rule 10 (Dragon cards): the {who}'s Dragon card is spent"
        if state.options["dragon.unlock"] == "while_holding" and c.holds != "flagon":
            return f"option dragon.unlock: the {who} may plan its Dragon card only while it holds the Flagon"
        if c.dragon == "locked":
            return f"rule 10 (Dragon cards): the {who}'s Dragon card stays locked until it has held the Flagon"
    if card in c.cards:
        return f"rule 10 (planning): {name} is already planned"
    if any(d.card == card for d in c.durations):
        return f"rule 10 (planning): {name} lies face up until its Duration ends"
    return f"rule 10 (planning): {name} is not in the {who}'s hand"
