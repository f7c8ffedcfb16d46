"""A mutable working copy of the board used while one card resolves (spec sections 8, 11-13).

`World(state)` copies what a card may change; the primitives below apply the rules for hits,
reputation, statuses, forced movement, Overboard (PR-18, PR-19), the Flagon reset (PR-12), chest drops
(PR-5), table pushes (PR-14, PR-16, PR-17), barrel rolls (PR-13, PR-15) and throws; `freeze` writes the
result back into a new immutable State. Nothing here draws chance: a card's result is fixed by the
state and the choices made at its reveal, which is why `evolve` may re-run it.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from types import SimpleNamespace

from . import geometry as g
from .data import TABLES
from .state import Character, Duration, State

_DIGITS = re.compile(r"\d+$")


def kind_of(object_id: str) -> str:
    return _DIGITS.sub("", object_id)


class World:
    def __init__(self, state: State, active: str | None = None, card=None):
        self.state = state
        self.data = state.data
        self.board = self.data.board
        self.opts = state.options
        self.c = {ch.id: SimpleNamespace(**{f.name: getattr(ch, f.name) for f in fields(ch)}) for ch in state.chars}
        for ch in self.c.values():
            ch.plan = list(ch.plan)
            ch.durations = list(ch.durations)
        self.objects = dict(state.objects)
        self.tables = {t: tuple(squares) for t, squares in state.tables}
        self.rugs = {r: tuple(squares) for r, squares in state.rugs}
        self.familiar = state.familiar
        self.box = state.box
        self.active = active
        self.card = card
        self.overboard = []  # characters that went Overboard during this card, in order
        self.path = []  # squares passed over by this card's movement
        self.lines = []  # public log lines (stored in card_resolved: their wording never changes)
        self.facts = []  # the same happenings as tuples (kind, ...), for the words of words.py
        self.blocking = set(self.opts["objects.blocking"])
        self.choices = {}
        self.guard_left = {}  # Guard reduction still available to each victim in the current hit

    def say(self, line: str, *fact) -> None:
        self.lines.append(line)
        self.facts.append(fact)

    # --- freezing ---------------------------------------------------------------------------------

    def freeze(self) -> State:
        chars = []
        for ch in self.state.chars:
            m = self.c[ch.id]
            values = {f.name: getattr(m, f.name) for f in fields(Character)}
            values["plan"] = tuple(m.plan)
            values["durations"] = tuple(m.durations)
            chars.append(Character(**values))
        return replace(
            self.state, chars=tuple(chars), objects=tuple(self.objects.items()),
            tables=tuple(self.tables.items()), familiar=self.familiar, box=self.box,
        )

    # --- square tests (spec section 6) -------------------------------------------------------------

    def name(self, square) -> str:
        return g.square_name(square, self.board.rows, self.board.cols)

    def char_at(self, square):
        for cid, ch in self.c.items():
            if ch.square == square and not ch.out:
                return cid
        return None

    def table_of(self, square):
        for tid, squares in self.tables.items():
            if square in squares:
                return tid
        return None

    def is_table(self, square) -> bool:
        return self.table_of(square) is not None

    def is_wall(self, square) -> bool:
        return self.board.is_wall(square)

    def open_water(self, square) -> bool:
        return self.board.is_water(square) and not self.is_table(square)

    def objects_at(self, square) -> list:
        return [o for o, sq in self.objects.items() if sq == square]

    def blocking_at(self, square):
        for o, sq in self.objects.items():
            if sq == square and kind_of(o) in self.blocking:
                return o
        return None

    def rug_of(self, square):
        for rid, squares in self.rugs.items():
            if square in squares:
                return rid
        return None

    def walk_ok(self, x, y) -> bool:
        if self.is_wall(y) or self.open_water(y) or self.char_at(y) or self.blocking_at(y):
            return False
        return not self.is_table(y) or self.is_table(x)

    def landing_ok(self, y) -> bool:
        return not (self.is_wall(y) or self.open_water(y) or self.char_at(y) or self.blocking_at(y))

    def chair_may_lie(self, square, ignore=None) -> bool:
        if self.is_table(square) or self.open_water(square) or self.is_wall(square):
            return False
        other = [o for o, sq in self.objects.items() if sq == square and kind_of(o) in self.blocking and o != ignore]
        return not other

    def line(self, origin, direction, limit=None) -> list:
        """Squares straight ahead of origin: up to `limit`, else to the wall, or 2 beyond the printed grid."""
        beyond = TABLES["line_beyond_grid"]
        out, k = [], 1
        while limit is None or k <= limit:
            square = g.ahead(origin, direction, k)
            if self.is_wall(square):
                break
            r, c = square
            if r < -beyond or c < -beyond or r >= self.board.rows + beyond or c >= self.board.cols + beyond:
                break
            out.append(square)
            k += 1
        return out

    def team(self, cid) -> int:
        return self.c[cid].team

    def same_team(self, a, b) -> bool:
        return a is not None and b is not None and self.c[a].team == self.c[b].team

    def on_board(self, cid) -> bool:
        return self.c[cid].square is not None and not self.c[cid].out

    def level(self, cid) -> str:
        return "table" if self.is_table(self.c[cid].square) else "floor"

    def ahead_of(self, cid, k=1):
        ch = self.c[cid]
        return g.ahead(ch.square, ch.facing, k)

    # --- objects -------------------------------------------------------------------------------------

    def reset_flagon(self) -> None:
        """PR-12: the Flagon never leaves play; it goes loose to the centre square."""
        for ch in self.c.values():
            if ch.holds == "flagon":
                ch.holds = None
        self.objects["flagon"] = self.board.centre
        self.say(f"flagon resets to {self.name(self.board.centre)}", "flagon_reset", self.board.centre)

    def remove_object(self, obj) -> None:
        if obj == "flagon":
            self.reset_flagon()
            return
        self.objects.pop(obj, None)
        self.say(f"{obj} leaves the game", "object_gone", obj)

    def put_object(self, obj, square) -> None:
        """Lay an object loose on a square; in open water it leaves the game (PR-12)."""
        if self.open_water(square) or self.is_wall(square):
            self.objects.pop(obj, None)
            self.remove_object(obj)
            return
        self.objects[obj] = square

    def drop_held(self, cid) -> None:
        """Drop the held object into the holder's square; a chair that may not lie there leaves the game."""
        ch = self.c[cid]
        obj = ch.holds
        if obj is None:
            return
        ch.holds = None
        if kind_of(obj) == "chair" and not self.chair_may_lie(ch.square):
            self.remove_object(obj)
            return
        self.put_object(obj, ch.square)

    def take(self, cid, obj) -> None:
        ch = self.c[cid]
        if ch.holds is not None:
            self.drop_held(cid)
        self.objects.pop(obj, None)
        ch.holds = obj
        if obj == "flagon":
            self.unlock_dragon(cid)

    def unlock_dragon(self, cid) -> None:
        ch = self.c[cid]
        if ch.dragon == "locked" and self.opts["dragon.unlock"] == "first_pickup":
            ch.dragon = "unlocked"
            self.say(f"{cid}'s Dragon card is unlocked", "unlock", cid)

    def drop_chest(self, cid) -> None:
        """PR-5: a chest carrier that loses reputation, is Dazed or Falls drops it into its own square."""
        ch = self.c[cid]
        if ch.holds and kind_of(ch.holds) == "chest":
            self.say(f"{cid} drops {ch.holds}", "drop_chest", cid, ch.holds, ch.square)
            obj, ch.holds = ch.holds, None
            self.put_object(obj, ch.square)

    # --- reputation and statuses (spec 11, 12.1) ------------------------------------------------------

    def boost(self) -> int:
        """Berserk / Bear Form of the Active character (played by an earlier action)."""
        if self.active is None or self.card is None:
            return 0
        extra = 0
        for d in self.c[self.active].durations:
            if d.fresh:
                continue
            step = self.effect_step(d.card, "boost")
            if step and (step[2] is None or step[2] == self.card.id):
                extra += step[1]
        return extra

    def effect_step(self, card_id, primitive):
        card = self.data.cards.get(card_id)
        if card is None:
            return None
        return next((s for s in card.effect if s[0] == primitive), None)

    def defence(self, cid, kind):
        for d in self.c[cid].durations:
            step = self.effect_step(d.card, "defend")
            if step and step[1] == kind:
                return d, step
        return None, None

    def spend_duration(self, cid, duration) -> None:
        self.c[cid].durations = [d for d in self.c[cid].durations if d is not duration]

    def guard_reduction(self, victim) -> int:
        total = 0
        square = self.c[victim].square
        for cid, ch in self.c.items():
            if cid == victim or not self.on_board(cid) or not self.same_team(cid, victim):
                continue
            if g.distance(ch.square, square) != 1:
                continue
            duration, step = self.defence(cid, "guard")
            if duration:
                total += step[2]
        return total

    def lose(self, victim, n, receiver="active", boosted=True) -> None:
        """lose(n): reputation moves from the victim to the receiver (or the box for teammates).
        Guard takes off its amount once per hit (`self.guard_left`), Sanctuary everything."""
        if receiver == "active":
            receiver = self.active
        if boosted and receiver == self.active:
            n += self.boost()
        if boosted and self.guard_left.get(victim):
            cut = min(n, self.guard_left[victim])
            self.guard_left[victim] -= cut
            n -= cut
        sanctuary, _ = self.defence(victim, "sanctuary")
        if sanctuary:
            n = 0
        n = max(0, n)
        v = self.c[victim]
        amount = min(n, v.rep)
        v.rep -= amount
        if receiver is None or self.same_team(receiver, victim):
            self.box += amount
            self.say(f"{victim} -{amount} to the box", "lose", victim, amount, None, n)
        else:
            self.c[receiver].rep += amount
            self.say(f"{victim} -{amount} to {receiver}", "lose", victim, amount, receiver, n)
        if n >= 1:
            self.mark_loss(victim)
            self.drop_chest(victim)

    def mark_loss(self, cid) -> None:
        ch = self.c[cid]
        ch.durations = [replace(d, lost=True) if self.effect_step(d.card, "boast") else d for d in ch.durations]

    def dazed(self, cid) -> None:
        ch = self.c[cid]
        if "!dazed" not in ch.plan:
            if len(ch.plan) >= 3:
                # The third slot is full: the last face-down card returns to hand (secretly).
                for i in range(len(ch.plan) - 1, -1, -1):
                    if not ch.plan[i].startswith("!"):
                        del ch.plan[i]
                        break
            ch.plan.insert(0, "!dazed")
            self.say(f"{cid} is Dazed", "dazed", cid)
        self.drop_chest(cid)

    def falls(self, cid) -> None:
        ch = self.c[cid]
        if "!fallen" not in ch.plan:
            returns = self.opts["status.fallen"].get("returns_card", True)
            for i, item in enumerate(ch.plan):
                if returns and not item.startswith("!"):
                    del ch.plan[i]
                    self.say(f"{cid} Falls; a planned card returns to hand", "falls", cid, True)
                    break
            else:
                self.say(f"{cid} Falls", "falls", cid, False)
            ch.plan.insert(0, "!fallen")
        self.drop_chest(cid)

    def gain(self, cid, n) -> None:
        self.c[cid].rep += n
        self.say(f"{cid} +{n}", "gain", cid, n)

    # --- Overboard (PR-18, PR-19) ---------------------------------------------------------------------

    def go_overboard(self, cid) -> None:
        ch = self.c[cid]
        told = len(self.facts)  # its words are one fact, told once everything below is known
        self.lines.append(f"{cid} Overboard")
        ch.square = None
        ch.facing = None
        carried = ch.holds
        if ch.holds is not None:
            obj, ch.holds = ch.holds, None
            self.remove_object(obj)
        ch.plan = []  # face-down cards back to hand, status tokens removed
        pay = min(self.opts["overboard.reputation"], ch.rep)
        ch.rep -= pay
        receiver = None
        if self.active is None or self.same_team(self.active, cid):
            self.box += pay
            self.lines.append(f"{cid} -{pay} to the box")
        else:
            receiver = self.active
            self.c[self.active].rep += pay
            self.lines.append(f"+{pay} to {self.active}")
        del self.facts[told:]
        self.facts.append(("overboard", cid, pay, receiver, carried))
        self.mark_loss(cid)
        ch.owed = 2
        self.overboard.append(cid)

    # --- hits (spec 12.2, 12.3) -----------------------------------------------------------------------

    def hit(self, victim, parts, thrown=None) -> bool:
        """Apply one hit; returns False when a defence cancelled it."""
        if not self.on_board(victim):
            return False
        if thrown is not None:
            duration, _ = self.defence(victim, "deflect")
            if duration:
                self.spend_duration(victim, duration)
                self.say(f"{victim} deflects and catches {thrown}", "deflects", victim, thrown)
                self.objects.pop(thrown, None)
                if self.c[victim].holds is not None:
                    self.drop_held(victim)
                self.c[victim].holds = thrown
                if thrown == "flagon":
                    self.unlock_dragon(victim)
                return False
        if self.card is not None and self.card.melee:
            duration, step = self.defence(victim, "riposte")
            if duration:
                self.spend_duration(victim, duration)
                self.say(f"{victim} ripostes", "ripostes", victim)
                if self.active is not None and self.on_board(self.active):
                    self.lose(self.active, step[2], receiver=victim, boosted=False)
                return False
        duration, _ = self.defence(victim, "dodge")
        if duration:
            self.spend_duration(victim, duration)
            self.say(f"{victim} dodges", "dodges", victim)
            return False
        self.guard_left[victim] = self.guard_reduction(victim)
        for part in parts:
            if not self.on_board(victim):
                break
            self.apply_part(victim, part)
        return True

    def apply_part(self, victim, part) -> None:
        kind = part[0]
        if kind == "lose":
            self.lose(victim, part[1])
        elif kind == "dazed":
            self.dazed(victim)
        elif kind == "falls":
            self.falls(victim)
        elif kind == "knock":
            n = part[1]
            mode = part[2] if len(part) > 2 else None
            facing = self.c[self.active].facing
            if mode == "airborne":
                self.forced(victim, facing, n, "airborne")
            elif mode == "from_table":
                direction = self.away_from_table(victim)
                if direction:
                    self.forced(victim, direction, n, "knock")
            elif mode in ("left", "right"):
                self.forced(victim, g.turn(facing, mode), n, "knock")
            elif mode == "side":
                self.forced(victim, g.turn(facing, self.choices["side"]), n, "knock")
            else:
                self.forced(victim, facing, n, "knock")
        elif kind == "pull":
            self.forced(victim, None, part[1], "pull")
        elif kind == "shift":
            self.forced(victim, self.choices[part[1]], self.choices[part[2]], "shift")
        elif kind == "steal":
            obj = self.c[victim].holds
            if obj is not None:
                self.c[victim].holds = None
                self.say(f"{self.active} steals {obj} from {victim}", "steals", self.active, obj, victim)
                self.take(self.active, obj)

    def away_from_table(self, cid):
        square = self.c[cid].square
        for d in g.ORTHOGONAL + g.DIAGONAL:
            if self.is_table(g.step(square, d)):
                return g.opposite(d)
        return None

    # --- forced movement (spec 12.4, PR-28) -----------------------------------------------------------

    def move_char(self, cid, square) -> None:
        self.c[cid].square = square

    def forced(self, victim, direction, n, mode) -> None:
        for _ in range(n):
            if not self.on_board(victim):
                return
            x = self.c[victim].square
            d = direction
            if mode == "pull":
                d = g.direction_towards(x, self.c[self.active].square)
                if d is None:
                    return
            y = g.step(x, d)
            x_table = self.is_table(x)
            if self.is_wall(y) or self.char_at(y) or self.blocking_at(y) or (self.is_table(y) and not x_table):
                if mode in ("knock", "airborne"):
                    self.say(f"{victim} slams", "slams", victim)
                    self.lose(victim, self.opts["combat.slam"])
                break
            if self.open_water(y) and mode != "airborne":
                self.move_char(victim, y)
                self.go_overboard(victim)
                return
            self.move_char(victim, y)
            self.say(f"{victim} moved {d} to {self.name(y)}", "forced", victim, d, y, mode)
            if x_table and not self.is_table(y):
                self.falls(victim)
                break
        if mode == "airborne" and self.on_board(victim) and self.open_water(self.c[victim].square):
            self.go_overboard(victim)

    # --- throws --------------------------------------------------------------------------------------

    def throw_object(self, obj, origin, direction) -> None:
        """Throw obj along the unlimited line from origin: the first character at any level is hit;
        the object then leaves play (the Flagon resets) unless it was caught (Deflect)."""
        parts = TABLES["object_throw"][kind_of(obj)]
        self.objects.pop(obj, None)
        for square in self.line(origin, direction):
            victim = self.char_at(square)
            if victim:
                self.say(f"{obj} flies at {victim}", "flies_at", obj, victim)
                caught = self.hit(victim, parts, thrown=obj) is False and self.c[victim].holds == obj
                if caught:
                    return
                break
        self.remove_object(obj)

    # --- barrels and tables (spec 13.6) ----------------------------------------------------------------

    def roll_barrel(self, barrel, direction) -> None:
        x = self.objects[barrel]
        while True:
            y = g.step(x, direction)
            if self.is_wall(y) or self.open_water(y) or self.is_table(y) or self.blocking_at(y):
                break
            victim = self.char_at(y)
            if victim:
                self.say(f"{barrel} hits {victim}", "barrel_hits", barrel, victim)
                self.hit(victim, TABLES["roll_barrel_hit"])
                break
            x = y
        self.objects[barrel] = x
        self.say(f"{barrel} rolls to {self.name(x)}", "barrel_rolls", barrel, x)

    def push_table(self, tid, direction, n) -> None:
        for i in range(n):
            if tid not in self.tables or not self.push_table_once(tid, direction):
                if i == 0:
                    self.say(f"{tid} does not move", "table_stuck", tid)
                return

    def push_table_once(self, tid, direction) -> bool:
        old = self.tables[tid]
        new = tuple(g.step(s, direction) for s in old)
        leading = [s for s in new if s not in old]
        for y in leading:
            if self.is_wall(y) or self.table_of(y) not in (None, tid):
                return False
        shoves = []
        for y in leading:
            dest = g.step(y, direction)
            movers = [m for m in (self.char_at(y), self.blocking_at(y)) if m]
            if movers and (self.is_wall(dest) or self.is_table(dest) or self.char_at(dest) or self.blocking_at(dest)):
                return False
            shoves.append((y, dest))
        # Apply: characters are hit and shoved, blocking objects shoved, loose light objects follow.
        for y, dest in shoves:
            cid = self.char_at(y)
            blocker = self.blocking_at(y)
            light = [o for o in self.objects_at(y) if o != blocker]
            if cid:
                self.hit(cid, TABLES["table_shove_hit"])
                if self.on_board(cid) and self.c[cid].square == y:
                    self.move_char(cid, dest)
                    self.say(f"{cid} shoved to {self.name(dest)}", "shoved", cid, dest)
                    if self.open_water(dest):
                        self.go_overboard(cid)
            if blocker:
                self.put_object(blocker, dest)
            for obj in light:
                if not (self.is_wall(dest) or self.is_table(dest)):
                    self.put_object(obj, dest)
            if self.familiar == y:
                self.familiar = None if self.open_water(dest) else (y if self.is_wall(dest) or self.is_table(dest) else dest)
        # The table moves; its riders move with it.
        riders = [cid for cid, ch in self.c.items() if ch.square in old and not ch.out]
        cargo = [o for o, sq in self.objects.items() if sq in old]
        for cid in riders:
            self.c[cid].square = g.step(self.c[cid].square, direction)
        for obj in cargo:
            self.objects[obj] = g.step(self.objects[obj], direction)
        if self.familiar in old:
            self.familiar = g.step(self.familiar, direction)
        self.tables[tid] = new
        self.say(f"{tid} moves {direction}", "table_moves", tid, direction)
        if self.board.pirate and all(self.board.is_water(s) for s in new):
            # PR-17: a table wholly over water leaves the game with everything on it.
            del self.tables[tid]
            self.say(f"{tid} sinks", "table_sinks", tid)
            for cid in riders:
                if self.on_board(cid):
                    self.go_overboard(cid)
            for obj in cargo:
                if obj in self.objects and self.objects[obj] in new:
                    self.objects.pop(obj, None)
                    self.remove_object(obj)
            if self.familiar in new:
                self.familiar = None
        return True

    # --- telekinesis slide ------------------------------------------------------------------------

    def slide(self, obj, direction, n) -> None:
        x = self.objects[obj]
        heavy = kind_of(obj) in self.blocking
        for _ in range(n):
            y = g.step(x, direction)
            if self.is_wall(y) or self.is_table(y):
                break
            if heavy and (self.char_at(y) or self.blocking_at(y)):
                break
            x = y
            if self.open_water(y):
                self.objects.pop(obj, None)
                self.remove_object(obj)
                return
        self.objects[obj] = x
        self.say(f"{obj} slides to {self.name(x)}", "slides", obj, x)


def new_duration(card_id, on_table) -> Duration:
    return Duration(card=card_id, fresh=True, on_table=on_table, lost=False)
