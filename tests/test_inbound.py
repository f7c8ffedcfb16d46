"""Moves by e-mail reply: through `pbem mail-in` (a mail server's pipe) and POST /api/mail/inbound. A
reply plays the move; a stale reply and an illegal one are refused with a clear answer by mail; an
address without a valid signature is dropped without an answer."""

import os
import subprocess
import sys
from email.message import EmailMessage

import pytest

from pbem import store
from pbem.notify import inbound, outbox
from pbem.play import audit, service
from tests.conftest import ROOT

DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def reply(to: str, body: str, sender: str = "ann@example.org", html: str | None = None) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: [pbem] your turn"
    message["Message-ID"] = f"<{abs(hash(body))}@mail.example.org>"
    message.set_content(body)
    if html is not None:
        message.add_alternative(html, subtype="html")
    return bytes(message)


def answers(db, game_id):
    return [r for r in outbox.for_game(db, game_id) if r["kind"].startswith("reply")]


def test_a_reply_plays_the_move_above_the_quoted_text(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    address = site.reply_address(created.id, 0, 2)
    raw = reply(address, "Forward 4\n\nOn Sat, 21 Nov 2026, pbem wrote:\n> It is your turn\n> forward 1, forward 2\n")
    result = inbound.handle(db, site, raw)
    assert (result.status, result.seat) == ("played", 0)
    loaded = service.load(db, created.id)
    played = [e for e in store.read_events(db, loaded.id) if e.type == "move_played"]
    assert played[0].data["move"] == "forward 4"
    head = [e for e in store.read_events(db, loaded.id) if e.command and e.command.get("verb") == "move"][0]
    assert head.command == {"verb": "move", "seat": 0, "move": "Forward 4", "via": "email"}
    answer = answers(db, created.id)
    assert len(answer) == 1 and answer[0]["recipient"] == "ann@example.org"
    assert "Your move Forward 4 was played." in answer[0]["body_text"]
    assert answer[0]["subject"].endswith("your e-mailed move, Ann (played)")
    assert audit.verify(db, created.id)["ok"]


def test_a_stale_reply_is_refused_and_says_why(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 2", 2)  # played on the web meanwhile
    seq = store.last_event(db, created.id).seq
    result = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), "forward 5"))
    assert result.status == "stale"
    assert store.last_event(db, created.id).seq == seq
    answer = answers(db, created.id)[0]
    assert "was not played: the game moved on since the notice you answered" in answer["body_text"]
    assert "<B" in answer["body_text"]  # the game as it stands now


def test_an_illegal_reply_is_refused_with_the_rule(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    result = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), "forward 99"))
    assert result.status == "refused" and "rule 1" in result.detail
    assert "Your move forward 99 was not played: rule 1" in answers(db, created.id)[0]["body_text"]
    empty = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), "\n\n> quoted only\n"))
    assert empty.status == "refused" and "no move" in empty.detail


def test_a_forged_or_foreign_address_gets_no_answer(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    genuine = site.reply_address(created.id, 0, 2)
    local, domain = genuine.split("@")
    forged = local[:-1] + ("0" if local[-1] != "0" else "1") + "@" + domain  # one signature digit off
    for to in (forged, site.reply_address(created.id, 0, 2).replace("+", "-"), "someone@else.org"):
        result = inbound.handle(db, site, reply(to, "forward 3"))
        assert result.status == "ignored"
    assert answers(db, created.id) == []
    assert store.last_event(db, created.id).seq == 2


def test_an_html_only_reply_is_read(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.org", site.reply_address(created.id, 0, 2), "Re"
    message.set_content("<div>back 0</div>".replace("back 0", "forward 2") + "<blockquote>forward 9</blockquote>",
                        subtype="html")
    assert inbound.handle(db, site, bytes(message)).status == "played"


def test_pbem_mail_in_reads_the_message_on_stdin(app, db, site, var_dir):
    created = service.create_game(db, site, "mississippi", DUO)
    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": app.config["DATABASE"], "PBEM_BASE_URL": "http://pbem.test"}
    raw = reply(site.reply_address(created.id, 0, 2), "forward 3\n-- \nAnn\n")
    result = subprocess.run([sys.executable, "-m", "pbem.cli", "mail-in"], input=raw, cwd=ROOT, env=env,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith("played: played forward 3")
    assert service.load(db, created.id).to_move == {1}


def test_the_inbound_endpoint_needs_the_shared_secret(mail_app, mail_db, mail_site, client):
    created = service.create_game(mail_db, mail_site, "mississippi", DUO)
    raw = reply(mail_site.reply_address(created.id, 0, 2), "forward 1")
    http = mail_app.test_client()
    assert http.post("/api/mail/inbound", data=raw).status_code == 401
    assert http.post("/api/mail/inbound", data=raw, headers={"Authorization": "Bearer nope"}).status_code == 403
    response = http.post("/api/mail/inbound", data=raw, headers={"Authorization": "Bearer inbound-secret"},
                         content_type="message/rfc822")
    assert response.status_code == 200 and response.json["status"] == "played"
    assert client.post("/api/mail/inbound", data=raw).status_code == 404  # not configured on that app


@pytest.mark.parametrize("text,move", [
    ("forward 3", "forward 3"), ("\n\n  rotate +1 back 2  \nthanks!", "rotate +1 back 2"),
    ("> quoted\nforward 1", ""), ("On Mon, Bob wrote:\nforward 2", ""), ("-- \nsig", ""),
])
def test_the_move_is_the_first_line_above_any_quote(text, move):
    assert inbound.move_from(text) == move
