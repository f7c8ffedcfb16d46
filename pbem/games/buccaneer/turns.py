"""Turns and the engine that runs them: setup, a turn's start and end, the automatic steps, a move's
handling, resignation, and what a seat may do now.

The engine works on a state by applying effect primitives (state.apply) and records them into events
(recorder.py), so that `evolve` only has to replay the effects. A move is handled in three steps:
`options` lists what the seat owing the front decision (or the turn) may do; the handler of the move
applies it; `settle` then runs every automatic step (tasks, single-option decisions, a lone `end`) until
some seat owes a real choice or the game is over. `Engine` is the top of the engine's layers: the
handlers of each part of the game are in that part's module (ports, chance, fights, sailing), and a
seat's move is checked by moves.py (`decide`) before it is handled here.

Queue items (state.Item), by kind. Decisions (owed by `seats`):
  intercept  seats=(interceptor,) seat=mover dir dest face attack   Ruling 12
  spoils     seats=(winner,) seat=loser other=winner                Ruling 17
  give       seats=(loser,) seat=loser other=winner                 Ruling 17
  keep       seats=(winner,) seat=winner items=pool                 Ruling 17
  free       seats=(ship,) seat=ship                                Ruling 18
  face       seats=(drawer,) card                                   cards 1, 3, 4
  either     seats=(drawer,) card                                   cards 11 to 14, 27
  ctreasure  seats=(drawer,) card                                   cards 16 to 18
  cut        seats=(drawer,) card                                   cards 16, 17
  name       seats=(drawer,) card items=candidate ports             cards 2, 20
  levy       seats=(named,) seat=named other=drawer                 card 2
  wash       seats=(drawer,) other=receiver                         card 7
  lose       seats=(drawer,) card                                   cards 8, 9, 10
  return20   seats=(drawer,)                                        card 20 with no ship on the coast
  swap       seats=(drawer,) other=partner                          card 20 when no chance source (resign)
  fever      seats=affected seat=drawer                             card 22 (simultaneous)
Tasks (no seats): after_fight seat=mover other=free mover           Ruling 21

Decisions not covered by the spec, decided here:
- A run of automatic `end`s stops after two full rounds (a board where no ship can do anything), so the
  engine never loops; a seat then sends `end` itself.
"""

from __future__ import annotations

from pbem.games.base import RULES

from .board import HOME_PORTS, PORT_SQUARE, TRADING_PORTS
from .cards import STOCK_VALUE, crew_value, treasure_value
from .chance import CHANCE_DECISIONS, chance_options
from .fights import FIGHT_DECISIONS, fight_options
from .geometry import derelict, in_port
from .notation import Move, items_text, parse_move, split_items
from .ports import location_options, stock_treasure, ti_counts
from .recorder import active, limit_result, ranking, turn_order_from
from .sailing import Sailing, free_options, movement_options
from .state import Item, State


class Engine(Sailing):
    """The whole engine: the layers below, and the turns, the automatic steps and resignation."""

    # setup (spec section 5)

    def setup(self) -> None:
        state = self.state
        chance = self.chance
        self.open("dealer_cut", RULES)
        numbers = list(chance.sample(range(1, 29), state.seats))
        dealer = max(range(state.seats), key=lambda s: numbers[s])
        self.do(k="cut", numbers=numbers, dealer=dealer)
        self.open("decks_shuffled", RULES)
        self.do(k="decks", chance=list(chance.shuffle(tuple(range(1, 29)))),
                pirate=list(chance.shuffle(tuple(self.state.pirate))))
        self.open("crew_dealt", RULES)
        unheld = [p for p in HOME_PORTS if p not in state.home_ports]
        for port in list(TRADING_PORTS) + unheld:
            cards = list(self.state.pirate[:2])
            self.do(k="crew", **{"from": "pirate", "to": f"docks:{port}"}, cards=cards)
            need = STOCK_VALUE - sum(crew_value(c) for c in cards)
            pieces = stock_treasure(ti_counts(self.state), need)
            if pieces:
                self.do(k="treasure", **{"from": "ti", "to": f"docks:{port}"}, items=list(pieces))
        for seat in range(state.seats):
            self.move_ship(seat, PORT_SQUARE[state.home(seat)], None)
        # Deal one card at a time round the table, starting at the dealer's left.
        deal: list[list[str]] = [[] for _ in range(state.seats)]
        pile = list(self.state.pirate)
        order = [(dealer + 1 + i) % state.seats for i in range(state.seats)]
        for _ in range(state.hand_size):
            for seat in order:
                deal[seat].append(pile.pop(0))
        self.do(k="deal", hands=deal)
        self.open("turn_began", RULES)
        self.begin_turn(dealer, 1)

    # turns

    def begin_turn(self, seat: int, round_: int) -> None:
        state = self.state
        if state.turn_limit is not None and round_ > state.turn_limit:
            self.do(k="over", termination="turn_limit", **limit_result(state))
            return
        self.do(k="turn", seat=seat, round=round_)
        if in_port(self.state, seat):
            self.clear_msa(seat)
        self.flat_pickup(seat)

    def end_turn(self) -> None:
        state = self.state
        seat = state.turn
        if state.phase == "before":
            self.clear_msa(seat)
        self.pass_turn(seat)

    def pass_turn(self, seat: int) -> None:
        state = self.state
        order = [(seat + i) % state.seats for i in range(1, state.seats + 1)]
        round_ = state.round
        for nxt in order:
            if nxt == state.dealer:
                round_ += 1
            if not state.resigned[nxt]:
                self.begin_turn(nxt, round_)
                return

    # settling automatic steps (6.3)

    def settle(self) -> None:
        auto_ends = 0
        while not self.over:
            state = self.state
            if state.pending:
                front = state.pending[0]
                if not front.seats:
                    self.open("rules_step", RULES, step=front.kind)
                    self.run_task(front)
                    continue
                done = False
                for seat in ordered_owing(state, front):
                    choices = options(state, seat)
                    if len(choices) == 1:
                        self.open("move_played", RULES, seat=seat, **move_record(state, seat, choices[0]))
                        self.handle(seat, parse_move(choices[0]))
                        done = True
                        break
                    if not choices:
                        self.open("rules_step", RULES, step=f"{front.kind} has no option")
                        self.drop_owing(front, seat)
                        done = True
                        break
                if not done:
                    return
            else:
                seat = state.turn
                choices = options(state, seat)
                if choices == ["end"] and auto_ends < 2 * state.seats:
                    auto_ends += 1
                    self.open("move_played", RULES, seat=seat, move="end")
                    self.end_turn()
                    continue
                return

    def run_task(self, item: Item) -> None:
        """A queue item that no seat owes; the end of a fight is the only one."""
        if item.kind == "after_fight":
            self.after_fight(item)
            return
        raise AssertionError(item.kind)

    # handling one move of a seat (already checked to be that seat's to make); the handlers, answer_<kind>
    # and turn_<verb>, are in the module of their rule (ports, chance, fights, sailing)

    def handle(self, seat: int, move: Move) -> None:
        state = self.state
        front = state.pending[0] if state.pending else None
        if front and front.kind == "intercept" and seat in front.seats and move.verb in ("attack", "let pass", "order"):
            self.answer_intercept(seat, front, move)
            return
        if move.verb == "order":
            self.do(k="order", seat=seat, order=move.word)
            return
        if state.pending:
            front = state.pending[0]
            getattr(self, f"answer_{front.kind}")(seat, front, move)
            return
        getattr(self, f"turn_{move.verb.replace(' ', '_')}")(seat, move)

    # the turn's own moves: `end` here; sail, turn and drift in sailing.py; the moves of a port or an
    # island in ports.py

    def turn_end(self, seat: int, move: Move) -> None:
        self.end_turn()

    # resignation (Ruling 51)

    def resign(self, seat: int) -> None:
        for _ in range(200):
            state = self.state
            if self.over or not state.pending or seat not in state.pending[0].seats:
                break
            front = state.pending[0]
            if front.kind == "swap":
                self.open("rules_step", RULES, step="swap dropped: the drawer resigned")
                self.pop()
            elif not options(state, seat):
                # A decision with nothing to choose (a cut that is already within its limit): dropped as
                # settle drops it. Resigning used to fail here, so no stored log holds this case.
                self.open("rules_step", RULES, step=f"{front.kind} has no option")
                self.drop_owing(front, seat)
            else:
                move = default_move(state, seat)
                self.open("move_played", RULES, seat=seat, **move_record(state, seat, move), default=True)
                self.handle(seat, parse_move(move))
            self.settle_tasks_only()
        if self.over:
            return
        self.open("resigned", str(seat), seat=seat)
        state = self.state
        for index in range(len(state.pending) - 1, -1, -1):
            item = self.state.pending[index]
            if seat in item.seats and len(item.seats) > 1:
                self.do(k="answered", seat=seat, index=index)
                continue
            involved = seat in item.seats or item.seat == seat or (item.other == seat and item.kind != "after_fight")
            if item.kind == "fever":
                involved = seat in item.seats and len(item.seats) == 1
            if involved:
                if item.kind == "keep":
                    self.do(k="treasure", **{"from": "keep", "to": "ti"}, items=list(item.items))
                self.do(k="drop", index=index)
        if self.state.fight and seat in (self.state.fight.attacker, self.state.fight.defender) and not any(
                i.kind == "after_fight" for i in self.state.pending):
            self.do(k="fight_over")
        state = self.state
        self.return_crew(f"hand:{seat}", state.hands[seat])
        if state.ships[seat].cargo:
            self.do(k="treasure", **{"from": f"ship:{seat}", "to": "ti"}, items=list(state.ships[seat].cargo))
        ljs = [c for c in state.held[seat] if c == 21]
        others = [c for c in state.held[seat] if c != 21]
        if ljs:
            self.do(k="vcard", **{"from": f"held:{seat}", "to": f"docks:{state.home(seat)}"}, cards=ljs)
        if others:
            self.do(k="vcard", **{"from": f"held:{seat}", "to": "deck"}, cards=others)
        self.do(k="resigned", seat=seat)
        left = active(self.state)
        if len(left) == 1:
            self.do(k="over", termination="resigned", winners=left, ranking=ranking(self.state, left[0]))
            return
        if self.state.turn == seat and not self.state.pending:
            self.pass_turn(seat)
        self.settle()

    def settle_tasks_only(self) -> None:
        while not self.over and self.state.pending and not self.state.pending[0].seats:
            front = self.state.pending[0]
            self.open("rules_step", RULES, step=front.kind)
            self.run_task(front)


def ordered_owing(state: State, item: Item) -> list[int]:
    """The seats owing `item`, in the order `settle` looks at them: for Yellow Fever, turn order from the
    drawer (Ruling 36)."""
    if item.kind == "fever":
        return [s for s in turn_order_from(state, item.seat) if s in item.seats]
    return list(item.seats)


# --- options: what a seat may do now (standing orders excluded, see sailing.order_options) ----------------


def options(state: State, seat: int) -> list[str]:
    """The choices of the front decision for a seat that owes it; else, in its turn, the turn's moves."""
    if state.phase in ("over", "setup") or state.resigned[seat]:
        return []
    if state.pending:
        front = state.pending[0]
        if seat not in front.seats:
            return []
        return decision_options(state, seat, front)
    if seat != state.turn:
        return []
    return turn_options(state, seat)


def turn_options(state: State, seat: int) -> list[str]:
    """A movement first, the moves of the place before or after it, then `end`: before moving, only in the
    home port, for a derelict, or when the ship cannot move (Ruling 10)."""
    out: list[str] = []
    moves: list[str] = []
    if state.phase == "before":
        moves = movement_options(state, seat)
        out.extend(moves)
    if state.phase in ("before", "after"):
        out.extend(location_options(state, seat))
    home = in_port(state, seat) == state.home(seat)
    if state.phase != "before" or home or not moves or derelict(state, seat):
        out.append("end")
    return out


def decision_options(state: State, seat: int, item: Item) -> list[str]:
    """The choices of a decision on the queue, listed by the module of its rule."""
    kind = item.kind
    if kind == "intercept":
        return ["attack", "let pass"]
    if kind == "free":
        return free_options(state, seat)
    if kind in FIGHT_DECISIONS:
        return fight_options(state, seat, item)
    if kind in CHANCE_DECISIONS:
        return chance_options(state, seat, item)
    raise AssertionError(kind)


# --- what an event records of a move, and the move played for a seat that times out or resigns -----------


def move_record(state: State, seat: int, text: str) -> dict:
    """The `move` of an event, and for a secret move the seats allowed to read it and a public summary
    (spec 17.1)."""
    move = parse_move(text)
    front = state.pending[0] if state.pending else None
    kind = front.kind if front else ""
    seen = None
    if move.verb == "order":
        if kind == "intercept" and seat in front.seats and move.word != "ask":
            return {"move": text, "seen_by": [seat], "public_move": "attack" if move.word == "always attack" else "let pass"}
        return {"move": text, "seen_by": [seat], "public_move": "standing order changed"}
    if move.verb == "give" and kind == "give":
        seen = [seat, front.other]
        summary = f"give {len(move.items)} cards"
    elif move.verb == "chance" and kind == "levy":
        seen = [seat, front.other]
        summary = f"chance give {len(move.items)} cards" + (f" docks {items_text(move.docks)}" if move.docks else "")
    elif move.verb == "chance" and kind == "wash" and split_items(move.items)[0]:
        seen = [seat, front.other]
        summary = f"chance give {len(move.items)} cards"
    elif move.verb == "chance" and kind in ("cut", "return20", "fever"):
        seen = [seat]
        summary = f"chance return {len(move.items)} cards" + (f" docks {items_text(move.docks)}" if move.docks else "")
    elif move.verb == "chance" and kind == "lose" and front.card == 10:
        seen = [seat]
        summary = "chance lose 1 card"
    if seen is None:
        return {"move": text}
    return {"move": text, "seen_by": sorted(set(seen)), "public_move": summary}


def default_move(state: State, seat: int) -> str:
    """Ruling 51's defaults for a timed-out or resigning seat."""
    choices = options(state, seat)
    if not choices:
        return ""
    front = state.pending[0] if state.pending else None
    kind = front.kind if front else ""
    if kind == "intercept":
        return "let pass"
    if kind == "spoils":
        return choices[0]
    if kind in ("give", "lose", "cut", "return20", "fever", "levy") or (kind == "wash"):
        def cost(option: str) -> tuple:
            move = parse_move(option)
            crew, treasure, _ = split_items(move.items)
            return (sum(crew_value(c) for c in crew) + sum(crew_value(c) for c in move.docks) + treasure_value(treasure),
                    len(move.docks), option)
        return min(choices, key=cost)
    if kind in ("keep", "either", "ctreasure"):
        treasure = [c for c in choices if c.startswith(("keep", "chance treasure"))]
        if treasure:
            return max(treasure, key=lambda o: (treasure_value(split_items(parse_move(o).items)[1]), -choices.index(o)))
        return choices[0]
    if not front and "end" in choices:
        return "end"
    return choices[0]
