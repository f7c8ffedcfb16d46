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
"""

from __future__ import annotations

from pbem.games.base import RULES, Event, InvalidMove

from .board import PORT_AT, PORT_SQUARE, PORTS, port_title, step
from .cards import CHANCE_TITLES, CURRENCY, CUT_CARDS, EITHER_CARDS, VALUE_CARDS, treasure_value
from .notation import Move, parse_move
from .phrases import (DIRECTION_WORDS, NOTHING_TO_DO, ORDER_WORDS, WAITING, card_name, crew_card, crew_phrase, items_phrase,
                      join, place, possessive, store_name, treasure_parts, treasure_phrase)
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
        self.lines: list[str] = []
        self.first_front = self.front_json()
        self.kind = ""  # the decision the current event answers ("" for a turn's own move)
        self.card = 0  # the chance card most recently drawn, for the words of its effects
        self.front_card = 0  # the card of the decision the current event answers
        self.sailing: int | None = None  # the seat whose sail goes on after an interruption
        self.attack_told = False  # the coming fight's attack has a line already

    # who and where

    def name(self, seat) -> str:
        seat = int(seat)
        if 0 <= seat < len(self.names) and str(self.names[seat]).strip():
            return str(self.names[seat])
        return port_title(self.public.home_ports[seat]) if 0 <= seat < len(self.public.home_ports) else f"seat {seat + 1}"

    def owner(self, where: str) -> str:
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

    def say(self, text: str) -> None:
        if text:
            self.lines.append(text[0].upper() + text[1:])

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
        sails = join(f"{self.name(s)} from {port_title(p)}" for s, p in enumerate(ports))
        if self.public.phase == "setup":
            self.say(f"A game of Buccaneer begins: {sails}.")
        else:
            self.say(f"A game of Buccaneer begins from a set position, round {self.public.round}: {sails}; "
                     f"{self.name(self.public.turn)} moves first.")
        return set()

    def on_dealer_cut(self, event, data):
        for effect in data.get("effects", ()):
            if effect["k"] == "cut":
                drawn = join(f"{self.name(s)} {n}" for s, n in enumerate(effect["numbers"]))
                self.say(f"Cut for the deal: {drawn}. {self.name(effect['dealer'])} deals and moves first.")
        return set()

    def on_decks_shuffled(self, event, data):
        if self.public.phase == "setup":
            self.say("The crew cards and the chance cards were shuffled face down.")
        else:
            self.say("The crew cards and chance cards below those set out were shuffled face down.")
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
                each = f"{counts[0]} crew cards" if counts and len(set(counts)) == 1 else "their crew cards"
                line = f"Each player was dealt {each} face down"
                if effect.get("hand") is not None and self.reader is not None:
                    line += f"; {self.name(self.reader)}'s hand: {join(crew_card(c) for c in effect['hand'])}"
                dealt.append(line + ".")
        if stocks:
            self.say("The ports were stocked: " + "; ".join(f"{port_title(w[6:])} {join(parts)}" for w, parts in stocks.items()) + ".")
        for line in dealt:
            self.say(line)
        return {i for i, e in enumerate(data.get("effects", ())) if e["k"] in ("crew", "treasure", "deal", "ship")}

    def on_turn_began(self, event, data):
        return set()

    def on_standing_order(self, event, data):
        seat = data.get("seat", int(event.actor) if event.actor.isdigit() else 0)
        order = next((e.get("order") for e in data.get("effects", ()) if e["k"] == "order"), None)
        if order in ORDER_WORDS:
            self.say(f"{self.name(seat)} {ORDER_WORDS[order]}.")
        else:
            self.say(f"{self.name(seat)} gave a new standing order (only {self.name(seat)} knows it).")
        return set()

    def on_rules_step(self, event, data):
        step_name = str(data.get("step", ""))
        front = self.front()
        if step_name.endswith("has no option") and front is not None:
            who = self.name(front.seats[0]) if front.seats else ""
            self.say(NOTHING_TO_DO.get(front.kind, "{who} had no choice to make.").format(who=who))
        elif step_name.startswith("swap dropped"):
            self.say("The blind swap lapsed: the drawer has left the game.")
        return set()

    def on_resigned(self, event, data):
        self.say(f"{self.name(data.get('seat', 0))} left the game; the crew, cargo and cards aboard go back.")
        return set()

    def on_move_played(self, event, data):
        seat = int(data.get("seat", event.actor if event.actor.isdigit() else 0))
        text = str(data.get("move") or "")
        if data.get("default"):
            self.say(f"For {self.name(seat)}, who is leaving the game:")
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
        where = place(self.at(mover)) if mover is not None else "its square"
        if text == "attack":
            self.attack_told = True
            self.say(f"{self.name(seat)} attacks every ship that sails past (standing order), so "
                     f"{self.name(seat)} attacked {self.name(mover)} at {where}.")
        else:
            self.say(f"{self.name(seat)} lets every ship sail past (standing order), so {self.name(mover)} "
                     f"passed {where}.")
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
            self.say(f"{me}'s ship now faces {DIRECTION_WORDS[move.face]}.")
            return first_ship(effects, seat)
        if verb == "end":
            if not automatic:
                home = self.at(seat) == self.home_square(seat)
                self.say(f"{me} stayed in port." if home and self.public.phase == "before" else f"{me} ended the turn.")
            return set()
        if verb in ("attack", "let pass", "order"):
            return self.answer_passing(seat, move)
        if verb == "demand":
            loser = self.front().seat if self.front() is not None else seat
            self.say(f"{me} demanded {self.name(loser)}'s treasure." if move.word == "treasure"
                     else f"{me} demanded crew from {self.name(loser)}.")
            return set()
        if verb == "keep":
            self.say(f"{me} kept {treasure_phrase(move.items)}.")
            return {i for i, e in enumerate(effects) if e["k"] == "treasure" and e["to"] == f"ship:{seat}"}
        if verb == "chance":
            return self.chance_answer(seat, move, effects)
        port = PORT_AT.get(tuple(self.at(seat) or ()))
        if verb == "trade":
            self.say(f"{me} traded {items_phrase(move.items)} for {items_phrase(move.take)} at {port_title(port or '')}.")
        elif verb == "deposit":
            self.say(f"{me} left {items_phrase(move.items)} in {store_name('docks:' + (port or ''))}.")
        elif verb == "take":
            source = store_name("docks:" + port) if port else "Flat Island"
            self.say(f"{me} took {items_phrase(move.items)} from {source}.")
        elif verb == "land":
            self.say(f"{me} landed {items_phrase(move.items)} on Flat Island.")
        elif verb == "secure":
            self.say(f"{me} put {treasure_phrase(move.items)} into {store_name('safety:' + (port or ''))}, "
                     f"where it stays for good.")
        elif verb == "redeem":
            self.say(f"{me} redeemed a Kidd's Chart at Anchor Bay for {treasure_phrase(move.items)}; "
                     f"the chart goes back under the chance deck.")
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
        facing = f", facing {DIRECTION_WORDS[face]}" if face else ""
        lead = f"With the free move, {me}" if free else me
        if move.verb == "turn":
            self.say(f"{lead} turned on the spot at {place(end)} to face {DIRECTION_WORDS[move.face]}.")
            return {index}
        if move.verb == "drift":
            self.say(f"{lead}'s crewless ship drifted one square {DIRECTION_WORDS[move.dir]} to {place(end)}{facing}.")
            return {index}
        dest = step(start, move.dir, move.n)
        where = f"out of {place(start)}" if tuple(start) in PORT_AT else f"from {place(start)}"
        squares = f"{move.n} square{'s' if move.n != 1 else ''} {DIRECTION_WORDS[move.dir]} {where}"
        self.sailing = seat
        if end != dest:
            blockers = [s for s in range(self.public.seats) if s != seat and self.at(s) == end
                        and not self.public.resigned[s]]
            beside = f" beside {join(possessive(self.name(s)) + ' ship' for s in blockers)}" if blockers else ""
            self.say(f"{lead} set out to sail {squares} towards {place(dest)}, and had to stop at {place(end)}{beside}.")
        elif move.attack:
            defenders = [s for s in range(self.public.seats) if s != seat and self.at(s) == end
                         and not self.public.resigned[s]]
            self.say(f"{lead} sailed {squares} to {place(end)} and attacked {join(self.name(s) for s in defenders)}.")
            self.attack_told = True
        elif end in PORT_AT:
            self.say(f"{lead} sailed {squares} into {place(end)}.")
        else:
            self.say(f"{lead} sailed {squares} to {place(end)}{facing}.")
        return {index}

    def answer_passing(self, seat: int, move: Move) -> set:
        me = self.name(seat)
        front = self.front()
        mover = front.seat if front is not None and front.kind == "intercept" else None
        them = self.name(mover) if mover is not None else "the passing ship"
        self.sailing = mover
        where = place(self.at(mover)) if mover is not None else ""
        attack = move.verb == "attack" or move.word == "always attack"
        line = f"{me} attacked {them} at {where}" if attack else f"{me} let {them} sail past"
        self.attack_told = attack
        if move.verb == "order":
            line += f", and {ORDER_WORDS[move.word]}"
        self.say(line + ".")
        return set()

    def chance_answer(self, seat: int, move: Move, effects: list) -> set:
        me = self.name(seat)
        if move.word == "name":
            named = self.name(self.public.home_ports.index(move.name))
            if self.front_card == 2:
                self.say(f"{me} named {named}, who must hand over 3 crew cards.")
            else:
                self.say(f"{me} chose {named}'s ship for the blind swap.")
        elif move.word == "treasure" and not move.items:
            self.say(f"No treasure fitted in {me}'s hold.")
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
            self.say(f"{taker} took {crew} from Pirate Island" + (" in their place." if self.card == 19 else "."))
        elif source.startswith("hand:") and target == "pirate":
            if self.card == 10 or self.front_card == 10:
                self.say(f"{self.owner(source)}'s highest crew card" + (f", {crew_card(cards[0])}," if cards else "")
                         + " deserted to the bottom of Pirate Island.")
            elif self.card == 19:
                self.say(f"{self.owner(source)} put the whole hand, {crew}, under Pirate Island.")
            else:
                self.say(f"{self.owner(source)} returned {crew} to the bottom of Pirate Island.")
        elif source.startswith("docks:") and target == "pirate":
            self.say(f"{self.owner(source)} returned {crew} from {store_name(source)} to the bottom of Pirate Island.")
        elif source.startswith("hand:") and target.startswith("hand:"):
            self.say(f"{self.owner(source)} gave {self.owner(target)} {crew}.")
        elif source.startswith("docks:") and target.startswith("hand:"):
            if self.kind == "levy":
                self.say(f"{self.owner(source)} gave {self.owner(target)} {crew} from {store_name(source)}.")
            else:
                self.say(f"{self.owner(target)} took {crew} from {store_name(source)}.")
        elif source.startswith("hand:") and target == "flat":
            if self.kind == "lose" or self.card in (8, 9):
                verb = "was" if len(cards or ()) == 1 or effect.get("n") == 1 else "were"
                self.say(f"{crew} from {self.owner(source)}'s hand {verb} washed ashore on Flat Island.")
            else:
                self.say(f"{self.owner(source)} landed {crew} on Flat Island.")
        elif source == "flat" and target.startswith("hand:"):
            self.say(f"{self.owner(target)} took {crew} from Flat Island.")
        else:
            self.say(f"{crew} went from {store_name(source)} to {store_name(target)}.")

    def effect_treasure(self, effect, rest):
        source, target, items = effect["from"], effect["to"], effect["items"]
        what = treasure_phrase(items)
        if source == "ti" and target.startswith("ship:"):
            self.say(f"{self.owner(target)} took {what} from Treasure Island.")
        elif source.startswith("ship:") and target.startswith("ship:"):
            if self.kind == "wash":
                self.say(f"{self.owner(source)} gave {what} to {self.owner(target)}'s ship.")
            else:
                self.say(f"{self.owner(target)} took {what} from {self.owner(source)}'s ship.")
        elif target == "keep":
            keep = next((e["item"] for e in rest if e["k"] == "push" and e["item"]["kind"] == "keep"), None)
            if keep is not None and source != f"ship:{keep['seat']}":
                self.say(f"{self.name(keep['seat'])} took {what} from {self.owner(source)}'s ship, more than "
                         f"the hold can carry.")
        elif source == "keep" and target == "ti":
            self.say(f"The rest, {what}, went back to Treasure Island.")
        elif source == "keep":
            self.say(f"{self.owner(target)} kept {what}.")
        elif source.startswith("ship:") and target == "flat":
            self.say(f"{self.owner(source)} lost {what} overboard to Flat Island.")
        elif source == "flat" and target.startswith("ship:"):
            self.say(f"{self.owner(target)} picked up {what} from Flat Island.")
        elif target.startswith("safety:"):
            self.say(f"{what} went into {store_name(target)}.")
        elif source.startswith("ship:") and target == "ti":
            self.say(f"{self.owner(source)}'s cargo, {what}, went back to Treasure Island.")
        else:
            self.say(f"{what} went from {self.place_of(source)} to {self.place_of(target)}.")

    def place_of(self, where: str) -> str:
        kind, _, key = where.partition(":")
        if kind == "ship":
            return f"{self.name(key)}'s ship"
        return store_name(where)

    def effect_vcard(self, effect, rest):
        names = join(card_name(VALUE_CARDS[c]) for c in effect["cards"])
        source, target = effect["from"], effect["to"]
        if target == "deck":
            self.say(f"{names} went back under the chance deck.")
        elif source.startswith("held:"):
            self.say(f"{self.owner(source)} left {names} in {store_name(target)}.")
        else:
            self.say(f"{self.owner(target)} took {names} from {store_name(source)}.")

    def effect_draw(self, effect, rest):
        card, seat = effect["card"], effect["seat"]
        self.card = card
        line = f'{self.name(seat)} drew chance card {card}, "{CHANCE_TITLES[card]}"'
        if effect.get("kept"):
            token = VALUE_CARDS[card]
            worth = CURRENCY[self.public.currency].get(token)
            line += ", and keeps it"
            if token == "kidds-chart":
                line += " (redeemed at Anchor Bay for treasure worth up to 7"
                line += f", or traded for {worth})" if worth else ")"
            elif worth:
                line += f" (worth {worth} in trade)"
        self.say(line + ".")
        if card in (2, 7, 20, 22) and not any(e["k"] in ("push", "swap", "crew") for e in _until_next_draw(rest)):
            self.say("It had no effect.")

    def effect_ship(self, effect, rest):
        seat = effect["seat"]
        where = tuple(effect["at"])
        face = effect.get("heading")
        if self.card in (1, 3, 4, 5, 6) and self.at(seat) != where:
            self.say(f"{self.name(seat)}'s ship was blown to {place(where)}.")
        elif self.at(seat) != where:
            facing = f", facing {DIRECTION_WORDS[face]}" if face else ""
            self.say(f"{self.name(seat)} sailed on to {place(where)}{facing}.")

    def effect_fight(self, effect, rest):
        attacker, defender = effect["attacker"], effect["defender"]
        a, d = self.name(attacker), self.name(defender)
        winner = {"attacker": a, "defender": d}.get(effect["result"])
        if not self.attack_told:
            self.say(f"{a} attacked {d} at {place(effect['square'])}.")
        self.attack_told = False
        if "values" in effect and "hands" in effect:
            (ha, hd), (va, vd) = effect["hands"], effect["values"]
            crews = (f"{possessive(a)} crew ({', '.join(crew_card(c) for c in ha) or 'none'}) fought at {va} against "
                     f"{possessive(d)} ({', '.join(crew_card(c) for c in hd) or 'none'}) at {vd}")
            self.say(f"{crews}: {winner} won." if winner else f"{crews}: a draw, and nothing changes hands.")
        else:
            secret = f"(the crews are shown only to {a} and {d})"
            self.say(f"{winner} won the fight {secret}." if winner else
                     f"The fight was a draw {secret}: nothing changes hands.")
        if winner and not any(e["k"] == "push" and e["item"]["kind"] == "spoils" for e in rest):
            self.say(f"{d if winner == a else a} had nothing to take.")

    def effect_swap(self, effect, rest):
        a, b = self.name(effect["a"]), self.name(effect["b"])
        if "a_cards" in effect:
            self.say(f"Blind swap: {a} gave {b} {crew_phrase(effect['a_cards'])} and got "
                     f"{crew_phrase(effect['b_cards'])}, picked at random.")
        else:
            given, got = effect.get("a_n", 0), effect.get("b_n", 0)
            if given == got:
                self.say(f"Blind swap: {a} and {b} swapped {crew_phrase(n=given)} each way, picked at random.")
            else:
                self.say(f"Blind swap: {a} gave {b} {crew_phrase(n=given)} and got {got}, picked at random.")

    def effect_order(self, effect, rest):
        pass  # told by the command's opening line (standing orders and answers to a passing ship)

    def effect_over(self, effect, rest):
        winners = [self.name(s) for s in effect.get("winners", ())]
        termination = effect.get("termination")
        if termination == "won" and winners:
            seat = effect["winners"][0]
            port = self.public.home(seat)
            self.say(f"{winners[0]} wins, home in {port_title(port)} with treasure worth {self.home_value(seat)} "
                     f"in the Docks and Safety Zone.")
        elif termination == "turn_limit":
            playing = [s for s in range(self.public.seats) if not self.public.resigned[s]]
            scores = join(f"{self.name(s)} {self.home_value(s)}" for s in playing)
            text = f"The round limit is reached. Treasure at home: {scores}"
            top = max(self.home_value(s) for s in playing)
            if any(self.home_value(s) == top for s in playing if s not in effect.get("winners", ())):
                # Ruling 47's ranking: equal treasure at home is decided by the cargo aboard.
                aboard = join(f"{self.name(s)} {treasure_value(self.public.ships[s].cargo)}" for s in playing)
                text += f"; aboard: {aboard}"
            verb = "wins" if len(winners) == 1 else "share the win"
            self.say(f"{text}. {join(winners)} {verb}.")
        elif termination == "resigned":
            self.say(f"{join(winners)} wins: everyone else has left the game.")
        else:
            self.say(f"The game is over; {join(winners) or 'nobody'} won.")

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
        text = WAITING.get(front.kind, "{who} must decide.")
        card = front.card
        limit = (EITHER_CARDS.get(card) or CUT_CARDS.get(card) or (4, 0))
        other = self.name(front.other) if front.other >= 0 else ""
        subject = self.name(front.seat) if front.seat >= 0 else ""
        pool = treasure_phrase(front.items) if front.kind == "keep" else ""
        self.say(text.format(who=who, other=other, subject=subject, limit=limit[0], crew=limit[1] if limit else 0,
                             cut=CUT_CARDS.get(card, (0, 0))[1], pool=pool))


def _until_next_draw(effects):
    for effect in effects:
        if effect["k"] in ("draw", "over"):
            return
        yield effect


def first_ship(effects, seat) -> set:
    return {next((i for i, e in enumerate(effects) if e["k"] == "ship" and e["seat"] == seat), -1)}


def describe(before: State, events, seat: int | None, names) -> list[str]:
    """The lines a person reads for the events of one append, already redacted for `seat`."""
    story = Story(before, seat, names)
    for event in events:
        story.tell(event)
    story.waiting()
    return story.lines
