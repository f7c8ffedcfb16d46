"""The game told in words (issue 13): what happened, append by append, as one seat (or a spectator) may
read it, for the history page's move list, the notices, the seat page's "since your last move", the
record and the feeds.

An append is one command (a seat's move, a resignation, the clock acting) and the automatic steps it
caused; the game's own `describe(before, events, seat, names)` puts its events in words, after that seat's
redaction (`redaction.public_data`, the same as on every other channel), from the state before them. The
platform's own events (vacations, timeouts) are told here. Nothing a person reads carries an internal
identifier.

The games tell in Phrases (message ids with values, pbem/games/base.py), and so does the start of a game
here; `read` puts one in a language through the catalogs (pbem/i18n.py), when it is read. The platform's
other events are still told in English text, which `read` passes on as it is. The games projection keeps
an append's Phrases as JSON (`summary_of`), never a sentence, and `summary_read` tells them to a reader.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from typing import Sequence, Union

from .. import i18n, store
from ..events import KINDS
from ..games.base import Event, Phrase, listed, said
from ..play import loading
from ..play.folding import PLATFORM_EVENTS, Folded, advance, begin

Line = Union[Phrase, str]  # a game's words, or the platform's in English
from ..play.redaction import public_data


@dataclass(frozen=True)
class Told:
    """One append in words."""

    first: int                  # seq of its first event
    last: int                   # seq of its last event: the position after it
    seat: int | None            # the seat whose command it was (None: the rules, the clock, the creation)
    verb: str                   # the command: create, move, resign, timeout, ...
    lines: tuple[Line, ...]
    at: str                     # when

    def read(self, language: str = i18n.DEFAULT) -> tuple[str, ...]:
        return tuple(read(line, language) for line in self.lines)


def read(line: Line, language: str = i18n.DEFAULT) -> str:
    """One line in a language: a Phrase through that language's catalog (English: its ids as they are;
    a missing translation reads as the English), text as it is."""
    if not isinstance(line, Phrase):
        return str(line)
    if i18n.known(language) in (None, i18n.DEFAULT):
        return line.english()
    catalog = i18n.translations(language)

    def words(phrase: Phrase) -> str:
        if phrase.plural is not None:
            count = phrase.args.get(phrase.count)
            return catalog.ngettext(phrase.id, phrase.plural, count if isinstance(count, int) else 0)
        return catalog.gettext(phrase.id)
    return line.render(words)


def tell(db, head: Folded, seat: int | None, after: int, upto: int | None = None) -> list[Told]:
    """The appends after event `after` through `upto` (default: all), told to `seat`."""
    upto = head.seq if upto is None else min(upto, head.seq)
    if after >= upto:
        return []
    start = loading.at(db, head, after) if after >= 1 else None
    return tell_events(head, start, store.read_events_after(db, head.id, after, upto), seat,
                       loading.looking_back(db, head))


def tell_events(head: Folded, start: Folded | None, events: Sequence, seat: int | None, look_back=None,
                end: Folded | None = None) -> list[Told]:
    """These events (the game as `start` before them; None: from its creation), append by append.
    `look_back(seq)` gives the game's state after an earlier seq, for a takeback among the events (one
    back to a position among these events themselves needs none). `end`, when the caller has it, is the
    game after the events: an append being written is told without folding it again."""
    told = []
    folded = start
    seen: dict[int, object] = {}  # the state at the end of each append told, for takebacks to it

    def back(seq: int):
        if seq in seen:
            return seen[seq]
        if look_back is None:
            raise RuntimeError(f"telling a takeback to position {seq} needs look_back")
        return look_back(seq)

    for batch in batches(events):
        holders = tuple(folded.names) if folded is not None else None  # who held each seat then
        if folded is None:  # the creation: the game as it begins, then what its setup drew
            folded = begin(head.id, batch[0])
            lines = describe(head, folded, batch[1:], seat, look_back)
            if not any("begin" in str(line).lower() or "began" in str(line).lower() for line in lines[:1]):
                lines.insert(0, began(folded))
            folded = advance(folded, batch[1:], look_back=back)
        else:
            lines = describe(head, folded, batch, seat, look_back)
            if end is not None and batch[-1].seq == end.seq:
                folded = end
            else:
                folded = advance(folded, batch, look_back=back)
        seen[folded.seq] = folded.state
        command = batch[0].command or {}
        actor = command.get("seat") if isinstance(command.get("seat"), int) else None
        if command.get("via") == "bot" and actor is not None and not head.seats[actor].get("bot"):
            lines = [*lines, said("(The computer played this for %(name)s.)",  # on_timeout: bot
                                  name=(holders or head.names)[actor])]
        told.append(Told(batch[0].seq, batch[-1].seq, actor, command.get("verb", ""), tuple(lines), batch[0].at))
    return told


def batches(events: Sequence) -> list[list]:
    """Events split into their appends (each begins with the event that carries the command)."""
    out: list[list] = []
    for event in events:
        if event.command is not None or not out:
            out.append([event])
        else:
            out[-1].append(event)
    return out


def describe(head: Folded, before: Folded, events: Sequence, seat: int | None, look_back=None) -> list[Line]:
    """One append's lines: the game's events in the game's words, the platform's in ours, in order. Seats
    are named as they were held then (`before`), not by whoever holds them now: a seat handed on keeps its
    old holder's name on the moves they made."""
    module = head.module
    names = tuple(before.names)
    lines: list[Line] = []
    run: list[tuple[Event, object]] = []  # consecutive game events (as told, as stored), told together so
    state = before.state                  # that automatic steps fold into the move that caused them
    behind: list = []  # the last run told, folded into `state` only if another run follows (most appends
                       # are one run: their end state is not needed here)

    def flush():
        nonlocal run, state, behind
        if run:
            for stored in behind:
                state = module.evolve(state, Event(stored.type, stored.data, stored.actor))
            lines.extend(module.describe(state, [told for told, _ in run], seat, names))
            behind = [stored for _, stored in run]
            run = []

    for event in events:
        if event.type in PLATFORM_EVENTS:
            flush()
            line = platform_line(head, event, seat, names, getattr(look_back, "move_number", None))
            if line:
                lines.append(line)
        else:
            run.append((Event(event.type, public_data(head, event, seat), event.actor), event))
    flush()
    return lines


def began(folded: Folded) -> Phrase:
    return said("%(players)s began a game of %(title)s.", players=listed(folded.names), title=folded.module.TITLE)


def platform_line(head: Folded, event, seat: int | None = None, names: tuple | None = None,
                  move_number=None) -> str | None:
    """The platform's own events in words, told from what the reader may see of them (the same redaction
    as every other channel: a sealed note reads as sealed to anyone but its seat); `names`: the seats'
    holders when it happened (default: now). `move_number(seq)`, where the log is at hand, numbers the
    positions an event names (a takeback's, a note's, a conditional line's) as the move list does: the
    event's words then name "move 12", not an event seq (`<key>_move` beside `<key>` in the data)."""
    data = public_data(head, event, seat)
    if move_number is not None:
        data = {**data, **{f"{key}_move": move_number(data[key]) for key in POSITION_KEYS
                           if isinstance(data.get(key), int)}}
    return KINDS[event.type].words(names if names is not None else tuple(head.names), replace(event, data=data))


POSITION_KEYS = ("seq", "to_seq")  # the fields of platform events that name a position of the game


def taken_back(rewinds, item: Told) -> bool:
    """Whether a move of this append was taken back later (issue 15): the log keeps it, marked."""
    return item.verb in ("move", "timeout") and any(to < item.first and item.last < by for to, by in rewinds)


def lines_of(told: Sequence[Told], language: str = i18n.DEFAULT) -> list[str]:
    """The appends' lines, read in a language."""
    return [read(line, language) for item in told for line in item.lines]


# --- the last move in words, kept in the games projection (issue 14: a player's games at a glance) -------

SUMMARY_AT_MOST = 300


def summary_of(head: Folded, before: Folded | None, events: Sequence, look_back=None,
               end: Folded | None = None) -> str | None:
    """One append (the game as `before` it; None: its creation) in words as a spectator reads it, for the
    games projection's `summary`, as JSON (`summary_text`); None when it reads as nothing (settings, a
    replaced link), so the projection keeps the last one that did. `end`: the game after the append,
    when the caller has it."""
    return summary_text(spectator_lines(head, before, events, look_back, end))


def spectator_lines(head: Folded, before: Folded | None, events: Sequence, look_back=None,
                    end: Folded | None = None) -> list[Line] | None:
    """One append's lines as a spectator reads them; None when they cannot be told (logged)."""
    try:
        return [line for item in tell_events(head, before, events, None, look_back, end) for line in item.lines]
    except Exception:  # noqa: BLE001 - words are a convenience of /me: they must never stop an append
        logging.getLogger("pbem.words").exception("no summary for an append of game %s", head.id)
        return None


def summary_text(lines: list[Line] | None) -> str | None:
    """The lines as the projection keeps them: a JSON list of message ids with their values (a Phrase's
    `to_json`; the platform's words still in English: {"text": ...}), never a sentence in a language."""
    if not lines:
        return None
    return json.dumps([line.to_json() if isinstance(line, Phrase) else {"text": str(line)} for line in lines],
                      ensure_ascii=False, separators=(",", ":"))


def summary_read(summary: str | None, language: str = i18n.DEFAULT) -> str | None:
    """The projection's `summary` in a language, shortened to SUMMARY_AT_MOST characters. A summary
    written before they were kept as ids (plain English text; `pbem rebuild` rewrites them) reads as it
    is."""
    if not summary:
        return None
    try:
        kept = json.loads(summary)
    except ValueError:
        kept = None
    if not isinstance(kept, list):
        text = summary
    else:
        text = " ".join(read(Phrase.from_json(item), language) if "id" in item else str(item.get("text", ""))
                        for item in kept if isinstance(item, dict))
    if not text:
        return None
    return text if len(text) <= SUMMARY_AT_MOST else text[:SUMMARY_AT_MOST - 1].rstrip() + "…"


def reads_as_spectator(head: Folded, events: Sequence, seat: int | None) -> bool:
    """Whether `seat` reads these events exactly as a spectator does: in a game that hides nothing, unless
    one of them is the platform's and shows the seat more (its own sealed note, say)."""
    return bool(getattr(head.module, "OPEN_INFORMATION", False)) and all(
        event.type not in PLATFORM_EVENTS or public_data(head, event, seat) == public_data(head, event, None)
        for event in events)


def latest_summary(db, head: Folded, looking: int = 20) -> str | None:
    """The words of the latest of the last `looking` appends that has any (`pbem rebuild`)."""
    starts = store.command_seqs(db, head.id, upto=head.seq, limit=looking, descending=True)
    for start, _ in starts:
        before = loading.at(db, head, start - 1) if start > 1 else None
        upto = min([s for s, _ in store.command_seqs(db, head.id, after=start, limit=1)] or [head.seq + 1]) - 1
        text = summary_of(head, before, store.read_events_after(db, head.id, start - 1, upto),
                          loading.looking_back(db, head))
        if text:
            return text
    return None
