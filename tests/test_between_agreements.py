"""Takebacks and agreed endings (issue 15): what a seat may take back alone, computed from the log;
proposals the others accept or decline, which lapse on a move; the game's state after a takeback as
folded, replayed by `verify`, from snapshots and cold; the stale-move rule and the notices after one;
draws and abandonments; and answers by e-mail."""

import random

import pytest

from pbem import store
from pbem.between import agreements
from pbem.notify import inbound, outbox
from pbem.play import audit, clock, loading, service
from tests.between_support import DUO, call, move, play_until_quiet
from tests.support import proven
from tests.test_inbound import reply


def rewind_check(db, game_id):
    """The game as loaded, refolded from nothing, and replayed by verify, agree after takebacks."""
    head = service.load(db, game_id)
    whole = loading.whole(db, game_id)
    assert (whole.state, whole.to_move, whole.outcome) == (head.state, head.to_move, head.outcome)
    loading.forget()
    cold = service.load(db, game_id)
    assert (cold.state, cold.to_move) == (head.state, head.to_move)
    report = audit.verify(db, game_id)
    assert report["ok"], report["problems"]
    return head


@pytest.mark.parametrize("game", ["mississippi", "buccaneer"])
def test_a_seat_takes_back_alone_what_nobody_saw(client, db, site, game):
    created = service.create_game(db, site, game, DUO)
    seat, before = play_until_quiet(db, site, created, random.Random(game))
    head = service.load(db, created.id)
    path = f"/api/games/{created.id}/takeback"
    status, body = call(client, "POST", path, created.tokens[seat], {"to_seq": before})
    assert status == 201 and body == {"seq": head.seq + 1, "applied": True}
    after = rewind_check(db, created.id)
    assert after.state == loading.at(db, after, before).state and seat in after.to_move
    rewound = store.last_event(db, created.id)
    assert (rewound.type, rewound.actor, rewound.data) == ("game_rewound", str(seat), {"to_seq": before})
    # the move taken back is not offered again, and an e-mailed "takeback" would take back the one before
    assert before not in [c["to_seq"] for c in agreements.takeback_choices(db, after, seat)]
    assert (agreements.last_own_move(db, after, seat) or 0) < before
    # the other seat is told, with whose turn it is now
    told = [r for r in outbox.for_game(db, created.id) if r["kind"] == "rewound"]
    assert [r["seat"] for r in told] == [1 - seat]
    number = store.events.appends_before(db, created.id, before + 1)  # as the move list numbers it
    assert f"took back: the game went back to move {number}." in told[0]["body_text"]
    assert "position" not in told[0]["body_text"]
    # the history keeps what was taken back, marked
    history = client.get(f"/games/{created.id}/history?at={before + 1}").data.decode()
    assert "This position was taken back" in history and "(taken back)" in history
    # ... naming moves as the move list counts them, not event numbers (issue 27 item 6)
    moves_to = store.events.appends_before(db, created.id, before + 1)
    moves_by = store.events.appends_before(db, created.id, rewound.seq + 1)
    assert f"at move {moves_by} the game went back to move <a href=" in history and f">{moves_to}</a>." in history
    # the takeback's own line, in every language: the move it went back to, never an event's seq
    now = client.get(f"/games/{created.id}/history").data.decode()
    assert f"took back: the game went back to move {moves_to}." in now and "back to position" not in now
    german = client.get(f"/games/{created.id}/history", headers={"Accept-Language": "de"}).data.decode()
    assert f"nahm zurück: die Partie ging zurück zu Zug {moves_to}." in german and "Stellung" not in german


def test_further_back_the_others_must_agree_and_a_decline_or_a_move_ends_the_proposal(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    rng = random.Random(4)
    seat, before = play_until_quiet(db, site, created, rng, at_least=4)
    other = 1 - seat
    move(db, site, created, other, rng=rng)  # the other seat has moved since: no longer alone
    path = f"/api/games/{created.id}"
    assert agreements.reach_alone(db, service.load(db, created.id), seat) > before
    status, body = call(client, "POST", f"{path}/takeback", created.tokens[seat], {"to_seq": before})
    assert status == 202 and body == {"proposal": service.load(db, created.id).seq}
    proposal = body["proposal"]
    assert [r["seat"] for r in outbox.for_game(db, created.id) if r["kind"] == "proposal"] == [other]
    # only one proposal at a time; the proposer cannot accept its own
    assert call(client, "POST", f"{path}/offers", created.tokens[other], {"kind": "draw"})[0] == 409
    assert call(client, "POST", f"{path}/takeback/answer", created.tokens[seat], {"accept": True})[0] == 403
    assert call(client, "POST", f"{path}/offers/answer", created.tokens[other], {"accept": True})[0] == 409
    # a decline closes it, and the proposer hears of it
    status, body = call(client, "POST", f"{path}/takeback/answer", created.tokens[other], {"accept": False})
    assert status == 201 and body["applied"] is False
    assert service.load(db, created.id).facts["proposal"] is None
    assert [r["seat"] for r in outbox.for_game(db, created.id) if r["kind"] == "answered"] == [seat]
    # the history tells the proposal by the move it would go back to (issue 27 item 6)
    history = client.get(f"/games/{created.id}/history").data.decode()
    number = store.events.appends_before(db, created.id, before + 1)
    assert f"proposed to take back to move {number}" in history and "to position" not in history
    # proposed again, then a move makes it lapse
    assert call(client, "POST", f"{path}/takeback", created.tokens[seat], {"to_seq": before})[0] == 202
    move(db, site, created, min(service.load(db, created.id).to_move), rng=rng)
    assert agreements.open_proposal(service.load(db, created.id)) is None
    assert call(client, "POST", f"{path}/takeback/answer", created.tokens[other], {"accept": True})[0] == 409
    # proposed once more and accepted: the game goes back
    head = service.load(db, created.id)
    mover = min(head.to_move)
    status, body = call(client, "POST", f"{path}/takeback", created.tokens[1 - mover], {"to_seq": before})
    assert status == 202
    last_proposal = body["proposal"]
    status, body = call(client, "POST", f"{path}/takeback/answer", created.tokens[mover], {"accept": True})
    assert status == 201 and body["applied"] is True
    after = rewind_check(db, created.id)
    assert after.state == loading.at(db, after, before).state
    last = store.last_event(db, created.id)
    assert last.type == "game_rewound" and last.data == {"to_seq": before, "proposal": last_proposal}
    assert proposal < last_proposal


def test_a_takeback_is_refused_with_a_reason(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    path = f"/api/games/{created.id}/takeback"
    assert call(client, "POST", path, created.tokens[0], {"to_seq": 1})[0] == 422  # nothing to take back yet
    move(db, site, created, 0, choose=lambda legal: legal[0])
    head = service.load(db, created.id)
    for to_seq, word in ((0, "cannot be taken back"), (head.seq, "cannot be taken back"), (1, "cannot be taken back")):
        status, body = call(client, "POST", path, created.tokens[0], {"to_seq": to_seq})
        assert status == 422 and word in body["error"], body
    if head.seq - 1 > 2:  # a seq inside an append is no position
        status, body = call(client, "POST", path, created.tokens[0], {"to_seq": head.seq - 1})
        assert status == 422 and "inside a move" in body["error"]
    assert call(client, "POST", path, created.tokens[0], {"to_seq": "2"})[0] == 400
    assert call(client, "POST", path, None, {"to_seq": 2})[0] == 401
    # never across a resignation, never once the game is over
    players = DUO + [{"name": "Cy"}]
    three = service.create_game(db, site, "mississippi", players)
    rng = random.Random(1)
    seat, before = play_until_quiet(db, site, three, rng, at_least=4)
    leaver = next(s for s in range(3) if s != seat)
    service.resign(db, site, three.id, three.tokens[leaver])
    status, body = call(client, "POST", f"/api/games/{three.id}/takeback", three.tokens[seat], {"to_seq": before})
    assert status == 422 and "left the game" in body["error"]
    call(client, "POST", f"/api/games/{created.id}/offers", created.tokens[0], {"kind": "draw"})
    call(client, "POST", f"/api/games/{created.id}/offers/answer", created.tokens[1], {"accept": True})
    status, body = call(client, "POST", path, created.tokens[0], {"to_seq": 2})
    assert status == 422 and "over" in body["error"]


def test_a_move_seen_before_a_takeback_is_stale(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    rng = random.Random(7)
    seat, before = play_until_quiet(db, site, created, rng, at_least=3)
    other = 1 - seat
    seen = service.load(db, created.id).seq  # the other seat's page, its turn
    legal = service.legal_moves(service.load(db, created.id), other)
    agreements.take_back(db, site, created.id, created.tokens[seat], before)
    status, body = call(client, "POST", f"/api/games/{created.id}/moves", created.tokens[other],
                        {"move": legal[0], "seq": seen})
    assert status == 409 and "taken back since" in body["error"]  # never played on a position gone
    assert service.load(db, created.id).seq == seen + 1


def test_takebacks_fold_the_same_from_snapshots(db, site, monkeypatch):
    monkeypatch.setattr(loading, "SNAPSHOT_EVERY", 5)
    created = service.create_game(db, site, "mississippi", DUO)
    rng = random.Random(11)
    for _ in range(3):
        seat, before = play_until_quiet(db, site, created, rng, at_least=3)
        agreements.take_back(db, site, created.id, created.tokens[seat], before)
        for _ in range(3):
            head = service.load(db, created.id)
            move(db, site, created, min(head.to_move), rng=rng)
    assert db.execute("select count(*) from snapshots where game_id = ?", [created.id]).fetchone()[0] > 1
    head = rewind_check(db, created.id)
    assert len(head.facts["rewinds"]) == 3
    for seq in range(2, head.seq + 1):  # every position, looked back at, equals its fold from nothing
        loading.forget()
        then = loading.at(db, service.load(db, created.id), seq)
        assert then.state == _fold_upto(db, created.id, seq).state, seq


def _fold_upto(db, game_id, seq):
    from pbem.play.folding import fold

    events = store.read_events(db, game_id, upto=seq)
    complete = store.event_at(db, game_id, seq + 1) is None or store.event_at(db, game_id, seq + 1).command is not None
    return fold(game_id, events, complete=complete)


@pytest.mark.parametrize("kind,termination", [("draw", "agreed_draw"), ("abandon", "abandoned")])
def test_an_offer_accepted_by_every_other_seat_ends_the_game(client, db, site, kind, termination):
    players = DUO + [{"name": "Cy", "email": "cy@example.org"}]
    created = service.create_game(db, site, "mississippi", players)
    path = f"/api/games/{created.id}"
    status, body = call(client, "POST", f"{path}/offers", created.tokens[1], {"kind": kind})
    assert status == 202
    assert call(client, "POST", f"{path}/offers", created.tokens[1], {"kind": "surrender"})[0] == 400
    assert call(client, "POST", f"{path}/offers/answer", created.tokens[0], {"accept": True}) == \
        (201, {"seq": body["proposal"] + 1, "applied": False})
    assert call(client, "POST", f"{path}/offers/answer", created.tokens[0], {"accept": True})[0] == 409
    status, done = call(client, "POST", f"{path}/offers/answer", created.tokens[2], {"accept": True})
    assert status == 201 and done["applied"] is True
    game = call(client, "GET", path)[1]
    assert game["status"] == "finished" and game["outcome"]["termination"] == termination
    assert game["outcome"]["winners"] == []
    events = store.read_events(db, created.id)
    assert [e.type for e in events[-3:]] == ["proposal_answered", "ending_agreed", "seed_revealed"]
    report = audit.verify(db, created.id)
    assert report["ok"] and report["seed"]
    results = [r for r in outbox.for_game(db, created.id) if r["kind"] == "result"]
    assert sorted(r["seat"] for r in results) == [0, 1, 2]
    assert "agreed" in results[0]["body_text"]
    assert call(client, "POST", f"{path}/offers", created.tokens[1], {"kind": kind})[0] == 422
    # over is over: nobody has a move left, though the rules alone would play on
    for seat, token in enumerate(created.tokens):
        assert call(client, "GET", path, token)[1]["legal"] == []
    status, body = call(client, "POST", f"{path}/moves", created.tokens[0], {"move": "forward 1", "seq": game["seq"]})
    assert status == 403 and "over" in body["error"]
    assert "name=\"move\"" not in client.get(f"/play/{created.tokens[0]}").data.decode()  # no move offered


def test_a_resigned_seat_is_not_asked(client, db, site):
    players = DUO + [{"name": "Cy"}]
    created = service.create_game(db, site, "mississippi", players)
    service.resign(db, site, created.id, created.tokens[2])
    status, body = call(client, "POST", f"/api/games/{created.id}/offers", created.tokens[0], {"kind": "draw"})
    assert status == 202
    proposal = service.load(db, created.id).facts["proposal"]
    assert proposal["needed"] == (1,)
    assert call(client, "POST", f"/api/games/{created.id}/offers/answer", created.tokens[2], {"accept": True})[0] == 403
    assert call(client, "POST", f"/api/games/{created.id}/offers/answer", created.tokens[1], {"accept": True})[1][
        "applied"] is True


def test_the_proposer_may_withdraw(client, db, site):
    created = service.create_game(db, site, "rigadoon", DUO)
    call(client, "POST", f"/api/games/{created.id}/offers", created.tokens[0], {"kind": "draw"})
    status, body = call(client, "POST", f"/api/games/{created.id}/offers/answer", created.tokens[0], {"accept": False})
    assert status == 201 and not body["applied"]
    assert store.last_event(db, created.id).data["withdrawn"] is True
    assert agreements.open_proposal(service.load(db, created.id)) is None
    told = [r for r in outbox.for_game(db, created.id) if r["kind"] == "answered"]
    assert [r["seat"] for r in told] == [1] and "Ann withdrew the proposal (a draw)" in told[0]["body_text"]


def test_accept_decline_and_takeback_by_e_mail(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    proven(db, created.id, *(p["email"] for p in DUO))
    rng = random.Random(4)
    seat, before = play_until_quiet(db, site, created, rng, at_least=4)
    other = 1 - seat
    move(db, site, created, other, rng=rng)
    mover_address = DUO[seat]["email"]
    head = service.load(db, created.id)
    # "takeback" takes back the seat's latest move: the other has moved since, so it is proposed
    result = inbound.handle(db, site, reply(site.reply_address(created.id, seat, head.seq), "Takeback\n\n> quoted",
                                            sender=mover_address))
    assert result.status == "answered" and "proposed" in result.detail
    proposal = agreements.open_proposal(service.load(db, created.id))
    assert proposal["kind"] == "takeback" and proposal["to_seq"] == before
    notice = next(r for r in outbox.for_game(db, created.id) if r["kind"] == "proposal")
    assert 'reply to this e-mail with "accept" or "decline"' in notice["body_text"]
    # an answer to a notice from before the proposal does not answer it
    stale = inbound.handle(db, site, reply(site.reply_address(created.id, other, head.seq), "accept",
                                           sender=DUO[other]["email"]))
    assert stale.status == "refused" and "newer proposal" in stale.detail
    # the proposal's own notice: accept
    accepted = inbound.handle(db, site, reply(site.reply_address(created.id, other, notice["seq"]), "accept",
                                              sender=DUO[other]["email"]))
    assert accepted.status == "answered" and "everyone has agreed" in accepted.detail
    assert rewind_check(db, created.id).state == loading.at(db, service.load(db, created.id), before).state
    # decline: a new offer, declined by mail
    agreements.offer(db, site, created.id, created.tokens[seat], "draw")
    offer_seq = service.load(db, created.id).seq
    declined = inbound.handle(db, site, reply(site.reply_address(created.id, other, offer_seq), "Decline.",
                                              sender=DUO[other]["email"]))
    assert declined.status == "answered" and agreements.open_proposal(service.load(db, created.id)) is None
    nothing = inbound.handle(db, site, reply(site.reply_address(created.id, other, offer_seq), "accept",
                                             sender=DUO[other]["email"]))
    assert nothing.status == "refused" and "no proposal is open" in nothing.detail
    replies = [r for r in outbox.for_game(db, created.id) if r["kind"].startswith("reply")]
    assert len(replies) == 5 and all(r["recipient"] in ("ann@example.org", "bob@example.org") for r in replies)


def test_every_between_players_event_conforms_to_its_schema(client, db, site):
    from pbem.play.folding import PLATFORM_EVENTS
    from pbem.web import contract

    created = service.create_game(db, site, "mississippi", DUO)
    path = f"/api/games/{created.id}"
    call(client, "POST", f"{path}/messages", created.tokens[0], {"text": "hello"})
    call(client, "POST", f"{path}/notes", created.tokens[1], {"text": "note"})
    call(client, "PUT", f"{path}/conditionals", created.tokens[1], {"lines": []})
    seat, before = play_until_quiet(db, site, created, random.Random(3), at_least=3)
    call(client, "POST", f"{path}/takeback", created.tokens[seat], {"to_seq": before})
    move(db, site, created, min(service.load(db, created.id).to_move), rng=random.Random(1))
    call(client, "POST", f"{path}/offers", created.tokens[0], {"kind": "draw"})
    call(client, "POST", f"{path}/offers/answer", created.tokens[1], {"accept": False})
    call(client, "POST", f"{path}/offers", created.tokens[1], {"kind": "abandon"})
    call(client, "POST", f"{path}/offers/answer", created.tokens[0], {"accept": True})
    seen = set()
    for event in store.read_events(db, created.id):
        if event.type in PLATFORM_EVENTS:
            assert contract.validate_event_data("platform", event.type, event.data) == {}, (event.type, event.data)
            seen.add(event.type)
    assert {"message_posted", "note_sealed", "conditionals_set", "game_rewound", "proposal_made",
            "proposal_answered", "ending_agreed"} <= seen


def test_after_a_takeback_every_clock_starts_afresh(db, site):
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1h"}, now="2030-01-01T00:00:00Z")
    rng = random.Random(2)
    times = iter(f"2030-01-01T{h:02d}:00:00Z" for h in range(1, 24))
    positions = []
    for _ in range(3):  # three moves, each seat's turn in time
        head = service.load(db, created.id)
        seat = min(head.to_move)
        positions.append((head.seq, seat))
        legal = service.legal_moves(head, seat)
        service.submit_move(db, site, created.id, created.tokens[seat], rng.choice(legal), head.seq, now=next(times))
    head = service.load(db, created.id)
    late = min(head.to_move)
    assert service.time_out(db, site, created.id, late, "2030-01-01T12:00:00Z") is not None
    assert late in service.load(db, created.id).timed_out
    back_to = next(seq for seq, seat in reversed(positions[:-1]) if seat == late)
    other = 1 - late
    done = agreements.take_back(db, site, created.id, created.tokens[other], back_to, now="2030-01-01T13:00:00Z")
    if not done.applied:
        done = agreements.answer(db, site, created.id, created.tokens[late], True, now="2030-01-01T13:00:00Z")
    assert done.applied
    head = service.load(db, created.id)
    assert late in head.to_move and late not in head.timed_out
    assert head.deadline(late, clock.parse_time("2030-01-01T13:30:00Z")) == \
        clock.parse_time("2030-01-01T14:00:00Z")  # an hour from the takeback
    assert service.time_out(db, site, created.id, late, "2030-01-01T14:30:00Z") is not None  # and it runs out again
