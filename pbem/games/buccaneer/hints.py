"""What the seat page needs to offer each legal move on the board (architecture section 12).

`move_hints(state, seat)` gives, for every move of `legal_moves(state, seat)`, a `Hint`: movements
(sails, turns on the spot, drifts, a free move after a fight, the heading after a chance card) move the
seat's ship (`data-piece="ship-<port>"` in the SVG) to a square (`data-square="J5"`), passing the
squares between, and are told apart on one square by their `choice` (the facing, or the attack). Every
other move (trades, the home port's Docks, Flat Island, answers to fights, interruptions and chance
cards, standing orders, `end`) is a button under a `group` heading. `words` say what a move does in
players' words; `rule` is the anchor on /rules/buccaneer that explains it.

Hints read only what the seat may know: its own hand and standing order, and the public board. They
never say what a chance card, the Pirate Island deck or another seat's hand or standing order holds.
"""

from __future__ import annotations

from collections import Counter

from pbem.games.base import Hint

from .board import ANCHOR_BAY, FLAT_COAST, PORT_AT, TREASURE_COAST, port_title, square_name, step
from .cards import (CHANCE_TITLES, CREW, CUT_CARDS, EITHER_CARDS, LJS_CREW_LIMIT, TREASURE_VALUE, TREASURES,
                    VALUE_CARDS, crew_value, fighting_value, sailing_value, treasure_value)
from .geometry import derelict, in_port, ships_at
from .moves import legal_moves
from .notation import Move, parse_move, split_items
from .ports import card_value, docks_of
from .recorder import home_value
from .state import Item, State

DIRECTION_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                   "SW": "south-west", "W": "west", "NW": "north-west"}
TREASURE_NAMES = {"diamond": "diamond", "ruby": "ruby", "gold": "gold bar", "pearl": "pearl", "rum": "barrel of rum"}
VALUE_CARD_WORDS = {"doubloons": "Doubloons", "pieces-of-eight": "Pieces of Eight", "kidds-chart": "Kidd's Chart",
                    "long-john-silver": "Long John Silver"}
PLURALS = {"diamond": "diamonds", "ruby": "rubies", "gold": "gold bars", "pearl": "pearls", "rum": "barrels of rum",
           "kidds-chart": "Kidd's Charts"}
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
ORDER_WORDS = {
    "always attack": "your ship attacks every ship that passes through its square, without asking you",
    "never attack": "every ship that passes through your square sails on without a fight, without asking you",
    "ask": "you are asked, each time a ship passes through your square, whether to attack it",
}
ORDER_LABELS = {"always attack": "Always attack", "never attack": "Never attack", "ask": "Ask me each time"}

# Anchors on the rules page (templates/rules/buccaneer.html); a test checks that each one exists.
RULES = {
    "sail": "sailing", "attack": "attacking", "free": "free-move", "turn": "turning", "drift": "derelicts",
    "end": "a-turn", "trade": "trading", "ljs": "long-john-silver", "home": "home-port", "secure": "safety-zone",
    "flat": "flat-island", "redeem": "kidds-chart", "order": "standing-orders", "intercept": "interruptions",
    "spoils": "spoils",
}


def ship_piece(port: str) -> str:
    """The `data-piece` id of a port's ship on the board."""
    return f"ship-{port}"


def card_rule(card: int) -> str:
    return f"card-{card}"


def crew_word(card: str) -> str:
    return ("red " if card[0] == "R" else "black ") + card[1]


def item_word(token: str, article: bool = True) -> str:
    if token in CREW:
        return crew_word(token)
    if token in TREASURE_NAMES:
        return "a " + TREASURE_NAMES[token] if article else token
    return VALUE_CARD_WORDS[token]


def listing(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def things(items) -> str:
    """Items in words, in their canonical order, copies counted: "red 3, two black 1s and a ruby"."""
    if not items:
        return "nothing"
    parts = []
    for token, n in Counter(items).items():
        if n == 1:
            parts.append(item_word(token))
        else:
            plural = PLURALS.get(token) or item_word(token) + "s"
            parts.append(f"{NUMBERS.get(n, str(n))} {plural}")
    return listing(parts)


def label(items) -> str:
    """Items for a short button label: "red 3 + ruby"."""
    return " + ".join(item_word(t, article=False) for t in items) if items else "nothing"


def move_hints(state: State, seat: int) -> dict[str, Hint]:
    legal = legal_moves(state, seat)
    if not legal:
        return {}
    hinter = _Hinter(state, seat)
    return {move: hinter.hint(move) for move in legal}


class _Hinter:
    """The facts every hint of one seat in one position shares, and one method per kind of move."""

    def __init__(self, state: State, seat: int):
        self.state = state
        self.seat = seat
        self.port = state.home(seat)
        self.ship = state.ships[seat]
        self.hand = state.hands[seat]
        front = state.pending[0] if state.pending else None
        self.front: Item | None = front if front is not None and seat in front.seats else None
        self.free = self.front is not None and self.front.kind == "free"
        # Where the other ships are, once: a position lists up to a few hundred sails.
        self.others_at: dict = {}
        for other in range(state.seats):
            if other != seat and not state.resigned[other] and state.ships[other].at is not None:
                self.others_at.setdefault(state.ships[other].at, []).append(other)

    def other(self, seat: int) -> str:
        return f"the {port_title(self.state.home(seat))} ship"

    def hint(self, text: str) -> Hint:
        """One method per verb of the notation (`attack` and `let pass` answer a passing ship)."""
        move = parse_move(text)
        return getattr(self, {"attack": "intercept", "let pass": "intercept"}.get(move.verb, move.verb))(move)

    # --- movements on the board ---------------------------------------------------------------------------

    def sail(self, move: Move) -> Hint:
        start = self.ship.at
        dest = step(start, move.dir, move.n)
        path = tuple(square_name(step(start, move.dir, k)) for k in range(1, move.n))
        way = DIRECTION_WORDS[move.dir]
        squares = "1 square" if move.n == 1 else f"{move.n} squares"
        port = PORT_AT.get(start)
        if port:
            opening = f"Leave {port_title(port)} by its {way} exit and sail {squares} to {square_name(dest)}"
        else:
            opening = f"Sail {squares} {way} to {square_name(dest)}"
        parts: list[str] = []
        if self.free:
            parts.append("Your free move after the fight: nobody can stop you on the way, and you cannot attack.")
        if move.attack:
            defender = ships_at(self.state, dest, exclude=self.seat)[0]
            parts.append(f"{opening} and attack {self.other(defender)} there, lying alongside it, facing "
                         f"{DIRECTION_WORDS[move.face]}.")
            parts.append(self.fight_words(defender))
            choice = f"Attack, facing {DIRECTION_WORDS[move.face]}"
            rule = RULES["attack"]
        elif dest in PORT_AT:
            parts.append(f"{opening}, into {self.port_name(PORT_AT[dest])}.")
            choice = f"Enter {port_title(PORT_AT[dest])}"
            rule = RULES["free"] if self.free else RULES["sail"]
        else:
            parts.append(f"{opening}, then face {DIRECTION_WORDS[move.face]}.")
            choice = f"Face {DIRECTION_WORDS[move.face]}"
            rule = RULES["free"] if self.free else RULES["sail"]
        if not self.free:
            parts.extend(self.passing_words(start, move.dir, move.n))
        parts.extend(self.arrival_words(dest, fight=move.attack))
        return Hint(piece=ship_piece(self.port), target=square_name(dest), path=path, choice=choice,
                    words=" ".join(parts), rule=rule)

    def turn(self, move: Move) -> Hint:
        here = self.ship.at
        way = DIRECTION_WORDS[move.face]
        if self.free:
            words = [f"Your free move after the fight: no sail leads off this square, so you stay at "
                     f"{square_name(here)} and face {way}."]
            rule = RULES["free"]
        else:
            words = [f"Turn on the spot at {square_name(here)} to face {way}. Turning is your whole move this turn."]
            rule = RULES["turn"]
        if here in TREASURE_COAST:
            words.append("You are on Treasure Island's coast: draw a chance card.")
        return Hint(piece=ship_piece(self.port), target=square_name(here), choice=f"Turn to face {way}",
                    words=" ".join(words), rule=rule)

    def drift(self, move: Move) -> Hint:
        dest = step(self.ship.at, move.dir)
        way = DIRECTION_WORDS[move.dir]
        start = "Your free move after the fight: your" if self.free else "Your"
        words = [f"{start} ship has no crew, so it drifts: one square {way} to {square_name(dest)}"]
        if dest in PORT_AT:
            words[0] += f", into {self.port_name(PORT_AT[dest])}."
            choice = f"Drift into {port_title(PORT_AT[dest])}"
        else:
            words[0] += f", then face {DIRECTION_WORDS[move.face]}."
            choice = f"Drift, face {DIRECTION_WORDS[move.face]}"
        words.extend(self.arrival_words(dest, fight=False))
        return Hint(piece=ship_piece(self.port), target=square_name(dest), choice=choice, words=" ".join(words),
                    rule=RULES["free"] if self.free else RULES["drift"])

    def face(self, move: Move) -> Hint:
        way = DIRECTION_WORDS[move.face]
        card = self.front.card if self.front else 0
        words = (f"The chance card moved your ship to {square_name(self.ship.at)}: point it {way}, the way you "
                 f"want to sail next turn.")
        return Hint(piece=ship_piece(self.port), target=square_name(self.ship.at), choice=f"Face {way}",
                    words=words, rule=card_rule(card) if card else RULES["sail"])

    def port_name(self, port: str) -> str:
        return f"your home port, {port_title(port)}" if port == self.port else port_title(port)

    def passing_words(self, start, direction: str, n: int) -> list[str]:
        """Ships on the way that may stop this sail (Rule 12): one ship alone on a square, with crew."""
        passed = []
        for k in range(1, n):
            square = step(start, direction, k)
            here = self.others_at.get(square, ())
            if len(here) == 1 and not derelict(self.state, here[0]):
                passed.append(f"{self.other(here[0])} at {square_name(square)}")
        if not passed:
            return []
        which = "it" if len(passed) == 1 else "each of them"
        return [f"On the way you pass {listing(passed)}: {which} may stop you there and attack."]

    def arrival_words(self, dest, fight: bool) -> list[str]:
        out = []
        if dest in TREASURE_COAST:
            out.append("After the fight, if you are still on Treasure Island's coast, draw a chance card." if fight
                       else "You stop on Treasure Island's coast: draw a chance card.")
        if dest in FLAT_COAST:
            room = 2 - len(self.ship.cargo)
            pieces = sorted(self.state.flat.treasure, key=lambda t: (-TREASURE_VALUE[t], TREASURES.index(t)))[:max(room, 0)]
            if pieces:
                when = "After the fight, if you are still beside Flat Island" if fight else "Beside Flat Island"
                out.append(f"{when} you pick up {things(sorted(pieces, key=TREASURES.index))} from it.")
            if not self.free and (self.state.flat.crew or self.hand):
                out.append("There you may take crew from Flat Island or leave crew on it.")
        port = PORT_AT.get(dest)
        if port == self.port:
            value = home_value(self.state, self.seat)
            if self.free:
                out.append("Unloading waits until your next turn.")
            else:
                out.append(f"There you may unload into your Docks (your home treasure is worth {value}; 20 wins).")
        elif port:
            out.append("Trading there waits until your next turn." if self.free else "There you may trade with its Docks.")
        if dest == ANCHOR_BAY and any(VALUE_CARDS[c] == "kidds-chart" for c in self.state.held[self.seat]):
            out.append("At Anchor Bay you may redeem your Kidd's Chart" + (" next turn." if self.free else "."))
        return out

    def fight_words(self, defender: int) -> str:
        mine = fighting_value(self.hand)
        if derelict(self.state, defender):
            return (f"It has no crew, so its fighting value is 0; yours is {mine}"
                    + (": you win." if mine > 0 else ": a draw."))
        return (f"The higher fighting value wins (yours is {mine}); the winner takes the loser's treasure or two "
                f"of its crew cards.")

    # --- buttons: the turn's actions in port and beside the islands ---------------------------------------------

    def end(self, move: Move) -> Hint:
        state = self.state
        nxt = next(s for s in [(self.seat + i) % state.seats for i in range(1, state.seats + 1)]
                   if not state.resigned[s])
        after = "you play again" if nxt == self.seat else f"{port_title(state.home(nxt))} plays next"
        if state.phase == "before" and in_port(state, self.seat) == self.port:
            return Hint(choice="Stay in port", group="Your turn", rule=RULES["end"],
                        words=f"Stay in your home port this turn and end it; {after}.")
        if state.phase == "before":
            why = "your ship has no crew" if derelict(state, self.seat) else "your ship has no move"
            return Hint(choice="Stay and end turn", group="Your turn", rule=RULES["end"],
                        words=f"Stay where you are ({why}) and end your turn; {after}.")
        return Hint(choice="End turn", group="Your turn", rule=RULES["end"], words=f"End your turn; {after}.")

    def worth(self, items) -> int | None:
        total = 0
        for t in items:
            value = crew_value(t) if t in CREW else TREASURE_VALUE.get(t) or card_value(self.state, t)
            if value is None:
                return None
            total += value
        return total

    def sailing_change(self, lost=(), gained=()) -> str:
        before = sailing_value(self.hand)
        after = before - sum(crew_value(c) for c in lost if c in CREW) + sum(crew_value(c) for c in gained if c in CREW)
        return "" if after == before else f" Your sailing value goes from {before} to {after}."

    def trade(self, move: Move) -> Hint:
        port = in_port(self.state, self.seat)
        give, take = move.items, move.take
        group = f"Trade at {port_title(port)}"
        if give == ("long-john-silver",):
            words = (f"Hand Long John Silver to {port_title(port)}'s Docks for crew worth at most {LJS_CREW_LIMIT}: "
                     f"take {things(take)} into your hand.")
            rule = RULES["ljs"]
        elif take == ("long-john-silver",):
            words = (f"Pay {things(give)} into {port_title(port)}'s Docks to take Long John Silver, who buys crew "
                     f"worth up to {LJS_CREW_LIMIT} at any other port.")
            rule = RULES["ljs"]
        else:
            value = self.worth(give)
            words = f"Give {things(give)} (worth {value}) to {port_title(port)}'s Docks and take {things(take)} (worth {value})."
            rule = RULES["trade"]
        return Hint(choice=f"Give {label(give)}, take {label(take)}", group=group, rule=rule,
                    words=words + self.sailing_change(lost=give, gained=take))

    def home_group(self) -> str:
        return f"Your home port, {port_title(self.port)}"

    def deposit(self, move: Move) -> Hint:
        crew, treasure, cards = split_items(move.items)
        if treasure:
            before = home_value(self.state, self.seat)
            words = (f"Unload {things(treasure)} into your Docks: your home treasure goes from {before} to "
                     f"{before + treasure_value(treasure)} (20 wins). Visitors may trade for what lies in your Docks.")
        elif crew:
            words = (f"Leave {things(crew)} in your Docks, for you to take back later or for visitors to trade for."
                     + self.sailing_change(lost=crew))
        else:
            words = f"Leave {things(cards)} in your Docks; visitors may trade for it."
        return Hint(choice=f"Put {label(move.items)} in Docks", group=self.home_group(), rule=RULES["home"], words=words)

    def take(self, move: Move) -> Hint:
        crew, treasure, cards = split_items(move.items)
        if in_port(self.state, self.seat) != self.port:
            return Hint(choice=f"Take {label(crew)} from Flat Island", group="Flat Island", rule=RULES["flat"],
                        words=f"Take {things(crew)} from Flat Island into your hand." + self.sailing_change(gained=crew))
        if treasure:
            before = home_value(self.state, self.seat)
            words = (f"Take {things(treasure)} from your Docks aboard your ship: your home treasure goes from "
                     f"{before} to {before - treasure_value(treasure)}.")
        elif crew:
            words = f"Take {things(crew)} from your Docks into your hand." + self.sailing_change(gained=crew)
        else:
            words = f"Take {things(cards)} from your Docks."
        return Hint(choice=f"Take {label(move.items)} from Docks", group=self.home_group(), rule=RULES["home"],
                    words=words)

    def secure(self, move: Move) -> Hint:
        kind = move.items[0]
        docks = Counter(docks_of(self.state, self.port).treasure)
        from_docks = min(docks[kind], len(move.items))
        source = ("your Docks" if from_docks == len(move.items) else "your ship" if not from_docks
                  else "your Docks and your ship")
        what = things(move.items) if len(move.items) > 1 else "one more " + TREASURE_NAMES[kind]
        words = (f"Move {what} from {source} into your Safety Zone, where no trade or fight can take "
                 f"{'them' if len(move.items) > 1 else 'it'}; it still counts towards your 20.")
        return Hint(choice=f"Secure {label(move.items)}", group=self.home_group(), rule=RULES["secure"], words=words)

    def land(self, move: Move) -> Hint:
        return Hint(choice=f"Leave {label(move.items)} on Flat Island", group="Flat Island", rule=RULES["flat"],
                    words=f"Leave {things(move.items)} face up on Flat Island, where any ship beside it may take it."
                    + self.sailing_change(lost=move.items))

    def redeem(self, move: Move) -> Hint:
        return Hint(choice=f"Redeem for {label(move.items)}", group="Anchor Bay", rule=RULES["redeem"],
                    words=f"Give back your Kidd's Chart and take {things(move.items)} (worth "
                    f"{treasure_value(move.items)}) from Treasure Island aboard.")

    # --- buttons: answers owed to fights, interruptions and standing orders ---------------------------------------

    def order(self, move: Move) -> Hint:
        order = move.word
        if self.front is not None and self.front.kind == "intercept":
            mover = self.other(self.front.seat)
            now = f"Fight {mover} now" if order == "always attack" else f"Let {mover} pass now"
            return Hint(choice=f"{ORDER_LABELS[order]} from now on", group=self.intercept_group(),
                        rule=RULES["order"], words=f"{now}, and from now on {ORDER_WORDS[order]}.")
        current = self.state.standing[self.seat]
        return Hint(choice=ORDER_LABELS[order], group="Standing order", rule=RULES["order"],
                    words=f"{ORDER_LABELS[order]}: {ORDER_WORDS[order]}. Only you see your standing order "
                    f"(now: {current}).")

    def intercept_group(self) -> str:
        return f"{port_title(self.state.home(self.front.seat))} passes your ship"

    def intercept(self, move: Move) -> Hint:
        mover = self.other(self.front.seat)
        if move.verb == "attack":
            return Hint(choice="Attack", group=self.intercept_group(), rule=RULES["intercept"],
                        words=f"Stop {mover} on your square and fight it. " + self.fight_words(self.front.seat))
        return Hint(choice="Let it pass", group=self.intercept_group(), rule=RULES["intercept"],
                    words=f"Let {mover} sail on through your square.")

    def fight_group(self, other: int) -> str:
        return f"Your fight with {port_title(self.state.home(other))}"

    def demand(self, move: Move) -> Hint:
        loser = self.front.seat
        if move.word == "treasure":
            loot = self.state.ships[loser].cargo
            words = f"Take all the treasure aboard {self.other(loser)}: {things(loot)}."
            if len(loot) + len(self.ship.cargo) > 2:
                words += " You carry at most two pieces, so you then choose two to keep; the rest go back to Treasure Island."
            return Hint(choice="Demand treasure", group=self.fight_group(loser), rule=RULES["spoils"], words=words)
        cards = "two crew cards of its choosing" if len(self.state.hands[loser]) >= 2 else "its only crew card"
        return Hint(choice="Demand crew", group=self.fight_group(loser), rule=RULES["spoils"],
                    words=f"The {port_title(self.state.home(loser))} ship gives you {cards}.")

    def give(self, move: Move) -> Hint:
        winner = self.front.other
        return Hint(choice=f"Give {label(move.items)}", group=self.fight_group(winner), rule=RULES["spoils"],
                    words=f"Give {things(move.items)} to {self.other(winner)}, which won the fight."
                    + self.sailing_change(lost=move.items))

    def keep(self, move: Move) -> Hint:
        rest = list(self.front.items)
        for t in move.items:
            rest.remove(t)
        back = f"; {things(rest)} go{'es' if len(rest) == 1 else ''} back to Treasure Island" if rest else ""
        return Hint(choice=f"Keep {label(move.items)}", group=self.fight_group(self.other_fighter()),
                    rule=RULES["spoils"], words=f"Keep {things(move.items)} aboard{back}.")

    def other_fighter(self) -> int:
        fight = self.state.fight
        if fight is None:
            return self.seat
        return fight.defender if fight.attacker == self.seat else fight.attacker

    # --- buttons: chance cards ------------------------------------------------------------------------------------

    def chance(self, move: Move) -> Hint:
        item = self.front
        kind = item.kind
        card = {"levy": 2, "wash": 7, "return20": 20, "swap": 20, "fever": 22}.get(kind, item.card)
        group = f"Chance card: {CHANCE_TITLES[card]}"
        rule = card_rule(card)
        word = move.word
        if kind == "levy":
            drawer = port_title(self.state.home(item.other))
            group = f"Crew levy: {drawer} takes crew from you"
            return Hint(choice="Give " + self.hand_and_docks_label(move), group=group, rule=rule,
                        words=f"Give {drawer} {self.hand_and_docks_words(move)}."
                        + self.sailing_change(lost=move.items))
        if word == "treasure" and move.items:
            cut = (" " + self.cut_words(card)).rstrip() if kind == "ctreasure" and card in CUT_CARDS else ""
            return Hint(choice=f"Treasure: {label(move.items)}", group=group, rule=rule,
                        words=f"Take {things(move.items)} (worth {treasure_value(move.items)}) from Treasure Island "
                        f"aboard your ship.{cut}")
        if word == "treasure":
            return Hint(choice="No treasure fits", group=group, rule=rule,
                        words=f"No treasure fits aboard, so you take none. {self.cut_words(card)}".rstrip())
        if word == "crew":
            count = min(EITHER_CARDS[card][1], len(self.state.pirate))
            return Hint(choice=f"{count} crew", group=group, rule=rule,
                        words=f"Take {count} crew card{'s' if count != 1 else ''} from the top of Pirate Island "
                        f"instead of treasure.")
        if word == "name":
            named = port_title(move.name)
            if card == 2:
                words = f"Name {named}: it gives you 3 crew cards of its choosing, from its hand or its Docks."
            else:
                words = f"Swap two crew cards, picked at random, with the {named} ship."
            return Hint(choice=f"Name {named}", group=group, rule=rule, words=words)
        if word == "swap":
            return Hint(choice="Swap", group=group, rule=rule,
                        words=f"Swap two crew cards, picked at random, with {self.other(item.other)}.")
        if word == "give":
            crew, treasure, _ = split_items(move.items)
            return Hint(choice=f"Give {label(move.items)}", group=group, rule=rule,
                        words=f"Give {things(move.items)} to {self.other(item.other)}, the nearest ship."
                        + self.sailing_change(lost=crew))
        if word == "lose":
            crew, treasure, _ = split_items(move.items)
            where = "to the bottom of Pirate Island" if card == 10 else "onto Flat Island, face up"
            return Hint(choice=f"Lose {label(move.items)}", group=group, rule=rule,
                        words=f"Lose {things(move.items)} {where}." + self.sailing_change(lost=crew))
        if word == "return":
            return self.returning(move, card, group, rule)
        raise AssertionError(f"no hint for chance {word!r}")

    def cut_words(self, card: int) -> str:
        total, limit = sailing_value(self.hand), CUT_CARDS[card][1]
        if total <= limit:
            return ""
        return f"Then your crew, worth {total}, is cut to at most {limit}."

    def returning(self, move: Move, card: int, group: str, rule: str) -> Hint:
        where = self.hand_and_docks_words(move)
        if card == 22:
            left = len(self.hand) + len(docks_of(self.state, self.port).crew) - len(move.items) - len(move.docks)
            words = f"Return {where} to the bottom of Pirate Island, keeping {left} crew cards in all."
        elif card == 20:
            words = f"Put {where} at the bottom of Pirate Island (no other ship is on the coast to swap with)."
        else:
            kept = sailing_value(self.hand) - sum(crew_value(c) for c in move.items)
            words = (f"Put {where} at the bottom of Pirate Island, keeping a crew worth {kept} "
                     f"(at most {CUT_CARDS[card][1]}).")
        return Hint(choice="Return " + self.hand_and_docks_label(move), group=group, rule=rule,
                    words=words + self.sailing_change(lost=move.items))

    def hand_and_docks_words(self, move: Move) -> str:
        parts = []
        if move.items:
            parts.append(f"{things(move.items)} from your hand")
        if move.docks:
            parts.append(f"{things(move.docks)} from your Docks")
        return listing(parts) if parts else "nothing"

    def hand_and_docks_label(self, move: Move) -> str:
        parts = []
        if move.items:
            parts.append(label(move.items))
        if move.docks:
            parts.append(f"Docks {label(move.docks)}")
        return ", ".join(parts) if parts else "nothing"
