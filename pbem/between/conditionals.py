"""Conditional moves: storing a seat's lines, following them through the log, and playing the reply a line
gives when the seat comes to owe a decision (architecture section 14).

A line is `[[their moves], my move, [their moves], my move, ...]`: "their moves" are the other seats'
moves between two of this seat's decisions, in the order they are made. The seat's lines start at a
position (`seq`); everything after it is read from the log, append by append:

- another seat's move counts as "their move" only when this seat was shown it whole: every event of it
  as this seat sees it is the event as stored, and none draws chance or shows anything hidden (the
  game's `reveals`). Then it is compared, ignoring case and spacing, with the line's next entry. A move
  not shown whole (a secret plan, a die, a card taken from a hidden deck), a resignation, a move by the
  clock, or a takeback ends every line;
- this seat's own move must be the line's move for the line to go on (a move made by hand that is the
  line's keeps it going);
- when the seat owes a decision and a line has had exactly its "their moves", the line's move is
  played at once (actor the seat, `via: conditional`) if it is legal; a line that has had fewer is
  dropped. The first such line, in the order they were set, is followed.

Hidden information, what was decided. Another seat's hidden plan must never decide or reveal anything:
- matching reads only what this seat was shown (above), so whether a line goes on, stops or plays is a
  function of what the seat itself saw and of its own legal moves, never of another seat's secrets;
- checking a line when it is set would need the other seats' legal moves, which can tell what they hold
  (in Buccaneer how far a ship may sail depends on its hidden crew). So "their moves" are checked against
  the rules only in a game where this seat has been shown every event whole so far and that did not
  start from a custom position, unless the game hides nothing (`OPEN_INFORMATION`: its board shows the
  whole position; elsewhere a custom one may hold hidden cards and stays hidden until the end); elsewhere
  they are stored as written, and nothing after them is checked, the position there being unknown to
  this seat. The seat's own moves are checked wherever the position is known (a line that starts with
  its own move, in any game);
- the lines are sealed like notes: others see that a seat set lines, never what; a line stops without an
  event (an event right after another seat's move would tell that seat whether the line expected it).
  That a reply was played at once is visible, as it is on every site with conditional moves.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Iterator

from .. import store
from ..events.agreements import GAME_REWOUND
from ..games.base import Event, GameError
from ..notify.between import supersede_turn_notices
from ..play import loading, service
from ..play.folding import PLATFORM_EVENTS, Folded, legal_moves
from ..play.redaction import public_data
from ..store.recent import Recent
from . import Refused
from .agreements import is_position

log = logging.getLogger("pbem.conditionals")

MAX_LINES = 20
MAX_STEPS = 20          # pairs of (their moves, my move) in one line
MAX_THEIRS = 8          # their moves between two of mine
MAX_MOVE = service.MAX_MOVE
READ_AHEAD = 128        # events read at a time when following lines through the log


def normal(move: str) -> str:
    return " ".join(str(move).lower().split())


# --- the shape of lines (a 400 when wrong) ------------------------------------------------------------------


def parse_lines(raw: Any) -> list[list]:
    """Lines as sent, checked for shape and size: each a list alternating a list of their moves and
    one move of the seat's, ending with the seat's move."""
    def bad(reason: str):
        raise service.BadRequest(reason)

    def move_text(value, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            bad(f"{where} must be a move in the game's notation")
        if len(value) > MAX_MOVE:
            bad(f"{where} is longer than {MAX_MOVE} characters")
        return " ".join(value.split())

    if not isinstance(raw, list):
        bad("lines must be a list of lines")
    if len(raw) > MAX_LINES:
        bad(f"at most {MAX_LINES} lines")
    out = []
    for number, line in enumerate(raw, 1):
        if not isinstance(line, list) or not line or len(line) % 2:
            bad(f"line {number} must be [[their moves], your move, [their moves], your move, ...]")
        if len(line) > 2 * MAX_STEPS:
            bad(f"line {number} has more than {MAX_STEPS} of your moves")
        parsed: list = []
        for index in range(0, len(line), 2):
            theirs, mine = line[index], line[index + 1]
            if not isinstance(theirs, list) or len(theirs) > MAX_THEIRS:
                bad(f"line {number}: entry {index + 1} must be a list of at most {MAX_THEIRS} of their moves")
            parsed += [[move_text(m, f"line {number}: their move") for m in theirs],
                       move_text(mine, f"line {number}: your move")]
        out.append(parsed)
    return out


# --- positions a seat can know ------------------------------------------------------------------------------


class ChanceNeeded(Exception):
    pass


class NoChance:
    """Deciding a move with this tells whether its result is certain: it refuses to draw."""

    def below(self, n):
        raise ChanceNeeded()

    def roll(self, sides=6):
        raise ChanceNeeded()

    def shuffle(self, items):
        raise ChanceNeeded()

    def sample(self, items, k):
        raise ChanceNeeded()


def step(module, state, seat: int, move: str):
    """The state after a legal move when it is certain (no chance, nothing hidden shown), else None."""
    try:
        events = module.decide(state, seat, move, NoChance())
    except ChanceNeeded:
        return None
    for event in events:
        if module.reveals(Event(event.type, event.data, event.actor)):
            return None
        state = module.evolve(state, event)
    return state


def movers(module, state) -> frozenset[int]:
    return frozenset() if module.outcome(state) is not None else frozenset(module.to_move(state))


def canonical(module, state, seat: int, move: str) -> str | None:
    """The move as the seat's legal moves spell it, or None when it is not one of them."""
    wanted = normal(move)
    return next((m for m in module.legal_moves(state, seat) if normal(m) == wanted), None)


_HIDDEN: Recent[tuple] = Recent(size=1024)


def hidden_from(db, folded: Folded, seat: int) -> bool:
    """Whether this seat may not know everything of the game: it started from a custom position in a game
    that hides anything (the position may hold hidden cards), or some event so far was shown to this
    seat other than whole. Once true, true for good (the log only grows); worked out over the new events
    only."""
    custom = (folded.created.get("options") or {}).get("position") is not None
    if custom and not getattr(folded.module, "OPEN_INFORMATION", False):
        return True
    key = (loading.database_file(db), folded.id, seat)
    known = _HIDDEN.get(key)
    upto, hidden = 0, False
    if known is not None and store.hash_at(db, folded.id, known[0]) == known[1]:
        upto, hidden = known[0], known[2]
    while not hidden and upto < folded.seq:
        events = store.read_events_after(db, folded.id, upto, upto=min(upto + 512, folded.seq))
        if not events:
            break
        hidden = any(not shown_whole(folded, e, seat) for e in events if e.type not in PLATFORM_EVENTS)
        upto = events[-1].seq
    if upto:
        _HIDDEN.put(key, (upto, store.hash_at(db, folded.id, upto), hidden))
    return hidden


def shown_whole(head: Folded, event, seat: int) -> bool:
    """Whether the seat was shown this game event exactly as stored."""
    return _json(public_data(head, event, seat)) == _json(event.data)


def _json(value) -> str:
    return json.dumps(value, sort_keys=True)


# --- checking lines when they are set (a 422 when not legal) ------------------------------------------------


def check_lines(anchor: Folded, seat: int, lines: list[list], hidden: bool) -> list[list]:
    """Each line checked from the position it starts at, as far as the seat can know the positions
    along it (module docstring); moves that are checked come back in the game's own spelling."""
    module = anchor.module
    names = anchor.names
    out = []
    for number, line in enumerate(lines, 1):
        def refuse(reason: str):
            raise Refused(f"line {number}: {reason}")

        state, known = anchor.state, True
        checked: list = []
        for index in range(0, len(line), 2):
            theirs, mine = [], line[index + 1]
            for move in line[index]:
                if known:
                    owing = movers(module, state)
                    if not owing:
                        refuse(f"the game is over before {move}")
                    if seat in owing:
                        refuse(f"before {move} it is your own decision: the line must give your move first")
                    if hidden:
                        known = False  # their legal moves could tell what they hold: not checked
                    else:
                        owner = next((s for s in sorted(owing) if canonical(module, state, s, move)), None)
                        if owner is None:
                            who = " or ".join(names[s] for s in sorted(owing))
                            refuse(f"{move} is not a legal move for {who} at that point")
                        move = canonical(module, state, owner, move)
                        state = step(module, state, owner, move)
                        known = state is not None
                theirs.append(move)
            if known:
                if seat not in movers(module, state):
                    after = f"after {', '.join(theirs)}" if theirs else "where the line starts"
                    refuse(f"{after} it is not your decision")
                spelled = canonical(module, state, seat, mine)
                if spelled is None:
                    refuse(f"{mine} is not one of your legal moves at that point")
                mine = spelled
                state = step(module, state, seat, mine)
                known = state is not None
            checked += [theirs, mine]
        out.append(checked)
    return out


def set_lines(db, site, game_id: str, token: str | None, lines: Any, seq: Any = None,
              now: str | None = None) -> service.Played:
    """Replace the seat's lines with these, starting at position `seq` (default: now)."""
    parsed = parse_lines(lines)
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
        raise service.BadRequest("seq must be the whole number of a position of the game")

    def command(folded, seat):
        if folded.finished:
            raise Refused("the game is over")
        anchor_seq = folded.seq if seq is None else seq
        if not 1 <= anchor_seq <= folded.seq or not is_position(db, folded, anchor_seq):
            raise Refused(f"seq {anchor_seq} is not a position of this game (it is at {folded.seq})")
        anchor = loading.at(db, folded, anchor_seq)
        checked = check_lines(anchor, seat, parsed, hidden_from(db, folded, seat))
        return {"verb": "conditionals", "seat": seat, "about": anchor_seq, "lines": checked}

    return service.act(db, site, game_id, token, command, now)


# --- following lines through the log ------------------------------------------------------------------------


@dataclass(frozen=True)
class Cursor:
    line: int       # which line
    pair: int       # which (their moves, my move) pair is next
    had: int        # how many of that pair's their moves have been made


END = ("end", "")   # a token that ends every line


def appends_after(db, game_id: str, after: int, upto: int) -> Iterator[list]:
    pending: list = []
    position = after
    while position < upto:
        events = store.read_events_after(db, game_id, position, upto=min(position + READ_AHEAD, upto))
        if not events:
            break
        for event in events:
            if event.command is not None and pending:
                yield pending
                pending = []
            pending.append(event)
        position = events[-1].seq
    if pending:
        yield pending


def token(head: Folded, batch: list, seat: int) -> tuple[str, str] | None:
    """What one append is to this seat's lines: its own move, another seat's move shown whole, the end of
    every line, or nothing (an append that changes nothing in the game: a message, a note...)."""
    if any(e.type == GAME_REWOUND for e in batch):
        return END
    moves = [e for e in batch if e.type not in PLATFORM_EVENTS]
    if not moves:
        return None
    command = batch[0].command or {}
    if command.get("verb") != "move" or not isinstance(command.get("seat"), int):
        return END
    if command["seat"] == seat:
        return ("mine", normal(command["move"]))
    module = head.module
    for event in moves:
        if not shown_whole(head, event, seat) or module.reveals(Event(event.type, event.data, event.actor)):
            return END
    return ("theirs", normal(command["move"]))


def follow(db, head: Folded, seat: int) -> tuple[list[list], list[Cursor]]:
    """The seat's lines and where each one that still matches stands now."""
    entry = (head.facts.get("conditionals") or {}).get(seat)
    if not entry or not entry["lines"] or head.finished:
        return [], []
    lines = entry["lines"]
    cursors = [Cursor(i, 0, 0) for i in range(len(lines))]
    for batch in appends_after(db, head.id, entry["anchor"], head.seq):
        told = token(head, batch, seat)
        if told is None:
            continue
        kind, move = told
        moved = []
        for c in cursors:
            theirs, mine = lines[c.line][2 * c.pair], lines[c.line][2 * c.pair + 1]
            if kind == "theirs" and c.had < len(theirs) and normal(theirs[c.had]) == move:
                moved.append(Cursor(c.line, c.pair, c.had + 1))
            elif kind == "mine" and c.had == len(theirs) and normal(mine) == move:
                if 2 * (c.pair + 1) < len(lines[c.line]):
                    moved.append(Cursor(c.line, c.pair + 1, 0))
        cursors = moved
        if not cursors:
            break
    if seat in head.to_move:  # the seat's decision has come: only lines that had all their moves count
        cursors = [c for c in cursors if c.had == len(lines[c.line][2 * c.pair])]
    return lines, cursors


def live_lines(db, head: Folded, seat: int) -> list[list]:
    """The lines as they stand now: what remains of each one that still matches, from this position."""
    lines, cursors = follow(db, head, seat)
    out = []
    for c in cursors:
        line = lines[c.line]
        rest = [list(line[2 * c.pair][c.had:]), *line[2 * c.pair + 1:]]
        if rest not in out:
            out.append(rest)
    return out


def due_reply(db, head: Folded, seat: int) -> str | None:
    """The move a line gives the seat now, if it owes a decision and a line has had all its moves, and
    that move is legal."""
    if seat not in head.to_move or head.finished:
        return None
    lines, cursors = follow(db, head, seat)
    for c in cursors:
        wanted = normal(lines[c.line][2 * c.pair + 1])
        found = next((m for m in legal_moves(head, seat) if normal(m) == wanted), None)
        if found is not None:
            return found
    return None


# --- playing them ------------------------------------------------------------------------------------------


def play_due(db, site, game_id: str, seat: int) -> service.Played | None:
    """Play the seat's due reply, deciding again on the game as it is at each attempt."""
    for _ in range(service.APPEND_ATTEMPTS):
        head = service.load(db, game_id)
        move = due_reply(db, head, seat)
        if move is None:
            return None
        command = {"verb": "move", "seat": seat, "move": move, "via": "conditional"}
        now = service.utcnow()
        try:
            played = service.append_command(db, site, head, command, now)
        except store.Conflict:
            continue
        supersede_turn_notices(db, game_id, seat, head.seq, now)  # it is not the seat's turn any more
        return played
    return None


def after_append(db, site, played) -> None:
    """service.AFTER_APPEND: after every append, play the replies that are due. Never raises: the append
    it follows is done."""
    try:
        head = played.loaded
        entries = head.facts.get("conditionals") or {}
        if head.finished or not any(entry.get("lines") for entry in entries.values()):
            return
        for seat in sorted(head.to_move):
            if (entries.get(seat) or {}).get("lines"):
                play_due(db, site, head.id, seat)
    except (GameError, service.ServiceError):
        log.exception("a conditional move in game %s could not be played", played.loaded.id)
    except Exception:  # noqa: BLE001 - the append is committed and acknowledged; this must not undo that
        log.exception("conditional moves of game %s failed", played.loaded.id)
