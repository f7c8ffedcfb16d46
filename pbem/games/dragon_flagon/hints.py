"""What the board needs to offer each legal move (architecture section 12; `Hint` in base.py).

Every move acts with a character: its standee on the board (`data-piece` in svg.py), or its card in the
HTML panel when it is not on the board yet.

- Placing a standee (setup, or climbing back aboard after going overboard): the character, then its
  square; the facing is the choice.
- Planning: the character, then one of its cards, named as printed; the card's time and text are the
  words (`cardtext`).
- A revealed card's choices: the square the character ends on (Move, Dash, leaps, swings, teleports), the
  square acted on (the familiar's square, Fireball's centre, the object taken or moved, the table
  animated, the crewmate healed, where a lured character ends up); a facing, a side or a direction
  that no square says better is the choice label. The words tell the result: where everyone ends up,
  who loses or gains reputation, who is Dazed, Falls or goes overboard. Choices are made at the reveal,
  and the card's result is certain then (no chance, nothing hidden decides it), so the result is worked
  out by resolving the card on a scratch copy of the board (`World`).

Nothing here reads another seat's face-down cards: results depend only on the board, and the words
name statuses and reputation, never a card that goes back to a hand.

The words, choices and headings are Phrases (pbem/games/base.py), read in the reader's language by the
seat page (issue 26); squares and the move notation stay as the rules write them.
"""

from __future__ import annotations

from ..base import N_, Hint, Phrase, capitalised, joined, listed, said
from . import geometry as g
from . import notation
from .cards import finish_card, resolve
from .cardtext import card_anchor, card_text, squares
from .phrases import card_phrase, character, direction, object_phrase
from .rules import legal_moves
from .state import State
from .svg import drawn_squares
from .world import World


def move_hints(state: State, seat: int) -> dict:
    legal = legal_moves(state, seat)
    if not legal:
        return {}
    board = state.data.board
    drawn = drawn_squares(state)
    name = lambda square: g.square_name(square, board.rows, board.cols)  # noqa: E731
    hints = {}
    simulated: dict = {}
    for move in legal:
        parsed = notation.parse(move, state.data)
        if parsed[0] == "place":
            hints[move] = _place_hint(state, parsed, name)
        elif parsed[0] == "plan":
            hints[move] = _plan_hint(state, parsed)
        else:
            hints[move] = _choose_hint(state, parsed, drawn, name, simulated)
    return _unique_choices(hints, legal)


# --- placing a standee -----------------------------------------------------------------------------------


def _place_hint(state: State, parsed, name) -> Hint:
    _, cid, square, facing = parsed
    who = character(cid)
    if state.phase == "setup":
        words = said("Place %(character)s on %(square)s, facing %(direction)s.", character=who, square=name(square),
                     direction=direction(facing))
        rule = "setup"
    else:
        words = said("%(character)s climbs back aboard on %(square)s, facing %(direction)s.",
                     character=capitalised(who), square=name(square), direction=direction(facing))
        rule = "overboard"
    return Hint(piece=cid, target=name(square), choice=_face(facing), words=words, rule=rule)


def _face(facing: str) -> Phrase:
    return said("Face %(direction)s", direction=direction(facing))


# --- planning a card ----------------------------------------------------------------------------------------


def _plan_hint(state: State, parsed) -> Hint:
    _, cid, cards = parsed
    card = state.data.cards[cards[0]]
    time = said("Time %(n)s, melee.", n=card.time) if card.melee else said("Time %(n)s.", n=card.time)
    words = joined(time, " ", card_text(card, state.options))
    return Hint(piece=cid, choice=card_phrase(card.id, card.name), words=words, rule=card_anchor(card.id),
                group=said("Plan a card for %(character)s", character=character(cid)))


# --- the choices of a revealed card ---------------------------------------------------------------------------


def _choose_hint(state: State, parsed, drawn: set, name, simulated: dict) -> Hint:
    _, cid, card_id, choices = parsed
    card = state.data.cards[card_id]
    me = state.char(cid)
    # The facing chosen changes nothing but the facing: one resolution serves every facing.
    key = tuple(sorted((k, str(v)) for k, v in choices.items() if k != "facing"))
    if key not in simulated:
        world = _simulate(state, cid, card, choices)
        simulated[key] = world, _consequences(state, world, cid, name, choices, _before(state, simulated))
    world, result = simulated[key]
    target, path, choice = _where(state, me, card, choices, world)
    if target is not None and target not in drawn:
        target = None
    path = tuple(name(s) for s in path if s in drawn)
    action = _action(state, me, card, choices, world, name)
    named = card_phrase(card_id, card.name)
    words = said("%(card)s: %(action)s. %(result)s", card=named, action=action, result=result) if result else \
        said("%(card)s: %(action)s.", card=named, action=action)
    return Hint(piece=cid, target=name(target) if target is not None else None, path=path, choice=choice,
                words=words, rule=card_anchor(card_id))


def _simulate(state: State, cid: str, card, choices: dict) -> World:
    """The card resolved with these choices on a scratch copy of the board."""
    world = World(state, active=cid, card=card)
    resolve(world, cid, card, dict(choices))
    finish_card(world, cid, card)
    return world


def _distance_test(card) -> str | None:
    spec = next((c for c in card.choices if c[0] == "distance"), None)
    return spec[3] if spec else None


def _where(state: State, me, card, choices: dict, world: World):
    """(target square or None, squares passed, choice label) for one combination of choices."""
    facing = choices.get("facing")
    label = _face(facing) if facing else ""
    if "side" in choices:
        way = direction(g.turn(me.facing, choices["side"]))
        label = said("Knock to the left (%(direction)s)", direction=way) if choices["side"] == "left" else \
            said("Knock to the right (%(direction)s)", direction=way)
    if "square" in choices:
        return choices["square"], (), label
    if "take" in choices:
        return dict(state.objects)[choices["take"]], (), said("Take %(thing)s", thing=object_phrase(choices["take"]))
    if "drop" in choices:
        return me.square, (), said("Put down %(thing)s", thing=object_phrase(me.holds))
    if "target" in choices:
        return state.char(choices["target"]).square, (), ""
    if "table" in choices:
        table = dict(state.tables)[f"table{choices['table']}"]
        nearest = min(table, key=lambda s: (g.distance(s, me.square), s))
        return nearest, (), said("Push it %(direction)s", direction=direction(choices["direction"]))
    if "object" in choices:
        square = dict(state.objects)[choices["object"]]
        thing = object_phrase(choices["object"])
        if choices["mode"] == "slide":
            label = said("Slide %(thing)s %(direction)s %(squares)s", thing=thing,
                         direction=direction(choices["direction"]), squares=squares(choices["distance"]))
        else:
            label = said("Throw %(thing)s %(direction)s", thing=thing, direction=direction(choices["direction"]))
        return square, (), label
    if "distance" in choices and _distance_test(card) in ("walk", "landing"):
        d = choices["distance"]
        landing = g.ahead(me.square, me.facing, d)
        return landing, tuple(g.ahead(me.square, me.facing, k) for k in range(1, d)), label
    if "direction" in choices and "distance" in choices:  # Lure of the Sea: where the lured one ends up
        label = said("%(direction)s, %(squares)s", direction=capitalised(direction(choices["direction"])),
                     squares=squares(choices["distance"]))
        victim = _lured(state, me, card)
        if victim is None:
            return None, (), label
        after = world.c[victim].square
        if after is None:  # overboard: the water square it fell into
            after = _water_entered(state, victim, choices["direction"], choices["distance"], world)
        return after, (), label
    if "direction" in choices:
        return None, (), capitalised(direction(choices["direction"]))
    return None, (), label


def _lured(state: State, me, card):
    reach = next((s[1][1] for s in card.effect if s[0] == "hit" and not isinstance(s[1], str)), 3)
    for k in range(1, reach + 1):
        square = g.ahead(me.square, me.facing, k)
        for c in state.chars:
            if c.square == square and not c.out:
                return c.id
    return None


def _water_entered(state: State, victim: str, direction: str, distance: int, world: World):
    square = state.char(victim).square
    for _ in range(distance):
        square = g.step(square, direction)
        if world.open_water(square):
            return square
    return None


# --- the result in words ------------------------------------------------------------------------------------


def _action(state: State, me, card, choices: dict, world: World, name) -> Phrase:
    """What the acting character does, as the player chose it."""
    after = world.c[me.id]
    facing = choices.get("facing")
    if "take" in choices:
        thing = object_phrase(choices["take"])
        where = dict(state.objects)[choices["take"]]
        taken = said("take %(thing)s from %(square)s", thing=thing, square=name(where)) if where != me.square else \
            said("take %(thing)s", thing=thing)
        if me.holds:
            return said("%(taking)s, putting down %(held)s it holds", taking=taken, held=object_phrase(me.holds))
        return taken
    if "drop" in choices:
        return said("put down %(thing)s on %(square)s", thing=object_phrase(me.holds), square=name(me.square))
    if "target" in choices:
        return N_("heal yourself") if choices["target"] == me.id else \
            said("heal %(character)s", character=character(choices["target"]))
    if "table" in choices:
        return said("move the table %(direction)s", direction=direction(choices["direction"]))
    if "object" in choices:
        thing = object_phrase(choices["object"])
        if choices["mode"] == "slide":
            return said("slide %(thing)s %(direction)s", thing=thing, direction=direction(choices["direction"]))
        return said("throw %(thing)s %(direction)s", thing=thing, direction=direction(choices["direction"]))
    ops = [step[0] for step in card.effect]
    if "familiar" in ops:
        return said("put the familiar on %(square)s", square=name(choices["square"]))
    if "square" in choices and not any(op in ops for op in ("walk", "teleport")):
        return said("aim at %(square)s", square=name(choices["square"]))
    if "direction" in choices and "distance" in choices:
        victim = _lured(state, me, card)
        who = character(victim) if victim else N_("nobody")
        return said("lure %(who)s %(direction)s %(squares)s", who=who, direction=direction(choices["direction"]),
                    squares=squares(choices["distance"]))
    if "direction" in choices:
        return said("strike %(direction)s from the familiar", direction=direction(choices["direction"]))
    return _moved(me, after, ops, choices, name)


def _moved(me, after, ops: list, choices: dict, name) -> Phrase:
    """Where the acting character goes (or stays), knocking to a side when the card says so."""
    facing = choices.get("facing")
    side = {"left": N_(", knocking to the left"), "right": N_(", knocking to the right")}.get(choices.get("side"), "")
    facing_too = {"direction": direction(facing)} if facing else {}
    if after.square is None:
        return joined(N_("go overboard"), side)
    if after.square == me.square:
        if "rage" in ops or "charge" in ops:
            return joined(N_("charge, but go nowhere"), side)
        return said("stay on %(square)s, facing %(direction)s", square=name(me.square), **facing_too) if facing \
            else joined(N_("stay put"), side)
    if "walk" in ops or "walk_ahead" in ops:
        steps = squares(g.distance(me.square, after.square))
        return said("walk %(squares)s to %(square)s, facing %(direction)s", squares=steps, square=name(after.square),
                    **facing_too) if facing else \
            said("walk %(squares)s to %(square)s", squares=steps, square=name(after.square))
    if "rage" in ops or "charge" in ops:
        return joined(said("charge to %(square)s", square=name(after.square)), side)
    landed = said("land on %(square)s, facing %(direction)s", square=name(after.square), **facing_too) if facing \
        else said("land on %(square)s", square=name(after.square))
    return joined(landed, side)


def _before(state: State, simulated: dict) -> dict:
    """What the board held before the card, worked out once for all its outcomes."""
    if "before" not in simulated:
        simulated["before"] = {
            "objects": dict(state.objects), "tables": dict(state.tables),
            "held": {c.holds for c in state.chars if c.holds},
        }
    return simulated["before"]


def _consequences(state: State, world: World, actor: str, name, choices: dict, before_board: dict) -> Phrase | str:
    """Everything the card changes besides the actor's own move, in sentences."""
    sentences: list = []
    picking = "take" in choices or "drop" in choices  # the action already says what changes hands
    own = None
    for before in state.chars:
        after = world.c[before.id]
        parts: list = []
        if after.rep != before.rep:
            delta = after.rep - before.rep
            parts.append(said("gains %(n)s", n=delta) if delta > 0 else said("loses %(n)s", n=-delta))
        if after.square is None and before.square is not None:
            parts.append(N_("goes overboard"))
        elif after.square != before.square and before.id != actor:
            parts.append(said("ends on %(square)s", square=name(after.square)))
        new_tokens = [t for t in ("!dazed", "!fallen") if t in after.plan and t not in before.plan]
        gone_tokens = [t for t in ("!dazed", "!fallen") if t in before.plan and t not in after.plan]
        if "!dazed" in new_tokens:
            parts.append(N_("is Dazed"))
        if "!fallen" in new_tokens:
            parts.append(N_("Falls"))
        if gone_tokens and after.square is not None:
            parts.append(N_("is back on its feet") if "!fallen" in gone_tokens else N_("shakes off the daze"))
        if not (picking and before.id == actor):
            if before.holds and after.holds != before.holds and after.square is not None:
                parts.append(said("lets go of %(thing)s", thing=object_phrase(before.holds)))
            if after.holds and after.holds != before.holds:
                parts.append(said("gets %(thing)s", thing=object_phrase(after.holds)))
        if after.dragon == "unlocked" and before.dragon == "locked":
            parts.append(N_("unlocks its Dragon card"))
        used = [d.card for d in before.durations if d.card not in {x.card for x in after.durations}]
        for card in used:
            parts.append(said("uses up its %(card)s", card=card_phrase(card, state.data.cards[card].name)))
        if parts:
            sentence = said("%(character)s %(what)s.", character=capitalised(character(before.id)), what=listed(parts))
            if before.id == actor:
                own = sentence
            else:
                sentences.append(sentence)
    if own:  # what the others suffer first, then what the acting character gains
        sentences.append(own)
    sentences += _object_changes(state, world, name, before_board, skip=state.char(actor).holds if picking else None)
    if world.box != state.box:
        sentences.append(said("%(n)s reputation go to the box.", n=world.box - state.box))
    card = world.card
    if not sentences and world.c[actor].square == state.char(actor).square and any(
            step[0] in ACTS_ON_OTHERS for step in card.effect):
        if "object" in choices:
            thing = capitalised(object_phrase(choices["object"]))
            sentences.append(said("%(thing)s cannot move that way.", thing=thing))
        elif "table" in choices:
            sentences.append(N_("The table cannot move that way."))
        else:
            sentences.append(N_("Nothing happens."))
    if card.duration:
        named, who = card_phrase(card.id, card.name), character(actor)
        sentences.append(said("%(card)s stays face up until %(character)s is next drawn.", card=named, character=who)
                         if card.duration == "next_draw" else
                         said("%(card)s stays face up until %(character)s has acted again.", card=named, character=who))
    return _sentences(sentences)


ACTS_ON_OTHERS = ("hit", "push_table", "push_table_ahead", "roll_barrel", "telekinesis", "throw_held", "rage",
                  "charge")


def _sentences(sentences: list) -> Phrase | str:
    """Sentences told one after another, a space between each two ("" for none)."""
    out: list = []
    for sentence in sentences:
        out += [" ", sentence] if out else [sentence]
    return joined(*out) if out else ""


def _object_changes(state: State, world: World, name, before_board: dict, skip=None) -> list[Phrase]:
    out: list = []
    before = before_board["objects"]
    held_before = before_board["held"]
    held_after = None
    for obj, square in world.objects.items():
        if before.get(obj) == square or obj == skip or (obj not in before and obj not in held_before):
            continue
        thing = capitalised(object_phrase(obj))
        out.append(said("%(thing)s goes back to %(square)s.", thing=thing, square=name(square))
                   if obj == "flagon" and square == state.data.board.centre else
                   said("%(thing)s ends on %(square)s.", thing=thing, square=name(square)))
    if len(world.objects) != len(before) or any(obj not in world.objects for obj in before):
        held_after = {c.holds for c in world.c.values() if c.holds}
        for obj in before:
            if obj not in world.objects and obj not in held_after:
                out.append(said("%(thing)s leaves play.", thing=capitalised(object_phrase(obj))))
    for obj in held_before:
        if obj not in world.objects and obj != "flagon":
            held_after = held_after if held_after is not None else {c.holds for c in world.c.values() if c.holds}
            if obj not in held_after:
                out.append(said("%(thing)s is lost.", thing=capitalised(object_phrase(obj))))
    for tid, table_squares in before_board["tables"].items():
        if tid not in world.tables:
            out.append(N_("The table sinks."))
        elif world.tables[tid] != table_squares:
            dr = world.tables[tid][0][0] - table_squares[0][0]
            dc = world.tables[tid][0][1] - table_squares[0][1]
            steps = max(abs(dr), abs(dc))
            out.append(said("The table moves %(squares)s %(direction)s.", squares=squares(steps),
                            direction=direction(g.direction_towards((0, 0), (dr, dc)))))
    summoned = any(step[0] == "familiar" for step in world.card.effect)  # the action says where it went
    if world.familiar != state.familiar and world.familiar is not None and not summoned:
        out.append(said("The familiar is on %(square)s.", square=name(world.familiar)))
    return out


def _unique_choices(hints: dict, legal: list[str]) -> dict:
    """Make every choice label unique among the moves of one piece to one target, in legal order (labels
    compared in English: the same in every language)."""
    seen: dict = {}
    for move in legal:
        hint = hints[move]
        key = (hint.piece, hint.target, str(hint.choice))
        seen.setdefault(key, []).append(move)
    for (piece, target, choice), moves in seen.items():
        if len(moves) < 2:
            continue
        for i, move in enumerate(moves, 1):
            hint = hints[move]
            label = joined(hint.choice, f" ({i})") if choice else said("Option %(n)s", n=i)
            hints[move] = Hint(piece=hint.piece, target=hint.target, path=hint.path, choice=label,
                               words=hint.words, rule=hint.rule, group=hint.group)
    return {move: hints[move] for move in legal}
