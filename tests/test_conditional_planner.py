"""The conditional-line planner's read-only position endpoint (issue 27 item 7, /play/<token>/plan.json):
a line folded on a copy of the seat's position, its rows in words, the board after it and the moves of
whoever decides next; a step the rules refuse is refused naming the rule, and nothing is ever appended;
in a game that hides things, the others' moves are neither listed nor drawn."""

import random
from urllib.parse import quote

from pbem import store
from pbem.play import service
from tests.between_support import DUO, call
from tests.support import proven
from tests.test_between_conditionals import open_position


def plan(client, token, seq, *steps):
    query = "&".join([f"seq={seq}", *(f"step={quote(s)}" for s in steps)])
    response = client.get(f"/play/{token}/plan.json?{query}")
    return response.status_code, response.get_json()


def test_a_line_planned_on_a_copy_appends_nothing_and_saves_as_a_line(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    proven(db, created.id, *(p["email"] for p in DUO))
    waiter, mover, theirs, replies, after = open_position(db, site, created, random.Random(3))
    head = service.load(db, created.id)
    token, before = created.tokens[waiter], store.last_event(db, created.id)
    status, start = plan(client, token, head.seq)
    assert status == 200 and start["rows"] == [] and start["known"]
    # the other seat decides first: its moves are offered with what the board needs to choose them
    assert start["next"]["kind"] == "theirs" and start["next"]["role"] == "t"
    offered = {m["move"]: m for m in start["next"]["moves"]}
    assert theirs in offered and offered[theirs]["piece"] == f"boat-{mover}"
    assert all(m["words"] == "" for m in offered.values())  # the hints speak to the mover, not to this reader
    assert DUO[mover]["name"] in start["next"]["prompt"]
    # their move, then this seat's reply: the rows in words, the board after them
    status, one = plan(client, token, head.seq, f"t:{theirs}")
    assert status == 200 and one["next"]["kind"] == "mine"
    assert {m["move"] for m in one["next"]["moves"]} == set(replies)
    assert one["rows"][0]["said"] == f"if {DUO[mover]['name']} plays {theirs}" and one["rows"][0]["words"]
    assert one["svg"].startswith("<svg") and one["svg"] != start["svg"]
    mine = replies[0]
    status, two = plan(client, token, head.seq, f"t:{theirs}", f"m:{mine}")
    assert status == 200 and two["can_save"] and two["steps"] == [f"t:{theirs}", f"m:{mine}"]
    assert two["said"] == f"If {DUO[mover]['name']} plays {theirs}, you play {mine}."
    # a move that is not legal there is refused with the rules' reason, and not kept
    status, bad = plan(client, token, head.seq, f"t:{theirs}", "m:back 16")
    assert status == 422
    assert bad["problem"] == "back 16 is not one of your legal moves there: rule 2: at most 15 fields back"
    assert bad["steps"] == [f"t:{theirs}"]
    # nothing of all that was appended
    assert store.last_event(db, created.id).hash == before.hash
    # a position that moved on is refused; a link that opens no seat has no planner
    assert plan(client, token, head.seq - 1)[0] == 409
    assert client.get("/play/not-a-token/plan.json").status_code == 404
    # the line saves through the existing form, and is then a line like any other
    page = client.get(f"/play/{token}/conditionals")
    assert b'id="planner"' in page.data and b'id="plan-data"' in page.data
    csrf = page.data.split(b'name="csrf" value="')[1].split(b'"')[0].decode()
    saved = client.post(f"/play/{token}/conditionals",
                        data={"csrf": csrf, "seq": str(head.seq), "action": "save", "step": two["steps"]})
    assert saved.status_code == 303
    lines = call(client, "GET", f"/api/games/{created.id}/conditionals", token)[1]["lines"]
    assert lines == [[[theirs], mine]]
    # in the reader's language, the rule's words too
    german = client.get(f"/play/{token}/plan.json?step={quote(f't:{theirs}')}&step=m:back%2016",
                        headers={"Accept-Language": "de"}).get_json()
    assert german["problem"] == ("back 16 ist dort keiner deiner erlaubten Züge: "
                                 "rule 2: höchstens 15 Felder rückwärts")


def test_a_game_that_hides_things_lists_none_of_their_moves(client, db, site):
    created = service.create_game(db, site, "buccaneer", DUO)
    head = service.load(db, created.id)
    seat = next(s for s in range(2) if s not in head.to_move)
    token = created.tokens[seat]
    status, start = plan(client, token, head.seq)
    # their moves are typed, not listed: their legal moves could tell what they hold
    assert status == 200 and start["next"]["kind"] == "typed" and start["next"]["role"] == "t"
    assert "moves" not in start["next"]
    status, after = plan(client, token, head.seq, "t:anything at all")
    assert status == 200 and not after["known"] and after["rows"][0]["words"] == ""
    assert after["svg"] == start["svg"]  # nothing after their move is drawn: the position is not known here
    assert after["next"]["kind"] == "typed" and after["next"]["role"] is None
