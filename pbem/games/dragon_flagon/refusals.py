"""Why a move is refused, in words that name the rule (spec sections 6, 8, 9, 13, 14 and the pirate
rules PR-1 ... PR-29).

`decide` only calls these after it found that a parsed move is not among the legal ones; they look
for the first reason on the public board and say it ("PR-8: f7 is water; ..."). They never read a
face-down card, so a refusal tells a seat nothing the board does not show.

Each reason is a Phrase (pbem/games/base.py): an English message id with the rule it names, as the rules
write it ("rule 6 (landing square)", "PR-8"), and its values (squares, characters, cards), read in the
reader's language (issue 26); the move notation in it stays as typed.
"""

from __future__ import annotations

from ..base import N_, Phrase, joined, said
from . import geometry as g
from .base_errors import IllegalMove, InvalidMove
from .cards import objects_within, tables_within
from .phrases import card_phrase, character
from .world import World, kind_of

GameErrorMessage = IllegalMove | InvalidMove
OBJECT_WORDS = {"mug": N_("a mug"), "chair": N_("a chair"), "barrel": N_("a barrel"), "chest": N_("a Treasure Chest"),
                "flagon": N_("the Flagon")}
LANDING, WALK = "rule 6 (landing square)", "rule 6 (walk step)"


def object_words(obj: str) -> Phrase | str:
    return OBJECT_WORDS.get(kind_of(obj), obj)


def _card(card) -> Phrase | str:
    return card_phrase(card.id, card.name)


# --- squares ---------------------------------------------------------------------------------------


def landing_reason(world: World, square, rule: str = LANDING) -> Phrase | None:
    """Why a card may not land (or a standee be placed) on the square, or None when it may (spec 6)."""
    name = world.name(square)
    if world.is_wall(square):
        return said("%(rule)s: %(square)s is a wall", rule=rule, square=name)
    if world.open_water(square):
        return said("%(rule)s: %(square)s is water; no character ends its own move there", rule="PR-8", square=name)
    occupant = world.char_at(square)
    if occupant:
        return said("%(rule)s: %(square)s holds %(character)s", rule=rule, square=name, character=character(occupant))
    blocker = world.blocking_at(square)
    if blocker:
        return said("%(rule)s: %(square)s holds %(thing)s, which blocks it", rule=rule, square=name,
                    thing=object_words(blocker))
    return None


def walk_reason(world: World, x, y) -> Phrase | None:
    """Why one walking step from x to y is not allowed, or None when it is (spec 6, PR-8)."""
    if world.open_water(y) and not world.is_wall(y):
        return said("%(rule)s: %(square)s is water; characters never walk into it", rule="PR-8", square=world.name(y))
    reason = landing_reason(world, y, WALK)
    if reason:
        return reason
    if world.is_table(y) and not world.is_table(x):
        return said("%(rule)s: %(square)s is a table top; a step never goes up onto a table (Jump does)", rule=WALK,
                    square=world.name(y))
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
    return IllegalMove(said("%(rule)s: that combination is not among its legal choices now", rule=_rule14(card)))


def _rule14(card) -> Phrase:
    """'rule 14 (Slash)': the card rule, with the card by its printed name."""
    return said("rule 14 (%(card)s)", card=_card(card))


def _key_reason(world: World, cid: str, card, spec, choices) -> Phrase | None:
    key = spec[0]
    value = choices[key]
    ch = world.c[cid]
    facings = g.facings(world.opts["geometry.facings"])
    if key in ("facing", "direction"):
        if value not in facings:
            return said("%(rule)s: a %(key)s is one of %(facings)s in this game", rule="rule 6 (facing)", key=key,
                        facings=", ".join(facings))
        return None
    if key == "side":
        return None if value in ("left", "right") else said("%(rule)s: side is left or right", rule=_rule14(card))
    if key == "distance":
        low, high, test = spec[1], spec[2], spec[3]
        if not low <= value <= high:
            return said("%(rule)s: distance %(low)s to %(high)s", rule=_rule14(card), low=low, high=high)
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
                return said("%(rule)s: stay, or one step to a neighbouring square, not %(square)s",
                            rule=_rule14(card), square=world.name(value))
            return walk_reason(world, ch.square, value)
        reach = spec[2]
        if value == ch.square or g.distance(value, ch.square) > reach:
            return said("%(rule)s: a square within %(n)s of %(character)s, other than its own", rule=_rule14(card),
                        n=reach, character=character(cid))
        if kind == "landing":
            return landing_reason(world, value)
        if kind == "familiar":
            if world.is_wall(value):
                return said("%(rule)s: %(square)s is a wall", rule=_rule14(card), square=world.name(value))
            if world.open_water(value):
                return said("%(rule)s: %(square)s is water; the familiar is never put there", rule="PR-8",
                            square=world.name(value))
            if world.char_at(value):
                return said("%(rule)s: %(square)s holds %(character)s", rule=_rule14(card), square=world.name(value),
                            character=character(world.char_at(value)))
            return None
        if kind == "printed" and not world.board.on_grid(value):
            return said("%(rule)s: a square of the printed board", rule=_rule14(card))
        return None
    if key == "table":
        tid = f"table{value}"
        if tid not in world.tables:
            return said("%(rule)s: there is no table %(n)s in play", rule=_rule14(card), n=value)
        if tid not in tables_within(world, cid, spec[1]):
            return said("%(rule)s: table %(n)s has no square within %(reach)s", rule=_rule14(card), n=value,
                        reach=spec[1])
        return None
    if key == "target":
        return said("%(rule)s: the target is %(character)s itself or an adjacent teammate", rule=_rule14(card),
                    character=character(cid))
    return None


def _pick_up(world: World, cid: str, choices: dict) -> Phrase:
    ch = world.c[cid]
    pick_up = said("rule 14 (%(card)s)", card=card_phrase("pick_up", "Pick Up"))
    if "drop" in choices:
        if ch.holds is None:
            return said("%(rule)s: it holds nothing to drop", rule=pick_up)
        return said("%(rule)s: a chair may lie only on a free floor square; %(square)s is not one", rule="rule 8",
                    square=world.name(ch.square))
    obj = choices.get("take")
    reach = (ch.square, world.ahead_of(cid))
    if obj not in world.objects or world.objects[obj] not in reach:
        return said("%(rule)s: %(object)s does not lie loose on %(character)s's square "
                    "or the square ahead",
                    rule=pick_up, object=obj, character=character(cid))
    if kind_of(obj) == "barrel":
        return said("%(rule)s: barrels are never carried (kick them)", rule="rule 8")
    return said("%(rule)s: taking %(thing)s first drops the held chair here, and a chair may lie only on a free "
                "floor square", rule="rule 8", thing=object_words(obj))


def _telekinesis(world: World, cid: str, card, choices: dict) -> GameErrorMessage:
    mode = choices.get("mode")
    wanted = {"slide": {"object", "mode", "direction", "distance"}, "throw": {"object", "mode", "direction"}}
    if mode not in wanted or set(choices) != wanted[mode]:
        return InvalidMove(f"expected {cid} telekinesis object OBJECT mode slide direction DIR distance 1|2, "
                           f"or {cid} telekinesis object OBJECT mode throw direction DIR")
    reach = card.choices[0][1]
    obj = choices["object"]
    rule = _rule14(card)
    if obj not in objects_within(world, cid, reach):
        return IllegalMove(said("%(rule)s: %(object)s is not a loose object within %(n)s", rule=rule, object=obj,
                                n=reach))
    facings = g.facings(world.opts["geometry.facings"])
    if choices["direction"] not in facings:
        return IllegalMove(said("%(rule)s: a %(key)s is one of %(facings)s in this game", rule="rule 6 (facing)",
                                key="direction", facings=", ".join(facings)))
    if mode == "throw" and kind_of(obj) == "chest":
        return IllegalMove(said("%(rule)s: Treasure Chests can never be thrown", rule="PR-4"))
    if mode == "throw":
        return IllegalMove(said("%(rule)s: %(thing)s cannot be thrown", rule="rule 8", thing=object_words(obj)))
    return IllegalMove(said("%(rule)s: a slide goes 1 or 2 squares", rule=rule))


# --- placements ---------------------------------------------------------------------------------------------


def placement_refusal(world: World, cid: str, square, facing: str, options: list, phase: str) -> Phrase:
    """Why (square, facing) is not among the placement options of a setup or a return (PR-20)."""
    who = character(cid)
    facings = sorted({f for _, f in options}, key=g.CLOCKWISE.index)
    squares = sorted({s for s, _ in options})
    listed = ", ".join(world.name(s) for s in squares)
    if square in squares:
        if phase == "setup" and world.opts["setup.placement"] == "fixed":
            return said("%(rule)s: %(character)s faces %(facing)s", rule="rule 9.5 (fixed placement)", character=who,
                        facing=facings[0])
        if len(facings) == 1:
            return said("%(rule)s: %(character)s comes back facing %(facing)s", rule="option pirate.return.facing",
                        character=who, facing=facings[0])
        return said("%(rule)s: a %(key)s is one of %(facings)s in this game", rule="rule 6 (facing)", key="facing",
                    facings=", ".join(facings))
    reason = landing_reason(world, square)
    if phase == "setup":
        what = said("%(rule)s: %(character)s goes on the free start square of its own side (%(squares)s)",
                    rule="rule 9.5 (placement)", character=who, squares=listed) \
            if world.opts["setup.placement"] == "fixed" else \
            said("%(rule)s: %(character)s goes on a free start square of its own side (%(squares)s)",
                 rule="rule 9.5 (placement)", character=who, squares=listed)
    else:
        what = said("%(rule)s: %(character)s comes back on a vacant start square of its own ship, else next to one "
                    "(%(squares)s)", rule="PR-20", character=who, squares=listed)
    return joined(reason, "; ", what) if reason else what


# --- planning -----------------------------------------------------------------------------------------------


def plan_refusal(state, c, card: str) -> Phrase:
    """Why a card is not one the character may plan now (it is planned already, face up, spent, not
    its own, or a Dragon card still locked). Only the owner's own cards are named: nothing hidden."""
    data = state.data
    name = card_phrase(card, data.cards[card].name)
    who = character(c.id)
    if card not in data.owned(c.id):
        return said("%(rule)s: %(card)s is not one of %(character)s's cards", rule="rule 3 (components)",
                    card=name, character=who)
    if data.cards[card].kind == "dragon":
        if c.dragon == "spent":
            return said("%(rule)s: %(character)s's Dragon card is spent", rule="rule 10 (Dragon cards)",
                        character=who)
        if state.options["dragon.unlock"] == "while_holding" and c.holds != "flagon":
            return said("%(rule)s: %(character)s may plan its Dragon card only while it holds the Flagon",
                        rule="option dragon.unlock", character=who)
        if c.dragon == "locked":
            return said("%(rule)s: %(character)s's Dragon card stays locked until it has held the Flagon",
                        rule="rule 10 (Dragon cards)", character=who)
    if card in c.cards:
        return said("%(rule)s: %(card)s is already planned", rule="rule 10 (planning)", card=name)
    if any(d.card == card for d in c.durations):
        return said("%(rule)s: %(card)s lies face up until its Duration ends", rule="rule 10 (planning)", card=name)
    return said("%(rule)s: %(card)s is not in %(character)s's hand", rule="rule 10 (planning)", card=name,
                character=who)
