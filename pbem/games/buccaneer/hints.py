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

from pbem.games.base import N_, Hint, Phrase, counted, listed, said

from .board import ANCHOR_BAY, FLAT_COAST, PORT_AT, TREASURE_COAST, square_name, step
from .cards import (CREW, CUT_CARDS, EITHER_CARDS, LJS_CREW_LIMIT, TREASURE_VALUE, TREASURES, VALUE_CARDS, crew_value,
                    fighting_value, sailing_value, treasure_value)
from .geometry import derelict, in_port, ships_at
from .moves import legal_moves
from .notation import Move, parse_move, split_items
from .phrases import (CHANCE_WORDS, DIRECTION_WORDS, FLAT_ISLAND, VALUE_CARD_WORDS, between, crew_card, port_name,
                      store_name, treasure_piece)
from .ports import card_value, docks_of
from .recorder import home_value
from .state import Item, State

TREASURE_NAMES = {"diamond": N_("diamond"), "ruby": N_("ruby"), "gold": N_("gold bar"), "pearl": N_("pearl"),
                  "rum": N_("barrel of rum")}
TREASURE_LABELS = {"diamond": N_("diamond"), "ruby": N_("ruby"), "gold": N_("gold"), "pearl": N_("pearl"),
                   "rum": N_("rum")}  # the short words of a button's label
NUMBERS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}
ORDER_WORDS = {
    "always attack": N_("your ship attacks every ship that passes through its square, without asking you"),
    "never attack": N_("every ship that passes through your square sails on without a fight, without asking you"),
    "ask": N_("you are asked, each time a ship passes through your square, whether to attack it"),
}
ORDER_LABELS = {"always attack": N_("Always attack"), "never attack": N_("Never attack"), "ask": N_("Ask me each time")}
ORDER_NAMES = {"always attack": N_("always attack"), "never attack": N_("never attack"), "ask": N_("ask")}  # as typed

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


def crew_word(card: str) -> Phrase:
    return crew_card(card)


def item_word(token: str, article: bool = True) -> Phrase:
    if token in CREW:
        return crew_word(token)
    if token in TREASURE_NAMES:
        return treasure_one(token) if article else TREASURE_LABELS[token]
    return VALUE_CARD_WORDS[token]


def treasure_one(kind: str) -> Phrase:
    return treasure_piece(kind, 1)  # "a diamond"


def several(token: str, n: int) -> Phrase:
    """`two black 1s`, `three pearls`: n copies of one item (n > 1), the count in words up to six."""
    count = NUMBERS.get(n, str(n))
    if token in CREW:
        if token[0] == "R":
            return counted("red %(value)s", "%(count)s red %(value)ss", n, count=count, value=token[1])
        return counted("black %(value)s", "%(count)s black %(value)ss", n, count=count, value=token[1])
    if token == "diamond":
        return counted("%(count)s diamond", "%(count)s diamonds", n, count=count)
    if token == "ruby":
        return counted("%(count)s ruby", "%(count)s rubies", n, count=count)
    if token == "gold":
        return counted("%(count)s gold bar", "%(count)s gold bars", n, count=count)
    if token == "pearl":
        return counted("%(count)s pearl", "%(count)s pearls", n, count=count)
    if token == "rum":
        return counted("%(count)s barrel of rum", "%(count)s barrels of rum", n, count=count)
    return said("%(count)s × %(card)s", count=count, card=VALUE_CARD_WORDS[token])


def listing(parts: list) -> Phrase:
    return parts[0] if len(parts) == 1 else listed(parts)


def things(items) -> Phrase:
    """Items in words, in their canonical order, copies counted: "red 3, two black 1s and a ruby"."""
    if not items:
        return N_("nothing")
    return listing([item_word(token) if n == 1 else several(token, n) for token, n in Counter(items).items()])


def label(items) -> Phrase:
    """Items for a short button label: "red 3 + ruby"."""
    return between([item_word(t, article=False) for t in items], " + ") if items else N_("nothing")


def sentences(*parts) -> Phrase:
    """Sentences told one after another, a space between each two (empty ones left out)."""
    return between([part for part in parts if part], " ")


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

    def other(self, seat: int) -> Phrase:
        return said("the %(port)s ship", port=port_name(self.state.home(seat)))

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
        squares = counted("%(n)s square", "%(n)s squares", move.n)
        port = PORT_AT.get(start)
        values = {"way": way, "squares": squares, "square": square_name(dest)}
        parts: list = []
        if self.free:
            parts.append(N_("Your free move after the fight: nobody can stop you on the way, and you cannot attack."))
        face = DIRECTION_WORDS.get(move.face)
        if move.attack:
            defender = ships_at(self.state, dest, exclude=self.seat)[0]
            if port:
                parts.append(said("Leave %(port)s by its %(way)s exit and sail %(squares)s to %(square)s and attack "
                                  "%(other)s there, lying alongside it, facing %(face)s.", port=port_name(port),
                                  other=self.other(defender), face=face, **values))
            else:
                parts.append(said("Sail %(squares)s %(way)s to %(square)s and attack %(other)s there, lying alongside "
                                  "it, facing %(face)s.", other=self.other(defender), face=face, **values))
            parts.append(self.fight_words(defender))
            choice = said("Attack, facing %(face)s", face=face)
            rule = RULES["attack"]
        elif dest in PORT_AT:
            into = self.port_name(PORT_AT[dest])
            if port:
                parts.append(said("Leave %(port)s by its %(way)s exit and sail %(squares)s to %(square)s, into "
                                  "%(into)s.", port=port_name(port), into=into, **values))
            else:
                parts.append(said("Sail %(squares)s %(way)s to %(square)s, into %(into)s.", into=into, **values))
            choice = said("Enter %(port)s", port=port_name(PORT_AT[dest]))
            rule = RULES["free"] if self.free else RULES["sail"]
        else:
            if port:
                parts.append(said("Leave %(port)s by its %(way)s exit and sail %(squares)s to %(square)s, then face "
                                  "%(face)s.", port=port_name(port), face=face, **values))
            else:
                parts.append(said("Sail %(squares)s %(way)s to %(square)s, then face %(face)s.", face=face, **values))
            choice = said("Face %(face)s", face=face)
            rule = RULES["free"] if self.free else RULES["sail"]
        if not self.free:
            parts.extend(self.passing_words(start, move.dir, move.n))
        parts.extend(self.arrival_words(dest, fight=move.attack))
        return Hint(piece=ship_piece(self.port), target=square_name(dest), path=path, choice=choice,
                    words=sentences(*parts), rule=rule)

    def turn(self, move: Move) -> Hint:
        here = square_name(self.ship.at)
        way = DIRECTION_WORDS[move.face]
        if self.free:
            words = [said("Your free move after the fight: no sail leads off this square, so you stay at %(square)s "
                          "and face %(way)s.", square=here, way=way)]
            rule = RULES["free"]
        else:
            words = [said("Turn on the spot at %(square)s to face %(way)s. Turning is your whole move this turn.",
                          square=here, way=way)]
            rule = RULES["turn"]
        if self.ship.at in TREASURE_COAST:
            words.append(N_("You are on Treasure Island's coast: draw a chance card."))
        return Hint(piece=ship_piece(self.port), target=here, choice=said("Turn to face %(way)s", way=way),
                    words=sentences(*words), rule=rule)

    def drift(self, move: Move) -> Hint:
        dest = step(self.ship.at, move.dir)
        values = {"way": DIRECTION_WORDS[move.dir], "square": square_name(dest)}
        if dest in PORT_AT:
            into = self.port_name(PORT_AT[dest])
            if self.free:
                first = said("Your free move after the fight: your ship has no crew, so it drifts: one square %(way)s "
                             "to %(square)s, into %(into)s.", into=into, **values)
            else:
                first = said("Your ship has no crew, so it drifts: one square %(way)s to %(square)s, into %(into)s.",
                             into=into, **values)
            choice = said("Drift into %(port)s", port=port_name(PORT_AT[dest]))
        else:
            face = DIRECTION_WORDS[move.face]
            if self.free:
                first = said("Your free move after the fight: your ship has no crew, so it drifts: one square %(way)s "
                             "to %(square)s, then face %(face)s.", face=face, **values)
            else:
                first = said("Your ship has no crew, so it drifts: one square %(way)s to %(square)s, then face "
                             "%(face)s.", face=face, **values)
            choice = said("Drift, face %(face)s", face=face)
        return Hint(piece=ship_piece(self.port), target=square_name(dest), choice=choice,
                    words=sentences(first, *self.arrival_words(dest, fight=False)),
                    rule=RULES["free"] if self.free else RULES["drift"])

    def face(self, move: Move) -> Hint:
        way = DIRECTION_WORDS[move.face]
        card = self.front.card if self.front else 0
        words = said("The chance card moved your ship to %(square)s: point it %(way)s, the way you want to sail next "
                     "turn.", square=square_name(self.ship.at), way=way)
        return Hint(piece=ship_piece(self.port), target=square_name(self.ship.at), choice=said("Face %(face)s", face=way),
                    words=words, rule=card_rule(card) if card else RULES["sail"])

    def port_name(self, port: str) -> Phrase:
        return said("your home port, %(port)s", port=port_name(port)) if port == self.port else port_name(port)

    def passing_words(self, start, direction: str, n: int) -> list[Phrase]:
        """Ships on the way that may stop this sail (Rule 12): one ship alone on a square, with crew."""
        passed = []
        for k in range(1, n):
            square = step(start, direction, k)
            here = self.others_at.get(square, ())
            if len(here) == 1 and not derelict(self.state, here[0]):
                passed.append(said("%(ship)s at %(square)s", ship=self.other(here[0]), square=square_name(square)))
        if not passed:
            return []
        if len(passed) == 1:
            return [said("On the way you pass %(ships)s: it may stop you there and attack.", ships=passed[0])]
        return [said("On the way you pass %(ships)s: each of them may stop you there and attack.", ships=listed(passed))]

    def arrival_words(self, dest, fight: bool) -> list[Phrase]:
        out: list[Phrase] = []
        if dest in TREASURE_COAST:
            out.append(N_("After the fight, if you are still on Treasure Island's coast, draw a chance card.") if fight
                       else N_("You stop on Treasure Island's coast: draw a chance card."))
        if dest in FLAT_COAST:
            room = 2 - len(self.ship.cargo)
            pieces = sorted(self.state.flat.treasure, key=lambda t: (-TREASURE_VALUE[t], TREASURES.index(t)))[:max(room, 0)]
            if pieces:
                picked = things(sorted(pieces, key=TREASURES.index))
                out.append(said("After the fight, if you are still beside Flat Island you pick up %(things)s from it.",
                                things=picked) if fight else
                           said("Beside Flat Island you pick up %(things)s from it.", things=picked))
            if not self.free and (self.state.flat.crew or self.hand):
                out.append(N_("There you may take crew from Flat Island or leave crew on it."))
        port = PORT_AT.get(dest)
        if port == self.port:
            value = home_value(self.state, self.seat)
            if self.free:
                out.append(N_("Unloading waits until your next turn."))
            else:
                out.append(said("There you may unload into your Docks (your home treasure is worth %(value)s; 20 wins).",
                                value=value))
        elif port:
            out.append(N_("Trading there waits until your next turn.") if self.free
                       else N_("There you may trade with its Docks."))
        if dest == ANCHOR_BAY and any(VALUE_CARDS[c] == "kidds-chart" for c in self.state.held[self.seat]):
            out.append(N_("At Anchor Bay you may redeem your Kidd's Chart next turn.") if self.free
                       else N_("At Anchor Bay you may redeem your Kidd's Chart."))
        return out

    def fight_words(self, defender: int) -> Phrase:
        mine = fighting_value(self.hand)
        if derelict(self.state, defender):
            if mine > 0:
                return said("It has no crew, so its fighting value is 0; yours is %(mine)s: you win.", mine=mine)
            return said("It has no crew, so its fighting value is 0; yours is %(mine)s: a draw.", mine=mine)
        return said("The higher fighting value wins (yours is %(mine)s); the winner takes the loser's treasure or two "
                    "of its crew cards.", mine=mine)

    # --- buttons: the turn's actions in port and beside the islands ---------------------------------------------

    def end(self, move: Move) -> Hint:
        state = self.state
        nxt = next(s for s in [(self.seat + i) % state.seats for i in range(1, state.seats + 1)]
                   if not state.resigned[s])
        after = N_("you play again") if nxt == self.seat else said("%(port)s plays next", port=port_name(state.home(nxt)))
        group = N_("Your turn")
        if state.phase == "before" and in_port(state, self.seat) == self.port:
            return Hint(choice=N_("Stay in port"), group=group, rule=RULES["end"],
                        words=said("Stay in your home port this turn and end it; %(after)s.", after=after))
        if state.phase == "before":
            if derelict(state, self.seat):
                words = said("Stay where you are (your ship has no crew) and end your turn; %(after)s.", after=after)
            else:
                words = said("Stay where you are (your ship has no move) and end your turn; %(after)s.", after=after)
            return Hint(choice=N_("Stay and end turn"), group=group, rule=RULES["end"], words=words)
        return Hint(choice=N_("End turn"), group=group, rule=RULES["end"],
                    words=said("End your turn; %(after)s.", after=after))

    def worth(self, items) -> int | None:
        total = 0
        for t in items:
            value = crew_value(t) if t in CREW else TREASURE_VALUE.get(t) or card_value(self.state, t)
            if value is None:
                return None
            total += value
        return total

    def sailing_change(self, lost=(), gained=()) -> Phrase | None:
        before = sailing_value(self.hand)
        after = before - sum(crew_value(c) for c in lost if c in CREW) + sum(crew_value(c) for c in gained if c in CREW)
        if after == before:
            return None
        return said("Your sailing value goes from %(before)s to %(after)s.", before=before, after=after)

    def trade(self, move: Move) -> Hint:
        port = in_port(self.state, self.seat)
        give, take = move.items, move.take
        docks = store_name(f"docks:{port}")
        group = said("Trade at %(port)s", port=port_name(port))
        if give == ("long-john-silver",):
            words = said("Hand Long John Silver to %(docks)s for crew worth at most %(limit)s: take %(take)s into your "
                         "hand.", docks=docks, limit=LJS_CREW_LIMIT, take=things(take))
            rule = RULES["ljs"]
        elif take == ("long-john-silver",):
            words = said("Pay %(give)s into %(docks)s to take Long John Silver, who buys crew worth up to %(limit)s at "
                         "any other port.", give=things(give), docks=docks, limit=LJS_CREW_LIMIT)
            rule = RULES["ljs"]
        else:
            words = said("Give %(give)s (worth %(value)s) to %(docks)s and take %(take)s (worth %(value)s).",
                         give=things(give), value=self.worth(give), docks=docks, take=things(take))
            rule = RULES["trade"]
        return Hint(choice=said("Give %(give)s, take %(take)s", give=label(give), take=label(take)), group=group,
                    rule=rule, words=sentences(words, self.sailing_change(lost=give, gained=take)))

    def home_group(self) -> Phrase:
        return said("Your home port, %(port)s", port=port_name(self.port))

    def deposit(self, move: Move) -> Hint:
        crew, treasure, cards = split_items(move.items)
        if treasure:
            before = home_value(self.state, self.seat)
            words = said("Unload %(things)s into your Docks: your home treasure goes from %(before)s to %(after)s (20 "
                         "wins). Visitors may trade for what lies in your Docks.", things=things(treasure),
                         before=before, after=before + treasure_value(treasure))
        elif crew:
            words = sentences(said("Leave %(things)s in your Docks, for you to take back later or for visitors to "
                                   "trade for.", things=things(crew)), self.sailing_change(lost=crew))
        else:
            words = said("Leave %(things)s in your Docks; visitors may trade for it.", things=things(cards))
        return Hint(choice=said("Put %(things)s in Docks", things=label(move.items)), group=self.home_group(),
                    rule=RULES["home"], words=words)

    def take(self, move: Move) -> Hint:
        crew, treasure, cards = split_items(move.items)
        if in_port(self.state, self.seat) != self.port:
            return Hint(choice=said("Take %(things)s from Flat Island", things=label(crew)), group=FLAT_ISLAND,
                        rule=RULES["flat"],
                        words=sentences(said("Take %(things)s from Flat Island into your hand.", things=things(crew)),
                                        self.sailing_change(gained=crew)))
        if treasure:
            before = home_value(self.state, self.seat)
            words = said("Take %(things)s from your Docks aboard your ship: your home treasure goes from %(before)s to "
                         "%(after)s.", things=things(treasure), before=before, after=before - treasure_value(treasure))
        elif crew:
            words = sentences(said("Take %(things)s from your Docks into your hand.", things=things(crew)),
                              self.sailing_change(gained=crew))
        else:
            words = said("Take %(things)s from your Docks.", things=things(cards))
        return Hint(choice=said("Take %(things)s from Docks", things=label(move.items)), group=self.home_group(),
                    rule=RULES["home"], words=words)

    def secure(self, move: Move) -> Hint:
        kind = move.items[0]
        docks = Counter(docks_of(self.state, self.port).treasure)
        from_docks = min(docks[kind], len(move.items))
        source = (N_("your Docks") if from_docks == len(move.items) else N_("your ship") if not from_docks
                  else N_("your Docks and your ship"))
        if len(move.items) > 1:
            words = said("Move %(things)s from %(source)s into your Safety Zone, where no trade or fight can take them; "
                         "it still counts towards your 20.", things=things(move.items), source=source)
        else:
            words = said("Move one more %(kind)s from %(source)s into your Safety Zone, where no trade or fight can "
                         "take it; it still counts towards your 20.", kind=TREASURE_NAMES[kind], source=source)
        return Hint(choice=said("Secure %(things)s", things=label(move.items)), group=self.home_group(),
                    rule=RULES["secure"], words=words)

    def land(self, move: Move) -> Hint:
        return Hint(choice=said("Leave %(things)s on Flat Island", things=label(move.items)), group=FLAT_ISLAND,
                    rule=RULES["flat"],
                    words=sentences(said("Leave %(things)s face up on Flat Island, where any ship beside it may take "
                                         "it.", things=things(move.items)), self.sailing_change(lost=move.items)))

    def redeem(self, move: Move) -> Hint:
        return Hint(choice=said("Redeem for %(things)s", things=label(move.items)), group=N_("Anchor Bay"),
                    rule=RULES["redeem"],
                    words=said("Give back your Kidd's Chart and take %(things)s (worth %(value)s) from Treasure Island "
                               "aboard.", things=things(move.items), value=treasure_value(move.items)))

    # --- buttons: answers owed to fights, interruptions and standing orders ---------------------------------------

    def order(self, move: Move) -> Hint:
        order = move.word
        if self.front is not None and self.front.kind == "intercept":
            mover = self.other(self.front.seat)
            if order == "always attack":
                words = said("Fight %(ship)s now, and from now on %(order)s.", ship=mover, order=ORDER_WORDS[order])
            else:
                words = said("Let %(ship)s pass now, and from now on %(order)s.", ship=mover, order=ORDER_WORDS[order])
            return Hint(choice=said("%(order)s from now on", order=ORDER_LABELS[order]), group=self.intercept_group(),
                        rule=RULES["order"], words=words)
        current = ORDER_NAMES[self.state.standing[self.seat]]
        return Hint(choice=ORDER_LABELS[order], group=N_("Standing order"), rule=RULES["order"],
                    words=said("%(label)s: %(order)s. Only you see your standing order (now: %(current)s).",
                               label=ORDER_LABELS[order], order=ORDER_WORDS[order], current=current))

    def intercept_group(self) -> Phrase:
        return said("%(port)s passes your ship", port=port_name(self.state.home(self.front.seat)))

    def intercept(self, move: Move) -> Hint:
        mover = self.other(self.front.seat)
        if move.verb == "attack":
            return Hint(choice=N_("Attack"), group=self.intercept_group(), rule=RULES["intercept"],
                        words=sentences(said("Stop %(ship)s on your square and fight it.", ship=mover),
                                        self.fight_words(self.front.seat)))
        return Hint(choice=N_("Let it pass"), group=self.intercept_group(), rule=RULES["intercept"],
                    words=said("Let %(ship)s sail on through your square.", ship=mover))

    def fight_group(self, other: int) -> Phrase:
        return said("Your fight with %(port)s", port=port_name(self.state.home(other)))

    def demand(self, move: Move) -> Hint:
        loser = self.front.seat
        if move.word == "treasure":
            loot = self.state.ships[loser].cargo
            words = [said("Take all the treasure aboard %(ship)s: %(things)s.", ship=self.other(loser), things=things(loot))]
            if len(loot) + len(self.ship.cargo) > 2:
                words.append(N_("You carry at most two pieces, so you then choose two to keep; the rest go back to "
                                "Treasure Island."))
            return Hint(choice=N_("Demand treasure"), group=self.fight_group(loser), rule=RULES["spoils"],
                        words=sentences(*words))
        if len(self.state.hands[loser]) >= 2:
            words = said("The %(port)s ship gives you two crew cards of its choosing.", port=port_name(self.state.home(loser)))
        else:
            words = said("The %(port)s ship gives you its only crew card.", port=port_name(self.state.home(loser)))
        return Hint(choice=N_("Demand crew"), group=self.fight_group(loser), rule=RULES["spoils"], words=words)

    def give(self, move: Move) -> Hint:
        winner = self.front.other
        return Hint(choice=said("Give %(things)s", things=label(move.items)), group=self.fight_group(winner),
                    rule=RULES["spoils"],
                    words=sentences(said("Give %(things)s to %(ship)s, which won the fight.", things=things(move.items),
                                         ship=self.other(winner)), self.sailing_change(lost=move.items)))

    def keep(self, move: Move) -> Hint:
        rest = list(self.front.items)
        for t in move.items:
            rest.remove(t)
        if not rest:
            words = said("Keep %(things)s aboard.", things=things(move.items))
        elif len(rest) == 1:
            words = said("Keep %(things)s aboard; %(rest)s goes back to Treasure Island.", things=things(move.items),
                         rest=things(rest))
        else:
            words = said("Keep %(things)s aboard; %(rest)s go back to Treasure Island.", things=things(move.items),
                         rest=things(rest))
        return Hint(choice=said("Keep %(things)s", things=label(move.items)), group=self.fight_group(self.other_fighter()),
                    rule=RULES["spoils"], words=words)

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
        group = said("Chance card: %(card)s", card=CHANCE_WORDS[card])
        rule = card_rule(card)
        word = move.word
        if kind == "levy":
            drawer = port_name(self.state.home(item.other))
            group = said("Crew levy: %(port)s takes crew from you", port=drawer)
            return Hint(choice=said("Give %(things)s", things=self.hand_and_docks_label(move)), group=group, rule=rule,
                        words=sentences(said("Give %(port)s %(things)s.", port=drawer,
                                             things=self.hand_and_docks_words(move)),
                                        self.sailing_change(lost=move.items)))
        if word == "treasure" and move.items:
            cut = self.cut_words(card) if kind == "ctreasure" and card in CUT_CARDS else None
            return Hint(choice=said("Treasure: %(things)s", things=label(move.items)), group=group, rule=rule,
                        words=sentences(said("Take %(things)s (worth %(value)s) from Treasure Island aboard your ship.",
                                             things=things(move.items), value=treasure_value(move.items)), cut))
        if word == "treasure":
            return Hint(choice=N_("No treasure fits"), group=group, rule=rule,
                        words=sentences(N_("No treasure fits aboard, so you take none."), self.cut_words(card)))
        if word == "crew":
            count = min(EITHER_CARDS[card][1], len(self.state.pirate))
            return Hint(choice=said("%(n)s crew", n=count), group=group, rule=rule,
                        words=counted("Take %(n)s crew card from the top of Pirate Island instead of treasure.",
                                      "Take %(n)s crew cards from the top of Pirate Island instead of treasure.", count))
        if word == "name":
            named = port_name(move.name)
            if card == 2:
                words = said("Name %(port)s: it gives you 3 crew cards of its choosing, from its hand or its Docks.",
                             port=named)
            else:
                words = said("Swap two crew cards, picked at random, with the %(port)s ship.", port=named)
            return Hint(choice=said("Name %(port)s", port=named), group=group, rule=rule, words=words)
        if word == "swap":
            return Hint(choice=N_("Swap"), group=group, rule=rule,
                        words=said("Swap two crew cards, picked at random, with %(ship)s.", ship=self.other(item.other)))
        if word == "give":
            crew, treasure, _ = split_items(move.items)
            return Hint(choice=said("Give %(things)s", things=label(move.items)), group=group, rule=rule,
                        words=sentences(said("Give %(things)s to %(ship)s, the nearest ship.", things=things(move.items),
                                             ship=self.other(item.other)), self.sailing_change(lost=crew)))
        if word == "lose":
            crew, treasure, _ = split_items(move.items)
            if card == 10:
                lost = said("Lose %(things)s to the bottom of Pirate Island.", things=things(move.items))
            else:
                lost = said("Lose %(things)s onto Flat Island, face up.", things=things(move.items))
            return Hint(choice=said("Lose %(things)s", things=label(move.items)), group=group, rule=rule,
                        words=sentences(lost, self.sailing_change(lost=crew)))
        if word == "return":
            return self.returning(move, card, group, rule)
        raise AssertionError(f"no hint for chance {word!r}")

    def cut_words(self, card: int) -> Phrase | None:
        total, limit = sailing_value(self.hand), CUT_CARDS[card][1]
        if total <= limit:
            return None
        return said("Then your crew, worth %(total)s, is cut to at most %(limit)s.", total=total, limit=limit)

    def returning(self, move: Move, card: int, group, rule: str) -> Hint:
        where = self.hand_and_docks_words(move)
        if card == 22:
            left = len(self.hand) + len(docks_of(self.state, self.port).crew) - len(move.items) - len(move.docks)
            words = said("Return %(things)s to the bottom of Pirate Island, keeping %(left)s crew cards in all.",
                         things=where, left=left)
        elif card == 20:
            words = said("Put %(things)s at the bottom of Pirate Island (no other ship is on the coast to swap with).",
                         things=where)
        else:
            kept = sailing_value(self.hand) - sum(crew_value(c) for c in move.items)
            words = said("Put %(things)s at the bottom of Pirate Island, keeping a crew worth %(kept)s (at most "
                         "%(limit)s).", things=where, kept=kept, limit=CUT_CARDS[card][1])
        return Hint(choice=said("Return %(things)s", things=self.hand_and_docks_label(move)), group=group, rule=rule,
                    words=sentences(words, self.sailing_change(lost=move.items)))

    def hand_and_docks_words(self, move: Move) -> Phrase:
        parts = []
        if move.items:
            parts.append(said("%(things)s from your hand", things=things(move.items)))
        if move.docks:
            parts.append(said("%(things)s from your Docks", things=things(move.docks)))
        return listing(parts) if parts else N_("nothing")

    def hand_and_docks_label(self, move: Move) -> Phrase:
        parts = []
        if move.items:
            parts.append(label(move.items))
        if move.docks:
            parts.append(said("Docks %(things)s", things=label(move.docks)))
        return between(parts, ", ") if parts else N_("nothing")
