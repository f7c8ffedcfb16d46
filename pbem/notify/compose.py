"""Which notices an append causes, and their words: invitations, "your turn", results, reminders,
timeouts, answers to e-mailed moves, and daily digests (architecture section 8, the correspondence issue).

Every notice is addressed to one seat, on each channel that seat has switched on (e-mail, webhook), and
carries that seat's link and the board as that seat may see it: hidden information stays hidden here as
on the page. The outbox rows are returned to the service, which writes them in the same transaction as
the events that caused them.

A row says what to tell, not the words (architecture section 24, issue 26): the event the notice is
about, the position it is told from (`at`), what happened to be told (`told`: nothing, what happened since
an earlier seq, a takeback, lines given), the links it carries and the few arguments of its kind. The
words (subject, bodies, the webhook's payload) are composed by the process that delivers it
(pbem/notify/wording.py, with `context` and `words` here), from the log up to the notice's position, so
a move's request does not pay for them and they can be told in the recipient's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Iterable, Sequence

from jinja2 import Environment, FileSystemLoader, select_autoescape

from .. import i18n
from ..config import TEMPLATES_DIR
from ..events.computer import computer_seats
from ..events.core import scheduled_vacation_words
from ..games.base import Phrase, counted, said
from ..i18n import N_
from ..play import loading
from ..play.folding import legal_moves
from ..site import Site
from ..words import lines_of, read, reads_as_spectator, tell, tell_events
from . import between
from .unsubscribe import masked

HELD_WHEN_DIGEST = {"invitation", "your_turn", "result",  # reminders, timeouts and answers are urgent
                    "message", "rewound", "conditional"}  # issue 15; a proposal to answer is not held: a move makes it lapse

@lru_cache(maxsize=None)
def environment(language: str) -> Environment:
    """The mail templates' environment in one language: `_(...)` and `ngettext(...)` read its catalog
    (pbem/i18n.py), values filled in after translation and escaped in the HTML bodies (new-style gettext).
    One per language, each compiling its templates once."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATES_DIR / "mail")),
                      autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                      extensions=["jinja2.ext.i18n"],
                      auto_reload=False)  # templates change with the code, not under a running server: no stat per mail
    env.install_gettext_translations(i18n.translations(language), newstyle=True)
    return env


def render(template_name: str, language: str = i18n.DEFAULT, **context) -> str:
    """A mail body in `language` (the partials a text and an HTML body share, `_*.txt`, hold only values
    pbem makes, numbers, times and hashes, so they need no escaping where an HTML body includes them)."""
    return template(template_name, language).render(language=language, **context)


@lru_cache(maxsize=None)
def template(name: str, language: str = i18n.DEFAULT):
    """A compiled mail template, looked up once (jinja's own lookup costs a lock and a cache key per mail)."""
    return environment(language).get_template(name)


SUBJECTS = {  # kept in English, read in the recipient's language (`subject`)
    "invitation": N_("you are invited to play"),
    "your_turn": N_("your turn"),
    "result": N_("the game is over"),
    "reminder": N_("reminder: your move is due"),
    "timeout": N_("your time ran out"),
    "reply": N_("your e-mailed move"),
    "links": N_("your seat link, as asked"),
    "joined": N_("you have joined"),
    # between players (issue 15, pbem/notify/between.py)
    "message": N_("a message"),
    "proposal": N_("a proposal to answer"),
    "answered": N_("a proposal was answered"),
    "rewound": N_("a move was taken back"),
    "paused": N_("the game is paused"),
    "resumed": N_("the game runs again"),
    "conditional": N_("your conditional move was played"),
    "handover": N_("a seat handed on to you"),
    "handed_away": N_("you handed your seat on"),
    "address_changed": N_("your seat's notices go to a new address"),
    "vacation": N_("a player will be away"),  # an address's vacation for all its games (issue 28)
    "took_seat": N_("you took a reopened seat"),  # a reopened seat (issue 31, pbem/people/reopen.py)
    "newcomer": N_("a new player took a seat"),
}


def subject(kind: str, loaded, seat: int, extra: str = "", language: str = i18n.DEFAULT) -> str:
    """A notice's subject: the game, what happened and the seat's name, the words in `language`; `extra`
    is read in it too (a Phrase's JSON, or words of a row written before, as they are)."""
    said_what = i18n.translate(language, SUBJECTS[kind.split(':')[0]])
    head = f"[pbem] {loaded.module.TITLE} {loaded.id}: {said_what}"
    if isinstance(extra, dict):
        extra = read(Phrase.from_json(extra), language)
    return f"{head}, {loaded.names[seat]}" + (f" ({extra})" if extra else "")


def context(links: Mapping | Site, loaded, seat: int, kind: str, happened: Iterable[str], now: str, *,
            units=None, **extra) -> dict:
    """What a notice's templates are given: the game at the notice's position (`loaded`) as `seat` may see
    it, told at `now` (when the notice was written: the time left is as it was then). `links`: the seat's
    link and the game's page as the row holds them, or the site to make them. `units`: the time left's
    units in the recipient's language (clock.left_in_words' `say`; English without)."""
    from ..play import clock

    if isinstance(links, Site):
        links = {"seat_url": seat_url(links, loaded, seat), "game_url": links.game_url(loaded.id)}
    module = loaded.module
    legal = legal_moves(loaded, seat)
    deadline = loaded.deadline(seat, clock.parse_time(now))
    result = loaded.outcome
    link = links["seat_url"]
    return {
        "kind": kind, "title": module.TITLE, "game_id": loaded.id, "name": loaded.names[seat], "seat": seat,
        "names": loaded.names, "seat_url": link, "game_url": links["game_url"],
        "settings_url": link + "/settings",
        "board": module.render_text(loaded.state, seat), "legal": legal[:30], "legal_count": len(legal),
        "your_turn": seat in loaded.to_move and result is None, "deadline": clock.format_time(deadline) if deadline else None,
        # as time left when the notice was written (a bank's turn is as long as what is in the bank)
        "time_left": clock.left_in_words((deadline - clock.parse_time(now)).total_seconds(), units) if deadline else None,
        "bank": clock.is_fischer(loaded.clock),
        "happened": list(happened), "notation": module.NOTATION,
        "outcome": result.to_json() if result else None,
        "winner_names": [loaded.names[w] for w in result.winners] if result else [],
        "seq": loaded.seq, "head": head_of(loaded), **extra,
    }


def head_of(loaded) -> dict:
    """The game's head as this notice names it (architecture section 19): the seq and hash of the last event
    of the game as the notice tells it. A player who keeps it can tell later that the server lost moves."""
    return {"seq": loaded.seq, "hash": loaded.last_hash}


def seat_url(site: Site, loaded, seat: int) -> str:
    """The seat's link as it stands (a replaced link is of a later generation)."""
    return site.seat_url(loaded.id, seat, loaded.seats[seat].get("generation", 0))


def has_channel(loaded, seat: int, email_only: bool = False) -> bool:
    """Whether a notice to this seat may go anywhere. Any seat may have devices subscribed to Web Push
    (for it or its address: only the database knows, and store.outbox.enqueue finds them), so every notice
    that is not for mail only may; one for mail only goes where the seat has an address."""
    if not email_only:
        return True
    return bool(loaded.settings[seat].get("email"))


NOTHING = ("none",)  # what a notice tells of the game beyond its position: nothing


def rows(site: Site, loaded, seat: int, kind: str, now: str, seq: int | None = None, email_only: bool = False,
         told: Sequence = NOTHING, extra: dict | None = None, head_seq: int | None = None) -> list[dict]:
    """The outbox rows of one notice to one seat: an e-mail and/or a webhook call, as its settings say.
    `email_only` (answers to e-mailed moves) writes to the seat's address even with its notices off.
    The rows hold what to say, not the words (wording.py composes them when the notice is delivered):
    `loaded` is the position the notice is told from, `told` what it tells happened (("since", seq): all
    since that seq as the seat may read it; ("rewound", seq): a takeback; ("handover", seq): the game so
    far for a new holder; ("lines", [...]): these lines), `extra` its kind's arguments, `head_seq` the
    event whose head it names when that is not its position's (a notice about a change, told from before
    it). Both channels carry the game's head: the mail's payload for its X-Pbem-Head header
    (pbem/notify/mail.py) and its footer; the webhook's payload as "head"."""
    settings = loaded.settings[seat]
    out = []
    link = seat_url(site, loaded, seat)
    args = {"at": loaded.seq, "told": list(told), "extra": extra or {}, "seat_url": link,
            "game_url": site.game_url(loaded.id)}
    if head_seq is not None:
        args["head"] = head_seq
    base = {"game_id": loaded.id, "seq": seq if seq is not None else loaded.seq, "seat": seat, "kind": kind,
            "subject": None, "body_text": None, "body_html": None, "payload": None,
            "tries": 0, "next_try": now, "created": now}
    template = kind.split(":")[0]
    if settings.get("email") and (settings.get("email_on") or email_only):
        held = settings.get("digest") and template in HELD_WHEN_DIGEST
        # opened from the mail, the seat page can tell that this address wants its mail
        mail_args = {**args, "unsubscribe_url": site.unsubscribe_url(settings["email"]),
                     "proof": site.mail_proof(settings["email"], loaded.id)}
        out.append({**base, "channel": "email", "recipient": settings["email"],
                    "args": json.dumps(mail_args, sort_keys=True), "status": "held" if held else "pending"})
    if settings.get("webhook") and not email_only:
        out.append({**base, "channel": "webhook", "recipient": settings["webhook"],
                    "args": json.dumps(args, sort_keys=True), "status": "pending"})
    if not email_only:  # to each device subscribed for the seat or its address (store.outbox.enqueue)
        out.append({**base, "channel": "push", "recipient": None, "args": json.dumps(args, sort_keys=True),
                    "status": "pending", "devices_of": {"address": settings.get("email"),
                                                        "generation": int(settings.get("generation", 0))}})
    return out


def words(loaded, seat: int, kind: str, ctx: dict, channel: str, args: dict, language: str = "en") -> dict:
    """A notice's words on one channel: its subject, text and HTML bodies and payload, from its context
    (`context`) and its row's arguments."""
    template = kind.split(":")[0]
    if channel == "email":
        mail_ctx = {**ctx, "unsubscribe_url": args["unsubscribe_url"],
                    "seat_url": f"{ctx['seat_url']}?proof={args['proof']}"}
        return {"subject": subject(kind, loaded, seat, ctx.get("subject_extra", ""), language),
                "body_text": render(f"{template}.txt", language, **mail_ctx),
                "body_html": render(f"{template}.html", language, **mail_ctx),
                # the language for its Content-Language header (pbem/notify/mail.py)
                "payload": json.dumps({"head": ctx["head"], "language": language}, sort_keys=True)}
    line = webhook_line(ctx, language)
    if channel.startswith("push"):  # what the device shows: the subject's words, the line without its link
        title = subject(kind, loaded, seat, ctx.get("subject_extra", ""), language).removeprefix("[pbem] ")
        body = line.removeprefix(f"{ctx['title']} {ctx['game_id']}: ").removesuffix(ctx["seat_url"]).strip()
        return {"subject": title, "body_text": body, "body_html": None,
                "payload": json.dumps({"title": title, "body": body, "url": ctx["seat_url"], "head": ctx["head"]},
                                      sort_keys=True)}
    # Player names are anyone's words: they must not ping a channel. Discord is told to parse no
    # mentions at all (and @everyone/@here are broken up besides); Slack's control sequences <!...>
    # are escaped as its formatting rules ask.
    payload = {"event": template, "game": loaded.id, "seat": seat, "url": ctx["seat_url"],
               "text": slack_escaped(line), "content": discord_quiet(line), "username": "pbem",
               "allowed_mentions": {"parse": []}, "head": ctx["head"]}
    return {"subject": None, "body_text": line, "body_html": None, "payload": json.dumps(payload, sort_keys=True)}


WEBHOOK_TEXT_AT_MOST = 1800  # Discord refuses content over 2,000 characters


def discord_quiet(text: str) -> str:
    return text.replace("@everyone", "@\u200beveryone").replace("@here", "@\u200bhere")


def slack_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_line(ctx: dict, language: str = "en") -> str:
    """One line a chat channel shows as it is (Discord reads `content`, Slack `text`), in the recipient's
    `language` (the move notation, names and links as they are)."""
    def say(phrase) -> str:
        return read(phrase, language)

    head = f"{ctx['title']} {ctx['game_id']}"
    happened = " ".join(ctx["happened"])
    if len(happened) > WEBHOOK_TEXT_AT_MOST:
        happened = "… " + happened[-WEBHOOK_TEXT_AT_MOST:]
    lead = (happened if happened.endswith((".", "!", "?", ")")) else happened + ".") + " " if happened else ""
    kind = ctx["kind"].split(":")[0]
    if ctx.get("webhook_text"):  # a notice that says its own line (between players, issue 15)
        return f"{head}: {ctx['webhook_text']} {ctx['seat_url']}"
    if kind == "result":
        return f"{head}: {lead}{say(said('The game is over.'))} {ctx['seat_url']}"
    if kind == "timeout":
        out = say(said("%(who)s's time ran out.", who=ctx["name"]))
        if ctx.get("action") == "bot":
            out += " " + say(said("The computer plays for them until they are back."))
        return f"{head}: {out} {ctx['seat_url']}"
    if kind == "reminder":
        due = said("reminder, %(who)s, your move is due by %(deadline)s (%(left)s left).", who=ctx["name"],
                   deadline=ctx["deadline"], left=ctx["time_left"])
        return f"{head}: {say(due)} {ctx['seat_url']}"
    if kind == "reply":
        return f"{head}: {ctx['answer']}"
    turn = say(said("Your turn, %(who)s.", who=ctx["name"]))
    if ctx.get("your_turn") and ctx.get("time_left"):
        turn += " " + say(said("You have %(left)s left.", left=ctx["time_left"]))
    return f"{head}: {lead}{turn} {ctx['seat_url']}"


TOLD_AT_MOST = 400   # events told in one notice (a seat back after a long absence gets the latest)
LINES_AT_MOST = 80


def since_last(db, before, after, new_events, seat: int, public_lines: list[str] | None = None,
               language: str = "en") -> list[str]:
    """Everything that happened since the seat's last notice or its own last move, told in order, the
    append being written included (issue 13): a turn notice names who did what. `public_lines`: the
    append as a spectator reads it, told once for all the seats that read it alike."""
    lines: list[str] = []
    if before is not None and db is not None:
        since = max(before.last_acted.get(seat, 0), before.began_owing.get(seat, 0), before.seq - TOLD_AT_MOST)
        lines += lines_of(tell(db, before, seat, since), language)
    look_back = loading.looking_back(db, after) if db is not None else None
    if public_lines is not None and reads_as_spectator(after, new_events, seat):
        lines += [read(line, language) for line in public_lines]
    else:
        lines += lines_of(tell_events(after, before, new_events, seat, look_back, end=after), language)
    if len(lines) > LINES_AT_MOST:
        skipped = len(lines) - LINES_AT_MOST
        lines = [read(counted("(%(n)s earlier line is on the game's history page.)",
                              "(%(n)s earlier lines are on the game's history page.)", skipped), language)] + \
            lines[-LINES_AT_MOST:]
    return lines


def notices_for(site: Site, before, after, command: dict, now: str, new_events, db=None) -> list[dict]:
    """The notices an append causes (what each tells, not its words). `before` is None for a new game;
    `new_events` are the append's."""
    out: list[dict] = []
    verb = command["verb"]
    seats = [seat for seat in range(after.seat_count) if has_channel(after, seat)]
    if after.facts.get("waiting") or verb == "join":  # open seats (issue 14)
        return joining(site, after, command, now, seats)
    if before is None:
        for seat in seats:
            out += rows(site, after, seat, "invitation", now)
        return out
    if verb == "vacation_start" and "start" in command:  # an address's vacation ahead: the others are told
        line = scheduled_vacation_words(after.names[command["seat"]], command["start"], command["end"])
        for seat in seats:
            if seat != command["seat"]:
                out += rows(site, after, seat, "vacation", now, told=("lines", [line.to_json()]),
                            extra={"webhook_text": line.to_json()})
        return out
    if verb in ("settings", "vacation_start", "vacation_end", "rest_days"):
        return out
    if verb == "set_address":
        return address_changed(site, before, after, command["seat"], now)
    actor = command.get("seat") if verb in ("move", "resign") else None
    since = ("since", before.seq)  # told when delivered, as since_last tells it
    if after.finished and not before.finished:
        for seat in seats:
            out += rows(site, after, seat, "result", now, told=since)
        return out
    if verb in between.VERBS:  # messages, proposals, takebacks (issue 15)
        return out + between.notices_for(site, before, after, command, now, new_events, db)
    if verb == "timeout" and command["seat"] in seats:
        seat = command["seat"]
        out += rows(site, after, seat, "timeout", now, extra={"action": command["action"]})
    if verb == "move" and command.get("via") == "conditional":  # the seat is told its line answered (issue 15)
        out += between.played_for(site, before, after, command, now, new_events, db)
    newly_owing = set(after.to_move) - set(before.to_move) - {actor}
    if verb == "move" and actor in after.to_move and command.get("via") == "email":
        newly_owing.discard(actor)  # the answer to the e-mail says it is still their turn
    newly_owing -= set(computer_seats(after))  # the server plays them: no "your turn" to anyone
    for seat in sorted(newly_owing & set(seats)):
        out += rows(site, after, seat, "your_turn", now, told=since)
    return out


def address_changed(site: Site, before, after, seat: int, now: str) -> list[dict]:
    """A seat's notices move to another address (confirmed from that address): the address they leave is
    told, its notices on or off, so that a player whose seat link leaked learns of it. The mail names
    the new address only masked, and carries no seat link (the old mailbox may no longer be theirs)."""
    old, new = before.settings[seat].get("email"), after.settings[seat].get("email")
    if not old or old.lower() == (new or "").lower():
        return []
    return rows(site, before, seat, f"address_changed:{after.seq}", now, seq=after.seq, email_only=True,
                extra={"new_address": masked(new) if new else None},
                head_seq=after.seq)  # the notice is about the change, the event after


def joining(site: Site, after, command: dict, now: str, seats: list[int]) -> list[dict]:
    """While a game waits for its players, only each joiner hears (their seat link); the append that
    takes the last seat starts the game, and every seat gets its invitation then, as a new game's do."""
    out: list[dict] = []
    if after.facts.get("waiting"):
        seat = command.get("seat")
        if command["verb"] == "join" and seat in seats:
            out += rows(site, after, seat, "joined", now)
        return out
    for seat in seats:
        out += rows(site, after, seat, "invitation", now)
    return out


def reminder(site: Site, loaded, seat: int, key: str, now: str) -> list[dict]:
    if not has_channel(loaded, seat):
        return []
    return rows(site, loaded, seat, f"reminder:{key}", now)


def reply(site: Site, loaded, seat: int, answer: Phrase, accepted: bool, now: str, seq: int, key: str) -> list[dict]:
    """The answer to a move sent by e-mail: played, refused with the rule, or stale; kept as its id and
    values and read in the seat's language when the mail is written (pbem/notify/wording.py)."""
    extra = {"answer": answer.to_json(), "accepted": accepted,
             "subject_extra": (said("played") if accepted else said("not played")).to_json()}
    return rows(site, loaded, seat, f"reply:{key}", now, seq=seq, email_only=True, extra=extra)


def seat_link(site: Site, loaded, seat: int, key: str, now: str) -> list[dict]:
    """A seat's link, sent again on request to the seat's own address only (pbem/notify/lost_links.py).
    Written at seq 0 with the key in its kind, so one request per key (an hour) sends it once."""
    return rows(site, loaded, seat, f"links:{key}", now, seq=0, email_only=True)
