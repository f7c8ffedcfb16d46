"""RIGADOON told in words (issue 13): `describe(before, events, seat, names)` and `reveals(event)`.

`describe` turns the events of one append (a command and the automatic steps it caused) into lines a
person reads in a move list or a notice: who sailed which ship where, which chests it pushed, every
attack of the chain it set off (who blasted whom, where to, masts lost, backfires, maelstroms, chests
sunk or run aground on and the island a sunk chest washed up on), repairs, the wind, the colours and
the opening wind, the Rigadoon bonus and the end of the game.

A sail is stored as one `move_played`; the chain it sets off is recomputed by the engine, so the words
replay it with a trace (`engine.run_sail(..., trace=...)`) and tell the steps that are new in this
append. Rigadoon hides nothing, so every seat and spectators read the same lines.
"""

from __future__ import annotations

from typing import Sequence

from .board import downwind, opposite
from .engine import run_sail
from .rules import evolve
from .state import State, other_fleet

DIRECTION_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                   "SW": "south-west", "W": "west", "NW": "north-west"}
FLEET_WORDS = {"B": "Blue", "G": "Green"}
CHAIN_VERBS = ("attack", "bump", "sink", "aground", "island")


def reveals(event) -> bool:
    """True for the chance outcomes: the wind drawn from the deck or rolled on the die, and the draw
    for the first player. Nothing else is hidden in Rigadoon, so no other event reveals anything."""
    return event.type in ("wind_drawn", "first_player_drawn")


# --- small phrases -------------------------------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _masts_left(masts: int) -> str:
    return "no masts left" if masts == 0 else f"{_plural(masts, 'mast')} left"


def _wind(direction: str) -> str:
    return f"{DIRECTION_WORDS[direction]} (blowing toward the {DIRECTION_WORDS[downwind(direction)]})"


def _list(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


class Teller:
    """Words for one append: the players' names and the board of the game being told."""

    def __init__(self, state: State, names: Sequence[str]):
        self.board = state.board
        self.names = list(names)
        self.chooser = "The active player"  # who decides inside the chain being told (R16)
        self.active = state.active

    def name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names) and str(self.names[seat]).strip():
            return str(self.names[seat])
        return f"Player {seat + 1}" if isinstance(seat, int) else "Someone"

    def actor(self, event) -> str:
        return self.name(int(event.actor)) if str(event.actor).isdigit() else "The rules"

    def fleet_player(self, state: State, fleet: str) -> str:
        return self.name(state.seat_of(fleet))

    def square(self, square) -> str:
        return self.board.name(square)

    def island(self, corner: str) -> str:
        return f"island {corner} ({self.square(self.board.island(corner))})"

    # --- the outcome

    def result(self, state: State) -> list[str]:
        if state.result is None:
            return []
        termination, winner = state.result
        if termination == "two_chests":
            fleet = state.fleet_of_seat(winner)
            ports = [self.island(self.board.island_at(s.square)) for s in state.ships
                     if s.name[0] == fleet and s.square is not None and self.board.island_at(s.square)]
            return [f"{FLEET_WORDS[fleet]} has two ships in port, on {_list(ports)}: {self.name(winner)} wins."]
        if termination == "infinite_loop":
            loser = state.fleet_of_seat(1 - winner)
            return [f"The attacks would go on for ever: an endless loop on {FLEET_WORDS[loser]}'s turn, so "
                    f"{self.name(1 - winner)} loses and {self.name(winner)} wins."]
        if termination == "turn_limit":
            return [f"The game reached its limit of {_plural(state.rules.turn_limit, 'turn')}: it ends in a draw."]
        if termination == "resigned":
            return [f"{self.name(1 - winner)} resigned: {self.name(winner)} wins."]
        return [f"The game is over: {self.name(winner)} wins." if winner is not None else "The game is over."]

    # --- a chain, from the engine's trace

    def chests_moved(self, before, after) -> list[str]:
        return [self.square(sq) for sq in sorted(set(after) - set(before))]

    def landing_words(self, records, i: int, ship: str) -> tuple[str, int]:
        """What happened where a ship stopped (a chest sunk and washed up, a claim, running aground),
        from the records right after its movement; returns the words and how many records they used."""
        parts, used = [], 0
        while i + used < len(records):
            record = records[i + used]
            kind = record[0]
            if kind == "washed_up":
                if record[2] == 1:
                    parts.append(f"the chest washed up on {self.island(record[1])}, the only free island")
                else:
                    parts.append(f"{self.chooser} had the chest wash up on {self.island(record[1])}")
            elif kind == "claim" and record[1] == ship:
                parts.append(f"{ship} claimed the chest on {self.island(record[2])} and is in port with 3 masts")
            elif kind == "aground" and record[1] == ship:
                parts.append(f"{ship} ran aground on the chest at {self.square(record[2])}")
            else:
                break
            used += 1
        return ("; " + "; ".join(parts) if parts else ""), used

    def sail_line(self, who: str, base: State, record) -> str:
        _, ship, direction, n, start, final, path, before, after = record
        again = " again (the Rigadoon bonus)" if ship in base.acted and ship in base.bonus_sails else ""
        text = f"{who} sailed {ship}{again} {DIRECTION_WORDS[direction]} {_plural(n, 'square')} from {self.square(start)}"
        if self.board.island_at(start):
            text = f"{who} sailed {ship}{again} out of port on {self.island(self.board.island_at(start))}, leaving " \
                   f"the chest there, {DIRECTION_WORDS[direction]} {_plural(n, 'square')}"
        maelstrom = next((sq for sq in path if self.board.maelstrom_at(sq)), None)
        if maelstrom is not None:
            text += f" into the maelstrom at {self.square(maelstrom)} and came out at {self.square(final)}"
        else:
            text += f" to {self.square(final)}"
        pushed = self.chests_moved(before, after)
        if pushed:
            text += f", pushing {'a chest' if len(pushed) == 1 else 'chests'} ahead to {_list(pushed)}"
        if len(after) < len(before):  # walk_sail took the sunk chest off the board
            if maelstrom is not None:
                text += ", sinking the chest that lay there"
            elif final in before:
                text += " and sank the chest there"
            else:
                text += ", pushing the chest ahead, and sank it there"
        return text

    def blast_words(self, record) -> str:
        _, ship, direction, start, final, via, before, after, landing = record
        board = self.board
        if via is not None:
            maelstrom = self.square(dict(board.maelstroms)[via])
            where = f"into the maelstrom at {maelstrom} and came out at {self.square(final)}"
            if ship[0] == self.active:
                where += ", which ends its turn"
            distance = None
        else:
            distance = 1 if board.wrap_step(start, direction) == final else 2
            passed = [start] if distance == 1 else [start, board.wrap_step(start, direction)]
            across = any(not board.on_board(board.step(sq, direction)) for sq in passed)
            where = f"{'across the edge ' if across else ''}to {self.square(final)}"
        off = ""
        if board.island_at(start):
            off = f" out of port on {self.island(board.island_at(start))} (the chest stays there),"
        elif start in before and board.is_shallows(start):
            off = f" off the chest at {self.square(start)},"
        if distance is None:
            text = f"was blasted{off} {DIRECTION_WORDS[direction]} {where}"
        else:
            only = "only " if distance == 1 and landing is None else ""
            text = f"was blasted{off} {only}{_plural(distance, 'square')} {DIRECTION_WORDS[direction]} {where}"
        pushed = self.chests_moved(before, after)
        if pushed:
            text += f", pushing {'a chest' if len(pushed) == 1 else 'chests'} ahead to {_list(pushed)}"
        if len(after) < len(before):
            text += " and sank the chest there" if via is None else ", sinking the chest that lay there"
        return text

    def chain_lines(self, who: str, base: State, records) -> list[str]:
        lines: list[str] = []
        i = 0
        while i < len(records):
            record = records[i]
            kind = record[0]
            i += 1
            if kind == "sail":
                extra, used = self.landing_words(records, i, record[1])
                lines.append(self.sail_line(who, base, record) + extra + ".")
                i += used
            elif kind == "attack":
                _, attacker, target, direction, masts_before, masts_after = record
                loss = (f"{target} lost a mast ({_masts_left(masts_after)})" if masts_before > masts_after
                        else f"{target} had no mast to lose")
                text = f"{attacker} attacked {target} from the {DIRECTION_WORDS[opposite(direction)]}: {loss}"
                if i < len(records) and records[i][0] == "blast" and records[i][1] == target:
                    text += " and " + self.blast_words(records[i])
                    extra, used = self.landing_words(records, i + 1, target)
                    text += extra
                    i += 1 + used
                lines.append(text + ".")
            elif kind == "backfire":
                _, attacker, target, masts = record
                text = f"{target} could not be moved, so the attack backfired: {attacker} lost a mast ({_masts_left(masts)})"
                if i < len(records) and records[i][0] == "blast" and records[i][1] == attacker:
                    text += " and " + self.blast_words(records[i])
                    extra, used = self.landing_words(records, i + 1, attacker)
                    text += extra
                    i += 1 + used
                lines.append(text + ".")
            elif kind == "blast":
                extra, used = self.landing_words(records, i, record[1])
                lines.append(f"{record[1]} {self.blast_words(record)}{extra}.")
                i += used
            elif kind == "stuck":
                lines.append(f"{record[1]} could not be moved either: the exchange stops there, nobody moves.")
            elif kind == "rigadoon":
                enemy = FLEET_WORDS[other_fleet(record[1][0])]
                if record[2]:
                    lines.append(f"Rigadoon! All four {enemy} ships were hit: {record[1]} is back to 3 masts "
                                 "and may sail once more this turn.")
                else:
                    lines.append(f"All four {enemy} ships were hit again, but {record[1]} earns the Rigadoon "
                                 "bonus only once a turn.")
            else:  # a claim, running aground or a chest washing up, told apart from its movement
                extra, used = self.landing_words(records, i - 1, record[1] if kind != "washed_up" else "")
                if used:
                    lines.append(extra[2].upper() + extra[3:] + ".")
                    i += used - 1
        return lines

    def decision_line(self, who: str, state: State, move: str) -> str | None:
        """The words for a seat's answer to a chain decision (None when the consequences say it)."""
        words = move.split()
        if words[0] == "attack":
            return f"{who} chose the next attack: {words[1]} on {words[2]}."
        if words[0] == "island":
            return None  # the chest's line says where it washed up and who chose
        ship = state.chain.blasted if state.chain is not None else None
        subject = ship or "the blasted ship"
        if words[0] in ("sink", "aground"):
            what = "sinks the chest in its way" if words[0] == "sink" else "runs aground on the chest in its way"
        else:
            k = int(words[1])
            what = f"pushes the chest {_plural(k, 'square')}"
            if len(words) > 2:
                what += ", then " + ("sinks it" if words[2] == "sink" else "runs aground on it")
        return f"{who} chose: {subject} {what}."

    def open_decision(self, state: State) -> list[str]:
        chain = state.chain
        if chain is None or state.result is not None:
            return []
        chooser = self.fleet_player(state, state.active)
        if chain.decision == "attack":
            pairs = [f"{o.split()[1]} on {o.split()[2]}" for o in chain.options]
            return [f"{chooser} chooses which attack comes next: {_list(pairs, 'or')}."]
        if chain.decision == "island":
            return [f"{chooser} chooses the island where the sunk chest washes up."]
        landing = "sink it" if any(o.endswith("sink") for o in chain.options) else "run aground on it"
        return [f"{chain.blasted} is blasted into a chest: {chooser} chooses whether it pushes the chest or "
                f"stops to {landing}."]


def _trace(base: State, moves: tuple[str, ...]) -> list[tuple]:
    records: list[tuple] = []
    run_sail(base, moves, trace=records)
    return records


def describe(before: State, events, seat, names) -> list[str]:
    """The lines of one append, for any reader: Rigadoon hides nothing, so `seat` changes nothing."""
    teller = Teller(before, names)
    events = list(events)
    lines: list[str] = []
    state = before
    i = 0
    while i < len(events):
        event = events[i]
        if event.type == "first_player_drawn":
            state = evolve(state, event)
            lines.append(f"{teller.name(state.first_seat)} was drawn to go first and chooses a fleet.")
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
            lines.append(f"The wind turned to {_wind(state.wind)}.")
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
            lines.append(f"{who} takes the {FLEET_WORDS[fleet]} fleet; {teller.fleet_player(after, other)} "
                         f"sails {FLEET_WORDS[other]}.")
        elif verb == "opening":
            lines.append(f"{who} set the opening wind: {_wind(after.wind)}. "
                         f"{teller.fleet_player(after, after.active)} ({FLEET_WORDS[after.active]}) takes the first turn.")
        elif verb == "wind":
            if i < len(events) and events[i].type == "wind_drawn":
                lines.append(_wind_line(who, state, after, events[i]))
                after = evolve(after, events[i])
                i += 1
            else:
                lines.append(f"{who} changed the wind.")
        elif verb == "repair":
            ship = move.split()[1]
            lines.append(f"{who} repaired {ship} ({_plural(after.ship(ship).masts, 'mast')} now).")
        elif verb == "end":
            nxt = "" if after.result else \
                f": {teller.fleet_player(after, after.active)} ({FLEET_WORDS[after.active]}) is to move"
            if str(event.actor).isdigit():
                lines.append(f"{who} ended {FLEET_WORDS[state.active]}'s turn{nxt}.")
            else:
                lines.append(f"Nothing is left for {FLEET_WORDS[state.active]}'s ships to do, so the turn is over{nxt}.")
            lines.extend(teller.result(after))
        else:
            lines.append(f"{who} played {move}.")
        state = after
    return lines


CHAIN_LINES = 40  # a longer chain (only an endless loop gets there) is told by its start and its end


def _shortened(lines: list[str]) -> list[str]:
    if len(lines) <= CHAIN_LINES:
        return lines
    head, tail = lines[:CHAIN_LINES - 6], lines[-5:]
    skipped = len(lines) - len(head) - len(tail)
    return head + [f"... and so on, {skipped} more steps of the same exchange ..."] + tail


def _wind_line(who: str, before: State, after: State, drawn) -> str:
    direction = str(drawn.data.get("direction", ""))
    if before.rules.wind_mode == "die":
        how = f"{who} rolled the wind die"
    else:
        keep = before.rules.same_wind == "keep"
        reshuffled = not any(keep or card != before.wind for card in before.pile)
        how = f"{who} drew a wind card" + (" (the discards were shuffled back into the pile first)" if reshuffled else "")
    if direction == before.wind:
        return f"{how}: the wind stays {_wind(direction)}."
    return f"{how}: the wind turned to {_wind(direction)}."


def _tell_chain(teller: Teller, state: State, events, i: int, lines: list[str]) -> tuple[int, State]:
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
