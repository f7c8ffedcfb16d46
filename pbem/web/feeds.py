"""Feeds (architecture section 13): a player's deadlines as an iCalendar file (RFC 5545), the reminders of
each game's clock as alarms, and a game's appends in words as an Atom feed (RFC 4287), as a spectator
sees them.

The calendar is read from the projections (pbem/people/mygames.py) and each owing game's first event (its clock
settings), never by folding a game; it carries no seat link, since a calendar is often synced to some
other service or shared: each event links to the game's spectator page and to /me. The Atom feed tells
the last appends through the same words and redaction as every other channel (pbem/words/__init__.py), so it
shows nothing a spectator may not see.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

from .. import store
from ..people.mygames import MySeat
from ..play import clock
from ..play.folding import Folded
from ..site import Site
from ..words import tell

# --- iCalendar ----------------------------------------------------------------------------------------


def ics_text(value: str) -> str:
    """A TEXT value escaped (RFC 5545 3.3.11)."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))


def fold(line: str) -> str:
    """A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1)."""
    out, current, size = [], "", 0
    for char in line:
        width = len(char.encode())
        if size + width > (75 if not out else 74):
            out.append(current)
            current, size = "", 0
        current += char
        size += width
    out.append(current)
    return "\r\n ".join(out)


def ics_time(moment: str) -> str:
    return clock.parse_time(moment).strftime("%Y%m%dT%H%M%SZ")


def reminders_of(db, game_id: str, left: float | None = None) -> list[int]:
    """The game's reminders, seconds before a deadline, from its first event (one indexed row). Under a
    bank, only those that fit the `left` seconds of the turn (as the clock sends them)."""
    first = store.event_at(db, game_id, 1)
    settings = (first.data.get("clock") or {}) if first else {}
    reminders = list(settings.get("reminders") or [])
    if left is not None and clock.is_fischer(settings):
        reminders = [r for r in reminders if r < left]
    return reminders


def calendar(db, site: Site, seats: list[MySeat], now: str) -> str:
    """Each of the address's moves that has a deadline, as an event at that deadline with an alarm per
    reminder of the game's clock."""
    host = urlsplit(site.base_url).hostname or "pbem"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//pbem//deadlines//EN", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", "X-WR-CALNAME:pbem: your moves due", "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
             "X-PUBLISHED-TTL:PT1H"]
    for seat in seats:
        if not seat.your_turn or not seat.deadline:
            continue
        with_whom = f" with {', '.join(seat.others)}" if seat.others else ""
        about = f"{seat.title}{with_whom}"
        left = (clock.parse_time(seat.deadline) - clock.parse_time(now)).total_seconds()
        description = (f"Your move is due in {about} (game {seat.id}, you play {seat.name}).\n"
                       + (f"Time left: {clock.left_in_words(left)} (as this calendar was read).\n" if left >= 0 else "")
                       + (f"Last: {seat.summary}\n" if seat.summary else "") + f"Your games: {site.base_url}/me")
        lines += ["BEGIN:VEVENT", f"UID:{seat.id}-{seat.seat}@{host}", f"DTSTAMP:{ics_time(now)}",
                  f"DTSTART:{ics_time(seat.deadline)}", "DURATION:PT15M",
                  f"SUMMARY:{ics_text(f'Your move is due: {about}')}", f"DESCRIPTION:{ics_text(description)}",
                  f"URL:{site.game_url(seat.id)}", "TRANSP:TRANSPARENT"]
        for before in reminders_of(db, seat.id, left):
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", f"DESCRIPTION:{ics_text(f'Your move is due soon: {about}')}",
                      f"TRIGGER;RELATED=START:-PT{int(before)}S", "END:VALARM"]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


# --- Atom -----------------------------------------------------------------------------------------------

ATOM = "http://www.w3.org/2005/Atom"
ENTRIES = 50  # the latest appends; the history page has the rest


def atom_feed() -> ET.Element:
    """An empty Atom feed element (RFC 4287), the default namespace Atom's."""
    ET.register_namespace("", ATOM)
    return ET.Element(f"{{{ATOM}}}feed")


def atom_element(parent: ET.Element, tag: str, text: str | None = None, **attributes) -> ET.Element:
    """An Atom element under `parent`, with its text and attributes."""
    element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attributes)
    if text is not None:
        element.text = text
    return element


def atom(db, site: Site, head: Folded, language: str = "en") -> bytes:
    """The game's latest appends in words, newest first, as a spectator reads them, in `language`."""
    starts = store.command_seqs(db, head.id, upto=head.seq, limit=ENTRIES, descending=True)
    after = starts[-1][0] - 1 if starts else 0
    told = [item for item in tell(db, head, None, after) if item.lines]
    game_url = site.game_url(head.id)
    feed = atom_feed()
    add = atom_element
    add(feed, "id", game_url)
    add(feed, "title", f"{head.module.TITLE}, game {head.id}")
    add(feed, "subtitle", "Players: " + ", ".join(head.names))
    add(feed, "updated", rfc3339(head.last_at))
    add(feed, "link", rel="alternate", type="text/html", href=game_url)
    add(feed, "link", rel="self", type="application/atom+xml", href=f"{game_url}/feed.atom")
    author = add(feed, "author")
    add(author, "name", "pbem")
    add(feed, "generator", "pbem")
    for item in reversed(told):
        entry = add(feed, "entry")
        add(entry, "id", f"{game_url}#event-{item.first}")
        lines = item.read(language)
        first = lines[0]
        add(entry, "title", first if len(first) <= 120 else first[:119] + "…")
        add(entry, "updated", rfc3339(item.at))
        add(entry, "link", rel="alternate", type="text/html", href=f"{game_url}/history?at={item.last}")
        add(entry, "content", "\n".join(lines), type="text")
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True)


def rfc3339(moment: str) -> str:
    return clock.format_time(clock.parse_time(moment))
