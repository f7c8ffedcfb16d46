"""The game told in words (`describe`) and which events show something new (`reveals`).

`describe(before, events, seat, names)` tells one append (a command and the automatic steps it caused)
to one reader. The events come already redacted for that reader (view.redact), so a line can only say
what the reader may know: a hidden card is counted, never named. From `before` only public facts are
read (ships, cargo, Docks, Safety Zones, the pending decision), and it is kept up to date by applying
the public effects (treasure, value cards, ships, the pending queue) as the story goes on.

A command opens with a line of its own (a sail, a trade, an answer); the facts it caused follow as
their effects are told: fights with both strengths as far as the reader may know, chance cards by
their names and what they did, cards and treasure that changed hands. The automatic end of a turn is
folded away. The last line says whose decision the game now waits for, when that changed.

Each line is a Phrase (pbem/games/base.py): English message ids with their values, put in the reader's
language when read; names, squares, numbers and moves stay as the rules write them. A line carries only
the values its reader may know (the events are redacted already).
"""

from __future__ import annotations

from pbem.games.base import N_, RULES, Event, InvalidMove, Phrase, capitalised, counted, said

from .board import PORT_AT, PORT_SQUARE, PORTS, step
from .cards import CURRENCY, CUT_CARDS, EITHER_CARDS, VALUE_CARDS, treasure_value
from .notation import Move, parse_move
from .phrases import (CHANCE_WORDS, DIRECTION_WORDS, FLAT_ISLAND, MUST_DECIDE, NO_CHOICE, NOTHING_TO_DO, ORDER_WORDS,
                      WAITING, between, card_name, crew_card, crew_list, crew_phrase, filled, items_phrase, join,
                      kept_card, place, port_name, possessive, sailed_squares, store_name, treasure_parts,
                      treasure_phrase)
from .state import State, apply, item_to_json

# Effects that every seat sees whole (spec 17.1): the story applies them to its public copy of the state.
PUBLIC_KINDS = {"treasure", "vcard", "ship", "msa", "turn", "phase", "push", "pop", "drop", "answered", "cut",
                "redeemed", "resigned", "over"}
# Chance-card events, fights and hidden cards passing to a new holder tell some seat something new.
REVEALING_KINDS = {"cut", "decks", "deal", "draw", "fight", "swap"}


def reveals(event: Event) -> bool:
    """True when the event lets some seat know what it could not know before: the dealer cut, a
    shuffle, the deal, a chance card drawn, a fight (both crews shown to the fighters), a blind swap,
    crew cards taken from the face-down Pirate Island deck, or hidden cards passed to another hand."""
    for effect in event.data.get("effects", ()):
        kind = effect.get("k")
        if kind in REVEALING_KINDS:
            return True
        if kind == "crew" and effect.get("to", "").startswith("hand:") and (
                effect.get("from") == "pirate" or effect.get("from", "").startswith("hand:")):
            return True
    return False


# --- the story of one append ---------------------------------------------------------------------------


class Story:
    """Tells the events of one append in order; `lines` is the result."""

    def __init__(self, before: State, seat: int | None, names):
        self.public = before  # only its public parts are read (module docstring)
        self.reader = seat
        self.names = list(names or ())
        self.lines: list[Phrase] = []
        self.first_front = self.front_json()
        self.kind = ""  # the decision the current event answers ("" for a turn's own move)
        self.card = 0  # the chance card most recently drawn, for the words of its effects
        self.front_card = 0  # the card of the decision the current event answers
        self.sailing: int | None = None  # the seat whose sail goes on after an interruption
        self.attack_told = False  # the coming fight's attack has a line already

    # who and where

    def name(self, seat) -> Phrase | str:
        seat = int(seat)
        if 0 <= seat < len(self.names) and str(self.names[seat]).strip():
            return str(self.names[seat])
        if 0 <= seat < len(self.public.home_ports):
            return port_name(self.public.home_ports[seat])
        return said("seat %(number)s", number=seat + 1)

    def owner(self, where: str) -> Phrase | str:
        """A store's holder: `hand:2` is seat 2; a home port's Docks belongs to its seat."""
        kind, _, key = where.partition(":")
        if kind in ("hand", "ship", "held"):
            return self.name(key)
        port = self.public.seat_of_port(key) if kind in ("docks", "safety") else None
        return self.name(port) if port is not None else store_name(where)

    def at(self, seat: int):
        return self.public.ships[seat].at

    def front(self):
        return self.public.pending[0] if self.public.pending else None

    def front_json(self):
        front = self.front()
        return item_to_json(front) if front else None

    def say(self, line: Phrase) -> None:
        """A line; one that begins with a value (a count, "a diamond") gets its capital in any language."""
        self.lines.append(line if line.id[:1].isupper() else capitalised(line))

    # events

    def tell(self, event: Event) -> None:
        data = dict(event.data)
        front = self.front()
        self.kind = front.kind if front else ""
        self.front_card = front.card if front else 0
        self.card = 0
        handler = getattr(self, f"on_{event.type}", None)
        skip = handler(event, data) if handler else set()
        self.effects(data.get("effects", ()), skip or set())

    def on_game_started(self, event, data):
        ports = data.get("home_ports") or self.public.home_ports
        sails = join(said("%(who)s from %(port)s", who=self.name(s), port=port_name(p)) for s, p in enumerate(ports))
        if self.public.phase == "setup":
            self.say(said("A game of Buccaneer begins: %(sails)s.", sails=sails))
        else:
            self.say(said("A game of Buccaneer begins from a set position, round %(round)s: %(sails)s; "
                          "%(first)s moves first.", round=self.public.round, sails=sails,
                          first=self.name(self.public.turn)))
        return set()

    def on_dealer_cut(self, event, data):
        for effect in data.get("effects", ()):
            if effect["k"] == "cut":
                drawn = join(said("%(who)s %(number)s", who=self.name(s), number=n)
                             for s, n in enumerate(effect["numbers"]))
                self.say(said("Cut for the deal: %(drawn)s. %(dealer)s deals and moves first.", drawn=drawn,
                              dealer=self.name(effect["dealer"])))
        return set()

    def on_decks_shuffled(self, event, data):
        if self.public.phase == "setup":
            self.say(N_("The crew cards and the chance cards were shuffled face down."))
        else:
            self.say(N_("The crew cards and chance cards below those set out were shuffled face down."))
        return set()

    def on_crew_dealt(self, event, data):
        stocks: dict[str, list] = {}
        dealt = []
        for effect in data.get("effects", ()):
            if effect["k"] == "crew" and effect["to"].startswith("docks:"):
                stocks.setdefault(effect["to"], []).extend(crew_card(c) for c in effect.get("cards", ()))
            elif effect["k"] == "treasure" and effect["to"].startswith("docks:"):
                stocks.setdefault(effect["to"], []).extend(treasure_parts(effect["items"]))
            elif effect["k"] == "deal":
                counts = effect.get("counts", [])
                if counts and len(set(counts)) == 1:
                    each = counted("Each player was dealt %(n)s crew card face down",
                                   "Each player was dealt %(n)s crew cards face down", counts[0])
                else:
                    each = N_("Each player was dealt their crew cards face down")
                if effect.get("hand") is not None and self.reader is not None:
                    dealt.append(said("%(dealt)s; %(who)s's hand: %(hand)s.", dealt=each, who=self.name(self.reader),
                                      hand=join(crew_card(c) for c in effect["hand"])))
                else:
                    dealt.append(said("%(dealt)s.", dealt=each))
        if stocks:
            ports = [said("%(port)s %(stock)s", port=port_name(w[6:]), stock=join(parts)) for w, parts in stocks.items()]
            self.say(said("The ports were stocked: %(ports)s.", ports=between(ports, "; ")))
        for line in dealt:
            self.say(line)
        return {i for i, e in enumerate(data.get("effects", ())) if e["k"] in ("crew", "treasure", "deal", "ship")}

    def on_turn_began(self, event, data):
        return set()

    def on_standing_order(self, event, data):
        seat = data.get("seat", int(event.actor) if event.actor.isdigit() else 0)
        order = next((e.get("order") for e in data.get("effects", ()) if e["k"] == "order"), None)
        if order in ORDER_WORDS:
            self.say(said("%(who)s %(order)s.", who=self.name(seat), order=ORDER_WORDS[order]))
        else:
            self.say(said("%(who)s gave a new standing order (only %(who)s knows it).", who=self.name(seat)))
        return set()

    def on_rules_step(self, event, data):
        step_name = str(data.get("step", ""))
        front = self.front()
        if step_name.endswith("has no option") and front is not None:
            who = self.name(front.seats[0]) if front.seats else ""
            self.say(filled(NOTHING_TO_DO.get(front.kind, NO_CHOICE), who=who))
        elif step_name.startswith("swap dropped"):
            self.say(N_("The blind swap lapsed: the drawer has left the game."))
        return set()

    def on_resigned(self, event, data):
        self.say(said("%(who)s left the game; the crew, cargo and cards aboard go back.",
                      who=self.name(data.get("seat", 0))))
        return set()

    def on_move_played(self, event, data):
        seat = int(data.get("seat", event.actor if event.actor.isdigit() else 0))
        text = str(data.get("move") or "")
        if data.get("default"):
            self.say(said("For %(who)s, who is leaving the game:", who=self.name(seat)))
        if data.get("standing_order"):
            return self.standing_answer(seat, text)
        hidden = "seen_by" in data and self.reader not in data["seen_by"]
        try:
            move = parse_move(text)
        except InvalidMove:
            move = None  # a public summary of a secret move ("give 2 cards"): its effects tell the rest
        if move is None or (hidden and move.verb not in ("attack", "let pass")):
            return set()
        return self.opening(seat, move, data, automatic=event.actor == RULES)

    def standing_answer(self, seat: int, text: str):
        mover = self.front_mover()
        where = place(self.at(mover)) if mover is not None else N_("its square")
        if text == "attack":
            self.attack_told = True
            self.say(said("%(who)s attacks every ship that sails past (standing order), so %(who)s attacked "
                          "%(mover)s at %(where)s.", who=self.name(seat), mover=self.name(mover), where=where))
        else:
            self.say(said("%(who)s lets every ship sail past (standing order), so %(mover)s passed %(where)s.",
                          who=self.name(seat), mover=self.name(mover), where=where))
        return set()

    def front_mover(self):
        """The ship that sails on when an interception is answered (pending, or about to be pushed)."""
        front = self.front()
        if front is not None and front.kind == "intercept":
            return front.seat
        return self.sailing

    # the opening line of a command

    def opening(self, seat: int, move: Move, data: dict, automatic: bool) -> set:
        effects = list(data.get("effects", ()))
        verb = move.verb
        me = self.name(seat)
        free = self.kind == "free"
        if verb in ("sail", "drift", "turn"):
            return self.movement(seat, move, effects, free)
        if verb == "face":
            self.say(said("%(who)s's ship now faces %(direction)s.", who=me, direction=DIRECTION_WORDS[move.face]))
            return first_ship(effects, seat)
        if verb == "end":
            if not automatic:
                home = self.at(seat) == self.home_square(seat)
                self.say(said("%(who)s stayed in port.", who=me) if home and self.public.phase == "before"
                         else said("%(who)s ended the turn.", who=me))
            return set()
        if verb in ("attack", "let pass", "order"):
            return self.answer_passing(seat, move)
        if verb == "demand":
            loser = self.name(self.front().seat if self.front() is not None else seat)
            self.say(said("%(who)s demanded %(loser)s's treasure.", who=me, loser=loser) if move.word == "treasure"
                     else said("%(who)s demanded crew from %(loser)s.", who=me, loser=loser))
            return set()
        if verb == "keep":
            self.say(said("%(who)s kept %(what)s.", who=me, what=treasure_phrase(move.items)))
            return {i for i, e in enumerate(effects) if e["k"] == "treasure" and e["to"] == f"ship:{seat}"}
        if verb == "chance":
            return self.chance_answer(seat, move, effects)
        port = PORT_AT.get(tuple(self.at(seat) or ()))
        if verb == "trade":
            self.say(said("%(who)s traded %(given)s for %(taken)s at %(port)s.", who=me, given=items_phrase(move.items),
                          taken=items_phrase(move.take), port=port_name(port or "")))
        elif verb == "deposit":
            self.say(said("%(who)s left %(what)s in %(store)s.", who=me, what=items_phrase(move.items),
                          store=store_name("docks:" + (port or ""))))
        elif verb == "take":
            source = store_name("docks:" + port) if port else FLAT_ISLAND
            self.say(said("%(who)s took %(what)s from %(source)s.", who=me, what=items_phrase(move.items), source=source))
        elif verb == "land":
            self.say(said("%(who)s landed %(what)s on Flat Island.", who=me, what=items_phrase(move.items)))
        elif verb == "secure":
            self.say(said("%(who)s put %(what)s into %(store)s, where it stays for good.", who=me,
                          what=treasure_phrase(move.items), store=store_name("safety:" + (port or ""))))
        elif verb == "redeem":
            self.say(said("%(who)s redeemed a Kidd's Chart at Anchor Bay for %(what)s; the chart goes back under "
                          "the chance deck.", who=me, what=treasure_phrase(move.items)))
        else:
            return set()
        return {i for i, e in enumerate(effects) if e["k"] in ("crew", "treasure", "vcard")}

    def home_square(self, seat: int):
        return PORT_SQUARE[self.public.home(seat)]

    def movement(self, seat: int, move: Move, effects: list, free: bool) -> set:
        me = self.name(seat)
        start = self.at(seat)
        index = next((i for i, e in enumerate(effects) if e["k"] == "ship" and e["seat"] == seat), None)
        if index is None:
            return set()
        effect = effects[index]
        end, face = tuple(effect["at"]), effect.get("heading")
        facing = said(", facing %(direction)s", direction=DIRECTION_WORDS[face]) if face else ""
        lead = said("With the free move, %(who)s", who=me) if free else me
        if move.verb == "turn":
            self.say(said("%(lead)s turned on the spot at %(where)s to face %(direction)s.", lead=lead,
                          where=place(end), direction=DIRECTION_WORDS[move.face]))
            return {index}
        if move.verb == "drift":
            self.say(said("%(lead)s's crewless ship drifted one square %(direction)s to %(where)s%(facing)s.",
                          lead=lead, direction=DIRECTION_WORDS[move.dir], where=place(end), facing=facing))
            return {index}
        dest = step(start, move.dir, move.n)
        squares = sailed_squares(move.n, move.dir, start)
        self.sailing = seat
        if end != dest:
            blockers = [s for s in range(self.public.seats) if s != seat and self.at(s) == end
                        and not self.public.resigned[s]]
            ships = join(said("%(owner)s ship", owner=possessive(self.name(s))) for s in blockers)
            beside = said(" beside %(ships)s", ships=ships) if blockers else ""
            self.say(said("%(lead)s set out to sail %(squares)s towards %(dest)s, and had to stop at %(end)s%(beside)s.",
                          lead=lead, squares=squares, dest=place(dest), end=place(end), beside=beside))
        elif move.attack:
            defenders = [s for s in range(self.public.seats) if s != seat and self.at(s) == end
                         and not self.public.resigned[s]]
            self.say(said("%(lead)s sailed %(squares)s to %(end)s and attacked %(defenders)s.", lead=lead,
                          squares=squares, end=place(end), defenders=join(self.name(s) for s in defenders)))
            self.attack_told = True
        elif end in PORT_AT:
            self.say(said("%(lead)s sailed %(squares)s into %(end)s.", lead=lead, squares=squares, end=place(end)))
        else:
            self.say(said("%(lead)s sailed %(squares)s to %(end)s%(facing)s.", lead=lead, squares=squares,
                          end=place(end), facing=facing))
        return {index}

    def answer_passing(self, seat: int, move: Move) -> set:
        me = self.name(seat)
        front = self.front()
        mover = front.seat if front is not None and front.kind == "intercept" else None
        them = self.name(mover) if mover is not None else N_("the passing ship")
        self.sailing = mover
        where = place(self.at(mover)) if mover is not None else ""
        attack = move.verb == "attack" or move.word == "always attack"
        line = (said("%(who)s attacked %(them)s at %(where)s", who=me, them=them, where=where) if attack
                else said("%(who)s let %(them)s sail past", who=me, them=them))
        self.attack_told = attack
        if move.verb == "order":
            line = said("%(answer)s, and %(order)s", answer=line, order=ORDER_WORDS[move.word])
        self.say(said("%(line)s.", line=line))
        return set()

    def chance_answer(self, seat: int, move: Move, effects: list) -> set:
        me = self.name(seat)
        if move.word == "name":
            named = self.name(self.public.home_ports.index(move.name))
            if self.front_card == 2:
                self.say(said("%(who)s named %(named)s, who must hand over 3 crew cards.", who=me, named=named))
            else:
                self.say(said("%(who)s chose %(named)s's ship for the blind swap.", who=me, named=named))
        elif move.word == "treasure" and not move.items:
            self.say(said("No treasure fitted in %(who)s's hold.", who=me))
        return set()

    # effects

    def effects(self, effects, skip: set) -> None:
        for index, effect in enumerate(effects):
            if index not in skip:
                self.effect(effect, effects[index + 1:])
            if effect["k"] in PUBLIC_KINDS:
                self.public = apply(self.public, effect)

    def effect(self, effect: dict, rest: list) -> None:
        k = effect["k"]
        handler = getattr(self, f"effect_{k}", None)
        if handler:
            handler(effect, rest)

    def effect_crew(self, effect, rest):
        source, target = effect["from"], effect["to"]
        cards = effect.get("cards")
        crew = crew_phrase(cards, effect.get("n"))
        if source == "pirate" and target.startswith("hand:"):
            taker = self.owner(target)
            self.say(said("%(who)s took %(crew)s from Pirate Island in their place.", who=taker, crew=crew)
                     if self.card == 19 else said("%(who)s took %(crew)s from Pirate Island.", who=taker, crew=crew))
        elif source.startswith("hand:") and target == "pirate":
            if self.card == 10 or self.front_card == 10:
                if cards:
                    self.say(said("%(who)s's highest crew card, %(card)s, deserted to the bottom of Pirate Island.",
                                  who=self.owner(source), card=crew_card(cards[0])))
                else:
                    self.say(said("%(who)s's highest crew card deserted to the bottom of Pirate Island.",
                                  who=self.owner(source)))
            elif self.card == 19:
                self.say(said("%(who)s put the whole hand, %(crew)s, under Pirate Island.", who=self.owner(source), crew=crew))
            else:
                self.say(said("%(who)s returned %(crew)s to the bottom of Pirate Island.", who=self.owner(source), crew=crew))
        elif source.startswith("docks:") and target == "pirate":
            self.say(said("%(who)s returned %(crew)s from %(store)s to the bottom of Pirate Island.",
                          who=self.owner(source), crew=crew, store=store_name(source)))
        elif source.startswith("hand:") and target.startswith("hand:"):
            self.say(said("%(who)s gave %(taker)s %(crew)s.", who=self.owner(source), taker=self.owner(target), crew=crew))
        elif source.startswith("docks:") and target.startswith("hand:"):
            if self.kind == "levy":
                self.say(said("%(who)s gave %(taker)s %(crew)s from %(store)s.", who=self.owner(source),
                              taker=self.owner(target), crew=crew, store=store_name(source)))
            else:
                self.say(said("%(who)s took %(crew)s from %(store)s.", who=self.owner(target), crew=crew,
                              store=store_name(source)))
        elif source.startswith("hand:") and target == "flat":
            if self.kind == "lose" or self.card in (8, 9):
                if len(cards or ()) == 1 or effect.get("n") == 1:
                    self.say(said("%(crew)s from %(who)s's hand was washed ashore on Flat Island.", crew=crew,
                                  who=self.owner(source)))
                else:
                    self.say(said("%(crew)s from %(who)s's hand were washed ashore on Flat Island.", crew=crew,
                                  who=self.owner(source)))
            else:
                self.say(said("%(who)s landed %(crew)s on Flat Island.", who=self.owner(source), crew=crew))
        elif source == "flat" and target.startswith("hand:"):
            self.say(said("%(who)s took %(crew)s from Flat Island.", who=self.owner(target), crew=crew))
        else:
            self.say(said("%(crew)s went from %(source)s to %(target)s.", crew=crew, source=store_name(source),
                          target=store_name(target)))

    def effect_treasure(self, effect, rest):
        source, target, items = effect["from"], effect["to"], effect["items"]
        what = treasure_phrase(items)
        if source == "ti" and target.startswith("ship:"):
            self.say(said("%(who)s took %(what)s from Treasure Island.", who=self.owner(target), what=what))
        elif source.startswith("ship:") and target.startswith("ship:"):
            if self.kind == "wash":
                self.say(said("%(who)s gave %(what)s to %(taker)s's ship.", who=self.owner(source), what=what,
                              taker=self.owner(target)))
            else:
                self.say(said("%(who)s took %(what)s from %(loser)s's ship.", who=self.owner(target), what=what,
                              loser=self.owner(source)))
        elif target == "keep":
            keep = next((e["item"] for e in rest if e["k"] == "push" and e["item"]["kind"] == "keep"), None)
            if keep is not None and source != f"ship:{keep['seat']}":
                self.say(said("%(who)s took %(what)s from %(loser)s's ship, more than the hold can carry.",
                              who=self.name(keep["seat"]), what=what, loser=self.owner(source)))
        elif source == "keep" and target == "ti":
            self.say(said("The rest, %(what)s, went back to Treasure Island.", what=what))
        elif source == "keep":
            self.say(said("%(who)s kept %(what)s.", who=self.owner(target), what=what))
        elif source.startswith("ship:") and target == "flat":
            self.say(said("%(who)s lost %(what)s overboard to Flat Island.", who=self.owner(source), what=what))
        elif source == "flat" and target.startswith("ship:"):
            self.say(said("%(who)s picked up %(what)s from Flat Island.", who=self.owner(target), what=what))
        elif target.startswith("safety:"):
            self.say(said("%(what)s went into %(store)s.", what=what, store=store_name(target)))
        elif source.startswith("ship:") and target == "ti":
            self.say(said("%(who)s's cargo, %(what)s, went back to Treasure Island.", who=self.owner(source), what=what))
        else:
            self.say(said("%(what)s went from %(source)s to %(target)s.", what=what, source=self.place_of(source),
                          target=self.place_of(target)))

    def place_of(self, where: str) -> Phrase | str:
        kind, _, key = where.partition(":")
        if kind == "ship":
            return said("%(who)s's ship", who=self.name(key))
        return store_name(where)

    def effect_vcard(self, effect, rest):
        names = join(card_name(VALUE_CARDS[c]) for c in effect["cards"])
        source, target = effect["from"], effect["to"]
        if target == "deck":
            self.say(said("%(cards)s went back under the chance deck.", cards=names))
        elif source.startswith("held:"):
            self.say(said("%(who)s left %(cards)s in %(store)s.", who=self.owner(source), cards=names,
                          store=store_name(target)))
        else:
            self.say(said("%(who)s took %(cards)s from %(store)s.", who=self.owner(target), cards=names,
                          store=store_name(source)))

    def effect_draw(self, effect, rest):
        card, seat = effect["card"], effect["seat"]
        self.card = card
        line = said('%(who)s drew chance card %(card)s, "%(title)s"', who=self.name(seat), card=card,
                    title=CHANCE_WORDS[card])
        if effect.get("kept"):
            token = VALUE_CARDS[card]
            line = kept_card(line, token, CURRENCY[self.public.currency].get(token))
        self.say(said("%(line)s.", line=line))
        if card in (2, 7, 20, 22) and not any(e["k"] in ("push", "swap", "crew") for e in _until_next_draw(rest)):
            self.say(N_("It had no effect."))

    def effect_ship(self, effect, rest):
        seat = effect["seat"]
        where = tuple(effect["at"])
        face = effect.get("heading")
        if self.card in (1, 3, 4, 5, 6) and self.at(seat) != where:
            self.say(said("%(who)s's ship was blown to %(where)s.", who=self.name(seat), where=place(where)))
        elif self.at(seat) != where:
            facing = said(", facing %(direction)s", direction=DIRECTION_WORDS[face]) if face else ""
            self.say(said("%(who)s sailed on to %(where)s%(facing)s.", who=self.name(seat), where=place(where),
                          facing=facing))

    def effect_fight(self, effect, rest):
        attacker, defender = effect["attacker"], effect["defender"]
        a, d = self.name(attacker), self.name(defender)
        winner = {"attacker": a, "defender": d}.get(effect["result"])
        if not self.attack_told:
            self.say(said("%(attacker)s attacked %(defender)s at %(where)s.", attacker=a, defender=d,
                          where=place(effect["square"])))
        self.attack_told = False
        if "values" in effect and "hands" in effect:
            (ha, hd), (va, vd) = effect["hands"], effect["values"]
            crews = said("%(attacker)s crew (%(attacking)s) fought at %(a)s against %(defender)s (%(defending)s) at %(d)s",
                         attacker=possessive(a), attacking=crew_list(ha), a=va,
                         defender=possessive(d), defending=crew_list(hd), d=vd)
            self.say(said("%(crews)s: %(winner)s won.", crews=crews, winner=winner) if winner else
                     said("%(crews)s: a draw, and nothing changes hands.", crews=crews))
        else:
            self.say(said("%(winner)s won the fight (the crews are shown only to %(attacker)s and %(defender)s).",
                          winner=winner, attacker=a, defender=d) if winner else
                     said("The fight was a draw (the crews are shown only to %(attacker)s and %(defender)s): nothing "
                          "changes hands.", attacker=a, defender=d))
        if winner and not any(e["k"] == "push" and e["item"]["kind"] == "spoils" for e in rest):
            self.say(said("%(who)s had nothing to take.", who=d if winner == a else a))

    def effect_swap(self, effect, rest):
        a, b = self.name(effect["a"]), self.name(effect["b"])
        if "a_cards" in effect:
            self.say(said("Blind swap: %(a)s gave %(b)s %(given)s and got %(got)s, picked at random.", a=a, b=b,
                          given=crew_phrase(effect["a_cards"]), got=crew_phrase(effect["b_cards"])))
        else:
            given, got = effect.get("a_n", 0), effect.get("b_n", 0)
            if given == got:
                self.say(said("Blind swap: %(a)s and %(b)s swapped %(crew)s each way, picked at random.", a=a, b=b,
                              crew=crew_phrase(n=given)))
            else:
                self.say(said("Blind swap: %(a)s gave %(b)s %(given)s and got %(got)s, picked at random.", a=a, b=b,
                              given=crew_phrase(n=given), got=got))

    def effect_order(self, effect, rest):
        pass  # told by the command's opening line (standing orders and answers to a passing ship)

    def effect_over(self, effect, rest):
        winners = [self.name(s) for s in effect.get("winners", ())]
        termination = effect.get("termination")
        if termination == "won" and winners:
            seat = effect["winners"][0]
            port = self.public.home(seat)
            self.say(said("%(who)s wins, home in %(port)s with treasure worth %(value)s in the Docks and Safety Zone.",
                          who=winners[0], port=port_name(port), value=self.home_value(seat)))
        elif termination == "turn_limit":
            playing = [s for s in range(self.public.seats) if not self.public.resigned[s]]
            scores = join(said("%(who)s %(value)s", who=self.name(s), value=self.home_value(s)) for s in playing)
            text = said("The round limit is reached. Treasure at home: %(scores)s", scores=scores)
            top = max(self.home_value(s) for s in playing)
            if any(self.home_value(s) == top for s in playing if s not in effect.get("winners", ())):
                # Ruling 47's ranking: equal treasure at home is decided by the cargo aboard.
                aboard = join(said("%(who)s %(value)s", who=self.name(s), value=treasure_value(self.public.ships[s].cargo))
                              for s in playing)
                text = said("%(limit)s; aboard: %(aboard)s", limit=text, aboard=aboard)
            if len(winners) == 1:
                self.say(said("%(limit)s. %(winners)s wins.", limit=text, winners=join(winners)))
            else:
                self.say(said("%(limit)s. %(winners)s share the win.", limit=text, winners=join(winners)))
        elif termination == "resigned":
            self.say(said("%(winners)s wins: everyone else has left the game.", winners=join(winners)))
        else:
            self.say(said("The game is over; %(winners)s won.", winners=join(winners) or N_("nobody")))

    def effect_turn(self, effect, rest):
        pass  # the automatic end of a turn is folded away; whose turn it is shows on every page

    def home_value(self, seat: int) -> int:
        i = PORTS.index(self.public.home(seat))
        return treasure_value(self.public.docks[i].treasure) + treasure_value(self.public.safety[i])

    # the decision the game now waits for

    def waiting(self) -> None:
        front = self.front()
        if front is None or not front.seats or self.public.phase == "over" or self.front_json() == self.first_front:
            return
        who = join(self.name(s) for s in front.seats)
        text = WAITING.get(front.kind, MUST_DECIDE)
        card = front.card
        limit = (EITHER_CARDS.get(card) or CUT_CARDS.get(card) or (4, 0))
        other = self.name(front.other) if front.other >= 0 else ""
        subject = self.name(front.seat) if front.seat >= 0 else ""
        pool = treasure_phrase(front.items) if front.kind == "keep" else ""
        self.say(filled(text, who=who, other=other, subject=subject, limit=limit[0], crew=limit[1] if limit else 0,
                        cut=CUT_CARDS.get(card, (0, 0))[1], pool=pool))


def _until_next_draw(effects):
    for effect in effects:
        if effect["k"] in ("draw", "over"):
            return
        yield effect


def first_ship(effects, seat) -> set:
    return {next((i for i, e in enumerate(effects) if e["k"] == "ship" and e["seat"] == seat), -1)}


def describe(before: State, events, seat: int | None, names) -> list[Phrase]:
    """The lines a person reads for the events of one append, already redacted for `seat`."""
    story = Story(before, seat, names)
    for event in events:
        story.tell(event)
    story.waiting()
    return story.lines
