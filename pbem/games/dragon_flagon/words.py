"""The Dragon & Flagon told in words (issue 13): `describe(before, events, seat, names)`.

The events of one append (a player's command and every automatic step it caused) become a few lines a
person reads in a move list, a notice or a feed: placements, planning (hidden: "Ann planned a card for
the Monk"; the planner reads the card), each draw and reveal by the card's printed name, each card's
effect (moves, hits, knock-backs, falls, dazes, Overboard, objects, chests, reputation), the time track,
the Game End tokens and the final scoring.

The events come already redacted for `seat`. To tell what a card did, the words fold them over a copy
of `before` in which every face-down card the reader cannot see is replaced by a placeholder, and re-run
each card's resolution on it; a card's result depends only on public facts, so nothing hidden can reach
the words, and the wording can never differ between games that differ only in hidden cards.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import finish_card, requirement_met, resolve
from .geometry import square_name
from .refusals import display_name
from .rules import evolve, parse_choices
from .state import State
from .world import World, kind_of

UNSEEN = "?"  # a face-down card the reader cannot see
DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west", "ne": "north-east", "se": "south-east",
              "sw": "south-west", "nw": "north-west"}
OBJECTS = {"mug": "the mug", "chair": "the chair", "barrel": "the barrel", "chest": "the Treasure Chest",
           "flagon": "the Flagon"}
FORCED = {"knock": "is knocked", "airborne": "is hurled", "pull": "is pulled", "shift": "is dragged"}


def describe(before: State, events, seat, names) -> list[str]:
    teller = _Teller(_masked(before, seat), names)
    for event in events:
        teller.tell(event)
    return teller.finish()


def _masked(state: State, seat) -> State:
    """The state with every face-down card the reader may not see replaced by UNSEEN."""
    if state.phase in ("pregame", "over"):
        return state
    chars = tuple(c if seat is not None and c.seat == seat else
                  replace(c, plan=tuple(item if item is not None and item.startswith("!") else UNSEEN for item in c.plan))
                  for c in state.chars)
    return replace(state, chars=chars)


def _fill_unseen(state: State) -> State:
    """A redacted position (game_started) or plan (card_planned) leaves None where a card was."""
    if not any(item is None for c in state.chars for item in c.plan):
        return state
    return replace(state, chars=tuple(replace(c, plan=tuple(UNSEEN if i is None else i for i in c.plan))
                                      for c in state.chars))


class _Teller:
    def __init__(self, state: State, names):
        self.state = state
        self.names = list(names)
        self.lines: list[str] = []
        self.pending = ""  # the sentence about the drawn character, still open
        self.plans: list = []  # consecutive card_planned events of one seat and character

    # --- names ------------------------------------------------------------------------------------

    def player(self, seat) -> str:
        seat = int(seat)
        return self.names[seat] if seat < len(self.names) and self.names[seat] else f"Seat {seat + 1}"

    def who(self, cid: str) -> str:
        return f"the {display_name(cid)}"

    def owned(self, cid: str) -> str:
        """'the Monk (Ann)'."""
        return f"{self.who(cid)} ({self.player(self.state.char(cid).seat)})"

    def square(self, square) -> str:
        if isinstance(square, str):
            return square
        board = self.state.data.board
        return square_name(square, board.rows, board.cols)

    def card(self, card_id: str) -> str:
        return self.state.data.cards[card_id].name

    # --- events ---------------------------------------------------------------------------------------

    def tell(self, event) -> None:
        kind, data = event.type, event.data
        if kind != "card_planned":
            self.flush_plans()
        handler = getattr(self, f"on_{kind}", None)
        before = self.state
        if handler:
            handler(event, data)
        foldable = self._foldable(event)
        self.state = _fill_unseen(evolve(self.state, foldable))
        if kind not in ("game_started", "game_ended") and before.phase != "pregame":
            self.after(before, event)

    def _foldable(self, event):
        """The event as this copy of the state can fold it (unseen cards stand in for hidden ones)."""
        if event.type == "card_planned" and event.data.get("card") is None:
            return replace(event, data={**event.data, "card": UNSEEN})
        position = (event.data.get("options") or {}).get("position") if event.type == "game_started" else None
        if position and any(card is None for c in position.get("characters", []) for card in c.get("plan", [])):
            characters = [{**c, "plan": [UNSEEN if card is None else card for card in c.get("plan", [])]}
                          for c in position["characters"]]
            options = {**event.data["options"], "position": {**position, "characters": characters}}
            return replace(event, data={**event.data, "options": options})
        if event.type == "card_revealed":
            c = self.state.char(event.data["character"])
            card = event.data["card"]
            if card not in c.plan and UNSEEN in c.plan:
                plan = list(c.plan)
                plan[plan.index(UNSEEN)] = card
                self.state = self.state.with_char(replace(c, plan=tuple(plan)))
        return event

    def say(self, line: str) -> None:
        self.lines.append(line[0].upper() + line[1:])

    def close_pending(self, tail: str = ".") -> None:
        if self.pending:
            self.say(self.pending + tail)
            self.pending = ""

    def finish(self) -> list[str]:
        self.flush_plans()
        if self.pending:
            c = self.state.char(self.state.drawn) if self.state.drawn else None
            if c is not None and self.state.phase == "choose":
                self.close_pending(f"; {self.player(c.seat)} chooses how to play it.")
            elif c is not None and self.state.phase == "drawn_return":
                self.close_pending(f", back from the water; {self.player(c.seat)} chooses where it climbs aboard.")
            else:
                self.close_pending()
        return self.lines

    def on_game_started(self, event, data) -> None:
        teams = data["teams"]
        deal = data["deal"]
        board = data["data"]["board"]["id"]
        parts = []
        for index, seats in enumerate(teams):
            crew = ", ".join(f"{self.player(s)} with {_and([self.who(c) for c in deal.get(str(s), [])]) or 'nobody'}"
                             for s in seats)
            label = f"Crew {'AB'[index]} ({'west' if index == 0 else 'east'} ship)" if board == "pirate" and len(teams) == 2 \
                else f"Team {index + 1}"
            parts.append(f"{label}: {crew}")
        where = "on the two pirate ships" if board == "pirate" else "in the tavern"
        self.say(f"The brawl begins {where}. " + "; ".join(parts) + ".")
        if data.get("placement_order") and data["options"].get("setup.placement") == "choose":
            self.say("Standees go on in this order: " + _and([self.who(c) for c in data["placement_order"]]) + ".")
        spaces = sorted(t["space"] for t in data["game_end"])
        if data["options"].get("position"):
            self.say(f"The game starts from a set position, on space {data['options']['position'].get('space', 0)}.")
        self.say(f"Four Game End tokens lie face down on spaces {spaces[0]} to {spaces[-1]}; one shows the City Watch."
                 if len(spaces) == 4 and spaces[-1] - spaces[0] == 3 else
                 f"Four Game End tokens lie face down on spaces {_and([str(s) for s in spaces])}.")

    def on_standee_placed(self, event, data) -> None:
        cid = data["character"]
        where = f"on {data['square']}, facing {DIRECTIONS.get(data['facing'], data['facing'])}"
        by_seat = event.actor.isdigit()
        if data["reason"] == "setup":
            self.say(f"{self.player(event.actor)} placed {self.who(cid)} {where}." if by_seat
                     else f"{self.owned(cid)} is placed {where}.")
        elif self.pending and self.state.drawn == cid:
            self.pending += f", climbs back aboard {where}"
        elif by_seat:
            self.say(f"{self.player(event.actor)} put {self.who(cid)} back aboard {where}.")
        else:
            self.say(f"{self.owned(cid)} climbs back aboard {where}.")

    def on_card_planned(self, event, data) -> None:
        if self.plans and (self.plans[0].actor, self.plans[0].data["character"]) != (event.actor, data["character"]):
            self.flush_plans()
        self.plans.append(event)

    def flush_plans(self) -> None:
        if not self.plans:
            return
        first = self.plans[0]
        cards = [e.data.get("card") for e in self.plans]
        if all(cards):
            what = _and([self.card(c) for c in cards])
        else:
            what = "a card" if len(cards) == 1 else f"{_count(len(cards))} cards"
        why = " after going overboard" if first.data.get("reason") == "overboard" else ""
        self.say(f"{self.player(first.actor)} planned {what} for {self.who(first.data['character'])}{why}.")
        self.plans = []

    def on_character_drawn(self, event, data) -> None:
        self.close_pending()
        cid = data["character"]
        self.pending = f"{self.owned(cid)} is drawn"

    def on_card_revealed(self, event, data) -> None:
        cid = data["character"]
        reveal = f"reveals {self.card(data['card'])}"
        if self.pending and self.state.drawn == cid:
            self.pending += f" and {reveal}"
        else:
            self.close_pending()
            self.pending = f"{self.owned(cid)} {reveal}"

    def on_card_resolved(self, event, data) -> None:
        cid, card_id = data["character"], data["card"]
        card = self.state.data.cards[card_id]
        if not self.pending:
            self.pending = f"{self.player(event.actor)} plays {self.who(cid)}'s {card.name}" if event.actor.isdigit() \
                else f"{self.owned(cid)} plays {card.name}"
        if data.get("whiff"):
            effect = f"it whiffs ({_whiff_reason(World(self.state, active=cid, card=card), cid, card)})"
        else:
            world = World(self.state, active=cid, card=card)
            resolve(world, cid, card, parse_choices(self.state, data.get("choices", {})))
            finish_card(world, cid, card)
            effect = _Effects(self, cid, card, world.facts).text()
        time = self.state.char(cid).time + card.time
        self.pending += f": {effect}. The {display_name(cid)}'s token moves to space {time}"
        self.close_pending()

    def on_game_end_revealed(self, event, data) -> None:
        self.close_pending()
        if data["face"] == "watch":
            self.say(f"The Game End token on space {data['space']} shows the City Watch: the brawl is over.")
        else:
            self.say(f"The Game End token on space {data['space']} is blank: the brawl goes on.")

    def on_game_ended(self, event, data) -> None:
        self.close_pending()
        pirate = self.state.data.board.pirate
        value = self.state.options["pirate.chest_value"]
        parts = []
        for t in data["totals"]:
            seats = _and([self.player(s) for s in t["seats"]])
            label = f"crew {'AB'[t['team']]} ({seats})" if pirate else seats
            detail = f"{t['reputation']} reputation"
            if pirate:
                detail += f" + {t['chests']} chest{'s' if t['chests'] != 1 else ''} × {value}"
            if t.get("bonus"):
                detail += f" + {t['bonus']} for a smaller crew"
            parts.append(f"{label} {t['total']} ({detail})")
        self.say("Final score: " + "; ".join(parts) + ".")
        winners = data["winners"]
        teams = sum(1 for t in data["totals"] if set(t["seats"]) & set(winners))
        if not winners:
            self.say("Nobody wins.")
        elif teams > 1:
            self.say(f"A shared victory: {_and([self.player(s) for s in winners])}.")
        else:
            self.say(f"{_and([self.player(s) for s in winners])} win{'s' if len(winners) == 1 else ''}.")

    def on_seat_resigned(self, event, data) -> None:
        self.close_pending()
        mine = [self.who(c.id) for c in self.state.chars if c.seat == data["seat"] and not c.out]
        leave = "leaves" if len(mine) == 1 else "leave"
        self.say(f"{self.player(data['seat'])} resigned" + (f": {_and(mine)} {leave} the brawl." if mine else "."))

    # --- what the rules did by themselves between events -------------------------------------------------

    def after(self, before: State, event) -> None:
        after = self.state
        if event.type == "character_drawn":
            cid = event.data["character"]
            self.boast_paid(before, after, cid)
            if after.drawn != cid or after.phase not in ("reveal", "drawn_return", "choose"):
                self.drawn_without_card(before, after, cid)
        if after.space != before.space and after.phase != "over":
            self.close_pending()
            active = [self.who(c.id) for c in after.chars if c.time == after.space and not c.out]
            who = f": {_and(active)} {'is' if len(active) == 1 else 'are'} Active" if active else ""
            self.say(f"The time marker moves to space {after.space}{who}.")

    def drawn_without_card(self, before: State, after: State, cid: str) -> None:
        """A draw that only recovers status tokens (or rests): evolve did it without an event."""
        old, new = before.char(cid), after.char(cid)
        tokens = [t for t in old.plan if t.startswith("!")]
        if tokens:
            self.pending += ", " + _and([{"!fallen": "stands up", "!dazed": "shakes off the daze"}[t] for t in tokens])
        else:
            self.pending += " and rests"
        self.pending += f"; its token moves to space {new.time}"
        self.close_pending()

    def boast_paid(self, before: State, after: State, cid) -> None:
        gain = after.char(cid).rep - before.char(cid).rep
        if gain > 0:
            self.pending += f" (its {'Flourish' if 'flourish' in {d.card for d in before.char(cid).durations} else 'Boast'}" \
                            f" pays {gain} reputation)"


class _Effects:
    """One card's happenings (World.facts) as clauses, grouped by who they happen to."""

    def __init__(self, teller: _Teller, active: str, card, facts):
        self.t = teller
        self.active = active
        self.card = card
        self.facts = facts
        self.clauses: list[tuple[str, str]] = []  # (subject, predicate)

    def add(self, subject: str, predicate: str) -> None:
        self.clauses.append((subject, predicate))

    def text(self) -> str:
        facts = self.facts
        walked = [f for f in facts if f[0] == "walks"]
        if not walked and any(step[0] in ("walk", "walk_ahead") for step in self.card.effect):
            self.add(self.t.who(self.active), "stays where it is")
        for i, fact in enumerate(facts):
            kind = fact[0]
            if kind == "walks":
                if fact is walked[-1]:
                    self.add(self.t.who(fact[1]), f"moves to {self.t.square(fact[2])}")
            else:
                getattr(self, f"fact_{kind}")(*fact[1:])
        if not self.clauses:
            if self.card.duration == "next_draw":
                return f"it stays face up until the {display_name(self.active)} is drawn again"
            if self.card.duration == "next_action":
                return f"it stays face up until the end of the {display_name(self.active)}'s next action"
            return "it hits nobody" if any(step[0] == "hit" for step in self.card.effect) else "nothing happens"
        return _group(self.clauses, self.t.who(self.active))

    def name(self, cid) -> str:
        return self.t.who(cid) if cid else "the box"

    def thing(self, obj) -> str:
        return OBJECTS.get(kind_of(obj), "it")

    def fact_faces(self, cid, facing):
        self.add(self.t.who(cid), f"faces {DIRECTIONS[facing]}")

    def fact_jumps(self, cid, square):
        self.add(self.t.who(cid), f"jumps to {self.t.square(square)}")

    def fact_lands(self, cid, square):
        self.add(self.t.who(cid), f"lands on {self.t.square(square)}")

    def fact_lose(self, victim, amount, receiver, nominal):
        if nominal <= 0:
            self.add(self.t.who(victim), "loses nothing")
        elif amount == 0:
            self.add(self.t.who(victim), "has no reputation left to lose")
        else:
            self.add(self.t.who(victim), f"loses {amount} to {self.name(receiver)}")

    def fact_slams(self, victim):
        self.add(self.t.who(victim), "slams into something in the way")

    def fact_dazed(self, cid):
        self.add(self.t.who(cid), "is dazed")

    def fact_falls(self, cid, returned):
        self.add(self.t.who(cid), "falls" + (" (a planned card goes back to hand)" if returned else ""))

    def fact_forced(self, cid, direction, square, mode):
        self.add(self.t.who(cid), f"{FORCED.get(mode, 'is moved')} {DIRECTIONS[direction]} to {self.t.square(square)}")

    def fact_overboard(self, cid, pay, receiver, carried):
        lost = ""
        if carried == "flagon":
            lost = f" with the Flagon (which goes back to {self.t.square(self.t.state.data.board.centre)})"
        elif carried:
            lost = f" with {self.thing(carried)}, which is lost"
        self.add(self.t.who(cid), f"goes overboard{lost}, pays {pay} to {self.name(receiver)} and takes its planned "
                                  "cards back")

    def fact_flagon_reset(self, square):
        self.add("the Flagon", f"goes back to {self.t.square(square)}")

    def fact_object_gone(self, obj):
        self.add(self.thing(obj), "leaves the game")

    def fact_drop_chest(self, cid, chest, square):
        self.add(self.t.who(cid), f"drops its Treasure Chest on {self.t.square(square)}")

    def fact_takes(self, cid, obj):
        self.add(self.t.who(cid), f"picks up {self.thing(obj)}")

    def fact_drops(self, cid, obj):
        self.add(self.t.who(cid), f"puts down {self.thing(obj)}")

    def fact_throws(self, cid, obj, facing):
        self.add(self.t.who(cid), f"throws {self.thing(obj)} {DIRECTIONS[facing]}")

    def fact_hurls(self, cid, obj, direction):
        self.add(self.t.who(cid), f"hurls {self.thing(obj)} {DIRECTIONS[direction]} by magic")

    def fact_flies_at(self, obj, victim):
        self.add(self.thing(obj), f"flies at {self.t.who(victim)}")

    def fact_deflects(self, victim, obj):
        self.add(self.t.who(victim), f"deflects {self.thing(obj)} and catches it")

    def fact_ripostes(self, victim):
        self.add(self.t.who(victim), "ripostes")

    def fact_dodges(self, victim):
        self.add(self.t.who(victim), "dodges")

    def fact_steals(self, cid, obj, victim):
        self.add(self.t.who(cid), f"steals {self.thing(obj)} from {self.t.who(victim)}")

    def fact_barrel_hits(self, barrel, victim):
        self.add("the barrel", f"hits {self.t.who(victim)}")

    def fact_barrel_rolls(self, barrel, square):
        self.add("the barrel", f"rolls to {self.t.square(square)}")

    def fact_table_stuck(self, tid):
        self.add(_table(tid), "does not move")

    def fact_table_moves(self, tid, direction):
        self.add(_table(tid), f"moves {DIRECTIONS[direction]}")

    def fact_table_sinks(self, tid):
        self.add(_table(tid), "is wholly over the water and sinks")

    def fact_shoved(self, cid, square):
        self.add(self.t.who(cid), f"is shoved to {self.t.square(square)}")

    def fact_slides(self, obj, square):
        self.add(self.thing(obj), f"slides to {self.t.square(square)}")

    def fact_gain(self, cid, n):
        self.add(self.t.who(cid), f"gains {n} reputation")

    def fact_unlock(self, cid):
        self.add(self.t.who(cid), "unlocks its Dragon card")

    def fact_familiar(self, square):
        self.add("the familiar", f"appears on {self.t.square(square)}")

    def fact_clears(self, cid):
        self.add(self.t.who(cid), "is cleared of its status tokens")


WHIFFS = {
    "character_ahead": "nobody is ahead", "no_character_ahead": "someone stands right ahead",
    "landing_ahead": "the square ahead is blocked", "holds_throwable": "it holds nothing it may throw",
    "floor_table_ahead": "no table ahead of it on the floor", "floor_rug_ahead": "no rug ahead of it on the floor",
    "floor_barrel_ahead": "no barrel ahead of it on the floor", "swing": "it is not on a table",
    "line": "nobody in line", "table_within": "no table in reach", "familiar_out": "its familiar is not out",
    "object_within": "no loose object in reach", "lunge": "nobody exactly two squares ahead with the way clear",
    "front_holds": "the character ahead holds nothing",
}


def _whiff_reason(world: World, cid: str, card) -> str:
    """Why a revealed card did nothing, from the public board (spec 10: a card whiffs)."""
    for requirement in card.requires:
        if not requirement_met(world, cid, requirement):
            return WHIFFS.get(requirement.partition(":")[0], "it cannot be used here")
    if card.kind == "dragon" and world.opts["dragon.unlock"] == "while_holding":
        return "it does not hold the Flagon"
    if card.choices and card.choices[0][0] == "pick_up":
        return "nothing to pick up or put down"
    return "no square it may end on"


def _group(clauses, active_name: str) -> str:
    """Clauses with the same subject in a row share it: 'the Rogue loses 2 to the Monk and is knocked
    east to g8'; the acting character is 'it'."""
    groups: list[tuple[str, list[str]]] = []
    for subject, predicate in clauses:
        if groups and groups[-1][0] == subject:
            groups[-1][1].append(predicate)
        else:
            groups.append((subject, [predicate]))
    return "; ".join(f"{'it' if subject == active_name else subject} {_and(predicates)}" for subject, predicates in groups)


def _table(tid: str) -> str:
    return f"table {tid[len('table'):]}"


def _and(items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _count(n: int) -> str:
    return {2: "two", 3: "three"}.get(n, str(n))
