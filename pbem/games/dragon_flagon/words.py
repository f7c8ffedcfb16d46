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

Each line is a Phrase (pbem/games/base.py): English message ids with their values (names, squares and
numbers as they are; characters, cards, objects and directions as phrases of phrases.py), put in the
reader's language when read (issue 26). A sentence still open (the drawn character's) is a list of parts
with plain punctuation between them, joined when it closes.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import N_, Phrase, capitalised, counted, joined, listed, said
from .cards import finish_card, requirement_met, resolve
from .geometry import square_name
from .phrases import (CANNOT, FORCED, IT, MOVED, NO_FLAGON, NO_SQUARE, NOTHING_TO_PICK, OBJECTS, STATUS_WORDS, THE_BOX,
                      THE_FAMILIAR, WHIFFS, between, card_phrase, character, direction, some_cards)
from .rules import evolve, parse_choices
from .state import State
from .world import World, kind_of

UNSEEN = "?"  # a face-down card the reader cannot see


def describe(before: State, events, seat, names) -> list[Phrase]:
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
        self.lines: list[Phrase] = []
        self.pending: list = []  # the sentence about the drawn character, still open: phrases and punctuation
        self.plans: list = []  # consecutive card_planned events of one seat and character

    # --- names ------------------------------------------------------------------------------------

    def player(self, seat) -> Phrase | str:
        seat = int(seat)
        return self.names[seat] if seat < len(self.names) and self.names[seat] else said("Seat %(n)s", n=seat + 1)

    def who(self, cid: str) -> Phrase:
        return character(cid)

    def owned(self, cid: str) -> Phrase:
        """'the Monk (Ann)'."""
        return said("%(character)s (%(player)s)", character=self.who(cid), player=self.player(self.state.char(cid).seat))

    def square(self, square) -> str:
        if isinstance(square, str):
            return square
        board = self.state.data.board
        return square_name(square, board.rows, board.cols)

    def card(self, card_id: str) -> Phrase | str:
        return card_phrase(card_id, self.state.data.cards[card_id].name)

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

    def say(self, line: Phrase) -> None:
        # a line that begins with a player's name begins with a capital, whatever the name
        self.lines.append(capitalised(line) if line.id.startswith("%(") else line)

    def extend(self, separator: str, part) -> None:
        """The open sentence goes on: `separator` (plain punctuation) then `part`."""
        self.pending += [separator, part]

    def close_pending(self, tail: str = ".") -> None:
        if self.pending:
            self.say(capitalised(joined(*self.pending, tail)))
            self.pending = []

    def finish(self) -> list[Phrase]:
        self.flush_plans()
        if self.pending:
            c = self.state.char(self.state.drawn) if self.state.drawn else None
            if c is not None and self.state.phase == "choose":
                self.extend("; ", said("%(player)s chooses how to play it", player=self.player(c.seat)))
            elif c is not None and self.state.phase == "drawn_return":
                self.extend(", ", said("back from the water; %(player)s chooses where it climbs aboard",
                                       player=self.player(c.seat)))
            self.close_pending()
        return self.lines

    def on_game_started(self, event, data) -> None:
        teams = data["teams"]
        deal = data["deal"]
        board = data["data"]["board"]["id"]
        parts = []
        for index, seats in enumerate(teams):
            crew = between([said("%(player)s with %(characters)s", player=self.player(s),
                                 characters=listed([self.who(c) for c in deal.get(str(s), [])]) if deal.get(str(s))
                                 else N_("nobody")) for s in seats], ", ")
            if board == "pirate" and len(teams) == 2:
                label = said("Crew A (west ship)") if index == 0 else said("Crew B (east ship)")
            else:
                label = said("Team %(n)s", n=index + 1)
            parts.append(said("%(team)s: %(crew)s", team=label, crew=crew))
        crews = between(parts, "; ")
        self.say(said("The brawl begins on the two pirate ships. %(crews)s.", crews=crews) if board == "pirate"
                 else said("The brawl begins in the tavern. %(crews)s.", crews=crews))
        if data.get("placement_order") and data["options"].get("setup.placement") == "choose":
            self.say(said("Standees go on in this order: %(characters)s.",
                          characters=listed([self.who(c) for c in data["placement_order"]])))
        spaces = sorted(t["space"] for t in data["game_end"])
        if data["options"].get("position"):
            self.say(said("The game starts from a set position, on space %(space)s.",
                          space=data["options"]["position"].get("space", 0)))
        self.say(said("Four Game End tokens lie face down on spaces %(first)s to %(last)s; one shows the City Watch.",
                      first=spaces[0], last=spaces[-1])
                 if len(spaces) == 4 and spaces[-1] - spaces[0] == 3 else
                 said("Four Game End tokens lie face down on spaces %(spaces)s.", spaces=listed([str(s) for s in spaces])))

    def on_standee_placed(self, event, data) -> None:
        cid = data["character"]
        where = said("on %(square)s, facing %(direction)s", square=data["square"], direction=direction(data["facing"]))
        by_seat = event.actor.isdigit()
        if data["reason"] == "setup":
            self.say(said("%(player)s placed %(character)s %(where)s.", player=self.player(event.actor),
                          character=self.who(cid), where=where) if by_seat
                     else capitalised(said("%(who)s is placed %(where)s.", who=self.owned(cid), where=where)))
        elif self.pending and self.state.drawn == cid:
            self.extend(", ", said("climbs back aboard %(where)s", where=where))
        elif by_seat:
            self.say(said("%(player)s put %(character)s back aboard %(where)s.", player=self.player(event.actor),
                          character=self.who(cid), where=where))
        else:
            self.say(capitalised(said("%(who)s climbs back aboard %(where)s.", who=self.owned(cid), where=where)))

    def on_card_planned(self, event, data) -> None:
        if self.plans and (self.plans[0].actor, self.plans[0].data["character"]) != (event.actor, data["character"]):
            self.flush_plans()
        self.plans.append(event)

    def flush_plans(self) -> None:
        if not self.plans:
            return
        first = self.plans[0]
        cards = [e.data.get("card") for e in self.plans]
        what = listed([self.card(c) for c in cards]) if all(cards) else some_cards(len(cards))
        args = {"player": self.player(first.actor), "what": what, "character": self.who(first.data["character"])}
        self.say(said("%(player)s planned %(what)s for %(character)s after going overboard.", **args)
                 if first.data.get("reason") == "overboard" else said("%(player)s planned %(what)s for %(character)s.", **args))
        self.plans = []

    def on_character_drawn(self, event, data) -> None:
        self.close_pending()
        self.pending = [said("%(who)s is drawn", who=self.owned(data["character"]))]

    def on_card_revealed(self, event, data) -> None:
        cid = data["character"]
        if self.pending and self.state.drawn == cid:
            self.extend(" ", said("and reveals %(card)s", card=self.card(data["card"])))
        else:
            self.close_pending()
            self.pending = [said("%(who)s reveals %(card)s", who=self.owned(cid), card=self.card(data["card"]))]

    def on_card_resolved(self, event, data) -> None:
        cid, card_id = data["character"], data["card"]
        card = self.state.data.cards[card_id]
        if not self.pending:
            self.pending = [said("%(player)s plays %(character)s's %(card)s", player=self.player(event.actor),
                                 character=self.who(cid), card=self.card(card_id)) if event.actor.isdigit()
                            else said("%(who)s plays %(card)s", who=self.owned(cid), card=self.card(card_id))]
        if data.get("whiff"):
            effect = said("it whiffs (%(reason)s)", reason=_whiff_reason(World(self.state, active=cid, card=card), cid, card))
        else:
            world = World(self.state, active=cid, card=card)
            resolve(world, cid, card, parse_choices(self.state, data.get("choices", {})))
            finish_card(world, cid, card)
            effect = _Effects(self, cid, card, world.facts).text()
        time = self.state.char(cid).time + card.time
        self.extend(": ", effect)
        self.extend(". ", capitalised(said("%(character)s's token moves to space %(space)s", character=self.who(cid),
                                           space=time)))
        self.close_pending()

    def on_game_end_revealed(self, event, data) -> None:
        self.close_pending()
        if data["face"] == "watch":
            self.say(said("The Game End token on space %(space)s shows the City Watch: the brawl is over.",
                          space=data["space"]))
        else:
            self.say(said("The Game End token on space %(space)s is blank: the brawl goes on.", space=data["space"]))

    def on_game_ended(self, event, data) -> None:
        self.close_pending()
        pirate = self.state.data.board.pirate
        value = self.state.options["pirate.chest_value"]
        parts = []
        for t in data["totals"]:
            seats = listed([self.player(s) for s in t["seats"]])
            label = said("crew %(crew)s (%(players)s)", crew="AB"[t["team"]], players=seats) if pirate else seats
            detail: list = [said("%(n)s reputation", n=t["reputation"])]
            if pirate:
                detail += [" ", counted("+ %(n)s chest × %(value)s", "+ %(n)s chests × %(value)s", t["chests"],
                                        value=value)]
            if t.get("bonus"):
                detail += [" ", said("+ %(n)s for a smaller crew", n=t["bonus"])]
            parts.append(said("%(team)s %(total)s (%(detail)s)", team=label, total=t["total"], detail=joined(*detail)))
        self.say(said("Final score: %(scores)s.", scores=between(parts, "; ")))
        winners = data["winners"]
        teams = sum(1 for t in data["totals"] if set(t["seats"]) & set(winners))
        players = listed([self.player(s) for s in winners])
        if not winners:
            self.say(N_("Nobody wins."))
        elif teams > 1:
            self.say(said("A shared victory: %(players)s.", players=players))
        else:
            self.say(counted("%(players)s wins.", "%(players)s win.", len(winners), players=players))

    def on_seat_resigned(self, event, data) -> None:
        self.close_pending()
        mine = [self.who(c.id) for c in self.state.chars if c.seat == data["seat"] and not c.out]
        player = self.player(data["seat"])
        self.say(counted("%(player)s resigned: %(characters)s leaves the brawl.",
                         "%(player)s resigned: %(characters)s leave the brawl.", len(mine), player=player,
                         characters=listed(mine)) if mine else said("%(player)s resigned.", player=player))

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
            self.say(counted("The time marker moves to space %(space)s: %(characters)s is Active.",
                             "The time marker moves to space %(space)s: %(characters)s are Active.", len(active),
                             space=after.space, characters=listed(active)) if active
                     else said("The time marker moves to space %(space)s.", space=after.space))

    def drawn_without_card(self, before: State, after: State, cid: str) -> None:
        """A draw that only recovers status tokens (or rests): evolve did it without an event."""
        old, new = before.char(cid), after.char(cid)
        tokens = [t for t in old.plan if t.startswith("!")]
        if tokens:
            self.extend(", ", listed([STATUS_WORDS[t] for t in tokens]))
        else:
            self.extend(" ", N_("and rests"))
        self.extend("; ", said("its token moves to space %(space)s", space=new.time))
        self.close_pending()

    def boast_paid(self, before: State, after: State, cid) -> None:
        gain = after.char(cid).rep - before.char(cid).rep
        if gain > 0:
            card = "flourish" if "flourish" in {d.card for d in before.char(cid).durations} else "boast"
            self.extend(" (", said("its %(card)s pays %(n)s reputation", card=self.card(card), n=gain))
            self.pending.append(")")


class _Effects:
    """One card's happenings (World.facts) as clauses, grouped by who they happen to."""

    def __init__(self, teller: _Teller, active: str, card, facts):
        self.t = teller
        self.active = active
        self.card = card
        self.facts = facts
        self.clauses: list[tuple[Phrase, Phrase]] = []  # (subject, predicate)

    def add(self, subject: Phrase, predicate: Phrase) -> None:
        self.clauses.append((subject, predicate))

    def text(self) -> Phrase:
        facts = self.facts
        walked = [f for f in facts if f[0] == "walks"]
        if not walked and any(step[0] in ("walk", "walk_ahead") for step in self.card.effect):
            self.add(self.t.who(self.active), N_("stays where it is"))
        for fact in facts:
            kind = fact[0]
            if kind == "walks":
                if fact is walked[-1]:
                    self.add(self.t.who(fact[1]), said("moves to %(square)s", square=self.t.square(fact[2])))
            else:
                getattr(self, f"fact_{kind}")(*fact[1:])
        if not self.clauses:
            if self.card.duration == "next_draw":
                return said("it stays face up until %(character)s is drawn again", character=self.t.who(self.active))
            if self.card.duration == "next_action":
                return said("it stays face up until the end of %(character)s's next action",
                            character=self.t.who(self.active))
            return N_("it hits nobody") if any(step[0] == "hit" for step in self.card.effect) else N_("nothing happens")
        return _group(self.clauses, self.t.who(self.active))

    def name(self, cid) -> Phrase:
        return self.t.who(cid) if cid else THE_BOX

    def thing(self, obj) -> Phrase:
        return OBJECTS.get(kind_of(obj), IT)

    def sq(self, square) -> str:
        return self.t.square(square)

    def fact_faces(self, cid, facing):
        self.add(self.t.who(cid), said("faces %(direction)s", direction=direction(facing)))

    def fact_jumps(self, cid, square):
        self.add(self.t.who(cid), said("jumps to %(square)s", square=self.sq(square)))

    def fact_lands(self, cid, square):
        self.add(self.t.who(cid), said("lands on %(square)s", square=self.sq(square)))

    def fact_lose(self, victim, amount, receiver, nominal):
        if nominal <= 0:
            self.add(self.t.who(victim), N_("loses nothing"))
        elif amount == 0:
            self.add(self.t.who(victim), N_("has no reputation left to lose"))
        else:
            self.add(self.t.who(victim), said("loses %(n)s to %(receiver)s", n=amount, receiver=self.name(receiver)))

    def fact_slams(self, victim):
        self.add(self.t.who(victim), N_("slams into something in the way"))

    def fact_dazed(self, cid):
        self.add(self.t.who(cid), N_("is dazed"))

    def fact_falls(self, cid, returned):
        self.add(self.t.who(cid), N_("falls (a planned card goes back to hand)") if returned else N_("falls"))

    def fact_forced(self, cid, way, square, mode):
        self.add(self.t.who(cid), replace(FORCED.get(mode, MOVED), args={"direction": direction(way),
                                                                        "square": self.sq(square)}))

    def fact_overboard(self, cid, pay, receiver, carried):
        args = {"n": pay, "receiver": self.name(receiver)}
        if carried == "flagon":
            what = said("goes overboard with the Flagon (which goes back to %(square)s), pays %(n)s to %(receiver)s "
                         "and takes its planned cards back", square=self.sq(self.t.state.data.board.centre), **args)
        elif carried:
            what = said("goes overboard with %(thing)s, which is lost, pays %(n)s to %(receiver)s and takes its "
                         "planned cards back", thing=self.thing(carried), **args)
        else:
            what = said("goes overboard, pays %(n)s to %(receiver)s and takes its planned cards back", **args)
        self.add(self.t.who(cid), what)

    def fact_flagon_reset(self, square):
        self.add(OBJECTS["flagon"], said("goes back to %(square)s", square=self.sq(square)))

    def fact_object_gone(self, obj):
        self.add(self.thing(obj), N_("leaves the game"))

    def fact_drop_chest(self, cid, chest, square):
        self.add(self.t.who(cid), said("drops its Treasure Chest on %(square)s", square=self.sq(square)))

    def fact_takes(self, cid, obj):
        self.add(self.t.who(cid), said("picks up %(thing)s", thing=self.thing(obj)))

    def fact_drops(self, cid, obj):
        self.add(self.t.who(cid), said("puts down %(thing)s", thing=self.thing(obj)))

    def fact_throws(self, cid, obj, facing):
        self.add(self.t.who(cid), said("throws %(thing)s %(direction)s", thing=self.thing(obj), direction=direction(facing)))

    def fact_hurls(self, cid, obj, way):
        self.add(self.t.who(cid), said("hurls %(thing)s %(direction)s by magic", thing=self.thing(obj),
                                       direction=direction(way)))

    def fact_flies_at(self, obj, victim):
        self.add(self.thing(obj), said("flies at %(character)s", character=self.t.who(victim)))

    def fact_deflects(self, victim, obj):
        self.add(self.t.who(victim), said("deflects %(thing)s and catches it", thing=self.thing(obj)))

    def fact_ripostes(self, victim):
        self.add(self.t.who(victim), N_("ripostes"))

    def fact_dodges(self, victim):
        self.add(self.t.who(victim), N_("dodges"))

    def fact_steals(self, cid, obj, victim):
        self.add(self.t.who(cid), said("steals %(thing)s from %(character)s", thing=self.thing(obj),
                                       character=self.t.who(victim)))

    def fact_barrel_hits(self, barrel, victim):
        self.add(OBJECTS["barrel"], said("hits %(character)s", character=self.t.who(victim)))

    def fact_barrel_rolls(self, barrel, square):
        self.add(OBJECTS["barrel"], said("rolls to %(square)s", square=self.sq(square)))

    def fact_table_stuck(self, tid):
        self.add(_table(tid), N_("does not move"))

    def fact_table_moves(self, tid, way):
        self.add(_table(tid), said("moves %(direction)s", direction=direction(way)))

    def fact_table_sinks(self, tid):
        self.add(_table(tid), N_("is wholly over the water and sinks"))

    def fact_shoved(self, cid, square):
        self.add(self.t.who(cid), said("is shoved to %(square)s", square=self.sq(square)))

    def fact_slides(self, obj, square):
        self.add(self.thing(obj), said("slides to %(square)s", square=self.sq(square)))

    def fact_gain(self, cid, n):
        self.add(self.t.who(cid), said("gains %(n)s reputation", n=n))

    def fact_unlock(self, cid):
        self.add(self.t.who(cid), N_("unlocks its Dragon card"))

    def fact_familiar(self, square):
        self.add(THE_FAMILIAR, said("appears on %(square)s", square=self.sq(square)))

    def fact_clears(self, cid):
        self.add(self.t.who(cid), N_("is cleared of its status tokens"))


def _whiff_reason(world: World, cid: str, card) -> Phrase:
    """Why a revealed card did nothing, from the public board (spec 10: a card whiffs)."""
    for requirement in card.requires:
        if not requirement_met(world, cid, requirement):
            return WHIFFS.get(requirement.partition(":")[0], CANNOT)
    if card.kind == "dragon" and world.opts["dragon.unlock"] == "while_holding":
        return NO_FLAGON
    if card.choices and card.choices[0][0] == "pick_up":
        return NOTHING_TO_PICK
    return NO_SQUARE


def _group(clauses, active: Phrase) -> Phrase | str:
    """Clauses with the same subject in a row share it: 'the Rogue loses 2 to the Monk and is knocked
    east to g8'; the acting character is 'it'."""
    groups: list[tuple[Phrase, list[Phrase]]] = []
    for subject, predicate in clauses:
        if groups and groups[-1][0] == subject:
            groups[-1][1].append(predicate)
        else:
            groups.append((subject, [predicate]))
    return between([said("%(subject)s %(predicates)s", subject=IT if subject == active else subject,
                         predicates=listed(predicates)) for subject, predicates in groups], "; ")


def _table(tid: str) -> Phrase:
    return said("table %(n)s", n=tid[len("table"):])
