"""Notices composed when they are delivered (issue 26 item 2, architecture section 24): a notice's words,
composed by the sender from the log up to the notice's position long after the append that wrote it,
are the words the append would have composed itself, byte for byte (subject, text and HTML bodies,
X-Pbem-Head, the webhook's payload and signature), for one game of each of the four games; through a
real SMTP server and a real webhook receiver on loopback. A row written with its words (before schema
version 10) is still sent as it is."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.notify import compose, mail, sender, webhook
from pbem.play import loading, service
from pbem.words import spectator_lines
from tests.support import proven

NAMES = ["Ann", "Bob", "Cy"]
MOVES = 30


def words_at_append(db, site, before, after, new_events, row) -> dict:
    """A notice's words as the append composed them before notices were composed at delivery: from the
    append's own positions in memory (the game before and after it, its events), the spectator's lines
    reused where the seat reads the append alike, the links made from the site."""
    seat, kind = row["seat"], row["kind"]
    template = kind.split(":")[0]
    if template in ("your_turn", "result"):
        public = spectator_lines(after, before, new_events, loading.looking_back(db, before), end=after)
        happened = compose.since_last(db, before, after, new_events, seat, public)
    else:
        assert template == "invitation", kind  # the kinds a game of moves alone writes
        happened = []
    ctx = compose.context(site, after, seat, kind, happened, row["created"])
    address = after.settings[seat].get("email") or ""
    links = {"unsubscribe_url": site.unsubscribe_url(address), "proof": site.mail_proof(address, after.id)}
    return compose.words(after, seat, kind, ctx, row["channel"], links)


def new_rows(db, game_id, seen: set) -> list[dict]:
    rows = [row for row in store.outbox.of_game(db, game_id) if row["id"] not in seen]
    seen.update(row["id"] for row in rows)
    return rows


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_notice_composed_at_delivery_is_the_one_its_append_composed(mail_db, mail_site, smtp_sink, webhook_sink,
                                                                      game):
    module = GAMES[game]
    count = min(3, module.PLAYERS[1])
    players = [{"name": name, "email": f"{name.lower()}@example.org", "webhook": webhook_sink.url}
               for name in NAMES[:count]]
    created = service.create_game(mail_db, mail_site, game, players)
    proven(mail_db, created.id, *(p["email"] for p in players))  # every mail of the game is sent
    seen: set = set()
    expected = {}
    head = service.load(mail_db, created.id)
    for row in new_rows(mail_db, created.id, seen):
        expected[row["id"]] = words_at_append(mail_db, mail_site, None, head, None, row)
    rng = random.Random(f"{game}-26")
    for _ in range(MOVES):
        before = service.load(mail_db, created.id)
        if before.finished:
            break
        seat = rng.choice(sorted(before.to_move))
        move = rng.choice(before.module.legal_moves(before.state, seat))
        played = service.submit_move(mail_db, mail_site, created.id, created.tokens[seat], move, before.seq)
        for row in new_rows(mail_db, created.id, seen):
            assert row["body_text"] is None and row["payload"] is None  # the append wrote no words
            expected[row["id"]] = words_at_append(mail_db, mail_site, before, played.loaded, played.events, row)
    rows = {row["id"]: row for row in store.outbox.of_game(mail_db, created.id)}
    turns = [r for r in rows.values() if r["kind"] == "your_turn"]
    assert len(turns) >= 6 and min(r["seq"] for r in turns) < service.load(mail_db, created.id).seq - 10

    # delivered once the game has moved on: each notice still tells its own position
    counts = sender.deliver_due(mail_db, mail_site, None)
    mails = [r for r in rows.values() if r["channel"] == "email"]
    hooks = [r for r in rows.values() if r["channel"] == "webhook"]
    assert counts["sent"] == len(rows) and counts["failed"] == counts["retry"] == 0
    received = smtp_sink.wait_for(len(mails))
    assert len(received) == len(mails)
    for message in received:
        notice_id = int(message["Message-ID"].strip("<>").split(".")[0].removeprefix("notice-"))
        words = expected[notice_id]
        assert str(message["Subject"]) == words["subject"]
        built = mail.build(mail_site, {**rows[notice_id], **words})
        for part in ("plain", "html"):  # SMTP carries lines ended with CRLF
            assert message.get_body((part,)).get_content().replace("\r\n", "\n") == \
                built.get_body((part,)).get_content()
        head = json.loads(words["payload"])["head"]
        assert message["X-Pbem-Head"].replace("\n", "").replace(" ", "") == f"{head['seq']}:{head['hash']}"
    by_delivery = {sender.delivery_id(mail_site, row): row for row in hooks}
    assert len(webhook_sink.requests) == len(hooks)
    for _, headers, body in webhook_sink.requests:
        row = by_delivery[headers["X-Pbem-Delivery"]]
        assert body == expected[row["id"]]["payload"].encode()
        secret = mail_site.webhook_secret(created.id, row["seat"])
        assert headers["X-Pbem-Signature"] == webhook.signature(secret, headers["X-Pbem-Timestamp"], body)


def test_a_notice_written_with_its_words_is_sent_as_it_is(mail_db, mail_site, smtp_sink):
    """A row an older server wrote (its words composed at append, no arguments) goes out unchanged."""
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players)
    sender.deliver_due(mail_db, mail_site, None)
    smtp_sink.wait_for(2)
    old = {"game_id": created.id, "seq": 1, "seat": 0, "channel": "email", "kind": "your_turn",
           "recipient": "ann@example.org", "subject": "[pbem] as an older server wrote it",
           "body_text": "Words composed when the move was made.\n", "body_html": None,
           "payload": json.dumps({"head": {"seq": 1, "hash": "ab" * 32}}), "status": "pending",
           "next_try": "2026-01-01T00:00:00Z", "created": "2026-01-01T00:00:00Z"}
    assert store.enqueue_now(mail_db, [old]) == 1
    assert sender.deliver_due(mail_db, mail_site, None)["sent"] == 1
    message = smtp_sink.wait_for(3)[2]
    assert str(message["Subject"]) == old["subject"]
    assert message.get_body(("plain",)).get_content().replace("\r\n", "\n") == old["body_text"]
    assert message["X-Pbem-Head"].strip() == f"1:{'ab' * 32}"


def test_a_database_of_version_9_keeps_its_waiting_notices_deliverable(database, engine, mail_db, mail_site,
                                                                          smtp_sink):
    """Version 10 adds what a notice tells (outbox.args) on both engines; a notice an older server wrote,
    waiting when the server is upgraded, goes out with its words, and the next move's notice is composed."""
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players)
    sender.deliver_due(mail_db, mail_site, None)
    smtp_sink.wait_for(2)
    # the database as version 9 left it, with a notice waiting that has its words
    with store.immediate(mail_db):
        mail_db.conn.execute("alter table outbox drop column args")
        if engine == "sqlite":
            mail_db.conn.execute("PRAGMA user_version = 9")
        else:
            mail_db.conn.execute("update schema_version set version = 9")
        mail_db.conn.execute(
            "insert into outbox (game_id, seq, seat, channel, kind, recipient, subject, body_text, payload, status, "
            "tries, next_try, created) values (?, 1, 0, 'email', 'reminder:old', 'ann@example.org', "
            "'[pbem] written by version 9', 'Words of version 9.\n', null, 'pending', 0, ?, ?)",
            [created.id, "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"])
    # another process opens it, as a new server would: the migration runs there
    subprocess.run([sys.executable, "-c", "import sys; from pbem import store; store.connect(sys.argv[1]).close()",
                    database], check=True, cwd=Path(__file__).resolve().parent.parent)
    assert store.health(mail_db)["schema_version"] == store.SCHEMA_VERSION == 19
    loaded = service.load(mail_db, created.id)
    seat = min(loaded.to_move)
    service.submit_move(mail_db, mail_site, created.id, created.tokens[seat],
                        loaded.module.legal_moves(loaded.state, seat)[0], loaded.seq)
    assert sender.deliver_due(mail_db, mail_site, None)["sent"] == 2
    messages = smtp_sink.wait_for(4)[2:]
    old = next(m for m in messages if "version 9" in m["Subject"])
    assert old.get_body(("plain",)).get_content().replace("\r\n", "\n") == "Words of version 9.\n"
    turn = next(m for m in messages if "your turn" in m["Subject"])
    assert "It is your turn" in turn.get_body(("plain",)).get_content()


def test_mail_written_unproven_keeps_nothing_to_compose(mail_db, mail_site):
    """Mail past an unproven address's allowance is written 'unproven', never to be sent: it holds neither
    words nor what it would tell, so it costs no composing, at its append or ever."""
    stranger = [{"name": f"V{i}", "email": "victim@example.org"} for i in range(5)]
    created = service.create_game(mail_db, mail_site, "mississippi", stranger)
    rows = store.outbox.of_game(mail_db, created.id)
    assert [r["status"] for r in rows] == ["pending"] * 3 + ["unproven"] * 2
    assert all(r["args"] is None and r["body_text"] is None and r["payload"] is None
               for r in rows if r["status"] == "unproven")
    assert all(r["args"] is not None and r["body_text"] is None for r in rows if r["status"] == "pending")
