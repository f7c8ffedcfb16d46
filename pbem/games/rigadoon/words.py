"""RIGADOON told in words (issue 13): `describe(before, events, seat, names)` and `reveals(event)`.

`describe` turns the events of one append (a command and the automatic steps it caused) into lines a
person reads in a move list or a notice: who sailed which ship where, which chests it pushed, every
attack of the chain it set off (who blasted whom, where to, masts lost, backfires, maelstroms, chests
sunk or run aground on and the island a sunk chest washed up on), repairs, the wind, the colours and
the opening wind, the Rigadoon bonus and the end of the game.

A sail is stored as one `move_played`; the chain it sets off is recomputed by the engine, so the words
replay it with a trace (`engine.run_sail(..., trace=...)`) and tell the steps that are new in this
append. Rigadoon hides nothing, so every seat and spectators read the same lines.

Each line is a Phrase (pbem/games/base.py): English message ids with their values, put in the reader's
language when read; ship names, squares and moves stay as the rules write them.
"""

from __future__ import annotations

from typing import Sequence

from ..base import AND, N_, OR, Phrase, capitalised, counted, joined, listed, said
from .board import downwind, opposite
from .engine import run_sail
from .rules import evolve
from .state import State, other_fleet

DIRECTION_WORDS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"),
                   "S": N_("south"), "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}
FLEET_WORDS = {"B": N_("Blue"), "G": N_("Green")}
CHAIN_VERBS = ("attack", "bump", "sink", "aground", "island")


def reveals(event) -> bool:
    """True for the chance outcomes: the wind drawn from the deck or rolled on the die, and the draw
    for the first player. Nothing else is hidden in Rigadoon, so no other event reveals anything."""
    return event.type in ("wind_drawn", "first_player_drawn")


# --- small phrases -------------------------------------------------------------------------------------------


def _squares(n: int) -> Phrase:
    return counted("%(n)s square", "%(n)s squares", n)


def _masts_left(masts: int) -> Phrase:
    return N_("no masts left") if masts == 0 else counted("%(n)s mast left", "%(n)s masts left", masts)


def _wind(direction: str) -> Phrase:
    return said("%(direction)s (blowing toward the %(downwind)s)", direction=DIRECTION_WORDS[direction],
                downwind=DIRECTION_WORDS[downwind(direction)])


def _list(items: Sequence, last: Phrase = AND) -> Phrase:
    return listed(items, last)


def _pushing(pushed: list[str]) -> Phrase:
    if len(pushed) == 1:
        return said("pushing a chest ahead to %(square)s", square=pushed[0])
    return said("pushing chests ahead to %(squares)s", squares=_list(pushed))


class Teller:
    """Words for one append: the players' names and the board of the game being told."""

    def __init__(self, state: State, names: Sequence[str]):
        self.board = state.board
        self.names = list(names)
        self.chooser: Phrase | str = N_("The active player")  # who decides inside the chain being told (R16)
        self.active = state.active

    def name(self, seat) -> Phrase | str:
        if isinstance(seat, int) and 0 <= seat < len(self.names) and str(self.names[seat]).strip():
            return str(self.names[seat])
        return said("Player %(number)s", number=seat + 1) if isinstance(seat, int) else N_("Someone")

    def actor(self, event) -> Phrase | str:
        return self.name(int(event.actor)) if str(event.actor).isdigit() else N_("The rules")

    def fleet_player(self, state: State, fleet: str) -> Phrase | str:
        return self.name(state.seat_of(fleet))

    def square(self, square) -> str:
        return self.board.name(square)

    def island(self, corner: str) -> Phrase:
        return said("island %(corner)s (%(square)s)", corner=corner, square=self.square(self.board.island(corner)))

    # --- the outcome

    def result(self, state: State) -> list[Phrase]:
        if state.result is None:
            return []
        termination, winner = state.result
        if termination == "two_chests":
            fleet = state.fleet_of_seat(winner)
            ports = [self.island(self.board.island_at(s.square)) for s in state.ships
                     if s.name[0] == fleet and s.square is not None and self.board.island_at(s.square)]
            return [said("%(fleet)s has two ships in port, on %(islands)s: %(winner)s wins.",
                         fleet=FLEET_WORDS[fleet], islands=_list(ports), winner=self.name(winner))]
        if termination == "infinite_loop":
            loser = state.fleet_of_seat(1 - winner)
            return [said("The attacks would go on for ever: an endless loop on %(fleet)s's turn, so %(loser)s "
                         "loses and %(winner)s wins.", fleet=FLEET_WORDS[loser], loser=self.name(1 - winner),
                         winner=self.name(winner))]
        if termination == "turn_limit":
            return [counted("The game reached its limit of %(n)s turn: it ends in a draw.",
                            "The game reached its limit of %(n)s turns: it ends in a draw.", state.rules.turn_limit)]
        if termination == "resigned":
            return [said("%(loser)s resigned: %(winner)s wins.", loser=self.name(1 - winner), winner=self.name(winner))]
        if winner is not None:
            return [said("The game is over: %(winner)s wins.", winner=self.name(winner))]
        return [N_("The game is over.")]

    # --- a chain, from the engine's trace

    def chests_moved(self, before, after) -> list[str]:
        return [self.square(sq) for sq in sorted(set(after) - set(before))]

    def landing_words(self, records, i: int, ship: str) -> tuple[list[Phrase], int]:
        """What happened where a ship stopped (a chest sunk and washed up, a claim, running aground),
        from the records right after its movement; returns the parts and how many records they used
        (`told` joins them after the movement's words)."""
        parts, used = [], 0
        while i + used < len(records):
            record = records[i + used]
            kind = record[0]
            if kind == "washed_up":
                if record[2] == 1:
                    parts.append(said("the chest washed up on %(island)s, the only free island",
                                      island=self.island(record[1])))
                else:
                    parts.append(said("%(chooser)s had the chest wash up on %(island)s", chooser=self.chooser,
                                      island=self.island(record[1])))
            elif kind == "claim" and record[1] == ship:
                parts.append(said("%(ship)s claimed the chest on %(island)s and is in port with 3 masts", ship=ship,
                                  island=self.island(record[2])))
            elif kind == "aground" and record[1] == ship:
                parts.append(said("%(ship)s ran aground on the chest at %(square)s", ship=ship,
                                  square=self.square(record[2])))
            else:
                break
            used += 1
        return parts, used

    def sail_line(self, who, base: State, record) -> list:
        """The parts of a sail's sentence, in order (`told` joins them)."""
        _, ship, direction, n, start, final, path, before, after = record
        again = ship in base.acted and ship in base.bonus_sails
        values = {"who": who, "ship": ship, "direction": DIRECTION_WORDS[direction], "squares": _squares(n)}
        if self.board.island_at(start):
            island = self.island(self.board.island_at(start))
            parts: list = [said("%(who)s sailed %(ship)s again (the Rigadoon bonus) out of port on %(island)s, "
                                "leaving the chest there, %(direction)s %(squares)s", island=island, **values)
                           if again else
                           said("%(who)s sailed %(ship)s out of port on %(island)s, leaving the chest there, "
                                "%(direction)s %(squares)s", island=island, **values)]
        else:
            parts = [said("%(who)s sailed %(ship)s again (the Rigadoon bonus) %(direction)s %(squares)s from "
                          "%(start)s", start=self.square(start), **values)
                     if again else
                     said("%(who)s sailed %(ship)s %(direction)s %(squares)s from %(start)s",
                          start=self.square(start), **values)]
        maelstrom = next((sq for sq in path if self.board.maelstrom_at(sq)), None)
        if maelstrom is not None:
            parts += [" ", said("into the maelstrom at %(maelstrom)s and came out at %(square)s",
                                maelstrom=self.square(maelstrom), square=self.square(final))]
        else:
            parts += [" ", said("to %(square)s", square=self.square(final))]
        pushed = self.chests_moved(before, after)
        if pushed:
            parts += [", ", _pushing(pushed)]
        if len(after) < len(before):  # walk_sail took the sunk chest off the board
            if maelstrom is not None:
                parts += [", ", N_("sinking the chest that lay there")]
            elif final in before:
                parts += [" ", N_("and sank the chest there")]
            else:
                parts += [", ", N_("pushing the chest ahead, and sank it there")]
        return parts

    def blast_words(self, record) -> list:
        """The parts of the words for a blasted ship, after its name (`told` joins them)."""
        _, ship, direction, start, final, via, before, after, landing = record
        board = self.board
        if via is not None:
            maelstrom = self.square(dict(board.maelstroms)[via])
            where: list = [said("into the maelstrom at %(maelstrom)s and came out at %(square)s",
                                maelstrom=maelstrom, square=self.square(final))]
            if ship[0] == self.active:
                where += [", ", N_("which ends its turn")]
            distance = None
        else:
            distance = 1 if board.wrap_step(start, direction) == final else 2
            passed = [start] if distance == 1 else [start, board.wrap_step(start, direction)]
            across = any(not board.on_board(board.step(sq, direction)) for sq in passed)
            where = [said("across the edge to %(square)s", square=self.square(final)) if across
                     else said("to %(square)s", square=self.square(final))]
        if board.island_at(start):
            blasted = said("was blasted out of port on %(island)s (the chest stays there),",
                           island=self.island(board.island_at(start)))
        elif start in before and board.is_shallows(start):
            blasted = said("was blasted off the chest at %(square)s,", square=self.square(start))
        else:
            blasted = N_("was blasted")
        if distance is None:
            parts = [blasted, " ", DIRECTION_WORDS[direction], " ", *where]
        else:
            how_far = said("only %(squares)s", squares=_squares(distance)) if distance == 1 and landing is None \
                else _squares(distance)
            parts = [blasted, " ", how_far, " ", DIRECTION_WORDS[direction], " ", *where]
        pushed = self.chests_moved(before, after)
        if pushed:
            parts += [", ", _pushing(pushed)]
        if len(after) < len(before):
            parts += [" ", N_("and sank the chest there")] if via is None else \
                [", ", N_("sinking the chest that lay there")]
        return parts

    def chain_lines(self, who, base: State, records) -> list[Phrase]:
        lines: list[Phrase] = []
        i = 0
        while i < len(records):
            record = records[i]
            kind = record[0]
            i += 1
            if kind == "sail":
                extra, used = self.landing_words(records, i, record[1])
                lines.append(told(self.sail_line(who, base, record), extra))
                i += used
            elif kind == "attack":
                _, attacker, target, direction, masts_before, masts_after = record
                loss = (said("%(ship)s lost a mast (%(left)s)", ship=target, left=_masts_left(masts_after))
                        if masts_before > masts_after else said("%(ship)s had no mast to lose", ship=target))
                parts = [said("%(attacker)s attacked %(target)s from the %(direction)s: %(loss)s", attacker=attacker,
                              target=target, direction=DIRECTION_WORDS[opposite(direction)], loss=loss)]
                extra = []
                if i < len(records) and records[i][0] == "blast" and records[i][1] == target:
                    parts += [" ", AND, " ", *self.blast_words(records[i])]
                    extra, used = self.landing_words(records, i + 1, target)
                    i += 1 + used
                lines.append(told(parts, extra))
            elif kind == "backfire":
                _, attacker, target, masts = record
                parts = [said("%(target)s could not be moved, so the attack backfired: %(attacker)s lost a mast "
                              "(%(left)s)", target=target, attacker=attacker, left=_masts_left(masts))]
                extra = []
                if i < len(records) and records[i][0] == "blast" and records[i][1] == attacker:
                    parts += [" ", AND, " ", *self.blast_words(records[i])]
                    extra, used = self.landing_words(records, i + 1, attacker)
                    i += 1 + used
                lines.append(told(parts, extra))
            elif kind == "blast":
                extra, used = self.landing_words(records, i, record[1])
                lines.append(told([record[1], " ", *self.blast_words(record)], extra))
                i += used
            elif kind == "stuck":
                lines.append(said("%(ship)s could not be moved either: the exchange stops there, nobody moves.",
                                  ship=record[1]))
            elif kind == "rigadoon":
                enemy = FLEET_WORDS[other_fleet(record[1][0])]
                if record[2]:
                    lines.append(said("Rigadoon! All four %(fleet)s ships were hit: %(ship)s is back to 3 masts "
                                      "and may sail once more this turn.", fleet=enemy, ship=record[1]))
                else:
                    lines.append(said("All four %(fleet)s ships were hit again, but %(ship)s earns the Rigadoon "
                                      "bonus only once a turn.", fleet=enemy, ship=record[1]))
            else:  # a claim, running aground or a chest washing up, told apart from its movement
                extra, used = self.landing_words(records, i - 1, record[1] if kind != "washed_up" else "")
                if used:
                    lines.append(told([capitalised(extra[0])], extra[1:]))
                    i += used - 1
        return lines

    def decision_line(self, who, state: State, move: str) -> Phrase | None:
        """The words for a seat's answer to a chain decision (None when the consequences say it)."""
        words = move.split()
        if words[0] == "attack":
            return said("%(who)s chose the next attack: %(attacker)s on %(target)s.", who=who, attacker=words[1],
                        target=words[2])
        if words[0] == "island":
            return None  # the chest's line says where it washed up and who chose
        ship = state.chain.blasted if state.chain is not None else None
        subject = ship or N_("the blasted ship")
        if words[0] in ("sink", "aground"):
            what = N_("sinks the chest in its way") if words[0] == "sink" else N_("runs aground on the chest in its way")
        else:
            pushes = said("pushes the chest %(squares)s", squares=_squares(int(words[1])))
            what = pushes if len(words) <= 2 else joined(pushes, ", ", N_("then sinks it") if words[2] == "sink"
                                                          else N_("then runs aground on it"))
        return said("%(who)s chose: %(ship)s %(what)s.", who=who, ship=subject, what=what)

    def open_decision(self, state: State) -> list[Phrase]:
        chain = state.chain
        if chain is None or state.result is not None:
            return []
        chooser = self.fleet_player(state, state.active)
        if chain.decision == "attack":
            pairs = [said("%(attacker)s on %(target)s", attacker=o.split()[1], target=o.split()[2])
                     for o in chain.options]
            return [said("%(who)s chooses which attack comes next: %(attacks)s.", who=chooser,
                         attacks=_list(pairs, OR))]
        if chain.decision == "island":
            return [said("%(who)s chooses the island where the sunk chest washes up.", who=chooser)]
        if any(o.endswith("sink") for o in chain.options):
            return [said("%(ship)s is blasted into a chest: %(who)s chooses whether it pushes the chest or stops "
                         "to sink it.", ship=chain.blasted, who=chooser)]
        return [said("%(ship)s is blasted into a chest: %(who)s chooses whether it pushes the chest or stops to "
                     "run aground on it.", ship=chain.blasted, who=chooser)]


def told(parts: list, landing: list) -> Phrase:
    """One line of a chain: a movement's parts, then what happened where it stopped, then a full stop."""
    for part in landing:
        parts = [*parts, "; ", part]
    return joined(*parts, ".")


def _trace(base: State, moves: tuple[str, ...]) -> list[tuple]:
    records: list[tuple] = []
    run_sail(base, moves, trace=records)
    return records


def describe(before: State, events, seat, names) -> list[Phrase]:
    """The lines of one append, for any reader: Rigadoon hides nothing, so `seat` changes nothing."""
    teller = Teller(before, names)
    events = list(events)
    lines: list[Phrase] = []
    state = before
    i = 0
    while i < len(events):
        event = events[i]
        if event.type == "first_player_drawn":
            state = evolve(state, event)
            lines.append(said("%(who)s was drawn to go first and chooses a fleet.", who=teller.name(state.first_seat)))
            i += 1
            continue
        if event.type == "resigned":
            was_over = state.result is not None
            state = evolve(state, event)
            if not was_over:
                lines.extend(teller.result(state))
            i += 1
            continue
        if event.type == "wind_drawn":  # a draw told without its `wind` move
            state = evolve(state, event)
            lines.append(said("The wind turned to %(wind)s.", wind=_wind(state.wind)))
            i += 1
            continue
        if event.type != "move_played":
            i += 1
            continue
        move = str(event.data.get("move", ""))
        verb = move.split()[0] if move.split() else ""
        who = teller.actor(event)
        if verb == "sail" and state.chain is None or verb in CHAIN_VERBS and state.chain is not None:
            i, state = _tell_chain(teller, state, events, i, lines)
            continue
        after = evolve(state, event)
        i += 1
        if verb == "colour":
            fleet = after.fleet_of_seat(int(event.actor)) if str(event.actor).isdigit() else after.active
            other = other_fleet(fleet)
            lines.append(said("%(who)s takes the %(fleet)s fleet; %(other)s sails %(other_fleet)s.", who=who,
                              fleet=FLEET_WORDS[fleet], other=teller.fleet_player(after, other),
                              other_fleet=FLEET_WORDS[other]))
        elif verb == "opening":
            lines.append(said("%(who)s set the opening wind: %(wind)s. %(first)s (%(fleet)s) takes the first turn.",
                              who=who, wind=_wind(after.wind), first=teller.fleet_player(after, after.active),
                              fleet=FLEET_WORDS[after.active]))
        elif verb == "wind":
            if i < len(events) and events[i].type == "wind_drawn":
                lines.append(_wind_line(who, state, after, events[i]))
                after = evolve(after, events[i])
                i += 1
            else:
                lines.append(said("%(who)s changed the wind.", who=who))
        elif verb == "repair":
            ship = move.split()[1]
            lines.append(counted("%(who)s repaired %(ship)s (%(n)s mast now).",
                                 "%(who)s repaired %(ship)s (%(n)s masts now).", after.ship(ship).masts,
                                 who=who, ship=ship))
        elif verb == "end":
            values = {"who": who, "fleet": FLEET_WORDS[state.active]}
            if after.result:
                ended = said("%(who)s ended %(fleet)s's turn.", **values) if str(event.actor).isdigit() else \
                    said("Nothing is left for %(fleet)s's ships to do, so the turn is over.", **values)
            else:
                values.update(next=teller.fleet_player(after, after.active), next_fleet=FLEET_WORDS[after.active])
                ended = said("%(who)s ended %(fleet)s's turn: %(next)s (%(next_fleet)s) is to move.", **values) \
                    if str(event.actor).isdigit() else \
                    said("Nothing is left for %(fleet)s's ships to do, so the turn is over: %(next)s (%(next_fleet)s) "
                         "is to move.", **values)
            lines.append(ended)
            lines.extend(teller.result(after))
        else:
            lines.append(said("%(who)s played %(move)s.", who=who, move=move))
        state = after
    return lines


CHAIN_LINES = 40  # a longer chain (only an endless loop gets there) is told by its start and its end


def _shortened(lines: list[Phrase]) -> list[Phrase]:
    if len(lines) <= CHAIN_LINES:
        return lines
    head, tail = lines[:CHAIN_LINES - 6], lines[-5:]
    skipped = len(lines) - len(head) - len(tail)
    return head + [counted("... and so on, %(n)s more step of the same exchange ...",
                           "... and so on, %(n)s more steps of the same exchange ...", skipped)] + tail


def _wind_line(who, before: State, after: State, drawn) -> Phrase:
    direction = str(drawn.data.get("direction", ""))
    if before.rules.wind_mode == "die":
        how = said("%(who)s rolled the wind die", who=who)
    else:
        keep = before.rules.same_wind == "keep"
        reshuffled = not any(keep or card != before.wind for card in before.pile)
        how = said("%(who)s drew a wind card (the discards were shuffled back into the pile first)", who=who) \
            if reshuffled else said("%(who)s drew a wind card", who=who)
    if direction == before.wind:
        return said("%(how)s: the wind stays %(wind)s.", how=how, wind=_wind(direction))
    return said("%(how)s: the wind turned to %(wind)s.", how=how, wind=_wind(direction))


def _tell_chain(teller: Teller, state: State, events, i: int, lines: list[Phrase]) -> tuple[int, State]:
    """Tell a sail, or the answers to its chain's decisions, with every automatic step they caused."""
    first = events[i]
    who = teller.actor(first)
    if state.chain is None:
        base, moves, told = state, (), 0
    else:
        base, moves = state.chain.base, state.chain.moves
        told = len(_trace(base, moves))
        line = teller.decision_line(who, state, str(first.data["move"]))
        if line:
            lines.append(line)
    teller.chooser = teller.fleet_player(state, state.active)
    teller.active = state.active
    while i < len(events) and events[i].type == "move_played":
        state = evolve(state, events[i])
        moves += (str(events[i].data["move"]),)
        i += 1
        if state.chain is None:
            break
    lines.extend(_shortened(teller.chain_lines(who, base, _trace(base, moves)[told:])))
    lines.extend(teller.open_decision(state))
    lines.extend(teller.result(state))
    return i, state
