"""What passes between players, on the seat page (issue 15): the messages beside the board, the seat's
sealed notes and conditional moves, takebacks and offers, and the proposal to answer (accept / decline);
and the page that builds a conditional line row by row (its `builder` also walks the line that the
planner on that page plays out on a copy of the board, pbem/web/planning.py). Routes on the pages
blueprint (pbem/web/pages.py imports this module); the panels are partials under templates/seat/, which
read `between_view`.

Every form works without scripts and carries the CSRF token; each post counts against the "form" rate
limit, messages and notes against "message" too. A refusal shows on the seat page with the reason, the
text typed kept.
"""

from __future__ import annotations

from datetime import timedelta

from flask import flash, g, redirect, render_template, request, url_for

from .. import store
from ..between import agreements, conditionals, talk
from ..between.conditionals import ChanceNeeded, NoChance, canonical, hidden_from, movers, step
from ..events.agreements import PROPOSALS
from ..events.talk import MAX_MESSAGE, MAX_NOTE
from ..games.base import GameError
from ..people import reopen
from ..play import clock, service
from ..play.folding import Folded
from ..words import read, tell
from . import board, languages, limits
from .client_words import client_words
from .db import get_db, get_site
from .languages import gettext, ngettext, page_message
from .pages import bp, check_csrf, seat_context, seat_from_token

MESSAGES_ON_PAGE = 40
NOTES_ON_PAGE = 30


def between_view(loaded: Folded, seat: int | None) -> dict:
    """What the panels show, worked out once per page."""
    key = (loaded.id, loaded.seq, seat)
    kept = g.get("between_view")
    if kept and kept[0] == key:
        return kept[1]
    db = get_db()
    view = {"messages": talk.messages(db, loaded, seat)[-MESSAGES_ON_PAGE:], "max_message": MAX_MESSAGE,
            "max_note": MAX_NOTE, "finished": loaded.finished}
    if seat is not None:
        view["notes"] = [{**note, "move": move_at(db, loaded, seat, note["position"])}
                         for note in talk.notes(db, loaded, seat)[-NOTES_ON_PAGE:]]
        view["proposal"] = proposal_view(loaded, seat)
        view["takebacks"] = agreements.takeback_choices(db, loaded, seat)
        view["lines"] = [line_rows(loaded, line) for line in conditionals.live_lines(db, loaded, seat)]
        view["newer_rules"] = newer_rules_view(loaded)
        # issue 31: abandoned seats this seat may offer to reopen, and the invitations of those reopened
        view["reopenable"] = [(s, loaded.names[s]) for s in agreements.reopenable(db, loaded, seat, service.utcnow())]
        view["reopened"] = [(loaded.names[s], url) for s, url in reopen.invitations(get_site(), loaded) if s != seat]
        # a pause may be offered where the creator allows it and none runs (days ahead, to choose from)
        view["pause_days"] = list(range(1, clock.PAUSE_MOST_AHEAD.days + 1)) if clock.pauses_allowed(loaded.clock) \
            and clock.pause_running(loaded.vacations, clock.parse_time(service.utcnow())) is None else []
    g.between_view = (key, view)
    return view


def proposal_view(loaded: Folded, seat: int) -> dict | None:
    proposal = agreements.open_proposal(loaded)
    if proposal is None:
        return None
    kind = PROPOSALS[proposal["kind"]]
    names = loaded.names
    waiting = [names[s] for s in proposal["needed"] if s not in proposal["accepted"]]
    if proposal["seat"] == seat:
        role = "own"
    elif seat in proposal["needed"] and seat not in proposal["accepted"]:
        role = "answer"
    else:
        role = "waiting"
    if proposal["kind"] == "pause":
        what = gettext("to pause the game until %(until)s", until=proposal["until"].replace("T", " ").replace("Z", " UTC"))
    elif proposal["kind"] == "takeback":
        what = takeback_in_words(loaded, seat, proposal)
    else:
        what = read(kind.words(proposal), languages.current())
    what = what.rstrip(".")  # the sentences around it end it ("Ann proposes to take back ... move 4.")
    return {"who": names[proposal["seat"]], "what": what, "group": kind.group, "role": role,
            "waiting": waiting, "accepted": [names[s] for s in proposal["accepted"]], "seq": proposal["seq"],
            "changes": changes_between(loaded, proposal["from"], proposal["to"]) if proposal["kind"] == "upgrade"
            else []}


MOVES_NAMED_AT_MOST = 6


def move_at(db, loaded: Folded, seat: int, position: int) -> dict:
    """The move a position follows, as the history lists it: its number there and its words as this seat
    was told them (issue 27: a note "about position 47" named nothing a player knows)."""
    starts = store.command_seqs(db, loaded.id, upto=position, limit=1, descending=True)
    first = starts[0][0] if starts else 1
    told = tell(db, loaded, seat, first - 1, upto=position)
    lines = told[-1].read(languages.current()) if told else ()
    # the sentence's own full stop dropped: the list puts it in brackets before the note
    return {"number": store.events.appends_before(db, loaded.id, first) + 1,
            "words": lines[0].rstrip(".") if lines else ""}


def takeback_in_words(loaded: Folded, seat: int, proposal: dict) -> str:
    """A takeback names the moves it would undo, as this seat was told them (a move hidden from it stays
    hidden), not the position it goes back to (issue 27: "to position 47" said nothing to a player)."""
    told = [item for item in tell(get_db(), loaded, seat, proposal["to_seq"], upto=proposal["seq"] - 1)
            if item.verb in ("move", "timeout")]
    lines = [line for item in told for line in item.read(languages.current())]
    if not lines:
        return gettext("to take back the last move")
    more = len(lines) - MOVES_NAMED_AT_MOST
    undone = " ".join(lines[:MOVES_NAMED_AT_MOST])
    if more > 0:
        undone += " " + ngettext("And %(num)s more.", "And %(num)s more.", more, num=more)
    return gettext("to take back these moves: %(moves)s", moves=undone)


def changes_between(loaded: Folded, old: int, new: int) -> list[str]:
    """What each rules version after `old` up to `new` changed, in the game's own words (RULES_CHANGES)."""
    written = getattr(loaded.module, "RULES_CHANGES", {})
    return [gettext("Version %(version)s: %(change)s", version=v, change=read(written[v], languages.current()))
            for v in range(old + 1, new + 1) if v in written]


def newer_rules_view(loaded: Folded) -> dict | None:
    """The current rules, when this game plays older ones and may move to them (issue 16)."""
    newer = agreements.newer_rules(loaded)
    if newer is None or loaded.finished:
        return None
    return {"from": loaded.rules_version, "to": newer, "changes": changes_between(loaded, loaded.rules_version, newer)}


def line_rows(loaded: Folded, line: list) -> list[dict]:
    """A line as rows a player reads: their moves, then yours."""
    rows = []
    for index in range(0, len(line), 2):
        for move in line[index]:
            rows.append({"role": "theirs", "move": move})
        rows.append({"role": "mine", "move": line[index + 1]})
    return rows


bp.add_app_template_global(between_view, "between_view")


def back_to_seat(token: str, anchor: str = "#board"):
    """The seat page after an action, at the panel it came from, else at the board (not at the page's
    top: issue 27)."""
    return redirect(url_for("pages.seat_page", token=token) + anchor, code=303)


def refused(token: str, exc: Exception, **kept):
    """The seat page again, with the reason in the panel it came from and what was typed."""
    loaded, seat = seat_from_token(token)
    return render_template("seat.html", token=token, error=None, between_error=exc, **kept,
                           **seat_context(loaded, seat)), service.status_of(exc)


@bp.post("/play/<token>/message")
def seat_message(token):
    check_csrf()
    loaded, _ = seat_from_token(token)
    text = request.form.get("text", "")
    try:
        limits.limit("message")
        talk.post_message(get_db(), get_site(), loaded.id, token, text)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, draft_message=text, between_panel="messages")
    return back_to_seat(token, "#messages")


@bp.post("/play/<token>/note")
def seat_note(token):
    check_csrf()
    loaded, _ = seat_from_token(token)
    text = request.form.get("text", "")
    try:
        about = int(request.form.get("seq", ""))
    except ValueError:
        about = None
    try:
        limits.limit("message")
        played = talk.seal_note(get_db(), get_site(), loaded.id, token, text, about)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, draft_note=text, between_panel="notes")
    flash(gettext("Your note is sealed. Its receipt: %(receipt)s…", receipt=played.events[0].hash[:16]))
    return back_to_seat(token, "#notes")


@bp.post("/play/<token>/takeback")
def seat_takeback(token):
    check_csrf()
    loaded, _ = seat_from_token(token)
    try:
        to_seq = int(request.form.get("to_seq", ""))
    except ValueError:
        to_seq = None
    try:
        done = agreements.take_back(get_db(), get_site(), loaded.id, token, to_seq)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, between_panel="takeback")
    flash(gettext("Taken back: the game is as it was before that move.") if done.applied else
          gettext("Your takeback is proposed: the others must accept it. It lapses if anyone moves."))
    return back_to_seat(token)


@bp.post("/play/<token>/offer")
def seat_offer(token):
    check_csrf()
    loaded, _ = seat_from_token(token)
    kind = request.form.get("kind", "")
    now = service.utcnow()
    until = reopening = None
    if request.form.get("reopen", "").isdigit():  # a button per seat to reopen, its value the seat
        kind, reopening = "reopen", int(request.form["reopen"])
    if kind == "pause":  # a number of days from now, so that no time zone is to be guessed
        days = request.form.get("days", "")
        until = clock.format_time(clock.parse_time(now) + timedelta(days=int(days))) if days.isdigit() \
            and 0 < int(days) <= clock.PAUSE_MOST_AHEAD.days else "?"
    try:
        done = agreements.offer(get_db(), get_site(), loaded.id, token, kind, now=now, until=until, seat=reopening)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, between_panel="takeback")
    if done.applied:  # nobody else had to agree (the others are computer players)
        flash(gettext("The game now plays the current rules.") if kind == "upgrade" else
              gettext("The game is paused, as agreed.") if kind == "pause" else
              gettext("The seat is reopened: pass its invitation on.") if kind == "reopen" else
              gettext("The game is over, as agreed."))
        return back_to_seat(token)
    flash(gettext("Your offer is made: every other player still in the game must accept it.") if kind == "reopen"
          else gettext("Your offer is made: every other player still in the game must accept it. "
                       "It lapses if anyone moves."))
    return back_to_seat(token)


@bp.post("/play/<token>/resume")
def seat_resume(token):
    """End the pause under way: every clock runs again."""
    check_csrf()
    loaded, _ = seat_from_token(token)
    try:
        agreements.resume(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, between_panel="proposal")
    flash(gettext("Resumed: every clock runs again."))
    return back_to_seat(token)


@bp.post("/play/<token>/answer")
def seat_answer(token):
    check_csrf()
    loaded, _ = seat_from_token(token)
    accept = request.form.get("accept") == "yes"
    try:
        done = agreements.answer(get_db(), get_site(), loaded.id, token, accept)
    except (GameError, service.ServiceError) as exc:
        return refused(token, exc, between_panel="proposal")
    if done.applied:
        flash(gettext("Accepted: everyone agreed, and it is done."))
    else:
        flash(gettext("Accepted: waiting for the others.") if accept else gettext("Answered: the proposal is closed."))
    return back_to_seat(token)


# --- building a conditional line, row by row ----------------------------------------------------------------


def steps_from(values) -> list[tuple[str, str]]:
    """The rows chosen so far, from the query (`step=t:<their move>` or `step=m:<your move>`)."""
    out = []
    for value in values[:2 * conditionals.MAX_STEPS * conditionals.MAX_THEIRS]:
        role, _, move = value.partition(":")
        move = " ".join(move.split())[:conditionals.MAX_MOVE]
        if role in ("t", "m") and move:
            out.append((role, move))
    return out


def nest(steps: list[tuple[str, str]]) -> tuple[list, list[str]]:
    """Rows as a line ([[their moves], my move, ...]) and their moves after its last move of mine."""
    line, theirs = [], []
    for role, move in steps:
        if role == "t":
            theirs.append(move)
        else:
            line += [theirs, move]
            theirs = []
    return line, theirs


def builder(loaded: Folded, seat: int, steps: list[tuple[str, str]]) -> dict:
    """The rows so far and what the next row offers: where the position is known to this seat, the legal
    moves of whoever decides there; where it is not (a game that hides things from this seat, a move
    that draws chance), a field to type a move in (conditionals.py says why). Besides what the page
    shows, each row keeps the position before it (`before`, None where unknown) and the whole keeps the
    position after the rows (`state`, None where unknown) and the last one known (`last_known`): the
    board planner (pbem/web/planning.py) draws them."""
    module = loaded.module
    names = loaded.names
    hidden = hidden_from(get_db(), loaded, seat)
    state, known, problem = loaded.state, True, None
    last_known = state
    rows = []
    for role, move in steps:
        who, actor = ("you", seat) if role == "m" else ("they", None)
        before = state if known else None
        if known:
            owing = movers(module, state)
            if role == "m":
                spelled = canonical(module, state, seat, move) if seat in owing else None
                if spelled is None:
                    problem = with_rule(gettext("%(move)s is not one of your legal moves there", move=move),
                                        module, state, seat, move)
                    break
                move, state = spelled, step(module, state, seat, spelled)
                known = state is not None
            elif seat in owing:
                problem = gettext("before %(move)s it is your own decision: choose your move first", move=move)
                break
            elif hidden:
                known, before = False, None
            else:
                owner = next((s for s in sorted(owing) if canonical(module, state, s, move)), None)
                if owner is None:
                    problem = with_rule(gettext("%(move)s is not a legal move of theirs there", move=move),
                                        module, state, min(owing, default=seat), move)
                    break
                who, actor = names[owner], owner
                move = canonical(module, state, owner, move)
                state = step(module, state, owner, move)
                known = state is not None
            if known:
                last_known = state
        rows.append({"role": role, "move": move, "who": who, "actor": actor, "before": before})
    kept = {"rows": rows, "steps": [f"{r['role']}:{r['move']}" for r in rows], "hidden": hidden,
            "state": state if known else None, "last_known": last_known}
    if problem:
        return {**kept, "problem": problem, "next": None}
    following = None
    if known:
        owing = movers(module, state)
        if not owing:
            following = {"kind": "over"}
        elif seat in owing:
            following = {"kind": "mine", "options": module.legal_moves(state, seat), "seats": [seat]}
        elif hidden:
            following = {"kind": "theirs", "options": None}
        else:
            options = [(names[s], m) for s in sorted(owing) for m in module.legal_moves(state, s)]
            following = {"kind": "theirs", "options": options, "seats": sorted(owing)}
    else:
        following = {"kind": "unknown", "why": "hidden" if hidden else "chance"}
    return {**kept, "problem": None, "next": following, "can_save": bool(rows) and rows[-1]["role"] == "m"}


def with_rule(problem: str, module, state, seat: int, move: str) -> str:
    """A refused row with the rules' own reason when the game gives one (the words sending the move would
    bring), read in the page's language."""
    try:
        module.decide(state, seat, move, NoChance())
    except GameError as error:
        said = page_message(board.reason(error))
        return f"{problem}: {said}" if said else problem
    except ChanceNeeded:
        pass
    return problem


@bp.get("/play/<token>/conditionals")
def conditionals_page(token, error: str | None = None, status: int = 200):
    loaded, seat = seat_from_token(token)
    steps = steps_from(request.values.getlist("step"))
    added = request.values.get("add", "")
    role = request.values.get("role", "")
    if added.strip() and role in ("t", "m"):
        steps.append((role, " ".join(added.split())[:conditionals.MAX_MOVE]))
    built = builder(loaded, seat, steps) if not loaded.finished else None
    return render_template("seat/conditionals_page.html", token=token, loaded=loaded, seat=seat,
                           names=loaded.names, module=loaded.module, built=built, error=error,
                           view=between_view(loaded, seat), seq=loaded.seq,
                           # the planner says what is chosen on the copy in the board client's words
                           client_words=client_words(languages.current())), status


@bp.post("/play/<token>/conditionals")
def conditionals_save(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    action = request.form.get("action", "")
    if request.form.get("seq") != str(loaded.seq):
        return conditionals_page(token, error=gettext("The game moved on while you were choosing: here it is as it is "
                                 "now. Your lines as they stand are below; build the new one again."), status=409)
    db = get_db()
    lines = conditionals.live_lines(db, loaded, seat)
    if action == "save":
        line, trailing = nest(steps_from(request.form.getlist("step")))
        if not line or trailing:
            return conditionals_page(token, error=gettext("A line ends with your own move: choose your reply first."),
                                     status=400)
        lines = [*lines, line]
    elif action == "remove":
        try:
            index = int(request.form.get("index", ""))
        except ValueError:
            index = -1
        lines = [line for i, line in enumerate(lines) if i != index]
    elif action == "clear":
        lines = []
    else:
        return conditionals_page(token, error=gettext("Choose what to do: save the line, or remove one."), status=400)
    try:
        conditionals.set_lines(db, get_site(), loaded.id, token, lines, loaded.seq)
    except (GameError, service.ServiceError) as exc:
        return conditionals_page(token, error=gettext("Not saved: %(reason)s", reason=page_message(str(exc))),
                                 status=service.status_of(exc))
    flash({"save": gettext("Your conditional line is saved (sealed until the game ends)."),
           "remove": gettext("The line is removed."), "clear": gettext("Your conditional moves are cleared.")}[action])
    return back_to_seat(token, "#conditionals")
