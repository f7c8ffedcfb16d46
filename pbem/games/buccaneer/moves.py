"""A seat's move, from its text to its events: the legal moves, and `decide`, which parses a move,
writes it in canonical form, refuses it with the Rule or Ruling that forbids it, or hands it to the
engine (turns.py) and settles what follows.

A standing order (Ruling 14) can be sent at any time and is recorded on its own, unless it answers a
ship passing the seat's own. Rules version 2 refuses an order identical to the seat's current one;
version 1 accepted it and wrote an event that changed nothing (the package's RULES_VERSION).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.games.base import Event, IllegalMove, NotYourTurn, Phrase, said

from .board import PORT_AT, square_name, step
from .geometry import in_port
from .notation import Move, items_text, parse_move
from .phrases import port_name
from .ports import flat_island_problem, home_port_problem, redeem_problem, trade_problem
from .recorder import GameOver
from .sailing import direction_to, fmt_sail, movement_problem, order_options
from .state import State
from .turns import Engine, move_record, options


def legal_moves(state: State, seat: int) -> list[str]:
    """Everything `seat` may send now: its options, then the standing orders it may give."""
    if not 0 <= seat < state.seats:
        return []
    return options(state, seat) + [o for o in order_options(state, seat) if o not in options(state, seat)]


def decide(state: State, seat: int, text: str, chance) -> list[Event]:
    """The events of `seat` playing `text`; NotYourTurn, IllegalMove (or the parser's InvalidMove) with
    the reason otherwise. A move that is not listed may still be valid when typed (see `explain`)."""
    if state.phase == "over":
        raise NotYourTurn(said("the game is over"))
    if not isinstance(seat, int) or not 0 <= seat < state.seats or state.resigned[seat]:
        raise NotYourTurn(said("that seat is not playing"))
    move = parse_move(text)
    engine = Engine(state, chance)
    if move.verb == "order":
        front = state.pending[0] if state.pending else None
        answers = bool(front and front.kind == "intercept" and seat in front.seats and move.word != "ask")
        if state.rules_version >= 2 and not answers and move.word == state.standing[seat]:
            # Rules version 2: an order identical to the standing one changes nothing and is refused
            # (version 1 accepted it and wrote an event that changed nothing).
            raise IllegalMove(said("%(rule)s: '%(order)s' is already your standing order",
                                   rule="Ruling 14", order=move.word))
        if move.word not in order_options(state, seat) and move.word != state.standing[seat]:
            raise IllegalMove(said("%(rule)s: a standing order can be given only while the game is active",
                                   rule="Ruling 14"))
        try:
            if answers:
                engine.open("move_played", str(seat), seat=seat, **move_record(state, seat, move.word))
                engine.handle(seat, move)
                engine.settle()
            else:
                engine.open("standing_order", str(seat), seat=seat, move=move.word, seen_by=[seat],
                            public_move="standing order changed")
                engine.do(k="order", seat=seat, order=move.word)
        except GameOver:
            pass
        return engine.finish()
    choices = options(state, seat)
    if not choices:
        if state.pending:
            raise NotYourTurn(said("you owe no decision now"))
        raise NotYourTurn(said("you owe no decision now; it is %(port)s's turn",
                               port=port_name(state.home(state.turn))))
    if move.verb == "sail" and move.square:
        d, n = direction_to(state.ships[seat].at, move.square)
        if not d:
            raise IllegalMove(said("%(rule)s: %(square)s is not on a straight line from your ship",
                                   rule="Rule 8", square=square_name(move.square)))
        move = replace(move, dir=d, n=n, square=())
    canon = canonical(state, seat, move)
    if canon not in choices:
        problem = explain(state, seat, move, choices)
        if problem is None:
            raise IllegalMove(not_listed(state, seat, canon, choices))
        if problem != "ok":
            raise IllegalMove(problem)
    try:
        engine.open("move_played", str(seat), seat=seat, **move_record(state, seat, canon))
        engine.handle(seat, move)
        engine.settle()
    except GameOver:
        pass
    return engine.finish()


def canonical(state: State, seat: int, move: Move) -> str:
    """The canonical text of a parsed move (faces dropped on a move that ends in port)."""
    v = move.verb
    if v == "sail":
        d, n = move.dir, move.n
        if move.square:
            d, n = direction_to(state.ships[seat].at, move.square)
        dest = step(state.ships[seat].at, d, n) if d else None
        face = "" if dest in PORT_AT else move.face
        return fmt_sail(d, n, move.attack, face)
    if v == "drift":
        dest = step(state.ships[seat].at, move.dir)
        return f"drift {move.dir}" + ("" if dest in PORT_AT or not move.face else f" face {move.face}")
    if v == "turn":
        return f"turn face {move.face}"
    if v == "face":
        return f"face {move.face}"
    if v in ("end", "attack", "let pass"):
        return v
    if v == "order":
        return move.word
    if v == "trade":
        return f"trade give {items_text(move.items)} take {items_text(move.take)}"
    if v in ("deposit", "take", "land", "secure", "redeem", "give", "keep"):
        return f"{v} {items_text(move.items)}"
    if v == "demand":
        return f"demand {move.word}"
    if v == "chance":
        if move.word in ("crew", "swap"):
            return f"chance {move.word}"
        if move.word == "name":
            return f"chance name {move.name}"
        text = f"chance {move.word}"
        if move.items:
            text += f" {items_text(move.items)}"
        if move.docks:
            text += f" docks {items_text(move.docks)}"
        return text
    return v


def not_listed(state: State, seat: int, canon: str, choices: list[str]) -> Phrase:
    """The refusal with no specific reason: the rule of the decision owed (of the turn: Rule 7) and the
    first eight moves allowed."""
    front = state.pending[0] if state.pending else None
    rule = {
        "intercept": "Ruling 12", "spoils": "Ruling 17", "give": "Ruling 17", "keep": "Ruling 17", "free": "Ruling 18",
        "face": "Ruling 8", "either": "Ruling 25", "ctreasure": "Ruling 25", "cut": "Ruling 32", "name": "Ruling 35",
        "levy": "Ruling 35", "wash": "Ruling 30", "lose": "Ruling 31", "return20": "Ruling 34", "fever": "Ruling 36",
        "swap": "Ruling 34",
    }.get(front.kind if front else "", "Rule 7")
    shown = ", ".join(choices[:8]) + (" ..." if len(choices) > 8 else "")
    return said("%(rule)s: '%(move)s' is not allowed now; you may play: %(moves)s", rule=rule, move=canon, moves=shown)


def explain(state: State, seat: int, move: Move, choices: list[str]) -> str | None:
    """A specific reason for a refused move, "ok" for a typed move that is valid though not listed
    (multi-item trades and home-port actions), or None for the generic message."""
    front = state.pending[0] if state.pending else None
    v = move.verb
    if front is None and v in ("sail", "turn", "drift"):
        if state.phase != "before":
            return said("%(rule)s: you have already moved this turn; you may end it", rule="Rule 7")
        return movement_problem(state, seat, move, free=False)
    if front is not None and front.kind == "free" and v in ("sail", "drift", "turn"):
        if v == "sail" and move.attack:
            return said("%(rule)s: a free move may not attack", rule="Ruling 18")
        return movement_problem(state, seat, move, free=True)
    if front is not None:
        return None
    if state.phase not in ("before", "after"):
        return said("%(rule)s: after a free move the turn can only end", rule="Ruling 18")
    port = in_port(state, seat)
    if v == "trade":
        return trade_problem(state, seat, move, port)
    if v in ("deposit", "secure") or (v == "take" and port):
        return home_port_problem(state, seat, move, port)
    if v in ("take", "land"):
        return flat_island_problem(state, seat, move)
    if v == "redeem":
        return redeem_problem(state, seat)
    if v == "end":
        return said("%(rule)s: your ship must move this turn (only in your home port may it stay)", rule="Ruling 10")
    if v == "deposit":
        return said("%(rule)s: crew can be left for sale only in your home port", rule="Ruling 42")
    return None
