"""Everything that passes between players, through a real `pbem serve` (issue 15's "done when"), for a game
with no hidden information (Mississippi) and one with it (Buccaneer): messages and notes from the seat
page's forms and the API, a conditional line built on the page row by row and played by the server, a
takeback alone and one agreed to, and an agreed ending; the other seat and a spectator are checked on
every channel for the notes and the lines, and `verify` re-runs the game after the takebacks."""

from __future__ import annotations

import random
import re
import urllib.parse
import urllib.request
from html import unescape

import pytest

from pbem import store
from pbem.between.conditionals import movers, step
from pbem.play import service
from tests.between_support import http_getter, revealing, seen_through
from tests.support import Browser, csrf, json_call

pytestmark = pytest.mark.slow

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def api(server, path, body=None, token=None, method=None):
    return json_call(server + path, body, token, method)


class Game:
    """A game on the server, with a read-only look at its database for choosing moves."""

    def __init__(self, server, database, name):
        self.server = server
        status, created = api(server, "/api/games", {"game": name, "players": PLAYERS})
        assert status == 201
        self.id = created["id"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.db = store.connect(database)

    def head(self):
        return service.load(self.db, self.id)

    def play(self, seat, chosen):
        status, body = api(self.server, f"/api/games/{self.id}/moves", {"move": chosen, "seq": self.head().seq},
                           self.tokens[seat])
        assert status == 201, body

    def play_randomly(self, rng, count):
        for _ in range(count):
            head = self.head()
            seat = rng.choice(sorted(head.to_move))
            self.play(seat, rng.choice(service.legal_moves(head, seat)))

    def reply_position(self, rng, kind=""):
        """Play on until the seat to move has a move (starting with `kind`) whose result is certain and
        gives the decision to the other seat: (waiter, mover, that move, the waiter's replies)."""
        for _ in range(300):
            head = self.head()
            if len(head.to_move) == 1:
                mover = min(head.to_move)
                for theirs in service.legal_moves(head, mover):
                    after = step(head.module, head.state, mover, theirs) if theirs.startswith(kind) else None
                    if after is not None and movers(head.module, after) == {1 - mover}:
                        return 1 - mover, mover, theirs, head.module.legal_moves(after, 1 - mover)
            self.play_randomly(rng, 1)
        raise AssertionError("no such position")

    def quiet_move(self, rng):
        """Play on until a move reveals nothing and passes the turn: (its seat, the position before it)."""
        for _ in range(300):
            head = self.head()
            seat = rng.choice(sorted(head.to_move))
            self.play(seat, rng.choice(service.legal_moves(head, seat)))
            after = self.head()
            if not revealing(self.db, self.id, head.seq + 1, after.seq) and seat not in after.to_move:
                return seat, head.seq
        raise AssertionError("no quiet move came")

    def last_command(self):
        return [e for e in store.read_events(self.db, self.id) if e.command][-1].command


def form_post(browser, page_url, action, fields):
    _, page = browser.get(page_url)
    return browser.post(action, {"csrf": csrf(page), **fields})


@pytest.mark.parametrize("name", ["mississippi", "buccaneer"])
def test_between_players_through_a_real_server(server, database, name):
    rng = random.Random(name)
    game = Game(server, database, name)
    ann, bob = game.tokens
    ann_url, bob_url = f"{server}/play/{ann}", f"{server}/play/{bob}"
    browser = Browser()

    # 1. messages: Ann from her page's form, Bob through the API; spectators read none while it runs
    status, page = form_post(browser, ann_url, f"{ann_url}/message", {"text": "Fair winds, <i>Bob</i> & co"})
    assert status == 200 and "Fair winds, &lt;i&gt;Bob&lt;/i&gt; &amp; co" in page
    assert api(server, f"/api/games/{game.id}/messages", {"text": "And to you"}, bob)[0] == 201
    for token in (ann, bob):
        assert [m["text"] for m in api(server, f"/api/games/{game.id}/messages", token=token)[1]] == \
            ["Fair winds, <i>Bob</i> & co", "And to you"]
    assert api(server, f"/api/games/{game.id}/messages") == (200, [])
    assert api(server, f"/api/games/{game.id}/messages", {"text": ""}, bob)[0] == 422

    # 2. sealed notes: Ann from the form, Bob through the API; each receipt is its event's hash
    status, page = form_post(browser, ann_url, f"{ann_url}/note", {"text": "ANN-SECRET: go north", "seq": "2"})
    assert status == 200 and "Your note is sealed" in page
    ann_note = store.read_events(game.db, game.id)[-1]
    assert ann_note.type == "note_sealed" and ann_note.hash[:16] in page
    status, receipt = api(server, f"/api/games/{game.id}/notes", {"text": "BOB-SECRET: wait"}, bob)
    assert status == 201 and store.event_at(game.db, game.id, receipt["seq"]).hash == receipt["hash"]

    # 3. a conditional line built on the page, row by row, and played by the server when it matches
    waiter, mover, theirs, replies = game.reply_position(rng, "sail" if name == "buccaneer" else "")
    mine = replies[0]
    link = f"{server}/play/{game.tokens[waiter]}/conditionals"
    waiter_browser = Browser()
    _, builder = waiter_browser.get(link)
    if name == "mississippi":  # their legal moves offered, then yours after them
        assert f"<option value=\"{theirs}\">" in builder
    else:  # Buccaneer hides crews: their moves are typed, and not checked
        assert "type their move" in builder and "<select name=\"add\"" not in builder
    _, builder = waiter_browser.get(f"{link}?role=t&add={urllib.parse.quote(theirs)}")
    if name == "mississippi":
        assert f"<option>{mine}</option>" in builder
    else:
        assert "the position is not known to you here" in builder
    _, builder = waiter_browser.get(f"{link}?step={urllib.parse.quote('t:' + theirs)}&role=m&add={urllib.parse.quote(mine)}")
    assert "Save this line" in builder
    fields = {"csrf": csrf(builder), "seq": str(game.head().seq), "action": "save"}
    steps = [unescape(s) for s in re.findall(r'name="step" value="([^"]*)"', builder.split("builder-save")[1])]
    assert steps == [f"t:{theirs}", f"m:{mine}"]
    body = "&".join([urllib.parse.urlencode(fields)] + [urllib.parse.urlencode({"step": s}) for s in steps])
    request = urllib.request.Request(link, data=body.encode())
    with waiter_browser.opener.open(request, timeout=30) as response:
        assert "Your conditional line is saved" in response.read().decode()
    assert api(server, f"/api/games/{game.id}/conditionals", token=game.tokens[waiter])[1]["lines"] == [[[theirs], mine]]
    # the other seat and a spectator see neither the other's notes nor the line, on any channel
    get = http_getter(server)
    for token, seat in ((ann, 0), (bob, 1), (None, None)):
        seen = seen_through(get, game.id, token)
        if seat != 0:
            assert "ANN-SECRET" not in seen
        if seat != 1:
            assert "BOB-SECRET" not in seen
        if seat is None:
            assert "Fair winds" not in seen and "And to you" not in seen
        if seat != waiter:
            assert "conditional line from" not in seen and "sealed their conditional moves" in seen
        else:
            assert re.search(rf"conditional line from move \d+: if {re.escape(theirs)}, then {re.escape(mine)}", seen)
        assert "sealed a note" in seen

    game.play(mover, theirs)
    assert game.last_command() == {"verb": "move", "seat": waiter, "move": mine, "via": "conditional"}
    assert api(server, f"/api/games/{game.id}/verify")[1]["ok"]

    # 4. takebacks: alone when the log allows, else agreed to; verify re-runs them
    seat, before = game.quiet_move(rng)
    status, body = api(server, f"/api/games/{game.id}/takeback", {"to_seq": before}, game.tokens[seat])
    assert status == 201 and body["applied"] is True and game.head().facts["rewinds"][-1][0] == before
    seat, before = game.quiet_move(rng)
    other = 1 - seat
    head = game.head()
    game.play(min(head.to_move), rng.choice(service.legal_moves(head, min(head.to_move))))
    proposer = seat
    status, body = api(server, f"/api/games/{game.id}/takeback", {"to_seq": before}, game.tokens[proposer])
    assert status == 202
    _, page = Browser().get(f"{server}/play/{game.tokens[other]}")
    # the proposal names the moves it would undo, not a position number (issue 27)
    proposed = re.search(r"proposes to take back these moves: ([^<]*)</strong>", page)
    assert proposed and "Accept" in page and "position" not in proposed.group(1), page[:0]
    assert game.head().names[proposer] in proposed.group(1)
    answerer = Browser()
    status, page = form_post(answerer, f"{server}/play/{game.tokens[other]}", f"{server}/play/{game.tokens[other]}/answer",
                             {"accept": "yes"})
    assert status == 200 and "everyone agreed" in page
    assert [r[0] for r in game.head().facts["rewinds"]][-1] == before
    report = api(server, f"/api/games/{game.id}/verify")[1]
    assert report["ok"], report
    _, history = browser.get(f"{server}/games/{game.id}/history?at={before + 1}")
    assert "This position was taken back" in history

    # 5. an agreed ending, offered and accepted on the pages
    kind = "draw" if name == "mississippi" else "abandon"
    status, page = form_post(browser, ann_url, f"{ann_url}/offer", {"kind": kind})
    assert status == 200 and "Your offer is made" in page
    status, page = form_post(Browser(), bob_url, f"{bob_url}/answer", {"accept": "yes"})
    assert status == 200 and "The game is over" in page
    final = api(server, f"/api/games/{game.id}")[1]
    assert final["status"] == "finished"
    assert final["outcome"]["termination"] == ("agreed_draw" if kind == "draw" else "abandoned")
    report = api(server, f"/api/games/{game.id}/verify")[1]
    assert report["ok"] and report["seed"]
    # now everything is public
    spectator = seen_through(get, game.id)
    assert "ANN-SECRET" in spectator and "BOB-SECRET" in spectator and "Fair winds" in spectator
    assert "conditional line from move" in spectator and "from position" not in spectator
    game.db.close()
