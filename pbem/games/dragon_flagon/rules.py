"""The decider of the Dragon & Flagon: setup, the time loop, evolve and decide (spec sections 9, 10,
13, 15 and 17; pirate rules text followed exactly).

`evolve` applies one event and then runs every automatic step that needs no chance and reveals
nothing (opening a planning step, recoveries, expiring durations, advancing the time token) until the
state waits for a seat's decision or for a rules event (a draw, a reveal, a Game End token, the end).
`decide` validates a seat's move and then writes those rules events itself, drawing chance only for
the draw order, until some seat owes a decision again.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import RULES, Event, IllegalMove, InvalidOptions, NotYourTurn, counted, said
from . import geometry as g
from . import notation
from .cards import choice_options, finish_card, resolve
from .data import TABLES
from .queries import active, owed, place_options, placing, plannable
from .phrases import card_phrase, character
from .refusals import choice_refusal, placement_refusal, plan_refusal
from .scoring import outcome, scores, team_totals  # noqa: F401  (outcome and team_totals: re-exported)
from .setup import CHARACTER_IDS, effective_data, teams_and_counts
from .state import Character, Duration, State, canonical, is_token
from .world import World

# --- building the state -------------------------------------------------------------------------------


RULES_VERSION = 1
KNOWN_RULES_VERSIONS = (1,)


def initial_state(seats: int, options, rules_version: int = RULES_VERSION) -> State:
    if rules_version not in KNOWN_RULES_VERSIONS or isinstance(rules_version, bool):
        raise InvalidOptions(f"rules version {rules_version!r} is unknown to this server; it plays "
                             f"{', '.join(map(str, KNOWN_RULES_VERSIONS))}")
    return State(seats=seats, options_json=canonical(dict(options)), rules_version=rules_version)


def _game_end_spaces(options, in_play: int) -> list[int]:
    first = options["endgame.range"]
    if first == "auto":
        first = next(space for minimum, space in TABLES["endgame_auto_ranges"] if in_play >= minimum)
    return [first + i for i in range(4)]


def start(state: State, chance) -> list[Event]:
    options = state.options
    seats = state.seats
    data = effective_data(options)
    position = options["position"]
    payload = {"seats": seats, "options": options, "data": data}
    if position:
        payload["teams"] = position["teams"]
        payload["deal"] = {str(s): [c["id"] for c in position["characters"] if c["seat"] == s] for s in range(seats)}
        payload["placement_order"] = []
        in_play = len(position["characters"])
        game_end = position.get("game_end")
    else:
        teams, counts = teams_and_counts(seats, options)
        payload["teams"] = teams
        if options["characters"] == "random":
            order = list(chance.shuffle(CHARACTER_IDS))
            deal = {}
            for seat in range(seats):
                deal[str(seat)], order = order[: counts[seat]], order[counts[seat]:]
        else:
            deal = {str(s): list(options["characters"][str(s)]) for s in range(seats)}
        payload["deal"] = deal
        in_play_ids = [cid for cid in CHARACTER_IDS if any(cid in v for v in deal.values())]
        if options["setup.placement"] == "fixed":
            payload["placement_order"] = in_play_ids
        else:
            payload["placement_order"] = list(chance.shuffle(in_play_ids))
        in_play = len(in_play_ids)
        game_end = None
    if game_end is None:
        faces = list(chance.shuffle(options["endgame.tokens"]))
        game_end = [{"space": s, "face": f} for s, f in zip(_game_end_spaces(options, in_play), faces)]
    payload["game_end"] = game_end
    first = Event("game_started", payload, RULES)
    events = [first]
    return events + run_automatic(evolve(state, first), chance)


def position_state(seats: int, resolved: dict) -> State:
    """The board a resolved `position` option describes, as `game_started` would lay it out, with no
    automatic step run: what the computer player simulates its choices on."""
    position = resolved["position"]
    payload = {"options": resolved, "data": effective_data(resolved), "teams": position["teams"],
               "deal": {}, "placement_order": [], "game_end": position["game_end"]}
    return _from_started(initial_state(seats, resolved), payload)


def _from_started(state: State, data: dict) -> State:
    options = data["options"]
    eff = data["data"]
    board = eff["board"]
    rows, cols = len(board["terrain"]), len(board["terrain"][0])
    sq = lambda s: g.parse_square(s, rows, cols)  # noqa: E731
    teams = tuple(tuple(t) for t in data["teams"])
    team_of = {seat: i for i, t in enumerate(teams) for seat in t}
    position = options["position"]
    chars = []
    if position:
        by_id = {c["id"]: c for c in position["characters"]}
        for cid in CHARACTER_IDS:
            if cid not in by_id:
                continue
            c = by_id[cid]
            plan = tuple("!" + s for s in c.get("status", [])) + tuple(c.get("plan", []))
            durations = tuple(_duration(d) for d in c.get("durations", []))
            chars.append(Character(
                id=cid, seat=c["seat"], team=team_of[c["seat"]],
                square=sq(c["square"]) if c.get("square") is not None else None,
                facing=c.get("facing") if c.get("square") is not None else None,
                rep=c.get("rep", options["reputation.start"]), time=c.get("time", position.get("space", 0)),
                plan=plan, durations=durations, dragon=c.get("dragon", "locked"), holds=c.get("holds"),
            ))
        phase, space = "space_start", position.get("space", 0)
        draw_order = tuple(position.get("draw_order") or ())
    else:
        owner = {cid: int(seat) for seat, ids in data["deal"].items() for cid in ids}
        for cid in CHARACTER_IDS:
            if cid in owner:
                chars.append(Character(id=cid, seat=owner[cid], team=team_of[owner[cid]],
                                       rep=options["reputation.start"]))
        phase, space, draw_order = "setup", 0, ()
    data_json = canonical(eff)
    tables = tuple((t["id"], g.parse_area(t["squares"], rows, cols)) for t in board["tables"])
    rugs = tuple((r["id"], g.parse_area(r["squares"], rows, cols)) for r in board["rugs"])
    objects = tuple((o["id"], sq(o["square"])) for o in board["objects"])
    familiar = sq(position["familiar"]) if position and position.get("familiar") else None
    game_end = tuple((t["space"], t["face"], False) for t in sorted(data["game_end"], key=lambda t: t["space"]))
    return replace(
        state, data_json=data_json, phase=phase, space=space, chars=tuple(chars), objects=objects,
        tables=tables, rugs=rugs, familiar=familiar, game_end=game_end, teams=teams,
        placement=tuple(data["placement_order"]), draw_order=draw_order,
    )


def _duration(d: dict) -> Duration:
    return Duration(card=d["card"], fresh=False, on_table=bool(d.get("on_table", False)), lost=bool(d.get("lost", False)))


# --- evolve -------------------------------------------------------------------------------------------------


def evolve(state: State, event: Event) -> State:
    kind, data = event.type, event.data
    if kind == "game_started":
        return settle(_from_started(state, data))
    if kind == "standee_placed":
        c = state.char(data["character"])
        board = state.data.board
        square = g.parse_square(data["square"], board.rows, board.cols)
        state = state.with_char(replace(c, square=square, facing=data["facing"]))
        if data["reason"] == "setup":
            state = replace(state, placement=tuple(p for p in state.placement if p != c.id))
        elif state.phase == "drawn_return":
            state = replace(state, phase="act")
        return settle(state)
    if kind == "card_planned":
        c = state.char(data["character"])
        c = replace(c, plan=c.plan + (data["card"],), owed=max(0, c.owed - 1) if data["reason"] == "overboard" else c.owed)
        return settle(state.with_char(c))
    if kind == "character_drawn":
        cid = data["character"]
        draw_order = tuple(c for c in state.draw_order if c != cid) if data.get("forced") else state.draw_order
        state = replace(state, bag=tuple(b for b in state.bag if b != cid), drawn=cid, acted=state.acted + (cid,),
                        draw_order=draw_order)
        off = state.char(cid).square is None
        return settle(replace(state, phase="drawn_return" if off else "act"))
    if kind == "card_revealed":
        c = state.char(data["character"])
        card = data["card"]
        plan = list(c.plan)
        plan.remove(card)
        dragon = "spent" if state.data.cards[card].kind == "dragon" else c.dragon
        state = state.with_char(replace(c, plan=tuple(plan), dragon=dragon))
        return replace(state, revealed=card, phase="choose")
    if kind == "card_resolved":
        return settle(_resolved(state, data))
    if kind == "game_end_revealed":
        game_end = tuple((s, f, r or s == data["space"]) for s, f, r in state.game_end)
        state = replace(state, game_end=game_end)
        if data["face"] == "watch":
            return replace(state, phase="ending")
        return settle(replace(state, phase="returns" if state.phase == "arrival" else "space_next"))
    if kind == "game_ended":
        return replace(state, phase="over", result_json=canonical(dict(data)))
    if kind == "seat_resigned":
        return settle(_resigned(state, data["seat"]))
    return state


def parse_choices(state: State, choices: dict) -> dict:
    board = state.data.board
    out = {}
    for key, value in choices.items():
        out[key] = g.parse_square(value, board.rows, board.cols) if key == "square" else value
    return out


def _resolved(state: State, data: dict) -> State:
    cid = data["character"]
    card = state.data.cards[data["card"]]
    world = World(state, active=cid, card=card)
    if not data.get("whiff"):
        resolve(world, cid, card, parse_choices(state, data.get("choices", {})))
        finish_card(world, cid, card)
    state = world.freeze()
    return _after_action(replace(state, revealed=None), cid, card.time)


def _after_action(state: State, cid: str, cost: int) -> State:
    """Steps 4 and 5: next-action durations of earlier draws expire; the time token moves."""
    c = state.char(cid)
    kept = []
    for d in c.durations:
        card = state.data.cards[d.card]
        if card.duration == "next_action" and not d.fresh:
            continue
        kept.append(replace(d, fresh=False))
    c = replace(c, durations=tuple(kept), time=c.time + cost)
    return replace(state.with_char(c), drawn=None, phase="next_draw")


def _act(state: State) -> State:
    """Steps 2 and 3 for the drawn character: next-draw durations expire (Boast pays); then recover
    leading status tokens, or wait for its front card to be revealed."""
    c = state.char(state.drawn)
    kept, gain = [], 0
    world = World(state)
    for d in c.durations:
        card = state.data.cards[d.card]
        if card.duration == "next_draw":
            boast = world.effect_step(d.card, "boast")
            if boast and not d.lost:
                gain += boast[2] if d.on_table else boast[1]
            continue
        kept.append(d)
    c = replace(c, durations=tuple(kept), rep=c.rep + gain)
    state = state.with_char(c)
    tokens = []
    for item in c.plan:
        if not is_token(item):
            break
        tokens.append(item)
    if tokens:
        costs = {"!dazed": state.options["status.dazed"]["cost"], "!fallen": state.options["status.fallen"]["cost"]}
        cost = min(state.options["status.max_recovery"], sum(costs[t] for t in tokens))
        state = state.with_char(replace(c, plan=c.plan[len(tokens):]))
        return _after_action(state, c.id, cost)
    if not c.plan:
        return _after_action(state, c.id, 1)  # nothing planned (cannot happen with the fill rule): rests
    return replace(state, phase="reveal")


def _resigned(state: State, seat: int) -> State:
    world = World(state)
    for cid, ch in world.c.items():
        if ch.seat == seat and ch.square is not None:
            if ch.holds is not None:
                world.drop_held(cid)
            ch.square, ch.facing = None, None
    state = world.freeze()
    chars = tuple(replace(c, out=True, plan=(), owed=0) if c.seat == seat else c for c in state.chars)
    mine = {c.id for c in chars if c.seat == seat}
    state = replace(state, chars=chars, resigned=state.resigned + (seat,),
                    placement=tuple(p for p in state.placement if p not in mine),
                    bag=tuple(b for b in state.bag if b not in mine))
    if state.drawn in mine:
        state = replace(state, drawn=None, revealed=None, phase="next_draw")
    live_teams = {state.team_of_seat(s) for s in range(state.seats) if s not in state.resigned}
    if len(live_teams) <= 1 and state.phase != "over":
        return replace(state, phase="ending")
    return state


def settle(state: State) -> State:
    """Run the automatic steps of the time loop until a decision or a rules event is due."""
    for _ in range(10000):
        phase = state.phase
        opts = state.options
        if phase == "setup":
            if state.placement:
                return state
            state = replace(state, phase="space_start")
        elif phase == "space_start":
            if opts["endgame.reveal"] == "on_arrival" and _token_due(state):
                return replace(state, phase="arrival")
            state = replace(state, phase="returns")
        elif phase == "returns":
            if placing(state):
                return state
            state = replace(state, phase="planning", late=False)
        elif phase == "planning":
            if any(owed(state, c) for c in state.chars):
                return state
            if state.late:
                state = replace(state, phase="space_reveal")
            else:
                bag = tuple(c.id for c in active(state))
                state = replace(state, phase="next_draw", bag=bag, acted=())
        elif phase in ("next_draw", "replan"):
            if any(c.owed and not c.out for c in state.chars):
                state = replace(state, phase="replan")
                if any(owed(state, c) for c in state.chars):
                    return state
                # No plannable card left: nothing more is owed.
                state = replace(state, chars=tuple(replace(c, owed=0) for c in state.chars))
                continue
            if state.bag:
                return replace(state, phase="draw")
            state = replace(state, phase="space_close")
        elif phase == "act":
            state = _act(state)
        elif phase == "space_close":
            state = replace(state, phase="space_reveal")
            if opts["planning.timing"] == "end_of_space":
                late = replace(state, phase="planning", late=True)
                if any(owed(late, c) for c in late.chars):
                    return late
        elif phase == "space_reveal":
            if opts["endgame.reveal"] == "end_of_space" and _token_due(state):
                return replace(state, phase="endreveal")
            state = replace(state, phase="space_next")
        elif phase == "space_next":
            # A position's draw_order covers its first space only (spec 19): what is left lapses here.
            state = replace(state, space=state.space + 1, phase="space_start", late=False, acted=(), draw_order=())
        else:
            return state
    raise AssertionError("the time loop did not settle")


def _token_due(state: State) -> bool:
    return any(s == state.space and not r for s, f, r in state.game_end)


# --- pending decisions ------------------------------------------------------------------------------------


def to_move(state: State) -> frozenset:
    phase = state.phase
    if phase in ("setup", "returns", "drawn_return"):
        cid = placing(state)
        return frozenset({state.char(cid).seat}) if cid else frozenset()
    if phase in ("planning", "replan"):
        return frozenset(c.seat for c in state.chars if owed(state, c))
    if phase == "choose":
        return frozenset({state.char(state.drawn).seat})
    return frozenset()


def _choose_options(state: State) -> list[dict]:
    world = World(state, active=state.drawn, card=state.data.cards[state.revealed])
    return choice_options(world, state.drawn, state.data.cards[state.revealed])


def legal_moves(state: State, seat: int) -> list[str]:
    if seat not in to_move(state):
        return []
    board = state.data.board
    phase = state.phase
    if phase in ("setup", "returns", "drawn_return"):
        cid = placing(state)
        return [notation.format_place(cid, s, f, board) for s, f in place_options(state, cid)]
    if phase in ("planning", "replan"):
        moves = []
        for c in state.chars:
            if c.seat == seat and owed(state, c):
                moves += [f"plan {c.id} {card}" for card in plannable(state, c)]
        return moves
    if phase == "choose":
        card = state.data.cards[state.revealed]
        return [notation.format_choose(state.drawn, card, ch, board) for ch in _choose_options(state)]
    return []


def timeout_move(state: State, seat: int) -> str | None:
    moves = legal_moves(state, seat)
    return moves[0] if moves else None


# --- decide -------------------------------------------------------------------------------------------------


def _json_choices(state: State, choices: dict) -> dict:
    board = state.data.board
    return {k: (g.square_name(v, board.rows, board.cols) if k == "square" else v) for k, v in choices.items()}


def decide(state: State, seat: int, move: str, chance) -> list[Event]:
    if state.phase == "over":
        raise NotYourTurn(said("the game is over"))
    if seat in state.resigned:
        raise NotYourTurn(said("this seat has resigned"))
    if seat not in to_move(state):
        raise NotYourTurn(said("this seat owes no decision now"))
    parsed = notation.parse(move, state.data)
    events = _validate(state, seat, parsed)
    for event in events:
        state = evolve(state, event)
    return events + run_automatic(state, chance)


def _validate(state: State, seat: int, parsed) -> list[Event]:
    kind = parsed[0]
    phase = state.phase
    data = state.data
    if kind == "place":
        _, cid, square, facing = parsed
        if phase not in ("setup", "returns", "drawn_return"):
            raise IllegalMove(said("%(rule)s: no standee is being placed now", rule="rule 10 (the time loop)"))
        if placing(state) != cid:
            rule = "rule 9.5 (placement order)" if phase == "setup" else "PR-20 (returns in character order)"
            raise IllegalMove(said("%(rule)s: %(character)s is the standee to place now, not %(other)s", rule=rule,
                                   character=character(placing(state)), other=character(cid)))
        options = place_options(state, cid)
        if (square, facing) not in options:
            raise IllegalMove(placement_refusal(World(state), cid, square, facing, options, phase))
        reason = "setup" if phase == "setup" else "return"
        return [Event.by_seat(seat, "standee_placed", {"character": cid, "square": g.square_name(square, data.board.rows, data.board.cols), "facing": facing, "reason": reason})]
    if kind == "plan":
        _, cid, cards = parsed
        if phase not in ("planning", "replan"):
            raise IllegalMove(said("%(rule)s: no planning step is open now", rule="rule 10 (the time loop)"))
        c = state.char(cid) if cid in {x.id for x in state.chars} else None
        if c is None or c.seat != seat:
            raise IllegalMove(said("%(rule)s: %(character)s is not one of your characters", rule="rule 5 (teams)",
                                   character=character(cid)))
        need = owed(state, c)
        if not need:
            raise IllegalMove(said("%(rule)s: %(character)s owes no card now", rule="rule 10 (planning)",
                                   character=character(cid)))
        if len(cards) > need:
            raise IllegalMove(said("%(rule)s: %(character)s owes %(cards)s now", rule="rule 10 (planning)",
                                   character=character(cid), cards=counted("%(n)s card", "%(n)s cards", need)))
        if len(cards) == 2 and cards[0] == cards[1]:
            raise IllegalMove(said("%(rule)s: a card is planned once; %(card)s twice is not possible",
                                   rule="rule 10 (planning)", card=cards[0]))
        events = []
        temp = state
        reason = "overboard" if phase == "replan" else "planning"
        for card in cards:
            ch = temp.char(cid)
            if card not in plannable(temp, ch):
                raise IllegalMove(plan_refusal(temp, ch, card))
            event = Event.by_seat(seat, "card_planned", {"character": cid, "slot": len(ch.plan) + 1, "card": card, "reason": reason})
            events.append(event)
            temp = _plan_only(temp, event)
        return events
    _, cid, card_id, choices = parsed
    if phase != "choose" or state.drawn != cid or state.revealed != card_id:
        raise IllegalMove(said("%(rule)s: %(character)s has no revealed %(card)s awaiting its choices",
                               rule="rule 10 (action step)", character=character(cid),
                               card=card_phrase(card_id, data.cards[card_id].name)))
    options = _choose_options(state)
    if choices not in options:
        card = data.cards[card_id]
        raise choice_refusal(World(state, active=cid, card=card), cid, card, choices, options)
    return [_resolution_event(state, choices, actor=str(seat))]


def _plan_only(state: State, event: Event) -> State:
    c = state.char(event.data["character"])
    return state.with_char(replace(c, plan=c.plan + (event.data["card"],)))


def _resolution_event(state: State, choices: dict | None, actor: str) -> Event:
    cid, card = state.drawn, state.revealed
    data = {"character": cid, "card": card}
    if choices is None:
        data["whiff"] = True
    else:
        data["choices"] = _json_choices(state, choices)
    data["log"] = _log_lines(state, cid, card, choices)
    return Event(type="card_resolved", data=data, actor=actor)


def _log_lines(state, cid, card, choices) -> list[str]:
    if choices is None:
        return [f"{cid} {card}: whiff"]
    world = World(state, active=cid, card=state.data.cards[card])
    resolve(world, cid, state.data.cards[card], dict(choices))
    return [f"{cid} {card}"] + world.lines


def run_automatic(state: State, chance) -> list[Event]:
    """Write the rules' own events until a seat owes a decision or the game is over."""
    events = []
    for _ in range(5000):
        event = _next_rules_event(state, chance)
        if event is None:
            return events
        events.append(event)
        state = evolve(state, event)
    raise AssertionError("automatic steps did not stop")


def _next_rules_event(state: State, chance) -> Event | None:
    phase = state.phase
    if phase == "draw":
        bag = list(state.bag)
        # A forced order skips a character that has left the bag (its seat resigned), so the rest hold.
        cid = next((c for c in state.draw_order if c in bag), None)
        if cid is not None:
            return Event("character_drawn", {"space": state.space, "bag": bag, "index": bag.index(cid), "character": cid, "forced": True}, RULES)
        if chance is None:  # after a resignation there is no chance source: take the first in the bag
            index, forced = 0, True
        else:
            index, forced = chance.below(len(bag)), False
        data = {"space": state.space, "bag": bag, "index": index, "character": bag[index]}
        if forced:
            data["forced"] = True
        return Event("character_drawn", data, RULES)
    if phase == "reveal":
        c = state.char(state.drawn)
        return Event("card_revealed", {"character": c.id, "card": c.plan[0]}, RULES)
    if phase == "choose":
        options = _choose_options(state)
        if len(options) == 0:
            return _resolution_event(state, None, RULES)
        if len(options) == 1:
            return _resolution_event(state, options[0], RULES)
        return None
    if phase in ("arrival", "endreveal"):
        face = next(f for s, f, r in state.game_end if s == state.space and not r)
        return Event("game_end_revealed", {"space": state.space, "face": face}, RULES)
    if phase == "ending":
        return Event("game_ended", scores(state), RULES)
    if phase in ("setup", "returns", "drawn_return"):
        cid = placing(state)
        options = place_options(state, cid) if cid else []
        if len(options) == 1:
            square, facing = options[0]
            board = state.data.board
            reason = "setup" if phase == "setup" else "return"
            return Event("standee_placed", {"character": cid, "square": g.square_name(square, board.rows, board.cols), "facing": facing, "reason": reason}, RULES)
    return None


def resign(state: State, seat: int, chance=None) -> list[Event]:
    """The seat leaves; play goes on to the next decision, drawing from `chance` where it must (without
    one, a draw takes the first character of the bag and is marked forced)."""
    if state.phase == "over" or seat in state.resigned:
        return []
    event = Event.by_seat(seat, "seat_resigned", {"seat": seat})
    return [event] + run_automatic(evolve(state, event), chance)
