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
"""

from __future__ import annotations

from ..base import Hint
from . import geometry as g
from . import notation
from .cards import finish_card, resolve
from .cardtext import card_anchor, card_text, character_name, facing_word, object_word, plural, the_object
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
    who = character_name(cid)
    if state.phase == "setup":
        words = f"Place the {who} on {name(square)}, facing {facing_word(facing)}."
        rule = "setup"
    else:
        words = f"The {who} climbs back aboard on {name(square)}, facing {facing_word(facing)}."
        rule = "overboard"
    return Hint(piece=cid, target=name(square), choice=f"Face {facing_word(facing)}", words=words, rule=rule)


# --- planning a card ----------------------------------------------------------------------------------------


def _plan_hint(state: State, parsed) -> Hint:
    _, cid, cards = parsed
    card = state.data.cards[cards[0]]
    words = f"Time {card.time}{', melee' if card.melee else ''}. {card_text(card, state.options)}"
    return Hint(piece=cid, choice=card.name, words=words, rule=card_anchor(card.id),
                group=f"Plan a card for the {character_name(cid)}")


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
    words = f"{card.name}: {action}." + (f" {result}" if result else "")
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
    label = f"Face {facing_word(facing)}" if facing else ""
    if "side" in choices:
        label = f"Knock to the {choices['side']} ({facing_word(g.turn(me.facing, choices['side']))})"
    if "square" in choices:
        return choices["square"], (), label
    if "take" in choices:
        return dict(state.objects)[choices["take"]], (), f"Take {the_object(choices['take'])}"
    if "drop" in choices:
        return me.square, (), f"Put down {the_object(me.holds)}"
    if "target" in choices:
        return state.char(choices["target"]).square, (), ""
    if "table" in choices:
        squares = dict(state.tables)[f"table{choices['table']}"]
        nearest = min(squares, key=lambda s: (g.distance(s, me.square), s))
        return nearest, (), f"Push it {facing_word(choices['direction'])}"
    if "object" in choices:
        square = dict(state.objects)[choices["object"]]
        thing = the_object(choices["object"])
        if choices["mode"] == "slide":
            label = f"Slide {thing} {facing_word(choices['direction'])} {plural(choices['distance'], 'square')}"
        else:
            label = f"Throw {thing} {facing_word(choices['direction'])}"
        return square, (), label
    if "distance" in choices and _distance_test(card) in ("walk", "landing"):
        d = choices["distance"]
        landing = g.ahead(me.square, me.facing, d)
        return landing, tuple(g.ahead(me.square, me.facing, k) for k in range(1, d)), label
    if "direction" in choices and "distance" in choices:  # Lure of the Sea: where the lured one ends up
        label = f"{facing_word(choices['direction']).capitalize()}, {plural(choices['distance'], 'square')}"
        victim = _lured(state, me, card)
        if victim is None:
            return None, (), label
        after = world.c[victim].square
        if after is None:  # overboard: the water square it fell into
            after = _water_entered(state, victim, choices["direction"], choices["distance"], world)
        return after, (), label
    if "direction" in choices:
        return None, (), facing_word(choices["direction"]).capitalize()
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


def _action(state: State, me, card, choices: dict, world: World, name) -> str:
    """What the acting character does, as the player chose it."""
    after = world.c[me.id]
    facing = choices.get("facing")
    turn = f", facing {facing_word(facing)}" if facing else ""
    if "take" in choices:
        first = f", putting down the {object_word(me.holds)} it holds" if me.holds else ""
        where = dict(state.objects)[choices["take"]]
        return f"take {the_object(choices['take'])}{' from ' + name(where) if where != me.square else ''}{first}"
    if "drop" in choices:
        return f"put down {the_object(me.holds)} on {name(me.square)}"
    if "target" in choices:
        return "heal yourself" if choices["target"] == me.id else f"heal the {character_name(choices['target'])}"
    if "table" in choices:
        return f"move the table {facing_word(choices['direction'])}"
    if "object" in choices:
        thing = the_object(choices["object"])
        if choices["mode"] == "slide":
            return f"slide {thing} {facing_word(choices['direction'])}"
        return f"throw {thing} {facing_word(choices['direction'])}"
    ops = [step[0] for step in card.effect]
    if "familiar" in ops:
        return f"put the familiar on {name(choices['square'])}"
    if "square" in choices and not any(op in ops for op in ("walk", "teleport")):
        return f"aim at {name(choices['square'])}"
    if "direction" in choices and "distance" in choices:
        victim = _lured(state, me, card)
        who = f"the {character_name(victim)}" if victim else "nobody"
        return f"lure {who} {facing_word(choices['direction'])} {plural(choices['distance'], 'square')}"
    if "direction" in choices:
        return f"strike {facing_word(choices['direction'])} from the familiar"
    side = f", knocking to the {choices['side']}" if "side" in choices else ""
    if after.square is None:
        return "go overboard" + side
    if after.square == me.square:
        if "rage" in ops or "charge" in ops:
            return "charge, but go nowhere" + side
        return f"stay on {name(me.square)}{turn}" if facing else "stay put" + side
    if "walk" in ops or "walk_ahead" in ops:
        steps = g.distance(me.square, after.square)
        return f"walk {plural(steps, 'square')} to {name(after.square)}{turn}"
    if "rage" in ops or "charge" in ops:
        return f"charge to {name(after.square)}" + side
    return f"land on {name(after.square)}{turn}" + side


def _before(state: State, simulated: dict) -> dict:
    """What the board held before the card, worked out once for all its outcomes."""
    if "before" not in simulated:
        simulated["before"] = {
            "objects": dict(state.objects), "tables": dict(state.tables),
            "held": {c.holds for c in state.chars if c.holds},
        }
    return simulated["before"]


def _consequences(state: State, world: World, actor: str, name, choices: dict, before_board: dict) -> str:
    """Everything the card changes besides the actor's own move, in sentences."""
    sentences = []
    picking = "take" in choices or "drop" in choices  # the action already says what changes hands
    own = ""
    for before in state.chars:
        after = world.c[before.id]
        parts = []
        if after.rep != before.rep:
            delta = after.rep - before.rep
            parts.append(f"gains {delta}" if delta > 0 else f"loses {-delta}")
        if after.square is None and before.square is not None:
            parts.append("goes overboard")
        elif after.square != before.square and before.id != actor:
            parts.append(f"ends on {name(after.square)}")
        new_tokens = [t for t in ("!dazed", "!fallen") if t in after.plan and t not in before.plan]
        gone_tokens = [t for t in ("!dazed", "!fallen") if t in before.plan and t not in after.plan]
        if "!dazed" in new_tokens:
            parts.append("is Dazed")
        if "!fallen" in new_tokens:
            parts.append("Falls")
        if gone_tokens and after.square is not None:
            parts.append("is back on its feet" if "!fallen" in gone_tokens else "shakes off the daze")
        if not (picking and before.id == actor):
            if before.holds and after.holds != before.holds and after.square is not None:
                parts.append(f"lets go of {the_object(before.holds)}")
            if after.holds and after.holds != before.holds:
                parts.append(f"gets {the_object(after.holds)}")
        if after.dragon == "unlocked" and before.dragon == "locked":
            parts.append("unlocks its Dragon card")
        used = [d.card for d in before.durations if d.card not in {x.card for x in after.durations}]
        for card in used:
            parts.append(f"uses up its {state.data.cards[card].name}")
        if parts:
            sentence = f"The {character_name(before.id)} {_join(parts)}."
            if before.id == actor:
                own = sentence
            else:
                sentences.append(sentence)
    if own:  # what the others suffer first, then what the acting character gains
        sentences.append(own)
    sentences += _object_changes(state, world, name, before_board, skip=state.char(actor).holds if picking else None)
    if world.box != state.box:
        sentences.append(f"{world.box - state.box} reputation go to the box.")
    card = world.card
    if not sentences and world.c[actor].square == state.char(actor).square and any(
            step[0] in ACTS_ON_OTHERS for step in card.effect):
        if "object" in choices:
            sentences.append(f"{_capital(the_object(choices['object']))} cannot move that way.")
        elif "table" in choices:
            sentences.append("The table cannot move that way.")
        else:
            sentences.append("Nothing happens.")
    if card.duration:
        sentences.append(f"{card.name} stays face up until the {character_name(actor)} "
                         + ("is next drawn." if card.duration == "next_draw" else "has acted again."))
    return " ".join(sentences)


ACTS_ON_OTHERS = ("hit", "push_table", "push_table_ahead", "roll_barrel", "telekinesis", "throw_held", "rage",
                  "charge")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _object_changes(state: State, world: World, name, before_board: dict, skip=None) -> list[str]:
    out = []
    before = before_board["objects"]
    held_before = before_board["held"]
    held_after = None
    for obj, square in world.objects.items():
        if before.get(obj) == square or obj == skip or (obj not in before and obj not in held_before):
            continue
        verb = "goes back to" if obj == "flagon" and square == state.data.board.centre else "ends on"
        out.append(f"{_capital(the_object(obj))} {verb} {name(square)}.")
    if len(world.objects) != len(before) or any(obj not in world.objects for obj in before):
        held_after = {c.holds for c in world.c.values() if c.holds}
        for obj in before:
            if obj not in world.objects and obj not in held_after:
                out.append(f"{_capital(the_object(obj))} leaves play.")
    for obj in held_before:
        if obj not in world.objects and obj != "flagon":
            held_after = held_after if held_after is not None else {c.holds for c in world.c.values() if c.holds}
            if obj not in held_after:
                out.append(f"{_capital(the_object(obj))} is lost.")
    for tid, squares in before_board["tables"].items():
        if tid not in world.tables:
            out.append("The table sinks.")
        elif world.tables[tid] != squares:
            dr = world.tables[tid][0][0] - squares[0][0]
            dc = world.tables[tid][0][1] - squares[0][1]
            steps = max(abs(dr), abs(dc))
            direction = g.direction_towards((0, 0), (dr, dc))
            out.append(f"The table moves {plural(steps, 'square')} {facing_word(direction)}.")
    summoned = any(step[0] == "familiar" for step in world.card.effect)  # the action says where it went
    if world.familiar != state.familiar and world.familiar is not None and not summoned:
        out.append(f"The familiar is on {name(world.familiar)}.")
    return out


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _unique_choices(hints: dict, legal: list[str]) -> dict:
    """Make every choice label unique among the moves of one piece to one target, in legal order."""
    seen: dict = {}
    for move in legal:
        hint = hints[move]
        key = (hint.piece, hint.target, hint.choice)
        seen.setdefault(key, []).append(move)
    for (piece, target, choice), moves in seen.items():
        if len(moves) < 2:
            continue
        for i, move in enumerate(moves, 1):
            hint = hints[move]
            label = f"{choice} ({i})" if choice else f"Option {i}"
            hints[move] = Hint(piece=hint.piece, target=hint.target, path=hint.path, choice=label,
                               words=hint.words, rule=hint.rule, group=hint.group)
    return {move: hints[move] for move in legal}
